"""The numcodecs codecs outside the core v2 scope: every other id numcodecs registers, each defined in its group's module."""

from typing import Any, Final

from zarr_metadata.v2.codec.numeric import PCODEC_CODEC_V2, ZFPY_CODEC_V2
from zarr_metadata.v2.codec.object import JSON2_CODEC_V2, MSGPACK2_CODEC_V2, PICKLE_CODEC_V2
from zarr_metadata.v2.codec.others import (
    BASE64_CODEC_V2,
    CATEGORIZE_CODEC_V2,
    JENKINS_LOOKUP3_CODEC_V2,
)
from zarr_metadata.v2.definition import ZarrV2CodecDefinition

__all__ = ["EXTRA_CODECS_V2"]

EXTRA_CODECS_V2: Final[tuple[ZarrV2CodecDefinition[Any], ...]] = (
    CATEGORIZE_CODEC_V2,
    PICKLE_CODEC_V2,
    BASE64_CODEC_V2,
    JENKINS_LOOKUP3_CODEC_V2,
    JSON2_CODEC_V2,
    ZFPY_CODEC_V2,
    MSGPACK2_CODEC_V2,
    PCODEC_CODEC_V2,
)
"""The numcodecs codecs a v2 writer may name that `CODECS_V2` leaves out, in the order numcodecs registers them."""
