"""The uint2 data type: unsigned integers of 2 bits, in [0, 3].

The bytes codec stores each value in the low 2 bits of a byte of its own,
and ignores the bits above them.
"""

from __future__ import annotations

from typing import Annotated, Final, Literal

from annotated_types import Interval

from zarr_metadata.definition import EmptyConfiguration
from zarr_metadata.v3.data_type._integer import single_byte
from zarr_metadata.v3.definition import DataTypeDefinition

__all__ = ["UINT2_DATA_TYPE", "UINT2_DATA_TYPE_NAME", "Uint2DataTypeName", "Uint2FillValue"]

UINT2_DATA_TYPE_NAME: Final = "uint2"
Uint2DataTypeName = Literal["uint2"]
Uint2FillValue = Annotated[int, Interval(ge=0, le=3)]
"""A fill value of uint2: an integer in [0, 3]."""

UINT2_DATA_TYPE: Final = DataTypeDefinition(
    name=UINT2_DATA_TYPE_NAME,
    configuration=EmptyConfiguration,
    fill_value=Uint2FillValue,
    storage=single_byte,
)
"""The definition of uint2."""
