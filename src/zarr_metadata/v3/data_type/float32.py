"""The float32 data type: IEEE 754 binary32 floating-point numbers."""

from __future__ import annotations

from typing import Final, Literal, NewType

from zarr_metadata.v3.data_type._float_fill import float_data_type
from zarr_metadata.v3.data_type._float_format import FLOAT32_FORMAT, checked_hex

__all__ = [
    "CANONICAL_NAN_HEX_FLOAT32",
    "CANONICAL_NEGATIVE_INFINITY_HEX_FLOAT32",
    "CANONICAL_POSITIVE_INFINITY_HEX_FLOAT32",
    "FLOAT32_DATA_TYPE",
    "FLOAT32_DATA_TYPE_NAME",
    "Float32DataTypeName",
    "Float32FillValue",
    "Float32SpecialFillValue",
    "HexFloat32",
    "hex_float32",
]

FLOAT32_DATA_TYPE_NAME: Final = "float32"
Float32DataTypeName = Literal["float32"]
HexFloat32 = NewType("HexFloat32", str)
"""The bits of a float32 written as "0x" and 8 hex digits."""
Float32SpecialFillValue = Literal["NaN", "Infinity", "-Infinity"]
"""The names of the float32 values JSON has no number for."""
Float32FillValue = float | int | Float32SpecialFillValue | HexFloat32
"""A fill value of float32: a finite number, a special name, or "0x" and the bits in hex (the shape takes any string; the rules judge it)."""

CANONICAL_NAN_HEX_FLOAT32: Final = "0x7fc00000"
CANONICAL_POSITIVE_INFINITY_HEX_FLOAT32: Final = "0x7f800000"
CANONICAL_NEGATIVE_INFINITY_HEX_FLOAT32: Final = "0xff800000"


def hex_float32(value: str) -> HexFloat32:
    """`value` as a HexFloat32, if it is "0x" and 8 hex digits; else ValueError."""
    return HexFloat32(checked_hex(value, FLOAT32_FORMAT))


FLOAT32_DATA_TYPE: Final = float_data_type(FLOAT32_FORMAT, Float32FillValue)
"""The definition of float32."""
