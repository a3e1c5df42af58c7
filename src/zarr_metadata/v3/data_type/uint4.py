"""The uint4 data type: unsigned integers of 4 bits, in [0, 15].

The bytes codec stores each value in the low 4 bits of a byte of its own,
and ignores the bits above them.
"""

from __future__ import annotations

from typing import Annotated, Final, Literal

from annotated_types import Interval

from zarr_metadata.definition import EmptyConfiguration
from zarr_metadata.v3.data_type._integer import single_byte
from zarr_metadata.v3.definition import DataTypeDefinition

__all__ = ["UINT4_DATA_TYPE", "UINT4_DATA_TYPE_NAME", "Uint4DataTypeName", "Uint4FillValue"]

UINT4_DATA_TYPE_NAME: Final = "uint4"
Uint4DataTypeName = Literal["uint4"]
Uint4FillValue = Annotated[int, Interval(ge=0, le=15)]
"""A fill value of uint4: an integer in [0, 15]."""

UINT4_DATA_TYPE: Final = DataTypeDefinition(
    name=UINT4_DATA_TYPE_NAME,
    configuration=EmptyConfiguration,
    fill_value=Uint4FillValue,
    storage=single_byte,
)
"""The definition of uint4."""
