"""The uint16 data type: unsigned integers of 16 bits."""

from __future__ import annotations

from typing import Annotated, Final, Literal

from annotated_types import Interval

from zarr_metadata.v3.data_type._integer import integer_data_type

UINT16_DATA_TYPE_NAME: Final = "uint16"
Uint16DataTypeName = Literal["uint16"]
Uint16FillValue = Annotated[int, Interval(ge=0, le=65535)]
"""A fill value of uint16: an integer in [0, 65535]."""

UINT16_DATA_TYPE: Final = integer_data_type(UINT16_DATA_TYPE_NAME, 16, Uint16FillValue)
"""The definition of uint16."""

__all__ = [
    "UINT16_DATA_TYPE",
    "UINT16_DATA_TYPE_NAME",
    "Uint16DataTypeName",
    "Uint16FillValue",
]
