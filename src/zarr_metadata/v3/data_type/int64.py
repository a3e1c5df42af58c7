"""The int64 data type: signed integers of 64 bits."""

from __future__ import annotations

from typing import Annotated, Final, Literal

from annotated_types import Interval

from zarr_metadata.v3.data_type._integer import integer_data_type

INT64_DATA_TYPE_NAME: Final = "int64"
Int64DataTypeName = Literal["int64"]
Int64FillValue = Annotated[int, Interval(ge=-9223372036854775808, le=9223372036854775807)]
"""A fill value of int64: an integer in [-9223372036854775808, 9223372036854775807]."""

INT64_DATA_TYPE: Final = integer_data_type(INT64_DATA_TYPE_NAME, 64, Int64FillValue)
"""The definition of int64."""

__all__ = [
    "INT64_DATA_TYPE",
    "INT64_DATA_TYPE_NAME",
    "Int64DataTypeName",
    "Int64FillValue",
]
