"""The int8 data type: signed integers of 8 bits."""

from __future__ import annotations

from typing import Annotated, Final, Literal

from annotated_types import Interval

from zarr_metadata.v3.data_type._integer import integer_data_type

INT8_DATA_TYPE_NAME: Final = "int8"
Int8DataTypeName = Literal["int8"]
Int8FillValue = Annotated[int, Interval(ge=-128, le=127)]
"""A fill value of int8: an integer in [-128, 127]."""

INT8_DATA_TYPE: Final = integer_data_type(INT8_DATA_TYPE_NAME, 8, Int8FillValue)
"""The definition of int8."""

__all__ = [
    "INT8_DATA_TYPE",
    "INT8_DATA_TYPE_NAME",
    "Int8DataTypeName",
    "Int8FillValue",
]
