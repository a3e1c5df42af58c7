"""How long `zarr-metadata check` of a one-document store takes, next to `python -c pass`.

Run: python benchmarks/startup.py [--rounds N] [--python PATH]

A store holding one array document (`zarr.json`: float64, chunked, bytes +
zstd) is written to a temporary directory. Then, in turn, each in a fresh
process: `python -m zarr_metadata check STORE` and `python -c pass`, for N
rounds (default 21), alternating so that a drift in the machine's speed
touches both alike. It prints the median wall time of each and the ratio of
the medians. Almost all of a one-document run is starting up: importing the
package and what it needs.

`--python` runs both commands with another interpreter (a clean virtual
environment where the package is installed, say): a site-packages whose
`.pth` files import modules at start slows `python -c pass` too, and
flatters the ratio.

Target: at most 7 times `python -c pass`.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _process import ENVIRONMENT

ARRAY = {
    "zarr_format": 3,
    "node_type": "array",
    "shape": [100, 100],
    "data_type": "float64",
    "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [10, 10]}},
    "chunk_key_encoding": {"name": "default", "configuration": {"separator": "/"}},
    "fill_value": 0.0,
    "codecs": [
        {"name": "bytes", "configuration": {"endian": "little"}},
        {"name": "zstd", "configuration": {"level": 0, "checksum": False}},
    ],
    "attributes": {},
}


def run_time(command: list[str], where: Path) -> tuple[float, float]:
    """The wall time and the processor time (user + system) of one run of `command` in the directory `where`, in seconds.

    On a machine other work shares, processor time moves less than wall time.
    """
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(
        command,
        check=False,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=ENVIRONMENT,
        cwd=where,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def medians(commands: list[list[str]], rounds: int, where: Path) -> list[tuple[float, float]]:
    """The median wall and processor times of each command, over `rounds` rounds that run each once in turn, after one run that compiles bytecode."""
    for command in commands:
        run_time(command, where)
    times: list[list[tuple[float, float]]] = [[] for _ in commands]
    for _ in range(rounds):
        for index, command in enumerate(commands):
            times[index].append(run_time(command, where))
    return [
        (statistics.median(wall for wall, _ in each), statistics.median(cpu for _, cpu in each))
        for each in times
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=21)
    parser.add_argument(
        "--python",
        default=sys.executable,
        help="the interpreter that runs both commands (default: this one)",
    )
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        store = Path(temporary) / "store.zarr"
        store.mkdir()
        (store / "zarr.json").write_text(json.dumps(ARRAY), encoding="utf-8")
        check = [arguments.python, "-m", "zarr_metadata", "check", str(store)]
        verdict = subprocess.run(
            check, check=False, capture_output=True, text=True, env=ENVIRONMENT, cwd=temporary
        )
        if verdict.returncode != 0:
            raise SystemExit(
                f"the check failed ({verdict.returncode}): {verdict.stdout}{verdict.stderr}"
            )
        # Run where no config file is found, as in a directory that holds only a store.
        where = Path(temporary)
        command, empty = medians([check, [arguments.python, "-c", "pass"]], arguments.rounds, where)
    print(f"{arguments.python}, {arguments.rounds} rounds, medians (wall, processor)")
    print(f"  python -c pass:       {empty[0] * 1000:6.1f} ms  {empty[1] * 1000:6.1f} ms")
    print(
        f"  check, one document:  {command[0] * 1000:6.1f} ms  {command[1] * 1000:6.1f} ms"
        f"   ratio {command[0] / empty[0]:.1f}, {command[1] / empty[1]:.1f} (target 7)"
    )


if __name__ == "__main__":
    main()
