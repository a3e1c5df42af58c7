"""The uint8 data type: unsigned integers of 8 bits."""

from __future__ import annotations

from typing import Annotated, Final, Literal

from annotated_types import Interval

from zarr_metadata.v3.data_type._integer import integer_data_type

UINT8_DATA_TYPE_NAME: Final = "uint8"
Uint8DataTypeName = Literal["uint8"]
Uint8FillValue = Annotated[int, Interval(ge=0, le=255)]
"""A fill value of uint8: an integer in [0, 255]."""

UINT8_DATA_TYPE: Final = integer_data_type(UINT8_DATA_TYPE_NAME, 8, Uint8FillValue)
"""The definition of uint8."""

__all__ = [
    "UINT8_DATA_TYPE",
    "UINT8_DATA_TYPE_NAME",
    "Uint8DataTypeName",
    "Uint8FillValue",
]
