"""Write stores with zarr-python 3.4, one array per data type, codec, chunk grid and chunk key encoding it writes, keeping only their metadata files; run with zarr-python 3.4.2 installed (with pcodec, zfpy and cast-value-rs for the codecs that need them).

`write_with_zarr_python_3.py` wrote `zarr-python-3/` with zarr-python
3.1.6, which other tests count on as it is; this one adds the names 3.4
writes. The v2 store has no subgroup: zarr-python 3.4.2 writes
`consolidated_metadata` into a subgroup's `.zgroup` entry of `.zmetadata`,
a writer bug the checker reports on its own.
"""

import json
import os
import shutil
import sys

import numcodecs
import numpy as np
import zarr
import zarr.dtype
from zarr.codecs import numcodecs as nc

out = sys.argv[1]
shutil.rmtree(out, ignore_errors=True)
zarr.config.set({"array.rectilinear_chunks": True})

NUMERIC = [
    "bool",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "float16",
    "float32",
    "float64",
    "complex64",
    "complex128",
]


def v3_store(path):
    root = zarr.open_group(os.path.join(out, path), mode="w", zarr_format=3)
    root.attrs["title"] = "written by zarr-python " + zarr.__version__
    root.create_array("strings", shape=(10,), dtype=str, chunks=(5,))
    root.create_array("strings_fixed", shape=(10,), dtype="<U12", chunks=(5,))
    root.create_array(
        "bytes_variable", shape=(10,), dtype=zarr.dtype.VariableLengthBytes(), chunks=(5,)
    )
    root.create_array("bytes_fixed", shape=(10,), dtype="S8", chunks=(5,))
    root.create_array("void", shape=(10,), dtype="V6", chunks=(5,))
    root.create_array("structured", shape=(10,), dtype=[("a", "<i4"), ("b", "<f8")], chunks=(5,))
    root.create_array("times", shape=(10,), dtype="datetime64[ns]", chunks=(5,))
    root.create_array("deltas", shape=(10,), dtype="timedelta64[s]", chunks=(5,))
    root.create_array(
        "floats_zlib", shape=(100, 100), dtype="f4", chunks=(10, 10), compressors=[nc.Zlib(level=3)]
    )
    root.create_array(
        "ints_delta",
        shape=(100,),
        dtype="i4",
        chunks=(10,),
        filters=[nc.Delta(dtype="i4")],
        compressors=[nc.Zstd(level=5)],
    )
    root.create_array(
        "floats_fso",
        shape=(100,),
        dtype="f8",
        chunks=(10,),
        filters=[nc.FixedScaleOffset(offset=0, scale=100, dtype="f8", astype="i4")],
        compressors=[nc.Blosc(cname="zstd", clevel=3)],
    )
    root.create_array(
        "floats_bitround",
        shape=(100,),
        dtype="f4",
        chunks=(10,),
        filters=[nc.BitRound(keepbits=10)],
        compressors=[nc.LZ4()],
    )
    root.create_array(
        "floats_quantize",
        shape=(100,),
        dtype="f8",
        chunks=(10,),
        filters=[nc.Quantize(digits=3, dtype="f8")],
        compressors=[nc.BZ2(level=5)],
    )
    root.create_array(
        "checksummed",
        shape=(100,),
        dtype="u2",
        chunks=(10,),
        compressors=[nc.GZip(level=6), nc.CRC32()],
    )
    root.create_array(
        "lzma", shape=(100,), dtype="u1", chunks=(10,), compressors=[nc.LZMA(preset=3)]
    )
    root.create_array(
        "shuffled",
        shape=(100,),
        dtype="f4",
        chunks=(10,),
        compressors=[nc.Shuffle(elementsize=4), nc.Zlib(level=1)],
    )
    root.create_array(
        "astype",
        shape=(100,),
        dtype="f8",
        chunks=(10,),
        filters=[nc.AsType(encode_dtype="f4", decode_dtype="f8")],
    )
    root.create_array("packbits", shape=(100,), dtype=bool, chunks=(10,), filters=[nc.PackBits()])
    root.create_array(
        "adler",
        shape=(100,),
        dtype="i8",
        chunks=(10,),
        compressors=[nc.Adler32(), nc.Fletcher32(), nc.JenkinsLookup3()],
    )
    root.create_array("sharded", shape=(100, 100), dtype="u2", chunks=(10, 10), shards=(50, 50))
    root.create_array("default_codecs", shape=(0,), dtype="f8")
    for dtype in NUMERIC:
        root.create_array("numeric_" + dtype, shape=(10,), dtype=dtype, chunks=(5,))
    root.create_array("big_endian", shape=(10,), dtype=">i4", chunks=(5,))
    root.create_array(
        "struct",
        shape=(10,),
        dtype=zarr.dtype.Struct.from_native_dtype(np.dtype([("a", "<i4"), ("b", "<f8")])),
        chunks=(5,),
    )
    root.create_array(
        "times_days",
        shape=(10,),
        dtype="datetime64[D]",
        chunks=(5,),
        fill_value=np.datetime64("NaT"),
    )
    root.create_array("deltas_scaled", shape=(10,), dtype="timedelta64[10ms]", chunks=(5,))
    root.create_array(
        "strings_vlen", shape=(10,), dtype=zarr.dtype.VariableLengthUTF8(), chunks=(5,)
    )
    root.create_array("floats_nan", shape=(10,), dtype="f8", chunks=(5,), fill_value=float("nan"))
    root.create_array(
        "floats_infinity", shape=(10,), dtype="f4", chunks=(5,), fill_value=float("-inf")
    )
    root.create_array("rectilinear", shape=(10, 6), dtype="u1", chunks=[[3, 3, 4], [6]])
    root.create_array(
        "native_codecs",
        shape=(10, 20),
        dtype="u2",
        chunks=(5, 5),
        filters=[zarr.codecs.TransposeCodec(order=(1, 0))],
        serializer=zarr.codecs.BytesCodec(endian="big"),
        compressors=[
            zarr.codecs.BloscCodec(cname="lz4", clevel=5, shuffle="bitshuffle"),
            zarr.codecs.Crc32cCodec(),
        ],
    )
    root.create_array(
        "gzip", shape=(10,), dtype="i2", chunks=(5,), compressors=[zarr.codecs.GzipCodec(level=4)]
    )
    root.create_array(
        "zstd_checksum",
        shape=(10,),
        dtype="i2",
        chunks=(5,),
        compressors=[zarr.codecs.ZstdCodec(level=3, checksum=True)],
    )
    root.create_array("no_compressor", shape=(10,), dtype="i2", chunks=(5,), compressors=None)
    root.create_array(
        "keys_v2",
        shape=(10, 10),
        dtype="u1",
        chunks=(5, 5),
        chunk_key_encoding={"name": "v2", "separator": "."},
    )
    root.create_array(
        "keys_default_dot",
        shape=(10, 10),
        dtype="u1",
        chunks=(5, 5),
        chunk_key_encoding={"name": "default", "separator": "."},
    )
    root.create_array(
        "sharded_index_start",
        shape=(100,),
        dtype="f4",
        chunks=(10,),
        shards={"shape": (50,), "index_location": "start"},
    )
    root.create_array(
        "scale_offset_cast",
        shape=(10,),
        dtype="f8",
        chunks=(5,),
        filters=[
            zarr.codecs.ScaleOffset(offset=1, scale=10),
            zarr.codecs.CastValue(data_type="int16"),
        ],
    )
    root.create_array(
        "pcodec",
        shape=(10,),
        dtype="f8",
        chunks=(5,),
        serializer=nc.PCodec(level=8),
        compressors=None,
    )
    root.create_array(
        "zfpy",
        shape=(10,),
        dtype="f8",
        chunks=(5,),
        serializer=nc.ZFPY(mode=4, tolerance=0.01),
        compressors=None,
    )
    root.create_array(
        "crc32c_numcodecs", shape=(10,), dtype="u1", chunks=(5,), compressors=[nc.CRC32C()]
    )
    root.create_array(
        "dimension_names", shape=(10, 10), dtype="u1", chunks=(5, 5), dimension_names=["y", None]
    )
    root.create_group("nested").create_group("deeper").create_array(
        "leaf", shape=(4,), dtype="u1", chunks=(2,)
    )
    zarr.consolidate_metadata(os.path.join(out, path))


def v2_store(path):
    root = zarr.open_group(os.path.join(out, path), mode="w", zarr_format=2)
    root.attrs["title"] = "written by zarr-python " + zarr.__version__ + " as v2"
    root.create_array("strings", shape=(10,), dtype=str, chunks=(5,))
    root.create_array("strings_fixed", shape=(10,), dtype="<U12", chunks=(5,))
    root.create_array(
        "bytes_variable", shape=(10,), dtype=zarr.dtype.VariableLengthBytes(), chunks=(5,)
    )
    root.create_array("bytes_fixed", shape=(10,), dtype="S8", chunks=(5,))
    root.create_array("structured", shape=(10,), dtype=[("a", "<i4"), ("b", "<f8")], chunks=(5,))
    root.create_array("times", shape=(10,), dtype="datetime64[ns]", chunks=(5,))
    root.create_array(
        "floats",
        shape=(100, 100),
        dtype="f4",
        chunks=(10, 10),
        compressors=numcodecs.Zstd(level=3),
        fill_value=float("nan"),
    )
    root.create_array(
        "ints_delta",
        shape=(100,),
        dtype="i4",
        chunks=(10,),
        filters=[numcodecs.Delta(dtype="i4")],
        compressors=numcodecs.Blosc(cname="lz4", clevel=5, shuffle=numcodecs.Blosc.SHUFFLE),
    )
    root.create_array(
        "base64", shape=(10,), dtype="u1", chunks=(5,), compressors=numcodecs.Base64()
    )
    root.create_array("empty", shape=(0,), dtype="f8")
    for dtype in NUMERIC:
        root.create_array("numeric_" + dtype, shape=(10,), dtype=dtype, chunks=(5,))
    root.create_array("big_endian", shape=(10,), dtype=">f8", chunks=(5,))
    root.create_array("void", shape=(10,), dtype="V6", chunks=(5,))
    root.create_array("deltas", shape=(10,), dtype="timedelta64[s]", chunks=(5,))
    root.create_array(
        "strings_vlen", shape=(10,), dtype=zarr.dtype.VariableLengthUTF8(), chunks=(5,)
    )
    root.create_array(
        "shuffle_zlib",
        shape=(10,),
        dtype="i4",
        chunks=(5,),
        filters=[numcodecs.Shuffle(elementsize=4)],
        compressors=numcodecs.Zlib(level=2),
    )
    root.create_array(
        "gzip", shape=(10,), dtype="i4", chunks=(5,), compressors=numcodecs.GZip(level=4)
    )
    root.create_array(
        "bz2", shape=(10,), dtype="i4", chunks=(5,), compressors=numcodecs.BZ2(level=3)
    )
    root.create_array(
        "lzma", shape=(10,), dtype="u1", chunks=(5,), compressors=numcodecs.LZMA(preset=2)
    )
    root.create_array(
        "lz4", shape=(10,), dtype="u1", chunks=(5,), compressors=numcodecs.LZ4(acceleration=2)
    )
    root.create_array(
        "fso_quantize",
        shape=(10,),
        dtype="f8",
        chunks=(5,),
        filters=[
            numcodecs.Quantize(digits=2, dtype="f8"),
            numcodecs.FixedScaleOffset(offset=0, scale=10, dtype="f8", astype="i4"),
        ],
    )
    root.create_array(
        "bitround_astype",
        shape=(10,),
        dtype="f8",
        chunks=(5,),
        filters=[
            numcodecs.BitRound(keepbits=12),
            numcodecs.AsType(encode_dtype="f4", decode_dtype="f8"),
        ],
    )
    root.create_array(
        "checksums", shape=(10,), dtype="u1", chunks=(5,), compressors=numcodecs.CRC32()
    )
    root.create_array(
        "adler32", shape=(10,), dtype="u1", chunks=(5,), compressors=numcodecs.Adler32()
    )
    root.create_array(
        "fletcher32", shape=(10,), dtype="u1", chunks=(5,), compressors=numcodecs.Fletcher32()
    )
    root.create_array(
        "crc32c", shape=(10,), dtype="u1", chunks=(5,), compressors=numcodecs.CRC32C()
    )
    root.create_array(
        "jenkins", shape=(10,), dtype="u1", chunks=(5,), compressors=numcodecs.JenkinsLookup3()
    )
    root.create_array(
        "packbits", shape=(10,), dtype=bool, chunks=(5,), filters=[numcodecs.PackBits()]
    )
    root.create_array(
        "fortran_slashed",
        shape=(10, 10),
        dtype="u2",
        chunks=(5, 5),
        order="F",
        chunk_key_encoding={"name": "v2", "separator": "/"},
    )
    root.create_array(
        "pcodec", shape=(10,), dtype="f8", chunks=(5,), compressors=numcodecs.PCodec(level=8)
    )
    root.create_array(
        "zfpy",
        shape=(10,),
        dtype="f8",
        chunks=(5,),
        compressors=numcodecs.ZFPY(mode=4, tolerance=0.01),
    )
    zarr.consolidate_metadata(os.path.join(out, path))


v3_store("v3")
v2_store("v2")


def codec_names(codecs):
    for codec in codecs:
        yield codec["name"]
        yield from codec_names(codec.get("configuration", {}).get("codecs", []))
        yield from codec_names(codec.get("configuration", {}).get("index_codecs", []))


written = set()
for directory, _, files in os.walk(out):
    for name in files:
        if name == "zarr.json":
            with open(os.path.join(directory, name)) as file:
                document = json.load(file)
            written.update(codec_names(document.get("codecs", [])))
        if name not in ("zarr.json", ".zarray", ".zgroup", ".zattrs", ".zmetadata"):
            os.remove(os.path.join(directory, name))
# "endian" is the name zarr-python reads for the bytes codec of early stores; it writes "bytes".
print("v3 codecs not written here:", sorted(set(zarr.registry._codec_registries) - written))
