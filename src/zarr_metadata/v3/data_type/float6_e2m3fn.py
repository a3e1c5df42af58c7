"""The float6_e2m3fn data type: 6-bit floats of 1 sign bit, 2 exponent bits (bias 1) and 3 mantissa bits, with no NaN and no infinities.

The bytes codec stores each value in the low 6 bits of a byte of its own,
and ignores the bits above them.
"""

from __future__ import annotations

from typing import Final, Literal, NewType

from zarr_metadata.v3.data_type._minifloat import (
    FLOAT6_E2M3FN_FORMAT,
    checked_hex,
    minifloat_data_type,
)

__all__ = [
    "FLOAT6_E2M3FN_DATA_TYPE",
    "FLOAT6_E2M3FN_DATA_TYPE_NAME",
    "Float6E2M3FNDataTypeName",
    "Float6E2M3FNFillValue",
    "HexFloat6E2M3FN",
    "hex_float6_e2m3fn",
]

FLOAT6_E2M3FN_DATA_TYPE_NAME: Final = "float6_e2m3fn"
Float6E2M3FNDataTypeName = Literal["float6_e2m3fn"]
HexFloat6E2M3FN = NewType("HexFloat6E2M3FN", str)
"""The bits of a float6_e2m3fn written as "0x" and 2 hex digits."""
Float6E2M3FNFillValue = float | int | HexFloat6E2M3FN
"""A fill value of float6_e2m3fn: a finite number, or "0x" and the bits in hex.

The shape takes any string as a HexFloat6E2M3FN; the fill value rules judge it.
"""


def hex_float6_e2m3fn(value: str) -> HexFloat6E2M3FN:
    """`value` as a HexFloat6E2M3FN, if it is "0x" and 2 hex digits naming bits of a float6_e2m3fn; else ValueError."""
    return HexFloat6E2M3FN(checked_hex(value, FLOAT6_E2M3FN_FORMAT))


FLOAT6_E2M3FN_DATA_TYPE: Final = minifloat_data_type(FLOAT6_E2M3FN_FORMAT, Float6E2M3FNFillValue)
"""The definition of float6_e2m3fn."""
