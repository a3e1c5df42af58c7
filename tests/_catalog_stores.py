"""Small stores for the catalog tests: valid, broken, with their tree broken, and a large one to split, written as files or as S3 objects."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

GROUP = {"zarr_format": 3, "node_type": "group", "attributes": {}}
ARRAY = {
    "zarr_format": 3,
    "node_type": "array",
    "shape": [4],
    "data_type": "int16",
    "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [2]}},
    "chunk_key_encoding": {"name": "default", "configuration": {"separator": "/"}},
    "fill_value": 0,
    "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}],
    "attributes": {},
}
# gzip's level is 0 to 9 (numcodecs refuses 12); zarr-python refuses an unknown codec.
BROKEN = {
    **ARRAY,
    "codecs": [
        {"name": "bytes", "configuration": {"endian": "little"}},
        {"name": "gzip", "configuration": {"level": 12}},
    ],
}
V2_GROUP = {"zarr_format": 2}


def text(document: object) -> bytes:
    return json.dumps(document, indent=2).encode()


def small_store(number: int) -> dict[str, bytes]:
    """The files of the `number`th small store: a group holding two arrays, one broken every third store, a stray array below an array every fifth."""
    files = {
        "zarr.json": text(GROUP),
        "a/zarr.json": text(ARRAY),
        "b/zarr.json": text(BROKEN if number % 3 == 0 else ARRAY),
    }
    if number % 5 == 0:
        files["a/inner/zarr.json"] = text(ARRAY)  # an array has no children
    if number % 7 == 0:
        files["c/zarr.json"] = (
            b'{"zarr_format": 3, "node_type": "group",}'  # a trailing comma is not JSON
        )
    return files


def large_store(groups: int = 4, per_group: int = 6) -> dict[str, bytes]:
    """A store with many top-level directories, findings in each, and the tree broken in a few ways, for splitting."""
    files = {"zarr.json": text(GROUP), "notes.txt": b"not metadata"}
    for number in range(groups):
        top = f"g{number}"
        files[f"{top}/zarr.json"] = text(GROUP)
        for item in range(per_group):
            files[f"{top}/a{item}/zarr.json"] = text(BROKEN if (number + item) % 4 == 0 else ARRAY)
        files[f"{top}/a0/below/zarr.json"] = text(ARRAY)  # below an array
        files[f"{top}/lost/deep/zarr.json"] = text(ARRAY)  # "lost" holds no group
    files["g1.x/zarr.json"] = text(
        GROUP
    )  # sorts between g1 and g2 as a name, after g1's subtree in a walk
    files["g1.x/.zattrs"] = text({})
    files["h/.zgroup"] = text(V2_GROUP)  # a v2 group below a v3 root
    files["nogroup/child/zarr.json"] = text(ARRAY)
    return files


def write_files(root: Path, files: dict[str, bytes]) -> Path:
    for key, data in files.items():
        path = root / key
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return root


def objects(prefix: str, files: dict[str, bytes]) -> Iterator[tuple[str, bytes]]:
    for key, data in files.items():
        yield f"{prefix}/{key}", data
