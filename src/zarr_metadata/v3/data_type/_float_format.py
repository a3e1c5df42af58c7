"""The binary float formats of the float data types: their bit layouts, the values of their bit patterns, rounding to them, and one spelling of each pattern.

A format is a sign bit (or none), exponent bits with a bias, and mantissa
bits. The IEEE 754 binary formats (float16, float32, float64) have the
infinities and NaN in an all-ones exponent. The small formats of the
extensions (bfloat16 and the float4, float6 and float8 formats) may have
no infinities, no NaN, no negative zero or no subnormal numbers, and some
encode NaN in a pattern of their own. A pattern is written in hex as the
bytes codec stores it, two hex digits per byte (a float4 is stored in one
byte, so "0x07").
"""

from __future__ import annotations

import dataclasses
import functools
import math
import re
import struct
from typing import TYPE_CHECKING, Final, Literal

from zarr_metadata.problems import shown

if TYPE_CHECKING:
    from fractions import Fraction

__all__ = [
    "BFLOAT16_FORMAT",
    "EXTENSION_FORMATS",
    "FLOAT8_E4M3FN_FORMAT",
    "FLOAT16_FORMAT",
    "FLOAT32_FORMAT",
    "FLOAT64_FORMAT",
    "NAMES",
    "FloatFormat",
    "NanEncoding",
    "checked_hex",
    "float_value",
    "hex_bits",
    "ieee_format",
    "is_negative",
    "number_bits",
    "spelled_bits",
]

NanEncoding = Literal["ieee", "negative_zero", "all_ones", "none"]
"""Where a format keeps NaN.

- "ieee": every pattern with an all-ones exponent and a mantissa other
  than zero; an all-ones exponent with a zero mantissa is an infinity.
- "negative_zero": the one pattern of the sign bit alone (the "fnuz"
  formats), so there is no negative zero, and no infinity.
- "all_ones": the patterns whose magnitude bits are all ones, with either
  sign (float8_e4m3fn: 0x7f and 0xff; float8_e8m0fnu, which has no sign:
  0xff); no infinity.
- "none": no NaN and no infinity.
"""

NAMES: Final = ("NaN", "Infinity", "-Infinity")
"""The names of the values JSON has no number for."""


@dataclasses.dataclass(frozen=True)
class FloatFormat:
    """A binary float format: its fields, and what it has of NaN, infinities, sign and subnormal numbers."""

    name: str
    exponent_bits: int
    mantissa_bits: int
    bias: int
    nan: NanEncoding
    signed: bool = True
    subnormals: bool = True
    """Whether a zero exponent field means 0.mantissa (else 1.mantissa, as any other field does)."""
    struct_code: str | None = None
    """The `struct` format character of an IEEE 754 binary format, which packs and rounds it in C.

    Such a format rounds a number past its largest finite value to an
    infinity, as IEEE rounding to nearest does; the extension formats
    refuse such a number instead.
    """

    bits: int = dataclasses.field(init=False, compare=False)
    """The bits of a value: sign, exponent and mantissa."""
    sign_bit: int = dataclasses.field(init=False, compare=False)
    """The sign bit; 0 for an unsigned format."""
    magnitude_mask: int = dataclasses.field(init=False, compare=False)
    infinity_pattern: int | None = dataclasses.field(init=False, compare=False)
    """The pattern of positive infinity; None without infinities."""
    nan_pattern: int | None = dataclasses.field(init=False, compare=False)
    """The pattern "NaN" spells (the quiet NaN of an IEEE-like format); None without NaN."""
    largest_pattern: int = dataclasses.field(init=False, compare=False)
    """The pattern of the largest finite value."""
    emin: int = dataclasses.field(init=False, compare=False)
    """The exponent of the smallest normal number."""
    largest: float = dataclasses.field(init=False, compare=False)
    hex_digits: int = dataclasses.field(init=False, compare=False)
    hex_pattern: re.Pattern[str] = dataclasses.field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        refusal = self._refusal()
        if refusal is not None:
            raise ValueError(f"{self.name!r}: {refusal}")
        magnitude_bits = self.exponent_bits + self.mantissa_bits
        bits = magnitude_bits + self.signed
        sign_bit = 1 << magnitude_bits if self.signed else 0
        infinity = (
            ((1 << self.exponent_bits) - 1) << self.mantissa_bits if self.nan == "ieee" else None
        )
        nan = {
            "ieee": None if infinity is None else infinity | 1 << (self.mantissa_bits - 1),
            "negative_zero": sign_bit,
            "all_ones": (1 << magnitude_bits) - 1,
            "none": None,
        }[self.nan]
        if infinity is not None:
            largest = infinity - 1
        elif self.nan == "all_ones":
            largest = (1 << magnitude_bits) - 2
        else:
            largest = (1 << magnitude_bits) - 1
        hex_digits = 2 * ((bits + 7) // 8)
        derived: dict[str, object] = {
            "bits": bits,
            "sign_bit": sign_bit,
            "magnitude_mask": (1 << magnitude_bits) - 1,
            "infinity_pattern": infinity,
            "nan_pattern": nan,
            "largest_pattern": largest,
            "emin": 1 - self.bias if self.subnormals else -self.bias,
            "hex_digits": hex_digits,
            # Spelled out rather than \w-style classes so no non-ASCII digit passes.
            "hex_pattern": re.compile(f"0x[0-9a-fA-F]{{{hex_digits}}}"),
        }
        for key, item in derived.items():
            object.__setattr__(self, key, item)
        object.__setattr__(self, "largest", _magnitude_value(largest, self))

    def _refusal(self) -> str | None:
        if (
            self.exponent_bits < 1
            or self.mantissa_bits < 0
            or self.exponent_bits + self.mantissa_bits > 63
        ):
            return (
                "expected 1 to 63 bits of exponent and mantissa together, at least one of exponent"
            )
        if self.nan == "ieee" and self.mantissa_bits == 0:
            return "an IEEE NaN needs a mantissa bit"
        if self.nan == "negative_zero" and not self.signed:
            return "NaN in the pattern of negative zero needs a sign bit"
        return None

    @property
    def infinities(self) -> bool:
        """Whether the format has the infinities."""
        return self.nan == "ieee"

    @property
    def negative_zero(self) -> bool:
        """Whether the format has a negative zero."""
        return self.signed and self.nan != "negative_zero"

    @property
    def names(self) -> tuple[str, ...]:
        """The names of the values JSON has no number for that the format has."""
        if self.infinities:
            return NAMES
        return ("NaN",) if self.nan_pattern is not None else ()

    def is_nan(self, bits: int) -> bool:
        if self.nan == "ieee":
            assert self.infinity_pattern is not None
            return bits & self.magnitude_mask > self.infinity_pattern
        if self.nan == "all_ones":
            return bits & self.magnitude_mask == self.magnitude_mask
        return bits == self.nan_pattern


def _magnitude_value(magnitude: int, fmt: FloatFormat) -> float:
    """The value of a magnitude pattern read as a number, with no room kept for NaN or infinity; exact, as every value is a float64."""
    field, fraction = magnitude >> fmt.mantissa_bits, magnitude & ((1 << fmt.mantissa_bits) - 1)
    if field == 0 and fmt.subnormals:
        return math.ldexp(fraction, fmt.emin - fmt.mantissa_bits)
    return math.ldexp((1 << fmt.mantissa_bits) | fraction, field - fmt.bias - fmt.mantissa_bits)


def float_value(bits: int, fmt: FloatFormat) -> float:
    """The value of a bit pattern of the format, NaN and the infinities included."""
    if fmt.is_nan(bits):
        return math.nan
    magnitude = bits & fmt.magnitude_mask
    value = math.inf if magnitude == fmt.infinity_pattern else _magnitude_value(magnitude, fmt)
    return -value if bits & fmt.sign_bit else value


FLOAT16_FORMAT: Final = FloatFormat("float16", 5, 10, 15, "ieee", struct_code="e")
FLOAT32_FORMAT: Final = FloatFormat("float32", 8, 23, 127, "ieee", struct_code="f")
FLOAT64_FORMAT: Final = FloatFormat("float64", 11, 52, 1023, "ieee", struct_code="d")
_IEEE_FORMATS: Final = {16: FLOAT16_FORMAT, 32: FLOAT32_FORMAT, 64: FLOAT64_FORMAT}

BFLOAT16_FORMAT: Final = FloatFormat("bfloat16", 8, 7, 127, "ieee")
FLOAT8_E4M3FN_FORMAT: Final = FloatFormat("float8_e4m3fn", 4, 3, 7, "all_ones")
EXTENSION_FORMATS: Final = {
    fmt.name: fmt
    for fmt in (
        BFLOAT16_FORMAT,
        FloatFormat("float4_e2m1fn", 2, 1, 1, "none"),
        FloatFormat("float6_e2m3fn", 2, 3, 1, "none"),
        FloatFormat("float6_e3m2fn", 3, 2, 3, "none"),
        FloatFormat("float8_e3m4", 3, 4, 3, "ieee"),
        FloatFormat("float8_e4m3", 4, 3, 7, "ieee"),
        FLOAT8_E4M3FN_FORMAT,
        FloatFormat("float8_e4m3b11fnuz", 4, 3, 11, "negative_zero"),
        FloatFormat("float8_e4m3fnuz", 4, 3, 8, "negative_zero"),
        FloatFormat("float8_e5m2", 5, 2, 15, "ieee"),
        FloatFormat("float8_e5m2fnuz", 5, 2, 16, "negative_zero"),
        FloatFormat("float8_e8m0fnu", 8, 0, 127, "all_ones", signed=False, subnormals=False),
    )
}
"""The formats of the float data types of the extensions, and tensorstore's float8_e4m3fn, by the name of each data type."""


def ieee_format(width: int) -> FloatFormat:
    """The IEEE 754 binary format of `width` bits: 16, 32 or 64; else ValueError."""
    try:
        return _IEEE_FORMATS[width]
    except KeyError:
        raise ValueError(f"no IEEE binary float of width {width}; expected 16, 32 or 64") from None


def _rounded(magnitude: Fraction, fmt: FloatFormat) -> int | None:
    """The magnitude pattern nearest a non-negative number, ties to an even significand; None past the largest finite value.

    Below the smallest value a format without zero has (float8_e8m0fnu) a
    number rounds up to that smallest value, as there is nothing below it.
    """
    numerator, denominator = magnitude.numerator, magnitude.denominator
    if numerator == 0:
        return 0
    # The exponent of the leading bit: the bit lengths give it, or one above it.
    exponent = numerator.bit_length() - denominator.bit_length()
    if exponent >= 0:
        below = numerator < denominator << exponent
    else:
        below = numerator << -exponent < denominator
    exponent = max(exponent - below, fmt.emin)
    # The number in units of the last mantissa bit at that exponent, rounded to an integer.
    shift = exponent - fmt.mantissa_bits
    if shift >= 0:
        unit = denominator << shift
        units, rest = divmod(numerator, unit)
    else:
        unit = denominator
        units, rest = divmod(numerator << -shift, unit)
    if 2 * rest > unit or (2 * rest == unit and units & 1):
        units += 1
    leading = 1 << fmt.mantissa_bits
    if units == 2 * leading:  # rounded up into the next binade
        units, exponent = leading, exponent + 1
    if units < leading:
        # Below the normal numbers: a subnormal (or zero), or, without
        # subnormals, the smallest normal number.
        pattern = units if fmt.subnormals else 0
    else:
        pattern = (exponent + fmt.bias) << fmt.mantissa_bits | (units - leading)
    return pattern if pattern <= fmt.largest_pattern else None


def is_negative(value: float | int) -> bool:
    """Whether a number is below zero, or is the float -0.0."""
    if isinstance(value, float):
        return math.copysign(1.0, value) < 0  # -0.0 too
    return value < 0


def number_bits(value: float | int, fmt: FloatFormat) -> int | None:
    """The bits a finite number denotes, rounded to nearest; None when it rounds past the largest finite value of an extension format.

    An unsigned format takes only positive numbers; the caller checks that.
    """
    if fmt.struct_code is not None:
        return _packed_bits(value, fmt)
    # Imported for the extension formats only: the IEEE ones are packed by struct.
    from fractions import Fraction

    magnitude = _rounded(abs(Fraction(value)), fmt)
    if magnitude is None:
        return None
    if is_negative(value) and (magnitude != 0 or fmt.negative_zero):
        return magnitude | fmt.sign_bit
    return magnitude  # a negative number that rounds to the unsigned zero of an fnuz format


def hex_bits(value: str, fmt: FloatFormat) -> int | None:
    """The bits "0x" and the format's hex digits spell, whether or not the format defines them; None for any other string."""
    if fmt.hex_pattern.fullmatch(value) is None:
        return None
    return int(value[2:], 16)


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


def _packed_bits(value: float | int, fmt: FloatFormat) -> int:
    """The bits of an IEEE format nearest a finite number: beyond the largest finite value by half a step or more, an infinity of its sign."""
    code = f">{fmt.struct_code}"
    try:
        if isinstance(value, int):
            # float(value) would round once to 53 bits and the width would round
            # again; rounding the integer itself to the width's precision first
            # makes the conversions after it exact, so the result is rounded once.
            return int.from_bytes(
                struct.pack(code, float(_rounded_int(value, fmt.mantissa_bits + 1)))
            )
        return int.from_bytes(struct.pack(code, value))
    except OverflowError:
        # The v3 spec rounds a number to the nearest representable value, and
        # IEEE rounding to nearest takes whatever lies past the largest finite
        # value by half a step to infinity (float16 1e10 is Infinity), as
        # NumPy and zarr-python read it.
        assert fmt.infinity_pattern is not None
        return fmt.infinity_pattern | (fmt.sign_bit if value < 0 else 0)


def spelled_bits(bits: int, fmt: FloatFormat) -> float | str:
    """The one spelling of a bit pattern: "NaN" for the pattern it names and the lowercase hex of any other NaN, the infinities by name, and a finite value as the float with the fewest significant digits that rounds to the same bits."""
    if fmt.struct_code == "d":
        return _spelled(bits, fmt)  # float64 values are too many to keep
    return _spelled_kept(bits, fmt)


def _spelled(bits: int, fmt: FloatFormat) -> float | str:
    if fmt.is_nan(bits):
        return "NaN" if bits == fmt.nan_pattern else f"0x{bits:0{fmt.hex_digits}x}"
    magnitude = bits & fmt.magnitude_mask
    negative = bits & fmt.sign_bit != 0
    if magnitude == fmt.infinity_pattern:
        return "-Infinity" if negative else "Infinity"
    shortest = _shortest(magnitude, fmt)
    return -shortest if negative else shortest


_spelled_kept = functools.lru_cache(maxsize=4096)(_spelled)


def _shortest(magnitude: int, fmt: FloatFormat) -> float:
    """The float with the fewest significant digits whose decimal text rounds to these bits.

    The text must round to the bits both directly (as a reader parsing the
    decimal into the format would) and through a float64 (as most readers
    parse JSON), so both kinds of reader agree on the value.
    """
    exact = _magnitude_value(magnitude, fmt)
    if exact == 0.0 or fmt.struct_code == "d":
        return exact  # repr of a float64 is already its shortest round-trip spelling
    from fractions import Fraction  # see number_bits

    for digits in range(1, 18):
        candidate = float(f"{exact:.{digits}g}")
        if (
            _rounded(Fraction(repr(candidate)), fmt) == magnitude
            and _rounded(Fraction(candidate), fmt) == magnitude
        ):
            return candidate
    return exact  # unreachable: the exact value, 17 digits at most, reads back to itself


def checked_hex(value: str, fmt: FloatFormat) -> str:
    """`value`, if it is "0x" and the format's hex digits naming a pattern it defines; else ValueError."""
    bits = hex_bits(value, fmt)
    if bits is None or bits >> fmt.bits != 0:
        last = (1 << fmt.bits) - 1
        # Only where the digits hold more bits than the format are there digits it lacks.
        most = f', at most "0x{last:0{fmt.hex_digits}x}"' if fmt.bits % 8 else ""
        raise ValueError(
            f'expected "0x" and {fmt.hex_digits} hex digits{most}'
            f" (the bits of a {fmt.name}), got {shown(value)}"
        )
    return value
