"""The gzip codec: bytes compressed with gzip at a given level."""

from typing import Annotated, Final, Literal, NotRequired

from annotated_types import Interval
from typing_extensions import TypedDict

from zarr_metadata.v3.definition import CodecDefinition

GZIP_CODEC_NAME: Final = "gzip"
GzipCodecName = Literal["gzip"]


class GzipCodecConfiguration(TypedDict, closed=True):
    """The configuration of the gzip codec: its compression level."""

    level: Annotated[int, Interval(ge=0, le=9)]


class GzipCodecObject(TypedDict, closed=True):
    """The gzip codec as a document writes it."""

    name: Literal["gzip"]
    configuration: GzipCodecConfiguration
    must_understand: NotRequired[bool]


GzipCodecMetadata = GzipCodecObject
"""A gzip codec field: always an object, since its configuration is required."""

GZIP_CODEC: Final = CodecDefinition(
    name=GZIP_CODEC_NAME,
    configuration=GzipCodecConfiguration,
    kind="bytes_bytes",
    size="dynamic",
)
"""The definition of the gzip codec (core spec)."""

__all__ = [
    "GZIP_CODEC",
    "GZIP_CODEC_NAME",
    "GzipCodecConfiguration",
    "GzipCodecMetadata",
    "GzipCodecName",
    "GzipCodecObject",
]
