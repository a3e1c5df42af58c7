"""How long reading v3 and v2 documents takes, next to `json.loads` of the same text.

Run: python benchmarks/read.py [--quick]

Three parts:

1. First reads: 10,000 distinct generated array documents (see
   `distinct.py`), each read once, in a fresh process, after forgetting
   everything kept (`zarr_metadata.clear_caches()`); then a group whose
   consolidated metadata lists 1,000 distinct arrays, read with
   `consolidated()`. This is what a store checker does. Target: 3 times
   `json.loads` of the same texts. Then the same for v2 (see
   `distinct_v2.py`): 10,000 distinct `.zarray` documents, and a
   `.zmetadata` of 1,000 arrays, as one writer makes a store and random in
   every respect, in a fresh process and once the process has read
   another; its nodes' models are built when asked, so none is. The read
   pauses the cyclic collector, so `json.loads` of a `.zmetadata` is timed
   with it on and paused, and the ratio given to each.
2. Warm reads: one document read again and again (A, C, D, E, V2). Target: 4.
3. Large (skipped with --quick): a group listing 100,000 distinct arrays,
   read with `consolidated()`, for time (target 4) and peak memory (target:
   what the read holds at its peak, beyond the document it reads, at most
   twice what `json.loads` of the text holds); a store's `.zmetadata` of
   100,000 arrays.

Every part runs in a process of its own, so what one part keeps cannot
speed up another; each first-read figure is the median of three processes
(five for a `.zmetadata` of 1,000 arrays, its four parts taking turns in
each round).
"""

from __future__ import annotations

import gc
import json
import statistics
import subprocess
import sys
import time
import timeit
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from _process import ENVIRONMENT  # noqa: E402
from distinct import distinct_arrays, group_listing  # noqa: E402
from distinct_v2 import distinct_arrays_v2, store_zmetadata, zmetadata  # noqa: E402
from zarr_metadata.model import (  # noqa: E402
    ZarrV3GroupMetadata,
    read_array_metadata_v2,
    read_array_metadata_v3,
    read_consolidated_metadata_v2,
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


def array_v2() -> dict[str, object]:
    """(V2) a (365, 180, 360) float32 .zarray, blosc, its .zattrs as attributes."""
    return {
        "zarr_format": 2,
        "shape": [365, 180, 360],
        "chunks": [73, 90, 90],
        "dtype": "<f4",
        "compressor": {"id": "blosc", "cname": "lz4", "clevel": 5, "shuffle": 1, "blocksize": 0},
        "fill_value": "NaN",
        "order": "C",
        "filters": None,
        "dimension_separator": "/",
        "attributes": {"_ARRAY_DIMENSIONS": ["time", "lat", "lon"], "units": "K"},
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
                            "configuration": {
                                "cname": "zstd",
                                "clevel": 5,
                                "shuffle": "shuffle",
                                "typesize": 2,
                                "blocksize": 0,
                            },
                        },
                    ],
                    "index_codecs": [
                        {"name": "bytes", "configuration": {"endian": "little"}},
                        "crc32c",
                    ],
                    "index_location": "end",
                },
            },
        ],
        "dimension_names": ["y", "x"],
    }


# Each part, run in a process of its own.


def first_reads() -> dict[str, float]:
    """10,000 distinct documents in a fresh process: all parsed, then each read once, as a store checker reads them.

    The documents are kept, as they must be to be read; each reading is
    dropped once made, as a checker drops it once it has reported it. The
    time includes working out the plans of the definitions the documents
    use, which happens once per process.
    """
    texts = distinct_arrays(10_000)
    gc.collect()
    started = time.perf_counter()
    documents = [json.loads(text) for text in texts]
    loads = time.perf_counter() - started
    started = time.perf_counter()
    for document in documents:
        reading = read_array_metadata_v3(document)
        assert not reading.problems
    read = time.perf_counter() - started
    return {"loads": loads / len(texts), "read": read / len(texts)}


def first_reads_kept() -> dict[str, float]:
    """The same documents, their readings kept too, as a program that keeps every model does."""
    texts = distinct_arrays(10_000)
    gc.collect()
    started = time.perf_counter()
    documents = [json.loads(text) for text in texts]
    loads = time.perf_counter() - started
    started = time.perf_counter()
    readings = [read_array_metadata_v3(document) for document in documents]
    read = time.perf_counter() - started
    assert all(not reading.problems for reading in readings)
    return {"loads": loads / len(texts), "read": read / len(texts)}


def first_reads_one_by_one() -> dict[str, float]:
    """The same documents, each parsed and read in turn and nothing kept: the parse then costs the least it can."""
    texts = distinct_arrays(10_000)
    gc.collect()
    clock = time.perf_counter
    loads = read = 0.0
    for text in texts:
        started = clock()
        document = json.loads(text)
        parsed = clock()
        read_array_metadata_v3(document)
        loads += parsed - started
        read += clock() - parsed
    return {"loads": loads / len(texts), "read": read / len(texts)}


def first_use() -> dict[str, float]:
    """What working out the plans of the definitions costs, once per process: 300 documents read first, less 300 others read next."""
    first = [json.loads(text) for text in distinct_arrays(300, seed=7)]
    then = [json.loads(text) for text in distinct_arrays(300, seed=8)]
    started = time.perf_counter()
    for document in first:
        read_array_metadata_v3(document)
    middle = time.perf_counter()
    for document in then:
        read_array_metadata_v3(document)
    return {"first": middle - started, "again": time.perf_counter() - middle}


def listing(count: int) -> dict[str, float]:
    """A group listing `count` distinct arrays in a fresh process, its text parsed then read with every child's model."""
    text = json.dumps(group_listing(count))
    gc.collect()
    started = time.perf_counter()
    document = json.loads(text)
    loads = time.perf_counter() - started
    started = time.perf_counter()
    consolidated = ZarrV3GroupMetadata(document).consolidated()
    read = time.perf_counter() - started
    assert consolidated is not None and len(consolidated.metadata) == count
    return {"loads": loads, "read": read, "megabytes": len(text) / 1e6}


def listing_memory(count: int) -> dict[str, float]:
    """What `json.loads` of a listing's text holds, and what reading it holds at its peak beyond the document."""
    text = json.dumps(group_listing(count))
    gc.collect()
    tracemalloc.start()
    document = json.loads(text)
    held_by_loads = tracemalloc.get_traced_memory()[0]
    tracemalloc.reset_peak()
    consolidated = ZarrV3GroupMetadata(document).consolidated()
    peak = tracemalloc.get_traced_memory()[1] - held_by_loads
    tracemalloc.stop()
    assert consolidated is not None
    return {"loads": held_by_loads / 1e6, "peak": peak / 1e6}


def first_reads_v2() -> dict[str, float]:
    """10,000 distinct v2 array documents in a fresh process, all parsed, then each read once."""
    texts = distinct_arrays_v2(10_000)
    gc.collect()
    started = time.perf_counter()
    documents = [json.loads(text) for text in texts]
    loads = time.perf_counter() - started
    started = time.perf_counter()
    for document in documents:
        reading = read_array_metadata_v2(document)
        assert not reading.problems
    read = time.perf_counter() - started
    return {"loads": loads / len(texts), "read": read / len(texts)}


def zmetadata_listing(
    count: int, *, store: bool = False, warm: bool = False, paused_first: bool = False
) -> dict[str, float]:
    """A `.zmetadata` listing `count` arrays in a fresh process, parsed then read; each node's model is built when asked.

    The arrays are drawn at random in every respect, or (`store`) as one
    writer makes a dataset: a few types and one compressor, every array its
    own shape, chunks and attributes. When `warm`, another such listing is
    read first, so the one measured pays nothing once per process.

    The reader pauses the cyclic collector while it reads, so `json.loads`
    is timed both ways: with the collector on (`loads`) and paused
    (`loads_paused`), each parse of the text a fresh one, the other's
    document dropped; `paused_first` says which goes first, for rounds that
    alternate. The read takes the second document.
    """
    listing = store_zmetadata if store else zmetadata
    if warm:
        read_consolidated_metadata_v2(json.loads(json.dumps(listing(count, seed=7))))
    text = json.dumps(listing(count))
    times: dict[str, float] = {}
    document: object = None
    for paused in (paused_first, not paused_first):
        document = None
        gc.collect()
        if paused:
            gc.disable()
        started = time.perf_counter()
        document = json.loads(text)
        times["loads_paused" if paused else "loads"] = time.perf_counter() - started
        gc.enable()
    started = time.perf_counter()
    reading = read_consolidated_metadata_v2(document)
    read = time.perf_counter() - started
    assert reading.metadata is not None and len(reading.metadata.metadata) == count + 1, (
        reading.problems[:3]
    )
    return {
        **times,
        "read": read,
        "ratio": read / times["loads"],
        "ratio_paused": read / times["loads_paused"],
        "megabytes": len(text) / 1e6,
    }


PARTS: dict[str, Callable[[], dict[str, float]]] = {
    "first_reads": first_reads,
    "first_reads_kept": first_reads_kept,
    "first_reads_one_by_one": first_reads_one_by_one,
    "first_use": first_use,
    "listing_1000": lambda: listing(1_000),
    "listing_100000": lambda: listing(100_000),
    "memory_100000": lambda: listing_memory(100_000),
    "first_reads_v2": first_reads_v2,
}

LISTING_PARTS: dict[str, dict[str, Any]] = {
    "zmetadata_1000": {"count": 1_000},
    "zmetadata_1000_warm": {"count": 1_000, "warm": True},
    "store_zmetadata_1000": {"count": 1_000, "store": True},
    "store_zmetadata_1000_warm": {"count": 1_000, "store": True, "warm": True},
    "store_zmetadata_100000": {"count": 100_000, "store": True},
}
"""The `.zmetadata` parts: `zmetadata_listing`'s arguments, the round saying which parse goes first."""


def in_a_fresh_process(part: str, round_: int = 0) -> dict[str, float]:
    done = subprocess.run(
        [sys.executable, __file__, "--part", part, str(round_)],
        capture_output=True,
        text=True,
        check=True,
        env=ENVIRONMENT,
    )
    return json.loads(done.stdout)


def median_of(part: str, times: int) -> dict[str, float]:
    return medians_of((part,), times)[part]


def medians_of(parts: tuple[str, ...], rounds: int) -> dict[str, dict[str, float]]:
    """The median of each figure of each part over `rounds` rounds, each round running every part once, so that a drift in the machine's speed touches all alike."""
    runs: dict[str, list[dict[str, float]]] = {part: [] for part in parts}
    for round_ in range(rounds):
        for part in parts:
            runs[part].append(in_a_fresh_process(part, round_))
    return {
        part: {key: statistics.median(run[key] for run in found) for key in found[0]}
        for part, found in runs.items()
    }


def listing_row(name: str, found: dict[str, float], unit: str, scale: float) -> None:
    """A `.zmetadata` row: `json.loads` with the collector on and paused, the read, and its ratio to each.

    Each ratio is the median of the ratios each process found, its parse and
    read timed moments apart: on a shared machine, that moves less than the
    ratio of two medians.
    """
    loads, paused, read = found["loads"], found["loads_paused"], found["read"]
    print(
        f"{name:<52} {loads * scale:8.1f} {unit} {paused * scale:8.1f} {unit} {read * scale:8.1f} {unit}"
        f" {found['ratio']:7.2f} {found['ratio_paused']:7.2f}"
    )


def median(function: Callable[[], object], number: int) -> float:
    return statistics.median(timeit.repeat(function, number=number, repeat=7)) / number


def warm_row(name: str, text: str, read: Callable[[object], object], number: int) -> None:
    document = json.loads(text)
    assert getattr(read(document), "problems", ()) == (), getattr(read(document), "problems", None)
    loads = median(lambda: json.loads(text), number)
    took = median(lambda: read(document), number)
    print(f"{name:<52} {loads * 1e6:10.1f} us {took * 1e6:10.1f} us {took / loads:7.2f}")


def read_d(document: object) -> object:
    """The group's model, then the model of every document its consolidated metadata lists."""
    consolidated = ZarrV3GroupMetadata(document).consolidated()
    assert consolidated is not None and len(consolidated.metadata) == 10_000
    return consolidated


def main(quick: bool) -> None:
    header = f"{'':<52} {'json.loads':>13} {'read':>13} {'ratio':>7}"
    print("First reads, each document read once in a fresh process (target <= 3)")
    print(header)
    for part, name in (
        ("first_reads", "10,000 distinct arrays, per document"),
        ("first_reads_kept", "  the same, every reading kept"),
        ("first_reads_one_by_one", "  the same, parsed and read one by one, nothing kept"),
    ):
        found = median_of(part, 3)
        print(
            f"{name:<52} {found['loads'] * 1e6:10.1f} us {found['read'] * 1e6:10.1f} us {found['read'] / found['loads']:7.2f}"
        )
    found = median_of("first_use", 3)
    print(
        f"  (working out the plans of the definitions used, once per process: {(found['first'] - found['again']) * 1e3:.0f} ms)"
    )
    found = median_of("listing_1000", 3)
    print(
        f"{'group listing 1,000 distinct arrays, consolidated()':<52} {found['loads'] * 1e3:10.1f} ms {found['read'] * 1e3:10.1f} ms {found['read'] / found['loads']:7.2f}"
    )
    print()
    print("Zarr v2, first reads in a fresh process (target <= 3)")
    print(header)
    found = median_of("first_reads_v2", 3)
    print(
        f"{'10,000 distinct v2 arrays, per document':<52} {found['loads'] * 1e6:10.1f} us {found['read'] * 1e6:10.1f} us {found['read'] / found['loads']:7.2f}"
    )
    print()
    print(
        "Zarr v2 .zmetadata, fresh process, json.loads with the collector on and paused (as the read pauses it)"
    )
    print(f"{'':<52} {'loads':>11} {'paused':>11} {'read':>11} {'ratio':>7} {'paused':>7}")
    rows = (
        ("store_zmetadata_1000", ".zmetadata of a store, 1,000 arrays"),
        ("store_zmetadata_1000_warm", "  the same, once the process has read another"),
        ("zmetadata_1000", ".zmetadata of 1,000 arrays random in every respect"),
        ("zmetadata_1000_warm", "  the same, once the process has read another"),
    )
    medians = medians_of(tuple(part for part, _ in rows), 5)
    for part, name in rows:
        listing_row(name, medians[part], "ms", 1e3)
    print()
    print("Warm reads, one document read again and again (target <= 4)")
    print(header)
    warm_row("A  float64 array, bytes + zstd", json.dumps(array_a()), read_array_metadata_v3, 2000)
    warm_row(
        "C  group + consolidated (200 arrays), group only",
        json.dumps(group_with(200)),
        read_group_metadata_v3,
        50,
    )
    warm_row(
        "D  group + consolidated (10,000), every child", json.dumps(group_with(10_000)), read_d, 1
    )
    warm_row(
        "E  uint16, transpose + sharding, dim names",
        json.dumps(sharded_e()),
        read_array_metadata_v3,
        2000,
    )
    warm_row(
        "V2 float32 .zarray + .zattrs, blosc", json.dumps(array_v2()), read_array_metadata_v2, 2000
    )
    if quick:
        return
    print()
    print(
        "Large: a group listing 100,000 distinct arrays, consolidated() (time target <= 4, memory <= 2)"
    )
    found = median_of("listing_100000", 1)
    name = f"{found['megabytes']:.0f} MB of JSON"
    print(
        f"{name:<52} {found['loads']:10.2f} s  {found['read']:10.2f} s  {found['read'] / found['loads']:7.2f}"
    )
    found = median_of("store_zmetadata_100000", 2)
    print(f"{'':<52} {'loads':>11} {'paused':>11} {'read':>11} {'ratio':>7} {'paused':>7}")
    listing_row(
        f".zmetadata of a store, 100,000 arrays ({found['megabytes']:.0f} MB)", found, "s ", 1
    )
    memory = median_of("memory_100000", 1)
    print(
        f"{'memory: held by json.loads, read peak beyond it':<52} {memory['loads']:10.0f} MB {memory['peak']:10.0f} MB "
        f"{memory['peak'] / memory['loads']:7.2f}"
    )


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--part":
        name, round_ = sys.argv[2], int(sys.argv[3])
        if name in LISTING_PARTS:
            print(
                json.dumps(zmetadata_listing(**LISTING_PARTS[name], paused_first=round_ % 2 == 1))
            )
        else:
            print(json.dumps(PARTS[name]()))
    else:
        main(quick="--quick" in sys.argv)
