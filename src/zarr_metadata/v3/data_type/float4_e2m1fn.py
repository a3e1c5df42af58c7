"""The float4_e2m1fn data type: 4-bit floats of 1 sign bit, 2 exponent bits (bias 1) and 1 mantissa bit, with no NaN and no infinities.

The bytes codec stores each value in the low 4 bits of a byte of its own,
and ignores the bits above them.
"""

from __future__ import annotations

from typing import Final, Literal, NewType

from zarr_metadata.v3.data_type._minifloat import (
    FLOAT4_E2M1FN_FORMAT,
    checked_hex,
    minifloat_data_type,
)

__all__ = [
    "FLOAT4_E2M1FN_DATA_TYPE",
    "FLOAT4_E2M1FN_DATA_TYPE_NAME",
    "Float4E2M1FNDataTypeName",
    "Float4E2M1FNFillValue",
    "HexFloat4E2M1FN",
    "hex_float4_e2m1fn",
]

FLOAT4_E2M1FN_DATA_TYPE_NAME: Final = "float4_e2m1fn"
Float4E2M1FNDataTypeName = Literal["float4_e2m1fn"]
HexFloat4E2M1FN = NewType("HexFloat4E2M1FN", str)
"""The bits of a float4_e2m1fn written as "0x" and 2 hex digits."""
Float4E2M1FNFillValue = float | int | HexFloat4E2M1FN
"""A fill value of float4_e2m1fn: a finite number, or "0x" and the bits in hex.

The shape takes any string as a HexFloat4E2M1FN; the fill value rules judge it.
"""


def hex_float4_e2m1fn(value: str) -> HexFloat4E2M1FN:
    """`value` as a HexFloat4E2M1FN, if it is "0x" and 2 hex digits naming bits of a float4_e2m1fn; else ValueError."""
    return HexFloat4E2M1FN(checked_hex(value, FLOAT4_E2M1FN_FORMAT))


FLOAT4_E2M1FN_DATA_TYPE: Final = minifloat_data_type(FLOAT4_E2M1FN_FORMAT, Float4E2M1FNFillValue)
"""The definition of float4_e2m1fn."""
