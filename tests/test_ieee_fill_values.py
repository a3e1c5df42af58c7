"""Fill values of the float and complex data types: which are valid, what bits they denote, and their one spelling."""

from __future__ import annotations

import json
import math
import struct
from collections.abc import Callable
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from zarr_metadata._json import JSONValue, Loc, ValidationProblem
from zarr_metadata.v3.data_type import _float_fill
from zarr_metadata.v3.data_type._float_fill import FloatFill
from zarr_metadata.v3.data_type._float_format import ieee_format
from zarr_metadata.v3.data_type.float16 import (
    CANONICAL_NAN_HEX_FLOAT16,
    CANONICAL_NEGATIVE_INFINITY_HEX_FLOAT16,
    CANONICAL_POSITIVE_INFINITY_HEX_FLOAT16,
    HexFloat16,
    hex_float16,
)
from zarr_metadata.v3.data_type.float32 import (
    CANONICAL_NAN_HEX_FLOAT32,
    CANONICAL_NEGATIVE_INFINITY_HEX_FLOAT32,
    CANONICAL_POSITIVE_INFINITY_HEX_FLOAT32,
    HexFloat32,
    hex_float32,
)
from zarr_metadata.v3.data_type.float64 import (
    CANONICAL_NAN_HEX_FLOAT64,
    CANONICAL_NEGATIVE_INFINITY_HEX_FLOAT64,
    CANONICAL_POSITIVE_INFINITY_HEX_FLOAT64,
    HexFloat64,
    hex_float64,
)

# The IEEE formats by width, as the v2 float family and the core v3 types judge them.


def float_fill_problems(value: FloatFill, width: int, loc: Loc) -> tuple[ValidationProblem, ...]:
    return _float_fill.fill_problems(value, ieee_format(width), loc)


def float_fill_bits(value: FloatFill, width: int) -> int:
    return _float_fill.fill_bits(value, ieee_format(width))


def canonical_float_fill(value: FloatFill, width: int) -> JSONValue:
    return _float_fill.canonical_fill(value, ieee_format(width))


def complex_fill_problems(
    value: tuple[FloatFill, FloatFill], width: int, loc: Loc
) -> tuple[ValidationProblem, ...]:
    what = f"a complex{2 * width} component"
    return _float_fill.complex_fill_problems(value, ieee_format(width), loc, what)


def canonical_complex_fill(
    value: tuple[FloatFill, FloatFill], width: int
) -> tuple[JSONValue, JSONValue]:
    return _float_fill.canonical_complex_fill(value, ieee_format(width))


WIDTHS = (16, 32, 64)
CODES = {16: "e", 32: "f", 64: "d"}
QUIET_NAN_HEX = {
    16: CANONICAL_NAN_HEX_FLOAT16,
    32: CANONICAL_NAN_HEX_FLOAT32,
    64: CANONICAL_NAN_HEX_FLOAT64,
}
LOC = ("fill_value",)


def kinds(value: float | int | str, width: int) -> list[tuple[tuple[str | int, ...], str]]:
    return [(problem.loc, problem.kind) for problem in float_fill_problems(value, width, LOC)]


def bits_of(value: float, width: int) -> int:
    """The bits of a value exactly representable at the width, packed independently of the module."""
    return int.from_bytes(struct.pack(f">{CODES[width]}", value), "big")


def value_of(bits: int, width: int) -> float:
    (value,) = struct.unpack(f">{CODES[width]}", bits.to_bytes(width // 8, "big"))
    return float(value)


def hex_of(bits: int, width: int) -> str:
    return f"0x{bits:0{width // 4}x}"


def spelling(value: JSONValue) -> str:
    """A spelling as JSON text, the way fill values are compared: 0.0 and -0.0 differ, 1 and 1.0 too."""
    return json.dumps(value)


# --- which fill values are valid -------------------------------------------------------------


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", ["NaN", "Infinity", "-Infinity"])
def test_special_names_are_accepted(name: str, width: int) -> None:
    assert kinds(name, width) == []


@pytest.mark.parametrize(
    ("value", "width"),
    [
        ("0x7e00", 16),
        ("0x7E00", 16),
        ("0xFc00", 16),
        ("0x0000", 16),
        ("0x3dcccccd", 32),
        ("0x3DCCCCCD", 32),
        ("0xffffffff", 32),
        ("0x7ff8000000000000", 64),
        ("0xABCDEF0123456789", 64),
    ],
)
def test_hex_of_the_exact_width_is_accepted(value: str, width: int) -> None:
    assert kinds(value, width) == []


@pytest.mark.parametrize(
    ("value", "width"),
    [
        ("0x7e0", 16),
        ("0x7e000", 16),
        ("0x7fc00000", 16),
        ("0x7fc0", 32),
        ("0x7fc000000", 32),
        ("0x7ff8000000000000", 32),
        ("0x7fc00000", 64),
        ("0x7ff80000000000000", 64),
        ("0X7fc00000", 32),  # the prefix is lowercase
        ("7fc00000", 32),
        ("0x", 32),
        ("0x7fc0000g", 32),
        ("0x7fc0_000", 32),  # int() would take the underscore
        ("0x7fc0000\uff10", 32),  # a fullwidth digit int() would take
        ("0x7fc00000\n", 32),
        (" 0x7fc00000", 32),
        ("0x-7fc0000", 32),
        ("nan", 32),
        ("NAN", 64),
        ("inf", 64),
        ("+Infinity", 16),
        ("-NaN", 32),
        ("1.5", 64),
        ("", 16),
    ],
)
def test_other_strings_are_refused(value: str, width: int) -> None:
    assert kinds(value, width) == [(LOC, "invalid_value")]


def test_a_refused_string_says_what_was_expected() -> None:
    (problem,) = float_fill_problems("0x7fc0", 32, LOC)
    assert problem.message == (
        'expected "NaN", "Infinity", "-Infinity" or "0x" and 8 hex digits for a float32,'
        ' got "0x7fc0"'
    )
    assert problem.input == "0x7fc0"
    assert problem.ctx == {"hex_digits": 8}


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("value", [0, 0.0, -0.0, 1, -1, 0.1, -2.5, 1e-300, 5e-324, 65504, -65504.0])
def test_numbers_in_range_are_accepted_even_when_they_round(value: float, width: int) -> None:
    assert kinds(value, width) == []


FLOAT32_MAX = value_of(0x7F7FFFFF, 32)
FLOAT32_OVERFLOW_MIDPOINT = float(Fraction(FLOAT32_MAX) + Fraction(2**103))
FLOAT64_MAX = value_of(0x7FEFFFFFFFFFFFFF, 64)


@pytest.mark.parametrize(
    ("value", "width"),
    [
        (65519, 16),
        (65519.99, 16),
        (-65519, 16),
        (FLOAT32_MAX, 32),
        (math.nextafter(FLOAT32_OVERFLOW_MIDPOINT, 0.0), 32),
        (-FLOAT32_MAX, 32),
        (2**128 - 2**103 - 1, 32),  # below the midpoint by one: rounds down
        (FLOAT64_MAX, 64),
        (2**1024 - 2**970 - 1, 64),
        (-(2**1024 - 2**970 - 1), 64),
    ],
)
def test_numbers_at_the_edge_of_the_range_are_accepted(value: float, width: int) -> None:
    assert kinds(value, width) == []


@pytest.mark.parametrize(
    ("value", "width"),
    [
        (65520, 16),  # halfway to 65536: ties to even round to infinity
        (65520.0, 16),
        (-65520, 16),
        (1e10, 16),
        (FLOAT32_MAX, 16),
        (1e39, 32),
        (-1e39, 32),
        (FLOAT32_OVERFLOW_MIDPOINT, 32),
        (2**128 - 2**103, 32),
        (FLOAT64_MAX, 32),
        (2**1024 - 2**970, 64),
        (-(2**1024), 64),
        (10**400, 16),
        (10**400, 32),
        (10**400, 64),
        (-(10**400), 64),
    ],
)
def test_numbers_that_round_to_an_infinity_are_that_infinity(value: float, width: int) -> None:
    # The v3 spec rounds a number to the nearest representable value, and
    # zarr-python 3.4.2 opens a float16 array with fill 1e10 (fill inf) and
    # round-trips a chunk of it.
    assert kinds(value, width) == []
    infinity = "Infinity" if value > 0 else "-Infinity"
    assert float_fill_bits(value, width) == float_fill_bits(infinity, width)
    assert canonical_float_fill(value, width) == infinity


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_non_finite_floats_are_refused(value: float, width: int) -> None:
    assert kinds(value, width) == [(LOC, "invalid_value")]


def test_an_unknown_width_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="width 8"):
        float_fill_problems(1.0, 8, LOC)
    with pytest.raises(ValueError, match="width 128"):
        canonical_float_fill(1.0, 128)


# --- the bits a fill value denotes ------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "width", "bits"),
    [
        ("NaN", 16, 0x7E00),
        ("NaN", 32, 0x7FC00000),
        ("NaN", 64, 0x7FF8000000000000),
        ("Infinity", 16, 0x7C00),
        ("-Infinity", 16, 0xFC00),
        ("Infinity", 32, 0x7F800000),
        ("-Infinity", 32, 0xFF800000),
        ("Infinity", 64, 0x7FF0000000000000),
        ("-Infinity", 64, 0xFFF0000000000000),
        ("0x7FA00001", 32, 0x7FA00001),
        ("0x8000", 16, 0x8000),
        (1, 16, 0x3C00),
        (1.0, 32, 0x3F800000),
        (-2, 64, 0xC000000000000000),
        (0.1, 32, 0x3DCCCCCD),
        (0.1, 16, 0x2E66),
        (0.0, 32, 0),
        (-0.0, 32, 0x80000000),
        (0, 64, 0),
        (65519, 16, 0x7BFF),
        (5e-324, 32, 0),  # underflows to zero, which is a value, not a problem
        (-5e-324, 32, 0x80000000),
        (2.0**-24, 16, 0x0001),  # the smallest float16 subnormal
    ],
)
def test_fill_bits(value: float | int | str, width: int, bits: int) -> None:
    assert float_fill_bits(value, width) == bits


@pytest.mark.parametrize(
    ("value", "width", "rounded"),
    [
        # Integers round once, ties to even, at the width: through a float64
        # first, 2**60 + 2**36 + 1 would land on a float32 midpoint and round down.
        (2**60 + 2**36 + 1, 32, 2**60 + 2**37),
        (2**60 + 2**36, 32, 2**60),
        (2**60 + 3 * 2**36, 32, 2**60 + 2**38),
        (2**24 + 1, 32, 2**24),
        (2**24 + 3, 32, 2**24 + 4),
        (2049, 16, 2048),
        (2051, 16, 2052),
        (-2051, 16, -2052),
        (2**53 + 1, 64, 2**53),
        (2**80 + 2**27 + 1, 64, 2**80 + 2**28),
    ],
)
def test_integers_round_to_nearest_once(value: int, width: int, rounded: int) -> None:
    assert float_fill_bits(value, width) == bits_of(float(rounded), width)


@pytest.mark.parametrize(
    ("value", "width"), [("0x7fc0", 32), ("nan", 64), (math.nan, 32), (math.inf, 16)]
)
def test_bits_of_an_invalid_fill_value_raise(value: float | int | str, width: int) -> None:
    with pytest.raises(ValueError):
        float_fill_bits(value, width)


@pytest.mark.parametrize(
    ("constant", "width", "name"),
    [
        (CANONICAL_NAN_HEX_FLOAT16, 16, "NaN"),
        (CANONICAL_POSITIVE_INFINITY_HEX_FLOAT16, 16, "Infinity"),
        (CANONICAL_NEGATIVE_INFINITY_HEX_FLOAT16, 16, "-Infinity"),
        (CANONICAL_NAN_HEX_FLOAT32, 32, "NaN"),
        (CANONICAL_POSITIVE_INFINITY_HEX_FLOAT32, 32, "Infinity"),
        (CANONICAL_NEGATIVE_INFINITY_HEX_FLOAT32, 32, "-Infinity"),
        (CANONICAL_NAN_HEX_FLOAT64, 64, "NaN"),
        (CANONICAL_POSITIVE_INFINITY_HEX_FLOAT64, 64, "Infinity"),
        (CANONICAL_NEGATIVE_INFINITY_HEX_FLOAT64, 64, "-Infinity"),
    ],
)
def test_canonical_hex_constants_are_the_named_values(constant: str, width: int, name: str) -> None:
    assert float_fill_bits(constant, width) == float_fill_bits(name, width)
    assert canonical_float_fill(constant, width) == name
    assert len(constant) == 2 + width // 4


def test_the_constants_are_the_ieee_quiet_nan_and_infinities() -> None:
    assert math.isnan(value_of(int(CANONICAL_NAN_HEX_FLOAT32, 16), 32))
    assert value_of(int(CANONICAL_POSITIVE_INFINITY_HEX_FLOAT16, 16), 16) == math.inf
    assert value_of(int(CANONICAL_NEGATIVE_INFINITY_HEX_FLOAT64, 16), 64) == -math.inf
    assert bits_of(math.nan, 64) == int(CANONICAL_NAN_HEX_FLOAT64, 16)


# --- the one spelling of each value -----------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "width", "canonical"),
    [
        ("NaN", 16, "NaN"),
        ("0x7e00", 16, "NaN"),
        ("0x7E00", 16, "NaN"),
        ("0x7c00", 16, "Infinity"),
        ("0xfc00", 16, "-Infinity"),
        ("0x7fc00000", 32, "NaN"),
        ("0x7F800000", 32, "Infinity"),
        ("0xff800000", 32, "-Infinity"),
        ("0x7ff8000000000000", 64, "NaN"),
        ("0x7ff0000000000000", 64, "Infinity"),
        ("0xfff0000000000000", 64, "-Infinity"),
        ("Infinity", 32, "Infinity"),
        ("-Infinity", 64, "-Infinity"),
        # Any other NaN keeps its bits, in lowercase hex.
        ("0x7d00", 16, "0x7d00"),  # signalling
        ("0x7e01", 16, "0x7e01"),  # payload
        ("0xfe00", 16, "0xfe00"),  # negative quiet NaN
        ("0x7FA00000", 32, "0x7fa00000"),
        ("0xffc00000", 32, "0xffc00000"),
        ("0x7f800001", 32, "0x7f800001"),
        ("0x7ff0000000000001", 64, "0x7ff0000000000001"),
        ("0x7FF4000000000000", 64, "0x7ff4000000000000"),
        ("0xfff8000000000000", 64, "0xfff8000000000000"),
        # Finite values: the shortest decimal that rounds to the bits.
        (0.1, 32, 0.1),
        (0.10000000149011612, 32, 0.1),
        ("0x3dcccccd", 32, 0.1),
        (0.1, 16, 0.1),
        (0.1, 64, 0.1),
        (0.10000000149011612, 64, 0.10000000149011612),
        (1, 16, 1.0),
        (1.0, 16, 1.0),
        ("0x3c00", 16, 1.0),
        (1, 32, 1.0),
        ("0x3f800000", 32, 1.0),
        (1, 64, 1.0),
        ("0x3ff0000000000000", 64, 1.0),
        (-3, 32, -3.0),
        (65504, 16, 65500.0),  # 65500 rounds to the same float16, and is shorter
        ("0x7bff", 16, 65500.0),
        ("0x7f7fffff", 32, 3.4028235e38),
        ("0x0001", 16, 6e-08),
        ("0x00000001", 32, 1e-45),
        ("0x0000000000000001", 64, 5e-324),
        (2**60 + 2**36 + 1, 32, 1.1529216e18),
        (16777217, 32, 16777216.0),
    ],
)
def test_canonical_spelling(value: float | int | str, width: int, canonical: JSONValue) -> None:
    assert spelling(canonical_float_fill(value, width)) == spelling(canonical)


@pytest.mark.parametrize("width", WIDTHS)
def test_signed_zeros_are_two_values(width: int) -> None:
    zero = canonical_float_fill(0.0, width)
    negative_zero = canonical_float_fill(-0.0, width)
    assert spelling(zero) == "0.0"
    assert spelling(negative_zero) == "-0.0"
    assert spelling(canonical_float_fill(0, width)) == "0.0"
    assert spelling(canonical_float_fill(hex_of(1 << (width - 1), width), width)) == "-0.0"


@pytest.mark.parametrize("width", WIDTHS)
def test_integers_and_floats_spell_alike(width: int) -> None:
    for number in (0, 1, -7, 1000):
        integer = canonical_float_fill(number, width)
        real = canonical_float_fill(float(number), width)
        assert type(integer) is float
        assert spelling(integer) == spelling(real)


def test_canonical_of_an_invalid_fill_value_raises() -> None:
    with pytest.raises(ValueError):
        canonical_float_fill("0x7fc0", 32)
    with pytest.raises(ValueError):
        canonical_float_fill(math.nan, 32)


def test_every_float16_has_its_own_spelling() -> None:
    spellings: dict[str, int] = {}
    for bits in range(1 << 16):
        canonical = canonical_float_fill(hex_of(bits, 16), 16)
        assert isinstance(canonical, str | float)
        assert float_fill_bits(canonical, 16) == bits
        assert spellings.setdefault(spelling(canonical), bits) == bits
    assert len(spellings) == 1 << 16


# --- properties over random bit patterns ------------------------------------------------------


def _is_nan(bits: int, width: int) -> bool:
    return math.isnan(value_of(bits, width))


def _rounds_directly_to(text: str, bits: int, width: int) -> bool:
    """Whether the exact decimal value of `text` is nearer these bits than either neighbour of the same sign."""
    exact = Fraction(text)
    magnitude = bits & ~(1 << (width - 1))
    own = abs(Fraction(value_of(bits, width)))
    distance = abs(abs(exact) - own)
    neighbours = [magnitude - 1] if magnitude > 0 else []
    if not math.isinf(value_of(magnitude + 1, width)):
        neighbours.append(magnitude + 1)
    return all(
        distance <= abs(abs(exact) - Fraction(value_of(other, width))) for other in neighbours
    )


def _joined(sign: int, exponent: int, fraction: int) -> int:
    return sign | exponent | fraction


def bit_patterns(width: int) -> st.SearchStrategy[int]:
    # Plain integers rarely hit the interesting patterns, so NaNs, infinities,
    # zeros and subnormals are also drawn on purpose.
    sign = st.sampled_from([0, 1 << (width - 1)])
    exponent_mask = {16: 0x7C00, 32: 0x7F800000, 64: 0x7FF0000000000000}[width]
    fraction = st.integers(0, (1 << {16: 10, 32: 23, 64: 52}[width]) - 1)
    special = st.builds(_joined, sign, st.sampled_from([0, exponent_mask]), fraction)
    return st.one_of(st.integers(0, (1 << width) - 1), special)


def check_round_trip(bits: int, width: int) -> None:
    canonical = canonical_float_fill(hex_of(bits, width), width)
    assert isinstance(canonical, str | float)
    assert float_fill_problems(canonical, width, LOC) == ()
    assert float_fill_bits(canonical, width) == bits
    assert spelling(canonical_float_fill(canonical, width)) == spelling(canonical)
    if isinstance(canonical, float):
        assert _rounds_directly_to(repr(canonical), bits, width)
    else:
        is_quiet_nan = bits == int(QUIET_NAN_HEX[width], 16)
        assert (canonical == "NaN") == is_quiet_nan
        if _is_nan(bits, width) and not is_quiet_nan:
            assert canonical == hex_of(bits, width)


def check_one_spelling_per_value(first: int, second: int, width: int) -> None:
    first_spelling = spelling(canonical_float_fill(hex_of(first, width), width))
    second_spelling = spelling(canonical_float_fill(hex_of(second, width), width))
    assert (first_spelling == second_spelling) == (first == second)


@given(bit_patterns(16))
def test_float16_canonical_round_trips(bits: int) -> None:
    check_round_trip(bits, 16)


@given(bit_patterns(32))
def test_float32_canonical_round_trips(bits: int) -> None:
    check_round_trip(bits, 32)


@given(bit_patterns(64))
def test_float64_canonical_round_trips(bits: int) -> None:
    check_round_trip(bits, 64)


@given(bit_patterns(16), bit_patterns(16))
def test_float16_one_spelling_per_value(first: int, second: int) -> None:
    check_one_spelling_per_value(first, second, 16)


@given(bit_patterns(32), bit_patterns(32))
def test_float32_one_spelling_per_value(first: int, second: int) -> None:
    check_one_spelling_per_value(first, second, 32)


@given(bit_patterns(64), bit_patterns(64))
def test_float64_one_spelling_per_value(first: int, second: int) -> None:
    check_one_spelling_per_value(first, second, 64)


@given(bit_patterns(32))
def test_float32_neighbouring_bits_spell_differently(bits: int) -> None:
    # Random pairs are almost never neighbours; neighbours are where a too
    # short spelling would collide.
    other = bits ^ 1
    check_one_spelling_per_value(bits, other, 32)


@pytest.mark.parametrize("width", WIDTHS)
@given(number=st.floats(allow_nan=False, allow_infinity=False))
def test_a_number_spells_as_its_bits_do(width: int, number: float) -> None:
    if float_fill_problems(number, width, LOC):
        return  # beyond the width's range; refusals are tested above
    bits = float_fill_bits(number, width)
    assert spelling(canonical_float_fill(number, width)) == spelling(
        canonical_float_fill(hex_of(bits, width), width)
    )


@given(number=st.integers(-(2**70), 2**70))
def test_an_integer_rounds_to_the_nearest_float32_ties_to_even(number: int) -> None:
    bits = float_fill_bits(number, 32)
    magnitude = bits & 0x7FFFFFFF
    assert (bits != magnitude) == (number < 0)
    distance = abs(abs(number) - Fraction(value_of(magnitude, 32)))
    for neighbour in (magnitude - 1, magnitude + 1):
        if neighbour >= 0:
            other = abs(abs(number) - Fraction(value_of(neighbour, 32)))
            assert distance < other or (distance == other and magnitude % 2 == 0)


# --- complex fill values ----------------------------------------------------------------------


def test_complex_components_are_judged_at_their_own_index() -> None:
    problems = complex_fill_problems(("0x7fc0", "0x7fc0"), 32, LOC)
    assert [(problem.loc, problem.kind) for problem in problems] == [
        ((*LOC, 0), "invalid_value"),
        ((*LOC, 1), "invalid_value"),
    ]
    assert "complex64 component" in problems[0].message
    assert "8 hex digits" in problems[0].message


@pytest.mark.parametrize(
    ("value", "width", "bad_index"),
    [
        ((1.0, "0x7fc00000"), 32, None),
        (("NaN", "-Infinity"), 64, None),
        ((0, "0x7ff8000000000000"), 64, None),
        ((1e39, 0.0), 32, None),  # rounds to (Infinity, 0)
        ((1e39, 0.0), 64, None),
        ((math.nan, 0.0), 32, 0),
        ((0.0, "0x7fc00000"), 64, 1),
        (("0x7ff8000000000000", 0), 32, 0),
    ],
)
def test_complex_fill_problems(
    value: tuple[float | int | str, float | int | str], width: int, bad_index: int | None
) -> None:
    found = [(problem.loc, problem.kind) for problem in complex_fill_problems(value, width, LOC)]
    expected = [] if bad_index is None else [((*LOC, bad_index), "invalid_value")]
    assert found == expected


def test_canonical_complex_fill() -> None:
    assert canonical_complex_fill((1, "0x7fc00000"), 32) == (1.0, "NaN")
    assert canonical_complex_fill((1e39, -1e300), 32) == ("Infinity", "-Infinity")
    assert canonical_complex_fill((0.10000000149011612, "0x7fa00000"), 32) == (0.1, "0x7fa00000")
    spelled = canonical_complex_fill((-0.0, 0.10000000149011612), 64)
    assert [spelling(part) for part in spelled] == ["-0.0", "0.10000000149011612"]


# --- hex helpers ------------------------------------------------------------------------------


def test_hex_helpers_return_valid_hex_unchanged() -> None:
    assert hex_float16("0x7E00") == "0x7E00"
    assert hex_float32("0x7fc00000") == "0x7fc00000"
    assert hex_float64("0x7ff8000000000000") == "0x7ff8000000000000"


@pytest.mark.parametrize(
    ("helper", "value"),
    [
        (hex_float16, "0x7fc00000"),
        (hex_float16, "0x7e0"),
        (hex_float32, "0x7e00"),
        (hex_float32, "NaN"),
        (hex_float32, "0X7fc00000"),
        (hex_float64, "0x7fc00000"),
        (hex_float64, "0x7ff800000000000g"),
    ],
)
def test_hex_helpers_refuse_other_strings(helper: Callable[[str], str], value: str) -> None:
    with pytest.raises(ValueError, match="hex digits"):
        helper(value)


def test_hex_new_types_name_their_public_module() -> None:
    assert HexFloat16.__module__ == "zarr_metadata.v3.data_type.float16"
    assert HexFloat32.__module__ == "zarr_metadata.v3.data_type.float32"
    assert HexFloat64.__module__ == "zarr_metadata.v3.data_type.float64"
