"""The numcodecs compressors as zarr-python 3 writes them in v3: `numcodecs.zlib`, `numcodecs.gzip`, `numcodecs.bz2`, `numcodecs.lzma`, `numcodecs.blosc`, `numcodecs.zstd` and `numcodecs.lz4`.

Each is a bytes -> bytes codec whose output size depends on the values,
configured as its v2 namesake is (see `zarr_metadata.v2.codec.compression`).
"""

# No `from __future__ import annotations`: TypedDict reads NotRequired
# from evaluated annotations only, for its __optional_keys__.

from typing import Final, Literal, NotRequired

from typing_extensions import TypedDict

from zarr_metadata.v2.codec.compression import (
    BLOSC_CODEC_V2,
    BZ2_CODEC_V2,
    GZIP_CODEC_V2,
    LZ4_CODEC_V2,
    LZMA_CODEC_V2,
    ZLIB_CODEC_V2,
    ZSTD_CODEC_V2,
    ZarrV2BloscParameters,
    ZarrV2Bz2Parameters,
    ZarrV2GzipParameters,
    ZarrV2Lz4Parameters,
    ZarrV2LzmaParameters,
    ZarrV2ZlibParameters,
    ZarrV2ZstdParameters,
)
from zarr_metadata.v3.codec.numcodecs._shared import numcodecs_codec

__all__ = [
    "NUMCODECS_BLOSC_CODEC",
    "NUMCODECS_BLOSC_CODEC_NAME",
    "NUMCODECS_BZ2_CODEC",
    "NUMCODECS_BZ2_CODEC_NAME",
    "NUMCODECS_GZIP_CODEC",
    "NUMCODECS_GZIP_CODEC_NAME",
    "NUMCODECS_LZ4_CODEC",
    "NUMCODECS_LZ4_CODEC_NAME",
    "NUMCODECS_LZMA_CODEC",
    "NUMCODECS_LZMA_CODEC_NAME",
    "NUMCODECS_ZLIB_CODEC",
    "NUMCODECS_ZLIB_CODEC_NAME",
    "NUMCODECS_ZSTD_CODEC",
    "NUMCODECS_ZSTD_CODEC_NAME",
    "NumcodecsBloscCodecConfiguration",
    "NumcodecsBloscCodecMetadata",
    "NumcodecsBloscCodecName",
    "NumcodecsBloscCodecObject",
    "NumcodecsBz2CodecConfiguration",
    "NumcodecsBz2CodecMetadata",
    "NumcodecsBz2CodecName",
    "NumcodecsBz2CodecObject",
    "NumcodecsGzipCodecConfiguration",
    "NumcodecsGzipCodecMetadata",
    "NumcodecsGzipCodecName",
    "NumcodecsGzipCodecObject",
    "NumcodecsLz4CodecConfiguration",
    "NumcodecsLz4CodecMetadata",
    "NumcodecsLz4CodecName",
    "NumcodecsLz4CodecObject",
    "NumcodecsLzmaCodecConfiguration",
    "NumcodecsLzmaCodecMetadata",
    "NumcodecsLzmaCodecName",
    "NumcodecsLzmaCodecObject",
    "NumcodecsZlibCodecConfiguration",
    "NumcodecsZlibCodecMetadata",
    "NumcodecsZlibCodecName",
    "NumcodecsZlibCodecObject",
    "NumcodecsZstdCodecConfiguration",
    "NumcodecsZstdCodecMetadata",
    "NumcodecsZstdCodecName",
    "NumcodecsZstdCodecObject",
]


# numcodecs.zlib

NUMCODECS_ZLIB_CODEC_NAME: Final = "numcodecs.zlib"
NumcodecsZlibCodecName = Literal["numcodecs.zlib"]
NumcodecsZlibCodecConfiguration = ZarrV2ZlibParameters
"""The configuration of numcodecs.zlib: the parameters of numcodecs' zlib."""


class NumcodecsZlibCodecObject(TypedDict, closed=True):
    """numcodecs.zlib written as an object."""

    name: NumcodecsZlibCodecName
    configuration: NotRequired[NumcodecsZlibCodecConfiguration]
    must_understand: NotRequired[bool]


NumcodecsZlibCodecMetadata = NumcodecsZlibCodecObject | NumcodecsZlibCodecName
"""numcodecs.zlib as a document writes it: an object, or its bare name."""

NUMCODECS_ZLIB_CODEC: Final = numcodecs_codec(ZLIB_CODEC_V2, "bytes_bytes", "dynamic")
"""The definition of numcodecs.zlib: bytes compressed into a zlib stream."""


# numcodecs.gzip

NUMCODECS_GZIP_CODEC_NAME: Final = "numcodecs.gzip"
NumcodecsGzipCodecName = Literal["numcodecs.gzip"]
NumcodecsGzipCodecConfiguration = ZarrV2GzipParameters
"""The configuration of numcodecs.gzip: the parameters of numcodecs' gzip."""


class NumcodecsGzipCodecObject(TypedDict, closed=True):
    """numcodecs.gzip written as an object."""

    name: NumcodecsGzipCodecName
    configuration: NotRequired[NumcodecsGzipCodecConfiguration]
    must_understand: NotRequired[bool]


NumcodecsGzipCodecMetadata = NumcodecsGzipCodecObject | NumcodecsGzipCodecName
"""numcodecs.gzip as a document writes it: an object, or its bare name."""

NUMCODECS_GZIP_CODEC: Final = numcodecs_codec(GZIP_CODEC_V2, "bytes_bytes", "dynamic")
"""The definition of numcodecs.gzip: bytes compressed into a gzip member."""


# numcodecs.bz2

NUMCODECS_BZ2_CODEC_NAME: Final = "numcodecs.bz2"
NumcodecsBz2CodecName = Literal["numcodecs.bz2"]
NumcodecsBz2CodecConfiguration = ZarrV2Bz2Parameters
"""The configuration of numcodecs.bz2: the parameters of numcodecs' bz2."""


class NumcodecsBz2CodecObject(TypedDict, closed=True):
    """numcodecs.bz2 written as an object."""

    name: NumcodecsBz2CodecName
    configuration: NotRequired[NumcodecsBz2CodecConfiguration]
    must_understand: NotRequired[bool]


NumcodecsBz2CodecMetadata = NumcodecsBz2CodecObject | NumcodecsBz2CodecName
"""numcodecs.bz2 as a document writes it: an object, or its bare name."""

NUMCODECS_BZ2_CODEC: Final = numcodecs_codec(BZ2_CODEC_V2, "bytes_bytes", "dynamic")
"""The definition of numcodecs.bz2: bytes compressed with bzip2."""


# numcodecs.lzma

NUMCODECS_LZMA_CODEC_NAME: Final = "numcodecs.lzma"
NumcodecsLzmaCodecName = Literal["numcodecs.lzma"]
NumcodecsLzmaCodecConfiguration = ZarrV2LzmaParameters
"""The configuration of numcodecs.lzma: the parameters of numcodecs' lzma."""


class NumcodecsLzmaCodecObject(TypedDict, closed=True):
    """numcodecs.lzma written as an object."""

    name: NumcodecsLzmaCodecName
    configuration: NotRequired[NumcodecsLzmaCodecConfiguration]
    must_understand: NotRequired[bool]


NumcodecsLzmaCodecMetadata = NumcodecsLzmaCodecObject | NumcodecsLzmaCodecName
"""numcodecs.lzma as a document writes it: an object, or its bare name."""

NUMCODECS_LZMA_CODEC: Final = numcodecs_codec(LZMA_CODEC_V2, "bytes_bytes", "dynamic")
"""The definition of numcodecs.lzma: bytes compressed by liblzma."""


# numcodecs.blosc

NUMCODECS_BLOSC_CODEC_NAME: Final = "numcodecs.blosc"
NumcodecsBloscCodecName = Literal["numcodecs.blosc"]
NumcodecsBloscCodecConfiguration = ZarrV2BloscParameters
"""The configuration of numcodecs.blosc: the parameters of numcodecs' blosc."""


class NumcodecsBloscCodecObject(TypedDict, closed=True):
    """numcodecs.blosc written as an object."""

    name: NumcodecsBloscCodecName
    configuration: NotRequired[NumcodecsBloscCodecConfiguration]
    must_understand: NotRequired[bool]


NumcodecsBloscCodecMetadata = NumcodecsBloscCodecObject | NumcodecsBloscCodecName
"""numcodecs.blosc as a document writes it: an object, or its bare name."""

NUMCODECS_BLOSC_CODEC: Final = numcodecs_codec(BLOSC_CODEC_V2, "bytes_bytes", "dynamic")
"""The definition of numcodecs.blosc: bytes shuffled and compressed by Blosc."""


# numcodecs.zstd

NUMCODECS_ZSTD_CODEC_NAME: Final = "numcodecs.zstd"
NumcodecsZstdCodecName = Literal["numcodecs.zstd"]
NumcodecsZstdCodecConfiguration = ZarrV2ZstdParameters
"""The configuration of numcodecs.zstd: the parameters of numcodecs' zstd."""


class NumcodecsZstdCodecObject(TypedDict, closed=True):
    """numcodecs.zstd written as an object."""

    name: NumcodecsZstdCodecName
    configuration: NotRequired[NumcodecsZstdCodecConfiguration]
    must_understand: NotRequired[bool]


NumcodecsZstdCodecMetadata = NumcodecsZstdCodecObject | NumcodecsZstdCodecName
"""numcodecs.zstd as a document writes it: an object, or its bare name."""

NUMCODECS_ZSTD_CODEC: Final = numcodecs_codec(ZSTD_CODEC_V2, "bytes_bytes", "dynamic")
"""The definition of numcodecs.zstd: bytes compressed into a Zstandard frame."""


# numcodecs.lz4

NUMCODECS_LZ4_CODEC_NAME: Final = "numcodecs.lz4"
NumcodecsLz4CodecName = Literal["numcodecs.lz4"]
NumcodecsLz4CodecConfiguration = ZarrV2Lz4Parameters
"""The configuration of numcodecs.lz4: the parameters of numcodecs' lz4."""


class NumcodecsLz4CodecObject(TypedDict, closed=True):
    """numcodecs.lz4 written as an object."""

    name: NumcodecsLz4CodecName
    configuration: NotRequired[NumcodecsLz4CodecConfiguration]
    must_understand: NotRequired[bool]


NumcodecsLz4CodecMetadata = NumcodecsLz4CodecObject | NumcodecsLz4CodecName
"""numcodecs.lz4 as a document writes it: an object, or its bare name."""

NUMCODECS_LZ4_CODEC: Final = numcodecs_codec(LZ4_CODEC_V2, "bytes_bytes", "dynamic")
"""The definition of numcodecs.lz4: bytes compressed into an LZ4 block, after their length."""
