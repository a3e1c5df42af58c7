"""How long `zarr-metadata convert` takes on a local v2 store, next to `zarr-metadata check` of the same store.

Run: python benchmarks/convert.py [--documents N]

A v2 store of N distinct arrays (default 10,000; drawn as `distinct_v2.py`
draws them, keeping those with a v3 spelling) in a tree of 100 groups below
a root group is written to a temporary directory. Then, each in a fresh
process and each the median of three runs:

- `zarr-metadata check STORE`, as a user checks it before converting;
- `zarr-metadata convert STORE --overwrite`: every node read, converted,
  read back as v3, and its `zarr.json` written beside its v2 files (the first
  run writes them, the others replace them).

Target: the conversion at most 2 times the check.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from check import timed  # noqa: E402
from distinct_v2 import distinct_arrays_v2  # noqa: E402


def write_store(root: Path, count: int) -> int:
    """A root group and up to `count` distinct arrays with a v3 spelling below it; the number of arrays written."""
    from zarr_metadata.convert import convert_node_metadata_v2

    root.mkdir(parents=True)
    (root / ".zgroup").write_text(json.dumps({"zarr_format": 2}))
    written = 0
    for index, text in enumerate(distinct_arrays_v2(count)):
        document = json.loads(text)
        attributes = document.pop("attributes", None)
        files = {".zarray": document, **({".zattrs": attributes} if attributes is not None else {})}
        if convert_node_metadata_v2(files).metadata is None:
            continue  # an object type or a codec v3 has no spelling for
        group = root / f"g{index % 100}"
        if not group.exists():
            group.mkdir()
            (group / ".zgroup").write_text(json.dumps({"zarr_format": 2}))
        array = group / f"a{index}"
        array.mkdir()
        for name, value in files.items():
            (array / name).write_text(json.dumps(value, indent=4))
        written += 1
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--documents", type=int, default=10_000)
    arguments = parser.parse_args()
    command = [sys.executable, "-m", "zarr_metadata"]
    with tempfile.TemporaryDirectory() as temporary:
        store = Path(temporary) / "store.zarr"
        arrays = write_store(store, arguments.documents)
        check = timed([*command, "check", str(store)])
        convert = timed([*command, "convert", str(store), "--overwrite", "--quiet"])
        written = sum(1 for _ in store.rglob("zarr.json"))
        print(
            f"{arrays:,} distinct v2 arrays ({written:,} zarr.json written), {os.cpu_count()} cores"
        )
        print(f"  check:   {check:.2f} s")
        print(f"  convert: {convert:.2f} s   ratio {convert / check:.2f} (target 2)")


if __name__ == "__main__":
    main()
