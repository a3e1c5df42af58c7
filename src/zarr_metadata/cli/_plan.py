"""The writes of one store, planned together: a document and its consolidated copy are written together or not at all.

Repairs are judged file by file, but a store is read as a whole: a `.zarray`
whose bare `NaN` is repaired while the `.zmetadata` listing it keeps its own
(because the listing has a problem no repair cures) would leave the store
disagreeing with itself. So before anything is written, each consolidated
listing that a planned write touches (as the listing, or as a file it lists) is
compared with its files as they would be after the writes; a write that would
make an entry differ from its file where they agreed is dropped, with the write
on the other side, until the plan holds no such pair.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping, Sequence
from typing import cast

from zarr_metadata._json import Loc
from zarr_metadata._json_text import JSONText, read_json_text
from zarr_metadata.cli._consolidated import differences
from zarr_metadata.cli._findings import Rewrite
from zarr_metadata.cli._source import Source
from zarr_metadata.cli._store import StoreError, parent_key
from zarr_metadata.cli._walk import V2_NODE_FILES, ZARR_JSON, ZMETADATA, join
from zarr_metadata.v3.consolidated import ZARR_V3_CONSOLIDATED_METADATA_KEY


@dataclasses.dataclass(frozen=True)
class Refused:
    """A planned write left out, and the document it would have made disagree with."""

    rewrite: Rewrite
    other: str
    """The key of the document on the other side: the listing, or the file it lists."""


def planned(source: Source, rewrites: Sequence[Rewrite]) -> tuple[list[Rewrite], list[Refused]]:
    """The rewrites of one store that keep it consistent, and those left out with why."""
    kept = {rewrite.key: rewrite for rewrite in rewrites}
    refused: list[Refused] = []
    state = _State(source, {rewrite.key: rewrite.original for rewrite in rewrites})
    changed = True
    while changed:
        changed = False
        for listing, listed in _pairs(state, kept):
            before = set(_differing(state, listing, listed, {}))
            after = set(_differing(state, listing, listed, kept))
            if after <= before:
                continue
            for key, other in ((listing, listed), (listed, listing)):
                if key in kept:
                    refused.append(Refused(kept.pop(key), other))
            changed = True
            break
    return [rewrite for rewrite in rewrites if rewrite.key in kept], refused


class _State:
    """The documents of a store as JSON, before or after the planned writes, each read once."""

    def __init__(self, source: Source, originals: Mapping[str, bytes]) -> None:
        self._source = source
        self._originals = dict(originals)
        self._values: dict[tuple[str, bool], object] = {}

    def holds(self, key: str) -> bool:
        return key in self._originals or self._source.holds(key)

    def value(self, key: str, rewrites: Mapping[str, Rewrite]) -> object:
        """The JSON under `key` after `rewrites`; None when it cannot be read as JSON."""
        rewritten = key in rewrites
        found = self._values.get((key, rewritten), _UNREAD)
        if found is _UNREAD:
            data = rewrites[key].repaired if rewritten else self._original(key)
            loaded = None if data is None else read_json_text(data)
            found = loaded.value if isinstance(loaded, JSONText) else None
            self._values[(key, rewritten)] = found
        return found

    def _original(self, key: str) -> bytes | None:
        if key not in self._originals:
            try:
                self._originals[key] = self._source.store.read(key)
            except StoreError:
                return None
        return self._originals[key]


_UNREAD = object()


def _pairs(state: _State, rewrites: Mapping[str, Rewrite]) -> Iterator[tuple[str, str]]:
    """Each (listing, listed file) pair that a rewrite touches, by store key."""
    seen: set[tuple[str, str]] = set()
    for key in list(rewrites):
        for listing in _listings_of(state, key):
            if (listing, key) not in seen:
                seen.add((listing, key))
                yield listing, key
        if key.rpartition("/")[2] in (ZMETADATA, ZARR_JSON):
            for listed in _entries(state.value(key, rewrites), key):
                if (key, listed) not in seen:
                    seen.add((key, listed))
                    yield key, listed


def _listings_of(state: _State, key: str) -> Iterator[str]:
    """The consolidated documents above `key` that may list it: each `.zmetadata` at or above its directory, each `zarr.json` above it."""
    directory, _, name = key.rpartition("/")
    if name == ZMETADATA:
        return
    v2 = name in V2_NODE_FILES
    at = directory
    while True:
        # A zarr.json lists the nodes below its own, never itself.
        candidate = join(at, ZMETADATA) if v2 else join(at, ZARR_JSON) if at != directory else ""
        if candidate and candidate != key and state.holds(candidate):
            yield candidate
        if not at:
            return
        at = parent_key(at)


def _entries(value: object, listing: str) -> Iterator[str]:
    """The store key of each file the consolidated document `value` under `listing` lists."""
    directory = parent_key(listing)
    for name in _listed(value, listing):
        yield _file_of(directory, name, listing)


def _listed(value: object, listing: str) -> Mapping[str, object]:
    if not isinstance(value, Mapping):
        return {}
    document = cast("Mapping[str, object]", value)
    if listing.rpartition("/")[2] == ZARR_JSON:
        member = document.get(ZARR_V3_CONSOLIDATED_METADATA_KEY)
        if not isinstance(member, Mapping):
            return {}
        document = cast("Mapping[str, object]", member)
    listed = document.get("metadata")
    return cast("Mapping[str, object]", listed) if isinstance(listed, Mapping) else {}


def _file_of(directory: str, name: str, listing: str) -> str:
    return join(
        directory, name if listing.rpartition("/")[2] == ZMETADATA else f"{name}/{ZARR_JSON}"
    )


def _differing(
    state: _State, listing: str, listed: str, rewrites: Mapping[str, Rewrite]
) -> Iterator[Loc]:
    """Where the entry of `listed` in `listing` differs from the file `listed`, after `rewrites`."""
    directory = parent_key(listing)
    entries = _listed(state.value(listing, rewrites), listing)
    entry = next(
        (value for name, value in entries.items() if _file_of(directory, name, listing) == listed),
        _UNREAD,
    )
    on_disk = state.value(listed, rewrites)
    if entry is _UNREAD or on_disk is None:
        return
    if listing.rpartition("/")[2] == ZARR_JSON:
        entry, on_disk = _without_consolidated(entry), _without_consolidated(on_disk)
    for at, _ in differences(entry, on_disk):
        yield at


def _without_consolidated(document: object) -> object:
    # A child group may consolidate its own subtree on disk, which the root's flat listing leaves out.
    if isinstance(document, Mapping):
        members = cast("Mapping[str, object]", document)
        return {
            key: value for key, value in members.items() if key != ZARR_V3_CONSOLIDATED_METADATA_KEY
        }
    return document
