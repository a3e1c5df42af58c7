"""How long `zarr-metadata check` takes on a local store, next to walking it and `json.load`ing every file.

Run: python benchmarks/check.py [--documents N [N ...]] [--rounds R] [--memory]

For each N (default 10,000), a store of N distinct array documents (see
`distinct.py`), each in a directory of its own below a root group, is written
to a temporary directory. Then, each in a fresh process, alternating for R
rounds (default 3) so that a drift in the machine's speed touches all alike:

- the baseline: one Python process that walks the tree and `json.load`s every
  file (what any checker must at least do), with the collector on, as in any
  program;
- the command: `zarr-metadata check STORE` as a user runs it, on one core
  (the process and its workers held to the first core the machine gives it)
  and on every core, where it starts one worker per core.

It prints the median of each and the ratios. Target: on one core at most 2
times the baseline, and less on two. With --memory, the peak resident memory
of the command on 10,000 and on 100,000 documents, which should stay flat
(findings are streamed, not collected).
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


def run_time(command: list[str], cores: set[int] | None = None) -> float:
    """The wall time of one run of `command`, in seconds; held to `cores` when given."""

    def held() -> None:
        if cores is not None:
            os.sched_setaffinity(0, cores)

    start = time.perf_counter()
    subprocess.run(
        command,
        check=False,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=ENVIRONMENT,
        preexec_fn=held,
    )
    return time.perf_counter() - start


def measured(store: Path, rounds: int) -> dict[str, float]:
    """The median time of the baseline and of the command on one core and on all, over `rounds` alternating rounds, after one round that compiles bytecode."""
    one_core = {min(os.sched_getaffinity(0))}
    runs = {
        "walk + json.load": ([sys.executable, "-c", BASELINE, str(store)], one_core),
        "check, one core": ([*CHECK, str(store)], one_core),
        "check, all cores": ([*CHECK, str(store)], None),
    }
    times: dict[str, list[float]] = {name: [] for name in runs}
    for round_ in range(rounds + 1):
        for name, (command, cores) in runs.items():
            elapsed = run_time(command, cores)
            if round_:
                times[name].append(elapsed)
    return {name: statistics.median(values) for name, values in times.items()}


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


CHECK = [sys.executable, "-m", "zarr_metadata", "check", "--quiet"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--documents", type=int, nargs="+", default=[10_000])
    parser.add_argument("--rounds", type=int, default=3)
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
    print(f"{len(os.sched_getaffinity(0))} cores; medians of {arguments.rounds} rounds")
    for documents in arguments.documents:
        with tempfile.TemporaryDirectory() as temporary:
            store = Path(temporary) / "store.zarr"
            written_store(store, documents)
            times = measured(store, arguments.rounds)
        baseline = times["walk + json.load"]
        print(f"{documents:,} distinct arrays")
        for name, elapsed in times.items():
            ratio = "" if elapsed is baseline else f"   ratio {elapsed / baseline:.2f}"
            print(f"  {name:<17} {elapsed:6.2f} s{ratio}")
        print("  target: one core at most 2 times the baseline, all cores less")
    if arguments.memory:
        for count in (10_000, 100_000):
            with tempfile.TemporaryDirectory() as temporary:
                store = Path(temporary) / "store.zarr"
                written_store(store, count)
                print(
                    f"  peak memory, {count:,} documents: {peak_memory([*CHECK, str(store)]) / 2**20:.0f} MB"
                )


if __name__ == "__main__":
    main()
