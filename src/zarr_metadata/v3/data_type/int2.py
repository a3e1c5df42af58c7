"""The int2 data type: signed integers of 2 bits, in [-2, 1].

The bytes codec stores each value in the low 2 bits of a byte of its own,
and ignores the bits above them.
"""

from __future__ import annotations

from typing import Annotated, Final, Literal

from annotated_types import Interval

from zarr_metadata.definition import EmptyConfiguration
from zarr_metadata.v3.data_type._integer import single_byte
from zarr_metadata.v3.definition import DataTypeDefinition

__all__ = ["INT2_DATA_TYPE", "INT2_DATA_TYPE_NAME", "Int2DataTypeName", "Int2FillValue"]

INT2_DATA_TYPE_NAME: Final = "int2"
Int2DataTypeName = Literal["int2"]
Int2FillValue = Annotated[int, Interval(ge=-2, le=1)]
"""A fill value of int2: an integer in [-2, 1]."""

INT2_DATA_TYPE: Final = DataTypeDefinition(
    name=INT2_DATA_TYPE_NAME,
    configuration=EmptyConfiguration,
    fill_value=Int2FillValue,
    storage=single_byte,
)
"""The definition of int2."""
