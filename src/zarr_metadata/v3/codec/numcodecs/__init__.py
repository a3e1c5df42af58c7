"""The numcodecs codecs as zarr-python 3 writes them in a v3 document: `{"name": "numcodecs.<id>", "configuration": {...}}`.

One row per codec: the v2 definition of `<id>` (`zarr_metadata.v2.codec`),
whose configuration, rules and canonical spelling it shares; its place in
a pipeline; whether its output size follows from its input's; and what it
asks of the chunk it receives (`_from_v2.py`). zarr-python writes shuffle
as a bytes -> bytes codec. `numcodecs.bitround` is the alias
zarr-extensions registers, defined beside the bitround codec. pcodec has
no booleans, complex numbers or bytes of 8 bits (Pco takes those only when
asked, and numcodecs never asks); zfp compresses 1 to 4 axes.
"""

from typing import Any, Final

from zarr_metadata.v2.codec.checksum import (
    ADLER32_CODEC_V2,
    CRC32_CODEC_V2,
    CRC32C_CODEC_V2,
    FLETCHER32_CODEC_V2,
)
from zarr_metadata.v2.codec.compression import (
    BLOSC_CODEC_V2,
    BZ2_CODEC_V2,
    GZIP_CODEC_V2,
    LZ4_CODEC_V2,
    LZMA_CODEC_V2,
    ZLIB_CODEC_V2,
    ZSTD_CODEC_V2,
)
from zarr_metadata.v2.codec.filters import (
    ASTYPE_CODEC_V2,
    DELTA_CODEC_V2,
    FIXEDSCALEOFFSET_CODEC_V2,
    PACKBITS_CODEC_V2,
    QUANTIZE_CODEC_V2,
    SHUFFLE_CODEC_V2,
)
from zarr_metadata.v2.codec.numeric import PCODEC_CODEC_V2, ZFPY_CODEC_V2
from zarr_metadata.v2.codec.others import JENKINS_LOOKUP3_CODEC_V2
from zarr_metadata.v3.codec.bitround import NUMCODECS_BITROUND_CODEC
from zarr_metadata.v3.codec.numcodecs._from_v2 import (
    PACKS_BOOLEANS,
    Compresses,
    Viewed,
    numcodecs_codec,
)
from zarr_metadata.v3.definition import CodecDefinition

__all__ = ["NUMCODECS_CODECS"]

_PCODEC_TYPES: Final = frozenset({
    "int16", "int32", "int64", "uint16", "uint32", "uint64",
    "float16", "float32", "float64", "numpy.datetime64", "numpy.timedelta64",
})  # fmt: skip
_ZFPY_TYPES: Final = frozenset({"int32", "int64", "float32", "float64"})

NUMCODECS_CODECS: Final[tuple[CodecDefinition[Any], ...]] = (
    numcodecs_codec(BLOSC_CODEC_V2, "bytes_bytes", "dynamic"),
    numcodecs_codec(LZ4_CODEC_V2, "bytes_bytes", "dynamic"),
    numcodecs_codec(ZSTD_CODEC_V2, "bytes_bytes", "dynamic"),
    numcodecs_codec(ZLIB_CODEC_V2, "bytes_bytes", "dynamic"),
    numcodecs_codec(GZIP_CODEC_V2, "bytes_bytes", "dynamic"),
    numcodecs_codec(BZ2_CODEC_V2, "bytes_bytes", "dynamic"),
    numcodecs_codec(LZMA_CODEC_V2, "bytes_bytes", "dynamic"),
    numcodecs_codec(SHUFFLE_CODEC_V2, "bytes_bytes", "static"),
    numcodecs_codec(DELTA_CODEC_V2, "array_array", "static", Viewed("dtype", "astype", flattened=True)),
    NUMCODECS_BITROUND_CODEC,
    numcodecs_codec(FIXEDSCALEOFFSET_CODEC_V2, "array_array", "static", Viewed("dtype", "astype", flattened=True)),
    numcodecs_codec(QUANTIZE_CODEC_V2, "array_array", "static", Viewed("dtype", "astype", flattened=False)),
    numcodecs_codec(PACKBITS_CODEC_V2, "array_array", "static", PACKS_BOOLEANS),
    numcodecs_codec(ASTYPE_CODEC_V2, "array_array", "static", Viewed("decode_dtype", "encode_dtype", flattened=False)),
    numcodecs_codec(CRC32_CODEC_V2, "bytes_bytes", "static"),
    numcodecs_codec(CRC32C_CODEC_V2, "bytes_bytes", "static"),
    numcodecs_codec(ADLER32_CODEC_V2, "bytes_bytes", "static"),
    numcodecs_codec(FLETCHER32_CODEC_V2, "bytes_bytes", "static"),
    numcodecs_codec(JENKINS_LOOKUP3_CODEC_V2, "bytes_bytes", "static"),
    numcodecs_codec(PCODEC_CODEC_V2, "array_bytes", "dynamic", Compresses(_PCODEC_TYPES)),
    numcodecs_codec(ZFPY_CODEC_V2, "array_bytes", "dynamic", Compresses(_ZFPY_TYPES, most_axes=4)),
)  # fmt: skip
"""Every `numcodecs.<id>` codec zarr-python 3 writes, in the order it registers them."""
