"""The complex data types of the extensions (complex_bfloat16, complex_float4 to complex_float64): fill values, one spelling per value, storage, and the codecs that take them."""

from __future__ import annotations

import json
import pickle
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from _v3_documents import LITTLE_BYTES, array_document, sharding_codec
from zarr_metadata._json import UNSET
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
from zarr_metadata.v3.codec.packbits import PACKBITS_CODEC
from zarr_metadata.v3.data_type._extension_floats import (
    EXTENSION_COMPLEX_DATA_TYPES,
    EXTENSION_FLOAT_DATA_TYPES,
    FLOAT8_E4M3FN_DATA_TYPE,
)
from zarr_metadata.v3.data_type._float_format import EXTENSION_FORMATS as FORMATS

REGISTRY = Path(__file__).resolve().parents[1].parent / "shared" / "registry" / "zarr-extensions"
needs_registry = pytest.mark.skipif(
    not REGISTRY.is_dir(),
    reason=f"the zarr-extensions registry is not beside the repository ({REGISTRY})",
)

IEEE_WIDTHS = {"float16": 16, "float32": 32, "float64": 64}
COMPONENTS: dict[str, str] = {
    ("complex_bfloat16" if component == "bfloat16" else f"complex_{component}"): component
    for component in [*IEEE_WIDTHS, *FORMATS]
    if component != "float8_e4m3fn"  # tensorstore's, which has no complex type
}
"""Each complex type, and the type of its real and imaginary components."""
NAMES = sorted(COMPONENTS)
ALIASES = {"complex_float32": "complex64", "complex_float64": "complex128"}
"""The complex types that are a core type under another name."""
PACKED = {
    "complex_float4_e2m1fn": 4,
    "complex_float6_e2m3fn": 6,
    "complex_float6_e3m2fn": 6,
    "complex_bfloat16": 16,
    "complex_float32": 32,
    "complex_float64": 64,
}
"""The complex types packbits encodes, and the bits of each component."""

DEFINITIONS: dict[str, DataTypeDefinition[Any]] = {
    definition.name: definition for definition in EXTENSION_COMPLEX_DATA_TYPES
}
MINIFLOATS: dict[str, DataTypeDefinition[Any]] = {
    definition.name: definition
    for definition in (*EXTENSION_FLOAT_DATA_TYPES, FLOAT8_E4M3FN_DATA_TYPE)
}
SCOPE = CORE_AND_EXTENSIONS.update(
    data_types={**CORE_AND_EXTENSIONS.data_types, **MINIFLOATS, **DEFINITIONS},
    codecs={**CORE_AND_EXTENSIONS.codecs, PACKBITS_CODEC.name: PACKBITS_CODEC},
)
LOC = ("fill_value",)
MULTI_BYTE = [
    name for name in NAMES if COMPONENTS[name] in IEEE_WIDTHS or COMPONENTS[name] == "bfloat16"
]
SINGLE_BYTE = [name for name in NAMES if name not in MULTI_BYTE]


def data_type(name: str) -> AcceptedField[DataTypeDefinition[Any]]:
    field, problems = resolve(name, DataTypeDefinition, SCOPE)
    assert problems == ()
    assert isinstance(field, AcceptedField)
    return field


def problems_of(
    name: str, value: object, loc: tuple[str | int, ...] = LOC
) -> list[tuple[tuple[str | int, ...], str]]:
    return [
        (problem.loc, problem.kind) for problem in fill_value_problems(data_type(name), value, loc)
    ]


def spelling(name: str, value: object) -> str:
    """The canonical spelling of a valid fill value, as JSON text, the way fill values compare: 0.0 and -0.0 differ."""
    spelled = canonical_fill_value(data_type(name), value)
    assert spelled is not UNSET
    return json.dumps(spelled)


def hex_digits(component: str) -> int:
    return (
        IEEE_WIDTHS[component] // 4 if component in IEEE_WIDTHS else FORMATS[component].hex_digits
    )


def names_of(component: str) -> tuple[str, ...]:
    """The names ("NaN", ...) a fill value of the component may be."""
    return (
        ("NaN", "Infinity", "-Infinity") if component in IEEE_WIDTHS else FORMATS[component].names
    )


def one(name: str) -> float:
    """A number every component type holds exactly (float8_e8m0fnu has no zero, and no sign)."""
    return 1.0 if COMPONENTS[name] == "float8_e8m0fnu" else -0.5


# --- the modules -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_each_definition_is_filed_under_its_name(name: str) -> None:
    assert DEFINITIONS[name].name == name
    assert sorted(DEFINITIONS) == NAMES


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
        {"name": name, "configuration": {"bits": 8}}, DataTypeDefinition, SCOPE, ("data_type",)
    )
    assert [(problem.loc, problem.kind) for problem in problems] == [
        (("data_type", "configuration", "bits"), "unknown_key")
    ]
    assert not isinstance(field, AcceptedField)


@pytest.mark.parametrize("name", NAMES)
def test_components_of_two_bytes_or_more_have_a_byte_order(name: str) -> None:
    assert storage_of(data_type(name)) == ("multi_byte" if name in MULTI_BYTE else "single_byte")


# --- fill values: a pair of component fill values ---------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_a_pair_of_component_values_is_a_fill_value(name: str) -> None:
    zeros = "0x" + "0" * hex_digits(COMPONENTS[name])
    assert problems_of(name, [one(name), 1]) == []
    assert problems_of(name, (1, one(name))) == []
    assert problems_of(name, [zeros, zeros.upper().replace("0X", "0x")]) == []


@pytest.mark.parametrize("name", NAMES)
def test_one_string_of_the_whole_value_is_no_fill_value(name: str) -> None:
    # Hex names the bits of one component; the whole value is always a pair.
    whole = "0x" + "0" * (2 * hex_digits(COMPONENTS[name]))
    for value in (whole, "NaN", 1.0, 0, None, True, {"real": 0, "imag": 0}):
        assert problems_of(name, value) == [(LOC, "invalid_type")]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("value", [[], [1.0], [1.0, 1.0, 1.0]])
def test_a_pair_has_exactly_two_items(name: str, value: list[float]) -> None:
    assert problems_of(name, value) == [(LOC, "invalid_value")]
    (problem,) = fill_value_problems(data_type(name), value, LOC)
    assert problem.message == f"expected an array of exactly 2 items, got {len(value)}"


@pytest.mark.parametrize("name", NAMES)
def test_a_component_that_is_no_number_or_string_is_refused_where_it_is(name: str) -> None:
    assert problems_of(name, [True, 1]) == [((*LOC, 0), "invalid_type")]
    assert problems_of(name, [1, None]) == [((*LOC, 1), "invalid_type")]
    assert problems_of(name, [[1], {}]) == [
        ((*LOC, 0), "invalid_type"),
        ((*LOC, 1), "invalid_type"),
    ]


@pytest.mark.parametrize("name", NAMES)
def test_the_names_are_accepted_exactly_where_the_component_has_them(name: str) -> None:
    has = names_of(COMPONENTS[name])
    for special in ("NaN", "Infinity", "-Infinity"):
        expected = [] if special in has else [((*LOC, 1), "invalid_value")]
        assert problems_of(name, [1, special]) == expected
    assert problems_of(name, ["nan", 1]) == [((*LOC, 0), "invalid_value")]


@pytest.mark.parametrize("name", NAMES)
def test_hex_has_the_digits_of_one_component(name: str) -> None:
    digits = hex_digits(COMPONENTS[name])
    for other in {2, 4, 8, 16} - {digits}:
        assert problems_of(name, [1, "0x" + "0" * other]) == [((*LOC, 1), "invalid_value")]


@pytest.mark.parametrize(
    ("name", "accepted", "refused"),
    [
        ("complex_float4_e2m1fn", "0x0f", "0x10"),
        ("complex_float6_e2m3fn", "0x3f", "0x40"),
        ("complex_float6_e3m2fn", "0x3f", "0xff"),
    ],
)
def test_hex_names_only_the_bits_a_component_has(name: str, accepted: str, refused: str) -> None:
    assert problems_of(name, [accepted, refused]) == [((*LOC, 1), "invalid_value")]


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        (
            "complex_float8_e4m3fnuz",
            [0, "Infinity"],
            'expected "NaN" or "0x" and 2 hex digits for a float8_e4m3fnuz, which has no infinities, got "Infinity"',
        ),
        (
            "complex_float4_e2m1fn",
            [0, "NaN"],
            'expected "0x" and 2 hex digits for a float4_e2m1fn, which has no NaN and no infinities, got "NaN"',
        ),
        (
            "complex_float8_e8m0fnu",
            [1, 0],
            "expected a positive number for a float8_e8m0fnu, which has no sign and no zero, got 0",
        ),
    ],
)
def test_a_refused_component_says_what_its_type_takes(
    name: str, value: object, message: str
) -> None:
    assert [problem.message for problem in fill_value_problems(data_type(name), value, LOC)] == [
        message
    ]


# Strings and numbers that some component types take and others refuse.
COMPONENT_STRINGS = [
    "NaN", "Infinity", "-Infinity", "nan", "+Infinity", "", "1.0", "0X00",
    "0x00", "0x0f", "0x10", "0x3f", "0x40", "0x7c", "0x80", "0xff",
    "0x7e00", "0x7fc0", "0xffff", "0x7fc00000", "0x7ff8000000000000",
]  # fmt: skip
COMPONENT_VALUES = st.one_of(
    st.sampled_from(COMPONENT_STRINGS),
    st.integers(min_value=-70000, max_value=70000),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(
        [
            -0.0,
            1e-300,
            6.0,
            7.0,
            240.0,
            248.0,
            57344.0,
            65504.0,
            65520.0,
            2.0**127,
            10**400,
            True,
            None,
        ]
    ),
)


@settings(max_examples=400, deadline=None)
@given(name=st.sampled_from(NAMES), real=COMPONENT_VALUES, imaginary=COMPONENT_VALUES)
def test_each_component_is_judged_and_spelled_as_a_fill_value_of_its_type(
    name: str, real: object, imaginary: object
) -> None:
    component = data_type(COMPONENTS[name])

    def found(
        field: AcceptedField[DataTypeDefinition[Any]], value: object, loc: tuple[str | int, ...]
    ) -> list[tuple[object, ...]]:
        return [
            (problem.loc, problem.kind, problem.message)
            for problem in fill_value_problems(field, value, loc)
        ]

    expected = found(component, real, (*LOC, 0)) + found(component, imaginary, (*LOC, 1))
    shapes = [problem for problem in expected if problem[1] == "invalid_type"]
    # A pair whose shape is wrong is judged no further: its components' rules wait for the shape.
    assert found(data_type(name), [real, imaginary], LOC) == (shapes or expected)
    if not expected:
        parts = [canonical_fill_value(component, real), canonical_fill_value(component, imaginary)]
        assert spelling(name, [real, imaginary]) == json.dumps(parts)


# --- one spelling per value -------------------------------------------------------------------


IEEE_NAN_HEX = {"float16": "0x7e00", "float32": "0x7fc00000", "float64": "0x7ff8000000000000"}


def nan_hex(component: str) -> str | None:
    """The bits "NaN" spells for the component, in hex; None when it has no NaN."""
    if component in IEEE_NAN_HEX:
        return IEEE_NAN_HEX[component]
    fmt = FORMATS[component]
    return None if fmt.nan_pattern is None else f"0x{fmt.nan_pattern:0{fmt.hex_digits}x}"


@pytest.mark.parametrize("name", NAMES)
def test_equal_values_spelled_differently_spell_alike(name: str) -> None:
    value = one(name)
    assert spelling(name, [value, 1]) == spelling(name, (value, 1.0))
    nan = nan_hex(COMPONENTS[name])
    if nan is not None:
        upper = "0x" + nan[2:].upper()
        assert spelling(name, ["NaN", 1]) == spelling(name, [nan, 1]) == spelling(name, [upper, 1])
        assert json.loads(spelling(name, [nan, upper])) == ["NaN", "NaN"]


@pytest.mark.parametrize("name", NAMES)
def test_different_values_spell_differently(name: str) -> None:
    low, high = (1.0, 2.0) if COMPONENTS[name] == "float8_e8m0fnu" else (0.0, 1.0)
    assert spelling(name, [low, high]) != spelling(name, [high, low])
    if FORMATS.get(COMPONENTS[name]) is None or FORMATS[COMPONENTS[name]].negative_zero:
        assert spelling(name, [0.0, 1.0]) != spelling(name, [-0.0, 1.0])
        assert spelling(name, [1.0, 0.0]) != spelling(name, [1.0, -0.0])


@pytest.mark.parametrize(
    "name", ["complex_float8_e4m3fnuz", "complex_float8_e5m2fnuz", "complex_float8_e4m3b11fnuz"]
)
def test_a_negative_zero_component_is_the_one_zero_of_an_fnuz_type(name: str) -> None:
    assert spelling(name, [-0.0, -0.0]) == spelling(name, [0, 0]) == "[0.0, 0.0]"


# The bits ml_dtypes 0.6 gives each component of complex(real, imaginary)
# cast to complex32 (complex_float16) and bcomplex32 (complex_bfloat16).
ML_DTYPES_BITS: dict[str, list[tuple[tuple[float, float], tuple[int, int]]]] = {
    "complex_float16": [
        ((0.1, -7.25), (0x2E66, 0xC740)),
        ((1 / 3, 1e-30), (0x3555, 0x0000)),
        ((65519.0, -65504.0), (0x7BFF, 0xFBFF)),
        ((2.5, 3.5), (0x4100, 0x4300)),
        ((1e-8, -6e-8), (0x0000, 0x8001)),
        ((257.0, 259.0), (0x5C04, 0x5C0C)),
        ((-0.0, 0.0), (0x8000, 0x0000)),
    ],
    "complex_bfloat16": [
        ((0.1, -7.25), (0x3DCD, 0xC0E8)),
        ((1 / 3, 1e-30), (0x3EAB, 0x0DA2)),
        ((65519.0, -65520.0), (0x4780, 0xC780)),
        ((2.5, 3.5), (0x4020, 0x4060)),
        ((1e-8, -6e-8), (0x322C, 0xB381)),
        ((257.0, 259.0), (0x4380, 0x4382)),
        ((-0.0, 0.0), (0x8000, 0x0000)),
    ],
}


@pytest.mark.parametrize(
    ("name", "value", "bits"),
    [(name, value, bits) for name, rows in ML_DTYPES_BITS.items() for value, bits in rows],
)
def test_components_round_as_ml_dtypes_rounds_them(
    name: str, value: tuple[float, float], bits: tuple[int, int]
) -> None:
    assert spelling(name, list(value)) == spelling(name, [f"0x{part:04x}" for part in bits])


def test_a_complex_float16_component_past_the_largest_float16_rounds_to_an_infinity() -> None:
    # ml_dtypes rounds 65520 to an infinity, and so does the v3 spec's rule
    # for a float fill number: to the nearest representable value.
    assert problems_of("complex_float16", [65519, -65520]) == []
    assert spelling("complex_float16", [65519, -65520]) == spelling(
        "complex_float16", [65504, "-Infinity"]
    )


@pytest.mark.parametrize(("name", "core"), sorted(ALIASES.items()))
@pytest.mark.parametrize(
    "value",
    [
        [0, 0],
        [0.1, -0.0],
        ["NaN", "0x7fc00000"],
        ["0x7ff8000000000000", 1],
        [1e39, 1],
        [1e300, "-Infinity"],
        [True, "nan"],
        [1],
        "0x00",
    ],
)
def test_an_alias_reads_and_spells_as_the_core_type_does(
    name: str, core: str, value: object
) -> None:
    assert problems_of(name, value) == problems_of(core, value)
    if not problems_of(name, value):
        assert spelling(name, value) == spelling(core, value)
    assert storage_of(data_type(name)) == storage_of(data_type(core))


# --- whole documents -----------------------------------------------------------------------


def document(name: str, fill_value: object, codecs: list[Any]) -> dict[str, Any]:
    return array_document(data_type=name, fill_value=fill_value, codecs=codecs)


def problems_in(
    name: str, fill_value: object, codecs: list[Any]
) -> list[tuple[tuple[str | int, ...], str]]:
    reading = read_array_metadata_v3(document(name, fill_value, codecs), context=SCOPE)
    return [(problem.loc, problem.kind) for problem in reading.problems]


BIG_BYTES = {"name": "bytes", "configuration": {"endian": "big"}}
NO_ENDIAN = [(("codecs", 0, "configuration", "endian"), "missing_key")]


@pytest.mark.parametrize("name", NAMES)
def test_bytes_needs_an_endian_exactly_for_components_of_several_bytes(name: str) -> None:
    fill = [one(name), 1]
    assert problems_in(name, fill, ["bytes"]) == (NO_ENDIAN if name in MULTI_BYTE else [])
    assert problems_in(name, fill, [LITTLE_BYTES]) == []
    assert problems_in(name, fill, [BIG_BYTES]) == []


@pytest.mark.parametrize("name", NAMES)
def test_bytes_inside_a_shard_needs_an_endian_as_well(name: str) -> None:
    shard = sharding_codec([5, 5], codecs=["bytes"])
    expected = [
        (("codecs", 0, "configuration", "codecs", 0, "configuration", "endian"), "missing_key")
    ]
    assert problems_in(name, [one(name), 1], [shard]) == (expected if name in MULTI_BYTE else [])


@pytest.mark.parametrize("name", NAMES)
def test_a_fill_value_is_judged_where_the_document_writes_it(name: str) -> None:
    assert problems_in(name, [one(name), "0x" + "f" * 20], [LITTLE_BYTES]) == [
        (("fill_value", 1), "invalid_value")
    ]
    assert problems_in(name, "0x0000", [LITTLE_BYTES]) == [(("fill_value",), "invalid_type")]


def test_arrays_whose_fill_values_mean_the_same_are_equal() -> None:
    def model(name: str, fill_value: object) -> object:
        reading = read_array_metadata_v3(document(name, fill_value, [LITTLE_BYTES]), context=SCOPE)
        assert reading.problems == ()
        return reading.metadata

    assert model("complex_float8_e4m3", ["NaN", 0.1]) == model(
        "complex_float8_e4m3", ["0x7c", 0.1015625]
    )
    assert model("complex_float8_e4m3", ["NaN", 0.1]) != model("complex_float8_e4m3", ["0x7d", 0.1])
    assert model("complex_bfloat16", [0.1, 1]) == model("complex_bfloat16", ["0x3dcd", "0x3f80"])
    assert model("complex_float16", [0.0, 1]) != model("complex_float16", [-0.0, 1])
    assert model("complex_float32", ["NaN", 1]) == model("complex_float32", ["0x7fc00000", 1.0])


# --- the codecs that take a data type ----------------------------------------------------------

NO_ARITHMETIC = "expected a data type with arithmetic (an integer or floating-point type)"


@pytest.mark.parametrize("name", NAMES)
def test_scale_offset_takes_no_complex_type(name: str) -> None:
    codec = {"name": "scale_offset", "configuration": {"offset": [0, 0]}}
    reading = read_array_metadata_v3(
        document(name, [one(name), 1], [codec, LITTLE_BYTES]), context=SCOPE
    )
    assert [(problem.loc, problem.kind) for problem in reading.problems] == [
        (("codecs", 0, "configuration"), "invalid_value")
    ]
    assert reading.problems[0].message == f'{NO_ARITHMETIC} to scale and offset, got "{name}"'
    # Written without a configuration, the problem is the codec's.
    assert problems_in(name, [one(name), 1], ["scale_offset", LITTLE_BYTES]) == [
        (("codecs", 0), "invalid_value")
    ]


@pytest.mark.parametrize("name", NAMES)
def test_cast_value_neither_casts_to_nor_from_a_complex_type(name: str) -> None:
    to_complex = {"name": "cast_value", "configuration": {"data_type": name}}
    reading = read_array_metadata_v3(
        document("float32", 0, [to_complex, LITTLE_BYTES]), context=SCOPE
    )
    assert [(problem.loc, problem.kind) for problem in reading.problems] == [
        (("codecs", 0, "configuration", "data_type"), "invalid_value")
    ]
    assert reading.problems[0].message == f'{NO_ARITHMETIC} to cast to, got "{name}"'
    from_complex = {"name": "cast_value", "configuration": {"data_type": "float32"}}
    assert problems_in(name, [one(name), 1], [from_complex, LITTLE_BYTES]) == [
        (("codecs", 0, "configuration"), "invalid_value")
    ]


@pytest.mark.parametrize("name", NAMES)
def test_packbits_takes_the_complex_types_it_lists(name: str) -> None:
    if name not in PACKED:
        assert problems_in(name, [one(name), 1], ["packbits"]) == [(("codecs", 0), "invalid_value")]
        return
    bits = PACKED[name]
    assert problems_in(name, [one(name), 1], ["packbits"]) == []
    # first_bit and last_bit count the bits of each component, not of the pair.
    within = {"name": "packbits", "configuration": {"first_bit": 1, "last_bit": bits - 1}}
    assert problems_in(name, [one(name), 1], [within]) == []
    past = {"name": "packbits", "configuration": {"last_bit": bits}}
    assert problems_in(name, [one(name), 1], [past]) == [
        (("codecs", 0, "configuration", "last_bit"), "invalid_value")
    ]


# --- the registry --------------------------------------------------------------------------


def readme(name: str) -> str:
    """The README of a data type, its lines joined, as sentences break across them."""
    return " ".join(
        (REGISTRY / "data-types" / name / "README.md").read_text(encoding="utf-8").split()
    )


@needs_registry
@pytest.mark.parametrize("name", NAMES)
def test_the_component_is_the_one_the_registry_names(name: str) -> None:
    text = readme(name)
    assert f'specified as `"{name}"`' in text
    alias = re.search(r"alias of the core `(\w+)` data type", text)
    if alias is not None:
        assert ALIASES[name] == alias.group(1)
    else:
        component = re.search(r"components are represented by the `(\w+)` data type", text)
        assert component is not None and component.group(1) == COMPONENTS[name]
        assert "fill value is specified in the same way as the core complex number" in text


@needs_registry
@pytest.mark.parametrize("name", NAMES)
def test_bytes_stores_it_as_the_registry_says(name: str) -> None:
    text = readme(name)
    if name in ALIASES:
        assert storage_of(data_type(name)) == storage_of(data_type(ALIASES[name])) == "multi_byte"
        return
    pair = "Encoded as 2 consecutive (real component followed by imaginary component)"
    if f"{pair} 1-byte values" in text:
        assert 'The `"endian"` parameter has no effect.' in text
        assert storage_of(data_type(name)) == "single_byte"
    else:
        assert f"{pair} 2-byte little-endian or big-endian values" in text
        assert storage_of(data_type(name)) == "multi_byte"


@needs_registry
@pytest.mark.parametrize("name", NAMES)
def test_packbits_takes_what_the_registry_says(name: str) -> None:
    section = readme(name).partition("### packbits")[2]
    if section:
        bits = re.search(
            r"2 consecutive \(real component followed by imaginary component\) (\d+)-bit values",
            section,
        )
        assert bits is not None and PACKED[name] == int(bits.group(1))
    listed = readme_of_codec("packbits").partition("## Supported data types")[2].partition("## ")[0]
    assert (re.search(rf"\b{name}\b", listed) is not None) is (name in PACKED)


def readme_of_codec(name: str) -> str:
    return (REGISTRY / "codecs" / name / "README.md").read_text(encoding="utf-8")


@needs_registry
@pytest.mark.parametrize("name", NAMES)
def test_the_codecs_with_arithmetic_do_not_list_it(name: str) -> None:
    for codec in ("scale_offset", "cast_value"):
        assert f"`{name}`" not in readme_of_codec(codec)


@needs_registry
@pytest.mark.parametrize("name", NAMES)
def test_the_forms_the_registry_schema_allows_are_read(name: str) -> None:
    schema = json.loads(
        (REGISTRY / "data-types" / name / "schema.json").read_text(encoding="utf-8")
    )
    (as_object, _) = schema["oneOf"]
    # The schema's name is not trusted here: some name another type.
    assert as_object["required"] == ["name"]
    assert as_object["properties"]["configuration"] == {
        "type": "object",
        "additionalProperties": False,
    }
    for field in (name, {"name": name}, {"name": name, "configuration": {}}):
        assert resolve(field, DataTypeDefinition, SCOPE)[1] == ()
    assert resolve({"name": name, "configuration": {"x": 1}}, DataTypeDefinition, SCOPE)[1] != ()
