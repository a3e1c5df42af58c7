"""The float8_e4m3fnuz data type: 8-bit floats of 1 sign bit, 4 exponent bits (bias 8) and 3 mantissa bits; no infinities and no negative zero, and NaN is 0x80."""

from __future__ import annotations

from typing import Final, Literal, NewType

from zarr_metadata.v3.data_type._minifloat import (
    FLOAT8_E4M3FNUZ_FORMAT,
    checked_hex,
    minifloat_data_type,
)

__all__ = [
    "CANONICAL_NAN_HEX_FLOAT8_E4M3FNUZ",
    "FLOAT8_E4M3FNUZ_DATA_TYPE",
    "FLOAT8_E4M3FNUZ_DATA_TYPE_NAME",
    "Float8E4M3FNUZDataTypeName",
    "Float8E4M3FNUZFillValue",
    "Float8E4M3FNUZSpecialFillValue",
    "HexFloat8E4M3FNUZ",
    "hex_float8_e4m3fnuz",
]

FLOAT8_E4M3FNUZ_DATA_TYPE_NAME: Final = "float8_e4m3fnuz"
Float8E4M3FNUZDataTypeName = Literal["float8_e4m3fnuz"]
HexFloat8E4M3FNUZ = NewType("HexFloat8E4M3FNUZ", str)
"""The bits of a float8_e4m3fnuz written as "0x" and 2 hex digits."""
Float8E4M3FNUZSpecialFillValue = Literal["NaN"]
"""The names of the float8_e4m3fnuz values JSON has no number for."""
Float8E4M3FNUZFillValue = float | int | Float8E4M3FNUZSpecialFillValue | HexFloat8E4M3FNUZ
"""A fill value of float8_e4m3fnuz: a finite number, a special name, or "0x" and the bits in hex.

The shape takes any string as a HexFloat8E4M3FNUZ; the fill value rules judge it.
"""

CANONICAL_NAN_HEX_FLOAT8_E4M3FNUZ: Final = "0x80"
"""The bits "NaN" spells."""


def hex_float8_e4m3fnuz(value: str) -> HexFloat8E4M3FNUZ:
    """`value` as a HexFloat8E4M3FNUZ, if it is "0x" and 2 hex digits naming bits of a float8_e4m3fnuz; else ValueError."""
    return HexFloat8E4M3FNUZ(checked_hex(value, FLOAT8_E4M3FNUZ_FORMAT))


FLOAT8_E4M3FNUZ_DATA_TYPE: Final = minifloat_data_type(
    FLOAT8_E4M3FNUZ_FORMAT, Float8E4M3FNUZFillValue
)
"""The definition of float8_e4m3fnuz."""
