"""How many instructions reading a `.zmetadata` executes, next to `json.loads` of its text, as callgrind counts them.

Run: python benchmarks/instructions.py [--count N] [--python PATH]

Wall-clock times move with whatever else the machine runs; instruction
counts do not. Each figure is one process under `valgrind --tool=callgrind`
less the same process stopped one step earlier:

- `json.loads`: parsing the text, with the collector on, and paused as the
  reader pauses it;
- the read, fresh: `read_consolidated_metadata_v2` of the parsed text, the
  first read of the process (it compiles the checkers it needs);
- the read, warm: the same, once the process has read another store's
  `.zmetadata`.

The `.zmetadata` is `store_zmetadata(N)` of `distinct_v2.py` (default
1,000 arrays). Every process ends with `os._exit`, so freeing what it made
is counted in none. Hash randomization is off (`PYTHONHASHSEED=0`), so
runs repeat. `--python` measures another interpreter or checkout (run
with `PYTHONPATH` set to its `src`, say). Needs valgrind.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from _process import ENVIRONMENT  # noqa: E402

STEPS = ("ready", "loads", "loads_paused", "read")
"""How far a process goes: each step is the one before it and one more thing."""


def run_step(step: str, count: int, *, warm: bool) -> None:
    """Go as far as `step`, then end the process at once."""
    from distinct_v2 import store_zmetadata
    from zarr_metadata.model import read_consolidated_metadata_v2

    if warm:
        read_consolidated_metadata_v2(json.loads(json.dumps(store_zmetadata(count, seed=7))))
    text = json.dumps(store_zmetadata(count))
    gc.collect()
    document = None
    if step == "loads" or step == "read":
        document = json.loads(text)
        if step == "read":
            reading = read_consolidated_metadata_v2(document)
            assert reading.metadata is not None, reading.problems[:3]
    elif step == "loads_paused":
        gc.disable()
        document = json.loads(text)
        gc.enable()
    sys.stdout.flush()
    os._exit(0)


def instructions(python: str, step: str, count: int, *, warm: bool) -> int:
    """The instructions a process that goes as far as `step` executes, as callgrind counts them."""
    command = [
        "valgrind",
        "--tool=callgrind",
        "--callgrind-out-file=/dev/null",
        python,
        __file__,
        "--step",
        step,
        "--count",
        str(count),
    ]
    if warm:
        command.append("--warm")
    done = subprocess.run(
        command,
        capture_output=True,
        text=True,
        check=True,
        env={**ENVIRONMENT, "PYTHONHASHSEED": "0"},
    )
    found = re.search(r"Collected : (\d+)", done.stderr)
    assert found is not None, done.stderr[-2000:]
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--step", choices=STEPS)
    parser.add_argument("--warm", action="store_true")
    arguments = parser.parse_args()
    if arguments.step is not None:
        run_step(arguments.step, arguments.count, warm=arguments.warm)
        return
    # The first process of a checkout compiles its modules' bytecode: not under callgrind.
    subprocess.run(
        [arguments.python, __file__, "--step", "ready", "--count", "1"], check=True, env=ENVIRONMENT
    )
    print(f".zmetadata of a store, {arguments.count:,} arrays (instructions, millions)")
    for warm in (False, True):
        counts = {
            step: instructions(arguments.python, step, arguments.count, warm=warm) for step in STEPS
        }
        loads = counts["loads"] - counts["ready"]
        paused = counts["loads_paused"] - counts["ready"]
        read = counts["read"] - counts["loads"]
        state = "warm (after another store)" if warm else "fresh"
        print(
            f"  {state:<28} json.loads {loads / 1e6:8.1f} (paused {paused / 1e6:8.1f})"
            f"  read {read / 1e6:8.1f}  ratio {read / loads:5.2f} (paused {read / paused:5.2f})"
        )


if __name__ == "__main__":
    main()
