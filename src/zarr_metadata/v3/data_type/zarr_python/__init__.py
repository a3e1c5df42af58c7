"""The data types zarr-python 3 writes under names zarr-extensions does not register: one module per name.

zarr-python writes NumPy's "S" arrays as null_terminated_bytes, "V"
arrays as raw_bytes, and arrays of Python bytes objects as
variable_length_bytes. Every other name it writes is registered: the
core types, string, fixed_length_utf32, structured, numpy.datetime64 and
numpy.timedelta64.
"""

from typing import Any, Final

from zarr_metadata.v3.data_type.zarr_python.null_terminated_bytes import (
    NULL_TERMINATED_BYTES_DATA_TYPE,
    NULL_TERMINATED_BYTES_DATA_TYPE_NAME,
    NullTerminatedBytes,
    NullTerminatedBytesConfiguration,
    NullTerminatedBytesDataTypeName,
    NullTerminatedBytesFillValue,
)
from zarr_metadata.v3.data_type.zarr_python.raw_bytes import (
    ZARR_PYTHON_RAW_BYTES_DATA_TYPE,
    ZARR_PYTHON_RAW_BYTES_DATA_TYPE_NAME,
    ZarrPythonRawBytes,
    ZarrPythonRawBytesConfiguration,
    ZarrPythonRawBytesDataTypeName,
    ZarrPythonRawBytesFillValue,
)
from zarr_metadata.v3.data_type.zarr_python.variable_length_bytes import (
    VARIABLE_LENGTH_BYTES_DATA_TYPE,
    VARIABLE_LENGTH_BYTES_DATA_TYPE_NAME,
    VariableLengthBytesDataTypeName,
    VariableLengthBytesFillValue,
)
from zarr_metadata.v3.definition import DataTypeDefinition

__all__ = [
    "NULL_TERMINATED_BYTES_DATA_TYPE",
    "NULL_TERMINATED_BYTES_DATA_TYPE_NAME",
    "VARIABLE_LENGTH_BYTES_DATA_TYPE",
    "VARIABLE_LENGTH_BYTES_DATA_TYPE_NAME",
    "ZARR_PYTHON_DATA_TYPES",
    "ZARR_PYTHON_RAW_BYTES_DATA_TYPE",
    "ZARR_PYTHON_RAW_BYTES_DATA_TYPE_NAME",
    "NullTerminatedBytes",
    "NullTerminatedBytesConfiguration",
    "NullTerminatedBytesDataTypeName",
    "NullTerminatedBytesFillValue",
    "VariableLengthBytesDataTypeName",
    "VariableLengthBytesFillValue",
    "ZarrPythonRawBytes",
    "ZarrPythonRawBytesConfiguration",
    "ZarrPythonRawBytesDataTypeName",
    "ZarrPythonRawBytesFillValue",
]

ZARR_PYTHON_DATA_TYPES: Final[tuple[DataTypeDefinition[Any], ...]] = (
    NULL_TERMINATED_BYTES_DATA_TYPE,
    ZARR_PYTHON_RAW_BYTES_DATA_TYPE,
    VARIABLE_LENGTH_BYTES_DATA_TYPE,
)
"""The definitions of the data types zarr-python writes that zarr-extensions does not register."""
