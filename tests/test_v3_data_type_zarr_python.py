"""The v3 data types zarr-python 3 writes beyond the core ones: fixed_length_utf32, structured, null_terminated_bytes, raw_bytes, variable_length_bytes."""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zarr_metadata._json import UNSET
from zarr_metadata.definition import (
    AcceptedField,
    RefusedField,
    ResolvedField,
    UnclaimedField,
    canonical_fill_value,
    canonical_of,
    fill_value_problems,
    resolve,
)
from zarr_metadata.model import read_array_metadata_v3
from zarr_metadata.problems import ValidationProblem
from zarr_metadata.v3.codec.vlen_bytes import VLEN_BYTES_CODEC
from zarr_metadata.v3.codec.vlen_utf8 import VLEN_UTF8_CODEC
from zarr_metadata.v3.data_type.fixed_length_utf32 import FIXED_LENGTH_UTF32_DATA_TYPE
from zarr_metadata.v3.data_type.structured import STRUCTURED_DATA_TYPE
from zarr_metadata.v3.data_type.zarr_python import (
    NULL_TERMINATED_BYTES_DATA_TYPE,
    VARIABLE_LENGTH_BYTES_DATA_TYPE,
    ZARR_PYTHON_DATA_TYPES,
    ZARR_PYTHON_RAW_BYTES_DATA_TYPE,
)
from zarr_metadata.v3.definition import CORE_AND_EXTENSIONS, DataTypeDefinition, storage_of

MINE = (FIXED_LENGTH_UTF32_DATA_TYPE, STRUCTURED_DATA_TYPE, *ZARR_PYTHON_DATA_TYPES)
# Given as mappings, so the scope is the same whether or not the defaults already hold them.
SCOPE = CORE_AND_EXTENSIONS.update(
    data_types={
        **CORE_AND_EXTENSIONS.data_types,
        **{definition.name: definition for definition in MINE},
    },
    codecs={
        **CORE_AND_EXTENSIONS.codecs,
        "vlen-bytes": VLEN_BYTES_CODEC,
        "vlen-utf8": VLEN_UTF8_CODEC,
    },
)
AT = ("data_type",)
CONFIGURATION = ("data_type", "configuration")
FIELDS = ("data_type", "configuration", "fields")
FILL = ("fill_value",)
REGISTRY = Path(__file__).resolve().parents[1].parent / "shared" / "registry" / "zarr-extensions"
needs_registry = pytest.mark.skipif(
    not REGISTRY.exists(),
    reason=f"the zarr-extensions registry is not beside the repository ({REGISTRY})",
)

Found = list[tuple[tuple[str | int, ...], str]]


def kinds(problems: tuple[ValidationProblem, ...] | list[ValidationProblem]) -> Found:
    return [(problem.loc, problem.kind) for problem in problems]


def read(
    data: object,
) -> tuple[ResolvedField[DataTypeDefinition[Any]], tuple[ValidationProblem, ...]]:
    field, problems = resolve(data, DataTypeDefinition, SCOPE, AT)
    return field, tuple(problems)


def accepted(data: object) -> AcceptedField[DataTypeDefinition[Any]]:
    field, problems = read(data)
    assert problems == ()
    assert isinstance(field, AcceptedField)
    return field


def refused(data: object) -> Found:
    field, problems = read(data)
    assert isinstance(field, RefusedField)
    return kinds(problems)


def fill_kinds(data_type: object, value: object) -> Found:
    return kinds(fill_value_problems(accepted(data_type), value, FILL))


def spelled(data_type: object, value: object) -> str:
    canonical = canonical_fill_value(accepted(data_type), value)
    assert canonical is not UNSET
    return json.dumps(canonical)


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def zarr_python_array(
    data_type: Any, fill_value: Any, codecs: list[Any], shape: list[int] | None = None
) -> dict[str, Any]:
    """An array document as zarr-python 3 writes it, members in its order."""
    shape = [20] if shape is None else shape
    return {
        "shape": shape,
        "data_type": data_type,
        "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [10] * len(shape)}},
        "chunk_key_encoding": {"name": "default", "configuration": {"separator": "/"}},
        "fill_value": fill_value,
        "codecs": codecs,
        "attributes": {},
        "zarr_format": 3,
        "node_type": "array",
        "storage_transformers": [],
    }


def document_problems(document: dict[str, Any]) -> Found:
    return kinds(read_array_metadata_v3(document, context=SCOPE).problems)


ZSTD = {"name": "zstd", "configuration": {"level": 0, "checksum": False}}
LITTLE = {"name": "bytes", "configuration": {"endian": "little"}}
BARE_BYTES = {"name": "bytes"}
NO_ENDIAN = [(("codecs", 0, "configuration", "endian"), "missing_key")]
NOT_BYTES_CODEC = [(("codecs", 0), "invalid_value")]
"""The problem of an array -> bytes codec written as a bare name that cannot encode the data type."""
NOT_CONFIGURED_CODEC = [(("codecs", 0, "configuration"), "invalid_value")]
"""The same problem, of a codec written with a configuration."""


def utf32(length_bytes: Any) -> dict[str, Any]:
    return {"name": "fixed_length_utf32", "configuration": {"length_bytes": length_bytes}}


def s_bytes(length_bytes: Any) -> dict[str, Any]:
    return {"name": "null_terminated_bytes", "configuration": {"length_bytes": length_bytes}}


def v_bytes(length_bytes: Any) -> dict[str, Any]:
    return {"name": "raw_bytes", "configuration": {"length_bytes": length_bytes}}


def structured(*fields: Any) -> dict[str, Any]:
    return {"name": "structured", "configuration": {"fields": list(fields)}}


# --- every name: which definition reads it, and how its values are stored ---------------------


@pytest.mark.parametrize(
    ("data_type", "definition", "storage"),
    [
        (utf32(48), FIXED_LENGTH_UTF32_DATA_TYPE, "multi_byte"),
        (s_bytes(10), NULL_TERMINATED_BYTES_DATA_TYPE, "single_byte"),
        (v_bytes(10), ZARR_PYTHON_RAW_BYTES_DATA_TYPE, "single_byte"),
        ("variable_length_bytes", VARIABLE_LENGTH_BYTES_DATA_TYPE, "variable_length"),
        (structured(["a", "uint8"], ["b", "bool"]), STRUCTURED_DATA_TYPE, "single_byte"),
        # No endian is asked of a structured type: see the legacy forms below.
        (structured(["a", "int32"], ["b", "uint8"]), STRUCTURED_DATA_TYPE, None),
    ],
)
def test_each_data_type_is_read_by_its_definition_and_stored_as_its_values_are(
    data_type: Any, definition: DataTypeDefinition[Any], storage: str | None
) -> None:
    field = accepted(data_type)
    assert field.definition is definition
    assert storage_of(field) == storage


def test_the_data_types_are_unclaimed_in_a_scope_without_them() -> None:
    bare = CORE_AND_EXTENSIONS.update(
        data_types={
            name: definition
            for name, definition in CORE_AND_EXTENSIONS.data_types.items()
            if definition not in MINE
        }
    )
    for data_type in (
        utf32(48),
        s_bytes(1),
        v_bytes(1),
        "variable_length_bytes",
        structured(["a", "int8"]),
    ):
        field, problems = resolve(data_type, DataTypeDefinition, bare, AT)
        assert isinstance(field, UnclaimedField)
        assert tuple(problems) == ()


# --- fixed_length_utf32 ----------------------------------------------------------------------


@pytest.mark.parametrize("length_bytes", [4, 8, 48, 2**40])
def test_fixed_length_utf32_takes_any_positive_multiple_of_4(length_bytes: int) -> None:
    assert accepted(utf32(length_bytes)).configuration == {"length_bytes": length_bytes}


@pytest.mark.parametrize(
    ("data_type", "expected"),
    [
        (utf32(0), [((*CONFIGURATION, "length_bytes"), "invalid_value")]),
        (utf32(-4), [((*CONFIGURATION, "length_bytes"), "invalid_value")]),
        (utf32(6), [((*CONFIGURATION, "length_bytes"), "invalid_value")]),
        (utf32(49), [((*CONFIGURATION, "length_bytes"), "invalid_value")]),
        (utf32(48.0), [((*CONFIGURATION, "length_bytes"), "invalid_type")]),
        (utf32("48"), [((*CONFIGURATION, "length_bytes"), "invalid_type")]),
        (utf32(True), [((*CONFIGURATION, "length_bytes"), "invalid_type")]),
        ("fixed_length_utf32", [(CONFIGURATION, "missing_key")]),
        (
            {"name": "fixed_length_utf32", "configuration": {}},
            [((*CONFIGURATION, "length_bytes"), "missing_key")],
        ),
        (
            {
                "name": "fixed_length_utf32",
                "configuration": {"length_bytes": 8, "endianness": "little"},
            },
            [((*CONFIGURATION, "endianness"), "unknown_key")],
        ),
    ],
)
def test_a_fixed_length_utf32_configuration_out_of_its_rules_is_refused(
    data_type: Any, expected: Found
) -> None:
    assert refused(data_type) == expected


def test_a_length_bytes_not_a_multiple_of_4_says_why() -> None:
    _, (problem,) = read(utf32(10))
    assert problem.message == "expected a multiple of 4 (four bytes per code point), got 10"


@pytest.mark.parametrize("value", ["", "foo", "x" * 12, "é" * 12, "😀" * 12, "a\u0000b"])
def test_a_fixed_length_utf32_fill_value_of_at_most_its_code_points_is_valid(value: str) -> None:
    assert fill_kinds(utf32(48), value) == []


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("x" * 13, [(FILL, "invalid_value")]),
        ("😀" * 13, [(FILL, "invalid_value")]),
        # Padding written out still counts: more code points than fit is refused.
        ("x" * 12 + "\u0000", [(FILL, "invalid_value")]),
        ("a\ud800", [(FILL, "invalid_value")]),
        ("\udfff", [(FILL, "invalid_value")]),
        (0, [(FILL, "invalid_type")]),
        (None, [(FILL, "invalid_type")]),
        (["a"], [(FILL, "invalid_type")]),
    ],
)
def test_a_fixed_length_utf32_fill_value_that_cannot_be_a_value_is_refused(
    value: Any, expected: Found
) -> None:
    assert fill_kinds(utf32(48), value) == expected


def test_a_fixed_length_utf32_fill_value_too_long_says_its_capacity() -> None:
    (problem,) = fill_value_problems(accepted(utf32(8)), "abc", FILL)
    assert (
        problem.message
        == 'expected a string of at most 2 code points (length_bytes 8), got 3: "abc"'
    )
    assert problem.ctx == {"max_length": 2}


def test_a_lone_surrogate_is_named_in_its_problem() -> None:
    (problem,) = fill_value_problems(accepted(utf32(48)), "ab\udc00", FILL)
    assert "U+DC00 at code point 2" in problem.message


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("", ""),
        ("foo", "foo"),
        ("foo\u0000", "foo"),
        ("\u0000\u0000", ""),
        ("a\u0000b", "a\u0000b"),
    ],
)
def test_a_fixed_length_utf32_fill_value_is_spelled_without_its_padding(
    value: str, expected: str
) -> None:
    assert spelled(utf32(48), value) == json.dumps(expected)


@settings(max_examples=60, deadline=None)
@given(
    text=st.text(st.characters(exclude_categories=["Cs"]), max_size=6).map(
        lambda text: text.rstrip("\x00")
    ),
    padding=st.integers(0, 6),
)
def test_a_fixed_length_utf32_value_padded_any_way_has_one_spelling(
    text: str, padding: int
) -> None:
    data_type = utf32(4 * (len(text) + padding + 1))
    assert (
        spelled(data_type, text + "\x00" * padding) == spelled(data_type, text) == json.dumps(text)
    )


def test_fixed_length_utf32_needs_an_endian_of_the_bytes_codec() -> None:
    document = zarr_python_array(utf32(48), "", [BARE_BYTES, ZSTD])
    assert document_problems(document) == NO_ENDIAN
    document["codecs"][0] = LITTLE
    assert document_problems(document) == []


def test_fixed_length_utf32_is_not_encoded_by_the_codecs_of_variable_length_values() -> None:
    assert (
        document_problems(
            zarr_python_array(utf32(48), "", [{"name": "vlen-utf8", "configuration": {}}])
        )
        == NOT_CONFIGURED_CODEC
    )
    assert document_problems(zarr_python_array(utf32(48), "", ["vlen-bytes"])) == NOT_BYTES_CODEC


def test_a_fixed_length_utf32_array_as_zarr_python_writes_it_reads_and_equal_fills_compare_equal() -> (
    None
):
    # zarr-python 3 writes a NumPy "<U12" array so.
    first = read_array_metadata_v3(
        zarr_python_array(utf32(48), "", [LITTLE, ZSTD], [3, 20]), context=SCOPE
    )
    second = read_array_metadata_v3(
        zarr_python_array(utf32(48), "\u0000", [LITTLE, ZSTD], [3, 20]), context=SCOPE
    )
    assert first.problems == second.problems == ()
    assert first.metadata == second.metadata


# --- null_terminated_bytes and raw_bytes --------------------------------------------------------


SIZED = [(s_bytes, NULL_TERMINATED_BYTES_DATA_TYPE), (v_bytes, ZARR_PYTHON_RAW_BYTES_DATA_TYPE)]


@pytest.mark.parametrize(("make", "definition"), SIZED)
@pytest.mark.parametrize("length_bytes", [1, 10, 2**31 - 1])
def test_a_byte_string_type_takes_any_size_numpy_can_make(
    make: Any, definition: Any, length_bytes: int
) -> None:
    field = accepted(make(length_bytes))
    assert field.definition is definition
    assert field.configuration == {"length_bytes": length_bytes}


@pytest.mark.parametrize(("make", "definition"), SIZED)
@pytest.mark.parametrize(
    ("configuration", "expected"),
    [
        ({"length_bytes": 0}, [((*CONFIGURATION, "length_bytes"), "invalid_value")]),
        ({"length_bytes": 2**31}, [((*CONFIGURATION, "length_bytes"), "invalid_value")]),
        ({"length_bytes": 1.5}, [((*CONFIGURATION, "length_bytes"), "invalid_type")]),
        ({}, [((*CONFIGURATION, "length_bytes"), "missing_key")]),
        ({"length_bytes": 4, "length": 4}, [((*CONFIGURATION, "length"), "unknown_key")]),
        (None, [(CONFIGURATION, "missing_key")]),
    ],
)
def test_a_byte_string_type_configuration_out_of_its_rules_is_refused(
    make: Any, definition: DataTypeDefinition[Any], configuration: Any, expected: Found
) -> None:
    data_type = (
        definition.name
        if configuration is None
        else {"name": definition.name, "configuration": configuration}
    )
    assert refused(data_type) == expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("", []),
        (b64(b"abc"), []),
        (b64(b"abcd"), []),
        (b64(b"abcde"), [(FILL, "invalid_value")]),
        ("YWJj!", [(FILL, "invalid_value")]),
        ("YWJ", [(FILL, "invalid_value")]),
        ([97, 98], [(FILL, "invalid_type")]),
        (0, [(FILL, "invalid_type")]),
    ],
)
def test_a_null_terminated_bytes_fill_value_is_base64_of_at_most_its_size(
    value: Any, expected: Found
) -> None:
    assert fill_kinds(s_bytes(4), value) == expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (b64(b"abcd"), []),
        (b64(b"\x00" * 4), []),
        ("", [(FILL, "invalid_value")]),
        (b64(b"abc"), [(FILL, "invalid_value")]),
        (b64(b"abcde"), [(FILL, "invalid_value")]),
        ("YWJj!", [(FILL, "invalid_value")]),
        ([97, 98, 99, 100], [(FILL, "invalid_type")]),
    ],
)
def test_a_raw_bytes_fill_value_is_base64_of_exactly_its_size(value: Any, expected: Found) -> None:
    assert fill_kinds(v_bytes(4), value) == expected


def test_a_byte_string_fill_value_of_the_wrong_size_says_the_size() -> None:
    (problem,) = fill_value_problems(accepted(v_bytes(4)), b64(b"ab"), FILL)
    assert (
        problem.message
        == 'expected base64 of exactly 4 bytes for raw_bytes of length_bytes 4, got 2 bytes: "YWI="'
    )
    assert problem.ctx == {"length": 4}
    (problem,) = fill_value_problems(accepted(s_bytes(1)), b64(b"ab"), FILL)
    assert (
        problem.message
        == 'expected base64 of at most 1 bytes for null_terminated_bytes of length_bytes 1, got 2 bytes: "YWI="'
    )


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("", ""),
        (b64(b"a\x00"), b64(b"a")),
        (b64(b"\x00\x00\x00"), ""),
        ("YR==", "YQ=="),
        (b64(b"\x00a"), b64(b"\x00a")),
    ],
)
def test_a_null_terminated_bytes_fill_value_is_spelled_without_the_zeros_that_pad_it(
    value: str, expected: str
) -> None:
    assert spelled(s_bytes(4), value) == json.dumps(expected)


@pytest.mark.parametrize(("value", "expected"), [("YR==", "YQ=="), (b64(b"\x00"), b64(b"\x00"))])
def test_a_raw_bytes_fill_value_keeps_every_byte_in_its_spelling(value: str, expected: str) -> None:
    assert spelled(v_bytes(1), value) == json.dumps(expected)


@settings(max_examples=60, deadline=None)
@given(data=st.binary(max_size=8), padding=st.integers(0, 4))
def test_a_null_terminated_bytes_value_padded_any_way_has_one_spelling(
    data: bytes, padding: int
) -> None:
    data_type = s_bytes(len(data) + padding + 1)
    assert spelled(data_type, b64(data + b"\x00" * padding)) == json.dumps(
        b64(data.rstrip(b"\x00"))
    )


@pytest.mark.parametrize("make", [s_bytes, v_bytes])
def test_a_byte_string_type_is_written_by_the_bytes_codec_without_an_endian(make: Any) -> None:
    # zarr-python gives no endian to these: their values have no byte order.
    fill = b64(b"\x00" * 6) if make is v_bytes else ""
    assert document_problems(zarr_python_array(make(6), fill, [BARE_BYTES, ZSTD])) == []
    assert document_problems(zarr_python_array(make(6), fill, [LITTLE, ZSTD])) == []


@pytest.mark.parametrize("make", [s_bytes, v_bytes])
def test_a_byte_string_type_is_not_encoded_by_vlen_bytes(make: Any) -> None:
    assert (
        document_problems(zarr_python_array(make(6), b64(b"\x00" * 6), ["vlen-bytes"]))
        == NOT_BYTES_CODEC
    )


def test_equal_null_terminated_bytes_fills_make_equal_arrays() -> None:
    first = read_array_metadata_v3(
        zarr_python_array(s_bytes(10), b64(b"ab"), [BARE_BYTES, ZSTD]), context=SCOPE
    )
    second = read_array_metadata_v3(
        zarr_python_array(s_bytes(10), b64(b"ab\x00"), [BARE_BYTES, ZSTD]), context=SCOPE
    )
    third = read_array_metadata_v3(
        zarr_python_array(s_bytes(10), b64(b"ab\x01"), [BARE_BYTES, ZSTD]), context=SCOPE
    )
    assert first.metadata is not None and first.metadata == second.metadata
    assert first.metadata != third.metadata


# --- variable_length_bytes -------------------------------------------------------------------


def test_variable_length_bytes_is_written_as_its_bare_name_or_with_an_empty_configuration() -> None:
    assert accepted("variable_length_bytes").definition is VARIABLE_LENGTH_BYTES_DATA_TYPE
    assert accepted({"name": "variable_length_bytes", "configuration": {}}).configuration == {}
    field, problems = read({"name": "variable_length_bytes", "configuration": {}})
    assert canonical_of(field, problems) == "variable_length_bytes"
    assert refused({"name": "variable_length_bytes", "configuration": {"length_bytes": 4}}) == [
        ((*CONFIGURATION, "length_bytes"), "unknown_key")
    ]


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("", []),
        (b64(b"any length at all" * 10), []),
        ("YWJj!", [(FILL, "invalid_value")]),
        ("YQ", [(FILL, "invalid_value")]),
        ([97], [(FILL, "invalid_type")]),
        (None, [(FILL, "invalid_type")]),
    ],
)
def test_a_variable_length_bytes_fill_value_is_base64_of_any_length(
    value: Any, expected: Found
) -> None:
    assert fill_kinds("variable_length_bytes", value) == expected


def test_a_variable_length_bytes_fill_value_is_spelled_as_base64_written_again() -> None:
    assert spelled("variable_length_bytes", "YR==") == json.dumps("YQ==")
    assert spelled("variable_length_bytes", b64(b"\x00\x00")) == json.dumps(b64(b"\x00\x00"))


def test_variable_length_bytes_is_encoded_by_vlen_bytes_and_not_by_the_bytes_codec() -> None:
    # zarr-python 3 writes an array of Python bytes objects so.
    document = zarr_python_array(
        "variable_length_bytes", "", [{"name": "vlen-bytes", "configuration": {}}, ZSTD]
    )
    assert document_problems(document) == []
    document["codecs"][0] = LITTLE
    assert document_problems(document) == NOT_CONFIGURED_CODEC
    document["codecs"][0] = "bytes"
    assert document_problems(document) == NOT_BYTES_CODEC
    document["codecs"][0] = "vlen-utf8"
    assert document_problems(document) == NOT_BYTES_CODEC


# --- structured ------------------------------------------------------------------------------


def test_a_structured_type_reads_each_field_data_type_where_it_is_written() -> None:
    field = accepted(
        structured(["x", "int32"], {"name": "y", "data_type": "float32"}, ["t", "bool"])
    )
    assert set(field.nested) == {("fields", 0, 1), ("fields", 1, "data_type"), ("fields", 2, 1)}
    assert field.nested[("fields", 0, 1)].name == "int32"
    assert field.nested[("fields", 1, "data_type")].name == "float32"


def test_a_structured_field_data_type_is_spelled_canonically_in_place() -> None:
    data = structured(
        ["t", {"name": "numpy.datetime64", "configuration": {"unit": "μs", "scale_factor": 1}}],
        {"name": "r", "data_type": {"name": "r16"}},
    )
    field, problems = read(data)
    expected = structured(
        ["t", {"name": "numpy.datetime64", "configuration": {"unit": "us", "scale_factor": 1}}],
        {"name": "r", "data_type": "r16"},
    )
    assert json.dumps(canonical_of(field, problems)) == json.dumps(expected)


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ([], [(FIELDS, "invalid_value")]),
        ([["x", "int8"], ["x", "int32"]], [((*FIELDS, 1, 0), "invalid_value")]),
        (
            [["x", "int8"], {"name": "x", "data_type": "int8"}],
            [((*FIELDS, 1, "name"), "invalid_value")],
        ),
        ([["", "int8"]], [((*FIELDS, 0, 0), "invalid_value")]),
        ([["x", "int8"], ["s", "string"]], [((*FIELDS, 1, 1), "invalid_value")]),
        (
            [{"name": "b", "data_type": "variable_length_bytes"}],
            [((*FIELDS, 0, "data_type"), "invalid_value")],
        ),
        ([["x", "int8"], ["y"]], [((*FIELDS, 1), "invalid_value")]),
        ([["x", "int8", [2]]], [((*FIELDS, 0), "invalid_value")]),
        ([[1, "int8"]], [((*FIELDS, 0, 0), "invalid_type")]),
        ([{"name": "x"}], [((*FIELDS, 0, "data_type"), "missing_key")]),
        (["x"], [((*FIELDS, 0), "invalid_type")]),
    ],
)
def test_a_structured_configuration_out_of_its_rules_is_refused(
    fields: list[Any], expected: Found
) -> None:
    assert refused(structured(*fields)) == expected


def test_a_structured_configuration_with_another_member_is_refused() -> None:
    data = {"name": "structured", "configuration": {"fields": [["x", "int8"]], "align": True}}
    assert refused(data) == [((*CONFIGURATION, "align"), "unknown_key")]


def test_problems_of_a_structured_field_data_type_are_located_where_it_sits() -> None:
    field, problems = read(
        structured(
            ["t", {"name": "numpy.datetime64", "configuration": {"unit": "s", "scale_factor": 0}}],
            {"name": "r", "data_type": "r12"},
        )
    )
    assert kinds(problems) == [
        ((*FIELDS, 0, 1, "configuration", "scale_factor"), "invalid_value"),
        ((*FIELDS, 1, "data_type"), "invalid_value"),
    ]
    assert isinstance(field, AcceptedField)


def test_a_structured_field_of_a_data_type_nothing_claims_is_kept_unclaimed() -> None:
    field = accepted(
        structured(["x", "int8"], ["z", {"name": "acme.thing", "configuration": {"k": 1}}])
    )
    assert isinstance(field.nested[("fields", 1, 1)], UnclaimedField)
    assert storage_of(field) is None


# The size of a record: the sum of its fields' sizes, through nested and configured types.
RECORDS = [
    (structured(["a", "int32"], ["b", "float32"]), 8),
    (structured(["a", "bool"], ["b", "complex128"], ["c", "uint16"]), 19),
    (
        structured(
            ["t", {"name": "numpy.timedelta64", "configuration": {"unit": "ms", "scale_factor": 1}}]
        ),
        8,
    ),
    (structured(["r", "r24"], ["s", s_bytes(5)], ["v", v_bytes(3)], ["u", utf32(8)]), 19),
    (structured(["p", structured(["x", "float32"], ["y", "float64"])], ["q", "int8"]), 13),
    (
        structured(
            [
                "p",
                {
                    "name": "struct",
                    "configuration": {"fields": [{"name": "x", "data_type": "int16"}]},
                },
            ],
            ["q", "uint64"],
        ),
        10,
    ),
]


@pytest.mark.parametrize(("data_type", "size"), RECORDS)
def test_a_structured_fill_value_is_base64_of_exactly_a_record(data_type: Any, size: int) -> None:
    assert fill_kinds(data_type, b64(b"\x00" * size)) == []
    assert fill_kinds(data_type, b64(b"\x07" * size)) == []
    assert fill_kinds(data_type, b64(b"\x00" * (size - 1))) == [(FILL, "invalid_value")]
    assert fill_kinds(data_type, b64(b"\x00" * (size + 1))) == [(FILL, "invalid_value")]


def test_a_structured_fill_value_of_the_wrong_size_says_the_size_of_a_record() -> None:
    (problem,) = fill_value_problems(
        accepted(structured(["a", "int32"], ["b", "float32"])), "AAAAAA==", FILL
    )
    assert problem.message == (
        'expected base64 of exactly 8 bytes for a record of the structured type, 8 bytes, got 4 bytes: "AAAAAA=="'
    )


def test_a_structured_fill_value_with_a_field_of_unknown_size_is_judged_only_as_base64() -> None:
    data_type = structured(["a", "int32"], ["z", "acme.thing"])
    assert fill_kinds(data_type, b64(b"\x00" * 3)) == []
    assert fill_kinds(data_type, "AA!=") == [(FILL, "invalid_value")]


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ({"a": 0, "b": 1.5}, []),
        ({"a": 0, "b": "NaN"}, []),
        ({"a": 0}, [(("fill_value", "b"), "missing_key")]),
        ({"a": 0, "b": 0.0, "c": 1}, [(("fill_value", "c"), "unknown_key")]),
        ({"a": 2**31, "b": 0.0}, [(("fill_value", "a"), "invalid_value")]),
        ({"a": "0", "b": 0.0}, [(("fill_value", "a"), "invalid_type")]),
        (0, [(FILL, "invalid_type")]),
        ([0, 0.0], [(FILL, "invalid_type")]),
    ],
)
def test_a_structured_fill_value_may_be_an_object_of_a_fill_value_per_field(
    value: Any, expected: Found
) -> None:
    assert (
        fill_kinds(structured(["a", "int32"], {"name": "b", "data_type": "float32"}), value)
        == expected
    )


def test_a_structured_fill_value_is_spelled_canonically_in_the_form_it_is_written() -> None:
    data_type = structured(["a", "int32"], ["b", "float32"])
    assert (
        spelled(data_type, "AAAAAAAAAAE=")
        == spelled(data_type, "AAAAAAAAAAF=")
        == json.dumps("AAAAAAAAAAE=")
    )
    assert spelled(data_type, {"b": "0x7fc00000", "a": 1}) == spelled(
        data_type, {"a": 1, "b": "NaN"}
    )
    assert spelled(data_type, {"b": "NaN", "a": 1}) == json.dumps({"a": 1, "b": "NaN"})


def test_a_structured_type_is_written_by_the_bytes_codec_with_or_without_an_endian() -> None:
    # Without an endian, the record's bytes are little-endian: zarr-python 3
    # writes the bytes codec so for every structured type.
    record = structured(["a", "int32"], ["b", "float64"])
    assert document_problems(zarr_python_array(record, b64(bytes(12)), [BARE_BYTES, ZSTD])) == []
    assert document_problems(zarr_python_array(record, b64(bytes(12)), [LITTLE, ZSTD])) == []
    # struct, the name it stands for, is held to the rule it states.
    struct = {"name": "struct", "configuration": {"fields": [{"name": "a", "data_type": "int32"}]}}
    assert document_problems(zarr_python_array(struct, {"a": 0}, [BARE_BYTES])) == NO_ENDIAN


def test_a_structured_type_is_not_encoded_by_the_codecs_of_variable_length_values() -> None:
    record = structured(["a", "int8"])
    assert (
        document_problems(zarr_python_array(record, b64(bytes(1)), ["vlen-bytes"]))
        == NOT_BYTES_CODEC
    )


def test_a_structured_array_as_zarr_python_writes_it_reads() -> None:
    # zarr-python 3 writes a NumPy [("x", "<i4"), ("t", "<M8[s]"), ("p", [("u", "|u1"), ("w", "<f8")])] array so.
    record = structured(
        ["x", "int32"],
        ["t", {"name": "numpy.datetime64", "configuration": {"unit": "s", "scale_factor": 1}}],
        ["p", structured(["u", "uint8"], ["w", "float64"])],
    )
    document = zarr_python_array(record, b64(bytes(21)), [BARE_BYTES, ZSTD], [4, 20])
    reading = read_array_metadata_v3(document, context=SCOPE)
    assert reading.problems == ()
    assert reading.metadata is not None


# --- the registry's examples -----------------------------------------------------------------


def _json_blocks(extension: str) -> list[Any]:
    readme = (REGISTRY / "data-types" / extension / "README.md").read_text(encoding="utf-8")
    blocks: list[Any] = []
    for block in re.findall(r"```json\s*\n(.*?)```", readme, re.DOTALL):
        text = block.strip()
        # A block may write members of a document without the braces around them.
        blocks.append(json.loads(text if text.startswith("{") else "{" + text + "}"))
    return blocks


@needs_registry
def test_every_example_of_the_fixed_length_utf32_readme_reads_without_a_problem() -> None:
    blocks = _json_blocks("fixed_length_utf32")
    assert len(blocks) >= 2
    data_type = next(block["data_type"] for block in blocks if "data_type" in block)
    for block in blocks:
        document = zarr_python_array(data_type, "", [LITTLE])
        document.update(block)
        assert document_problems(document) == [], block


@needs_registry
@pytest.mark.parametrize("extension", ["structured", "struct"])
def test_every_fields_example_of_the_structured_and_struct_readmes_reads_as_structured(
    extension: str,
) -> None:
    # A structured type takes struct's forms as well as its own legacy ones.
    configurations = [
        block.get("data_type", {}).get("configuration", block) for block in _json_blocks(extension)
    ]
    configurations = [
        configuration for configuration in configurations if "fields" in configuration
    ]
    assert configurations
    for configuration in configurations:
        accepted({"name": "structured", "configuration": configuration})
