"""The v3 scopes this package provides: the core spec, and the core with the zarr-extensions definitions.

Each scope declares where each of its definitions lives, by the name it is
filed under, and a definition is imported when a document first names it.
"""

from __future__ import annotations

from typing import Final

from zarr_metadata.definition._scope import declared_scope
from zarr_metadata.v3._context import ZarrV3Context

_CODEC: Final = "zarr_metadata.v3.codec."
_DATA_TYPE: Final = "zarr_metadata.v3.data_type."

CORE: Final = declared_scope(
    ZarrV3Context,
    data_types={
        "bool": _DATA_TYPE + "bool:BOOL_DATA_TYPE",
        "int8": _DATA_TYPE + "int8:INT8_DATA_TYPE",
        "int16": _DATA_TYPE + "int16:INT16_DATA_TYPE",
        "int32": _DATA_TYPE + "int32:INT32_DATA_TYPE",
        "int64": _DATA_TYPE + "int64:INT64_DATA_TYPE",
        "uint8": _DATA_TYPE + "uint8:UINT8_DATA_TYPE",
        "uint16": _DATA_TYPE + "uint16:UINT16_DATA_TYPE",
        "uint32": _DATA_TYPE + "uint32:UINT32_DATA_TYPE",
        "uint64": _DATA_TYPE + "uint64:UINT64_DATA_TYPE",
        "float16": _DATA_TYPE + "float16:FLOAT16_DATA_TYPE",
        "float32": _DATA_TYPE + "float32:FLOAT32_DATA_TYPE",
        "float64": _DATA_TYPE + "float64:FLOAT64_DATA_TYPE",
        "complex64": _DATA_TYPE + "complex64:COMPLEX64_DATA_TYPE",
        "complex128": _DATA_TYPE + "complex128:COMPLEX128_DATA_TYPE",
        "r*": _DATA_TYPE + "raw:RAW_BYTES_DATA_TYPE",
    },
    chunk_grids={"regular": "zarr_metadata.v3.chunk_grid.regular:REGULAR_CHUNK_GRID"},
    chunk_key_encodings={
        "default": "zarr_metadata.v3.chunk_key_encoding.default:DEFAULT_CHUNK_KEY_ENCODING",
        "v2": "zarr_metadata.v3.chunk_key_encoding.v2:V2_CHUNK_KEY_ENCODING",
    },
    codecs={
        "blosc": _CODEC + "blosc:BLOSC_CODEC",
        "bytes": _CODEC + "bytes:BYTES_CODEC",
        "crc32c": _CODEC + "crc32c:CRC32C_CODEC",
        "gzip": _CODEC + "gzip:GZIP_CODEC",
        "sharding_indexed": _CODEC + "sharding_indexed:SHARDING_INDEXED_CODEC",
        "transpose": _CODEC + "transpose:TRANSPOSE_CODEC",
    },
    group_extra_fields={
        "consolidated_metadata": "zarr_metadata.v3.consolidated:CONSOLIDATED_METADATA_EXTRA_FIELD"
    },
)
"""A scope with only what the Zarr v3 specification defines, including the envelope of a group's consolidated_metadata."""

CORE_AND_EXTENSIONS: Final = declared_scope(
    ZarrV3Context,
    CORE,
    data_types={
        "bytes": _DATA_TYPE + "bytes:BYTES_DATA_TYPE",
        "string": _DATA_TYPE + "string:STRING_DATA_TYPE",
        "numpy.datetime64": _DATA_TYPE + "numpy_datetime64:NUMPY_DATETIME64_DATA_TYPE",
        "numpy.timedelta64": _DATA_TYPE + "numpy_timedelta64:NUMPY_TIMEDELTA64_DATA_TYPE",
        "struct": _DATA_TYPE + "struct:STRUCT_DATA_TYPE",
    },
    chunk_grids={"rectilinear": "zarr_metadata.v3.chunk_grid.rectilinear:RECTILINEAR_CHUNK_GRID"},
    codecs={
        "cast_value": _CODEC + "cast_value:CAST_VALUE_CODEC",
        "scale_offset": _CODEC + "scale_offset:SCALE_OFFSET_CODEC",
        "zstd": _CODEC + "zstd:ZSTD_CODEC",
    },
)
"""A scope with what the specification defines, plus the extensions zarr-extensions registers; every reader's default."""
