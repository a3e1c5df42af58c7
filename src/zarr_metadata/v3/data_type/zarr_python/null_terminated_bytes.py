"""The null_terminated_bytes data type (zarr-python): NumPy's fixed-size byte strings ("S"), padded with zero bytes.

zarr-python writes it for a NumPy "|S10" array, as
`{"name": "null_terminated_bytes", "configuration": {"length_bytes": 10}}`,
with the bytes codec and no endian: a value is its bytes, which have no
byte order. A value shorter than its size is stored padded with zero
bytes, and read back without them, so `b"a"` and `b"a\\x00"` are one value.
"""

# No `from __future__ import annotations`: TypedDict reads ReadOnly and
# NotRequired from evaluated annotations only.

from typing import Final, Literal, NotRequired

from typing_extensions import ReadOnly, TypedDict

from zarr_metadata.v3.data_type.bytes import Base64Bytes
from zarr_metadata.v3.data_type.zarr_python._bytes import LengthBytes, fixed_bytes_data_type

__all__ = [
    "NULL_TERMINATED_BYTES_DATA_TYPE",
    "NULL_TERMINATED_BYTES_DATA_TYPE_NAME",
    "NullTerminatedBytes",
    "NullTerminatedBytesConfiguration",
    "NullTerminatedBytesDataTypeName",
    "NullTerminatedBytesFillValue",
]

NULL_TERMINATED_BYTES_DATA_TYPE_NAME: Final = "null_terminated_bytes"
NullTerminatedBytesDataTypeName = Literal["null_terminated_bytes"]


class NullTerminatedBytesConfiguration(TypedDict, closed=True):
    """The configuration of null_terminated_bytes: the size of a value in bytes (NumPy "|S10" is 10)."""

    length_bytes: ReadOnly[LengthBytes]


class NullTerminatedBytes(TypedDict, closed=True):
    """A null_terminated_bytes data type field as a document writes it."""

    name: Literal["null_terminated_bytes"]
    configuration: NullTerminatedBytesConfiguration
    must_understand: NotRequired[bool]


NullTerminatedBytesFillValue = Base64Bytes
"""A fill value of null_terminated_bytes: at most length_bytes bytes, written in base64.

The shape takes any string as Base64Bytes; the fill value rules judge it.
"""


NULL_TERMINATED_BYTES_DATA_TYPE: Final = fixed_bytes_data_type(
    NULL_TERMINATED_BYTES_DATA_TYPE_NAME, NullTerminatedBytesConfiguration, padded=True
)
"""The definition of null_terminated_bytes."""
