"""How long `zarr-metadata check` takes on a local store, next to walking it and `json.load`ing every file.

Run: python benchmarks/check.py [--documents N] [--memory]

A store of N distinct array documents (default 10,000; see `distinct.py`),
each in a directory of its own below a root group, is written to a temporary
directory. Then, each in a fresh process and each the median of three runs:

- the baseline: one Python process that walks the tree and `json.load`s every
  file (what any checker must at least do);
- the command: `zarr-metadata check STORE` as a user runs it, with its
  default number of worker processes.

Target: the command at most 2.5 times the baseline. With --memory, the peak
resident memory of the command on 10,000 and on 100,000 documents, which
should stay flat (findings are streamed, not collected).
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
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from _process import ENVIRONMENT  # noqa: E402
from distinct import distinct_arrays  # noqa: E402

BASELINE = """
import json, os, sys
count = 0
for directory, _, files in os.walk(sys.argv[1]):
    for name in files:
        with open(os.path.join(directory, name), "rb") as file:
            json.load(file)
        count += 1
print(count)
"""


def write_store(root: Path, count: int) -> None:
    """A root group and `count` distinct arrays below it, in a tree of 100 groups."""
    root.mkdir(parents=True)
    (root / "zarr.json").write_text(
        json.dumps({"zarr_format": 3, "node_type": "group"}), encoding="utf-8"
    )
    for index, text in enumerate(distinct_arrays(count)):
        group = root / f"g{index % 100}"
        if not group.exists():
            group.mkdir()
            (group / "zarr.json").write_text(
                json.dumps({"zarr_format": 3, "node_type": "group"}), encoding="utf-8"
            )
        array = group / f"a{index}"
        array.mkdir()
        (array / "zarr.json").write_text(text, encoding="utf-8")


def timed(command: list[str]) -> float:
    """The median wall time of three runs of `command`, in seconds, after one run that compiles its bytecode."""
    subprocess.run(
        command, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENVIRONMENT
    )
    times: list[float] = []
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run(
            command,
            check=False,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=ENVIRONMENT,
        )
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def peak_memory(command: list[str]) -> int:
    """The peak resident memory of `command`, in bytes: of the largest of its process and the workers it waited for."""
    process = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENVIRONMENT
    )
    _, _, usage = os.wait4(process.pid, 0)
    process.returncode = 0  # reaped here, so that Popen does not wait for it again
    return usage.ru_maxrss * 1024


def written_store(root: Path, count: int) -> None:
    """Write the store in a process of its own.

    A child process starts as a copy of this one, and its peak memory counts
    that copy until it runs the command; this process holding every document
    it wrote would then be measured as the command's.
    """
    subprocess.run([sys.executable, __file__, "--write-store", str(root), str(count)], check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--documents", type=int, default=10_000)
    parser.add_argument(
        "--memory",
        action="store_true",
        help="also measure peak memory on 10,000 and 100,000 documents",
    )
    parser.add_argument("--write-store", nargs=2, metavar=("ROOT", "COUNT"), help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.write_store:
        root, count = arguments.write_store
        write_store(Path(root), int(count))
        return
    check = [sys.executable, "-m", "zarr_metadata", "check"]
    with tempfile.TemporaryDirectory() as temporary:
        store = Path(temporary) / "store.zarr"
        written_store(store, arguments.documents)
        baseline = timed([sys.executable, "-c", BASELINE, str(store)])
        command = timed([*check, str(store)])
        print(f"{arguments.documents:,} distinct arrays, {os.cpu_count()} cores")
        print(f"  walk + json.load: {baseline:.2f} s")
        print(f"  check:            {command:.2f} s   ratio {command / baseline:.2f} (target 2.5)")
    if arguments.memory:
        for count in (10_000, 100_000):
            with tempfile.TemporaryDirectory() as temporary:
                store = Path(temporary) / "store.zarr"
                written_store(store, count)
                print(
                    f"  peak memory, {count:,} documents: {peak_memory([*check, str(store)]) / 2**20:.0f} MB"
                )


if __name__ == "__main__":
    main()
