"""Write small arrays with tensorstore's zarr3 and zarr (v2) drivers, one per data type and codec it writes, keeping only their metadata files; run with tensorstore 0.1.86 installed.

Left out: the raw bits types `r8`, `r16`, ... (tensorstore 0.1.86 aborts
creating one), and the v2 `dtype`s tensorstore writes that are no NumPy type
string (`"bfloat16"`, `"float8_e4m3fn"`, `"int4"`, ...): zarr-python fails
to open those, and the checker refuses them.
"""

import json
import os
import shutil
import sys
from importlib.metadata import version

import tensorstore as ts

out = sys.argv[1]
shutil.rmtree(out, ignore_errors=True)

V3_DATA_TYPES = [
    "bool", "int2", "int4", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64",
    "float8_e3m4", "float8_e4m3fn", "float8_e4m3fnuz", "float8_e4m3b11fnuz", "float8_e5m2", "float8_e5m2fnuz",
    "float4_e2m1fn", "float16", "bfloat16", "float32", "float64", "complex64", "complex128",
]  # fmt: skip

V2_DATA_TYPES = [
    "|b1",
    "|i1",
    "|u1",
    "<i2",
    "<u2",
    "<i4",
    "<u4",
    "<i8",
    "<u8",
    ">i4",
    ">u8",
    "<f2",
    "<f4",
    "<f8",
    ">f8",
    "<c8",
    "<c16",
    "|S6",
    "|V4",
]


def v3(path, metadata):
    ts.open(
        {
            "driver": "zarr3",
            "kvstore": {"driver": "file", "path": os.path.join(out, "v3", path)},
            "metadata": metadata,
        },
        create=True,
    ).result()


def v2(path, metadata, **spec):
    ts.open(
        {
            "driver": "zarr",
            "kvstore": {"driver": "file", "path": os.path.join(out, "v2", path)},
            "metadata": metadata,
            **spec,
        },
        create=True,
    ).result()


for data_type in V3_DATA_TYPES:
    v3(
        data_type,
        {
            "shape": [10],
            "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [5]}},
            "data_type": data_type,
        },
    )
# Its default fill value, 0.0, is a value the format lacks (it has no zero):
# tensorstore reads it as 2**-127, and ml_dtypes casts 0.0 to NaN.
v3("float8_e8m0fnu", {"shape": [10], "data_type": "float8_e8m0fnu", "fill_value": 1.0})
v3("float32_nan", {"shape": [10], "data_type": "float32", "fill_value": "NaN"})
v3("float8_e4m3fn_nan", {"shape": [10], "data_type": "float8_e4m3fn", "fill_value": "NaN"})
v3("float8_e4m3fn_other_nan", {"shape": [10], "data_type": "float8_e4m3fn", "fill_value": "0xff"})
v3("float8_e4m3fn_largest", {"shape": [10], "data_type": "float8_e4m3fn", "fill_value": 448})
v3("float8_e4m3fn_negative_zero", {"shape": [10], "data_type": "float8_e4m3fn", "fill_value": -0.0})
v3("transposed_blosc_crc32c", {
    "shape": [10, 20], "data_type": "uint16",
    "codecs": [
        {"name": "transpose", "configuration": {"order": [1, 0]}},
        {"name": "bytes", "configuration": {"endian": "big"}},
        {"name": "blosc", "configuration": {"cname": "zstd", "clevel": 3, "shuffle": "bitshuffle", "typesize": 2}},
        {"name": "crc32c"},
    ],
})  # fmt: skip
v3(
    "blosc_default",
    {"shape": [10], "data_type": "float64", "codecs": [{"name": "bytes"}, {"name": "blosc"}]},
)
v3(
    "gzip",
    {
        "shape": [10],
        "data_type": "int32",
        "codecs": [{"name": "bytes"}, {"name": "gzip", "configuration": {"level": 7}}],
    },
)
v3(
    "zstd",
    {
        "shape": [10],
        "data_type": "int32",
        "codecs": [
            {"name": "bytes"},
            {"name": "zstd", "configuration": {"level": 5, "checksum": True}},
        ],
    },
)
v3("sharded", {
    "shape": [100, 100], "data_type": "uint16",
    "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [50, 50]}},
    "codecs": [{"name": "sharding_indexed", "configuration": {
        "chunk_shape": [10, 10],
        "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "zstd"}],
        "index_codecs": [{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "crc32c"}],
        "index_location": "start",
    }}],
})  # fmt: skip
v3("sharded_default", {
    "shape": [100], "data_type": "float32",
    "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [50]}},
    "codecs": [{"name": "sharding_indexed", "configuration": {"chunk_shape": [10]}}],
})  # fmt: skip
v3(
    "keys_default_dot",
    {
        "shape": [10, 10],
        "data_type": "uint8",
        "chunk_key_encoding": {"name": "default", "configuration": {"separator": "."}},
    },
)
v3("keys_v2", {"shape": [10, 10], "data_type": "uint8", "chunk_key_encoding": {"name": "v2"}})
v3(
    "keys_v2_slash",
    {
        "shape": [10, 10],
        "data_type": "uint8",
        "chunk_key_encoding": {"name": "v2", "configuration": {"separator": "/"}},
    },
)
v3(
    "dimension_names",
    {
        "shape": [10, 10],
        "data_type": "uint8",
        "dimension_names": ["y", None],
        "attributes": {"title": "written by tensorstore " + version("tensorstore")},
    },
)

for data_type in V2_DATA_TYPES:
    name = data_type.replace("<", "little_").replace(">", "big_").replace("|", "")
    v2(name, {"shape": [10], "chunks": [5], "dtype": data_type})
v2(
    "structured",
    {"shape": [10], "chunks": [5], "dtype": [["a", "<i4"], ["b", "<f8", [2]]]},
    field="a",
)
for compressor in [
    {"id": "zlib", "level": 3},
    {"id": "gzip", "level": 5},
    {"id": "zstd", "level": 2},
    {"id": "bz2", "level": 9},
    {"id": "blosc", "cname": "zstd", "clevel": 5, "shuffle": 2, "blocksize": 0},
    None,
]:
    v2(
        "compressor_" + (compressor["id"] if compressor else "none"),
        {"shape": [10], "chunks": [5], "dtype": "<u2", "compressor": compressor},
    )
v2(
    "fortran_slashed",
    {
        "shape": [10, 10],
        "chunks": [5, 5],
        "dtype": "<u2",
        "order": "F",
        "dimension_separator": "/",
        "fill_value": 7,
    },
)
v2("float_nan", {"shape": [10], "chunks": [5], "dtype": "<f4", "fill_value": "NaN"})
v2("float_infinity", {"shape": [10], "chunks": [5], "dtype": "<f8", "fill_value": "-Infinity"})
v2("bytes_fill", {"shape": [10], "chunks": [5], "dtype": "|S4", "fill_value": "YWJjZA=="})

# keep only metadata
for directory, _, files in os.walk(out):
    for name in files:
        if name not in ("zarr.json", ".zarray", ".zgroup", ".zattrs", ".zmetadata"):
            os.remove(os.path.join(directory, name))
print(
    json.dumps(
        sorted(os.listdir(os.path.join(out, "v3"))) + sorted(os.listdir(os.path.join(out, "v2")))
    )
)
