"""The float6_e3m2fn data type: 6-bit floats of 1 sign bit, 3 exponent bits (bias 3) and 2 mantissa bits, with no NaN and no infinities.

The bytes codec stores each value in the low 6 bits of a byte of its own,
and ignores the bits above them.
"""

from __future__ import annotations

from typing import Final, Literal, NewType

from zarr_metadata.v3.data_type._minifloat import (
    FLOAT6_E3M2FN_FORMAT,
    checked_hex,
    minifloat_data_type,
)

__all__ = [
    "FLOAT6_E3M2FN_DATA_TYPE",
    "FLOAT6_E3M2FN_DATA_TYPE_NAME",
    "Float6E3M2FNDataTypeName",
    "Float6E3M2FNFillValue",
    "HexFloat6E3M2FN",
    "hex_float6_e3m2fn",
]

FLOAT6_E3M2FN_DATA_TYPE_NAME: Final = "float6_e3m2fn"
Float6E3M2FNDataTypeName = Literal["float6_e3m2fn"]
HexFloat6E3M2FN = NewType("HexFloat6E3M2FN", str)
"""The bits of a float6_e3m2fn written as "0x" and 2 hex digits."""
Float6E3M2FNFillValue = float | int | HexFloat6E3M2FN
"""A fill value of float6_e3m2fn: a finite number, or "0x" and the bits in hex.

The shape takes any string as a HexFloat6E3M2FN; the fill value rules judge it.
"""


def hex_float6_e3m2fn(value: str) -> HexFloat6E3M2FN:
    """`value` as a HexFloat6E3M2FN, if it is "0x" and 2 hex digits naming bits of a float6_e3m2fn; else ValueError."""
    return HexFloat6E3M2FN(checked_hex(value, FLOAT6_E3M2FN_FORMAT))


FLOAT6_E3M2FN_DATA_TYPE: Final = minifloat_data_type(FLOAT6_E3M2FN_FORMAT, Float6E3M2FNFillValue)
"""The definition of float6_e3m2fn."""
