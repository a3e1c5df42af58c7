"""How long judging a store by its conventions takes, next to reading its documents.

Run: python benchmarks/conventions.py [--fields N] [--documents N] [--no-command]

Two stores, each held as the texts of its metadata documents:

- an OME-Zarr plate of N fields (default 1,000: 10 rows of 10 wells of 10
  fields, each field an image group of 3 levels), in 0.5 (v3) and in 0.4
  (v2). Target: `zarr-metadata check` (conventions `auto`) at most twice
  `zarr-metadata check --conventions none`.
- the store `check.py` writes (a root group, 100 groups, N distinct arrays
  from `distinct.py`; default 10,000), which follows no convention but
  names some dimensions. Target: at most 1.2 times `--conventions none`.

`check_conventions` is timed on the models (no I/O), next to reading the
documents (`json.loads` and the node reader of each, the least any check
does: the best of five runs); unless `--no-command`, the command is timed on
the store written to a temporary folder, with and without conventions, in
alternating fresh processes (the median of five each).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from _process import ENVIRONMENT  # noqa: E402
from distinct import distinct_arrays  # noqa: E402
from zarr_metadata.conventions import check_conventions  # noqa: E402
from zarr_metadata.model import read_node_metadata_v2, read_node_metadata_v3  # noqa: E402

LEVELS = 3


def _array_v3(shape: list[int]) -> dict[str, Any]:
    return {
        "zarr_format": 3,
        "node_type": "array",
        "shape": shape,
        "data_type": "uint16",
        "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": shape}},
        "chunk_key_encoding": {"name": "default"},
        "fill_value": 0,
        "codecs": [
            {"name": "bytes", "configuration": {"endian": "little"}},
            {"name": "zstd", "configuration": {"level": 0, "checksum": False}},
        ],
        "attributes": {},
        "dimension_names": ["c", "y", "x"],
    }


def _array_v2(shape: list[int]) -> dict[str, Any]:
    return {
        "zarr_format": 2,
        "shape": shape,
        "chunks": shape,
        "dtype": "<u2",
        "compressor": {"id": "blosc", "cname": "zstd", "clevel": 5, "shuffle": 1, "blocksize": 0},
        "fill_value": 0,
        "order": "C",
        "filters": None,
        "dimension_separator": "/",
    }


def _multiscales(version: str) -> list[dict[str, Any]]:
    axes = [
        {"name": "c", "type": "channel"},
        {"name": "y", "type": "space", "unit": "micrometer"},
        {"name": "x", "type": "space", "unit": "micrometer"},
    ]
    datasets = [
        {
            "path": f"s{level}",
            "coordinateTransformations": [
                {"type": "scale", "scale": [1.0, 2.0**level, 2.0**level]}
            ],
        }
        for level in range(LEVELS)
    ]
    multiscale: dict[str, Any] = {
        "name": "field",
        "axes": axes,
        "datasets": datasets,
        "type": "gaussian",
        "metadata": {},
    }
    if version == "0.4":
        multiscale["version"] = "0.4"
    return [multiscale]


def plate_texts(fields: int, version: str) -> dict[str, dict[str, str]]:
    """The metadata files of a plate of `fields` fields, by node path: file name to JSON text."""
    per_well = 10
    wells = max(1, fields // per_well)
    side = max(1, int(wells**0.5))
    rows = [chr(ord("A") + index) for index in range((wells + side - 1) // side)]
    columns = [str(index + 1) for index in range(side)]
    paths = [(r, c) for r in range(len(rows)) for c in range(len(columns))][:wells]
    plate = {
        "name": "benchmark",
        "field_count": per_well,
        "rows": [{"name": name} for name in rows],
        "columns": [{"name": name} for name in columns],
        "wells": [
            {"path": f"{rows[r]}/{columns[c]}", "rowIndex": r, "columnIndex": c} for r, c in paths
        ],
    }
    well = {"images": [{"path": str(index)} for index in range(per_well)]}
    if version == "0.4":
        plate["version"], well["version"] = "0.4", "0.4"
    texts: dict[str, dict[str, Any]] = {}

    def group(path: str, attributes: dict[str, Any]) -> None:
        if version == "0.4":
            texts[path] = {".zgroup": {"zarr_format": 2}, ".zattrs": attributes}
        else:
            texts[path] = {
                "zarr.json": {
                    "zarr_format": 3,
                    "node_type": "group",
                    "attributes": {"ome": {"version": "0.5", **attributes}} if attributes else {},
                }
            }

    group("", {"plate": plate})
    for name in rows:
        group(name, {})
    for r, c in paths:
        well_path = f"{rows[r]}/{columns[c]}"
        group(well_path, {"well": well})
        for index in range(per_well):
            field = f"{well_path}/{index}"
            group(field, {"multiscales": _multiscales(version)})
            for level in range(LEVELS):
                shape = [2, 512 // 2**level, 512 // 2**level]
                texts[f"{field}/s{level}"] = (
                    {".zarray": _array_v2(shape)}
                    if version == "0.4"
                    else {"zarr.json": _array_v3(shape)}
                )
    return {
        path: {name: json.dumps(value) for name, value in files.items()}
        for path, files in texts.items()
    }


def store_texts(count: int) -> dict[str, dict[str, str]]:
    """The metadata files of the store `check.py` writes."""
    group = json.dumps({"zarr_format": 3, "node_type": "group"})
    texts: dict[str, dict[str, str]] = {"": {"zarr.json": group}}
    for index, text in enumerate(distinct_arrays(count)):
        texts.setdefault(f"g{index % 100}", {"zarr.json": group})
        texts[f"g{index % 100}/a{index}"] = {"zarr.json": text}
    return texts


def read(texts: dict[str, dict[str, str]]) -> dict[str, Any]:
    """Each node's model, read as the checker reads it."""
    hierarchy: dict[str, Any] = {}
    for path, files in texts.items():
        if "zarr.json" in files:
            reading: Any = read_node_metadata_v3(json.loads(files["zarr.json"]))
        else:
            reading = read_node_metadata_v2(
                {name: json.loads(text) for name, text in files.items()}
            )
        hierarchy[path] = reading.metadata
    return hierarchy


def best(run: Callable[[], object], times: int = 5) -> float:
    found = []
    for _ in range(times):
        start = time.perf_counter()
        run()
        found.append(time.perf_counter() - start)
    return min(found)


def command_times(texts: dict[str, dict[str, str]], rounds: int = 5) -> tuple[float, float]:
    """The median times of `zarr-metadata check` on the store of `texts` with `--conventions none` and with the default (`auto`), in alternating processes."""
    with tempfile.TemporaryDirectory() as folder:
        for path, files in texts.items():
            directory = os.path.join(folder, path)
            os.makedirs(directory, exist_ok=True)
            for name, text in files.items():
                with open(os.path.join(directory, name), "w", encoding="utf-8") as file:
                    file.write(text)
        found: dict[str, list[float]] = {"none": [], "auto": []}
        for _ in range(rounds):
            for setting, times in found.items():
                start = time.perf_counter()
                command = [
                    sys.executable,
                    "-m",
                    "zarr_metadata",
                    "check",
                    "--quiet",
                    "--conventions",
                    setting,
                    folder,
                ]
                subprocess.run(command, capture_output=True, check=False, env=ENVIRONMENT)
                times.append(time.perf_counter() - start)
        return statistics.median(found["none"]), statistics.median(found["auto"])


def measure(label: str, texts: dict[str, dict[str, str]], target: float, *, command: bool) -> None:
    hierarchy = read(texts)
    report = check_conventions(hierarchy)
    reading = best(lambda: read(texts))
    judging = best(lambda: check_conventions(hierarchy))
    line = (
        f"{label}: {len(texts)} documents, {len(report.followed)} follow a convention, {len(report.problems)} problems; "
        f"check_conventions {judging * 1000:.1f} ms = {judging / reading:.0%} of reading ({reading * 1000:.1f} ms)"
    )
    if command:
        without, with_conventions = command_times(texts)
        ratio = with_conventions / without
        verdict = "ok" if ratio <= target else "OVER TARGET"
        line += (
            f"; zarr-metadata check {with_conventions * 1000:.0f} ms, with --conventions none {without * 1000:.0f} ms:"
            f" {ratio:.2f}x (target at most {target:.2f}x: {verdict})"
        )
    print(line)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--fields", type=int, default=1000)
    parser.add_argument("--documents", type=int, default=10_000)
    parser.add_argument(
        "--no-command", dest="command", action="store_false", help="do not time zarr-metadata check"
    )
    arguments = parser.parse_args()
    measure(
        f"OME-Zarr 0.5 plate of {arguments.fields} fields",
        plate_texts(arguments.fields, "0.5"),
        2.0,
        command=arguments.command,
    )
    measure(
        f"OME-NGFF 0.4 plate of {arguments.fields} fields",
        plate_texts(arguments.fields, "0.4"),
        2.0,
        command=arguments.command,
    )
    measure(
        f"a store of {arguments.documents} distinct arrays",
        store_texts(arguments.documents),
        1.2,
        command=arguments.command,
    )


if __name__ == "__main__":
    main()
