"""Write small stores with zarr-python 3, as its users write them, keeping only their metadata files; run with zarr-python 3.1.6 installed."""

import os
import shutil
import sys

import numcodecs
import zarr
import zarr.dtype
from zarr.codecs import numcodecs as nc

out = sys.argv[1]
shutil.rmtree(out, ignore_errors=True)


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
    zarr.consolidate_metadata(os.path.join(out, path))


v3_store("v3")
v2_store("v2")
# keep only metadata
for directory, _, files in os.walk(out):
    for name in files:
        if name not in ("zarr.json", ".zarray", ".zgroup", ".zattrs", ".zmetadata"):
            os.remove(os.path.join(directory, name))
