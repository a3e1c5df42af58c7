"""The float8_e5m2 data type: 8-bit floats of 1 sign bit, 5 exponent bits (bias 15) and 2 mantissa bits, with NaN and the infinities."""

from __future__ import annotations

from typing import Final, Literal, NewType

from zarr_metadata.v3.data_type._minifloat import (
    FLOAT8_E5M2_FORMAT,
    checked_hex,
    minifloat_data_type,
)

__all__ = [
    "CANONICAL_NAN_HEX_FLOAT8_E5M2",
    "CANONICAL_NEGATIVE_INFINITY_HEX_FLOAT8_E5M2",
    "CANONICAL_POSITIVE_INFINITY_HEX_FLOAT8_E5M2",
    "FLOAT8_E5M2_DATA_TYPE",
    "FLOAT8_E5M2_DATA_TYPE_NAME",
    "Float8E5M2DataTypeName",
    "Float8E5M2FillValue",
    "Float8E5M2SpecialFillValue",
    "HexFloat8E5M2",
    "hex_float8_e5m2",
]

FLOAT8_E5M2_DATA_TYPE_NAME: Final = "float8_e5m2"
Float8E5M2DataTypeName = Literal["float8_e5m2"]
HexFloat8E5M2 = NewType("HexFloat8E5M2", str)
"""The bits of a float8_e5m2 written as "0x" and 2 hex digits."""
Float8E5M2SpecialFillValue = Literal["NaN", "Infinity", "-Infinity"]
"""The names of the float8_e5m2 values JSON has no number for."""
Float8E5M2FillValue = float | int | Float8E5M2SpecialFillValue | HexFloat8E5M2
"""A fill value of float8_e5m2: a finite number, a special name, or "0x" and the bits in hex.

The shape takes any string as a HexFloat8E5M2; the fill value rules judge it.
"""

CANONICAL_NAN_HEX_FLOAT8_E5M2: Final = "0x7e"
"""The bits "NaN" spells."""
CANONICAL_POSITIVE_INFINITY_HEX_FLOAT8_E5M2: Final = "0x7c"
CANONICAL_NEGATIVE_INFINITY_HEX_FLOAT8_E5M2: Final = "0xfc"


def hex_float8_e5m2(value: str) -> HexFloat8E5M2:
    """`value` as a HexFloat8E5M2, if it is "0x" and 2 hex digits naming bits of a float8_e5m2; else ValueError."""
    return HexFloat8E5M2(checked_hex(value, FLOAT8_E5M2_FORMAT))


FLOAT8_E5M2_DATA_TYPE: Final = minifloat_data_type(FLOAT8_E5M2_FORMAT, Float8E5M2FillValue)
"""The definition of float8_e5m2."""
