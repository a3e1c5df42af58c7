"""The v3 data types bool, string, float16/32/64, complex64/128, numpy.datetime64 and numpy.timedelta64: configurations, fill values, storage."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from zarr_metadata._json import UNSET, JSONValue, Problems
from zarr_metadata.definition._fields import AcceptedField, RefusedField, ResolvedField
from zarr_metadata.definition._resolve import (
    canonical_fill_value,
    canonical_of,
    fill_value_problems,
    resolve,
)
from zarr_metadata.v3._context import ZarrV3Context
from zarr_metadata.v3._field_kinds import DataTypeDefinition, storage_of
from zarr_metadata.v3.data_type.bool import BOOL_DATA_TYPE
from zarr_metadata.v3.data_type.complex64 import COMPLEX64_DATA_TYPE
from zarr_metadata.v3.data_type.complex128 import COMPLEX128_DATA_TYPE
from zarr_metadata.v3.data_type.float16 import FLOAT16_DATA_TYPE
from zarr_metadata.v3.data_type.float32 import FLOAT32_DATA_TYPE
from zarr_metadata.v3.data_type.float64 import FLOAT64_DATA_TYPE
from zarr_metadata.v3.data_type.numpy_datetime64 import NUMPY_DATETIME64_DATA_TYPE
from zarr_metadata.v3.data_type.numpy_timedelta64 import NUMPY_TIMEDELTA64_DATA_TYPE
from zarr_metadata.v3.data_type.string import STRING_DATA_TYPE

SCOPE = ZarrV3Context(
    data_types=[
        BOOL_DATA_TYPE,
        STRING_DATA_TYPE,
        FLOAT16_DATA_TYPE,
        FLOAT32_DATA_TYPE,
        FLOAT64_DATA_TYPE,
        COMPLEX64_DATA_TYPE,
        COMPLEX128_DATA_TYPE,
        NUMPY_DATETIME64_DATA_TYPE,
        NUMPY_TIMEDELTA64_DATA_TYPE,
    ]
)
AT = ("data_type",)
FILL = ("fill_value",)
INT64_MIN = -(2**63)
INT64_MAX = 2**63 - 1
TIME_TYPES = ("numpy.datetime64", "numpy.timedelta64")


def kinds(problems: Problems) -> list[tuple[tuple[str | int, ...], str]]:
    return [(problem.loc, problem.kind) for problem in problems]


def read(data: object) -> tuple[ResolvedField[DataTypeDefinition[Any]], Problems]:
    return resolve(data, DataTypeDefinition, SCOPE, AT)


def accepted(data: object) -> AcceptedField[DataTypeDefinition[Any]]:
    field, problems = read(data)
    assert problems == ()
    assert isinstance(field, AcceptedField)
    return field


def fill_kinds(data_type: object, value: object) -> list[tuple[tuple[str | int, ...], str]]:
    return kinds(fill_value_problems(accepted(data_type), value, FILL))


def spelled(data_type: object, value: object) -> str:
    """The canonical spelling of a valid fill value, as JSON text: the way fill values compare."""
    canonical = canonical_fill_value(accepted(data_type), value)
    assert canonical is not UNSET
    return json.dumps(canonical)


def time_type(name: str, unit: str = "s", scale_factor: JSONValue = 1) -> dict[str, JSONValue]:
    return {"name": name, "configuration": {"unit": unit, "scale_factor": scale_factor}}


# --- configurations: every data type here but the numpy time types has nothing to configure ---


@pytest.mark.parametrize(
    "name",
    ["bool", "string", "float16", "float32", "float64", "complex64", "complex128"],
)
def test_an_empty_configuration_is_spelled_as_the_bare_name(name: str) -> None:
    spellings: list[JSONValue] = [name, {"name": name}, {"name": name, "configuration": {}}]
    for data in spellings:
        field, problems = read(data)
        assert canonical_of(field, problems) == name


@pytest.mark.parametrize("name", ["bool", "string", "float32", "complex128"])
def test_a_configuration_member_of_an_empty_configuration_is_an_unknown_key(name: str) -> None:
    field, problems = read({"name": name, "configuration": {"bits": 8}})
    assert isinstance(field, RefusedField)
    assert kinds(problems) == [(("data_type", "configuration", "bits"), "unknown_key")]


@pytest.mark.parametrize(
    ("name", "storage"),
    [
        ("bool", "single_byte"),
        ("string", "variable_length"),
        ("float16", "multi_byte"),
        ("float32", "multi_byte"),
        ("float64", "multi_byte"),
        ("complex64", "multi_byte"),
        ("complex128", "multi_byte"),
    ],
)
def test_storage(name: str, storage: str) -> None:
    assert storage_of(accepted(name)) == storage


@pytest.mark.parametrize("name", TIME_TYPES)
def test_a_numpy_time_type_is_accepted_with_its_canonical_spelling(name: str) -> None:
    data = time_type(name, "ms", 10)
    field, problems = read(data)
    assert isinstance(field, AcceptedField)
    assert field.configuration == {"unit": "ms", "scale_factor": 10}
    assert canonical_of(field, problems) == data
    assert storage_of(field) == "multi_byte"


@pytest.mark.parametrize("name", TIME_TYPES)
def test_micro_is_spelled_us_in_the_canonical_configuration(name: str) -> None:
    # numpy reads "μs" as "us": both are one unit, so one spelling.
    for unit in ("us", "μs"):
        field, problems = read(time_type(name, unit, 3))
        assert canonical_of(field, problems) == time_type(name, "us", 3)


@pytest.mark.parametrize("name", TIME_TYPES)
@pytest.mark.parametrize(
    ("configuration", "expected"),
    [
        ({"scale_factor": 1}, [(("data_type", "configuration", "unit"), "missing_key")]),
        ({"unit": "s"}, [(("data_type", "configuration", "scale_factor"), "missing_key")]),
        (
            {"unit": "ks", "scale_factor": 1},
            [(("data_type", "configuration", "unit"), "invalid_value")],
        ),
        (
            {"unit": "s", "scale_factor": 0},
            [(("data_type", "configuration", "scale_factor"), "invalid_value")],
        ),
        (
            {"unit": "s", "scale_factor": 2**31},
            [(("data_type", "configuration", "scale_factor"), "invalid_value")],
        ),
        (
            {"unit": "s", "scale_factor": 1.0},
            [(("data_type", "configuration", "scale_factor"), "invalid_type")],
        ),
        (
            {"unit": "s", "scale_factor": 1, "calendar": "proleptic"},
            [(("data_type", "configuration", "calendar"), "unknown_key")],
        ),
    ],
)
def test_a_numpy_time_configuration_is_refused(
    name: str, configuration: dict[str, JSONValue], expected: list[Any]
) -> None:
    field, problems = read({"name": name, "configuration": configuration})
    assert isinstance(field, RefusedField)
    assert kinds(problems) == expected


@pytest.mark.parametrize("name", TIME_TYPES)
def test_a_numpy_time_type_requires_a_configuration(name: str) -> None:
    field, problems = read(name)
    assert isinstance(field, RefusedField)
    assert kinds(problems) == [(("data_type", "configuration"), "missing_key")]


@pytest.mark.parametrize("name", TIME_TYPES)
def test_the_largest_scale_factor_is_accepted(name: str) -> None:
    accepted(time_type(name, "generic", 2**31 - 1))


# --- bool ------------------------------------------------------------------------------------


@pytest.mark.parametrize("value", [True, False])
def test_a_bool_fill_value_is_a_boolean(value: bool) -> None:
    assert fill_kinds("bool", value) == []


@pytest.mark.parametrize("value", [0, 1, "true", None, [True]])
def test_a_bool_fill_value_is_nothing_else(value: object) -> None:
    assert fill_kinds("bool", value) == [(FILL, "invalid_type")]


def test_the_two_bool_fill_values_are_spelled_differently() -> None:
    assert spelled("bool", True) == "true"
    assert spelled("bool", False) == "false"


# --- string ----------------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["", "NaN", "text with ünïcode"])
def test_a_string_fill_value_is_a_string(value: str) -> None:
    assert fill_kinds("string", value) == []


@pytest.mark.parametrize("value", [0, None, True, ["a"], {"a": "b"}])
def test_a_string_fill_value_is_nothing_else(value: object) -> None:
    assert fill_kinds("string", value) == [(FILL, "invalid_type")]


@given(st.text(), st.text())
def test_string_fill_values_spell_the_same_exactly_when_equal(first: str, second: str) -> None:
    assert (spelled("string", first) == spelled("string", second)) == (first == second)


# --- floats ----------------------------------------------------------------------------------

FLOAT_NAN_HEX = {"float16": "0x7e00", "float32": "0x7fc00000", "float64": "0x7ff8000000000000"}
FLOAT_INFINITY_HEX = {"float16": "0x7c00", "float32": "0x7f800000", "float64": "0x7ff0000000000000"}
FLOAT_SIGNALLING_NAN_HEX = {
    "float16": "0x7c01",
    "float32": "0x7f800001",
    "float64": "0x7ff0000000000001",
}
FLOATS = tuple(FLOAT_NAN_HEX)


@pytest.mark.parametrize("name", FLOATS)
@pytest.mark.parametrize("value", [0, -3, 0.0, -0.0, 1.5, "NaN", "Infinity", "-Infinity"])
def test_a_float_fill_value_is_accepted(name: str, value: object) -> None:
    assert fill_kinds(name, value) == []


@pytest.mark.parametrize("name", FLOATS)
def test_a_float_fill_value_in_hex_of_its_width_is_accepted(name: str) -> None:
    assert fill_kinds(name, FLOAT_SIGNALLING_NAN_HEX[name]) == []
    assert fill_kinds(name, FLOAT_NAN_HEX[name].upper().replace("0X", "0x")) == []


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("float16", "0x7fc00000"),
        ("float32", "0x7e00"),
        ("float32", "0x7ff8000000000000"),
        ("float64", "0x7fc00000"),
    ],
)
def test_a_float_fill_value_in_hex_of_another_width_is_refused(name: str, value: str) -> None:
    assert fill_kinds(name, value) == [(FILL, "invalid_value")]


@pytest.mark.parametrize("name", FLOATS)
@pytest.mark.parametrize("value", ["nan", "inf", "+Infinity", "0x", "1.5", ""])
def test_a_float_fill_value_string_that_is_no_spelling_is_refused(name: str, value: str) -> None:
    assert fill_kinds(name, value) == [(FILL, "invalid_value")]


@pytest.mark.parametrize("name", FLOATS)
@pytest.mark.parametrize("value", [float("nan"), float("inf"), float("-inf")])
def test_a_non_finite_float_fill_value_is_spelled_as_a_string(name: str, value: float) -> None:
    assert fill_kinds(name, value) == [(FILL, "invalid_value")]


@pytest.mark.parametrize("name", FLOATS)
@pytest.mark.parametrize("value", [True, None, [1.0], {"real": 1.0}])
def test_a_float_fill_value_of_another_json_type_is_refused(name: str, value: object) -> None:
    assert fill_kinds(name, value) == [(FILL, "invalid_type")]


@pytest.mark.parametrize(
    ("name", "too_large"),
    [("float16", 65536), ("float16", 1e10), ("float32", 1e39), ("float32", 1e300)],
)
def test_a_float_fill_number_past_the_width_rounds_to_an_infinity(
    name: str, too_large: float
) -> None:
    # The v3 spec rounds a fill number to the nearest representable value
    # (float16 1e10 is Infinity); zarr-python 3.4.2 opens such an array and
    # round-trips a chunk of it, with fill inf.
    assert fill_kinds(name, too_large) == []
    assert spelled(name, too_large) == spelled(name, "Infinity")
    assert spelled(name, -too_large) == spelled(name, "-Infinity")
    assert fill_kinds("float64", too_large) == []


@pytest.mark.parametrize("name", FLOATS)
def test_float_fill_values_of_one_value_spell_the_same(name: str) -> None:
    assert spelled(name, "NaN") == spelled(name, FLOAT_NAN_HEX[name])
    assert spelled(name, "Infinity") == spelled(name, FLOAT_INFINITY_HEX[name])
    assert spelled(name, 1) == spelled(name, 1.0)


@pytest.mark.parametrize("name", FLOATS)
def test_float_fill_values_of_different_values_spell_differently(name: str) -> None:
    assert spelled(name, 0.0) != spelled(name, -0.0)
    assert spelled(name, "NaN") != spelled(name, FLOAT_SIGNALLING_NAN_HEX[name])
    assert spelled(name, "Infinity") != spelled(name, "-Infinity")


def test_a_float_fill_value_is_rounded_at_its_data_types_width() -> None:
    # 0.1 and 0.10000000000000001 are one float64, and 0.1 and 0.1000000001 one float32.
    assert spelled("float32", 0.1) == spelled("float32", 0.1000000001)
    assert spelled("float64", 0.1) != spelled("float64", 0.1000000001)
    assert spelled("float16", 2049) == spelled("float16", 2048)


# --- complex ---------------------------------------------------------------------------------

COMPONENT_WIDTH = {"complex64": "float32", "complex128": "float64"}
COMPLEXES = tuple(COMPONENT_WIDTH)


@pytest.mark.parametrize("name", COMPLEXES)
@pytest.mark.parametrize(
    "value", [[0, 0], [1.5, -2], ["NaN", "Infinity"], ["-Infinity", -0.0], (1, 2)]
)
def test_a_complex_fill_value_is_a_pair_of_components(name: str, value: object) -> None:
    assert fill_kinds(name, value) == []


@pytest.mark.parametrize("name", COMPLEXES)
def test_a_complex_component_is_written_in_hex_of_the_component_width(name: str) -> None:
    component_nan = FLOAT_NAN_HEX[COMPONENT_WIDTH[name]]
    other = "0x7fc00000" if name == "complex128" else "0x7ff8000000000000"
    assert fill_kinds(name, [component_nan, 0]) == []
    assert fill_kinds(name, [0, other]) == [(("fill_value", 1), "invalid_value")]


@pytest.mark.parametrize("name", COMPLEXES)
@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ([1], [(FILL, "invalid_value")]),
        ([1, 2, 3], [(FILL, "invalid_value")]),
        ("NaN", [(FILL, "invalid_type")]),
        (1.0, [(FILL, "invalid_type")]),
        ([True, 0], [(("fill_value", 0), "invalid_type")]),
        ([0, None], [(("fill_value", 1), "invalid_type")]),
        (["nan", 0], [(("fill_value", 0), "invalid_value")]),
        (
            ["nan", "inf"],
            [(("fill_value", 0), "invalid_value"), (("fill_value", 1), "invalid_value")],
        ),
        ([float("nan"), 0], [(("fill_value", 0), "invalid_value")]),
    ],
)
def test_a_complex_fill_value_is_refused(name: str, value: object, expected: list[Any]) -> None:
    assert fill_kinds(name, value) == expected


@pytest.mark.parametrize("name", COMPLEXES)
def test_complex_fill_values_of_one_value_spell_the_same(name: str) -> None:
    component_nan = FLOAT_NAN_HEX[COMPONENT_WIDTH[name]]
    assert spelled(name, ["NaN", 1]) == spelled(name, [component_nan, 1.0])
    assert spelled(name, (0, 2)) == spelled(name, [0.0, 2.0])


@pytest.mark.parametrize("name", COMPLEXES)
def test_complex_fill_values_of_different_values_spell_differently(name: str) -> None:
    assert spelled(name, [0.0, 0.0]) != spelled(name, [-0.0, 0.0])
    assert spelled(name, [0.0, 0.0]) != spelled(name, [0.0, -0.0])
    assert spelled(name, [1, 2]) != spelled(name, [2, 1])


def test_a_complex64_component_is_rounded_to_a_float32() -> None:
    assert spelled("complex64", [0.1, 0]) == spelled("complex64", [0.1000000001, 0])
    assert spelled("complex128", [0.1, 0]) != spelled("complex128", [0.1000000001, 0])


# --- numpy.datetime64, numpy.timedelta64 -----------------------------------------------------


@pytest.mark.parametrize("name", TIME_TYPES)
@pytest.mark.parametrize("value", [0, -1, INT64_MIN, INT64_MAX, "NaT"])
def test_a_numpy_time_fill_value_is_an_int64_or_nat(name: str, value: object) -> None:
    assert fill_kinds(time_type(name), value) == []


@pytest.mark.parametrize("name", TIME_TYPES)
@pytest.mark.parametrize(
    ("value", "kind"),
    [
        (INT64_MAX + 1, "invalid_value"),
        (INT64_MIN - 1, "invalid_value"),
        ("nat", "invalid_value"),
        ("2020-01-01", "invalid_value"),
        (1.0, "invalid_type"),
        (True, "invalid_type"),
        (None, "invalid_type"),
    ],
)
def test_a_numpy_time_fill_value_is_refused(name: str, value: object, kind: str) -> None:
    assert fill_kinds(time_type(name), value) == [(FILL, kind)]


@pytest.mark.parametrize("name", TIME_TYPES)
def test_nat_is_spelled_nat_also_as_the_int64_minimum(name: str) -> None:
    # numpy stores NaT as the int64 minimum, so the two spellings are one value.
    assert spelled(time_type(name), INT64_MIN) == spelled(time_type(name), "NaT") == '"NaT"'


@pytest.mark.parametrize("name", TIME_TYPES)
@given(
    first=st.integers(INT64_MIN, INT64_MAX) | st.just("NaT"),
    second=st.integers(INT64_MIN, INT64_MAX) | st.just("NaT"),
)
def test_numpy_time_fill_values_spell_the_same_exactly_when_one_value(
    name: str, first: int | str, second: int | str
) -> None:
    def value(fill: int | str) -> int:
        return INT64_MIN if fill == "NaT" else int(fill)

    same = spelled(time_type(name), first) == spelled(time_type(name), second)
    assert same == (value(first) == value(second))
