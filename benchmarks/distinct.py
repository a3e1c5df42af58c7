"""Distinct valid v3 array documents, as a store checker or catalog crawler meets them: each one read once.

`distinct_arrays(count, seed)` draws documents that differ in shape, data
type, fill value, chunk grid, key encoding, codec chain (transpose,
scale_offset, sharding with inner pipelines, compressors, checksums),
dimension names and attributes. Every one is valid in `CORE_AND_EXTENSIONS`
(a string array names `vlen-utf8`, which that scope leaves unclaimed). The
seed is fixed, so every run measures the same texts.
"""

from __future__ import annotations

import json
import random
from typing import Any

_INTEGERS = {
    "int8": (-(2**7), 2**7 - 1),
    "int16": (-(2**15), 2**15 - 1),
    "int32": (-(2**31), 2**31 - 1),
    "int64": (-(2**63), 2**63 - 1),
    "uint8": (0, 2**8 - 1),
    "uint16": (0, 2**16 - 1),
    "uint32": (0, 2**32 - 1),
    "uint64": (0, 2**64 - 1),
}
_FLOATS = {"float16": 4, "float32": 8, "float64": 16}
_WIDTHS = {
    "int8": 1,
    "uint8": 1,
    "int16": 2,
    "uint16": 2,
    "int32": 4,
    "uint32": 4,
    "int64": 8,
    "uint64": 8,
    "float16": 2,
    "float32": 4,
    "float64": 8,
    "complex64": 8,
    "complex128": 16,
    "bool": 1,
}


def _float_fill(rng: random.Random, hex_digits: int) -> Any:
    choice = rng.random()
    if choice < 0.5:
        return round(rng.uniform(-1e3, 1e3), rng.randint(0, 4))
    if choice < 0.7:
        return rng.choice(["NaN", "Infinity", "-Infinity"])
    if choice < 0.85:
        return 0.0
    return "0x" + "".join(rng.choice("0123456789abcdef") for _ in range(hex_digits))


def _data_type(rng: random.Random) -> tuple[Any, Any, int | None]:
    """A data type, a fill value it takes, and its width in bytes (None for variable length)."""
    choice = rng.random()
    if choice < 0.35:
        name = rng.choice(list(_INTEGERS))
        low, high = _INTEGERS[name]
        return name, rng.choice([0, low, high, rng.randint(low, high)]), _WIDTHS[name]
    if choice < 0.7:
        name = rng.choice(list(_FLOATS))
        return name, _float_fill(rng, _FLOATS[name]), _WIDTHS[name]
    if choice < 0.76:
        name = rng.choice(["complex64", "complex128"])
        digits = 8 if name == "complex64" else 16
        return name, [_float_fill(rng, digits), _float_fill(rng, digits)], _WIDTHS[name]
    if choice < 0.82:
        return "bool", rng.choice([True, False]), 1
    if choice < 0.86:
        bits = rng.choice([8, 16, 24, 32, 48, 64])
        return f"r{bits}", [rng.randint(0, 255) for _ in range(bits // 8)], bits // 8
    if choice < 0.93:
        unit = rng.choice(["s", "ms", "us", "ns", "D", "h"])
        name = rng.choice(["numpy.datetime64", "numpy.timedelta64"])
        data_type = {
            "name": name,
            "configuration": {"unit": unit, "scale_factor": rng.randint(1, 10)},
        }
        return data_type, rng.choice(["NaT", 0, rng.randint(-(2**40), 2**40)]), 8
    return "string", rng.choice(["", "missing", "n/a"]), None


def _shape(rng: random.Random) -> list[int]:
    rank = rng.choice([1, 2, 2, 3, 3, 4])
    return [rng.choice([rng.randint(1, 100), rng.randint(100, 100_000)]) for _ in range(rank)]


def _chunk_shape(rng: random.Random, shape: list[int]) -> list[int]:
    return [
        max(1, min(length, rng.choice([1, 10, 32, 64, 100, 128, 256, 512, 1000])))
        for length in shape
    ]


def _compressor(rng: random.Random, width: int | None) -> Any:
    choice = rng.random()
    if choice < 0.4:
        return {
            "name": "zstd",
            "configuration": {"level": rng.randint(-7, 22), "checksum": rng.choice([True, False])},
        }
    if choice < 0.7:
        return {"name": "gzip", "configuration": {"level": rng.randint(0, 9)}}
    shuffle = rng.choice(["noshuffle", "shuffle", "bitshuffle"])
    configuration: dict[str, Any] = {
        "cname": rng.choice(["lz4", "lz4hc", "blosclz", "zstd", "zlib"]),
        "clevel": rng.randint(0, 9),
        "shuffle": shuffle,
        "blocksize": rng.choice([0, 0, 65536]),
    }
    if shuffle != "noshuffle":
        configuration["typesize"] = width or 1
    return {"name": "blosc", "configuration": configuration}


def _bytes_codecs(rng: random.Random, width: int | None) -> list[Any]:
    """The array -> bytes codec for a data type of `width`, then bytes -> bytes codecs."""
    if width is None:
        head: Any = "vlen-utf8"
    elif width == 1 and rng.random() < 0.5:
        head = "bytes"
    else:
        head = {
            "name": "bytes",
            "configuration": {"endian": rng.choice(["little", "little", "big"])},
        }
    tail = [_compressor(rng, width) for _ in range(rng.choice([0, 1, 1, 1, 2]))]
    if rng.random() < 0.1:
        tail.append("crc32c")
    return [head, *tail]


def _codecs(
    rng: random.Random, data_type: Any, width: int | None, chunk_shape: list[int]
) -> list[Any]:
    codecs: list[Any] = []
    numeric = isinstance(data_type, str) and (data_type in _INTEGERS or data_type in _FLOATS)
    if numeric and rng.random() < 0.08:
        codecs.append({"name": "scale_offset", "configuration": {"offset": 0, "scale": 1}})
    if len(chunk_shape) > 1 and rng.random() < 0.2:
        order = list(range(len(chunk_shape)))
        rng.shuffle(order)
        codecs.append({"name": "transpose", "configuration": {"order": order}})
        chunk_shape = [chunk_shape[axis] for axis in order]
    if width is not None and rng.random() < 0.25:
        inner = [
            next((d for d in range(max(1, length // 4), 0, -1) if length % d == 0), 1)
            for length in chunk_shape
        ]
        index_codecs: list[Any] = [{"name": "bytes", "configuration": {"endian": "little"}}]
        if rng.random() < 0.5:
            index_codecs.append("crc32c")
        configuration: dict[str, Any] = {
            "chunk_shape": inner,
            "codecs": _bytes_codecs(rng, width),
            "index_codecs": index_codecs,
        }
        if rng.random() < 0.5:
            configuration["index_location"] = rng.choice(["start", "end"])
        codecs.append({"name": "sharding_indexed", "configuration": configuration})
        if rng.random() < 0.3:
            codecs.append("crc32c")
        return codecs
    return codecs + _bytes_codecs(rng, width)


def _attributes(rng: random.Random) -> dict[str, Any]:
    attributes: dict[str, Any] = {}
    for index in range(rng.choice([0, 0, 1, 2, 4])):
        attributes[f"key{index}"] = rng.choice(
            [
                rng.randint(0, 1000),
                "units: m/s",
                [1.5, 2.5],
                {"long_name": "temperature"},
                None,
                True,
            ]
        )
    return attributes


def distinct_array(rng: random.Random) -> dict[str, Any]:
    """One valid v3 array document drawn from `rng`."""
    shape = _shape(rng)
    data_type, fill_value, width = _data_type(rng)
    chunk_shape = _chunk_shape(rng, shape)
    if rng.random() < 0.1:
        chunk_grid: dict[str, Any] = {
            "name": "rectilinear",
            "configuration": {
                "kind": "inline",
                "chunk_shapes": [
                    [[length, -(-dim // length)]]
                    for length, dim in zip(chunk_shape, shape, strict=True)
                ],
            },
        }
    else:
        chunk_grid = {"name": "regular", "configuration": {"chunk_shape": chunk_shape}}
    choice = rng.random()
    if choice < 0.5:
        encoding: dict[str, Any] = {"name": "default", "configuration": {"separator": "/"}}
    elif choice < 0.8:
        encoding = {"name": "default"}
    else:
        encoding = {"name": "v2", "configuration": {"separator": rng.choice([".", "/"])}}
    document: dict[str, Any] = {
        "zarr_format": 3,
        "node_type": "array",
        "shape": shape,
        "data_type": data_type,
        "chunk_grid": chunk_grid,
        "chunk_key_encoding": encoding,
        "fill_value": fill_value,
        "codecs": _codecs(rng, data_type, width, chunk_shape),
        "attributes": _attributes(rng),
    }
    if rng.random() < 0.5:
        document["dimension_names"] = [
            rng.choice(["x", "y", "z", "time", "band", None]) for _ in shape
        ]
    if rng.random() < 0.2:
        document["storage_transformers"] = []
    return document


def distinct_arrays(count: int, seed: int = 20261201) -> list[str]:
    """`count` distinct valid v3 array documents, as JSON texts."""
    rng = random.Random(seed)
    texts: list[str] = []
    seen: set[str] = set()
    while len(texts) < count:
        text = json.dumps(distinct_array(rng))
        if text not in seen:
            seen.add(text)
            texts.append(text)
    return texts


def group_listing(count: int, seed: int = 20261201) -> dict[str, Any]:
    """A group whose consolidated metadata lists `count` distinct arrays, one level below it."""
    rng = random.Random(seed)
    metadata = {f"array{index}": distinct_array(rng) for index in range(count)}
    return {
        "zarr_format": 3,
        "node_type": "group",
        "attributes": {},
        "consolidated_metadata": {"kind": "inline", "must_understand": False, "metadata": metadata},
    }
