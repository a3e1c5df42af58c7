"""The numcodecs checksums as zarr-python 3 writes them in v3: `numcodecs.crc32`, `numcodecs.crc32c`, `numcodecs.adler32`, `numcodecs.fletcher32` and `numcodecs.jenkins_lookup3`.

Each is a bytes -> bytes codec that adds four bytes, configured as its v2
namesake is (see `zarr_metadata.v2.codec.checksum` and
`zarr_metadata.v2.codec.others`).
"""

# No `from __future__ import annotations`: TypedDict reads NotRequired
# from evaluated annotations only, for its __optional_keys__.

from typing import Final, Literal, NotRequired

from typing_extensions import TypedDict

from zarr_metadata.definition import EmptyConfiguration
from zarr_metadata.v2.codec.checksum import (
    ADLER32_CODEC_V2,
    CRC32_CODEC_V2,
    CRC32C_CODEC_V2,
    FLETCHER32_CODEC_V2,
    ZarrV2Checksum32Parameters,
)
from zarr_metadata.v2.codec.others import JENKINS_LOOKUP3_CODEC_V2, ZarrV2JenkinsLookup3Parameters
from zarr_metadata.v3.codec.numcodecs._shared import numcodecs_codec

__all__ = [
    "NUMCODECS_ADLER32_CODEC",
    "NUMCODECS_ADLER32_CODEC_NAME",
    "NUMCODECS_CRC32C_CODEC",
    "NUMCODECS_CRC32C_CODEC_NAME",
    "NUMCODECS_CRC32_CODEC",
    "NUMCODECS_CRC32_CODEC_NAME",
    "NUMCODECS_FLETCHER32_CODEC",
    "NUMCODECS_FLETCHER32_CODEC_NAME",
    "NUMCODECS_JENKINS_LOOKUP3_CODEC",
    "NUMCODECS_JENKINS_LOOKUP3_CODEC_NAME",
    "NumcodecsAdler32CodecConfiguration",
    "NumcodecsAdler32CodecMetadata",
    "NumcodecsAdler32CodecName",
    "NumcodecsAdler32CodecObject",
    "NumcodecsCrc32CodecConfiguration",
    "NumcodecsCrc32CodecMetadata",
    "NumcodecsCrc32CodecName",
    "NumcodecsCrc32CodecObject",
    "NumcodecsCrc32cCodecConfiguration",
    "NumcodecsCrc32cCodecMetadata",
    "NumcodecsCrc32cCodecName",
    "NumcodecsCrc32cCodecObject",
    "NumcodecsFletcher32CodecMetadata",
    "NumcodecsFletcher32CodecName",
    "NumcodecsFletcher32CodecObject",
    "NumcodecsJenkinsLookup3CodecConfiguration",
    "NumcodecsJenkinsLookup3CodecMetadata",
    "NumcodecsJenkinsLookup3CodecName",
    "NumcodecsJenkinsLookup3CodecObject",
]


# numcodecs.crc32

NUMCODECS_CRC32_CODEC_NAME: Final = "numcodecs.crc32"
NumcodecsCrc32CodecName = Literal["numcodecs.crc32"]
NumcodecsCrc32CodecConfiguration = ZarrV2Checksum32Parameters
"""The configuration of numcodecs.crc32: the parameters of numcodecs' crc32."""


class NumcodecsCrc32CodecObject(TypedDict, closed=True):
    """numcodecs.crc32 written as an object."""

    name: NumcodecsCrc32CodecName
    configuration: NotRequired[NumcodecsCrc32CodecConfiguration]
    must_understand: NotRequired[bool]


NumcodecsCrc32CodecMetadata = NumcodecsCrc32CodecObject | NumcodecsCrc32CodecName
"""numcodecs.crc32 as a document writes it: an object, or its bare name."""

NUMCODECS_CRC32_CODEC: Final = numcodecs_codec(CRC32_CODEC_V2, "bytes_bytes", "static")
"""The definition of numcodecs.crc32: the bytes with their CRC-32 (zlib's), at the start unless `location` says otherwise."""


# numcodecs.crc32c

NUMCODECS_CRC32C_CODEC_NAME: Final = "numcodecs.crc32c"
NumcodecsCrc32cCodecName = Literal["numcodecs.crc32c"]
NumcodecsCrc32cCodecConfiguration = ZarrV2Checksum32Parameters
"""The configuration of numcodecs.crc32c: the parameters of numcodecs' crc32c."""


class NumcodecsCrc32cCodecObject(TypedDict, closed=True):
    """numcodecs.crc32c written as an object."""

    name: NumcodecsCrc32cCodecName
    configuration: NotRequired[NumcodecsCrc32cCodecConfiguration]
    must_understand: NotRequired[bool]


NumcodecsCrc32cCodecMetadata = NumcodecsCrc32cCodecObject | NumcodecsCrc32cCodecName
"""numcodecs.crc32c as a document writes it: an object, or its bare name."""

NUMCODECS_CRC32C_CODEC: Final = numcodecs_codec(CRC32C_CODEC_V2, "bytes_bytes", "static")
"""The definition of numcodecs.crc32c: the bytes with their CRC-32C (Castagnoli), at the end unless `location` says otherwise."""


# numcodecs.adler32

NUMCODECS_ADLER32_CODEC_NAME: Final = "numcodecs.adler32"
NumcodecsAdler32CodecName = Literal["numcodecs.adler32"]
NumcodecsAdler32CodecConfiguration = ZarrV2Checksum32Parameters
"""The configuration of numcodecs.adler32: the parameters of numcodecs' adler32."""


class NumcodecsAdler32CodecObject(TypedDict, closed=True):
    """numcodecs.adler32 written as an object."""

    name: NumcodecsAdler32CodecName
    configuration: NotRequired[NumcodecsAdler32CodecConfiguration]
    must_understand: NotRequired[bool]


NumcodecsAdler32CodecMetadata = NumcodecsAdler32CodecObject | NumcodecsAdler32CodecName
"""numcodecs.adler32 as a document writes it: an object, or its bare name."""

NUMCODECS_ADLER32_CODEC: Final = numcodecs_codec(ADLER32_CODEC_V2, "bytes_bytes", "static")
"""The definition of numcodecs.adler32: the bytes with their Adler-32 checksum, at the start unless `location` says otherwise."""


# numcodecs.fletcher32

NUMCODECS_FLETCHER32_CODEC_NAME: Final = "numcodecs.fletcher32"
NumcodecsFletcher32CodecName = Literal["numcodecs.fletcher32"]


class NumcodecsFletcher32CodecObject(TypedDict, closed=True):
    """numcodecs.fletcher32 written as an object."""

    name: NumcodecsFletcher32CodecName
    configuration: NotRequired[EmptyConfiguration]
    must_understand: NotRequired[bool]


NumcodecsFletcher32CodecMetadata = NumcodecsFletcher32CodecObject | NumcodecsFletcher32CodecName
"""numcodecs.fletcher32 as a document writes it: an object, or its bare name."""

NUMCODECS_FLETCHER32_CODEC: Final = numcodecs_codec(FLETCHER32_CODEC_V2, "bytes_bytes", "static")
"""The definition of numcodecs.fletcher32: the bytes followed by their Fletcher-32 checksum, as HDF5 and netCDF compute it over 16-bit words."""


# numcodecs.jenkins_lookup3

NUMCODECS_JENKINS_LOOKUP3_CODEC_NAME: Final = "numcodecs.jenkins_lookup3"
NumcodecsJenkinsLookup3CodecName = Literal["numcodecs.jenkins_lookup3"]
NumcodecsJenkinsLookup3CodecConfiguration = ZarrV2JenkinsLookup3Parameters
"""The configuration of numcodecs.jenkins_lookup3: the parameters of numcodecs' jenkins_lookup3."""


class NumcodecsJenkinsLookup3CodecObject(TypedDict, closed=True):
    """numcodecs.jenkins_lookup3 written as an object."""

    name: NumcodecsJenkinsLookup3CodecName
    configuration: NotRequired[NumcodecsJenkinsLookup3CodecConfiguration]
    must_understand: NotRequired[bool]


NumcodecsJenkinsLookup3CodecMetadata = NumcodecsJenkinsLookup3CodecObject | NumcodecsJenkinsLookup3CodecName
"""numcodecs.jenkins_lookup3 as a document writes it: an object, or its bare name."""

NUMCODECS_JENKINS_LOOKUP3_CODEC: Final = numcodecs_codec(JENKINS_LOOKUP3_CODEC_V2, "bytes_bytes", "static")
"""The definition of numcodecs.jenkins_lookup3: the bytes followed by Bob Jenkins' lookup3 hash of them, as HDF5 computes it."""
