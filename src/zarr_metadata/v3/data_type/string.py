"""The string data type (zarr-extensions): Unicode text of any length per value."""

from __future__ import annotations

from typing import Final, Literal

from zarr_metadata.definition import EmptyConfiguration
from zarr_metadata.v3.data_type._integer import variable_length
from zarr_metadata.v3.definition import DataTypeDefinition

__all__ = ["STRING_DATA_TYPE", "STRING_DATA_TYPE_NAME", "StringDataTypeName", "StringFillValue"]

STRING_DATA_TYPE_NAME: Final = "string"
StringDataTypeName = Literal["string"]
StringFillValue = str
"""A fill value of string: a JSON string."""


STRING_DATA_TYPE: Final = DataTypeDefinition(
    name=STRING_DATA_TYPE_NAME,
    configuration=EmptyConfiguration,
    fill_value=StringFillValue,
    storage=variable_length,
)
"""The definition of string."""
