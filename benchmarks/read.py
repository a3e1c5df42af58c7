"""How long a full read (dict to model) takes, next to `json.loads` of the same text.

Run: python benchmarks/read.py
Target (issue 4): every ratio at most 4.
"""

from __future__ import annotations

import json
import statistics
import timeit
from collections.abc import Callable

from zarr_metadata.model import (
    ZarrV3GroupMetadata,
    read_array_metadata_v3,
    read_group_metadata_v3,
)


def array_a(data_type: str = "float64") -> dict[str, object]:
    """(A) a (100, 100) array chunked (10, 10), bytes (little) + zstd (level 0)."""
    return {
        "zarr_format": 3,
        "node_type": "array",
        "shape": [100, 100],
        "data_type": data_type,
        "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [10, 10]}},
        "chunk_key_encoding": {"name": "default", "configuration": {"separator": "/"}},
        "fill_value": 0.0 if data_type.startswith("float") else 0,
        "codecs": [
            {"name": "bytes", "configuration": {"endian": "little"}},
            {"name": "zstd", "configuration": {"level": 0, "checksum": False}},
        ],
        "attributes": {},
        "storage_transformers": [],
    }


def group_with(count: int) -> dict[str, object]:
    """(C, D) a group whose inline consolidated metadata lists `count` int32 arrays like A."""
    return {
        "zarr_format": 3,
        "node_type": "group",
        "attributes": {},
        "consolidated_metadata": {
            "kind": "inline",
            "must_understand": False,
            "metadata": {f"array{index}": array_a("int32") for index in range(count)},
        },
    }


def sharded_e() -> dict[str, object]:
    """(E) a uint16 array with transpose, sharding_indexed (inner bytes + blosc, index bytes + crc32c), dimension_names."""
    return {
        "zarr_format": 3,
        "node_type": "array",
        "shape": [1000, 1000],
        "data_type": "uint16",
        "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [100, 100]}},
        "chunk_key_encoding": {"name": "default"},
        "fill_value": 0,
        "codecs": [
            {"name": "transpose", "configuration": {"order": [1, 0]}},
            {
                "name": "sharding_indexed",
                "configuration": {
                    "chunk_shape": [10, 10],
                    "codecs": [
                        {"name": "bytes", "configuration": {"endian": "little"}},
                        {
                            "name": "blosc",
                            "configuration": {"cname": "zstd", "clevel": 5, "shuffle": "shuffle", "typesize": 2, "blocksize": 0},
                        },
                    ],
                    "index_codecs": [{"name": "bytes", "configuration": {"endian": "little"}}, "crc32c"],
                    "index_location": "end",
                },
            },
        ],
        "dimension_names": ["y", "x"],
    }


def median(function: Callable[[], object], number: int) -> float:
    return statistics.median(timeit.repeat(function, number=number, repeat=7)) / number


def row(name: str, text: str, read: Callable[[object], object], number: int) -> None:
    document = json.loads(text)
    assert getattr(read(document), "problems", ()) == (), getattr(read(document), "problems", None)
    loads = median(lambda: json.loads(text), number)
    took = median(lambda: read(document), number)
    print(f"{name:<44} {loads * 1e6:11.1f} us {took * 1e6:11.1f} us {took / loads:7.2f}")


def read_d(document: object) -> object:
    """The group's model, then the model of every document its consolidated metadata lists."""
    consolidated = ZarrV3GroupMetadata(document).consolidated()
    assert consolidated is not None and len(consolidated.metadata) == 10_000
    return consolidated


def forgotten(read: Callable[[object], object], *, fields: bool) -> Callable[[object], object]:
    """`read`, after forgetting what earlier reads kept: the structures, and the fields too when `fields`."""
    import zarr_metadata.definition._resolve as resolving
    import zarr_metadata.model._array_v3 as array_reading

    def cold(document: object) -> object:
        array_reading._STRUCTURES.clear()  # pyright: ignore[reportPrivateUsage]
        if fields:
            resolving._READ_FIELDS.clear()  # pyright: ignore[reportPrivateUsage]
        return read(document)

    return cold


def main() -> None:
    print(f"{'document':<44} {'json.loads':>14} {'read':>14} {'ratio':>7}   (target <= 4)")
    row("A  float64 array, bytes + zstd", json.dumps(array_a()), read_array_metadata_v3, 2000)
    row("C  group + consolidated (200 arrays), group only", json.dumps(group_with(200)), read_group_metadata_v3, 50)
    row("D  group + consolidated (10,000), every child", json.dumps(group_with(10_000)), read_d, 1)
    row("E  uint16, transpose + sharding, dim names", json.dumps(sharded_e()), read_array_metadata_v3, 2000)
    print()
    print("The rows above read one document again and again, so readers find its fields and structure known.")
    print("A document read for the first time costs more (not a target; for comparison):")
    row("A  new shape, known fields", json.dumps(array_a()), forgotten(read_array_metadata_v3, fields=False), 500)
    row("A  nothing known (first document of its kind)", json.dumps(array_a()), forgotten(read_array_metadata_v3, fields=True), 500)
    row("E  nothing known (first document of its kind)", json.dumps(sharded_e()), forgotten(read_array_metadata_v3, fields=True), 500)


if __name__ == "__main__":
    main()
