"""The uint32 data type: unsigned integers of 32 bits."""

from __future__ import annotations

from typing import Annotated, Final, Literal

from annotated_types import Interval

from zarr_metadata.v3.data_type._integer import integer_data_type

UINT32_DATA_TYPE_NAME: Final = "uint32"
Uint32DataTypeName = Literal["uint32"]
Uint32FillValue = Annotated[int, Interval(ge=0, le=4294967295)]
"""A fill value of uint32: an integer in [0, 4294967295]."""

UINT32_DATA_TYPE: Final = integer_data_type(UINT32_DATA_TYPE_NAME, 32, Uint32FillValue)
"""The definition of uint32."""

__all__ = [
    "UINT32_DATA_TYPE",
    "UINT32_DATA_TYPE_NAME",
    "Uint32DataTypeName",
    "Uint32FillValue",
]
