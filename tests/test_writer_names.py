"""Every name a real writer writes is claimed by the widest scopes: the data types, codecs, chunk grids and chunk key encodings in the stores tensorstore, zarr-python 2 and 3 and numcodecs wrote (tests/data/stores/).

A writer that starts writing a new name, once its store is written again,
fails here until a definition claims it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from zarr_metadata.model import read_node_metadata_v2
from zarr_metadata.v2 import KNOWN_V2
from zarr_metadata.v2.definition import ZarrV2CodecDefinition, ZarrV2DataTypeDefinition
from zarr_metadata.v3 import KNOWN
from zarr_metadata.v3.definition import (
    ChunkGridDefinition,
    ChunkKeyEncodingDefinition,
    CodecDefinition,
    DataTypeDefinition,
)

REPO = Path(__file__).resolve().parent.parent
STORES = REPO / "tests" / "data" / "stores"
WRITERS = sorted(path.name for path in STORES.iterdir() if path.is_dir())

Name = tuple[type[Any], str]
"""A kind of definition and a name a document writes for it."""


def _v3_data_type_names(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        yield value["name"]
        for field in value.get("configuration", {}).get("fields", []):
            yield from _v3_data_type_names(
                field["data_type"] if isinstance(field, Mapping) else field[1]
            )


def _v3_codec_names(codecs: list[Any]) -> Iterator[str]:
    for codec in codecs:
        yield codec if isinstance(codec, str) else codec["name"]
        configuration = {} if isinstance(codec, str) else codec.get("configuration", {})
        for inner in ("codecs", "index_codecs"):
            yield from _v3_codec_names(configuration.get(inner, []))


def _name_of(value: object) -> str:
    return value if isinstance(value, str) else value["name"]  # type: ignore[index]


def v3_names(document: Mapping[str, Any]) -> Iterator[Name]:
    """The names a zarr.json writes, its consolidated metadata's included."""
    if document.get("node_type") == "array":
        yield from (
            (DataTypeDefinition, name) for name in _v3_data_type_names(document["data_type"])
        )
        yield from ((CodecDefinition, name) for name in _v3_codec_names(document["codecs"]))
        yield ChunkGridDefinition, _name_of(document["chunk_grid"])
        yield ChunkKeyEncodingDefinition, _name_of(document["chunk_key_encoding"])
    for member in (document.get("consolidated_metadata") or {}).get("metadata", {}).values():
        yield from v3_names(member)


def _v2_data_type_names(dtype: object) -> Iterator[str]:
    if isinstance(dtype, str):
        yield dtype
    else:
        yield "struct"
        for field in dtype:  # type: ignore[attr-defined]
            yield from _v2_data_type_names(field[1])


def v2_names(document: Mapping[str, Any]) -> Iterator[Name]:
    """The names a .zarray writes; for a .zmetadata, those of every .zarray it lists."""
    if "metadata" in document:
        for key, member in document["metadata"].items():
            if key.endswith(".zarray"):
                yield from v2_names(member)
        return
    yield from ((ZarrV2DataTypeDefinition, name) for name in _v2_data_type_names(document["dtype"]))
    for codec in [document.get("compressor"), *(document.get("filters") or [])]:
        if codec is not None:
            yield ZarrV2CodecDefinition, codec["id"]


def written_names(writer: str) -> dict[Name, list[str]]:
    """Each name the writer's store holds, with the files that write it."""
    found: dict[Name, list[str]] = {}
    for path in sorted((STORES / writer).rglob("*")):
        if path.name == "zarr.json":
            names = v3_names(json.loads(path.read_text()))
        elif path.name in (".zarray", ".zmetadata"):
            names = v2_names(json.loads(path.read_text()))
        else:
            continue
        for name in names:
            found.setdefault(name, []).append(str(path.relative_to(STORES)))
    return found


def is_claimed(kind: type[Any], name: str) -> bool:
    scope: Any = KNOWN_V2 if kind in (ZarrV2DataTypeDefinition, ZarrV2CodecDefinition) else KNOWN
    return scope.claimant(kind, name) is not None


@pytest.mark.parametrize("writer", WRITERS)
def test_every_name_the_writer_writes_is_claimed(writer: str) -> None:
    unclaimed = {
        f"{kind.label} {name!r}": files[0]
        for (kind, name), files in written_names(writer).items()
        if not is_claimed(kind, name)
    }
    assert unclaimed == {}


def _labels(writer: str) -> set[tuple[str, str]]:
    return {(kind.__name__, name) for kind, name in written_names(writer)}


def test_the_stores_of_each_writer_are_here() -> None:
    assert set(WRITERS) >= {
        "tensorstore",
        "zarr-python-2",
        "zarr-python-2.18",
        "zarr-python-3",
        "zarr-python-3.4",
    }


def test_the_tensorstore_store_holds_what_tensorstore_writes() -> None:
    names = _labels("tensorstore")
    expected_v3 = {
        *(
            ("DataTypeDefinition", name)
            for name in (
                "float8_e4m3fn",
                "float8_e8m0fnu",
                "int2",
                "int4",
                "bfloat16",
                "complex128",
            )
        ),
        *(
            ("CodecDefinition", name)
            for name in (
                "bytes",
                "transpose",
                "blosc",
                "gzip",
                "zstd",
                "crc32c",
                "sharding_indexed",
            )
        ),
        ("ChunkKeyEncodingDefinition", "default"),
        ("ChunkKeyEncodingDefinition", "v2"),
        ("ChunkGridDefinition", "regular"),
    }
    expected_v2 = {
        *(
            ("ZarrV2DataTypeDefinition", name)
            for name in ("|b1", ">i4", "<f2", "<c16", "|S6", "|V4", "struct")
        ),
        *(("ZarrV2CodecDefinition", name) for name in ("blosc", "zlib", "gzip", "zstd", "bz2")),
    }
    assert names >= expected_v3 | expected_v2


def test_the_zarr_python_stores_hold_every_codec_numcodecs_registers() -> None:
    # numcodecs 0.15 and 0.17 register these ids (n5_wrapper, the N5 store's, is in no .zarray).
    v2 = {
        name
        for writer in ("zarr-python-2", "zarr-python-2.18", "zarr-python-3.4")
        for kind, name in _labels(writer)
        if kind == "ZarrV2CodecDefinition"
    }
    assert v2 >= {
        "adler32", "astype", "base64", "bitround", "blosc", "bz2", "categorize", "crc32", "crc32c", "delta",
        "fixedscaleoffset", "fletcher32", "gzip", "jenkins_lookup3", "json2", "lz4", "lzma", "msgpack2", "packbits",
        "pcodec", "pickle", "quantize", "shuffle", "vlen-array", "vlen-bytes", "vlen-utf8", "zfpy", "zlib", "zstd",
    }  # fmt: skip
    v3 = {name for kind, name in _labels("zarr-python-3.4") if kind == "CodecDefinition"}
    assert v3 >= {
        "blosc", "bytes", "cast_value", "crc32c", "gzip", "scale_offset", "sharding_indexed", "transpose",
        "vlen-bytes", "vlen-utf8", "zstd",
        *(f"numcodecs.{name}" for name in (
            "adler32", "astype", "bitround", "blosc", "bz2", "crc32", "crc32c", "delta", "fixedscaleoffset",
            "fletcher32", "gzip", "jenkins_lookup3", "lz4", "lzma", "packbits", "pcodec", "quantize", "shuffle",
            "zfpy", "zlib", "zstd",
        )),
    }  # fmt: skip
    assert {name for kind, name in _labels("zarr-python-3.4") if kind == "ChunkGridDefinition"} == {
        "regular",
        "rectilinear",
    }


def test_a_name_nothing_claims_is_found() -> None:
    # The check above can fail: a data type no definition claims is reported.
    assert not is_claimed(DataTypeDefinition, "float8_e4m3fnx")
    assert not is_claimed(ZarrV2DataTypeDefinition, "bfloat16")
    assert is_claimed(DataTypeDefinition, "float8_e4m3fn")
    assert is_claimed(DataTypeDefinition, "r48")


@pytest.mark.parametrize("dtype", ["bfloat16", "float8_e4m3fn", "int4"])
def test_a_v2_dtype_tensorstore_writes_that_is_no_numpy_type_string_is_refused(dtype: str) -> None:
    # tensorstore's zarr driver writes these; zarr-python 3.4.2 fails to open the
    # array ("No Zarr data type found that matches {'name': 'bfloat16', ...}"),
    # and a v2 dtype is a NumPy type string.
    zarray = {
        "chunks": [2], "compressor": {"blocksize": 0, "clevel": 5, "cname": "lz4", "id": "blosc", "shuffle": -1},
        "dimension_separator": ".", "dtype": dtype, "fill_value": None, "filters": None, "order": "C",
        "shape": [4], "zarr_format": 2,
    }  # fmt: skip
    reading = read_node_metadata_v2({".zarray": zarray}, context=KNOWN_V2)
    assert [(problem.loc, problem.kind) for problem in reading.problems] == [
        (("dtype",), "invalid_value")
    ]
    assert "NumPy type string" in reading.problems[0].message


@pytest.mark.parametrize("writer", WRITERS)
def test_the_checker_reports_nothing_on_the_store_even_when_strict(writer: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "zarr_metadata", "check", "--strict", str(STORES / writer)],
        capture_output=True,
        text=True,
        check=False,
    )
    documents = sum(1 for path in (STORES / writer).rglob("*") if path.is_file())
    assert result.stdout.splitlines()[-1:] == [f"{documents} documents, 0 problems, 0 warnings"], (
        result.stdout[:2000]
    )
    assert result.returncode == 0
