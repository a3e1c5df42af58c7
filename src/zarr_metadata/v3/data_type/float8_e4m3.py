"""The float8_e4m3 data type: 8-bit floats of 1 sign bit, 4 exponent bits (bias 7) and 3 mantissa bits, with NaN and the infinities."""

from __future__ import annotations

from typing import Final, Literal, NewType

from zarr_metadata.v3.data_type._minifloat import (
    FLOAT8_E4M3_FORMAT,
    checked_hex,
    minifloat_data_type,
)

__all__ = [
    "CANONICAL_NAN_HEX_FLOAT8_E4M3",
    "CANONICAL_NEGATIVE_INFINITY_HEX_FLOAT8_E4M3",
    "CANONICAL_POSITIVE_INFINITY_HEX_FLOAT8_E4M3",
    "FLOAT8_E4M3_DATA_TYPE",
    "FLOAT8_E4M3_DATA_TYPE_NAME",
    "Float8E4M3DataTypeName",
    "Float8E4M3FillValue",
    "Float8E4M3SpecialFillValue",
    "HexFloat8E4M3",
    "hex_float8_e4m3",
]

FLOAT8_E4M3_DATA_TYPE_NAME: Final = "float8_e4m3"
Float8E4M3DataTypeName = Literal["float8_e4m3"]
HexFloat8E4M3 = NewType("HexFloat8E4M3", str)
"""The bits of a float8_e4m3 written as "0x" and 2 hex digits."""
Float8E4M3SpecialFillValue = Literal["NaN", "Infinity", "-Infinity"]
"""The names of the float8_e4m3 values JSON has no number for."""
Float8E4M3FillValue = float | int | Float8E4M3SpecialFillValue | HexFloat8E4M3
"""A fill value of float8_e4m3: a finite number, a special name, or "0x" and the bits in hex.

The shape takes any string as a HexFloat8E4M3; the fill value rules judge it.
"""

CANONICAL_NAN_HEX_FLOAT8_E4M3: Final = "0x7c"
"""The bits "NaN" spells."""
CANONICAL_POSITIVE_INFINITY_HEX_FLOAT8_E4M3: Final = "0x78"
CANONICAL_NEGATIVE_INFINITY_HEX_FLOAT8_E4M3: Final = "0xf8"


def hex_float8_e4m3(value: str) -> HexFloat8E4M3:
    """`value` as a HexFloat8E4M3, if it is "0x" and 2 hex digits naming bits of a float8_e4m3; else ValueError."""
    return HexFloat8E4M3(checked_hex(value, FLOAT8_E4M3_FORMAT))


FLOAT8_E4M3_DATA_TYPE: Final = minifloat_data_type(FLOAT8_E4M3_FORMAT, Float8E4M3FillValue)
"""The definition of float8_e4m3."""
