"""Repaired documents: only the values the repairs changed rewritten, the rest of the text as it was."""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import cast

from zarr_metadata._json import Loc
from zarr_metadata._json_text import BrokenJSON, parse_json_text
from zarr_metadata.cli._findings import Finding, Rewrite
from zarr_metadata.cli._locate import locate

_FIRST_INDENT = re.compile(r"\n([ \t]+)\S")


def rewrite_of(
    key: str, original: bytes, text: str, repaired: object, findings: Sequence[Finding]
) -> tuple[Rewrite, ...]:
    """The rewrite of a document whose repairs left no problem, as a tuple of one, or none.

    A document repair did not cure is never written, so that writing back
    only ever turns a document a reader refuses into one it opens. Only the
    values the repairs changed are rewritten (`edited`); the rest of the
    text stays byte for byte.
    """
    repaired_at = [finding.loc for finding in findings if finding.severity == "repair"]
    if not repaired_at or any(finding.severity == "error" for finding in findings):
        return ()
    written = edited(text, repaired, repaired_at)
    return (
        Rewrite(
            key,
            original,
            serialised(text, repaired) if written is None else written.encode("utf-8"),
        ),
    )


def edited(text: str, repaired: object, repaired_at: Iterable[Loc]) -> str | None:
    """`text` with the value at each of `repaired_at` written as `repaired` holds it, or its member removed where `repaired` has none.

    None when an edit cannot be placed, or the edited text would not read as
    `repaired`: the caller then writes the whole document anew.
    """
    locations = locate(text)
    edits: list[tuple[int, int, str]] = []
    for loc in dict.fromkeys(repaired_at):
        value = _value_at(repaired, loc)
        if value is not _ABSENT:
            span = locations.span(loc)
            if span is None:
                return None
            edits.append((*span, json.dumps(value, ensure_ascii=text.isascii())))
        else:
            member = locations.member_span(loc)
            if member is None:
                return None
            edits.append((*_removed(text, *member), ""))
    edits.sort()
    if any(end > start for (_, end, _), (start, _, _) in itertools.pairwise(edits)):
        return None  # overlapping edits
    for start, end, replacement in reversed(edits):
        text = text[:start] + replacement + text[end:]
    read = parse_json_text(text)
    if isinstance(read, BrokenJSON) or json.dumps(read.value) != json.dumps(repaired):
        return None
    return text


def _removed(text: str, key_start: int, value_end: int) -> tuple[int, int]:
    """The span to cut to remove the member from `key_start` to `value_end`, with the comma and the space that set it apart."""
    before = key_start - 1
    while before >= 0 and text[before] in _SPACE:
        before -= 1
    if before >= 0 and text[before] == ",":
        return before, value_end  # from the comma after the member before it
    after = value_end
    while after < len(text) and text[after] in _SPACE:
        after += 1
    if after < len(text) and text[after] == ",":
        following = after + 1
        while following < len(text) and text[following] in _SPACE:
            following += 1
        return key_start, following  # up to the member after it, which takes its place
    return before + 1, after  # the only member: the object becomes {}


_ABSENT = object()
_SPACE = " \t\r\n"


def _value_at(value: object, loc: Loc) -> object:
    for step in loc:
        if isinstance(value, Mapping) and isinstance(step, str):
            value = cast("Mapping[str, object]", value).get(step, _ABSENT)
        elif (
            isinstance(value, list | tuple)
            and isinstance(step, int)
            and 0 <= step < len(cast("Sequence[object]", value))
        ):
            value = cast("Sequence[object]", value)[step]
        else:
            return _ABSENT
    return value


def serialised(text: str, value: object) -> bytes:
    """`value` as JSON in the layout of `text`: its indentation, its escaping of non-ASCII text, its final newline."""
    indent_match = _FIRST_INDENT.search(text)
    indent: str | None = indent_match.group(1) if indent_match else None
    ascii_only = text.isascii()
    written = json.dumps(value, indent=indent, ensure_ascii=ascii_only)
    if text.endswith("\n"):
        written += "\n"
    return written.encode("utf-8")
