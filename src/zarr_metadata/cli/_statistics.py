"""How many findings a run made of each kind and at each pointer pattern, the most frequent first."""

from __future__ import annotations

import collections
import posixpath

from zarr_metadata._json import Loc
from zarr_metadata.cli._findings import Finding
from zarr_metadata.cli._report import pointer

ANY = "*"
"""What stands for an array index or a node's key in a pointer pattern."""

_LISTED_V2 = "metadata"
_LISTED_V3 = ("consolidated_metadata", "metadata")


def pointer_pattern(finding: Finding) -> str:
    """The finding's pointer with each array index and each node key of consolidated metadata as `*`: `/metadata/*/filters`.

    So the same mistake in every array of a store, or in every codec of a
    pipeline, counts under one pattern.
    """
    return pointer(
        tuple(ANY if isinstance(step, int) else step for step in _node_key_hidden(finding))
    )


def _node_key_hidden(finding: Finding) -> Loc:
    loc = finding.loc
    name = posixpath.basename(finding.path)
    # Only a .zmetadata holds node keys under a top-level "metadata", and only a
    # zarr.json under its "consolidated_metadata"; a .zattrs may hold either name
    # as an attribute of its own.
    if name == ".zmetadata" and len(loc) > 1 and loc[0] == _LISTED_V2:
        return (loc[0], ANY, *loc[2:])
    if name != ".zattrs" and len(loc) > 2 and loc[:2] == _LISTED_V3:
        return (*loc[:2], ANY, *loc[3:])
    return loc


class Statistics:
    """The count of findings of each kind, and at each pointer pattern."""

    def __init__(self) -> None:
        self.kinds: collections.Counter[str] = collections.Counter()
        self.pointers: collections.Counter[str] = collections.Counter()

    def count(self, finding: Finding) -> None:
        """Count `finding` under its kind and its pointer pattern."""
        self.kinds[finding.kind] += 1
        self.pointers[pointer_pattern(finding)] += 1

    def by_kind(self) -> list[tuple[str, int]]:
        """Each kind and its count, the most frequent first, ties by name."""
        return _most_first(self.kinds)

    def by_pointer(self) -> list[tuple[str, int]]:
        """Each pointer pattern and its count, the most frequent first, ties by pattern."""
        return _most_first(self.pointers)

    def text_lines(self) -> list[str]:
        """The counts as text: a heading, then one right-aligned count and name a line, for the kinds and then the pointers."""
        counted = [*self.by_kind(), *self.by_pointer()]
        width = max((len(str(count)) for _, count in counted), default=1)
        lines = ["Findings by kind:"]
        lines.extend(f"  {count:>{width}}  {kind}" for kind, count in self.by_kind())
        lines.append("Findings by pointer:")
        lines.extend(f"  {count:>{width}}  {pattern}" for pattern, count in self.by_pointer())
        return lines

    def as_json(self) -> dict[str, object]:
        """The counts as JSON: `{"kinds": [{"kind", "count"}...], "pointers": [{"pointer", "count"}...]}`."""
        return {
            "kinds": [{"kind": kind, "count": count} for kind, count in self.by_kind()],
            "pointers": [
                {"pointer": pattern, "count": count} for pattern, count in self.by_pointer()
            ],
        }


def _most_first(counter: collections.Counter[str]) -> list[tuple[str, int]]:
    return sorted(counter.items(), key=lambda item: (-item[1], item[0]))
