"""The v3 raw bits data types (r8, r16, ..., read by r*) and the bytes data type: names, configurations, fill values, storage."""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from _v3_documents import array_document
from zarr_metadata._json import UNSET, JSONValue, Problems
from zarr_metadata.definition._extension import EmptyConfiguration
from zarr_metadata.definition._fields import (
    AcceptedField,
    RefusedField,
    ResolvedField,
    UnclaimedField,
)
from zarr_metadata.definition._resolve import (
    canonical_fill_value,
    canonical_of,
    fill_value_problems,
    resolve,
)
from zarr_metadata.model import read_array_metadata_v3
from zarr_metadata.v3._context import ZarrV3Context
from zarr_metadata.v3._field_kinds import DataTypeDefinition, storage_of
from zarr_metadata.v3.data_type.bytes import BYTES_DATA_TYPE, base64_bytes
from zarr_metadata.v3.data_type.int8 import INT8_DATA_TYPE
from zarr_metadata.v3.data_type.raw import (
    RAW_BYTES_DATA_TYPE,
    RawBytesConfiguration,
    raw_bytes_dtype_name,
)

SCOPE = ZarrV3Context(data_types=[RAW_BYTES_DATA_TYPE, BYTES_DATA_TYPE])
AT = ("data_type",)
FILL = ("fill_value",)
BYTE_VALUES = st.lists(st.integers(0, 255), max_size=12)


def kinds(problems: Problems) -> list[tuple[tuple[str | int, ...], str]]:
    return [(problem.loc, problem.kind) for problem in problems]


def read(
    data: object, scope: ZarrV3Context = SCOPE
) -> tuple[ResolvedField[DataTypeDefinition[Any]], Problems]:
    return resolve(data, DataTypeDefinition, scope, AT)


def accepted(data: object) -> AcceptedField[DataTypeDefinition[Any]]:
    field, problems = read(data)
    assert problems == ()
    assert isinstance(field, AcceptedField)
    return field


def fill_kinds(data_type: object, value: object) -> list[tuple[tuple[str | int, ...], str]]:
    return kinds(fill_value_problems(accepted(data_type), value, FILL))


def spelled(data_type: object, value: object) -> str:
    canonical = canonical_fill_value(accepted(data_type), value)
    assert canonical is not UNSET
    return json.dumps(canonical)


# --- raw bits: names -------------------------------------------------------------------------


@pytest.mark.parametrize("bits", [8, 16, 24, 64, 1024])
def test_raw_bits_of_a_size_are_read_by_r_star_with_the_bits_the_name_carries(bits: int) -> None:
    field, problems = read(f"r{bits}")
    assert problems == ()
    assert isinstance(field, AcceptedField)
    assert field.definition is RAW_BYTES_DATA_TYPE
    assert field.name == f"r{bits}"
    assert field.configuration == {"bits": bits}
    assert canonical_of(field, problems) == f"r{bits}"


def test_raw_bits_written_as_an_object_are_spelled_as_the_bare_name() -> None:
    spellings: list[JSONValue] = [{"name": "r16"}, {"name": "r16", "configuration": {}}]
    for data in spellings:
        field, problems = read(data)
        assert canonical_of(field, problems) == "r16"


def test_raw_bits_take_no_configuration_besides_their_name() -> None:
    field, problems = read({"name": "r16", "configuration": {"bits": 16}})
    assert isinstance(field, RefusedField)
    assert kinds(problems) == [(("data_type", "configuration"), "invalid_value")]


@pytest.mark.parametrize("bits", [1, 4, 12, 20, 1001])
def test_raw_bits_not_a_multiple_of_8_are_refused_at_the_name_that_carries_them(bits: int) -> None:
    # The name carries the configuration, and the document writes no
    # configuration to point into, so the problem sits at the name.
    field, problems = read(f"r{bits}")
    assert isinstance(field, RefusedField)
    assert field.definition is RAW_BYTES_DATA_TYPE
    assert kinds(problems) == [(("data_type",), "invalid_value")]
    _, problems = read({"name": f"r{bits}"})
    assert kinds(problems) == [(("data_type", "name"), "invalid_value")]


@pytest.mark.parametrize("name", ["r0", "r7", "r12"])
def test_raw_bits_of_no_positive_multiple_of_8_are_one_problem_at_the_data_type(name: str) -> None:
    for data_type, at in ((name, ("data_type",)), ({"name": name}, ("data_type", "name"))):
        reading = read_array_metadata_v3(
            array_document(data_type=data_type, fill_value=[], codecs=["bytes"])
        )
        assert kinds(reading.problems) == [(at, "invalid_value")]


def test_r0_is_read_as_raw_bits_of_0_bits_and_refused() -> None:
    field, problems = read("r0")
    assert isinstance(field, RefusedField)
    assert field.definition is RAW_BYTES_DATA_TYPE
    assert kinds(problems) == [(AT, "invalid_value")]
    assert "got 0" in problems[0].message


def test_raw_bits_written_with_a_leading_zero_are_a_problem_at_the_name() -> None:
    _, problems = read("r08")
    assert kinds(problems) == [(AT, "invalid_value")]
    assert '"r8"' in problems[0].message
    _, problems = read({"name": "r0016"})
    assert kinds(problems) == [((*AT, "name"), "invalid_value")]
    assert '"r16"' in problems[0].message


def test_a_data_type_named_r0_is_refused_as_a_raw_bits_name() -> None:
    with pytest.raises(TypeError, match="r0"):
        DataTypeDefinition(name="r0", configuration=EmptyConfiguration)


def test_a_document_naming_r_star_claims_nothing() -> None:
    assert SCOPE.claimant(DataTypeDefinition, "r*") is None
    field, problems = read("r*")
    # "r*" is notation, not a name a document can write.
    assert isinstance(field, RefusedField)
    assert field.definition is None
    assert kinds(problems) == [(AT, "invalid_value")]


def test_raw_bits_are_unclaimed_in_a_scope_without_r_star() -> None:
    field, problems = read("r16", ZarrV3Context(data_types=[INT8_DATA_TYPE]))
    assert isinstance(field, UnclaimedField)
    assert problems == ()


def test_a_data_type_named_as_raw_bits_of_one_size_is_refused() -> None:
    with pytest.raises(TypeError, match="r16"):
        DataTypeDefinition(name="r16", configuration=EmptyConfiguration)


def test_the_raw_bits_definition_is_filed_under_r_star() -> None:
    assert RAW_BYTES_DATA_TYPE.name == "r*"
    assert dict(SCOPE.data_types)["r*"] is RAW_BYTES_DATA_TYPE
    assert SCOPE.claimant(DataTypeDefinition, "r8") is RAW_BYTES_DATA_TYPE
    assert RAW_BYTES_DATA_TYPE.configuration is RawBytesConfiguration


@pytest.mark.parametrize("name", ["r8", "r16", "r128"])
def test_raw_bytes_dtype_name_accepts_a_raw_bits_name(name: str) -> None:
    assert raw_bytes_dtype_name(name) == name


@pytest.mark.parametrize("name", ["r12", "r0", "r08", "r", "R16", "r*", "r16 ", "int8", "r-8"])
def test_raw_bytes_dtype_name_refuses_anything_else(name: str) -> None:
    with pytest.raises(ValueError, match="multiple of 8"):
        raw_bytes_dtype_name(name)


def test_raw_bits_are_stored_in_single_bytes() -> None:
    assert storage_of(accepted("r8")) == "single_byte"
    assert storage_of(accepted("r64")) == "single_byte"


# --- raw bits: fill values -------------------------------------------------------------------


@pytest.mark.parametrize(("name", "value"), [("r8", [0]), ("r16", [0, 255]), ("r24", (1, 2, 3))])
def test_a_raw_fill_value_has_one_byte_per_8_bits(name: str, value: object) -> None:
    assert fill_kinds(name, value) == []


@pytest.mark.parametrize(
    ("name", "value", "expected"),
    [
        ("r16", [0], [(FILL, "invalid_value")]),
        ("r16", [0, 0, 0], [(FILL, "invalid_value")]),
        ("r8", [], [(FILL, "invalid_value")]),
        ("r16", [0, 256], [(("fill_value", 1), "invalid_value")]),
        ("r16", [-1, 0], [(("fill_value", 0), "invalid_value")]),
        ("r16", [0, 1.0], [(("fill_value", 1), "invalid_type")]),
        ("r16", [True, 0], [(("fill_value", 0), "invalid_type")]),
        ("r16", "AAA=", [(FILL, "invalid_type")]),
        ("r8", 0, [(FILL, "invalid_type")]),
        ("r8", None, [(FILL, "invalid_type")]),
    ],
)
def test_a_raw_fill_value_is_refused(name: str, value: object, expected: list[Any]) -> None:
    assert fill_kinds(name, value) == expected


@given(bits=st.integers(1, 16).map(lambda size: 8 * size), length=st.integers(0, 20))
def test_a_raw_fill_value_is_accepted_exactly_when_it_has_bits_over_8_bytes(
    bits: int, length: int
) -> None:
    found = fill_kinds(f"r{bits}", [7] * length)
    assert (found == []) == (length == bits // 8)


@given(
    first=st.lists(st.integers(0, 255), min_size=2, max_size=2),
    second=st.lists(st.integers(0, 255), min_size=2, max_size=2),
)
def test_raw_fill_values_spell_the_same_exactly_when_equal(
    first: list[int], second: list[int]
) -> None:
    assert (spelled("r16", first) == spelled("r16", second)) == (first == second)


# --- bytes -----------------------------------------------------------------------------------


def test_bytes_is_accepted_as_a_bare_name_and_stored_by_variable_length() -> None:
    field, problems = read({"name": "bytes"})
    assert canonical_of(field, problems) == "bytes"
    assert storage_of(accepted("bytes")) == "variable_length"


def test_bytes_take_no_configuration() -> None:
    field, problems = read({"name": "bytes", "configuration": {"length": 4}})
    assert isinstance(field, RefusedField)
    assert kinds(problems) == [(("data_type", "configuration", "length"), "unknown_key")]


@pytest.mark.parametrize("value", [[], [0, 255], (1,), "", "YQ==", "AAEC", "+/+/"])
def test_a_bytes_fill_value_is_an_array_of_bytes_or_base64(value: object) -> None:
    assert fill_kinds("bytes", value) == []


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("YQ", [(FILL, "invalid_value")]),
        ("Y Q==", [(FILL, "invalid_value")]),
        ("YQ==\n", [(FILL, "invalid_value")]),
        ("-_-_", [(FILL, "invalid_value")]),
        ("ä", [(FILL, "invalid_value")]),
        ([256], [(("fill_value", 0), "invalid_value")]),
        ([0, -1], [(("fill_value", 1), "invalid_value")]),
        ([0, "a"], [(("fill_value", 1), "invalid_type")]),
        (0, [(FILL, "invalid_type")]),
        (None, [(FILL, "invalid_type")]),
        ({"data": "YQ=="}, [(FILL, "invalid_type")]),
    ],
)
def test_a_bytes_fill_value_is_refused(value: object, expected: list[Any]) -> None:
    assert fill_kinds("bytes", value) == expected


def test_a_bytes_fill_value_is_spelled_as_base64() -> None:
    assert spelled("bytes", [97]) == '"YQ=="'
    assert spelled("bytes", []) == '""'


def test_base64_with_other_unused_bits_spells_the_same_bytes() -> None:
    # "YR==" decodes to b"a" like "YQ==", only its unused low bits differ.
    assert spelled("bytes", "YR==") == spelled("bytes", "YQ==") == spelled("bytes", [97])


@given(BYTE_VALUES)
def test_bytes_as_an_array_and_as_base64_spell_the_same(data: list[int]) -> None:
    written = base64.b64encode(bytes(data)).decode("ascii")
    assert spelled("bytes", data) == spelled("bytes", written)


@given(BYTE_VALUES, BYTE_VALUES)
def test_bytes_fill_values_spell_the_same_exactly_when_equal(
    first: list[int], second: list[int]
) -> None:
    assert (spelled("bytes", first) == spelled("bytes", second)) == (first == second)


@pytest.mark.parametrize("value", ["", "YQ==", "AAEC"])
def test_base64_bytes_accepts_base64(value: str) -> None:
    assert base64_bytes(value) == value


@pytest.mark.parametrize("value", ["YQ", "Y Q==", "ä", "====", "-_-_"])
def test_base64_bytes_refuses_anything_else(value: str) -> None:
    with pytest.raises(ValueError, match="base64"):
        base64_bytes(value)
