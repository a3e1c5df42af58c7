"""The float8_e8m0fnu data type: powers of two in 8 bits, all of them exponent (bias 127), with no sign, no zero and no infinities; NaN is 0xff.

A positive number below the smallest value, 2**-127, rounds up to it, as
there is no zero to round down to.
"""

from __future__ import annotations

from typing import Final, Literal, NewType

from zarr_metadata.v3.data_type._minifloat import (
    FLOAT8_E8M0FNU_FORMAT,
    checked_hex,
    minifloat_data_type,
)

__all__ = [
    "CANONICAL_NAN_HEX_FLOAT8_E8M0FNU",
    "FLOAT8_E8M0FNU_DATA_TYPE",
    "FLOAT8_E8M0FNU_DATA_TYPE_NAME",
    "Float8E8M0FNUDataTypeName",
    "Float8E8M0FNUFillValue",
    "Float8E8M0FNUSpecialFillValue",
    "HexFloat8E8M0FNU",
    "hex_float8_e8m0fnu",
]

FLOAT8_E8M0FNU_DATA_TYPE_NAME: Final = "float8_e8m0fnu"
Float8E8M0FNUDataTypeName = Literal["float8_e8m0fnu"]
HexFloat8E8M0FNU = NewType("HexFloat8E8M0FNU", str)
"""The bits of a float8_e8m0fnu written as "0x" and 2 hex digits."""
Float8E8M0FNUSpecialFillValue = Literal["NaN"]
"""The names of the float8_e8m0fnu values JSON has no number for."""
Float8E8M0FNUFillValue = float | int | Float8E8M0FNUSpecialFillValue | HexFloat8E8M0FNU
"""A fill value of float8_e8m0fnu: a finite number, a special name, or "0x" and the bits in hex.

The shape takes any string as a HexFloat8E8M0FNU; the fill value rules judge it.
"""

CANONICAL_NAN_HEX_FLOAT8_E8M0FNU: Final = "0xff"
"""The bits "NaN" spells."""


def hex_float8_e8m0fnu(value: str) -> HexFloat8E8M0FNU:
    """`value` as a HexFloat8E8M0FNU, if it is "0x" and 2 hex digits naming bits of a float8_e8m0fnu; else ValueError."""
    return HexFloat8E8M0FNU(checked_hex(value, FLOAT8_E8M0FNU_FORMAT))


FLOAT8_E8M0FNU_DATA_TYPE: Final = minifloat_data_type(FLOAT8_E8M0FNU_FORMAT, Float8E8M0FNUFillValue)
"""The definition of float8_e8m0fnu."""
