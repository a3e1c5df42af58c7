"""JSON text that Python's parser reads and strict parsers (zarrita.js, serde_json) refuse: `non_standard_json` warnings.

Two such things are valid for the readers, so they are warnings, not problems:
a bare `NaN`, `Infinity` or `-Infinity` in user attributes, which zarr-python
writes; and a string holding an escaped lone surrogate (`"\\udfff"`), which is
JSON text but no Unicode string. A document is searched only when its text holds
the token or the escape, so the usual document costs two substring searches.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import cast

from zarr_metadata._json import Loc
from zarr_metadata.cli._findings import Issue

NON_STANDARD_JSON = "non_standard_json"

_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_SURROGATE = re.compile("[\ud800-\udfff]")


def non_standard_issues(text: str, value: object, attributes: Iterable[Loc]) -> Iterator[Issue]:
    """A warning for the bare non-finite numbers under each of `attributes`, and one for the strings of `value` that hold a lone surrogate."""
    if "NaN" in text or "Infinity" in text:
        for at in attributes:
            found = _non_finite(at, _value_at(value, at))
            if found:
                message = (
                    f"the attributes hold {_counted(len(found), 'bare non-finite number')}, which JSON does not have: "
                    "zarr-python reads and writes them, but strict JSON parsers (zarrita.js, serde_json) refuse the file"
                )
                yield Issue(found[0], NON_STANDARD_JSON, message, "warning")
    if "\\u" in text and _SURROGATE_ESCAPE.search(text):
        found_strings = list(_lone_surrogates(value))
        if found_strings:
            loc, at_key = found_strings[0]
            count = len(found_strings)
            message = (
                f"{_counted(count, 'string')} {'holds' if count == 1 else 'hold'} an escaped lone surrogate (such as "
                '"\\udfff"), which is JSON text but no Unicode text: strict JSON parsers (zarrita.js, serde_json) refuse the file'
            )
            yield Issue(loc, NON_STANDARD_JSON, message, "warning", at_key=at_key)


def attributes_of_v3(value: object) -> Iterator[Loc]:
    """Where a `zarr.json` holds user attributes: its own, and those of each document its consolidated metadata lists.

    Found only when asked for, which a document without a non-finite token never is.
    """
    yield ("attributes",)
    listed = _value_at(value, ("consolidated_metadata", "metadata"))
    if isinstance(listed, Mapping):
        yield from (
            ("consolidated_metadata", "metadata", path, "attributes")
            for path in cast("Mapping[object, object]", listed)
            if isinstance(path, str)
        )


def attributes_of_zmetadata(value: object) -> Iterator[Loc]:
    """Where a `.zmetadata` holds user attributes: each `.zattrs` it lists; found only when asked for."""
    listed = _value_at(value, ("metadata",))
    if isinstance(listed, Mapping):
        yield from (
            ("metadata", key)
            for key in cast("Mapping[object, object]", listed)
            if isinstance(key, str) and key.rpartition("/")[2] == ".zattrs"
        )


def _counted(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _value_at(value: object, loc: Loc) -> object:
    for step in loc:
        if not isinstance(value, Mapping) or not isinstance(step, str):
            return None
        value = cast("Mapping[str, object]", value).get(step)
    return value


def _children(value: object, at: Loc) -> Iterator[tuple[Loc, object]]:
    if isinstance(value, Mapping):
        for key, item in cast("Mapping[str, object]", value).items():
            yield (*at, key), item
    elif isinstance(value, list | tuple):
        for index, item in enumerate(cast("Sequence[object]", value)):
            yield (*at, index), item


def _non_finite(at: Loc, value: object) -> list[Loc]:
    """Where a bare non-finite number sits in `value`, itself at `at`, in document order."""
    found: list[Loc] = []
    pending: list[tuple[Loc, object]] = [(at, value)]
    while pending:
        loc, item = pending.pop()
        if isinstance(item, float) and not math.isfinite(item):
            found.append(loc)
        else:
            pending.extend(reversed(list(_children(item, loc))))
    return found


def _lone_surrogates(value: object) -> Iterator[tuple[Loc, bool]]:
    """Where a string of `value` (a key or a value) holds a lone surrogate, and whether it is a key."""
    pending: list[tuple[Loc, object]] = [((), value)]
    while pending:
        loc, item = pending.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                yield loc, False
            continue
        if isinstance(item, Mapping):
            item = cast("Mapping[object, object]", item)
            for key in item:
                if isinstance(key, str) and _SURROGATE.search(key):
                    yield (*loc, key), True
        pending.extend(reversed(list(_children(item, loc))))


__all__ = [
    "NON_STANDARD_JSON",
    "attributes_of_v3",
    "attributes_of_zmetadata",
    "non_standard_issues",
]
