"""Zarr v2: the data type families and numcodecs codecs of a v2 store, and the scope that holds them."""

from typing import TYPE_CHECKING

from zarr_metadata._lazy import exported_lazily

if TYPE_CHECKING:
    from zarr_metadata.v2._context import (
        ZarrV2Context,
    )
    from zarr_metadata.v2._scopes import (
        CORE_V2,
    )
    from zarr_metadata.v2._scopes import (
        KNOWN_V2 as KNOWN_V2,
    )
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
        BITROUND_CODEC_V2,
        DELTA_CODEC_V2,
        FIXEDSCALEOFFSET_CODEC_V2,
        PACKBITS_CODEC_V2,
        QUANTIZE_CODEC_V2,
        SHUFFLE_CODEC_V2,
    )
    from zarr_metadata.v2.codec.vlen import (
        VLEN_ARRAY_CODEC_V2,
        VLEN_BYTES_CODEC_V2,
        VLEN_UTF8_CODEC_V2,
    )
    from zarr_metadata.v2.data_type.fixed_width import (
        BYTES_DATA_TYPE_V2,
        STR_DATA_TYPE_V2,
        VOID_DATA_TYPE_V2,
    )
    from zarr_metadata.v2.data_type.object import (
        OBJECT_DATA_TYPE_V2,
    )
    from zarr_metadata.v2.data_type.scalar import (
        BOOL_DATA_TYPE_V2,
        COMPLEX_DATA_TYPE_V2,
        FLOAT_DATA_TYPE_V2,
        INT_DATA_TYPE_V2,
        UINT_DATA_TYPE_V2,
    )
    from zarr_metadata.v2.data_type.struct import (
        STRUCT_DATA_TYPE_V2,
    )
    from zarr_metadata.v2.data_type.time import (
        DATETIME64_DATA_TYPE_V2,
        TIMEDELTA64_DATA_TYPE_V2,
    )

__all__ = [
    "ADLER32_CODEC_V2",
    "ASTYPE_CODEC_V2",
    "BITROUND_CODEC_V2",
    "BLOSC_CODEC_V2",
    "BOOL_DATA_TYPE_V2",
    "BYTES_DATA_TYPE_V2",
    "BZ2_CODEC_V2",
    "COMPLEX_DATA_TYPE_V2",
    "CORE_V2",
    "CRC32C_CODEC_V2",
    "CRC32_CODEC_V2",
    "DATETIME64_DATA_TYPE_V2",
    "DELTA_CODEC_V2",
    "FIXEDSCALEOFFSET_CODEC_V2",
    "FLETCHER32_CODEC_V2",
    "FLOAT_DATA_TYPE_V2",
    "GZIP_CODEC_V2",
    "INT_DATA_TYPE_V2",
    "LZ4_CODEC_V2",
    "LZMA_CODEC_V2",
    "OBJECT_DATA_TYPE_V2",
    "PACKBITS_CODEC_V2",
    "QUANTIZE_CODEC_V2",
    "SHUFFLE_CODEC_V2",
    "STRUCT_DATA_TYPE_V2",
    "STR_DATA_TYPE_V2",
    "TIMEDELTA64_DATA_TYPE_V2",
    "UINT_DATA_TYPE_V2",
    "VLEN_ARRAY_CODEC_V2",
    "VLEN_BYTES_CODEC_V2",
    "VLEN_UTF8_CODEC_V2",
    "VOID_DATA_TYPE_V2",
    "ZLIB_CODEC_V2",
    "ZSTD_CODEC_V2",
    "ZarrV2Context",
]

__getattr__ = exported_lazily(__name__)
