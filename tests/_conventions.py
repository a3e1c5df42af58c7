"""What the convention tests share: the stores under tests/data/conventions read into hierarchies, and where the specifications are."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from zarr_metadata.conventions import NodeMetadata
from zarr_metadata.model import read_node_metadata_v2, read_node_metadata_v3

FIXTURES = Path(__file__).resolve().parent / "data" / "conventions"
SPECIFICATIONS = Path(__file__).resolve().parents[1].parent / "shared" / "conventions"

needs_specifications = pytest.mark.skipif(
    not SPECIFICATIONS.exists(),
    reason=f"the convention specifications are not beside the repository ({SPECIFICATIONS})",
)

V2_FILES = (".zarray", ".zgroup", ".zattrs")


def store_documents(root: Path) -> dict[str, dict[str, Any]]:
    """The metadata files of a store on disk, parsed: node path to {file name: JSON}."""
    documents: dict[str, dict[str, Any]] = {}
    for directory, _, files in os.walk(root):
        relative = Path(directory).relative_to(root).as_posix()
        path = "" if relative == "." else relative
        found = {
            name: json.loads((Path(directory) / name).read_text(encoding="utf-8"))
            for name in files
            if name in (*V2_FILES, "zarr.json")
        }
        if found:
            documents[path] = found
    return dict(sorted(documents.items()))


def hierarchy_of(documents: dict[str, dict[str, Any]]) -> dict[str, NodeMetadata]:
    """The node models of a store's parsed metadata files; every document must read without problem."""
    hierarchy: dict[str, NodeMetadata] = {}
    for path, files in documents.items():
        if "zarr.json" in files:
            reading: Any = read_node_metadata_v3(files["zarr.json"])
        elif ".zarray" in files or ".zgroup" in files:
            reading = read_node_metadata_v2(
                {name: files[name] for name in V2_FILES if name in files}
            )
        else:
            continue  # a .zattrs alone is no node
        assert not reading.problems, (path, reading.problems)
        hierarchy[path] = reading.metadata
    return hierarchy


def read_store(name: str) -> dict[str, NodeMetadata]:
    """The node models of the fixture store `name`."""
    return hierarchy_of(store_documents(FIXTURES / name))


def stores() -> list[str]:
    """The name of every fixture store."""
    return sorted(path.name for path in FIXTURES.iterdir() if path.suffix == ".zarr")
