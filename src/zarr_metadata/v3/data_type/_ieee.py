"""Fill values of the IEEE binary float data types (float16, float32, float64) and of the complex types built from them.

A float fill value is a finite JSON number (rounded to nearest at the
width, so a number past the largest finite value may round to an
infinity), one of the names "NaN", "Infinity" and "-Infinity", or "0x" and
the IEEE bits in hex (sign bit first, one hex digit per four bits). Every valid spelling denotes one bit
pattern at the data type's width; `canonical_float_fill` gives each bit
pattern exactly one spelling, so fill values compare by meaning.
"""

from __future__ import annotations

import dataclasses
import math
import re
import struct
from fractions import Fraction
from typing import Final, NewType, TypeAlias

from zarr_metadata._json import JSONValue, Loc, ValidationProblem, shown

__all__ = [
    "CANONICAL_NAN_HEX_FLOAT16",
    "CANONICAL_NAN_HEX_FLOAT32",
    "CANONICAL_NAN_HEX_FLOAT64",
    "CANONICAL_NEGATIVE_INFINITY_HEX_FLOAT16",
    "CANONICAL_NEGATIVE_INFINITY_HEX_FLOAT32",
    "CANONICAL_NEGATIVE_INFINITY_HEX_FLOAT64",
    "CANONICAL_POSITIVE_INFINITY_HEX_FLOAT16",
    "CANONICAL_POSITIVE_INFINITY_HEX_FLOAT32",
    "CANONICAL_POSITIVE_INFINITY_HEX_FLOAT64",
    "FloatFill",
    "HexFloat16",
    "HexFloat32",
    "HexFloat64",
    "canonical_complex_fill",
    "canonical_float_fill",
    "complex_fill_problems",
    "float_fill_bits",
    "float_fill_problems",
    "hex_float16",
    "hex_float32",
    "hex_float64",
]

HexFloat16 = NewType("HexFloat16", str)
"""The bits of a float16 written as "0x" and 4 hex digits."""
HexFloat32 = NewType("HexFloat32", str)
"""The bits of a float32 written as "0x" and 8 hex digits."""
HexFloat64 = NewType("HexFloat64", str)
"""The bits of a float64 written as "0x" and 16 hex digits."""

# The public home of each NewType is its data type's module, which re-exports
# it; naming that module here makes reprs and schemas say where users find it.
HexFloat16.__module__ = "zarr_metadata.v3.data_type.float16"
HexFloat32.__module__ = "zarr_metadata.v3.data_type.float32"
HexFloat64.__module__ = "zarr_metadata.v3.data_type.float64"

CANONICAL_NAN_HEX_FLOAT16: Final = "0x7e00"
CANONICAL_POSITIVE_INFINITY_HEX_FLOAT16: Final = "0x7c00"
CANONICAL_NEGATIVE_INFINITY_HEX_FLOAT16: Final = "0xfc00"
CANONICAL_NAN_HEX_FLOAT32: Final = "0x7fc00000"
CANONICAL_POSITIVE_INFINITY_HEX_FLOAT32: Final = "0x7f800000"
CANONICAL_NEGATIVE_INFINITY_HEX_FLOAT32: Final = "0xff800000"
CANONICAL_NAN_HEX_FLOAT64: Final = "0x7ff8000000000000"
CANONICAL_POSITIVE_INFINITY_HEX_FLOAT64: Final = "0x7ff0000000000000"
CANONICAL_NEGATIVE_INFINITY_HEX_FLOAT64: Final = "0xfff0000000000000"

FloatFill: TypeAlias = float | int | str
"""A float fill value that already has the right JSON shape: a number or a string."""

_SPECIAL_NAMES = ("NaN", "Infinity", "-Infinity")


@dataclasses.dataclass(frozen=True)
class _Format:
    """What a width of IEEE binary float needs for reading and spelling its fill values."""

    width: int
    code: str
    """The `struct` format character."""
    precision: int
    """Significand bits, the implicit leading bit included."""
    nan: int
    positive_infinity: int
    hex_pattern: re.Pattern[str]

    @property
    def name(self) -> str:
        return f"float{self.width}"

    @property
    def hex_digits(self) -> int:
        return self.width // 4

    @property
    def sign_bit(self) -> int:
        return 1 << (self.width - 1)


def _format(width: int, code: str, precision: int, nan: str, infinity: str) -> _Format:
    return _Format(
        width,
        code,
        precision,
        int(nan, 16),
        int(infinity, 16),
        # Spelled out rather than \w-style classes so no non-ASCII digit passes.
        re.compile(f"0x[0-9a-fA-F]{{{width // 4}}}"),
    )


_FORMATS: Final = {
    16: _format(16, "e", 11, CANONICAL_NAN_HEX_FLOAT16, CANONICAL_POSITIVE_INFINITY_HEX_FLOAT16),
    32: _format(32, "f", 24, CANONICAL_NAN_HEX_FLOAT32, CANONICAL_POSITIVE_INFINITY_HEX_FLOAT32),
    64: _format(64, "d", 53, CANONICAL_NAN_HEX_FLOAT64, CANONICAL_POSITIVE_INFINITY_HEX_FLOAT64),
}


def _format_of(width: int) -> _Format:
    try:
        return _FORMATS[width]
    except KeyError:
        raise ValueError(f"no IEEE binary float of width {width}; expected 16, 32 or 64") from None


def _value_of(bits: int, fmt: _Format) -> float:
    """The value of a bit pattern; exact, since every narrower float is a float64."""
    (value,) = struct.unpack(f">{fmt.code}", bits.to_bytes(fmt.width // 8, "big"))
    return float(value)


def _bits_of(value: float, fmt: _Format) -> int:
    """The bits of a float64 rounded to nearest at the width; OverflowError when that is an infinity."""
    return int.from_bytes(struct.pack(f">{fmt.code}", value), "big")


def _rounded_int(value: int, precision: int) -> int:
    """An integer rounded to `precision` significant bits, ties to even."""
    magnitude = abs(value)
    excess = magnitude.bit_length() - precision
    if excess <= 0:
        return value
    kept, dropped = divmod(magnitude, 1 << excess)
    half = 1 << (excess - 1)
    if dropped > half or (dropped == half and kept & 1):
        kept += 1
    rounded = kept << excess
    return rounded if value >= 0 else -rounded


def _number_bits(value: float | int, fmt: _Format) -> int:
    """The bits a finite number denotes at the width, rounded to nearest: beyond the largest finite value by half a step or more, an infinity of its sign."""
    try:
        if isinstance(value, int):
            # float(value) would round once to 53 bits and the width would round
            # again; rounding the integer itself to the width's precision first
            # makes the conversions after it exact, so the result is rounded once.
            return _bits_of(float(_rounded_int(value, fmt.precision)), fmt)
        return _bits_of(value, fmt)
    except OverflowError:
        # The v3 spec rounds a number to the nearest representable value, and
        # IEEE rounding to nearest takes whatever lies past the largest finite
        # value by half a step to infinity (float16 1e10 is Infinity), as
        # NumPy and zarr-python read it.
        return fmt.positive_infinity | (fmt.sign_bit if value < 0 else 0)


def _hex_bits(value: str, fmt: _Format) -> int | None:
    if fmt.hex_pattern.fullmatch(value) is None:
        return None
    return int(value[2:], 16)


def float_fill_problems(value: FloatFill, width: int, loc: Loc) -> tuple[ValidationProblem, ...]:
    """The problems of a float fill value at a width of 16, 32 or 64 bits."""
    fmt = _format_of(width)
    return _fill_problems(value, fmt, loc, f"a {fmt.name}")


def _fill_problems(
    value: FloatFill, fmt: _Format, loc: Loc, what: str
) -> tuple[ValidationProblem, ...]:
    if type(value) is int or (type(value) is float and math.isfinite(value)):  # pyright: ignore[reportArgumentType]
        return ()  # every finite number rounds to a value of the width, perhaps an infinity
    if isinstance(value, str):
        if value in _SPECIAL_NAMES or _hex_bits(value, fmt) is not None:
            return ()
        message = (
            f'expected "NaN", "Infinity", "-Infinity" or "0x" and {fmt.hex_digits} hex digits'
            f" for {what}, got {shown(value)}"
        )
        return (
            ValidationProblem(
                loc, message, "invalid_value", input=value, ctx={"hex_digits": fmt.hex_digits}
            ),
        )
    if isinstance(value, float) and not math.isfinite(value):
        # The JSON shape check normally refuses these first; a bare NaN here
        # has the string "NaN" as its spelling.
        message = (
            f'expected a finite number, or "NaN", "Infinity" or "-Infinity" as a string'
            f" for {what}, got {shown(value)}"
        )
        return (ValidationProblem(loc, message, "invalid_value", input=value),)
    return ()


def float_fill_bits(value: FloatFill, width: int) -> int:
    """The IEEE bits a fill value denotes at a width of 16, 32 or 64 bits.

    "NaN" is the canonical quiet NaN and a number is rounded to nearest
    (past the largest finite value, to an infinity). Raises ValueError for
    a value `float_fill_problems` refuses.
    """
    return _fill_bits(value, _format_of(width))


def _fill_bits(value: FloatFill, fmt: _Format) -> int:
    if isinstance(value, str):
        if value == "NaN":
            return fmt.nan
        if value == "Infinity":
            return fmt.positive_infinity
        if value == "-Infinity":
            return fmt.positive_infinity | fmt.sign_bit
        bits = _hex_bits(value, fmt)
        if bits is None:
            raise ValueError(f"{shown(value)} is not a {fmt.name} fill value")
        return bits
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(f"{shown(value)} is not a {fmt.name} fill value; spell it as a string")
    return _number_bits(value, fmt)


def canonical_float_fill(value: FloatFill, width: int) -> JSONValue:
    """The one spelling of a valid fill value: equal spellings exactly when the bits are equal.

    The canonical quiet NaN is "NaN" and any other NaN its lowercase hex; the
    infinities are named; a finite value is the float with the fewest
    significant digits that rounds to the same bits at the width.
    """
    fmt = _format_of(width)
    return _canonical_of_bits(_fill_bits(value, fmt), fmt)


def _canonical_of_bits(bits: int, fmt: _Format) -> JSONValue:
    magnitude = bits & ~fmt.sign_bit
    if magnitude > fmt.positive_infinity:
        if bits == fmt.nan:
            return "NaN"
        return f"0x{bits:0{fmt.hex_digits}x}"
    if magnitude == fmt.positive_infinity:
        return "-Infinity" if bits & fmt.sign_bit else "Infinity"
    shortest = _shortest_magnitude(magnitude, fmt)
    return -shortest if bits & fmt.sign_bit else shortest


def _shortest_magnitude(magnitude: int, fmt: _Format) -> float:
    """The float with the fewest significant digits whose decimal text rounds to these bits.

    The text must round to the bits both through a float64 (as this module
    reads it) and directly at the width (as a reader parsing the decimal into
    the narrower type would), so both kinds of reader agree on the value.
    """
    exact = _value_of(magnitude, fmt)
    if fmt.width == 64 or magnitude == 0:
        return exact  # repr of a float64 is already its shortest round-trip spelling
    below = _value_of(magnitude - 1, fmt)
    # The largest finite value has no finite neighbour above; the spacing
    # above it is the spacing below it, as both sit in the same binade.
    above = _value_of(magnitude + 1, fmt) if magnitude + 1 < fmt.positive_infinity else None
    low = (Fraction(exact) + Fraction(below)) / 2
    high = (
        (Fraction(exact) + Fraction(above)) / 2
        if above is not None
        else Fraction(exact) + (Fraction(exact) - Fraction(below)) / 2
    )
    ties_here = magnitude & 1 == 0
    for digits in range(1, 18):
        candidate = float(f"{exact:.{digits}g}")
        text_value = Fraction(repr(candidate))
        inside = low < text_value < high or (ties_here and text_value in (low, high))
        if inside and _bits_of(candidate, fmt) == magnitude:
            return candidate
    return exact  # unreachable: 9 digits always suffice for a float32, 5 for a float16


def complex_fill_problems(
    value: tuple[FloatFill, FloatFill], width: int, loc: Loc
) -> tuple[ValidationProblem, ...]:
    """The problems of a complex fill value whose components are floats of `width` bits (32 for complex64)."""
    fmt = _format_of(width)
    what = f"a complex{2 * width} component"
    real, imaginary = value
    return _fill_problems(real, fmt, (*loc, 0), what) + _fill_problems(
        imaginary, fmt, (*loc, 1), what
    )


def canonical_complex_fill(
    value: tuple[FloatFill, FloatFill], width: int
) -> tuple[JSONValue, JSONValue]:
    """The one spelling of a valid complex fill value: each component spelled as `canonical_float_fill` spells it."""
    real, imaginary = value
    return canonical_float_fill(real, width), canonical_float_fill(imaginary, width)


def _checked_hex(value: str, fmt: _Format) -> str:
    if _hex_bits(value, fmt) is None:
        raise ValueError(
            f'expected "0x" and {fmt.hex_digits} hex digits (the bits of a {fmt.name}),'
            f" got {shown(value)}"
        )
    return value


def hex_float16(value: str) -> HexFloat16:
    """`value` as a HexFloat16, if it is "0x" and 4 hex digits; else ValueError."""
    return HexFloat16(_checked_hex(value, _FORMATS[16]))


def hex_float32(value: str) -> HexFloat32:
    """`value` as a HexFloat32, if it is "0x" and 8 hex digits; else ValueError."""
    return HexFloat32(_checked_hex(value, _FORMATS[32]))


def hex_float64(value: str) -> HexFloat64:
    """`value` as a HexFloat64, if it is "0x" and 16 hex digits; else ValueError."""
    return HexFloat64(_checked_hex(value, _FORMATS[64]))
