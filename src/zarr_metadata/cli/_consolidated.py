"""Comparing a group's consolidated metadata with the `zarr.json` files of the nodes below it on disk."""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterator, Mapping
from typing import cast

from zarr_metadata._json import Loc, shown
from zarr_metadata.cli._document import NotJSON, UnreadableError, load
from zarr_metadata.cli._findings import Issue
from zarr_metadata.cli._walk import ZARR_JSON, zarr_json_files
from zarr_metadata.model import is_node_name_v3
from zarr_metadata.v3.consolidated import ZARR_V3_CONSOLIDATED_METADATA_KEY

LISTED: Loc = (ZARR_V3_CONSOLIDATED_METADATA_KEY, "metadata")


def disk_issues(directory: str, member: object, prepared: Callable[[object], object]) -> Iterator[Issue]:
    """How the documents `member` lists differ from the files below `directory`, and the files it leaves out.

    Each file is passed through `prepared` first (the repairs, under
    `--repair`), as the group's document was. An entry whose path is not a
    valid relative node path is left to the reader, which reports it.
    """
    listed = _listed(member)
    if listed is None:
        return
    for path, document in listed.items():
        if _is_relative_path(path):
            yield from _entry_issues(directory, path, document, prepared)
    for file in zarr_json_files(directory, lambda _: None):
        node = os.path.relpath(os.path.dirname(file), directory).replace(os.sep, "/")
        if node != "." and node not in listed:
            message = f'does not list the node "{node}", whose {node}/{ZARR_JSON} is in the store'
            yield Issue((*LISTED, node), "unlisted", message, "warning")


def _listed(member: object) -> Mapping[str, object] | None:
    if not isinstance(member, Mapping):
        return None
    listed = cast("Mapping[str, object]", member).get("metadata")
    return cast("Mapping[str, object]", listed) if isinstance(listed, Mapping) else None


def _is_relative_path(path: str) -> bool:
    return all(segment and is_node_name_v3(segment) for segment in path.split("/"))


def _entry_issues(directory: str, path: str, document: object, prepared: Callable[[object], object]) -> Iterator[Issue]:
    loc = (*LISTED, path)
    name = f"{path}/{ZARR_JSON}"
    file = os.path.join(directory, *path.split("/"), ZARR_JSON)
    if not os.path.isfile(file):
        yield Issue(loc, "invalid_value", f'lists the node "{path}", but {name} does not exist', "error")
        return
    try:
        loaded = load(file)
    except UnreadableError as error:
        yield Issue(loc, "invalid_value", f"cannot be compared with {name}: {error}", "error")
        return
    if isinstance(loaded, NotJSON):
        yield Issue(loc, "invalid_value", f"cannot be compared with {name}, which is not JSON", "error")
        return
    difference = first_difference(_without_consolidated(document), _without_consolidated(prepared(loaded.value)))
    if difference is not None:
        at, found = difference
        yield Issue((*loc, *at), "invalid_value", f"differs from {name}, which {found}", "error")


def _without_consolidated(document: object) -> object:
    # A child group may consolidate its own subtree on disk, which the root's flat listing leaves out.
    if isinstance(document, Mapping):
        members = cast("Mapping[str, object]", document)
        return {key: value for key, value in members.items() if key != ZARR_V3_CONSOLIDATED_METADATA_KEY}
    return document


def first_difference(listed: object, on_disk: object) -> tuple[Loc, str] | None:
    """Where the JSON value `on_disk` first differs from `listed`, and what it holds there; None when they are equal."""
    if isinstance(listed, Mapping) and isinstance(on_disk, Mapping):
        mine, theirs = cast("Mapping[str, object]", listed), cast("Mapping[str, object]", on_disk)
        for key in [*mine, *(key for key in theirs if key not in mine)]:
            if key not in theirs:
                return (key,), "lacks this member"
            if key not in mine:
                return (key,), f"has this member, set to {shown(theirs[key])}"
            found = first_difference(mine[key], theirs[key])
            if found is not None:
                return (key, *found[0]), found[1]
        return None
    if isinstance(listed, list | tuple) and isinstance(on_disk, list | tuple):
        mine_items, their_items = cast("list[object]", listed), cast("list[object]", on_disk)
        if len(mine_items) != len(their_items):
            return (), f"has {len(their_items)} items here"
        for index, (item, other) in enumerate(zip(mine_items, their_items, strict=True)):
            found = first_difference(item, other)
            if found is not None:
                return (index, *found[0]), found[1]
        return None
    return None if _same_scalar(cast(object, listed), on_disk) else ((), f"has {shown(on_disk)} here")


def _same_scalar(mine: object, theirs: object) -> bool:
    """Whether two parsed JSON values other than arrays and objects are the same JSON value."""
    if isinstance(mine, bool) or isinstance(theirs, bool) or mine is None or theirs is None:
        return mine is theirs
    if isinstance(mine, int | float) and isinstance(theirs, int | float):
        # `1` and `1.0` are one JSON number; NaN, which a parser reads from bare `NaN`, is one value too.
        both_nan = isinstance(mine, float) and isinstance(theirs, float) and math.isnan(mine) and math.isnan(theirs)
        return both_nan or mine == theirs
    if isinstance(mine, str) and isinstance(theirs, str):
        return mine == theirs
    return False
