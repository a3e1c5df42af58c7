"""Zarr v3: the definitions of the core spec and of zarr-extensions, the scopes that hold them, and the JSON of documents."""

from typing import TYPE_CHECKING

from zarr_metadata._lazy import exported_lazily

if TYPE_CHECKING:
    from zarr_metadata._common import (
        ZarrV3ExtensionField,
        ZarrV3MetadataFieldJSON,
        ZarrV3NamedConfigJSON,
    )
    from zarr_metadata._names import (
        NodeName,
        NodePath,
    )
    from zarr_metadata.v3._known import KNOWN as KNOWN
    from zarr_metadata.v3.chunk_grid.rectilinear import (
        RECTILINEAR_CHUNK_GRID,
    )
    from zarr_metadata.v3.chunk_grid.regular import (
        REGULAR_CHUNK_GRID,
    )
    from zarr_metadata.v3.chunk_key_encoding.default import (
        DEFAULT_CHUNK_KEY_ENCODING,
    )
    from zarr_metadata.v3.chunk_key_encoding.v2 import (
        V2_CHUNK_KEY_ENCODING,
    )
    from zarr_metadata.v3.codec.blosc import (
        BLOSC_CODEC,
    )
    from zarr_metadata.v3.codec.bytes import (
        BYTES_CODEC,
    )
    from zarr_metadata.v3.codec.cast_value import (
        CAST_VALUE_CODEC,
    )
    from zarr_metadata.v3.codec.crc32c import (
        CRC32C_CODEC,
    )
    from zarr_metadata.v3.codec.gzip import (
        GZIP_CODEC,
    )
    from zarr_metadata.v3.codec.scale_offset import (
        SCALE_OFFSET_CODEC,
    )
    from zarr_metadata.v3.codec.sharding_indexed import (
        SHARDING_INDEXED_CODEC,
    )
    from zarr_metadata.v3.codec.transpose import (
        TRANSPOSE_CODEC,
    )
    from zarr_metadata.v3.codec.zstd import (
        ZSTD_CODEC,
    )
    from zarr_metadata.v3.consolidated import (
        CONSOLIDATED_METADATA_EXTRA_FIELD,
    )
    from zarr_metadata.v3.data_type.bool import (
        BOOL_DATA_TYPE,
    )
    from zarr_metadata.v3.data_type.bytes import (
        BYTES_DATA_TYPE,
    )
    from zarr_metadata.v3.data_type.complex64 import (
        COMPLEX64_DATA_TYPE,
    )
    from zarr_metadata.v3.data_type.complex128 import (
        COMPLEX128_DATA_TYPE,
    )
    from zarr_metadata.v3.data_type.float16 import (
        FLOAT16_DATA_TYPE,
    )
    from zarr_metadata.v3.data_type.float32 import (
        FLOAT32_DATA_TYPE,
    )
    from zarr_metadata.v3.data_type.float64 import (
        FLOAT64_DATA_TYPE,
    )
    from zarr_metadata.v3.data_type.int8 import (
        INT8_DATA_TYPE,
    )
    from zarr_metadata.v3.data_type.int16 import (
        INT16_DATA_TYPE,
    )
    from zarr_metadata.v3.data_type.int32 import (
        INT32_DATA_TYPE,
    )
    from zarr_metadata.v3.data_type.int64 import (
        INT64_DATA_TYPE,
    )
    from zarr_metadata.v3.data_type.numpy_datetime64 import (
        NUMPY_DATETIME64_DATA_TYPE,
    )
    from zarr_metadata.v3.data_type.numpy_timedelta64 import (
        NUMPY_TIMEDELTA64_DATA_TYPE,
    )
    from zarr_metadata.v3.data_type.raw import (
        RAW_BYTES_DATA_TYPE,
    )
    from zarr_metadata.v3.data_type.string import (
        STRING_DATA_TYPE,
    )
    from zarr_metadata.v3.data_type.struct import (
        STRUCT_DATA_TYPE,
    )
    from zarr_metadata.v3.data_type.uint8 import (
        UINT8_DATA_TYPE,
    )
    from zarr_metadata.v3.data_type.uint16 import (
        UINT16_DATA_TYPE,
    )
    from zarr_metadata.v3.data_type.uint32 import (
        UINT32_DATA_TYPE,
    )
    from zarr_metadata.v3.data_type.uint64 import (
        UINT64_DATA_TYPE,
    )
    from zarr_metadata.v3.definition import (
        CORE,
        CORE_AND_EXTENSIONS,
        ZarrV3Context,
    )

__all__ = [
    "BLOSC_CODEC",
    "BOOL_DATA_TYPE",
    "BYTES_CODEC",
    "BYTES_DATA_TYPE",
    "CAST_VALUE_CODEC",
    "COMPLEX64_DATA_TYPE",
    "COMPLEX128_DATA_TYPE",
    "CONSOLIDATED_METADATA_EXTRA_FIELD",
    "CORE",
    "CORE_AND_EXTENSIONS",
    "CRC32C_CODEC",
    "DEFAULT_CHUNK_KEY_ENCODING",
    "FLOAT16_DATA_TYPE",
    "FLOAT32_DATA_TYPE",
    "FLOAT64_DATA_TYPE",
    "GZIP_CODEC",
    "INT8_DATA_TYPE",
    "INT16_DATA_TYPE",
    "INT32_DATA_TYPE",
    "INT64_DATA_TYPE",
    "NUMPY_DATETIME64_DATA_TYPE",
    "NUMPY_TIMEDELTA64_DATA_TYPE",
    "RAW_BYTES_DATA_TYPE",
    "RECTILINEAR_CHUNK_GRID",
    "REGULAR_CHUNK_GRID",
    "SCALE_OFFSET_CODEC",
    "SHARDING_INDEXED_CODEC",
    "STRING_DATA_TYPE",
    "STRUCT_DATA_TYPE",
    "TRANSPOSE_CODEC",
    "UINT8_DATA_TYPE",
    "UINT16_DATA_TYPE",
    "UINT32_DATA_TYPE",
    "UINT64_DATA_TYPE",
    "V2_CHUNK_KEY_ENCODING",
    "ZSTD_CODEC",
    "NodeName",
    "NodePath",
    "ZarrV3Context",
    "ZarrV3ExtensionField",
    "ZarrV3MetadataFieldJSON",
    "ZarrV3NamedConfigJSON",
]


__getattr__ = exported_lazily(__name__)
