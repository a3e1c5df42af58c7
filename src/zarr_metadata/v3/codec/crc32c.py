"""The crc32c codec: the bytes followed by their CRC-32C checksum, four bytes little-endian."""

from typing import Final, Literal, NotRequired

from typing_extensions import TypedDict

from zarr_metadata.definition import EmptyConfiguration
from zarr_metadata.v3.definition import CodecDefinition

CRC32C_CODEC_NAME: Final = "crc32c"
Crc32cCodecName = Literal["crc32c"]


class Crc32cCodecObject(TypedDict, closed=True):
    """The crc32c codec written as an object."""

    name: Literal["crc32c"]
    configuration: NotRequired[EmptyConfiguration]
    must_understand: NotRequired[bool]


Crc32cCodecMetadata = Crc32cCodecObject | Crc32cCodecName
"""The crc32c codec as a document writes it: an object, or its bare name."""

CRC32C_CODEC: Final = CodecDefinition(
    name=CRC32C_CODEC_NAME,
    configuration=EmptyConfiguration,
    kind="bytes_bytes",
    size="static",
)
"""The definition of the crc32c codec (core spec)."""

__all__ = [
    "CRC32C_CODEC",
    "CRC32C_CODEC_NAME",
    "Crc32cCodecMetadata",
    "Crc32cCodecName",
    "Crc32cCodecObject",
]
