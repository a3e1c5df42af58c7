"""Finding the metadata a path names: the nodes of a directory tree, v3 and v2, and their consolidated metadata."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Iterator
from typing import Literal, TypeAlias

from zarr_metadata.cli._document import UnreadableError
from zarr_metadata.v2.array import ZARR_V2_ARRAY_METADATA_STORE_KEY
from zarr_metadata.v2.attributes import ZARR_V2_ATTRIBUTES_STORE_KEY
from zarr_metadata.v2.consolidated import ZARR_V2_CONSOLIDATED_METADATA_STORE_KEY
from zarr_metadata.v2.group import ZARR_V2_GROUP_METADATA_STORE_KEY

ZARR_JSON = "zarr.json"
ZARRAY, ZGROUP, ZATTRS = ZARR_V2_ARRAY_METADATA_STORE_KEY, ZARR_V2_GROUP_METADATA_STORE_KEY, ZARR_V2_ATTRIBUTES_STORE_KEY
ZMETADATA = ZARR_V2_CONSOLIDATED_METADATA_STORE_KEY
V2_NODE_FILES = (ZARRAY, ZGROUP, ZATTRS)
"""The files of a v2 node, in the order they are read."""

TargetKind: TypeAlias = Literal["v3", "v2", "v2_consolidated"]


@dataclasses.dataclass(frozen=True)
class Target:
    """What is judged as one: a `zarr.json`, the files of one v2 node, or a `.zmetadata`.

    `files` are the paths read, as the user would write them: for a v2
    node, each of its `.zarray`, `.zgroup` and `.zattrs` that exists.
    """

    kind: TargetKind
    directory: str
    files: tuple[str, ...]


def targets(path: str, unreadable: Callable[[UnreadableError], None]) -> Iterator[Target]:
    """Every target under `path`, a directory's own before its subdirectories', each level sorted; or the one `path` names.

    A named `.zarray`, `.zgroup` or `.zattrs` names its whole node; any
    other named file is read as a `zarr.json`. A directory that cannot be
    listed is passed to `unreadable` and skipped.
    """
    if not os.path.isdir(path):
        directory = os.path.dirname(path)
        name = os.path.basename(path)
        if name in V2_NODE_FILES:
            # The named file is read even when its directory cannot be listed.
            yield v2_node(directory, {name, *_listing(directory or os.curdir)})
        elif name == ZMETADATA:
            yield Target("v2_consolidated", directory, (path,))
        else:
            yield Target("v3", directory, (path,))
        return
    for directory, files in walk(path, unreadable):
        yield from _directory_targets(directory, files)


def walk(root: str, unreadable: Callable[[UnreadableError], None]) -> Iterator[tuple[str, set[str]]]:
    """Each directory under `root` with the names of the files in it, a directory before its subdirectories, each level sorted."""

    def refused(error: OSError) -> None:
        unreadable(UnreadableError(f"cannot read {error.filename}: {error.strerror or error}"))

    for directory, subdirectories, files in os.walk(root, onerror=refused):
        subdirectories.sort()
        yield directory, set(files)


def zarr_json_files(root: str) -> Iterator[str]:
    """Every `zarr.json` under the directory `root`, in walking order."""
    for directory, files in walk(root, lambda _: None):
        if ZARR_JSON in files:
            yield os.path.join(directory, ZARR_JSON)


def v2_node(directory: str, files: set[str]) -> Target:
    """The v2 node whose files (among `files`, the names in `directory`) are read together."""
    return Target("v2", directory, tuple(os.path.join(directory, name) for name in V2_NODE_FILES if name in files))


def _directory_targets(directory: str, files: set[str]) -> Iterator[Target]:
    if ZARR_JSON in files:
        yield Target("v3", directory, (os.path.join(directory, ZARR_JSON),))
    if not files.isdisjoint(V2_NODE_FILES):
        yield v2_node(directory, files)
    if ZMETADATA in files:
        yield Target("v2_consolidated", directory, (os.path.join(directory, ZMETADATA),))


def _listing(directory: str) -> list[str]:
    try:
        return [entry.name for entry in os.scandir(directory) if entry.is_file()]
    except OSError:
        return []
