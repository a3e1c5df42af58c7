"""The raw_bytes data type (zarr-python): NumPy's opaque values of a fixed number of bytes ("V").

zarr-python writes it for a NumPy "|V10" array, as
`{"name": "raw_bytes", "configuration": {"length_bytes": 10}}`, with the
bytes codec and no endian: a value is its bytes, which have no byte
order, and every value is exactly length_bytes long. It is not raw bits
(`r80`), the name the specification gives such values.

Its public names say `ZarrPython` because raw bits already own the names
`RAW_BYTES_DATA_TYPE` and `RawBytesConfiguration`.
"""

# No `from __future__ import annotations`: TypedDict reads ReadOnly and
# NotRequired from evaluated annotations only.

from typing import Final, Literal, NotRequired

from typing_extensions import ReadOnly, TypedDict

from zarr_metadata.v3.data_type.bytes import Base64Bytes
from zarr_metadata.v3.data_type.zarr_python._bytes import LengthBytes, fixed_bytes_data_type

__all__ = [
    "ZARR_PYTHON_RAW_BYTES_DATA_TYPE",
    "ZARR_PYTHON_RAW_BYTES_DATA_TYPE_NAME",
    "ZarrPythonRawBytes",
    "ZarrPythonRawBytesConfiguration",
    "ZarrPythonRawBytesDataTypeName",
    "ZarrPythonRawBytesFillValue",
]

ZARR_PYTHON_RAW_BYTES_DATA_TYPE_NAME: Final = "raw_bytes"
ZarrPythonRawBytesDataTypeName = Literal["raw_bytes"]


class ZarrPythonRawBytesConfiguration(TypedDict, closed=True):
    """The configuration of raw_bytes: the size of a value in bytes (NumPy "|V10" is 10)."""

    length_bytes: ReadOnly[LengthBytes]


class ZarrPythonRawBytes(TypedDict, closed=True):
    """A raw_bytes data type field as a document writes it."""

    name: Literal["raw_bytes"]
    configuration: ZarrPythonRawBytesConfiguration
    must_understand: NotRequired[bool]


ZarrPythonRawBytesFillValue = Base64Bytes
"""A fill value of raw_bytes: exactly length_bytes bytes, written in base64.

The shape takes any string as Base64Bytes; the fill value rules judge it.
"""


ZARR_PYTHON_RAW_BYTES_DATA_TYPE: Final = fixed_bytes_data_type(
    ZARR_PYTHON_RAW_BYTES_DATA_TYPE_NAME, ZarrPythonRawBytesConfiguration, padded=False
)
"""The definition of raw_bytes."""
