"""The zstd codec (zarr-extensions): bytes compressed with Zstandard, optionally with a checksum."""

from typing import Annotated, Final, Literal, NotRequired

from annotated_types import Interval
from typing_extensions import TypedDict

from zarr_metadata.definition import Default
from zarr_metadata.v3.definition import CodecDefinition

ZSTD_CODEC_NAME: Final = "zstd"
ZstdCodecName = Literal["zstd"]
ZSTD_MIN_LEVEL: Final = -131072
ZSTD_MAX_LEVEL: Final = 22


class ZstdCodecConfiguration(TypedDict, closed=True):
    """The configuration of the zstd codec: its level, and whether frames carry a checksum (false when absent)."""

    level: Annotated[int, Interval(ge=ZSTD_MIN_LEVEL, le=ZSTD_MAX_LEVEL)]
    checksum: NotRequired[Annotated[bool, Default(False)]]


class ZstdCodecObject(TypedDict, closed=True):
    """The zstd codec as a document writes it."""

    name: Literal["zstd"]
    configuration: ZstdCodecConfiguration
    must_understand: NotRequired[bool]


ZstdCodecMetadata = ZstdCodecObject
"""A zstd codec field: always an object, since its configuration is required."""


ZSTD_CODEC: Final = CodecDefinition(
    name=ZSTD_CODEC_NAME,
    configuration=ZstdCodecConfiguration,
    kind="bytes_bytes",
    size="dynamic",
)
"""The definition of the zstd codec (zarr-extensions)."""

__all__ = [
    "ZSTD_CODEC",
    "ZSTD_CODEC_NAME",
    "ZSTD_MAX_LEVEL",
    "ZSTD_MIN_LEVEL",
    "ZstdCodecConfiguration",
    "ZstdCodecMetadata",
    "ZstdCodecName",
    "ZstdCodecObject",
]
