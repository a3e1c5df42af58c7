"""Reading a metadata file: its text and JSON value, or the line and column where it stops being UTF-8 JSON."""

from __future__ import annotations

import dataclasses
import json


@dataclasses.dataclass(frozen=True)
class Parsed:
    """A file that holds UTF-8 JSON."""

    text: str
    value: object


@dataclasses.dataclass(frozen=True)
class NotJSON:
    """A file that does not hold UTF-8 JSON, and where it first goes wrong."""

    line: int
    column: int
    message: str


def decoded(data: bytes) -> Parsed | NotJSON:
    """The bytes of a metadata file, parsed."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        # Everything before the first bad byte decodes, so its lines and code points can be counted.
        before = data[: error.start].decode("utf-8")
        line = before.count("\n") + 1
        column = len(before) - (before.rfind("\n") + 1) + 1
        return NotJSON(line, column, f"expected UTF-8 text, found the byte 0x{data[error.start]:02x}")
    return parsed(text)


def parsed(text: str) -> Parsed | NotJSON:
    """`text` parsed as JSON, as `json.loads` reads it (bare `NaN` and `Infinity` included)."""
    try:
        return Parsed(text, json.loads(text))
    except json.JSONDecodeError as error:
        return NotJSON(error.lineno, error.colno, f"expected JSON: {error.msg}")
    except RecursionError:
        return NotJSON(1, 1, "expected JSON nested less deeply than the parser can read")
    except ValueError as error:
        # For example an integer with more digits than Python converts; the parser says no position.
        return NotJSON(1, 1, f"expected JSON that Python can read: {error}")
