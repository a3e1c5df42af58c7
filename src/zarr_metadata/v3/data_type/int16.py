"""The int16 data type: signed integers of 16 bits."""

from __future__ import annotations

from typing import Annotated, Final, Literal

from annotated_types import Interval

from zarr_metadata.v3.data_type._integer import integer_data_type

INT16_DATA_TYPE_NAME: Final = "int16"
Int16DataTypeName = Literal["int16"]
Int16FillValue = Annotated[int, Interval(ge=-32768, le=32767)]
"""A fill value of int16: an integer in [-32768, 32767]."""

INT16_DATA_TYPE: Final = integer_data_type(INT16_DATA_TYPE_NAME, 16, Int16FillValue)
"""The definition of int16."""

__all__ = [
    "INT16_DATA_TYPE",
    "INT16_DATA_TYPE_NAME",
    "Int16DataTypeName",
    "Int16FillValue",
]
