"""Fill values of the float data types and of the complex types built from them, and the definitions of those data types.

A fill value is spelled alike in every format (`_float_format.py`):

- a finite JSON number, rounded to nearest with ties to an even
  significand. An IEEE format rounds a number past its largest finite
  value to an infinity; an extension format refuses it (one without
  infinities has nothing to round it to);
- "NaN", "Infinity" or "-Infinity", each only where the format has it;
- "0x" and the bits as the bytes codec stores them, naming a pattern the
  format defines (a float4 defines "0x00" to "0x0f").

`canonical_fill` gives each bit pattern exactly one spelling, so fill
values compare by meaning. A complex fill value is `[real, imaginary]`,
each component a fill value of the format.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from typing import Any

from zarr_metadata.definition import EmptyConfiguration, Nested
from zarr_metadata.problems import ValidationProblem, shown
from zarr_metadata.typed_json import JSONValue, Loc
from zarr_metadata.v3.data_type._float_format import (
    NAMES,
    FloatFormat,
    hex_bits,
    is_negative,
    number_bits,
    spelled_bits,
)
from zarr_metadata.v3.data_type._integer import multi_byte, single_byte
from zarr_metadata.v3.definition import DataTypeDefinition, StorageClass

__all__ = [
    "FloatFill",
    "canonical_complex_fill",
    "canonical_fill",
    "complex_data_type",
    "complex_fill_problems",
    "fill_bits",
    "fill_problems",
    "float_data_type",
]

FloatFill = float | int | str
"""A float fill value that already has the right JSON shape: a number or a string."""


def _lacks(fmt: FloatFormat) -> str:
    """What the format lacks of the named values, as the end of a message; empty when it has them all."""
    if fmt.infinities:
        return ""
    if fmt.nan_pattern is None:
        return ", which has no NaN and no infinities"
    return ", which has no infinities"


def _listed(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def fill_problems(
    value: FloatFill, fmt: FloatFormat, loc: Loc, what: str | None = None
) -> tuple[ValidationProblem, ...]:
    """The problems of a fill value of the format; `what` names the value in messages (by default, "a <format>")."""
    kind = type(value)
    if kind is float or kind is int:
        if fmt.struct_code is not None:
            if kind is int or math.isfinite(value):  # pyright: ignore[reportArgumentType]
                return ()  # every finite number rounds to a value of the width, perhaps an infinity
        # No finite number within the largest rounds past it.
        elif fmt.signed:
            if -fmt.largest <= value <= fmt.largest:  # pyright: ignore[reportOperatorIssue]
                return ()
        elif 0 < value <= fmt.largest:  # pyright: ignore[reportOperatorIssue]
            return ()
    what = what or f"a {fmt.name}"
    if isinstance(value, str):
        return _string_problems(value, fmt, loc, what)
    if isinstance(value, float) and not math.isfinite(value):
        # The JSON shape check normally refuses these first.
        names = [f'"{name}"' for name in fmt.names]
        spelled = f", or {_listed(names)} as a string" if names else ""
        message = f"expected a finite number{spelled} for {what}{_lacks(fmt)}, got {shown(value)}"
        return (ValidationProblem(loc, message, "invalid_value", input=value),)
    if not fmt.signed and (value <= 0 or is_negative(value)):
        message = f"expected a positive number for {what}, which has no sign and no zero, got {shown(value)}"
        return (ValidationProblem(loc, message, "invalid_value", input=value),)
    if number_bits(value, fmt) is not None:
        return ()
    return (_past_the_largest(value, fmt, loc, what),)


def _past_the_largest(
    value: float | int, fmt: FloatFormat, loc: Loc, what: str
) -> ValidationProblem:
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
    return ValidationProblem(
        loc, message, "invalid_value", input=value, ctx={"max_magnitude": largest}
    )


def _string_problems(
    value: str, fmt: FloatFormat, loc: Loc, what: str
) -> tuple[ValidationProblem, ...]:
    if value in fmt.names:
        return ()
    bits = hex_bits(value, fmt)
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
    lacks = _lacks(fmt) if value in NAMES else ""
    strings = _listed(
        [*(f'"{name}"' for name in fmt.names), f'"0x" and {fmt.hex_digits} hex digits']
    )
    message = f"expected {strings} for {what}{lacks}, got {shown(value)}"
    ctx = {"hex_digits": fmt.hex_digits}
    return (ValidationProblem(loc, message, "invalid_value", input=value, ctx=ctx),)


def fill_bits(value: FloatFill, fmt: FloatFormat) -> int:
    """The bits a fill value denotes: "NaN" is the format's `nan_pattern`, a number is rounded to nearest.

    Raises ValueError for a value `fill_problems` refuses.
    """
    if isinstance(value, str):
        if value in fmt.names:
            if value == "NaN":
                assert fmt.nan_pattern is not None
                return fmt.nan_pattern
            assert fmt.infinity_pattern is not None
            return fmt.infinity_pattern | (fmt.sign_bit if value == "-Infinity" else 0)
        bits = hex_bits(value, fmt)
        if bits is None or bits >> fmt.bits != 0:
            raise ValueError(f"{shown(value)} is not a {fmt.name} fill value")
        return bits
    if fill_problems(value, fmt, ()):
        raise ValueError(f"{shown(value)} is not a {fmt.name} fill value")
    bits = number_bits(value, fmt)
    assert bits is not None
    return bits


def canonical_fill(value: FloatFill, fmt: FloatFormat) -> JSONValue:
    """The one spelling of a valid fill value: equal spellings exactly when the bits are equal."""
    return spelled_bits(fill_bits(value, fmt), fmt)


def complex_fill_problems(
    value: tuple[FloatFill, FloatFill], fmt: FloatFormat, loc: Loc, what: str | None = None
) -> tuple[ValidationProblem, ...]:
    """The problems of a complex fill value, `[real, imaginary]`, each component a fill value of the format, named `what` in messages."""
    real, imaginary = value
    return fill_problems(real, fmt, (*loc, 0), what) + fill_problems(
        imaginary, fmt, (*loc, 1), what
    )


def canonical_complex_fill(
    value: tuple[FloatFill, FloatFill], fmt: FloatFormat
) -> tuple[JSONValue, JSONValue]:
    """The one spelling of a valid complex fill value: each component spelled as `canonical_fill` spells it."""
    real, imaginary = value
    return canonical_fill(real, fmt), canonical_fill(imaginary, fmt)


# The hooks are objects rather than closures so that a definition pickles,
# and compares equal to its copy.


@dataclasses.dataclass(frozen=True)
class _FillRules:
    format: FloatFormat

    def __call__(
        self, configuration: EmptyConfiguration, nested: Nested, value: FloatFill
    ) -> tuple[ValidationProblem, ...]:
        return fill_problems(value, self.format, ())


@dataclasses.dataclass(frozen=True)
class _FillCanonical:
    format: FloatFormat

    def __call__(
        self, configuration: EmptyConfiguration, nested: Nested, value: FloatFill
    ) -> JSONValue:
        return canonical_fill(value, self.format)


@dataclasses.dataclass(frozen=True)
class _ComplexFillRules:
    format: FloatFormat
    what: str | None

    def __call__(
        self, configuration: EmptyConfiguration, nested: Nested, value: tuple[FloatFill, FloatFill]
    ) -> tuple[ValidationProblem, ...]:
        return complex_fill_problems(value, self.format, (), self.what)


@dataclasses.dataclass(frozen=True)
class _ComplexFillCanonical:
    format: FloatFormat

    def __call__(
        self, configuration: EmptyConfiguration, nested: Nested, value: tuple[FloatFill, FloatFill]
    ) -> JSONValue:
        return canonical_complex_fill(value, self.format)


def _storage(fmt: FloatFormat) -> Callable[[object, object], StorageClass]:
    # A value of at most 8 bits is stored in one byte, which has no byte order.
    return single_byte if fmt.bits <= 8 else multi_byte


def float_data_type(fmt: FloatFormat, fill_value: object) -> DataTypeDefinition[Any]:
    """The definition of the data type of the format, whose fill value has the shape `fill_value`."""
    return DataTypeDefinition(
        name=fmt.name,
        configuration=EmptyConfiguration,
        fill_value=fill_value,
        fill_value_rules=_FillRules(fmt),
        fill_value_canonical=_FillCanonical(fmt),
        storage=_storage(fmt),
    )


def complex_data_type(
    name: str, fmt: FloatFormat, fill_value: object, what: str | None = None
) -> DataTypeDefinition[Any]:
    """The definition of a complex data type whose components are of the format, with fill values of the shape `fill_value`; `what` names a component in messages."""
    return DataTypeDefinition(
        name=name,
        configuration=EmptyConfiguration,
        fill_value=fill_value,
        fill_value_rules=_ComplexFillRules(fmt, what),
        fill_value_canonical=_ComplexFillCanonical(fmt),
        storage=_storage(fmt),
    )
