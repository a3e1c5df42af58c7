"""The small float data types (bfloat16, float4, float6, float8): their formats, fill values, one spelling per value, storage, and use in scale_offset."""

from __future__ import annotations

import json
import math
import pickle
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from _v3_documents import LITTLE_BYTES, array_document
from zarr_metadata._json import UNSET, JSONValue
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
from zarr_metadata.v3.data_type import _float_format
from zarr_metadata.v3.data_type._extension_floats import (
    EXTENSION_FLOAT_DATA_TYPES,
    FLOAT8_E4M3FN_DATA_TYPE,
)
from zarr_metadata.v3.data_type._float_fill import canonical_fill as canonical_minifloat_fill
from zarr_metadata.v3.data_type._float_fill import fill_bits as minifloat_fill_bits
from zarr_metadata.v3.data_type._float_fill import fill_problems as minifloat_fill_problems
from zarr_metadata.v3.data_type._float_format import EXTENSION_FORMATS as FORMATS
from zarr_metadata.v3.data_type._float_format import FloatFormat as Minifloat
from zarr_metadata.v3.data_type._float_format import checked_hex
from zarr_metadata.v3.data_type._float_format import float_value as minifloat_value

REGISTRY = Path(__file__).resolve().parents[1].parent / "shared" / "registry" / "zarr-extensions"
needs_registry = pytest.mark.skipif(
    not REGISTRY.is_dir(),
    reason=f"the zarr-extensions registry is not beside the repository ({REGISTRY})",
)

NAMES = sorted(FORMATS)
UNREGISTERED = {"float8_e4m3fn"}
"""Formats a writer writes that zarr-extensions registers nothing for (tensorstore writes float8_e4m3fn)."""
REGISTERED = [name for name in NAMES if name not in UNREGISTERED]
DEFINITIONS: dict[str, DataTypeDefinition[Any]] = {
    definition.name: definition
    for definition in (*EXTENSION_FLOAT_DATA_TYPES, FLOAT8_E4M3FN_DATA_TYPE)
}
SCOPE = CORE_AND_EXTENSIONS.update(data_types={**CORE_AND_EXTENSIONS.data_types, **DEFINITIONS})
LOC = ("fill_value",)

# The facts of each format, as ml_dtypes (0.5 and 0.6) has them: the largest
# finite value, the smallest positive value, the smallest number that rounds
# past the largest, the pattern "NaN" spells (None: no NaN), and whether it
# has the infinities and a negative zero.
FACTS: dict[str, tuple[float, float, float | int, int | None, bool, bool]] = {
    "bfloat16": (3.3895313892515355e38, 2.0**-133, 2**128 - 2**119, 0x7FC0, True, True),
    "float4_e2m1fn": (6.0, 0.5, 7, None, False, True),
    "float6_e2m3fn": (7.5, 0.125, 7.75, None, False, True),
    "float6_e3m2fn": (28.0, 0.0625, 30, None, False, True),
    "float8_e3m4": (15.5, 0.015625, 15.75, 0x78, True, True),
    "float8_e4m3": (240.0, 2.0**-9, 248, 0x7C, True, True),
    # 464, halfway from 448 (0x7e) to where 0x7f would be, rounds to the even 0x7e.
    "float8_e4m3fn": (448.0, 2.0**-9, math.nextafter(464.0, math.inf), 0x7F, False, True),
    "float8_e4m3b11fnuz": (30.0, 2.0**-13, 31, 0x80, False, False),
    "float8_e4m3fnuz": (240.0, 2.0**-10, 248, 0x80, False, False),
    "float8_e5m2": (57344.0, 2.0**-16, 61440, 0x7E, True, True),
    "float8_e5m2fnuz": (57344.0, 2.0**-17, 61440, 0x80, False, False),
    # A power of two halfway to the next rounds up, as ml_dtypes rounds it.
    "float8_e8m0fnu": (2.0**127, 2.0**-127, 1.5 * 2.0**127, 0xFF, False, False),
}

# Numbers and the bits they round to, each as ml_dtypes rounds it (ties to an even significand).
ROUNDED: dict[str, list[tuple[float, int]]] = {
    "bfloat16": [(0.1, 0x3dcd), (-0.1, 0xbdcd), (0.3333333333333333, 0x3eab), (2.5, 0x4020), (3.5, 0x4060), (17.0, 0x4188), (19.0, 0x4198), (257.0, 0x4380), (259.0, 0x4382), (1e-30, 0x0da2), (-1e-30, 0x8da2), (0.3, 0x3e9a), (5.0, 0x40a0), (1.5, 0x3fc0), (3.0, 0x4040), (0.75, 0x3f40), (1000.0, 0x447a), (-7.25, 0xc0e8), (12.0, 0x4140)],
    "float4_e2m1fn": [(0.1, 0x00), (-0.1, 0x08), (0.3333333333333333, 0x01), (2.5, 0x04), (3.5, 0x06), (1e-30, 0x00), (-1e-30, 0x08), (0.3, 0x01), (5.0, 0x06), (1.5, 0x03), (3.0, 0x05), (0.75, 0x02)],
    "float6_e2m3fn": [(0.1, 0x01), (-0.1, 0x21), (0.3333333333333333, 0x03), (2.5, 0x12), (3.5, 0x16), (1e-30, 0x00), (-1e-30, 0x20), (0.3, 0x02), (5.0, 0x1a), (1.5, 0x0c), (3.0, 0x14), (0.75, 0x06), (-7.25, 0x3e)],
    "float6_e3m2fn": [(0.1, 0x02), (-0.1, 0x22), (0.3333333333333333, 0x05), (2.5, 0x11), (3.5, 0x13), (17.0, 0x1c), (19.0, 0x1d), (1e-30, 0x00), (-1e-30, 0x20), (0.3, 0x05), (5.0, 0x15), (1.5, 0x0e), (3.0, 0x12), (0.75, 0x0a), (-7.25, 0x37), (12.0, 0x1a)],
    "float8_e3m4": [(0.1, 0x06), (-0.1, 0x86), (0.3333333333333333, 0x15), (2.5, 0x44), (3.5, 0x4c), (1e-30, 0x00), (-1e-30, 0x80), (0.3, 0x13), (5.0, 0x54), (1.5, 0x38), (3.0, 0x48), (0.75, 0x28), (-7.25, 0xdd), (12.0, 0x68)],
    "float8_e4m3": [(0.1, 0x1d), (-0.1, 0x9d), (0.3333333333333333, 0x2b), (2.5, 0x42), (3.5, 0x46), (17.0, 0x58), (19.0, 0x5a), (1e-30, 0x00), (-1e-30, 0x80), (0.3, 0x2a), (5.0, 0x4a), (1.5, 0x3c), (3.0, 0x44), (0.75, 0x34), (-7.25, 0xce), (12.0, 0x54)],
    "float8_e4m3fn": [(0.1, 0x1d), (-0.1, 0x9d), (0.3333333333333333, 0x2b), (2.5, 0x42), (3.5, 0x46), (17.0, 0x58), (19.0, 0x5a), (257.0, 0x78), (259.0, 0x78), (1e-30, 0x00), (-1e-30, 0x80), (0.3, 0x2a), (5.0, 0x4a), (1.5, 0x3c), (3.0, 0x44), (0.75, 0x34), (-7.25, 0xce), (12.0, 0x54), (448.0, 0x7e), (464.0, 0x7e), (-464.0, 0xfe), (300.0, 0x79)],
    "float8_e4m3b11fnuz": [(0.1, 0x3d), (-0.1, 0xbd), (0.3333333333333333, 0x4b), (2.5, 0x62), (3.5, 0x66), (17.0, 0x78), (19.0, 0x7a), (1e-30, 0x00), (-1e-30, 0x00), (0.3, 0x4a), (5.0, 0x6a), (1.5, 0x5c), (3.0, 0x64), (0.75, 0x54), (-7.25, 0xee), (12.0, 0x74)],
    "float8_e4m3fnuz": [(0.1, 0x25), (-0.1, 0xa5), (0.3333333333333333, 0x33), (2.5, 0x4a), (3.5, 0x4e), (17.0, 0x60), (19.0, 0x62), (1e-30, 0x00), (-1e-30, 0x00), (0.3, 0x32), (5.0, 0x52), (1.5, 0x44), (3.0, 0x4c), (0.75, 0x3c), (-7.25, 0xd6), (12.0, 0x5c)],
    "float8_e5m2": [(0.1, 0x2e), (-0.1, 0xae), (0.3333333333333333, 0x35), (2.5, 0x41), (3.5, 0x43), (17.0, 0x4c), (19.0, 0x4d), (257.0, 0x5c), (259.0, 0x5c), (1e-30, 0x00), (-1e-30, 0x80), (0.3, 0x35), (5.0, 0x45), (1.5, 0x3e), (3.0, 0x42), (0.75, 0x3a), (1000.0, 0x64), (-7.25, 0xc7), (12.0, 0x4a)],
    "float8_e5m2fnuz": [(0.1, 0x32), (-0.1, 0xb2), (0.3333333333333333, 0x39), (2.5, 0x45), (3.5, 0x47), (17.0, 0x50), (19.0, 0x51), (257.0, 0x60), (259.0, 0x60), (1e-30, 0x00), (-1e-30, 0x00), (0.3, 0x39), (5.0, 0x49), (1.5, 0x42), (3.0, 0x46), (0.75, 0x3e), (1000.0, 0x68), (-7.25, 0xcb), (12.0, 0x4e)],
    "float8_e8m0fnu": [(0.1, 0x7c), (0.3333333333333333, 0x7d), (2.5, 0x80), (3.5, 0x81), (17.0, 0x83), (19.0, 0x83), (257.0, 0x87), (259.0, 0x87), (1e-30, 0x1b), (0.3, 0x7d), (5.0, 0x81), (1.5, 0x80), (3.0, 0x81), (0.75, 0x7f), (1000.0, 0x89), (12.0, 0x83)],
}  # fmt: skip

BYTE_FORMATS = [name for name in NAMES if FORMATS[name].bits <= 8]


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


def canonical(name: str, value: object) -> JSONValue:
    spelled = canonical_fill_value(data_type(name), value)
    assert spelled is not UNSET
    return spelled


def hex_of(bits: int, fmt: Minifloat) -> str:
    return f"0x{bits:0{fmt.hex_digits}x}"


def spelling(value: JSONValue) -> str:
    """A spelling as JSON text, the way fill values are compared: 0.0 and -0.0 differ."""
    return json.dumps(value)


# --- the formats ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_the_largest_and_smallest_values(name: str) -> None:
    fmt = FORMATS[name]
    largest, smallest, _, _, _, _ = FACTS[name]
    assert fmt.largest == largest
    assert minifloat_value(fmt.largest_pattern, fmt) == largest
    assert minifloat_value(0 if not fmt.signed else 1, fmt) == smallest


def test_the_largest_finite_float8_e4m3_is_240() -> None:
    # 0x77 is 1.875 * 2**7; 0x78 is already the infinity of this IEEE-like format.
    fmt = FORMATS["float8_e4m3"]
    assert fmt.largest_pattern == 0x77
    assert minifloat_value(0x77, fmt) == 240.0
    assert minifloat_value(0x78, fmt) == math.inf
    assert minifloat_value(0xF8, fmt) == -math.inf


@pytest.mark.parametrize("name", NAMES)
def test_nan_infinities_and_negative_zero(name: str) -> None:
    fmt = FORMATS[name]
    _, _, _, nan, infinities, negative_zero = FACTS[name]
    assert fmt.nan_pattern == nan
    assert fmt.infinities is infinities
    assert fmt.negative_zero is negative_zero
    if nan is not None:
        assert math.isnan(minifloat_value(nan, fmt))
    if negative_zero:
        assert spelling(minifloat_value(fmt.sign_bit, fmt)) == "-0.0"


@pytest.mark.parametrize("name", ["float8_e4m3b11fnuz", "float8_e4m3fnuz", "float8_e5m2fnuz"])
def test_fnuz_formats_have_one_nan_where_negative_zero_would_be(name: str) -> None:
    fmt = FORMATS[name]
    nans = [bits for bits in range(256) if math.isnan(minifloat_value(bits, fmt))]
    assert nans == [0x80]
    assert not any(math.isinf(minifloat_value(bits, fmt)) for bits in range(256))


def test_float8_e4m3fn_has_two_nans_no_infinities_and_448_as_its_largest() -> None:
    # As ml_dtypes and tensorstore have it: NaN is every magnitude bit set, with either sign.
    fmt = FORMATS["float8_e4m3fn"]
    assert [bits for bits in range(256) if math.isnan(minifloat_value(bits, fmt))] == [0x7F, 0xFF]
    assert not any(math.isinf(minifloat_value(bits, fmt)) for bits in range(256))
    assert (minifloat_value(0x7E, fmt), minifloat_value(0xFE, fmt)) == (448.0, -448.0)
    assert minifloat_value(0x78, fmt) == 256.0  # where float8_e4m3 has its infinity


def test_float8_e8m0fnu_is_the_powers_of_two_from_2_to_the_minus_127_to_2_to_the_127() -> None:
    fmt = FORMATS["float8_e8m0fnu"]
    assert [minifloat_value(bits, fmt) for bits in range(255)] == [
        2.0 ** (bits - 127) for bits in range(255)
    ]
    assert math.isnan(minifloat_value(0xFF, fmt))


@pytest.mark.parametrize("name", ["bfloat16", "float8_e3m4", "float8_e4m3", "float8_e5m2"])
def test_ieee_like_formats_have_every_nan_pattern_an_ieee_float_has(name: str) -> None:
    fmt = FORMATS[name]
    exponent = ((1 << fmt.exponent_bits) - 1) << fmt.mantissa_bits
    for mantissa in range(1, 1 << fmt.mantissa_bits):
        assert math.isnan(minifloat_value(exponent | mantissa, fmt))
        assert math.isnan(minifloat_value(fmt.sign_bit | exponent | mantissa, fmt))


def test_bfloat16_is_a_float32_cut_to_its_upper_16_bits() -> None:
    import struct

    fmt = FORMATS["bfloat16"]
    for bits in range(0, 1 << 16, 97):
        if math.isnan(minifloat_value(bits, fmt)):
            continue
        (float32,) = struct.unpack(">f", (bits << 16).to_bytes(4, "big"))
        assert minifloat_value(bits, fmt) == float32


def test_a_format_that_cannot_be_built_is_refused() -> None:
    with pytest.raises(ValueError, match="needs a sign bit"):
        Minifloat("example", 4, 3, 8, "negative_zero", signed=False)
    with pytest.raises(ValueError, match="needs a mantissa bit"):
        Minifloat("example", 8, 0, 127, "ieee")


# --- which fill values are valid -------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_numbers_up_to_the_rounding_edge_are_accepted_and_past_it_refused(name: str) -> None:
    largest, _, edge, _, _, _ = FACTS[name]
    assert problems_of(name, largest) == []
    assert problems_of(name, math.nextafter(float(edge), 0.0)) == []
    assert problems_of(name, edge) == [(LOC, "invalid_value")]
    assert problems_of(name, float(edge)) == [(LOC, "invalid_value")]
    assert problems_of(name, 1e300) == [(LOC, "invalid_value")]
    assert problems_of(name, 10**400) == [(LOC, "invalid_value")]
    if FORMATS[name].signed:
        assert problems_of(name, -largest) == []
        assert problems_of(name, -edge) == [(LOC, "invalid_value")]


def test_an_integer_is_rounded_exactly_not_through_a_float64() -> None:
    # 2**128 - 2**119 - 1 is a float64 of 2**128 - 2**119, which rounds past
    # the largest bfloat16; the integer itself rounds down to it.
    assert problems_of("bfloat16", 2**128 - 2**119 - 1) == []
    assert problems_of("bfloat16", 2**128 - 2**119) == [(LOC, "invalid_value")]
    assert canonical("bfloat16", 2**128 - 2**119 - 1) == canonical("bfloat16", "0x7f7f")


def test_1e6_is_refused_where_there_is_no_infinity_to_round_to() -> None:
    assert messages("float8_e4m3fnuz", 1e6) == [
        "expected a number that a float8_e4m3fnuz can hold (rounding to at most 240.0 in magnitude;"
        " it has no infinities), got 1000000.0"
    ]
    (problem,) = fill_value_problems(data_type("float8_e4m3fnuz"), 1e6, LOC)
    assert problem.ctx == {"max_magnitude": 240.0}
    assert problem.input == 1e6


def test_1e6_is_refused_where_it_rounds_to_an_infinity_too() -> None:
    assert messages("float8_e4m3", 1e6) == [
        "expected a number that a float8_e4m3 can hold (rounding to at most 240.0 in magnitude;"
        ' "Infinity" and "-Infinity" spell the infinities), got 1000000.0'
    ]


@pytest.mark.parametrize("name", NAMES)
def test_the_names_are_accepted_exactly_where_the_format_has_them(name: str) -> None:
    _, _, _, nan, infinities, _ = FACTS[name]
    assert (problems_of(name, "NaN") == []) is (nan is not None)
    assert (problems_of(name, "Infinity") == []) is infinities
    assert (problems_of(name, "-Infinity") == []) is infinities


def test_a_missing_name_says_what_the_format_lacks() -> None:
    assert messages("float8_e5m2fnuz", "-Infinity") == [
        'expected "NaN" or "0x" and 2 hex digits for a float8_e5m2fnuz, which has no infinities,'
        ' got "-Infinity"'
    ]
    assert messages("float4_e2m1fn", "NaN") == [
        'expected "0x" and 2 hex digits for a float4_e2m1fn, which has no NaN and no infinities, got "NaN"'
    ]
    assert messages("bfloat16", "nan") == [
        'expected "NaN", "Infinity", "-Infinity" or "0x" and 4 hex digits for a bfloat16, got "nan"'
    ]


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("float8_e4m3", "0x7"),
        ("float8_e4m3", "0x007c"),
        ("float8_e4m3", "0X7c"),
        ("float8_e4m3", "7c"),
        ("float8_e4m3", "0x7g"),
        ("float8_e4m3", "0x7\uff10"),  # a fullwidth digit int() would take
        ("float8_e4m3", "0x_7"),
        ("float8_e4m3", " 0x7c"),
        ("float8_e4m3", ""),
        ("bfloat16", "0x7fc"),
        ("bfloat16", "0x7fc00000"),
        ("float4_e2m1fn", "0x7"),  # stored in a byte: two digits
        ("float4_e2m1fn", "+Infinity"),
        ("float8_e8m0fnu", "Infinity"),
        ("float8_e8m0fnu", "-NaN"),
    ],
)
def test_other_strings_are_refused(name: str, value: str) -> None:
    assert problems_of(name, value) == [(LOC, "invalid_value")]


@pytest.mark.parametrize(
    ("name", "accepted", "refused"),
    [
        ("float4_e2m1fn", "0x0f", "0x10"),
        ("float6_e2m3fn", "0x3f", "0x40"),
        ("float6_e3m2fn", "0x3F", "0xff"),
    ],
)
def test_hex_names_only_the_bits_the_format_has(name: str, accepted: str, refused: str) -> None:
    assert problems_of(name, accepted) == []
    assert problems_of(name, refused) == [(LOC, "invalid_value")]


def test_hex_past_the_bits_of_the_format_says_which_it_has() -> None:
    assert messages("float6_e2m3fn", "0x40") == [
        'expected a bit pattern of a float6_e2m3fn, from "0x00" to "0x3f", got "0x40"'
    ]


@pytest.mark.parametrize("name", BYTE_FORMATS)
def test_every_bit_pattern_is_accepted_in_hex(name: str) -> None:
    fmt = FORMATS[name]
    for bits in range(1 << fmt.bits):
        assert problems_of(name, hex_of(bits, fmt)) == []
        assert problems_of(name, hex_of(bits, fmt).upper().replace("0X", "0x")) == []


def test_a_bare_non_finite_number_is_refused_with_its_spelling() -> None:
    # The JSON shape refuses it first in a document; the rules alone say more.
    assert problems_of("float8_e4m3", math.nan) == [(LOC, "invalid_value")]

    def rules(name: str, value: float) -> list[str]:
        return [problem.message for problem in minifloat_fill_problems(value, FORMATS[name], LOC)]

    assert rules("float8_e4m3", math.nan) == [
        'expected a finite number, or "NaN", "Infinity" or "-Infinity" as a string for a float8_e4m3,'
        " got NaN"
    ]
    assert rules("float8_e5m2fnuz", -math.inf) == [
        'expected a finite number, or "NaN" as a string for a float8_e5m2fnuz, which has no infinities,'
        " got -Infinity"
    ]
    assert rules("float4_e2m1fn", math.inf) == [
        "expected a finite number for a float4_e2m1fn, which has no NaN and no infinities, got Infinity"
    ]


@pytest.mark.parametrize("value", [0, 0.0, -0.0, -1, -1e-300, -(2.0**127)])
def test_float8_e8m0fnu_takes_only_positive_numbers(value: float) -> None:
    assert messages("float8_e8m0fnu", value) == [
        f"expected a positive number for a float8_e8m0fnu, which has no sign and no zero, got {json.dumps(value)}"
    ]


@pytest.mark.parametrize("value", [1e-300, 5e-324, 2.0**-128, 6.2e-39])
def test_float8_e8m0fnu_rounds_a_positive_number_below_its_smallest_up_to_it(value: float) -> None:
    # 6.2e-39 is nearer 2**-127 than 2**-126 (ml_dtypes, rounding float32
    # subnormals by their bits, gives 2**-126).
    assert problems_of("float8_e8m0fnu", value) == []
    assert minifloat_fill_bits(value, FORMATS["float8_e8m0fnu"]) == 0x00


def test_booleans_and_other_json_are_refused_by_the_shape() -> None:
    assert problems_of("float8_e4m3", True) == [(LOC, "invalid_type")]
    assert problems_of("bfloat16", None) == [(LOC, "invalid_type")]
    assert problems_of("float8_e5m2", [1.0]) == [(LOC, "invalid_type")]


# --- the bits a fill value denotes ----------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "value", "bits"), [(name, v, b) for name, row in ROUNDED.items() for v, b in row]
)
def test_numbers_round_to_nearest_as_ml_dtypes_rounds_them(
    name: str, value: float, bits: int
) -> None:
    assert minifloat_fill_bits(value, FORMATS[name]) == bits


@pytest.mark.parametrize(
    ("name", "value", "bits"),
    [
        ("float8_e4m3", 17, 0x58),  # halfway between 16 (0x58) and 18 (0x59): the even one
        ("float8_e4m3", 19, 0x5A),  # halfway between 18 (0x59) and 20 (0x5a): the even one
        ("float4_e2m1fn", 2.5, 0x04),
        ("float4_e2m1fn", 3.5, 0x06),
        ("bfloat16", 257, 0x4380),
        ("bfloat16", 259, 0x4382),
        ("float8_e8m0fnu", 1.5, 0x80),  # no mantissa: halfway between 1 and 2 goes up
        ("float8_e8m0fnu", 3, 0x81),
    ],
)
def test_ties_go_to_the_even_significand(name: str, value: float, bits: int) -> None:
    assert minifloat_fill_bits(value, FORMATS[name]) == bits


@pytest.mark.parametrize("name", ["float8_e4m3fnuz", "float8_e5m2fnuz", "float8_e4m3b11fnuz"])
def test_a_negative_zero_is_the_unsigned_zero_of_an_fnuz_format(name: str) -> None:
    assert canonical(name, -0.0) == 0.0
    assert spelling(canonical(name, -0.0)) == spelling(canonical(name, 0))
    assert spelling(canonical(name, -1e-30)) == "0.0"


@pytest.mark.parametrize("name", ["bfloat16", "float8_e4m3", "float4_e2m1fn", "float6_e3m2fn"])
def test_a_negative_zero_is_its_own_value_where_the_format_has_one(name: str) -> None:
    assert spelling(canonical(name, -0.0)) == "-0.0"
    assert spelling(canonical(name, 0.0)) == "0.0"
    assert spelling(canonical(name, -1e-300)) == "-0.0"


# --- one spelling per value ----------------------------------------------------------------


@pytest.mark.parametrize("name", BYTE_FORMATS)
def test_every_bit_pattern_has_one_spelling_that_reads_back_to_it(name: str) -> None:
    fmt = FORMATS[name]
    spelled: dict[str, int] = {}
    for bits in range(1 << fmt.bits):
        spelling_of_bits = canonical(name, hex_of(bits, fmt))
        assert problems_of(name, spelling_of_bits) == []
        assert minifloat_fill_bits(spelling_of_bits, fmt) == bits  # type: ignore[arg-type]
        assert spelling(canonical(name, spelling_of_bits)) == spelling(spelling_of_bits)
        spelled[spelling(spelling_of_bits)] = bits
    assert len(spelled) == 1 << fmt.bits


def test_every_bfloat16_pattern_has_one_spelling_that_reads_back_to_it() -> None:
    fmt = FORMATS["bfloat16"]
    spelled = set()
    for bits in range(1 << 16):
        spelling_of_bits = canonical_minifloat_fill(hex_of(bits, fmt), fmt)
        assert minifloat_fill_bits(spelling_of_bits, fmt) == bits  # type: ignore[arg-type]
        spelled.add(spelling(spelling_of_bits))
    assert len(spelled) == 1 << 16


@pytest.mark.parametrize(
    ("name", "value", "spelled"),
    [
        ("bfloat16", "0x7fc0", "NaN"),
        ("bfloat16", "0x7FC0", "NaN"),
        ("bfloat16", "0x7fc1", "0x7fc1"),
        ("bfloat16", "0xFFC0", "0xffc0"),
        ("bfloat16", "0x7f80", "Infinity"),
        ("bfloat16", "0xff80", "-Infinity"),
        ("bfloat16", 0.1, 0.1),
        ("bfloat16", 0.10009765625, 0.1),  # the value 0.1 rounds to
        ("bfloat16", "0x3dcd", 0.1),
        ("bfloat16", 1, 1.0),
        ("float8_e3m4", "0x78", "NaN"),
        ("float8_e3m4", "0x79", "0x79"),
        ("float8_e3m4", "0x70", "Infinity"),
        ("float8_e4m3", "0x7c", "NaN"),
        ("float8_e4m3", "0x7f", "0x7f"),
        ("float8_e4m3", "0x77", 240.0),
        ("float8_e4m3", 247, 240.0),
        ("float8_e4m3", "0x01", 0.002),  # 2**-9: the fewest digits that round to it
        (
            "float8_e4m3fn",
            "0x7f",
            "NaN",
        ),  # the spellings tensorstore writes: "NaN", "0xff", -0.0, 448.0
        ("float8_e4m3fn", "0x7F", "NaN"),
        ("float8_e4m3fn", "0xff", "0xff"),
        ("float8_e4m3fn", "0x80", -0.0),
        ("float8_e4m3fn", "0x7e", 450.0),  # 448: the fewest digits that round to it
        ("float8_e4m3fn", 464, 450.0),
        ("float8_e5m2", "0x7e", "NaN"),
        ("float8_e5m2", "0xfc", "-Infinity"),
        ("float8_e4m3fnuz", "0x80", "NaN"),
        ("float8_e4m3fnuz", "0x00", 0.0),
        ("float8_e4m3b11fnuz", "0x80", "NaN"),
        ("float8_e5m2fnuz", "0x80", "NaN"),
        ("float8_e8m0fnu", "0xff", "NaN"),
        ("float8_e8m0fnu", "0x7f", 1.0),
        ("float8_e8m0fnu", 0.75, 1.0),
        ("float8_e8m0fnu", "0x00", 6e-39),
        ("float8_e8m0fnu", 1e-300, 6e-39),
        ("float8_e8m0fnu", "0xfe", 2e38),  # 2**127: nothing finite lies above it
        ("float4_e2m1fn", "0x0f", -6.0),
        ("float4_e2m1fn", "0x08", -0.0),
        ("float4_e2m1fn", 6.9, 6.0),
        ("float6_e2m3fn", "0x01", 0.1),  # 0.125, the smallest subnormal: 0.1 rounds to it
        ("float6_e3m2fn", "0x1f", 28.0),
    ],
)
def test_canonical_spellings(name: str, value: object, spelled: JSONValue) -> None:
    assert spelling(canonical(name, value)) == spelling(spelled)


@pytest.mark.parametrize("name", NAMES)
def test_equal_values_spelled_differently_spell_alike(name: str) -> None:
    fmt = FORMATS[name]
    largest = fmt.largest
    assert spelling(canonical(name, largest)) == spelling(
        canonical(name, hex_of(fmt.largest_pattern, fmt))
    )
    if largest.is_integer():
        assert spelling(canonical(name, int(largest))) == spelling(canonical(name, largest))
    if fmt.nan_pattern is not None:
        assert canonical(name, hex_of(fmt.nan_pattern, fmt)) == "NaN"
        assert canonical(name, hex_of(fmt.nan_pattern, fmt).upper().replace("0X", "0x")) == "NaN"


def finite_numbers(fmt: Minifloat) -> st.SearchStrategy[float]:
    low = -fmt.largest if fmt.signed else 2.0**-200
    return st.floats(min_value=low, max_value=fmt.largest, allow_nan=False, allow_infinity=False)


@settings(max_examples=300, deadline=None)
@given(data=st.data(), name=st.sampled_from(NAMES))
def test_a_number_rounds_to_the_nearest_value_and_spells_as_it(
    data: st.DataObject, name: str
) -> None:
    fmt = FORMATS[name]
    value = data.draw(finite_numbers(fmt))
    bits = minifloat_fill_bits(value, fmt)
    rounded = minifloat_value(bits, fmt)
    # No value of the format is nearer: the neighbours of the bits are no closer.
    magnitude = bits & fmt.magnitude_mask
    for neighbour in (magnitude - 1, magnitude + 1):
        if 0 <= neighbour <= fmt.largest_pattern:
            other = math.copysign(minifloat_value(neighbour, fmt), rounded)
            assert abs(Fraction(rounded) - Fraction(value)) <= abs(
                Fraction(other) - Fraction(value)
            )
    spelled = canonical_minifloat_fill(value, fmt)
    assert minifloat_fill_bits(spelled, fmt) == bits  # type: ignore[arg-type]
    assert canonical_minifloat_fill(spelled, fmt) == spelled  # type: ignore[arg-type]


@settings(max_examples=200, deadline=None)
@given(data=st.data(), name=st.sampled_from(NAMES))
def test_rounding_keeps_the_order_of_numbers(data: st.DataObject, name: str) -> None:
    fmt = FORMATS[name]
    low, high = sorted((data.draw(finite_numbers(fmt)), data.draw(finite_numbers(fmt))))
    assert minifloat_value(minifloat_fill_bits(low, fmt), fmt) <= minifloat_value(
        minifloat_fill_bits(high, fmt), fmt
    )


def test_the_shortest_spelling_reads_back_through_a_float64_and_directly() -> None:
    # Each finite spelling, read as a decimal exactly, rounds to its bits too.
    for name in BYTE_FORMATS:
        fmt = FORMATS[name]
        for bits in range(1 << fmt.bits):
            spelled = canonical_minifloat_fill(hex_of(bits, fmt), fmt)
            if isinstance(spelled, float) and spelled != 0:
                magnitude = _float_format._rounded(abs(Fraction(repr(spelled))), fmt)  # pyright: ignore[reportPrivateUsage]
                assert magnitude == bits & fmt.magnitude_mask


# --- the modules -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_each_definition_is_filed_under_its_format_and_names_its_special_patterns(
    name: str,
) -> None:
    fmt = FORMATS[name]
    assert DEFINITIONS[name].name == name
    if fmt.nan_pattern is not None:
        assert canonical(name, hex_of(fmt.nan_pattern, fmt)) == "NaN"
    else:
        assert problems_of(name, "NaN") == [(LOC, "invalid_value")]
    if fmt.infinities:
        assert fmt.infinity_pattern is not None
        assert canonical(name, hex_of(fmt.infinity_pattern, fmt)) == "Infinity"
        assert canonical(name, hex_of(fmt.infinity_pattern | fmt.sign_bit, fmt)) == "-Infinity"
    else:
        assert problems_of(name, "Infinity") == [(LOC, "invalid_value")]


@pytest.mark.parametrize("name", NAMES)
def test_the_hex_check_takes_exactly_the_bits_of_the_format(name: str) -> None:
    fmt = FORMATS[name]

    def make(value: str) -> str:
        return checked_hex(value, fmt)

    assert make(hex_of(fmt.largest_pattern, fmt)) == hex_of(fmt.largest_pattern, fmt)
    with pytest.raises(ValueError, match=f"the bits of a {name}"):
        make("0x" + "0" * (fmt.hex_digits + 1))
    with pytest.raises(ValueError, match=f"the bits of a {name}"):
        make("NaN")
    if fmt.bits < 8:
        with pytest.raises(ValueError, match=f"the bits of a {name}"):
            make(hex_of(1 << fmt.bits, fmt))


@pytest.mark.parametrize("name", NAMES)
def test_each_definition_pickles_to_an_equal_one(name: str) -> None:
    definition = DEFINITIONS[name]
    copy = pickle.loads(pickle.dumps(definition))
    assert copy == definition
    assert hash(copy) == hash(definition)


@pytest.mark.parametrize("name", NAMES)
def test_storage_is_one_byte_up_to_8_bits(name: str) -> None:
    expected = "multi_byte" if name == "bfloat16" else "single_byte"
    assert storage_of(data_type(name)) == expected


@pytest.mark.parametrize("name", NAMES)
def test_a_configuration_is_refused(name: str) -> None:
    field, problems = resolve(
        {"name": name, "configuration": {"bits": 8}}, DataTypeDefinition, SCOPE, ("data_type",)
    )
    assert [(problem.loc, problem.kind) for problem in problems] == [
        (("data_type", "configuration", "bits"), "unknown_key")
    ]
    assert not isinstance(field, AcceptedField)


@pytest.mark.parametrize("name", NAMES)
def test_each_is_spelled_as_its_bare_name(name: str) -> None:
    field, problems = resolve({"name": name, "configuration": {}}, DataTypeDefinition, SCOPE)
    assert canonical_of(field, problems) == name


# --- whole documents -----------------------------------------------------------------------


def document(name: str, fill_value: object, codecs: list[Any] | None = None) -> dict[str, Any]:
    return array_document(data_type=name, fill_value=fill_value, codecs=codecs or ["bytes"])


@pytest.mark.parametrize("name", BYTE_FORMATS)
def test_an_array_of_one_byte_values_needs_no_endian(name: str) -> None:
    reading = read_array_metadata_v3(document(name, 0.5), context=SCOPE)
    assert reading.problems == ()
    assert reading.metadata is not None


def test_a_bfloat16_array_needs_an_endian() -> None:
    reading = read_array_metadata_v3(document("bfloat16", 0.5), context=SCOPE)
    assert [(problem.loc, problem.kind) for problem in reading.problems] == [
        (("codecs", 0, "configuration", "endian"), "missing_key")
    ]
    assert (
        read_array_metadata_v3(document("bfloat16", 0.5, [LITTLE_BYTES]), context=SCOPE).problems
        == ()
    )


def test_a_fill_value_is_judged_in_a_document_where_it_is_written() -> None:
    reading = read_array_metadata_v3(document("float8_e5m2fnuz", "Infinity"), context=SCOPE)
    assert [(problem.loc, problem.kind) for problem in reading.problems] == [
        (("fill_value",), "invalid_value")
    ]
    assert "which has no infinities" in reading.problems[0].message


def test_arrays_whose_fill_values_mean_the_same_are_equal() -> None:
    def model(fill_value: object) -> object:
        reading = read_array_metadata_v3(document("float8_e4m3", fill_value), context=SCOPE)
        assert reading.problems == ()
        return reading.metadata

    assert model("NaN") == model("0x7c") == model("0x7C")
    assert model(0.1) == model(0.1015625) == model("0x1d")
    assert model(0.0) != model(-0.0)
    assert model("0x7c") != model("0x7d")


def test_in_the_default_scope_until_wired_these_read_as_they_are_filed() -> None:
    # Whatever the default scope holds, these definitions read these names.
    for name in NAMES:
        field, problems = resolve(name, DataTypeDefinition, SCOPE)
        assert problems == ()
        assert isinstance(field, AcceptedField) and field.definition is DEFINITIONS[name]


# --- scale_offset computes in these types -----------------------------------------------------


def scaled(name: str, fill_value: object, codec_configuration: dict[str, Any]) -> dict[str, Any]:
    codecs: list[Any] = [{"name": "scale_offset", "configuration": codec_configuration}]
    codecs.append(LITTLE_BYTES if name == "bfloat16" else "bytes")
    return document(name, fill_value, codecs)


OFFSET_AND_SCALE: dict[str, tuple[object, object]] = {
    # An offset and a scale of each type, spelled as its fill values are.
    "bfloat16": (-10, "0x3dcd"),
    "float4_e2m1fn": (0.5, "0x04"),
    "float6_e2m3fn": (-1.5, 2),
    "float6_e3m2fn": (3, 0.25),
    "float8_e3m4": ("NaN", 0.5),
    "float8_e4m3": (-240, "Infinity"),
    "float8_e4m3fn": (-448, "0xff"),
    "float8_e4m3b11fnuz": (1, "0x3c"),
    "float8_e4m3fnuz": (0.1, 2),
    "float8_e5m2": ("-Infinity", 1024),
    "float8_e5m2fnuz": (-0.0, "NaN"),
    "float8_e8m0fnu": (1, "0x80"),  # the format has no zero, so an offset is 1 or more
}
NOT_OF_THE_TYPE: dict[str, object] = {
    "bfloat16": "0x7fc00000",
    "float4_e2m1fn": 7,
    "float6_e2m3fn": "NaN",
    "float6_e3m2fn": 30,
    "float8_e3m4": 16,
    "float8_e4m3": "0x7c0",
    "float8_e4m3fn": "Infinity",
    "float8_e4m3b11fnuz": "Infinity",
    "float8_e4m3fnuz": 1e6,
    "float8_e5m2": 61440,
    "float8_e5m2fnuz": "-Infinity",
    "float8_e8m0fnu": 0,
}


@pytest.mark.parametrize("name", NAMES)
def test_scale_offset_takes_offset_and_scale_spelled_as_fill_values(name: str) -> None:
    offset, scale = OFFSET_AND_SCALE[name]
    reading = read_array_metadata_v3(
        scaled(name, 1, {"offset": offset, "scale": scale}), context=SCOPE
    )
    assert reading.problems == ()


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("member", ["offset", "scale"])
def test_scale_offset_refuses_a_value_the_type_does_not_have(name: str, member: str) -> None:
    reading = read_array_metadata_v3(
        scaled(name, 1, {member: NOT_OF_THE_TYPE[name]}), context=SCOPE
    )
    assert [(problem.loc, problem.kind) for problem in reading.problems] == [
        (("codecs", 0, "configuration", member), "invalid_value")
    ]


# --- the registry --------------------------------------------------------------------------


@needs_registry
@pytest.mark.parametrize("name", sorted(UNREGISTERED))
def test_the_unregistered_formats_are_not_in_the_registry(name: str) -> None:
    # When the registry gains one, its README is checked as the others are.
    assert not (REGISTRY / "data-types" / name).exists()


def readme(name: str) -> str:
    return (REGISTRY / "data-types" / name / "README.md").read_text(encoding="utf-8")


@needs_registry
@pytest.mark.parametrize("name", REGISTERED)
def test_the_format_is_the_one_the_registry_describes(name: str) -> None:
    text = readme(name)
    fmt = FORMATS[name]
    exponent = re.search(r"(\d+) exponent bits, with bias of (\d+)", text)
    assert exponent is not None
    assert (fmt.exponent_bits, fmt.bias) == (int(exponent.group(1)), int(exponent.group(2)))
    mantissa = re.search(r"(\d+) mantissa bits?", text)
    assert fmt.mantissa_bits == (0 if mantissa is None else int(mantissa.group(1)))
    assert fmt.signed is ("1 sign bit" in text)
    assert f'specified as `"{name}"`' in text


@needs_registry
@pytest.mark.parametrize("name", REGISTERED)
def test_the_names_are_those_the_registry_gives(name: str) -> None:
    text = readme(name)
    nan = re.search(r'"NaN"` corresponds to a representation of `"(0x[0-9a-fA-F]+)"`', text)
    if nan is not None:
        assert canonical(name, nan.group(1).lower()) == "NaN"
    refused = re.search(
        r"The constants? ((?:`\"[-\w]+\"`(?:, | and |, and )?)+) (?:is|are) not supported", text
    )
    named_refused = set() if refused is None else set(re.findall(r'"([-\w]+)"', refused.group(1)))
    for special in ("NaN", "Infinity", "-Infinity"):
        assert (problems_of(name, special) == []) is (special not in named_refused)
    assert nan is not None or "NaN" in named_refused


@needs_registry
@pytest.mark.parametrize("name", REGISTERED)
def test_the_fields_the_registry_schema_allows_are_read_without_problems(name: str) -> None:
    schema = json.loads(
        (REGISTRY / "data-types" / name / "schema.json").read_text(encoding="utf-8")
    )
    (as_object, as_name) = schema["oneOf"]
    assert as_name == {"const": name}
    assert as_object["properties"]["name"] == {"const": name}
    for field in (name, {"name": name}, {"name": name, "configuration": {}}):
        assert resolve(field, DataTypeDefinition, SCOPE)[1] == ()


@needs_registry
@pytest.mark.parametrize("name", REGISTERED)
def test_bytes_stores_it_as_the_registry_says(name: str) -> None:
    text = readme(name)
    if FORMATS[name].bits <= 8:
        assert "1-byte value" in text and 'The `"endian"` parameter has no effect.' in text
        assert storage_of(data_type(name)) == "single_byte"
    else:
        assert "2-byte little-endian or big-endian value" in text
        assert storage_of(data_type(name)) == "multi_byte"
