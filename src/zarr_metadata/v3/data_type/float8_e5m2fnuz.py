"""The float8_e5m2fnuz data type: 8-bit floats of 1 sign bit, 5 exponent bits (bias 16) and 2 mantissa bits; no infinities and no negative zero, and NaN is 0x80."""

from __future__ import annotations

from typing import Final, Literal, NewType

from zarr_metadata.v3.data_type._minifloat import (
    FLOAT8_E5M2FNUZ_FORMAT,
    checked_hex,
    minifloat_data_type,
)

__all__ = [
    "CANONICAL_NAN_HEX_FLOAT8_E5M2FNUZ",
    "FLOAT8_E5M2FNUZ_DATA_TYPE",
    "FLOAT8_E5M2FNUZ_DATA_TYPE_NAME",
    "Float8E5M2FNUZDataTypeName",
    "Float8E5M2FNUZFillValue",
    "Float8E5M2FNUZSpecialFillValue",
    "HexFloat8E5M2FNUZ",
    "hex_float8_e5m2fnuz",
]

FLOAT8_E5M2FNUZ_DATA_TYPE_NAME: Final = "float8_e5m2fnuz"
Float8E5M2FNUZDataTypeName = Literal["float8_e5m2fnuz"]
HexFloat8E5M2FNUZ = NewType("HexFloat8E5M2FNUZ", str)
"""The bits of a float8_e5m2fnuz written as "0x" and 2 hex digits."""
Float8E5M2FNUZSpecialFillValue = Literal["NaN"]
"""The names of the float8_e5m2fnuz values JSON has no number for."""
Float8E5M2FNUZFillValue = float | int | Float8E5M2FNUZSpecialFillValue | HexFloat8E5M2FNUZ
"""A fill value of float8_e5m2fnuz: a finite number, a special name, or "0x" and the bits in hex.

The shape takes any string as a HexFloat8E5M2FNUZ; the fill value rules judge it.
"""

CANONICAL_NAN_HEX_FLOAT8_E5M2FNUZ: Final = "0x80"
"""The bits "NaN" spells."""


def hex_float8_e5m2fnuz(value: str) -> HexFloat8E5M2FNUZ:
    """`value` as a HexFloat8E5M2FNUZ, if it is "0x" and 2 hex digits naming bits of a float8_e5m2fnuz; else ValueError."""
    return HexFloat8E5M2FNUZ(checked_hex(value, FLOAT8_E5M2FNUZ_FORMAT))


FLOAT8_E5M2FNUZ_DATA_TYPE: Final = minifloat_data_type(
    FLOAT8_E5M2FNUZ_FORMAT, Float8E5M2FNUZFillValue
)
"""The definition of float8_e5m2fnuz."""
