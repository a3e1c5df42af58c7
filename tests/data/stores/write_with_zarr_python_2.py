"""Write a small store with zarr-python 2, as its users write them, keeping only its metadata files; run with zarr-python 2.18.7 installed."""

import os
import shutil
import sys

import numcodecs
import numpy as np
import zarr

out = sys.argv[1]
shutil.rmtree(out, ignore_errors=True)
root = zarr.open_group(out, mode="w")
root.attrs["title"] = "written by zarr-python " + zarr.__version__
root.create_dataset("floats", shape=(100, 100), chunks=(10, 10), dtype="f4", fill_value=np.nan)
root.create_dataset(
    "ints",
    shape=(100,),
    chunks=(10,),
    dtype="<i8",
    compressor=numcodecs.Zstd(level=3),
    filters=[numcodecs.Delta(dtype="<i8")],
)
root.create_dataset("strings", shape=(10,), chunks=(5,), dtype=str)
root.create_dataset(
    "strings_object", shape=(10,), chunks=(5,), dtype=object, object_codec=numcodecs.VLenUTF8()
)
root.create_dataset(
    "bytes_object", shape=(10,), chunks=(5,), dtype=object, object_codec=numcodecs.VLenBytes()
)
root.create_dataset(
    "ragged", shape=(10,), chunks=(5,), dtype=object, object_codec=numcodecs.VLenArray("<i4")
)
root.create_dataset(
    "json_objects", shape=(10,), chunks=(5,), dtype=object, object_codec=numcodecs.JSON()
)
root.create_dataset(
    "msgpack_objects", shape=(10,), chunks=(5,), dtype=object, object_codec=numcodecs.MsgPack()
)
root.create_dataset(
    "pickled", shape=(10,), chunks=(5,), dtype=object, object_codec=numcodecs.Pickle()
)
root.create_dataset(
    "categorized",
    shape=(10,),
    chunks=(5,),
    dtype=object,
    object_codec=numcodecs.VLenUTF8(),
    filters=[numcodecs.Categorize(labels=["a", "b"], dtype=object, astype="u1")],
)
root.create_dataset("fixed_strings", shape=(10,), chunks=(5,), dtype="<U10")
root.create_dataset("fixed_bytes", shape=(10,), chunks=(5,), dtype="S6")
root.create_dataset("records", shape=(10,), chunks=(5,), dtype=[("a", "<i4"), ("b", "<f8", (2,))])
root.create_dataset("times", shape=(10,), chunks=(5,), dtype="M8[ns]")
root.create_dataset(
    "booleans", shape=(10,), chunks=(5,), dtype=bool, filters=[numcodecs.PackBits()]
)
root.create_dataset("base64", shape=(10,), chunks=(5,), dtype="u1", compressor=numcodecs.Base64())
root.create_dataset(
    "jenkins", shape=(10,), chunks=(5,), dtype="u1", compressor=numcodecs.JenkinsLookup3()
)
root.create_dataset(
    "lzma", shape=(10,), chunks=(5,), dtype="u1", compressor=numcodecs.LZMA(preset=1)
)
root.create_dataset(
    "fso",
    shape=(10,),
    chunks=(5,),
    dtype="f8",
    filters=[numcodecs.FixedScaleOffset(offset=1, scale=10, dtype="f8", astype="u1")],
)
root.create_dataset("empty", shape=(0,), chunks=(1,), dtype="f8")
g = root.create_group("nested/deeper")
g.create_dataset("slashed", shape=(4, 4), chunks=(2, 2), dtype="u2", dimension_separator="/")
zarr.consolidate_metadata(out)
for directory, _, files in os.walk(out):
    for name in files:
        if name not in (".zarray", ".zgroup", ".zattrs", ".zmetadata"):
            os.remove(os.path.join(directory, name))
