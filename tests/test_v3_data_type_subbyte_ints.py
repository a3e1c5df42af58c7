"""The integer data types of fewer than 8 bits (int2, int4, uint2, uint4): fill values, storage, and the codecs that take them."""

from __future__ import annotations

import importlib
import json
import pickle
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from _v3_documents import LITTLE_BYTES, array_document, sharding_codec
from zarr_metadata.definition import (
    AcceptedField,
    canonical_fill_value,
    canonical_of,
    fill_value_problems,
    resolve,
)
from zarr_metadata.model import read_array_metadata_v3
from zarr_metadata.v3._field_kinds import DataTypeDefinition, storage_of
from zarr_metadata.v3._scopes import CORE_AND_EXTENSIONS
from zarr_metadata.v3.codec._arithmetic import ARITHMETIC_DATA_TYPE_NAMES
from zarr_metadata.v3.codec.packbits import PACKBITS_CODEC, PACKBITS_COMPONENT_BITS
from zarr_metadata.v3.data_type._extension_floats import EXTENSION_FLOAT_DATA_TYPES

REGISTRY = Path(__file__).resolve().parents[1].parent / "shared" / "registry" / "zarr-extensions"
needs_registry = pytest.mark.skipif(
    not REGISTRY.is_dir(),
    reason=f"the zarr-extensions registry is not beside the repository ({REGISTRY})",
)

# The bits and the range of each type, as ml_dtypes 0.6 has them (iinfo);
# ml_dtypes stores each value in a byte of its own, as the bytes codec does.
BITS = {"int2": 2, "int4": 4, "uint2": 2, "uint4": 4}
RANGES = {"int2": (-2, 1), "int4": (-8, 7), "uint2": (0, 3), "uint4": (0, 15)}
NAMES = sorted(BITS)
CORE = {"int2": "int8", "int4": "int8", "uint2": "uint8", "uint4": "uint8"}
"""The core integer type of the same sign, whose fill values are spelled the same way."""

MODULES = {name: importlib.import_module(f"zarr_metadata.v3.data_type.{name}") for name in NAMES}
DEFINITIONS: dict[str, DataTypeDefinition[Any]] = {
    name: getattr(module, f"{name.upper()}_DATA_TYPE") for name, module in MODULES.items()
}
(FLOAT8_E4M3_DATA_TYPE,) = (
    definition for definition in EXTENSION_FLOAT_DATA_TYPES if definition.name == "float8_e4m3"
)
SCOPE = CORE_AND_EXTENSIONS.update(
    data_types={
        **CORE_AND_EXTENSIONS.data_types,
        FLOAT8_E4M3_DATA_TYPE.name: FLOAT8_E4M3_DATA_TYPE,
        **DEFINITIONS,
    },
    codecs={**CORE_AND_EXTENSIONS.codecs, PACKBITS_CODEC.name: PACKBITS_CODEC},
)
LOC = ("fill_value",)


def data_type(name: str) -> AcceptedField[DataTypeDefinition[Any]]:
    field, problems = resolve(name, DataTypeDefinition, SCOPE)
    assert problems == ()
    assert isinstance(field, AcceptedField)
    return field


def problems_of(name: str, value: object) -> list[tuple[tuple[str | int, ...], str]]:
    return [
        (problem.loc, problem.kind) for problem in fill_value_problems(data_type(name), value, LOC)
    ]


def messages(name: str, value: object) -> list[str]:
    return [problem.message for problem in fill_value_problems(data_type(name), value, LOC)]


# --- the modules -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_each_module_names_its_definition_and_spellings(name: str) -> None:
    module = MODULES[name]
    upper, camel = name.upper(), name.capitalize()
    assert all(hasattr(module, public) for public in module.__all__)
    assert set(module.__all__) == {
        f"{upper}_DATA_TYPE",
        f"{upper}_DATA_TYPE_NAME",
        f"{camel}DataTypeName",
        f"{camel}FillValue",
    }
    assert DEFINITIONS[name].name == name == getattr(module, f"{upper}_DATA_TYPE_NAME")


@pytest.mark.parametrize("name", NAMES)
def test_each_definition_pickles_to_an_equal_one(name: str) -> None:
    copy = pickle.loads(pickle.dumps(DEFINITIONS[name]))
    assert copy == DEFINITIONS[name]
    assert hash(copy) == hash(DEFINITIONS[name])


@pytest.mark.parametrize("name", NAMES)
def test_nothing_is_configured_and_the_bare_name_is_the_spelling(name: str) -> None:
    for field in (name, {"name": name}, {"name": name, "configuration": {}}):
        assert canonical_of(*resolve(field, DataTypeDefinition, SCOPE)) == name
    field, problems = resolve(
        {"name": name, "configuration": {"bits": 2}}, DataTypeDefinition, SCOPE, ("data_type",)
    )
    assert [(problem.loc, problem.kind) for problem in problems] == [
        (("data_type", "configuration", "bits"), "unknown_key")
    ]
    assert not isinstance(field, AcceptedField)


@pytest.mark.parametrize("name", NAMES)
def test_each_value_is_stored_in_a_byte_of_its_own(name: str) -> None:
    assert storage_of(data_type(name)) == "single_byte"


# --- fill values -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_every_integer_of_the_range_is_a_fill_value_spelled_as_itself(name: str) -> None:
    low, high = RANGES[name]
    for value in range(low, high + 1):
        assert problems_of(name, value) == []
        spelled = canonical_fill_value(data_type(name), value)
        assert spelled == value and type(spelled) is int


@pytest.mark.parametrize("name", NAMES)
def test_an_integer_past_the_range_is_refused_with_the_range(name: str) -> None:
    low, high = RANGES[name]
    for value in (low - 1, high + 1, 255, -(2**63), 2**64):
        assert messages(name, value) == [f"expected an integer in [{low}, {high}], got {value}"]
        assert problems_of(name, value) == [(LOC, "invalid_value")]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(
    "value", [0.0, 1.0, -0.0, 0.5, 1e2, True, False, "1", "0x01", "NaN", None, [0], {}]
)
def test_anything_but_an_integer_is_refused(name: str, value: object) -> None:
    assert problems_of(name, value) == [(LOC, "invalid_type")]
    assert messages(name, value) == [f"expected an integer, got {json.dumps(value)}"]


JSON_SCALARS = st.one_of(
    st.integers(min_value=-300, max_value=300),
    st.integers(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.booleans(),
    st.none(),
    st.text(max_size=4),
)


@settings(max_examples=300, deadline=None)
@given(name=st.sampled_from(NAMES), value=JSON_SCALARS)
def test_fill_values_are_those_of_a_core_integer_type_narrowed_to_the_range(
    name: str, value: object
) -> None:
    low, high = RANGES[name]
    core = problems_of(CORE[name], value)
    if type(value) is int:
        assert problems_of(name, value) == (
            [] if low <= value <= high else [(LOC, "invalid_value")]
        )
    else:
        assert problems_of(name, value) == core == [(LOC, "invalid_type")]


# --- whole documents -----------------------------------------------------------------------


def document(name: str, fill_value: object, codecs: list[Any]) -> dict[str, Any]:
    return array_document(data_type=name, fill_value=fill_value, codecs=codecs)


def problems_in(
    name: str, fill_value: object, codecs: list[Any]
) -> list[tuple[tuple[str | int, ...], str]]:
    reading = read_array_metadata_v3(document(name, fill_value, codecs), context=SCOPE)
    return [(problem.loc, problem.kind) for problem in reading.problems]


@pytest.mark.parametrize("name", NAMES)
def test_bytes_needs_no_endian_and_takes_one(name: str) -> None:
    big = {"name": "bytes", "configuration": {"endian": "big"}}
    for codecs in (["bytes"], [LITTLE_BYTES], [big], [sharding_codec([5, 5], codecs=["bytes"])]):
        assert problems_in(name, RANGES[name][1], codecs) == []


@pytest.mark.parametrize("name", NAMES)
def test_a_fill_value_is_judged_where_the_document_writes_it(name: str) -> None:
    low, high = RANGES[name]
    assert problems_in(name, high + 1, ["bytes"]) == [(("fill_value",), "invalid_value")]
    assert problems_in(name, float(low), ["bytes"]) == [(("fill_value",), "invalid_type")]


@pytest.mark.parametrize("name", NAMES)
def test_arrays_are_equal_exactly_when_their_fill_values_are(name: str) -> None:
    def model(fill_value: int) -> object:
        reading = read_array_metadata_v3(document(name, fill_value, ["bytes"]), context=SCOPE)
        assert reading.problems == ()
        return reading.metadata

    low, high = RANGES[name]
    assert model(high) == model(high)
    assert model(low) != model(high)


# --- the codecs that take a data type ----------------------------------------------------------


def scale_offset(**configuration: object) -> dict[str, Any]:
    return {"name": "scale_offset", "configuration": configuration}


def cast_value(target: str, **configuration: object) -> dict[str, Any]:
    return {"name": "cast_value", "configuration": {"data_type": target, **configuration}}


AT_CODEC = ("codecs", 0, "configuration")


@pytest.mark.parametrize("name", NAMES)
def test_scale_offset_takes_offset_and_scale_of_the_type(name: str) -> None:
    low, high = RANGES[name]
    assert problems_in(name, 0, [scale_offset(offset=low, scale=high), "bytes"]) == []
    assert problems_in(name, 0, ["scale_offset", "bytes"]) == []
    assert problems_in(name, 0, [scale_offset(offset=low - 1, scale=high + 1), "bytes"]) == [
        ((*AT_CODEC, "offset"), "invalid_value"),
        ((*AT_CODEC, "scale"), "invalid_value"),
    ]
    assert problems_in(name, 0, [scale_offset(scale=0.5), "bytes"]) == [
        ((*AT_CODEC, "scale"), "invalid_type")
    ]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("out_of_range", ["clamp", "wrap"])
def test_cast_value_casts_to_the_type_and_bytes_then_needs_no_endian(
    name: str, out_of_range: str
) -> None:
    codec = cast_value(name, rounding="towards-zero", out_of_range=out_of_range)
    assert problems_in("float32", 0.0, [codec, "bytes"]) == []
    # A type of several bytes, in its place, needs one: the bytes codec receives the cast type.
    assert problems_in("float32", 0.0, [cast_value("int16"), "bytes"]) == [
        (("codecs", 1, "configuration", "endian"), "missing_key")
    ]


@pytest.mark.parametrize("name", NAMES)
def test_cast_value_judges_its_scalar_map_in_the_type_cast_to(name: str) -> None:
    low, high = RANGES[name]
    valid = {"encode": [["NaN", low], ["Infinity", high]], "decode": [[low, "NaN"]]}
    assert problems_in("float32", 0.0, [cast_value(name, scalar_map=valid), "bytes"]) == []
    invalid = {"encode": [["NaN", high + 1]], "decode": [[low - 1, "NaN"]]}
    assert problems_in("float32", 0.0, [cast_value(name, scalar_map=invalid), "bytes"]) == [
        ((*AT_CODEC, "scalar_map", "encode", 0, 1), "invalid_value"),
        ((*AT_CODEC, "scalar_map", "decode", 0, 0), "invalid_value"),
    ]


@pytest.mark.parametrize("name", NAMES)
def test_cast_value_casts_from_the_type_and_judges_its_side_of_the_scalar_map(name: str) -> None:
    low, high = RANGES[name]
    valid = {"encode": [[low, "NaN"]], "decode": [["NaN", high]]}
    assert problems_in(name, 0, [cast_value("float8_e4m3", scalar_map=valid), "bytes"]) == []
    invalid = {"encode": [[high + 1, "NaN"]], "decode": [["NaN", 0.5]]}
    assert problems_in(name, 0, [cast_value("float8_e4m3", scalar_map=invalid), "bytes"]) == [
        ((*AT_CODEC, "scalar_map", "encode", 0, 0), "invalid_value"),
        ((*AT_CODEC, "scalar_map", "decode", 0, 1), "invalid_type"),
    ]


@pytest.mark.parametrize(
    ("source", "target"), [(source, target) for source in NAMES for target in NAMES]
)
def test_cast_value_casts_between_the_small_integers(source: str, target: str) -> None:
    assert problems_in(source, 0, [cast_value(target, out_of_range="clamp"), "bytes"]) == []


@pytest.mark.parametrize("name", NAMES)
def test_packbits_keeps_the_bits_of_the_type(name: str) -> None:
    bits = BITS[name]
    assert problems_in(name, 0, ["packbits"]) == []
    within = {"name": "packbits", "configuration": {"first_bit": 0, "last_bit": bits - 1}}
    assert problems_in(name, 0, [within]) == []
    past = {"name": "packbits", "configuration": {"last_bit": bits}}
    reading = read_array_metadata_v3(document(name, 0, [past]), context=SCOPE)
    assert [(problem.loc, problem.kind) for problem in reading.problems] == [
        ((*AT_CODEC, "last_bit"), "invalid_value")
    ]
    assert (
        reading.problems[0].message
        == f"expected a last_bit below {bits}, the bits of each component of {name}, got {bits}"
    )


# --- the registry --------------------------------------------------------------------------


def readme(folder: str) -> str:
    """A README of the registry, its lines joined, as sentences break across them."""
    return " ".join((REGISTRY / folder / "README.md").read_text(encoding="utf-8").split())


@needs_registry
@pytest.mark.parametrize("name", NAMES)
def test_the_range_is_the_one_the_registry_gives(name: str) -> None:
    text = readme(f"data-types/{name}")
    assert f'specified as `"{name}"`' in text
    stated = re.search(r"integer in the range `\[(-?\d+), (-?\d+)\]`", text)
    assert stated is not None
    low, high = int(stated.group(1)), int(stated.group(2))
    assert (low, high) == RANGES[name]
    assert problems_of(name, low) == problems_of(name, high) == []
    assert problems_of(name, low - 1) == problems_of(name, high + 1) == [(LOC, "invalid_value")]
    assert "fill value is specified in the same way as the core integer data types" in text


@needs_registry
@pytest.mark.parametrize("name", NAMES)
def test_bytes_and_packbits_store_it_as_the_registry_says(name: str) -> None:
    text = readme(f"data-types/{name}")
    layout = re.search(r"Encoded as a 1-byte value, `0b(I*)(X*)`", text)
    assert (
        layout is not None
        and len(layout.group(2)) == BITS[name]
        and len(layout.group(1)) == 8 - BITS[name]
    )
    assert 'The `"endian"` parameter has no effect.' in text
    assert storage_of(data_type(name)) == "single_byte"
    packed = re.search(r"### packbits Encoded as a (\d+)-bit value", text)
    assert (
        packed is not None and int(packed.group(1)) == BITS[name] == PACKBITS_COMPONENT_BITS[name]
    )


@needs_registry
@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("codec", ["scale_offset", "cast_value"])
def test_the_codecs_with_arithmetic_list_it(name: str, codec: str) -> None:
    assert f"`{name}`" in readme(f"codecs/{codec}")
    assert name in ARITHMETIC_DATA_TYPE_NAMES


@needs_registry
@pytest.mark.parametrize("name", NAMES)
def test_the_forms_the_registry_schema_allows_are_read(name: str) -> None:
    schema = json.loads(
        (REGISTRY / "data-types" / name / "schema.json").read_text(encoding="utf-8")
    )
    (as_object, as_name) = schema["oneOf"]
    assert as_name == {"const": name}
    assert as_object["properties"]["name"] == {"const": name}
    assert as_object["properties"]["configuration"] == {
        "type": "object",
        "additionalProperties": False,
    }
    for field in (name, {"name": name}, {"name": name, "configuration": {}}):
        assert resolve(field, DataTypeDefinition, SCOPE)[1] == ()
    assert resolve({"name": name, "configuration": {"x": 1}}, DataTypeDefinition, SCOPE)[1] != ()
