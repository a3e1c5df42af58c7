"""The variable_length_bytes data type (zarr-python): byte strings of any length per value.

zarr-python writes it for an array of Python bytes objects, as the bare
name, with the vlen-bytes codec. Its values vary in size, so the bytes
codec cannot encode it. It means what the registered `bytes` data type
means, which zarr-python also reads as this type.
"""

from __future__ import annotations

from typing import Final, Literal

from zarr_metadata.definition import EmptyConfiguration, Nested
from zarr_metadata.problems import ValidationProblem
from zarr_metadata.typed_json import JSONValue
from zarr_metadata.v3.data_type._integer import variable_length
from zarr_metadata.v3.data_type.bytes import Base64Bytes
from zarr_metadata.v3.data_type.zarr_python._bytes import decoded, encoded, not_base64
from zarr_metadata.v3.definition import DataTypeDefinition

__all__ = [
    "VARIABLE_LENGTH_BYTES_DATA_TYPE",
    "VARIABLE_LENGTH_BYTES_DATA_TYPE_NAME",
    "VariableLengthBytesDataTypeName",
    "VariableLengthBytesFillValue",
]

VARIABLE_LENGTH_BYTES_DATA_TYPE_NAME: Final = "variable_length_bytes"
VariableLengthBytesDataTypeName = Literal["variable_length_bytes"]

VariableLengthBytesFillValue = Base64Bytes
"""A fill value of variable_length_bytes: bytes of any length written in base64, as zarr-python writes them.

The shape takes any string as Base64Bytes; the fill value rules judge it.
"""


def _fill_value_rules(
    configuration: EmptyConfiguration, nested: Nested, value: str
) -> tuple[ValidationProblem, ...]:
    if decoded(value) is None:
        return (not_base64(value),)
    return ()


def _fill_value_canonical(
    configuration: EmptyConfiguration, nested: Nested, value: str
) -> JSONValue:
    data = decoded(value)
    if data is None:
        return value  # unreachable: the fill value rules refuse it
    return encoded(data)


VARIABLE_LENGTH_BYTES_DATA_TYPE: Final = DataTypeDefinition(
    name=VARIABLE_LENGTH_BYTES_DATA_TYPE_NAME,
    configuration=EmptyConfiguration,
    fill_value=VariableLengthBytesFillValue,
    fill_value_rules=_fill_value_rules,
    fill_value_canonical=_fill_value_canonical,
    storage=variable_length,
)
"""The definition of variable_length_bytes."""
