"""Distinct valid v2 array documents, as a crawler of v2 stores meets them: each one read once.

`distinct_arrays_v2(count, seed)` draws `.zarray` documents (with their
`.zattrs` as `attributes`) that differ in shape, chunks, dtype (numbers of
every width and byte order, bytes, str, times with units, structured types,
objects), fill value, compressor, filters, order and dimension separator.
Every one is valid in `CORE_V2`. `zmetadata(count, seed)` is a `.zmetadata`
listing that many of them under a root group. The seed is fixed, so every
run measures the same texts.
"""

from __future__ import annotations

import base64
import json
import random
from typing import Any

_INTEGERS = {"i": (1, 2, 4, 8), "u": (1, 2, 4, 8)}
_UNITS = ("Y", "M", "W", "D", "h", "m", "s", "ms", "us", "ns")


def _order(rng: random.Random, size: int) -> str:
    return rng.choice("<>") if size > 1 else rng.choice("<>|")


def _number(rng: random.Random) -> tuple[str, Any, int]:
    """A number type string, a fill value it takes, and its size in bytes."""
    kind = rng.choice("iufcb")
    if kind in _INTEGERS:
        size = rng.choice(_INTEGERS[kind])
        bits = 8 * size
        low, high = (-(2 ** (bits - 1)), 2 ** (bits - 1) - 1) if kind == "i" else (0, 2**bits - 1)
        return (
            f"{_order(rng, size)}{kind}{size}",
            rng.choice([0, low, high, rng.randint(low, high), None]),
            size,
        )
    if kind == "f":
        size = rng.choice((2, 4, 8))
        fill = rng.choice(
            [0.0, round(rng.uniform(-1e3, 1e3), 3), "NaN", "Infinity", "-Infinity", None]
        )
        return f"{_order(rng, size)}f{size}", fill, size
    if kind == "c":
        size = rng.choice((8, 16))
        return f"{_order(rng, size)}c{size}", rng.choice([[0.0, 0.0], [1.5, "NaN"], None]), size
    return "|b1", rng.choice([True, False, None]), 1


def _dtype(rng: random.Random, depth: int = 0) -> tuple[Any, Any, int, bool]:
    """A dtype, a fill value it takes, its size in bytes, and whether it holds objects."""
    choice = rng.random()
    if choice < 0.6 or depth > 1:
        return (*_number(rng), False)
    if choice < 0.68:
        length = rng.randint(1, 32)
        fill = rng.choice(
            ["", base64.b64encode(bytes(rng.randrange(256) for _ in range(length))).decode(), None]
        )
        return f"|S{length}", fill, length, False
    if choice < 0.74:
        length = rng.randint(1, 16)
        return f"{rng.choice('<>')}U{length}", rng.choice(["", "a", None]), 4 * length, False
    if choice < 0.82:
        kind = rng.choice("Mm")
        unit = rng.choice(_UNITS)
        scale = rng.choice(["", "", str(rng.randint(2, 100))])
        return (
            f"{rng.choice('<>')}{kind}8[{scale}{unit}]",
            rng.choice([0, -(2**63), rng.randint(-(2**40), 2**40), "NaT", None]),
            8,
            False,
        )
    if choice < 0.88:
        return "|O", rng.choice([None, 0, ""]), 8, True
    fields: list[Any] = []
    size = 0
    for index in range(rng.randint(1, 4)):
        field_dtype, _, field_size, _ = _dtype(rng, depth + 1)
        if isinstance(field_dtype, str) and field_dtype == "|O":
            field_dtype, _, field_size = _number(rng)
        if rng.random() < 0.3:
            shape = [rng.randint(1, 4) for _ in range(rng.randint(1, 2))]
            fields.append([f"f{index}_{rng.randint(0, 999)}", field_dtype, shape])
            for length in shape:
                field_size *= length
        else:
            fields.append([f"f{index}_{rng.randint(0, 999)}", field_dtype])
        size += field_size
    fill = rng.choice([None, base64.b64encode(bytes(size)).decode()])
    return fields, fill, size, False


def _compressor(rng: random.Random) -> Any:
    choice = rng.randrange(9)
    if choice == 0:
        return None
    if choice == 1:
        return {
            "id": "blosc",
            "cname": rng.choice(["lz4", "lz4hc", "zstd", "zlib", "blosclz"]),
            "clevel": rng.randint(0, 9),
            "shuffle": rng.choice([-1, 0, 1, 2]),
            "blocksize": rng.choice([0, 0, 2**16]),
        }
    if choice == 2:
        return {"id": "zstd", "level": rng.randint(-5, 22), "checksum": rng.random() < 0.2}
    if choice in (3, 4):
        return {"id": rng.choice(["zlib", "gzip"]), "level": rng.randint(1, 9)}
    if choice == 5:
        return {"id": "bz2", "level": rng.randint(1, 9)}
    if choice == 6:
        return {"id": "lz4", "acceleration": rng.randint(1, 10)}
    if choice == 7:
        return {
            "id": "lzma",
            "format": 1,
            "check": -1,
            "preset": rng.randint(0, 9),
            "filters": None,
        }
    return {"id": "zlib", "level": 1}


def _filters(rng: random.Random, dtype: Any, size: int, objects: bool) -> Any:
    if objects:
        return [{"id": rng.choice(["vlen-utf8", "vlen-bytes"])}]
    chosen: list[Any] = []
    is_float = isinstance(dtype, str) and dtype[1] == "f"
    is_number = isinstance(dtype, str) and dtype[1] in "iuf"
    if is_number and rng.random() < 0.3:
        chosen.append({"id": "delta", "dtype": dtype})
    if is_float and rng.random() < 0.2:
        chosen.append(
            {"id": "fixedscaleoffset", "offset": 0, "scale": 100, "dtype": dtype, "astype": "<i4"}
        )
    if is_float and rng.random() < 0.2:
        chosen.append({"id": "quantize", "digits": rng.randint(1, 6), "dtype": dtype})
    if rng.random() < 0.3:
        chosen.append({"id": "shuffle", "elementsize": size})
    if rng.random() < 0.15:
        chosen.append({"id": rng.choice(["crc32", "adler32", "fletcher32"])})
    return chosen or None


def distinct_array_v2(rng: random.Random) -> dict[str, Any]:
    """One valid v2 array document, the `.zattrs` as `attributes`."""
    dtype, fill, size, objects = _dtype(rng)
    shape = [rng.randint(0, 5000) for _ in range(rng.randint(0, 4))]
    chunks = [max(1, min(length, rng.randint(1, 1024))) for length in shape]
    document: dict[str, Any] = {
        "zarr_format": 2,
        "shape": shape,
        "chunks": chunks,
        "dtype": dtype,
        "compressor": _compressor(rng),
        "fill_value": fill,
        "order": rng.choice("CF"),
        "filters": _filters(rng, dtype, size, objects),
    }
    if rng.random() < 0.5:
        document["dimension_separator"] = rng.choice("./")
    if rng.random() < 0.7:
        names = ["time", "lat", "lon", "level", "x", "y"]
        document["attributes"] = {
            "_ARRAY_DIMENSIONS": rng.sample(names, k=min(len(shape), len(names))),
            "units": rng.choice(["K", "m", "1", "degrees_north"]),
            "scale_factor": rng.uniform(0, 2),
        }
    return document


def distinct_arrays_v2(count: int, seed: int = 20261201) -> list[str]:
    """`count` distinct v2 array documents as JSON texts."""
    rng = random.Random(seed)
    texts: list[str] = []
    seen: set[str] = set()
    while len(texts) < count:
        text = json.dumps(distinct_array_v2(rng))
        if text not in seen:
            seen.add(text)
            texts.append(text)
    return texts


def zmetadata(count: int, seed: int = 20261201) -> dict[str, Any]:
    """A `.zmetadata` listing a root group and `count` distinct arrays below it, each with its `.zattrs` when it has attributes."""
    listing: dict[str, Any] = {".zgroup": {"zarr_format": 2}, ".zattrs": {"title": "benchmark"}}
    for index, text in enumerate(distinct_arrays_v2(count, seed)):
        document = json.loads(text)
        attributes = document.pop("attributes", None)
        listing[f"array{index}/.zarray"] = document
        if attributes is not None:
            listing[f"array{index}/.zattrs"] = attributes
    return {"zarr_consolidated_format": 1, "metadata": listing}


def store_zmetadata(count: int, seed: int = 20261201) -> dict[str, Any]:
    """A `.zmetadata` as one writer makes it for one dataset: `count` arrays under a root group, each its own shape, chunks and attributes, drawn from a few data types and one compressor."""
    rng = random.Random(seed)
    listing: dict[str, Any] = {
        ".zgroup": {"zarr_format": 2},
        ".zattrs": {"title": "benchmark store", "Conventions": "CF-1.8"},
    }
    compressor = {"id": "blosc", "cname": "lz4", "clevel": 5, "shuffle": 1, "blocksize": 0}
    kinds = [("<f4", "NaN"), ("<f8", "NaN"), ("<i4", 0), ("<i8", -1), ("|u1", 0), ("<M8[ns]", None)]
    for index in range(count):
        dtype, fill = rng.choice(kinds)
        shape = [rng.randint(1, 20000) for _ in range(rng.randint(1, 4))]
        chunks = [min(length, rng.choice([64, 128, 256, 512])) for length in shape]
        listing[f"var{index}/.zarray"] = {
            "chunks": chunks,
            "compressor": compressor,
            "dtype": dtype,
            "fill_value": fill,
            "filters": None,
            "order": "C",
            "shape": shape,
            "zarr_format": 2,
        }
        listing[f"var{index}/.zattrs"] = {
            "_ARRAY_DIMENSIONS": [f"dim{axis}_{rng.randint(0, 20)}" for axis in range(len(shape))],
            "long_name": f"variable {index}",
            "units": rng.choice(["K", "m s-1", "kg m-2", "1"]),
        }
    return {"zarr_consolidated_format": 1, "metadata": listing}
