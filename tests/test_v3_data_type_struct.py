"""The v3 struct data type: its fields' data types read as nested fields, its rules, storage and fill values."""

from __future__ import annotations

import json
from typing import Any

import pytest

from zarr_metadata._json import UNSET, JSONValue, Problems
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
from zarr_metadata.v3._context import ZarrV3Context
from zarr_metadata.v3._field_kinds import DataTypeDefinition, storage_of
from zarr_metadata.v3.data_type.bool import BOOL_DATA_TYPE
from zarr_metadata.v3.data_type.bytes import BYTES_DATA_TYPE
from zarr_metadata.v3.data_type.float32 import FLOAT32_DATA_TYPE
from zarr_metadata.v3.data_type.int8 import INT8_DATA_TYPE
from zarr_metadata.v3.data_type.int32 import INT32_DATA_TYPE
from zarr_metadata.v3.data_type.numpy_datetime64 import NUMPY_DATETIME64_DATA_TYPE
from zarr_metadata.v3.data_type.raw import RAW_BYTES_DATA_TYPE
from zarr_metadata.v3.data_type.string import STRING_DATA_TYPE
from zarr_metadata.v3.data_type.struct import STRUCT_DATA_TYPE
from zarr_metadata.v3.data_type.uint8 import UINT8_DATA_TYPE

SCOPE = ZarrV3Context(
    data_types=[
        STRUCT_DATA_TYPE,
        BOOL_DATA_TYPE,
        INT8_DATA_TYPE,
        UINT8_DATA_TYPE,
        INT32_DATA_TYPE,
        FLOAT32_DATA_TYPE,
        STRING_DATA_TYPE,
        BYTES_DATA_TYPE,
        RAW_BYTES_DATA_TYPE,
        NUMPY_DATETIME64_DATA_TYPE,
    ]
)
AT = ("data_type",)
FIELDS = ("data_type", "configuration", "fields")
FILL = ("fill_value",)


def struct(*fields: tuple[str, JSONValue]) -> dict[str, JSONValue]:
    return {
        "name": "struct",
        "configuration": {
            "fields": [{"name": name, "data_type": data_type} for name, data_type in fields]
        },
    }


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
    field, _ = read(data_type)
    assert isinstance(field, AcceptedField)
    return kinds(fill_value_problems(field, value, FILL))


def spelled(data_type: object, value: object) -> str:
    field, _ = read(data_type)
    canonical = canonical_fill_value(field, value)
    assert canonical is not UNSET
    return json.dumps(canonical)


POINT = struct(("x", "int32"), ("y", {"name": "float32"}), ("ok", "bool"))


# --- configuration ---------------------------------------------------------------------------


def test_a_struct_reads_its_field_data_types_in_the_same_scope() -> None:
    field = accepted(POINT)
    assert set(field.nested) == {
        ("fields", 0, "data_type"),
        ("fields", 1, "data_type"),
        ("fields", 2, "data_type"),
    }
    assert field.nested[("fields", 0, "data_type")].definition is INT32_DATA_TYPE
    assert field.nested[("fields", 1, "data_type")].definition is FLOAT32_DATA_TYPE
    assert field.nested[("fields", 2, "data_type")].definition is BOOL_DATA_TYPE


def test_the_canonical_spelling_of_a_struct_spells_its_field_data_types_canonically() -> None:
    data = struct(
        ("x", {"name": "int32", "configuration": {}}),
        ("t", {"name": "numpy.datetime64", "configuration": {"unit": "μs", "scale_factor": 1}}),
        ("r", {"name": "r16"}),
    )
    field, problems = read(data)
    expected = struct(
        ("x", "int32"),
        ("t", {"name": "numpy.datetime64", "configuration": {"unit": "us", "scale_factor": 1}}),
        ("r", "r16"),
    )
    assert json.dumps(canonical_of(field, problems)) == json.dumps(expected)


def test_a_struct_of_no_fields_is_refused() -> None:
    field, problems = read(struct())
    assert isinstance(field, RefusedField)
    assert kinds(problems) == [(FIELDS, "invalid_value")]


def test_a_struct_field_name_used_twice_is_refused_at_its_second_use() -> None:
    _, problems = read(struct(("x", "int8"), ("y", "int8"), ("x", "int32")))
    assert kinds(problems) == [((*FIELDS, 2, "name"), "invalid_value")]


def test_an_empty_struct_field_name_is_refused() -> None:
    _, problems = read(struct(("x", "int8"), ("", "int8")))
    assert kinds(problems) == [((*FIELDS, 1, "name"), "invalid_value")]


@pytest.mark.parametrize("variable", ["string", "bytes"])
def test_a_struct_field_whose_values_vary_in_size_is_refused(variable: str) -> None:
    field, problems = read(struct(("x", "int8"), ("s", variable)))
    assert isinstance(field, RefusedField)
    assert kinds(problems) == [((*FIELDS, 1, "data_type"), "invalid_value")]


def test_a_struct_field_of_a_data_type_nothing_claims_is_kept_unclaimed() -> None:
    field = accepted(
        struct(("x", "int8"), ("z", {"name": "acme.thing", "configuration": {"k": 1}}))
    )
    assert isinstance(field.nested[("fields", 1, "data_type")], UnclaimedField)


def test_problems_of_a_field_data_type_are_located_where_it_sits() -> None:
    field, problems = read(
        struct(
            ("x", "int8"),
            ("t", {"name": "numpy.datetime64", "configuration": {"unit": "s", "scale_factor": 0}}),
            ("r", "r12"),
            ("u", {"name": "int8", "must_understand": False}),
        )
    )
    assert kinds(problems) == [
        ((*FIELDS, 1, "data_type", "configuration", "scale_factor"), "invalid_value"),
        ((*FIELDS, 2, "data_type"), "invalid_value"),
        ((*FIELDS, 3, "data_type", "must_understand"), "invalid_value"),
    ]
    # The struct's own configuration has no problem, so it is still read.
    assert isinstance(field, AcceptedField)
    assert isinstance(field.nested[("fields", 1, "data_type")], RefusedField)


@pytest.mark.parametrize(
    ("configuration", "expected"),
    [
        ({}, [(("data_type", "configuration", "fields"), "missing_key")]),
        ({"fields": {"x": "int8"}}, [(("data_type", "configuration", "fields"), "invalid_type")]),
        (
            {"fields": [{"name": "x"}]},
            [((*FIELDS, 0, "data_type"), "missing_key")],
        ),
        (
            {"fields": [{"name": "x", "data_type": "int8", "offset": 0}]},
            [((*FIELDS, 0, "offset"), "unknown_key")],
        ),
        (
            {"fields": [{"name": 1, "data_type": "int8"}]},
            [((*FIELDS, 0, "name"), "invalid_type")],
        ),
        (
            {"fields": [["x", "int8"]]},
            [((*FIELDS, 0), "invalid_type")],
        ),
        (
            {"fields": [{"name": "x", "data_type": "int8"}], "packed": True},
            [(("data_type", "configuration", "packed"), "unknown_key")],
        ),
    ],
)
def test_a_struct_configuration_of_the_wrong_shape_is_refused(
    configuration: dict[str, JSONValue], expected: list[Any]
) -> None:
    field, problems = read({"name": "struct", "configuration": configuration})
    assert isinstance(field, RefusedField)
    assert kinds(problems) == expected


def test_a_struct_requires_a_configuration() -> None:
    _, problems = read("struct")
    assert kinds(problems) == [(("data_type", "configuration"), "missing_key")]


# --- storage ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "storage"),
    [
        ((("a", "int8"), ("b", "uint8"), ("c", "bool"), ("d", "r24")), "single_byte"),
        ((("a", "int8"), ("b", "int32")), "multi_byte"),
        ((("a", "int8"), ("b", struct(("c", "uint8")))), "single_byte"),
        ((("a", "int8"), ("b", struct(("c", "float32")))), "multi_byte"),
        ((("a", "int8"), ("b", "acme.thing")), None),
        # A field of several bytes needs a byte order, whatever the unknown field is.
        ((("a", "int32"), ("b", "acme.thing")), "multi_byte"),
    ],
)
def test_the_storage_of_a_struct_comes_from_its_fields(
    fields: tuple[tuple[str, JSONValue], ...], storage: str | None
) -> None:
    assert storage_of(accepted(struct(*fields))) == storage


def test_the_storage_of_a_struct_with_a_refused_field_is_unknown() -> None:
    field, _ = read(struct(("a", "int8"), ("b", "r12")))
    assert isinstance(field, AcceptedField)
    assert storage_of(field) is None


def test_a_struct_holding_a_refused_struct_is_refused_only_where_the_problem_is() -> None:
    _, problems = read(struct(("a", "int8"), ("b", struct(("s", "string")))))
    assert kinds(problems) == [
        ((*FIELDS, 1, "data_type", "configuration", "fields", 0, "data_type"), "invalid_value")
    ]


# --- fill values -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "value",
    [
        {"x": 1, "y": 0.5, "ok": True},
        {"ok": False, "y": "NaN", "x": -(2**31)},
        {"x": 0, "y": "0x7fc00000", "ok": True},
    ],
)
def test_a_struct_fill_value_has_one_fill_per_field(value: object) -> None:
    assert fill_kinds(POINT, value) == []


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ({"x": 1, "y": 0.5}, [(("fill_value", "ok"), "missing_key")]),
        ({}, [(("fill_value", name), "missing_key") for name in ("x", "y", "ok")]),
        ({"x": 1, "y": 0.5, "ok": True, "z": 0}, [(("fill_value", "z"), "unknown_key")]),
        ({"x": 2**31, "y": 0.5, "ok": True}, [(("fill_value", "x"), "invalid_value")]),
        ({"x": 1, "y": "0x7e00", "ok": True}, [(("fill_value", "y"), "invalid_value")]),
        ({"x": 1, "y": 0.5, "ok": 1}, [(("fill_value", "ok"), "invalid_type")]),
        (
            {"x": 1.5, "ok": None, "w": 1},
            [
                (("fill_value", "x"), "invalid_type"),
                (("fill_value", "y"), "missing_key"),
                (("fill_value", "ok"), "invalid_type"),
                (("fill_value", "w"), "unknown_key"),
            ],
        ),
        ([1, 0.5, True], [(FILL, "invalid_type")]),
        (None, [(FILL, "invalid_type")]),
    ],
)
def test_a_struct_fill_value_is_refused(value: object, expected: list[Any]) -> None:
    assert fill_kinds(POINT, value) == expected


def test_a_nested_struct_fill_value_is_judged_where_it_sits() -> None:
    outer = struct(("p", struct(("a", "int8"))), ("b", "uint8"))
    assert fill_kinds(outer, {"p": {"a": 1}, "b": 2}) == []
    assert fill_kinds(outer, {"p": {"a": 128, "c": 0}, "b": 2}) == [
        (("fill_value", "p", "a"), "invalid_value"),
        (("fill_value", "p", "c"), "unknown_key"),
    ]


def test_a_fill_for_a_field_nothing_claims_is_any_json() -> None:
    data_type = struct(("x", "int8"), ("z", "acme.thing"))
    assert fill_kinds(data_type, {"x": 1, "z": {"anything": [1, "two"]}}) == []
    assert fill_kinds(data_type, {"x": 1, "z": float("nan")}) == [
        (("fill_value", "z"), "invalid_value")
    ]


def test_struct_fill_values_of_one_value_spell_the_same() -> None:
    assert spelled(POINT, {"x": 1, "y": "NaN", "ok": True}) == spelled(
        POINT, {"ok": True, "y": "0x7fc00000", "x": 1}
    )
    assert spelled(POINT, {"x": 1, "y": 1, "ok": True}) == spelled(
        POINT, {"x": 1, "y": 1.0, "ok": True}
    )


def test_struct_fill_values_are_spelled_in_the_order_of_the_fields() -> None:
    assert spelled(POINT, {"ok": True, "y": 2, "x": 1}) == '{"x": 1, "y": 2.0, "ok": true}'


def test_struct_fill_values_of_different_values_spell_differently() -> None:
    base = spelled(POINT, {"x": 1, "y": 0.0, "ok": True})
    assert base != spelled(POINT, {"x": 1, "y": -0.0, "ok": True})
    assert base != spelled(POINT, {"x": 2, "y": 0.0, "ok": True})
    assert base != spelled(POINT, {"x": 1, "y": 0.0, "ok": False})


def test_nested_struct_fill_values_are_spelled_canonically() -> None:
    seconds = {"name": "numpy.datetime64", "configuration": {"unit": "s", "scale_factor": 1}}
    outer = struct(("p", struct(("t", seconds))), ("b", "uint8"))
    assert spelled(outer, {"b": 0, "p": {"t": -(2**63)}}) == '{"p": {"t": "NaT"}, "b": 0}'


def test_a_fill_for_a_field_nothing_claims_is_spelled_as_written() -> None:
    data_type = struct(("z", "acme.thing"), ("x", "float32"))
    assert spelled(data_type, {"x": "0x7fc00000", "z": [1, 2]}) == '{"z": [1, 2], "x": "NaN"}'


def test_a_fill_for_a_refused_field_is_spelled_as_written() -> None:
    data_type = struct(("r", "r12"), ("x", "int8"))
    assert spelled(data_type, {"x": 1, "r": [1.5]}) == '{"r": [1.5], "x": 1}'
