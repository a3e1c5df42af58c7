"""A NumPy type string written as a v3 data type ("<i8"): refused as a v3 name, with the v3 data type it stands for."""

from __future__ import annotations

import pytest

from _v3_documents import array_document
from zarr_metadata.model import read_array_metadata_v3
from zarr_metadata.v3 import KNOWN


def problems(data_type: object) -> list[tuple[tuple[str | int, ...], str, str]]:
    reading = read_array_metadata_v3(
        array_document(data_type=data_type, fill_value=0), context=KNOWN
    )
    return [(problem.loc, problem.kind, problem.message) for problem in reading.problems]


@pytest.mark.parametrize(
    ("type_string", "v3"),
    [
        ("<i8", '"int64", and the byte order is the bytes codec\'s "endian"'),
        (">f4", '"float32", and the byte order is the bytes codec\'s "endian"'),
        ("<c16", '"complex128", and the byte order is the bytes codec\'s "endian"'),
        ("|b1", '"bool"'),
        ("|u1", '"uint8"'),
        ("|i1", '"int8"'),
        ("|V6", '"r48"'),
        (
            "<M8[ns]",
            '"numpy.datetime64" with the unit "ns" and the scale factor 1, and the byte order is the bytes codec\'s "endian"',
        ),
        (
            "<m8[10s]",
            '"numpy.timedelta64" with the unit "s" and the scale factor 10, and the byte order is the bytes codec\'s "endian"',
        ),
    ],
)
def test_a_numpy_type_string_names_the_v3_data_type(type_string: str, v3: str) -> None:
    assert problems(type_string) == [
        (
            ("data_type",),
            "invalid_value",
            f'expected a Zarr v3 data type name, got "{type_string}", a NumPy type string as a v2 .zarray '
            f"writes its dtype: the v3 data type is {v3}",
        )
    ]


@pytest.mark.parametrize("type_string", ["|O", "|S4", "<f16"])
def test_a_numpy_type_string_of_no_v3_data_type_says_so(type_string: str) -> None:
    assert problems(type_string) == [
        (
            ("data_type",),
            "invalid_value",
            f'expected a Zarr v3 data type name, got "{type_string}", a NumPy type string as a v2 .zarray '
            "writes its dtype, which names no v3 data type",
        )
    ]


def test_in_an_object_the_problem_is_at_its_name() -> None:
    [(loc, kind, message)] = problems({"name": "<i8"})
    assert (loc, kind) == (("data_type", "name"), "invalid_value")
    assert 'the v3 data type is "int64"' in message


def test_another_bad_name_keeps_its_message() -> None:
    [(_, _, message)] = problems("Int64")
    assert message.startswith("expected a data type name of at least two lowercase letters")
