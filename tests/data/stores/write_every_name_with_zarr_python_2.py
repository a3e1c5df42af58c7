"""Write a store with zarr-python 2, one array per NumPy data type and numcodecs codec it writes, keeping only its metadata files; run with zarr-python 2.18.7 installed (numcodecs 0.15.2).

`write_with_zarr_python_2.py` wrote `zarr-python-2/`, which other tests
count on as it is; this one adds the names that store lacks. At the end it
prints each codec of numcodecs' registry it wrote no array of.
"""

import json
import os
import shutil
import sys

import numcodecs
import numpy as np
import zarr
from numcodecs.registry import codec_registry

out = sys.argv[1]
shutil.rmtree(out, ignore_errors=True)
root = zarr.open_group(out, mode="w")
root.attrs["title"] = "written by zarr-python " + zarr.__version__
for dtype in [
    "|b1",
    "|i1",
    "<i2",
    "<i4",
    "<i8",
    "|u1",
    "<u2",
    "<u4",
    "<u8",
    ">i4",
    ">f8",
    "<f2",
    "<f4",
    "<f8",
    "<c8",
    "<c16",
    "|S4",
    "<U3",
    "|V5",
    "<M8[D]",
    "<m8[10ms]",
    ">M8[ns]",
]:
    name = (
        dtype.replace("<", "little_")
        .replace(">", "big_")
        .replace("|", "")
        .replace("[", "_")
        .replace("]", "")
    )
    root.create_dataset("dtype_" + name, shape=(10,), chunks=(5,), dtype=dtype)
root.create_dataset(
    "nested_record",
    shape=(10,),
    chunks=(5,),
    dtype=[("a", [("x", "<i2"), ("y", "|u1")]), ("b", "<f4", (2, 2))],
)
root.create_dataset(
    "complex_nan", shape=(10,), chunks=(5,), dtype="<c16", fill_value=complex(np.nan, np.inf)
)
root.create_dataset("float_infinity", shape=(10,), chunks=(5,), dtype="<f8", fill_value=-np.inf)
codecs = {
    "zlib": dict(compressor=numcodecs.Zlib(level=4)),
    "gzip": dict(compressor=numcodecs.GZip(level=5)),
    "bz2": dict(compressor=numcodecs.BZ2(level=3)),
    "lz4": dict(compressor=numcodecs.LZ4(acceleration=3)),
    "blosc_bitshuffle": dict(
        compressor=numcodecs.Blosc(
            cname="zstd", clevel=2, shuffle=numcodecs.Blosc.BITSHUFFLE, blocksize=256
        )
    ),
    "blosc_noshuffle": dict(
        compressor=numcodecs.Blosc(cname="blosclz", clevel=9, shuffle=numcodecs.Blosc.NOSHUFFLE)
    ),
    "shuffle": dict(filters=[numcodecs.Shuffle(elementsize=8)], compressor=None),
    "bitround": dict(filters=[numcodecs.BitRound(keepbits=10)]),
    "quantize": dict(filters=[numcodecs.Quantize(digits=3, dtype="<f8", astype="<f4")]),
    "astype": dict(filters=[numcodecs.AsType(encode_dtype="<f4", decode_dtype="<f8")]),
    "adler32": dict(compressor=numcodecs.Adler32()),
    "fletcher32": dict(compressor=numcodecs.Fletcher32()),
    "crc32": dict(compressor=numcodecs.CRC32()),
}
for name, arguments in codecs.items():
    root.create_dataset("codec_" + name, shape=(10,), chunks=(5,), dtype="<f8", **arguments)
root.create_dataset(
    "codec_delta_uint",
    shape=(10,),
    chunks=(5,),
    dtype="<u2",
    filters=[numcodecs.Delta(dtype="<u2", astype="<u4")],
)
root.create_dataset(
    "codec_json2", shape=(10,), chunks=(5,), dtype=object, object_codec=numcodecs.JSON()
)
root.create_dataset(
    "codec_vlen_array",
    shape=(10,),
    chunks=(5,),
    dtype=object,
    object_codec=numcodecs.VLenArray("<f8"),
)
root.create_dataset("fortran", shape=(10, 10), chunks=(5, 5), dtype="<u2", order="F")
root.create_group("group").create_dataset(
    "slashed", shape=(4, 4), chunks=(2, 2), dtype="u1", dimension_separator="/"
)
zarr.consolidate_metadata(out)

written = set()
for directory, _, files in os.walk(out):
    for name in files:
        if name == ".zarray":
            with open(os.path.join(directory, name)) as file:
                document = json.load(file)
            written.update(
                codec["id"]
                for codec in [document["compressor"], *(document["filters"] or [])]
                if codec
            )
        if name not in (".zarray", ".zgroup", ".zattrs", ".zmetadata"):
            os.remove(os.path.join(directory, name))
# Those of the first store count too; n5_wrapper is the N5 store's, which no .zarray holds.
print("not written here:", sorted(set(codec_registry) - written))
