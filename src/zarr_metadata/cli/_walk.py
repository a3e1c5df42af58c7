"""Finding the metadata in a store's keys: the nodes of its tree, v3 and v2, and their consolidated metadata."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Literal, TypeAlias

from zarr_metadata.v2.array import ZARR_V2_ARRAY_METADATA_STORE_KEY
from zarr_metadata.v2.attributes import ZARR_V2_ATTRIBUTES_STORE_KEY
from zarr_metadata.v2.consolidated import ZARR_V2_CONSOLIDATED_METADATA_STORE_KEY
from zarr_metadata.v2.group import ZARR_V2_GROUP_METADATA_STORE_KEY

ZARR_JSON = "zarr.json"
ZARRAY, ZGROUP, ZATTRS = (
    ZARR_V2_ARRAY_METADATA_STORE_KEY,
    ZARR_V2_GROUP_METADATA_STORE_KEY,
    ZARR_V2_ATTRIBUTES_STORE_KEY,
)
ZMETADATA = ZARR_V2_CONSOLIDATED_METADATA_STORE_KEY
V2_NODE_FILES = (ZARRAY, ZGROUP, ZATTRS)
"""The files of a v2 node, in the order they are read."""
METADATA_FILES = frozenset({ZARR_JSON, *V2_NODE_FILES, ZMETADATA})
_V2_NODE_OWN_FILES = frozenset({ZARRAY, ZGROUP})
"""The files that make a directory a v2 node (a `.zattrs` alone is judged too, and says it lacks one)."""

TargetKind: TypeAlias = Literal["v3", "v2", "v2_consolidated", "excluded", "unlisted"]


@dataclasses.dataclass(frozen=True, slots=True)
class Target:
    """What is judged as one: a `zarr.json`, the files of one v2 node, or a `.zmetadata`; or a node `--exclude` leaves out.

    `directory` is the key of the node (`""` at the store's root), and `keys`
    the keys read: for a v2 node, each of its `.zarray`, `.zgroup` and
    `.zattrs` that the store holds. An excluded node is read nowhere (it has
    no keys) and judged by nothing, but it is there, so the nodes below it
    have a parent. An `unlisted` target is a directory that could not be
    listed, reported in its place in the tree.
    """

    kind: TargetKind
    directory: str
    keys: tuple[str, ...]

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        # Targets go to worker processes by the thousand; a slotted
        # dataclass's own pickling sets each field by a call in Python.
        return Target, (self.kind, self.directory, self.keys)


def join(directory: str, name: str) -> str:
    """The key of `name` in the directory `directory` (`""` is the root)."""
    return f"{directory}/{name}" if directory else name


def directory_targets(
    directory: str, names: set[str], excluded: set[str] | frozenset[str] = frozenset()
) -> list[Target]:
    """The targets of one directory, given the metadata file names it holds: its `zarr.json`, its `.zmetadata`, its v2 node.

    A node whose own file (`zarr.json`, or each of `.zarray` and `.zgroup`
    it holds) is among the names `excluded` is an `excluded` target, with
    no keys: the `.zattrs` beside an excluded `.zarray` is not read alone.
    """
    found: list[Target] = []
    if ZARR_JSON in names:
        found.append(Target("v3", directory, (join(directory, ZARR_JSON),)))
    elif ZARR_JSON in excluded:
        found.append(Target("excluded", directory, ()))
    # The listing before the node beside it: comparing them reads the node's files,
    # which its own target then takes rather than reading them again.
    if ZMETADATA in names:
        found.append(Target("v2_consolidated", directory, (join(directory, ZMETADATA),)))
    if names.isdisjoint(_V2_NODE_OWN_FILES) and not excluded.isdisjoint(_V2_NODE_OWN_FILES):
        found.append(Target("excluded", directory, ()))
    elif not names.isdisjoint(V2_NODE_FILES):
        found.append(v2_node(directory, names))
    return found


def v2_node(directory: str, names: Iterable[str]) -> Target:
    """The v2 node whose files (among `names`, the names in `directory`) are read together."""
    present = set(names)
    return Target(
        "v2", directory, tuple(join(directory, name) for name in V2_NODE_FILES if name in present)
    )


def named_target(key: str, names: Iterable[str]) -> Target:
    """The target a file named on its own stands for, given the names of the files beside it.

    A named `.zarray`, `.zgroup` or `.zattrs` names its whole node; any other
    named file is read as a `zarr.json`.
    """
    directory, _, name = key.rpartition("/")
    if name in V2_NODE_FILES:
        return v2_node(directory, {name, *names})
    if name == ZMETADATA:
        return Target("v2_consolidated", directory, (key,))
    return Target("v3", directory, (key,))
