"""Fill values of the small binary floats (bfloat16 and the float4, float6 and float8 formats) and of the complex types built from them.

A format is a sign bit (or none), exponent bits with a bias, and mantissa
bits. Some formats have no infinities, no NaN, no negative zero or no
subnormal numbers, and some encode NaN in a pattern of their own. A fill
value is spelled as an IEEE float's is:

- a finite JSON number, rounded to nearest with ties to an even
  significand, which must round to a finite value of the format (a format
  without infinities has nothing to round a larger number to);
- "NaN", "Infinity" or "-Infinity", each only where the format has it;
- "0x" and the bits as the bytes codec stores them, two hex digits per
  byte (a float4 is stored in one byte, so "0x07"), naming a pattern the
  format defines (a float4 defines "0x00" to "0x0f").

`canonical_minifloat_fill` gives each bit pattern exactly one spelling,
so fill values compare by meaning.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any, Final, Literal

from zarr_metadata._json import JSONValue, Loc, ValidationProblem, shown
from zarr_metadata.definition._definition import EmptyConfiguration
from zarr_metadata.definition._fields import Nested
from zarr_metadata.v3._definition import DataTypeDefinition, StorageClass
from zarr_metadata.v3.data_type._ieee import FloatFill
from zarr_metadata.v3.data_type._integer import multi_byte, single_byte

__all__ = [
    "BFLOAT16_FORMAT",
    "FLOAT4_E2M1FN_FORMAT",
    "FLOAT6_E2M3FN_FORMAT",
    "FLOAT6_E3M2FN_FORMAT",
    "FLOAT8_E3M4_FORMAT",
    "FLOAT8_E4M3B11FNUZ_FORMAT",
    "FLOAT8_E4M3FNUZ_FORMAT",
    "FLOAT8_E4M3FN_FORMAT",
    "FLOAT8_E4M3_FORMAT",
    "FLOAT8_E5M2FNUZ_FORMAT",
    "FLOAT8_E5M2_FORMAT",
    "FLOAT8_E8M0FNU_FORMAT",
    "FORMATS",
    "Minifloat",
    "NanEncoding",
    "canonical_minifloat_complex_fill",
    "canonical_minifloat_fill",
    "checked_hex",
    "minifloat_complex_data_type",
    "minifloat_complex_fill_problems",
    "minifloat_data_type",
    "minifloat_fill_bits",
    "minifloat_fill_problems",
    "minifloat_value",
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

_NAMES = ("NaN", "Infinity", "-Infinity")


@dataclasses.dataclass(frozen=True)
class Minifloat:
    """A binary float format: its fields, and what it has of NaN, infinities, sign and subnormal numbers."""

    name: str
    exponent_bits: int
    mantissa_bits: int
    bias: int
    nan: NanEncoding
    signed: bool = True
    subnormals: bool = True
    """Whether a zero exponent field means 0.mantissa (else 1.mantissa, as any other field does)."""

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
            or self.exponent_bits + self.mantissa_bits > 15
        ):
            return (
                "expected 1 to 15 bits of exponent and mantissa together, at least one of exponent"
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
            return _NAMES
        return ("NaN",) if self.nan_pattern is not None else ()

    def is_nan(self, bits: int) -> bool:
        if self.nan == "ieee":
            assert self.infinity_pattern is not None
            return bits & self.magnitude_mask > self.infinity_pattern
        if self.nan == "all_ones":
            return bits & self.magnitude_mask == self.magnitude_mask
        return bits == self.nan_pattern


def _magnitude_value(magnitude: int, fmt: Minifloat) -> float:
    """The value of a magnitude pattern read as a number, with no room kept for NaN or infinity; exact, as every value is a float64."""
    field, fraction = magnitude >> fmt.mantissa_bits, magnitude & ((1 << fmt.mantissa_bits) - 1)
    if field == 0 and fmt.subnormals:
        return math.ldexp(fraction, fmt.emin - fmt.mantissa_bits)
    return math.ldexp((1 << fmt.mantissa_bits) | fraction, field - fmt.bias - fmt.mantissa_bits)


def minifloat_value(bits: int, fmt: Minifloat) -> float:
    """The value of a bit pattern of the format, NaN and the infinities included."""
    if fmt.is_nan(bits):
        return math.nan
    magnitude = bits & fmt.magnitude_mask
    value = math.inf if magnitude == fmt.infinity_pattern else _magnitude_value(magnitude, fmt)
    return -value if bits & fmt.sign_bit else value


BFLOAT16_FORMAT: Final = Minifloat("bfloat16", 8, 7, 127, "ieee")
FLOAT4_E2M1FN_FORMAT: Final = Minifloat("float4_e2m1fn", 2, 1, 1, "none")
FLOAT6_E2M3FN_FORMAT: Final = Minifloat("float6_e2m3fn", 2, 3, 1, "none")
FLOAT6_E3M2FN_FORMAT: Final = Minifloat("float6_e3m2fn", 3, 2, 3, "none")
FLOAT8_E3M4_FORMAT: Final = Minifloat("float8_e3m4", 3, 4, 3, "ieee")
FLOAT8_E4M3_FORMAT: Final = Minifloat("float8_e4m3", 4, 3, 7, "ieee")
FLOAT8_E4M3FN_FORMAT: Final = Minifloat("float8_e4m3fn", 4, 3, 7, "all_ones")
FLOAT8_E4M3B11FNUZ_FORMAT: Final = Minifloat("float8_e4m3b11fnuz", 4, 3, 11, "negative_zero")
FLOAT8_E4M3FNUZ_FORMAT: Final = Minifloat("float8_e4m3fnuz", 4, 3, 8, "negative_zero")
FLOAT8_E5M2_FORMAT: Final = Minifloat("float8_e5m2", 5, 2, 15, "ieee")
FLOAT8_E5M2FNUZ_FORMAT: Final = Minifloat("float8_e5m2fnuz", 5, 2, 16, "negative_zero")
FLOAT8_E8M0FNU_FORMAT: Final = Minifloat(
    "float8_e8m0fnu", 8, 0, 127, "all_ones", signed=False, subnormals=False
)

FORMATS: Final = {
    fmt.name: fmt
    for fmt in (
        BFLOAT16_FORMAT,
        FLOAT4_E2M1FN_FORMAT,
        FLOAT6_E2M3FN_FORMAT,
        FLOAT6_E3M2FN_FORMAT,
        FLOAT8_E3M4_FORMAT,
        FLOAT8_E4M3_FORMAT,
        FLOAT8_E4M3FN_FORMAT,
        FLOAT8_E4M3B11FNUZ_FORMAT,
        FLOAT8_E4M3FNUZ_FORMAT,
        FLOAT8_E5M2_FORMAT,
        FLOAT8_E5M2FNUZ_FORMAT,
        FLOAT8_E8M0FNU_FORMAT,
    )
}
"""Every format here, by the name of its data type."""


def _rounded(magnitude: Fraction, fmt: Minifloat) -> int | None:
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


def _is_negative(value: float | int) -> bool:
    if isinstance(value, float):
        return math.copysign(1.0, value) < 0  # -0.0 too
    return value < 0


def _number_bits(value: float | int, fmt: Minifloat) -> int | None:
    """The bits a finite number denotes; None when it rounds past the largest finite value.

    An unsigned format takes only positive numbers; the caller checks that.
    """
    magnitude = _rounded(abs(Fraction(value)), fmt)
    if magnitude is None:
        return None
    if _is_negative(value) and (magnitude != 0 or fmt.negative_zero):
        return magnitude | fmt.sign_bit
    return magnitude  # a negative number that rounds to the unsigned zero of an fnuz format


def _hex_bits(value: str, fmt: Minifloat) -> int | None:
    if fmt.hex_pattern.fullmatch(value) is None:
        return None
    return int(value[2:], 16)


def _lacks(fmt: Minifloat) -> str:
    """What the format lacks of the named values, as the end of a message; empty when it has them all."""
    if fmt.infinities:
        return ""
    if fmt.nan_pattern is None:
        return ", which has no NaN and no infinities"
    return ", which has no infinities"


def _listed(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _strings(fmt: Minifloat) -> str:
    """The strings a fill value of the format may be, for a message."""
    return _listed([*(f'"{name}"' for name in fmt.names), f'"0x" and {fmt.hex_digits} hex digits'])


def minifloat_fill_problems(
    value: FloatFill, fmt: Minifloat, loc: Loc
) -> tuple[ValidationProblem, ...]:
    """The problems of a fill value of the format."""
    kind = type(value)
    if kind is float or kind is int:
        # No finite number within the largest rounds past it.
        if fmt.signed:
            if -fmt.largest <= value <= fmt.largest:  # pyright: ignore[reportOperatorIssue]
                return ()
        elif 0 < value <= fmt.largest:  # pyright: ignore[reportOperatorIssue]
            return ()
    if isinstance(value, str):
        return _string_problems(value, fmt, loc)
    what = f"a {fmt.name}"
    if isinstance(value, float) and not math.isfinite(value):
        # The JSON shape check normally refuses these first.
        names = [f'"{name}"' for name in fmt.names]
        spelled = f", or {_listed(names)} as a string" if names else ""
        message = f"expected a finite number{spelled} for {what}{_lacks(fmt)}, got {shown(value)}"
        return (ValidationProblem(loc, message, "invalid_value", input=value),)
    if not fmt.signed and (value <= 0 or _is_negative(value)):
        message = f"expected a positive number for {what}, which has no sign and no zero, got {shown(value)}"
        return (ValidationProblem(loc, message, "invalid_value", input=value),)
    if _number_bits(value, fmt) is not None:
        return ()
    largest = fmt.largest
    bound = f"at most {shown(largest)}{' in magnitude' if fmt.signed else ''}"
    spelled = (
        '; "Infinity" and "-Infinity" spell the infinities'
        if fmt.infinities
        else "; it has no infinities"
    )
    message = (
        f"expected a number that {what} can hold (rounding to {bound}{spelled}), got {shown(value)}"
    )
    return (
        ValidationProblem(
            loc, message, "invalid_value", input=value, ctx={"max_magnitude": largest}
        ),
    )


def _string_problems(value: str, fmt: Minifloat, loc: Loc) -> tuple[ValidationProblem, ...]:
    if value in fmt.names:
        return ()
    bits = _hex_bits(value, fmt)
    if bits is not None:
        if bits >> fmt.bits == 0:
            return ()
        last = (1 << fmt.bits) - 1
        message = (
            f'expected a bit pattern of a {fmt.name}, from "0x{0:0{fmt.hex_digits}x}" to '
            f'"0x{last:0{fmt.hex_digits}x}", got {shown(value)}'
        )
        return (
            ValidationProblem(loc, message, "invalid_value", input=value, ctx={"max_bits": last}),
        )
    lacks = _lacks(fmt) if value in _NAMES else ""
    message = f"expected {_strings(fmt)} for a {fmt.name}{lacks}, got {shown(value)}"
    return (
        ValidationProblem(
            loc, message, "invalid_value", input=value, ctx={"hex_digits": fmt.hex_digits}
        ),
    )


def minifloat_fill_bits(value: FloatFill, fmt: Minifloat) -> int:
    """The bits a fill value denotes: "NaN" is the format's `nan_pattern`, a number is rounded to nearest.

    Raises ValueError for a value `minifloat_fill_problems` refuses.
    """
    if isinstance(value, str):
        if value in fmt.names:
            if value == "NaN":
                assert fmt.nan_pattern is not None
                return fmt.nan_pattern
            assert fmt.infinity_pattern is not None
            return fmt.infinity_pattern | (fmt.sign_bit if value == "-Infinity" else 0)
        bits = _hex_bits(value, fmt)
        if bits is None or bits >> fmt.bits != 0:
            raise ValueError(f"{shown(value)} is not a {fmt.name} fill value")
        return bits
    if minifloat_fill_problems(value, fmt, ()):
        raise ValueError(f"{shown(value)} is not a {fmt.name} fill value")
    bits = _number_bits(value, fmt)
    assert bits is not None
    return bits


def canonical_minifloat_fill(value: FloatFill, fmt: Minifloat) -> JSONValue:
    """The one spelling of a valid fill value: equal spellings exactly when the bits are equal.

    "NaN" is the pattern it names and any other NaN is its lowercase hex;
    the infinities are named; a finite value is the float with the fewest
    significant digits that rounds to the same bits.
    """
    return _canonical_of_bits(minifloat_fill_bits(value, fmt), fmt)


@functools.lru_cache(maxsize=4096)
def _canonical_of_bits(bits: int, fmt: Minifloat) -> float | str:
    if fmt.is_nan(bits):
        return "NaN" if bits == fmt.nan_pattern else f"0x{bits:0{fmt.hex_digits}x}"
    magnitude = bits & fmt.magnitude_mask
    negative = bits & fmt.sign_bit != 0
    if magnitude == fmt.infinity_pattern:
        return "-Infinity" if negative else "Infinity"
    shortest = _shortest(magnitude, fmt)
    return -shortest if negative else shortest


def _shortest(magnitude: int, fmt: Minifloat) -> float:
    """The float with the fewest significant digits whose decimal text rounds to these bits.

    The text must round to the bits both directly (as a reader parsing the
    decimal into the format would) and through a float64 (as most readers
    parse JSON), so both kinds of reader agree on the value.
    """
    exact = _magnitude_value(magnitude, fmt)
    if exact == 0.0:
        return exact
    for digits in range(1, 18):
        candidate = float(f"{exact:.{digits}g}")
        if (
            _rounded(Fraction(repr(candidate)), fmt) == magnitude
            and _rounded(Fraction(candidate), fmt) == magnitude
        ):
            return candidate
    return exact  # unreachable: the exact value, 17 digits at most, reads back to itself


def minifloat_complex_fill_problems(
    value: tuple[FloatFill, FloatFill], fmt: Minifloat, loc: Loc
) -> tuple[ValidationProblem, ...]:
    """The problems of a complex fill value, `[real, imaginary]`, each component a fill value of the format."""
    real, imaginary = value
    return minifloat_fill_problems(real, fmt, (*loc, 0)) + minifloat_fill_problems(
        imaginary, fmt, (*loc, 1)
    )


def canonical_minifloat_complex_fill(
    value: tuple[FloatFill, FloatFill], fmt: Minifloat
) -> tuple[JSONValue, JSONValue]:
    """The one spelling of a valid complex fill value: each component spelled as `canonical_minifloat_fill` spells it."""
    real, imaginary = value
    return canonical_minifloat_fill(real, fmt), canonical_minifloat_fill(imaginary, fmt)


def checked_hex(value: str, fmt: Minifloat) -> str:
    """`value`, if it is "0x" and the format's hex digits naming a pattern it defines; else ValueError."""
    bits = _hex_bits(value, fmt)
    if bits is None or bits >> fmt.bits != 0:
        last = (1 << fmt.bits) - 1
        raise ValueError(
            f'expected "0x" and {fmt.hex_digits} hex digits, at most "0x{last:0{fmt.hex_digits}x}"'
            f" (the bits of a {fmt.name}), got {shown(value)}"
        )
    return value


# The hooks are objects rather than closures so that a definition pickles,
# and compares equal to its copy.


@dataclasses.dataclass(frozen=True)
class _FillRules:
    format: Minifloat

    def __call__(
        self, configuration: EmptyConfiguration, nested: Nested, value: FloatFill
    ) -> tuple[ValidationProblem, ...]:
        return minifloat_fill_problems(value, self.format, ())


@dataclasses.dataclass(frozen=True)
class _FillCanonical:
    format: Minifloat

    def __call__(
        self, configuration: EmptyConfiguration, nested: Nested, value: FloatFill
    ) -> JSONValue:
        return canonical_minifloat_fill(value, self.format)


@dataclasses.dataclass(frozen=True)
class _ComplexFillRules:
    format: Minifloat

    def __call__(
        self, configuration: EmptyConfiguration, nested: Nested, value: tuple[FloatFill, FloatFill]
    ) -> tuple[ValidationProblem, ...]:
        return minifloat_complex_fill_problems(value, self.format, ())


@dataclasses.dataclass(frozen=True)
class _ComplexFillCanonical:
    format: Minifloat

    def __call__(
        self, configuration: EmptyConfiguration, nested: Nested, value: tuple[FloatFill, FloatFill]
    ) -> JSONValue:
        return canonical_minifloat_complex_fill(value, self.format)


def _storage(fmt: Minifloat) -> Callable[[object, object], StorageClass]:
    # A value of at most 8 bits is stored in one byte, which has no byte order.
    return single_byte if fmt.bits <= 8 else multi_byte


def minifloat_data_type(fmt: Minifloat, fill_value: object) -> DataTypeDefinition[Any]:
    """The definition of the data type of the format, whose fill value has the shape `fill_value`."""
    return DataTypeDefinition(
        name=fmt.name,
        configuration=EmptyConfiguration,
        fill_value=fill_value,
        fill_value_rules=_FillRules(fmt),
        fill_value_canonical=_FillCanonical(fmt),
        storage=_storage(fmt),
    )


def minifloat_complex_data_type(
    name: str, fmt: Minifloat, fill_value: object
) -> DataTypeDefinition[Any]:
    """The definition of a complex data type whose components are of the format, with fill values of the shape `fill_value`."""
    return DataTypeDefinition(
        name=name,
        configuration=EmptyConfiguration,
        fill_value=fill_value,
        fill_value_rules=_ComplexFillRules(fmt),
        fill_value_canonical=_ComplexFillCanonical(fmt),
        storage=_storage(fmt),
    )
