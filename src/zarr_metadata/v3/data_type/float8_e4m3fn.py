"""The float8_e4m3fn data type: 8-bit floats of 1 sign bit, 4 exponent bits (bias 7) and 3 mantissa bits; no infinities, and NaN is every magnitude bit set (0x7f, 0xff).

Tensorstore writes this name; zarr-extensions registers none like it (its
float8_e4m3 has the infinities). The format is ml_dtypes' float8_e4m3fn,
LLVM's Float8E4M3FN: the largest finite value is 448.
"""

from __future__ import annotations

from typing import Final, Literal, NewType

from zarr_metadata.v3.data_type._minifloat import (
    FLOAT8_E4M3FN_FORMAT,
    checked_hex,
    minifloat_data_type,
)

__all__ = [
    "CANONICAL_NAN_HEX_FLOAT8_E4M3FN",
    "FLOAT8_E4M3FN_DATA_TYPE",
    "FLOAT8_E4M3FN_DATA_TYPE_NAME",
    "Float8E4M3FNDataTypeName",
    "Float8E4M3FNFillValue",
    "Float8E4M3FNSpecialFillValue",
    "HexFloat8E4M3FN",
    "hex_float8_e4m3fn",
]

FLOAT8_E4M3FN_DATA_TYPE_NAME: Final = "float8_e4m3fn"
Float8E4M3FNDataTypeName = Literal["float8_e4m3fn"]
HexFloat8E4M3FN = NewType("HexFloat8E4M3FN", str)
"""The bits of a float8_e4m3fn written as "0x" and 2 hex digits."""
Float8E4M3FNSpecialFillValue = Literal["NaN"]
"""The names of the float8_e4m3fn values JSON has no number for."""
Float8E4M3FNFillValue = float | int | Float8E4M3FNSpecialFillValue | HexFloat8E4M3FN
"""A fill value of float8_e4m3fn: a finite number, "NaN", or "0x" and the bits in hex.

The shape takes any string as a HexFloat8E4M3FN; the fill value rules judge it.
"""

CANONICAL_NAN_HEX_FLOAT8_E4M3FN: Final = "0x7f"
"""The bits "NaN" spells, as tensorstore writes them; the other NaN, 0xff, is spelled "0xff"."""


def hex_float8_e4m3fn(value: str) -> HexFloat8E4M3FN:
    """`value` as a HexFloat8E4M3FN, if it is "0x" and 2 hex digits naming bits of a float8_e4m3fn; else ValueError."""
    return HexFloat8E4M3FN(checked_hex(value, FLOAT8_E4M3FN_FORMAT))


FLOAT8_E4M3FN_DATA_TYPE: Final = minifloat_data_type(FLOAT8_E4M3FN_FORMAT, Float8E4M3FNFillValue)
"""The definition of float8_e4m3fn."""
