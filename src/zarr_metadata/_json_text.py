"""The JSON text of a metadata file: its value and the keys it writes twice, or where and why it is not JSON.

`read_json_text(data)` reads what `json.loads` reads, bare `NaN`, `Infinity` and
`-Infinity` included, since Zarr v2 writers write them and the readers judge them.

The usual document is valid JSON without a key written twice, and costs one parse
whose object hook keeps each object, then a count: each member writes one colon after
its key, so when the objects hold as many members as the text has colons, no object
lost a member to a later copy of its key. Only when strings hold colons are the
colons outside strings counted; and only when the text also escapes a quote does a
second parse compare each object's length with the members written.

A scanner of this module's own runs only when a parse fails or a key is written twice.
It reads the text as `json.loads` does, says where and why it stops being JSON in its
own words, and lists every key written twice in one object. It keeps its own stack, so
no depth of nesting makes it recurse.

Positions are 1-based and counted as `json.JSONDecodeError` counts them: only `\\n`
ends a line, and a column counts code points.
"""

from __future__ import annotations

import dataclasses
import json
import threading

from zarr_metadata._json_scan import DuplicateKey, Fault, Scanner, line_and_column

__all__ = ["BrokenJSON", "DuplicateKey", "JSONText", "parse_json_text", "read_json_text"]


@dataclasses.dataclass(frozen=True)
class JSONText:
    """A text that holds one JSON value."""

    text: str
    value: object
    """The value as `json.loads` reads it: of a key written twice, the last member wins."""
    duplicates: tuple[DuplicateKey, ...]
    """Every later copy of a key, in the order of the text."""


@dataclasses.dataclass(frozen=True)
class BrokenJSON:
    """A file that does not hold UTF-8 JSON, where it first goes wrong and why."""

    line: int
    column: int
    message: str


def read_json_text(data: bytes) -> JSONText | BrokenJSON:
    """The bytes of a metadata file, read as UTF-8 JSON; never raises."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        return _wide_text(data) or _not_utf8(data, error)
    read = parse_json_text(text)
    if isinstance(read, BrokenJSON):
        # UTF-16 or UTF-32 text of ASCII characters decodes as UTF-8 with NULs between them.
        return _wide_text(data) or read
    return read


def parse_json_text(text: str) -> JSONText | BrokenJSON:
    """A decoded text, read as JSON; never raises."""
    counter = _COUNTER
    try:
        value: object = counter.decoder.decode(text)
    except (ValueError, RecursionError) as error:
        counter.objects.clear()
        return _broken(text, error)
    members = counter.members()
    # Each member writes one colon outside strings, after its key, so when the objects
    # hold as many members as there are colons, none lost a member to a later copy of
    # its key.
    if members == text.count(":"):
        return JSONText(text, value, ())
    return JSONText(text, value, _duplicates(text, members))


class _ObjectCounter(threading.local):
    """Per thread, a decoder that keeps every object it reads, so that their members can be counted."""

    def __init__(self) -> None:
        self.objects: list[dict[str, object]] = []
        keep = self.objects.append

        def kept(members: dict[str, object]) -> dict[str, object]:
            keep(members)
            return members

        self.decoder = json.JSONDecoder(object_hook=kept)

    def members(self) -> int:
        """How many members the objects read since the last call hold."""
        count = sum(map(len, self.objects))
        self.objects.clear()
        return count


_COUNTER = _ObjectCounter()


class _RepeatedKey(Exception):
    """An object of the text writes a key twice; raised to leave the parse."""


def _refusing_duplicates(pairs: list[tuple[str, object]]) -> dict[str, object]:
    members = dict(pairs)
    if len(members) < len(pairs):
        raise _RepeatedKey
    return members


# This hook keeps no state, so one decoder serves every thread.
_DUPLICATES_REFUSED = json.JSONDecoder(object_pairs_hook=_refusing_duplicates)


def _duplicates(text: str, members: int) -> tuple[DuplicateKey, ...]:
    """The keys that the JSON `text`, whose objects hold `members` members, writes twice in one object."""
    if '\\"' not in text:
        # With no quote escaped, the text's quotes alternate opening and closing a string.
        if "".join(text.split('"')[::2]).count(":") == members:
            return ()
    elif _no_key_repeated(text):
        return ()
    scanner = Scanner(text)
    # json.loads read the text, so the scanner, which reads what it reads, meets no fault.
    scanner.scan()
    return scanner.duplicates()


def _no_key_repeated(text: str) -> bool:
    """Whether no object of the JSON `text` writes a key twice."""
    try:
        _DUPLICATES_REFUSED.decode(text)
    except (_RepeatedKey, ValueError, RecursionError):
        return False
    return True


def _broken(text: str, error: Exception) -> BrokenJSON:
    """Why `json.loads` refused `text`, found by scanning it."""
    scanner = Scanner(text)
    fault = scanner.scan()
    if fault is not None:
        return _refusal(text, fault)
    if isinstance(error, RecursionError):
        depth, offset = scanner.deepest
        line, column = line_and_column(text, offset)
        return BrokenJSON(
            line,
            column,
            f"arrays and objects are nested {depth} levels deep here, "
            "more than the JSON parser can read",
        )
    # The scanner reads what json.loads reads, so this is not expected; still, say where.
    offset = error.pos if isinstance(error, json.JSONDecodeError) else 0
    line, column = line_and_column(text, offset)
    return BrokenJSON(line, column, "the text stops being JSON here")


def _refusal(text: str, fault: Fault) -> BrokenJSON:
    """The `BrokenJSON` that reports `fault`, with its line and column in `text`."""
    line, column = line_and_column(text, fault.offset)
    return BrokenJSON(line, column, fault.message)


_WIDE_BOMS = (
    (b"\xff\xfe\x00\x00", "UTF-32"),
    (b"\x00\x00\xfe\xff", "UTF-32"),
    (b"\xff\xfe", "UTF-16"),
    (b"\xfe\xff", "UTF-16"),
)


def _wide_text(data: bytes) -> BrokenJSON | None:
    """A refusal of UTF-16 or UTF-32 text, or None when `data` is neither."""
    for bom, encoding in _WIDE_BOMS:
        if data.startswith(bom):
            return BrokenJSON(
                1,
                1,
                f"the file is {encoding} text (it starts with a {encoding} byte-order mark); "
                "save it as UTF-8",
            )
    encoding = _wide_encoding(data)
    if encoding is None:
        return None
    name = encoding[:6].upper()
    return BrokenJSON(
        1, 1, f"the file is {name} text (it has NUL bytes between its characters); save it as UTF-8"
    )


def _wide_encoding(data: bytes) -> str | None:
    """The UTF-16 or UTF-32 codec that reads `data`, guessed from where its first character puts NULs."""
    head = data[:4]
    if len(head) < 2 or 0 not in head[:2]:
        return None
    if head[:3] == b"\x00\x00\x00":
        encoding = "utf-32-be"
    elif head[1:4] == b"\x00\x00\x00":
        encoding = "utf-32-le"
    else:
        encoding = "utf-16-be" if head[0] == 0 else "utf-16-le"
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError:
        return None
    # Text without NULs in that encoding: NULs in the bytes were its characters' zero bytes.
    return None if "\x00" in text else encoding


def _not_utf8(data: bytes, error: UnicodeDecodeError) -> BrokenJSON:
    # Everything before the first bad byte decodes, so its lines and code points can be counted.
    before = data[: error.start].decode("utf-8")
    line, column = line_and_column(before, len(before))
    byte = data[error.start]
    if error.end == len(data) and error.reason == "unexpected end of data":
        return BrokenJSON(
            line,
            column,
            f"the file ends inside a UTF-8 character (it starts with the byte 0x{byte:02x})",
        )
    return BrokenJSON(line, column, f"expected UTF-8 text, found the byte 0x{byte:02x}")
