"""What several conventions' rules share: patterns, duplicates, and issues about names a document gives."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from zarr_metadata._json import Loc, shown
from zarr_metadata.conventions._convention import ConventionIssue, Level

ALPHANUMERIC = re.compile(r"[A-Za-z0-9]+")
"""The names OME-NGFF gives rows, columns, wells and fields: letters and digits only."""


def mismatched(
    path: str,
    loc: Loc,
    value: str,
    pattern: re.Pattern[str],
    expected: str,
    *,
    level: Level = "must",
    section: str | None = None,
) -> list[ConventionIssue]:
    """An issue at `loc` when `value` does not match `pattern` whole (`expected` says what it should be); none when it does."""
    if pattern.fullmatch(value) is not None:
        return []
    return [
        ConventionIssue(
            path=path,
            loc=loc,
            message=f"expected {expected}, got {shown(value)}",
            input=value,
            level=level,
            section=section,
        )
    ]


def duplicates(
    path: str,
    loc: Loc,
    items: Sequence[Any],
    key: Callable[[Any], object],
    what: str,
    *,
    member: Sequence[str | int] = (),
    section: str | None = None,
) -> list[ConventionIssue]:
    """An issue at each item (or its `member`) whose `key` an earlier item of `items` (at `loc`) already has; `what` names the key in the message."""
    seen: dict[object, int] = {}
    found: list[ConventionIssue] = []
    for index, item in enumerate(items):
        value = key(item)
        try:
            first = seen.setdefault(value, index)
        except TypeError:
            continue  # an unhashable key is judged by the shape, not here
        if first != index:
            message = f"expected each {what} once, got {shown(value) if isinstance(value, str | int) else 'a repeat'} again (first at {first})"
            found.append(
                ConventionIssue(
                    path=path, loc=(*loc, index, *member), message=message, section=section
                )
            )
    return found


def same_json(value: object) -> str:
    """`value` as JSON text with sorted keys: equal for equal JSON values, to find repeated items."""
    return json.dumps(value, sort_keys=True, default=list)


def repeated_items(
    path: str, loc: Loc, items: Sequence[Any], what: str, *, section: str | None = None
) -> list[ConventionIssue]:
    """An issue at each item of `items` equal to an earlier one (a JSON Schema `uniqueItems`); none for fewer than two items."""
    if len(items) < 2:
        return []
    return duplicates(path, loc, items, same_json, what, section=section)


def recommended(
    path: str,
    loc: Loc,
    value: Mapping[str, Any],
    members: Iterable[str],
    what: str,
    *,
    section: str | None = None,
) -> list[ConventionIssue]:
    """A warning at each of `members` the object `value` (at `loc`) leaves out, which its spec says it SHOULD hold; `what` names the object."""
    return [
        ConventionIssue(
            path=path,
            loc=(*loc, member),
            message=f"{what} should give its {member}: missing member {shown(member)}",
            kind="missing_key",
            level="should",
            section=section,
        )
        for member in members
        if member not in value
    ]
