"""The uint64 data type: unsigned integers of 64 bits."""

from __future__ import annotations

from typing import Annotated, Final, Literal

from annotated_types import Interval

from zarr_metadata.v3.data_type._integer import integer_data_type

UINT64_DATA_TYPE_NAME: Final = "uint64"
Uint64DataTypeName = Literal["uint64"]
Uint64FillValue = Annotated[int, Interval(ge=0, le=18446744073709551615)]
"""A fill value of uint64: an integer in [0, 18446744073709551615]."""

UINT64_DATA_TYPE: Final = integer_data_type(UINT64_DATA_TYPE_NAME, 64, Uint64FillValue)
"""The definition of uint64."""

__all__ = [
    "UINT64_DATA_TYPE",
    "UINT64_DATA_TYPE_NAME",
    "Uint64DataTypeName",
    "Uint64FillValue",
]
