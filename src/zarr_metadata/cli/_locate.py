"""Where each value of a JSON text starts, by its location, so a problem can be reported at a line and column.

`locate(text)` does no work up front. A question about a location scans only the
containers on its way, each once: the direct children of a container are listed the
first time it is asked about, and a nested container is skipped whole, by a regular
expression (for the usual shallow JSON) or a bracket count (for deep JSON) whose
results are kept, so answering every question a text allows costs time linear in it.
Nothing recurses, and nothing raises: on malformed or truncated text the scan stops at
the fault and keeps what it read.

It reads what `json.loads` reads, bare `NaN`, `Infinity` and `-Infinity` included; it
is lenient about commas, which it does not check. A duplicated key locates its last
member, the one `json.loads` keeps. Positions are 1-based and counted as
`json.JSONDecodeError` counts them: only `\\n` ends a line (so `\\r\\n` does too), and a
column counts code points, a tab being one.
"""

from __future__ import annotations

import bisect
import functools
import re
from typing import TypeAlias

from zarr_metadata._json import Loc

__all__ = ["JSONLocations", "locate"]

_WS = r"[ \t\n\r]*+"
_STRING = r'"[^"\\]*+(?:\\.[^"\\]*+)*+"'
_SCALAR = r"-?+(?:[0-9]++(?:\.[0-9]++)?+(?:[eE][-+]?+[0-9]++)?+|Infinity)|NaN|true|false|null"
# Possessive quantifiers (`*+`, `++`) never backtrack, so a failed match costs no more
# than the text it read, and no input makes these patterns slow.
_ITEM = re.compile(rf"{_WS},?+{_WS}(?:({_STRING}|{_SCALAR})|([\[{{])|(\]))", re.DOTALL)
_ITEM_SCALAR, _ITEM_CONTAINER, _ITEM_CLOSE = 1, 2, 3
_MEMBER = re.compile(
    rf"{_WS},?+{_WS}(?:({_STRING}){_WS}:{_WS}(?:({_STRING}|{_SCALAR})|([\[{{]))|(\}}))", re.DOTALL
)
_MEMBER_SCALAR, _MEMBER_CONTAINER, _MEMBER_CLOSE = 2, 3, 4
_SCALAR_TOKEN = re.compile(rf"{_STRING}|{_SCALAR}", re.DOTALL)
_FIRST_VALUE = re.compile(r"[ \t\n\r]*+(?=.)", re.DOTALL)
_NEXT_BRACKET = re.compile(rf"(?:[^\"\[\]{{}}]++|{_STRING})*+([\[\]{{}}])", re.DOTALL)
_NEWLINE = re.compile(r"\n")


@functools.cache
def _container_pattern(depth: int) -> re.Pattern[str]:
    """A pattern matching a whole array or object nested at most `depth` levels deep.

    Compiled when a location is first asked for, not at import: it takes
    about 10 ms, and a run that finds no problem asks for none.
    """
    content = rf"(?:[^\"\[\]{{}}]++|{_STRING})*+"
    for _ in range(depth - 1):
        content = rf"(?:[^\"\[\]{{}}]++|{_STRING}|[\[{{]{content}[\]}}])*+"
    return re.compile(rf"[\[{{]{content}[\]}}]", re.DOTALL)


# Zarr documents nest a few levels (consolidated metadata about eight); deeper
# containers are skipped by counting brackets instead.
_SHALLOW = 16

_Members: TypeAlias = dict[str, tuple[int, int]]
"""An object's members: per key, the offsets where the key and the value start."""
_Items: TypeAlias = list[int]
"""An array's items: the offset where each starts."""


class JSONLocations:
    """The line and column where each value (and each member's key) of one JSON text starts."""

    __slots__ = ("_children", "_ends", "_line_starts", "_root", "_text")

    def __init__(self, text: str) -> None:
        self._text = text
        self._root: int | None = None
        root = _FIRST_VALUE.match(text)
        if root is not None:
            self._root = root.end()
        self._children: dict[int, _Members | _Items] = {}
        self._ends: dict[int, int] = {}
        self._line_starts: list[int] | None = None

    def where(self, loc: Loc) -> tuple[int, int]:
        """Where the value at `loc` starts; for a location the text lacks, where its deepest existing ancestor starts.

        A text with no value at all (empty, or only whitespace) gives `(1, 1)`.
        """
        start, _ = self._deepest(loc)
        return (1, 1) if start is None else self._position(start)

    def where_key(self, loc: Loc) -> tuple[int, int]:
        """Where the key of the member at `loc` starts (its opening `"`); `where(loc)` when `loc` does not end at an existing key."""
        _, key_start = self._deepest(loc)
        return self.where(loc) if key_start is None else self._position(key_start)

    def span(self, loc: Loc) -> tuple[int, int] | None:
        """The offsets where the value at `loc` starts and ends (just past it), or None when the text has no value there."""
        found = self._exact(loc)
        return None if found is None else (found[0], self._value_end(found[0]))

    def member_span(self, loc: Loc) -> tuple[int, int] | None:
        """The offsets where the member at `loc` starts (its key's `"`) and ends (just past its value), or None when there is no such member."""
        found = self._exact(loc)
        if found is None or found[1] is None:
            return None
        return found[1], self._value_end(found[0])

    def _exact(self, loc: Loc) -> tuple[int, int | None] | None:
        """Where the value at `loc` starts, and its key when it is a member's, or None when the text lacks `loc`."""
        start = self._root
        key_start: int | None = None
        for step in loc:
            children = None if start is None else self._children_of(start)
            key_start = None
            if isinstance(children, dict) and isinstance(step, str) and step in children:
                key_start, start = children[step]
            elif (
                isinstance(children, list)
                and isinstance(step, int)
                and not isinstance(step, bool)
                and 0 <= step < len(children)
            ):
                start = children[step]
            else:
                return None
        return None if start is None else (start, key_start)

    def _value_end(self, start: int) -> int:
        if self._text[start] in "[{":
            return self._end(start)
        match = _SCALAR_TOKEN.match(self._text, start)
        return start if match is None else match.end()

    def _deepest(self, loc: Loc) -> tuple[int | None, int | None]:
        """Where the value at `loc`, or its deepest existing ancestor, starts; and its key, when `loc` ends at an existing member."""
        start = self._root
        key_start: int | None = None
        for step in loc:
            if start is None:
                break
            key_start = None
            children = self._children_of(start)
            if isinstance(children, dict):
                if not isinstance(step, str) or step not in children:
                    break
                key_start, start = children[step]
            elif isinstance(children, list):
                if isinstance(step, str | bool) or not 0 <= step < len(children):
                    break
                start = children[step]
            else:
                break
        return start, key_start

    def _children_of(self, start: int) -> _Members | _Items | None:
        """The direct children of the container at `start`, or None when a scalar starts there."""
        children = self._children.get(start)
        if children is None:
            opening = self._text[start]
            if opening == "{":
                children = self._members(start + 1)
            elif opening == "[":
                children = self._items(start + 1)
            else:
                return None
            self._children[start] = children
        return children

    def _members(self, position: int) -> _Members:
        members: _Members = {}
        text = self._text
        while (match := _MEMBER.match(text, position)) is not None:
            kind = match.lastindex
            if kind == _MEMBER_CLOSE:
                break
            value_start = match.start(kind or 0)
            members[_unescaped(match.group(1))] = (match.start(1), value_start)
            position = match.end() if kind == _MEMBER_SCALAR else self._end(value_start)
        return members

    def _items(self, position: int) -> _Items:
        items: _Items = []
        text = self._text
        while (match := _ITEM.match(text, position)) is not None:
            kind = match.lastindex
            if kind == _ITEM_CLOSE:
                break
            value_start = match.start(kind or 0)
            items.append(value_start)
            position = match.end() if kind == _ITEM_SCALAR else self._end(value_start)
        return items

    def _end(self, start: int) -> int:
        """The offset just past the container that opens at `start` (the end of the text if it never closes)."""
        end = self._ends.get(start)
        if end is not None:
            return end
        match = _container_pattern(_SHALLOW).match(self._text, start)
        if match is not None:
            self._ends[start] = match.end()
            return match.end()
        return self._counted_end(start)

    def _counted_end(self, start: int) -> int:
        """`_end` for a container too deep for the pattern: count brackets, and keep the end of every container met."""
        text = self._text
        opened = [start]
        position = start + 1
        while opened:
            match = _NEXT_BRACKET.match(text, position)
            if match is None:
                # An unterminated string or container: the rest of the text is inside
                # every container still open, and is kept so as not to be scanned again.
                for opening in opened:
                    self._ends[opening] = len(text)
                return len(text)
            position = match.end()
            if match.group(1) in "[{":
                opened.append(position - 1)
            else:
                self._ends[opened.pop()] = position
        return position

    def _position(self, offset: int) -> tuple[int, int]:
        if self._line_starts is None:
            self._line_starts = [0, *(match.end() for match in _NEWLINE.finditer(self._text))]
        line = bisect.bisect_right(self._line_starts, offset)
        return (line, offset - self._line_starts[line - 1] + 1)


_SIMPLE_ESCAPES = {"b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
_HEX4 = re.compile(r"[0-9a-fA-F]{4}")


def _unescaped(token: str) -> str:
    """The text a JSON string token (quotes included) spells, as `json.loads` reads it."""
    body = token[1:-1]
    if "\\" not in body:
        return body
    out: list[str] = []
    index = 0
    while (slash := body.find("\\", index)) >= 0:
        out.append(body[index:slash])
        escape = body[slash + 1]  # a token never ends in a lone backslash
        index = slash + 2
        if escape != "u":
            out.append(_SIMPLE_ESCAPES.get(escape, escape))
            continue
        code = _hex4(body, index)
        if code is None:
            out.append("\\u")  # json.loads refuses this text, so any reading will do
            continue
        index += 4
        # As in json.loads, an escaped high surrogate joins an escaped low one that follows.
        if 0xD800 <= code <= 0xDBFF and body.startswith("\\u", index):
            low = _hex4(body, index + 2)
            if low is not None and 0xDC00 <= low <= 0xDFFF:
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                index += 6
        out.append(chr(code))
    out.append(body[index:])
    return "".join(out)


def _hex4(body: str, index: int) -> int | None:
    match = _HEX4.match(body, index)
    return None if match is None else int(match.group(), 16)


def locate(text: str) -> JSONLocations:
    """The positions of the values in the JSON `text`, found as they are asked for; never raises."""
    return JSONLocations(text)
