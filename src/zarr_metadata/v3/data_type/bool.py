"""The bool data type: true or false, one byte per value."""

from __future__ import annotations

from typing import Final, Literal

from zarr_metadata.definition import EmptyConfiguration
from zarr_metadata.v3.data_type._integer import single_byte
from zarr_metadata.v3.definition import DataTypeDefinition

__all__ = ["BOOL_DATA_TYPE", "BOOL_DATA_TYPE_NAME", "BoolDataTypeName", "BoolFillValue"]

BOOL_DATA_TYPE_NAME: Final = "bool"
BoolDataTypeName = Literal["bool"]
BoolFillValue = bool
"""A fill value of bool: a JSON boolean (never 0 or 1)."""

BOOL_DATA_TYPE: Final = DataTypeDefinition(
    name=BOOL_DATA_TYPE_NAME,
    configuration=EmptyConfiguration,
    fill_value=BoolFillValue,
    storage=single_byte,
)
"""The definition of bool."""
