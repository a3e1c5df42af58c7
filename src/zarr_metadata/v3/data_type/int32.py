"""The int32 data type: signed integers of 32 bits."""

from __future__ import annotations

from typing import Annotated, Final, Literal

from annotated_types import Interval

from zarr_metadata.v3.data_type._integer import integer_data_type

INT32_DATA_TYPE_NAME: Final = "int32"
Int32DataTypeName = Literal["int32"]
Int32FillValue = Annotated[int, Interval(ge=-2147483648, le=2147483647)]
"""A fill value of int32: an integer in [-2147483648, 2147483647]."""

INT32_DATA_TYPE: Final = integer_data_type(INT32_DATA_TYPE_NAME, 32, Int32FillValue)
"""The definition of int32."""

__all__ = [
    "INT32_DATA_TYPE",
    "INT32_DATA_TYPE_NAME",
    "Int32DataTypeName",
    "Int32FillValue",
]
