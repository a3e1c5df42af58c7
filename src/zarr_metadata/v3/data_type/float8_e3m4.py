"""The float8_e3m4 data type: 8-bit floats of 1 sign bit, 3 exponent bits (bias 3) and 4 mantissa bits, with NaN and the infinities."""

from __future__ import annotations

from typing import Final, Literal, NewType

from zarr_metadata.v3.data_type._minifloat import (
    FLOAT8_E3M4_FORMAT,
    checked_hex,
    minifloat_data_type,
)

__all__ = [
    "CANONICAL_NAN_HEX_FLOAT8_E3M4",
    "CANONICAL_NEGATIVE_INFINITY_HEX_FLOAT8_E3M4",
    "CANONICAL_POSITIVE_INFINITY_HEX_FLOAT8_E3M4",
    "FLOAT8_E3M4_DATA_TYPE",
    "FLOAT8_E3M4_DATA_TYPE_NAME",
    "Float8E3M4DataTypeName",
    "Float8E3M4FillValue",
    "Float8E3M4SpecialFillValue",
    "HexFloat8E3M4",
    "hex_float8_e3m4",
]

FLOAT8_E3M4_DATA_TYPE_NAME: Final = "float8_e3m4"
Float8E3M4DataTypeName = Literal["float8_e3m4"]
HexFloat8E3M4 = NewType("HexFloat8E3M4", str)
"""The bits of a float8_e3m4 written as "0x" and 2 hex digits."""
Float8E3M4SpecialFillValue = Literal["NaN", "Infinity", "-Infinity"]
"""The names of the float8_e3m4 values JSON has no number for."""
Float8E3M4FillValue = float | int | Float8E3M4SpecialFillValue | HexFloat8E3M4
"""A fill value of float8_e3m4: a finite number, a special name, or "0x" and the bits in hex.

The shape takes any string as a HexFloat8E3M4; the fill value rules judge it.
"""

CANONICAL_NAN_HEX_FLOAT8_E3M4: Final = "0x78"
"""The bits "NaN" spells."""
CANONICAL_POSITIVE_INFINITY_HEX_FLOAT8_E3M4: Final = "0x70"
CANONICAL_NEGATIVE_INFINITY_HEX_FLOAT8_E3M4: Final = "0xf0"


def hex_float8_e3m4(value: str) -> HexFloat8E3M4:
    """`value` as a HexFloat8E3M4, if it is "0x" and 2 hex digits naming bits of a float8_e3m4; else ValueError."""
    return HexFloat8E3M4(checked_hex(value, FLOAT8_E3M4_FORMAT))


FLOAT8_E3M4_DATA_TYPE: Final = minifloat_data_type(FLOAT8_E3M4_FORMAT, Float8E3M4FillValue)
"""The definition of float8_e3m4."""
