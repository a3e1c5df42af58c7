"""The int4 data type: signed integers of 4 bits, in [-8, 7].

The bytes codec stores each value in the low 4 bits of a byte of its own,
and ignores the bits above them.
"""

from __future__ import annotations

from typing import Annotated, Final, Literal

from annotated_types import Interval

from zarr_metadata.definition import EmptyConfiguration
from zarr_metadata.v3.data_type._integer import single_byte
from zarr_metadata.v3.definition import DataTypeDefinition

__all__ = ["INT4_DATA_TYPE", "INT4_DATA_TYPE_NAME", "Int4DataTypeName", "Int4FillValue"]

INT4_DATA_TYPE_NAME: Final = "int4"
Int4DataTypeName = Literal["int4"]
Int4FillValue = Annotated[int, Interval(ge=-8, le=7)]
"""A fill value of int4: an integer in [-8, 7]."""

INT4_DATA_TYPE: Final = DataTypeDefinition(
    name=INT4_DATA_TYPE_NAME,
    configuration=EmptyConfiguration,
    fill_value=Int4FillValue,
    storage=single_byte,
)
"""The definition of int4."""
