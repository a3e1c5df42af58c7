"""Comparing consolidated metadata with the files it lists: a v3 group's `consolidated_metadata` and a v2 `.zmetadata`."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterator, Mapping
from typing import cast

from zarr_metadata._json import Loc, shown
from zarr_metadata._json_text import BrokenJSON, read_json_text
from zarr_metadata._names import node_path_problems
from zarr_metadata.cli._findings import Issue
from zarr_metadata.cli._source import Source
from zarr_metadata.cli._store import StoppedAnswering, StoreError
from zarr_metadata.cli._walk import V2_NODE_FILES, ZARR_JSON, join
from zarr_metadata.v3.consolidated import ZARR_V3_CONSOLIDATED_METADATA_KEY

LISTED_V3: Loc = (ZARR_V3_CONSOLIDATED_METADATA_KEY, "metadata")
LISTED_V2: Loc = ("metadata",)

Prepared = Callable[[str, object], object]
"""What a file's JSON becomes before it is compared (the repairs, under `--repair`), given its name."""


def disk_issues(
    source: Source, directory: str, member: object, prepared: Prepared
) -> Iterator[Issue]:
    """How the documents a v3 group's `consolidated_metadata` lists differ from the `zarr.json` files below `directory`, and the files it leaves out.

    An entry whose path is not a valid relative node path is left to the
    reader, which reports it.
    """
    listed = _listed(member)
    if listed is None:
        return
    entries = {
        path: _Entry(
            (*LISTED_V3, path),
            f'the node "{path}"',
            f"{path}/{ZARR_JSON}",
            join(directory, f"{path}/{ZARR_JSON}"),
        )
        for path in listed
        if _is_relative_path(path, reserved=True)
    }
    source.prefetch(entry.key for entry in entries.values() if _compared(source, entry.key))
    for path, entry in entries.items():
        yield from _entry_issues(source, entry, listed[path], prepared, _without_consolidated)
    below = f"{directory}/" if directory else ""
    for key in source.keys_below(directory):
        if key.endswith(f"/{ZARR_JSON}") and len(key) > len(below) + len(ZARR_JSON):
            node = key[len(below) : -len(ZARR_JSON) - 1]
            if node not in listed:
                message = (
                    f'does not list the node "{node}", whose {node}/{ZARR_JSON} is in the store'
                )
                yield Issue((*LISTED_V3, node), "unlisted", message, "warning")


def zmetadata_disk_issues(
    source: Source, directory: str, document: object, prepared: Prepared
) -> Iterator[Issue]:
    """How the files a `.zmetadata` in `directory` lists differ from the files themselves, and the metadata files it leaves out."""
    listed = _listed(document)
    if listed is None:
        return
    entries: list[_Entry] = []
    for key in listed:
        node, _, name = key.rpartition("/")
        if name in V2_NODE_FILES and (not node or _is_relative_path(node, reserved=False)):
            entries.append(_Entry((*LISTED_V2, key), shown(key), key, join(directory, key)))
    source.prefetch(entry.key for entry in entries if _compared(source, entry.key))
    for entry in entries:
        yield from _entry_issues(source, entry, listed[entry.name], prepared, _unchanged)
    below = f"{directory}/" if directory else ""
    for key in source.keys_below(directory):
        relative = key[len(below) :]
        if relative.rpartition("/")[2] in V2_NODE_FILES and relative not in listed:
            yield Issue(
                (*LISTED_V2, relative),
                "unlisted",
                f"does not list {relative}, which is in the store",
                "warning",
            )


def _compared(source: Source, key: str) -> bool:
    """Whether the file under `key` is to be read and compared with its entry: it is there, and not excluded."""
    return source.holds(key) and not source.excluded(key)


def _listed(member: object) -> Mapping[str, object] | None:
    if not isinstance(member, Mapping):
        return None
    listed = cast("Mapping[str, object]", member).get("metadata")
    return cast("Mapping[str, object]", listed) if isinstance(listed, Mapping) else None


def _is_relative_path(path: str, *, reserved: bool) -> bool:
    """Whether `path` is a relative node path: names joined by "/", none reserved when `reserved` (as in v3)."""
    return not path.startswith("/") and not node_path_problems(path, (), reserved=reserved)


@dataclasses.dataclass(frozen=True)
class _Entry:
    """A document consolidated metadata lists: where it is in the listing, what the listing calls it, and its file, by its name in the listing and by store key."""

    loc: Loc
    listed_as: str
    name: str
    key: str


def _entry_issues(
    source: Source,
    entry: _Entry,
    document: object,
    prepared: Prepared,
    compared: Callable[[object], object],
) -> Iterator[Issue]:
    """Every difference between a listed document and its file."""
    loc, name = entry.loc, entry.name
    if source.excluded(entry.key):
        return  # left out by the user: there, and compared with nothing
    if not source.holds(entry.key):
        yield Issue(
            loc, "invalid_value", f"lists {entry.listed_as}, but {name} does not exist", "error"
        )
        return
    data = source.peek(entry.key)
    if isinstance(data, StoppedAnswering):
        return  # the run says the store stopped answering, once
    if isinstance(data, StoreError):
        yield Issue(loc, "invalid_value", f"cannot be compared with {name}: {data}", "error")
        return
    loaded = read_json_text(data)
    if isinstance(loaded, BrokenJSON):
        yield Issue(
            loc, "invalid_value", f"cannot be compared with {name}, which is not JSON", "error"
        )
        return
    on_disk = prepared(entry.key.rpartition("/")[2], loaded.value)
    for at, found in differences(compared(document), compared(on_disk)):
        yield Issue((*loc, *at), "invalid_value", f"differs from {name}, which {found}", "error")


def _without_consolidated(document: object) -> object:
    # A child group may consolidate its own subtree on disk, which the root's flat listing leaves out.
    if isinstance(document, Mapping):
        members = cast("Mapping[str, object]", document)
        return {
            key: value for key, value in members.items() if key != ZARR_V3_CONSOLIDATED_METADATA_KEY
        }
    return document


def _unchanged(document: object) -> object:
    return document


def differences(listed: object, on_disk: object) -> Iterator[tuple[Loc, str]]:
    """Every place where the JSON value `on_disk` differs from `listed`, and what it holds there, in the order `listed` writes them.

    Arrays of different lengths differ once, at the array; objects differ at
    each member one has and the other lacks, and inside each member both
    have.
    """
    # Iterative, so that a document nested as deep as a parser allows is compared without recursion.
    pending: list[tuple[Loc, object, object]] = [((), listed, on_disk)]
    while pending:
        at, mine, theirs = pending.pop()
        if isinstance(mine, Mapping) and isinstance(theirs, Mapping):
            mine_members, their_members = (
                cast("Mapping[str, object]", mine),
                cast("Mapping[str, object]", theirs),
            )
            found: list[tuple[Loc, object, object]] = []
            for key in [*mine_members, *(key for key in their_members if key not in mine_members)]:
                if key not in their_members:
                    yield (*at, key), "lacks this member"
                elif key not in mine_members:
                    yield (*at, key), f"has this member, set to {shown(their_members[key])}"
                else:
                    found.append(((*at, key), mine_members[key], their_members[key]))
            pending.extend(reversed(found))
        elif isinstance(mine, list | tuple) and isinstance(theirs, list | tuple):
            mine_items, their_items = cast("list[object]", mine), cast("list[object]", theirs)
            if len(mine_items) != len(their_items):
                yield at, f"has {len(their_items)} items here"
                continue
            pending.extend(
                reversed(
                    [
                        ((*at, index), item, other)
                        for index, (item, other) in enumerate(
                            zip(mine_items, their_items, strict=True)
                        )
                    ]
                )
            )
        elif not _same_scalar(cast(object, mine), theirs):
            yield at, f"has {shown(theirs)} here"


def _same_scalar(mine: object, theirs: object) -> bool:
    """Whether two parsed JSON values other than arrays and objects are the same JSON value."""
    if isinstance(mine, bool) or isinstance(theirs, bool) or mine is None or theirs is None:
        return mine is theirs
    if isinstance(mine, int | float) and isinstance(theirs, int | float):
        # `1` and `1.0` are one JSON number; NaN, which a parser reads from bare `NaN`, is one value too.
        both_nan = (
            isinstance(mine, float)
            and isinstance(theirs, float)
            and math.isnan(mine)
            and math.isnan(theirs)
        )
        return both_nan or mine == theirs
    if isinstance(mine, str) and isinstance(theirs, str):
        return mine == theirs
    return False
