"""The bfloat16 data type: 16-bit floats of 1 sign bit, 8 exponent bits (bias 127) and 7 mantissa bits, with NaN and the infinities: a float32 cut to its upper 16 bits."""

from __future__ import annotations

from typing import Final, Literal, NewType

from zarr_metadata.v3.data_type._minifloat import BFLOAT16_FORMAT, checked_hex, minifloat_data_type

__all__ = [
    "BFLOAT16_DATA_TYPE",
    "BFLOAT16_DATA_TYPE_NAME",
    "CANONICAL_NAN_HEX_BFLOAT16",
    "CANONICAL_NEGATIVE_INFINITY_HEX_BFLOAT16",
    "CANONICAL_POSITIVE_INFINITY_HEX_BFLOAT16",
    "BFloat16DataTypeName",
    "BFloat16FillValue",
    "BFloat16SpecialFillValue",
    "HexBFloat16",
    "hex_bfloat16",
]

BFLOAT16_DATA_TYPE_NAME: Final = "bfloat16"
BFloat16DataTypeName = Literal["bfloat16"]
HexBFloat16 = NewType("HexBFloat16", str)
"""The bits of a bfloat16 written as "0x" and 4 hex digits."""
BFloat16SpecialFillValue = Literal["NaN", "Infinity", "-Infinity"]
"""The names of the bfloat16 values JSON has no number for."""
BFloat16FillValue = float | int | BFloat16SpecialFillValue | HexBFloat16
"""A fill value of bfloat16: a finite number, a special name, or "0x" and the bits in hex.

The shape takes any string as a HexBFloat16; the fill value rules judge it.
"""

CANONICAL_NAN_HEX_BFLOAT16: Final = "0x7fc0"
"""The bits "NaN" spells."""
CANONICAL_POSITIVE_INFINITY_HEX_BFLOAT16: Final = "0x7f80"
CANONICAL_NEGATIVE_INFINITY_HEX_BFLOAT16: Final = "0xff80"


def hex_bfloat16(value: str) -> HexBFloat16:
    """`value` as a HexBFloat16, if it is "0x" and 4 hex digits naming bits of a bfloat16; else ValueError."""
    return HexBFloat16(checked_hex(value, BFLOAT16_FORMAT))


BFLOAT16_DATA_TYPE: Final = minifloat_data_type(BFLOAT16_FORMAT, BFloat16FillValue)
"""The definition of bfloat16."""
