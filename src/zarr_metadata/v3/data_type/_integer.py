"""What the integer data types share: a fill value that is an integer within the type's range."""

from __future__ import annotations

from typing import Any

from zarr_metadata.definition import EmptyConfiguration
from zarr_metadata.v3.definition import DataTypeDefinition, StorageClass


def single_byte(configuration: object, nested: object) -> StorageClass:
    """The storage of a data type whose values are single bytes, which have no byte order."""
    return "single_byte"


def multi_byte(configuration: object, nested: object) -> StorageClass:
    """The storage of a number of several bytes, stored in a byte order."""
    return "multi_byte"


def variable_length(configuration: object, nested: object) -> StorageClass:
    """The storage of a data type whose values each take as many bytes as they need (string, bytes)."""
    return "variable_length"


def integer_data_type(name: str, bits: int, fill_value: object) -> DataTypeDefinition[Any]:
    """The definition of an integer data type of `bits` bits, whose fill value has the shape `fill_value`."""
    return DataTypeDefinition(
        name=name,
        configuration=EmptyConfiguration,
        fill_value=fill_value,
        storage=single_byte if bits == 8 else multi_byte,
    )
