"""The float16 data type: IEEE 754 binary16 floating-point numbers."""

from __future__ import annotations

from typing import Final, Literal, NewType

from zarr_metadata.v3.data_type._float_fill import float_data_type
from zarr_metadata.v3.data_type._float_format import FLOAT16_FORMAT, checked_hex

__all__ = [
    "CANONICAL_NAN_HEX_FLOAT16",
    "CANONICAL_NEGATIVE_INFINITY_HEX_FLOAT16",
    "CANONICAL_POSITIVE_INFINITY_HEX_FLOAT16",
    "FLOAT16_DATA_TYPE",
    "FLOAT16_DATA_TYPE_NAME",
    "Float16DataTypeName",
    "Float16FillValue",
    "Float16SpecialFillValue",
    "HexFloat16",
    "hex_float16",
]

FLOAT16_DATA_TYPE_NAME: Final = "float16"
Float16DataTypeName = Literal["float16"]
HexFloat16 = NewType("HexFloat16", str)
"""The bits of a float16 written as "0x" and 4 hex digits."""
Float16SpecialFillValue = Literal["NaN", "Infinity", "-Infinity"]
"""The names of the float16 values JSON has no number for."""
Float16FillValue = float | int | Float16SpecialFillValue | HexFloat16
"""A fill value of float16: a finite number, a special name, or "0x" and the bits in hex (the shape takes any string; the rules judge it)."""

CANONICAL_NAN_HEX_FLOAT16: Final = "0x7e00"
CANONICAL_POSITIVE_INFINITY_HEX_FLOAT16: Final = "0x7c00"
CANONICAL_NEGATIVE_INFINITY_HEX_FLOAT16: Final = "0xfc00"


def hex_float16(value: str) -> HexFloat16:
    """`value` as a HexFloat16, if it is "0x" and 4 hex digits; else ValueError."""
    return HexFloat16(checked_hex(value, FLOAT16_FORMAT))


FLOAT16_DATA_TYPE: Final = float_data_type(FLOAT16_FORMAT, Float16FillValue)
"""The definition of float16."""
