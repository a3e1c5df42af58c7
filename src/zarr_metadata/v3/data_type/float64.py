"""The float64 data type: IEEE 754 binary64 floating-point numbers."""

from __future__ import annotations

from typing import Final, Literal, NewType

from zarr_metadata.v3.data_type._float_fill import float_data_type
from zarr_metadata.v3.data_type._float_format import FLOAT64_FORMAT, checked_hex

__all__ = [
    "CANONICAL_NAN_HEX_FLOAT64",
    "CANONICAL_NEGATIVE_INFINITY_HEX_FLOAT64",
    "CANONICAL_POSITIVE_INFINITY_HEX_FLOAT64",
    "FLOAT64_DATA_TYPE",
    "FLOAT64_DATA_TYPE_NAME",
    "Float64DataTypeName",
    "Float64FillValue",
    "Float64SpecialFillValue",
    "HexFloat64",
    "hex_float64",
]

FLOAT64_DATA_TYPE_NAME: Final = "float64"
Float64DataTypeName = Literal["float64"]
HexFloat64 = NewType("HexFloat64", str)
"""The bits of a float64 written as "0x" and 16 hex digits."""
Float64SpecialFillValue = Literal["NaN", "Infinity", "-Infinity"]
"""The names of the float64 values JSON has no number for."""
Float64FillValue = float | int | Float64SpecialFillValue | HexFloat64
"""A fill value of float64: a finite number, a special name, or "0x" and the bits in hex (the shape takes any string; the rules judge it)."""

CANONICAL_NAN_HEX_FLOAT64: Final = "0x7ff8000000000000"
CANONICAL_POSITIVE_INFINITY_HEX_FLOAT64: Final = "0x7ff0000000000000"
CANONICAL_NEGATIVE_INFINITY_HEX_FLOAT64: Final = "0xfff0000000000000"


def hex_float64(value: str) -> HexFloat64:
    """`value` as a HexFloat64, if it is "0x" and 16 hex digits; else ValueError."""
    return HexFloat64(checked_hex(value, FLOAT64_FORMAT))


FLOAT64_DATA_TYPE: Final = float_data_type(FLOAT64_FORMAT, Float64FillValue)
"""The definition of float64."""
