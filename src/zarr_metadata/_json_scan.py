"""A scanner of JSON text, for the texts `json.loads` refuses or that write a key twice: where and why a text stops being JSON, and every key written twice.

It reads the text as `json.loads` does, and says what is wrong in the tool's own
words. It keeps its own stack, so no depth of nesting makes it recurse. Positions are
1-based and counted as `json.JSONDecodeError` counts them: only `\\n` ends a line, and a
column counts code points.
"""

from __future__ import annotations

import bisect
import collections
import dataclasses
import json
import re
import sys

from zarr_metadata._json import Loc

__all__ = ["DuplicateKey", "Fault", "Lines", "Scanner", "line_and_column"]


@dataclasses.dataclass(frozen=True)
class DuplicateKey:
    """A member key written again in an object that already has it, at the later copy."""

    loc: Loc
    """The location of the member: the object's location, then the key."""
    line: int
    column: int
    """Where the later copy's key starts: its opening quote."""
    key: str
    first_line: int
    first_column: int
    """Where the key's first copy in the object starts."""
    copies: int
    """How many times the key is written in its object."""

    @property
    def message(self) -> str:
        """What is wrong, in the tool's words."""
        times = "twice" if self.copies == 2 else f"{self.copies} times"
        return (
            f"the key {_quoted(self.key)} is written {times} in this object (first at line "
            f"{self.first_line}, column {self.first_column}); most parsers keep the last "
            "value silently, so readers may disagree"
        )


_SPACE = re.compile(r"[ \t\n\r]*")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?")
_NUMBER_LIKE = re.compile(r"[-+.0-9A-Za-z_]+")
_WORD = re.compile(r"-?[A-Za-z_$][A-Za-z0-9_$]*")
_STRING_RUN = re.compile(r'[^"\\\x00-\x1f]*')
_HEX4 = re.compile(r"[0-9a-fA-F]{4}")
_LITERALS = ("true", "false", "null", "NaN", "Infinity", "-Infinity")
_ESCAPED = frozenset('"\\/bfnrt')
_VALUE_STARTS = frozenset("\"'{[-0123456789") | frozenset(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_$"
)
_MEMBER_STARTS = _VALUE_STARTS - frozenset("{[-0123456789")
"""What may start the next member of an object, where a comma is missing before it."""
_OTHER_SPELLINGS = {
    "True": "True is Python's spelling, not JSON's; JSON writes true",
    "False": "False is Python's spelling, not JSON's; JSON writes false",
    "None": "None is Python's spelling, not JSON's; JSON writes null",
    "undefined": "undefined is not a JSON value; write null, or leave the member out",
}
_NON_FINITE = frozenset({"nan", "inf", "infinity", "-nan", "-inf", "-infinity"})


class Fault(Exception):
    """Where the text stops being JSON, and why; raised to end the scan."""

    def __init__(self, offset: int, message: str) -> None:
        super().__init__(message)
        self.offset = offset
        self.message = message


class _Container:
    """An array or object the scanner is inside."""

    __slots__ = ("first_offsets", "is_object", "opening", "step")

    def __init__(self, opening: int, is_object: bool) -> None:
        self.opening = opening
        self.is_object = is_object
        self.step: str | int = 0
        """The member or item being read: the location's next step."""
        self.first_offsets: dict[str, int] = {}
        """Of an object, where each key is first written."""

    @property
    def noun(self) -> str:
        return "object" if self.is_object else "array"


class Scanner:
    """One pass over a text, as `json.loads` reads it: the first fault, every key written twice, the deepest nesting."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.open: list[_Container] = []
        self.repeats: list[tuple[Loc, int, int, _Container]] = []
        """Each later copy of a key: its location, where it and the first copy start, its object."""
        self.deepest = (0, 0)
        """The greatest depth of nesting, and where it is first reached."""

    def scan(self) -> Fault | None:
        """The first place where the text is not JSON; None when it is."""
        try:
            self._document()
        except Fault as fault:
            return fault
        return None

    def duplicates(self) -> tuple[DuplicateKey, ...]:
        """Every later copy of a key, in the order of the text."""
        copies = collections.Counter(
            (id(container), loc[-1]) for loc, _, _, container in self.repeats
        )
        found: list[DuplicateKey] = []
        # One index of the lines for every copy: counting lines from the start for each
        # would make a text of many copies quadratic.
        where = Lines(self.text).line_and_column
        for loc, offset, first, container in sorted(self.repeats, key=lambda repeat: repeat[1]):
            key = str(loc[-1])
            line, column = where(offset)
            first_line, first_column = where(first)
            count = 1 + copies[id(container), key]
            found.append(DuplicateKey(loc, line, column, key, first_line, first_column, count))
        return tuple(found)

    def _document(self) -> None:
        text = self.text
        if text.startswith("\ufeff"):
            raise Fault(
                0,
                "the file starts with a byte-order mark (U+FEFF), which JSON does not allow; "
                "save it as UTF-8 without a BOM",
            )
        position = self._skip(0)
        if position == len(text):
            raise Fault(
                0,
                "the file is empty"
                if not text
                else "the file holds only whitespace, no JSON value",
            )
        while True:
            position, complete = self._value(position)
            while complete:
                if not self.open:
                    return self._end(position)
                position, complete = self._after_value(position)

    def _skip(self, position: int) -> int:
        match = _SPACE.match(self.text, position)
        assert match is not None
        return match.end()

    def _value(self, position: int) -> tuple[int, bool]:
        """Read the value that starts at `position`: where it ends and True, or, when it opens a non-empty container, where its first value starts and False."""
        text = self.text
        char = text[position : position + 1]
        if char == '"':
            return self._string(position), True
        if char in ("{", "["):
            return self._open(position)
        for literal in _LITERALS:
            if text.startswith(literal, position):
                return position + len(literal), True
        if char and char in "-0123456789":
            return self._number(position), True
        raise self._no_value(position)

    def _open(self, position: int) -> tuple[int, bool]:
        container = _Container(position, self.text[position] == "{")
        self.open.append(container)
        if len(self.open) > self.deepest[0]:
            self.deepest = (len(self.open), position)
        inside = self._skip(position + 1)
        if self.text.startswith("}" if container.is_object else "]", inside):
            self.open.pop()
            return inside + 1, True
        return (self._key(inside) if container.is_object else inside), False

    def _after_value(self, end: int) -> tuple[int, bool]:
        """Read past the comma or closing bracket after a value that ends at `end`: where the next value starts and False, or where the container closed ends and True."""
        container = self.open[-1]
        position = self._skip(end)
        char = self.text[position : position + 1]
        closing = "}" if container.is_object else "]"
        if char == closing:
            self.open.pop()
            return position + 1, True
        if char == ",":
            return self._after_comma(container, position), False
        raise self._no_comma(container, end, position)

    def _after_comma(self, container: _Container, comma: int) -> int:
        position = self._skip(comma + 1)
        closing = "}" if container.is_object else "]"
        if self.text.startswith(closing, position):
            last = "member of an object" if container.is_object else "item of an array"
            raise Fault(comma, f"a comma after the last {last} is not allowed in JSON; remove it")
        if container.is_object:
            return self._key(position)
        assert isinstance(container.step, int)
        container.step += 1
        return position

    def _key(self, position: int) -> int:
        """Read the key that starts at `position` and the colon after it; where the member's value starts."""
        text = self.text
        if not text.startswith('"', position):
            raise self._no_key(position)
        end = self._string(position)
        token = text[position:end]
        key: str = json.loads(token) if "\\" in token else token[1:-1]
        self._note_key(key, position)
        colon = self._skip(end)
        if not text.startswith(":", colon):
            if colon == len(text):
                raise self._truncated()
            char = text[colon]
            where = end if char in _VALUE_STARTS else colon
            raise Fault(where, f"expected ':' after the key {_quoted(key)}, found {_shown(char)}")
        return self._skip(colon + 1)

    def _note_key(self, key: str, position: int) -> None:
        container = self.open[-1]
        container.step = key
        first = container.first_offsets.setdefault(key, position)
        if first != position:
            loc = (*(outer.step for outer in self.open[:-1]), key)
            self.repeats.append((loc, position, first, container))

    def _string(self, opening: int) -> int:
        """Read the string whose opening quote is at `opening`; where it ends."""
        text = self.text
        position = opening + 1
        while True:
            match = _STRING_RUN.match(text, position)
            assert match is not None
            position = match.end()
            char = text[position : position + 1]
            if char == '"':
                return position + 1
            if not char:
                raise self._unclosed_string(opening)
            if char != "\\":
                raise self._control_character(opening, position)
            escape = text[position + 1 : position + 2]
            if escape == "u" and _HEX4.match(text, position + 2):
                position += 6
            elif escape and escape in _ESCAPED:
                position += 2
            else:
                raise self._bad_escape(opening, position)

    def _number(self, start: int) -> int:
        """Read the number at `start`; where it ends."""
        text = self.text
        match = _NUMBER.match(text, start)
        if match is None:
            raise self._no_value(start)
        end = match.end()
        if _NUMBER_LIKE.match(text, end) is not None:
            raise self._bad_number(start, match)
        fraction, exponent = match.group(1, 2)
        limit = sys.get_int_max_str_digits()
        digits = end - start - text.startswith("-", start)
        if fraction is None and exponent is None and limit and digits > limit:
            raise Fault(
                start, f"this integer has {digits} digits, more than the {limit} Python reads"
            )
        return end

    def _end(self, end: int) -> None:
        position = self._skip(end)
        if position < len(self.text):
            comment = self._comment(position)
            if comment is not None:
                raise comment
            line, column = line_and_column(self.text, end - 1)
            raise Fault(
                position,
                f"extra text after the JSON value, which ends at line {line}, column {column}",
            )

    # The faults: each says what is wrong, and where the text went wrong.

    def _truncated(self) -> Fault:
        container = self.open[-1]
        line, column = line_and_column(self.text, container.opening)
        return Fault(
            len(self.text),
            f"the file ends before the {container.noun} opened at line {line}, column {column} is closed",
        )

    def _unclosed_string(self, opening: int) -> Fault:
        line, column = line_and_column(self.text, opening)
        return Fault(
            len(self.text),
            f"the file ends inside the string opened at line {line}, column {column}",
        )

    def _control_character(self, opening: int, position: int) -> Fault:
        char = self.text[position]
        if char in "\n\r":
            line, column = line_and_column(self.text, opening)
            return Fault(
                position,
                f"the string opened at line {line}, column {column} is not closed before the "
                f"line ends; a line break inside a string is written {_ESCAPES[char]}",
            )
        spelling = _ESCAPES.get(char, f"\\u{ord(char):04x}")
        return Fault(
            position,
            f"the control character {_shown(char)} inside a string must be escaped: write {spelling}",
        )

    def _bad_escape(self, opening: int, backslash: int) -> Fault:
        escape = self.text[backslash + 1 : backslash + 2]
        if not escape:
            return self._unclosed_string(opening)
        if escape == "u":
            return Fault(backslash, "\\u must be followed by four hexadecimal digits")
        return Fault(
            backslash,
            f"\\{escape} is not an escape JSON knows; the escapes are "
            '\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\u followed by four hexadecimal digits',
        )

    def _bad_number(self, start: int, match: re.Match[str]) -> Fault:
        token = _NUMBER_LIKE.match(self.text, start)
        assert token is not None
        shown = _clipped(token.group())
        after = self.text[match.end()]
        integer = match.group()
        if after.isdigit() and integer in ("0", "-0"):
            reason = "JSON allows no leading zeros"
        elif after in "xX" and integer in ("0", "-0"):
            reason = "JSON numbers are written in decimal, not hexadecimal"
        elif after == "." and match.group(1) is None:
            reason = "a decimal point must be followed by a digit (1.0, not 1.)"
        elif after in "eE":
            reason = "an exponent must have digits (1e5, not 1e)"
        else:
            reason = "it is not a number JSON allows"
        return Fault(start, f"{shown} is not a JSON number: {reason}")

    def _no_value(self, position: int) -> Fault:
        """A fault at `position`, where a value should start and none does."""
        text = self.text
        if position == len(text):
            return self._truncated()
        char = text[position]
        comment = self._comment(position)
        if comment is not None:
            return comment
        if char == "'":
            return Fault(
                position, "a string is written in double quotes in JSON, not single quotes"
            )
        if char == "+" or (char == "." and text[position + 1 : position + 2].isdigit()):
            return self._sign_or_point(position)
        word = _WORD.match(text, position)
        if word is not None:
            return Fault(position, self._word_message(word.group()))
        if char == "-":
            return Fault(position, "a '-' must be followed by the digits of a number")
        return Fault(position, f"expected {self._wanted()}, found {_shown(char)}")

    def _sign_or_point(self, position: int) -> Fault:
        token = _NUMBER_LIKE.match(self.text, position)
        assert token is not None
        shown = _clipped(token.group())
        if shown.startswith("+"):
            return Fault(position, f"{shown} is not a JSON number: a number cannot start with '+'")
        return Fault(
            position,
            f"{shown} is not a JSON number: a decimal point must follow a digit (0.5, not .5)",
        )

    def _word_message(self, word: str) -> str:
        if word in _OTHER_SPELLINGS:
            return _OTHER_SPELLINGS[word]
        if word.lower() in _NON_FINITE:
            return (
                f"{word} is not a JSON value; the non-finite numbers read here are spelled "
                "NaN, Infinity and -Infinity"
            )
        return f"{_clipped(word)} is not a JSON value; a string is written in double quotes"

    def _wanted(self) -> str:
        """What a value is expected as, where one is missing."""
        if not self.open:
            return "a JSON value"
        container = self.open[-1]
        if container.is_object:
            return f"the value of the key {_quoted(str(container.step))}"
        return "an array item"

    def _no_key(self, position: int) -> Fault:
        text = self.text
        if position == len(text):
            return self._truncated()
        comment = self._comment(position)
        if comment is not None:
            return comment
        char = text[position]
        if char == "'":
            return Fault(position, "a key is written in double quotes in JSON, not single quotes")
        bare = _NUMBER_LIKE.match(text, position)
        if bare is not None:
            return Fault(
                position,
                f"the key {_clipped(bare.group())} is not in double quotes; "
                "JSON keys are strings in double quotes",
            )
        return Fault(position, f"expected a key in double quotes, found {_shown(char)}")

    def _no_comma(self, container: _Container, end: int, position: int) -> Fault:
        """A fault after a value that ends at `end` and is followed, at `position`, by neither a comma nor its container's closing bracket."""
        text = self.text
        if position == len(text):
            return self._truncated()
        comment = self._comment(position)
        if comment is not None:
            return comment
        char = text[position]
        line, column = line_and_column(text, position)
        if char in "]}":
            opened_line, opened_column = line_and_column(text, container.opening)
            return Fault(
                position,
                f"the {container.noun} opened at line {opened_line}, column {opened_column} "
                f"is closed with {_shown(char)}",
            )
        next_starts = _MEMBER_STARTS if container.is_object else _VALUE_STARTS
        if char in next_starts:
            following = "member" if container.is_object else "item"
            return Fault(
                end,
                f"expected a comma after this value: the next {following} starts at line {line}, "
                f"column {column} without one",
            )
        closing = "}" if container.is_object else "]"
        return Fault(
            position, f"expected ',' or '{closing}' after this value, found {_shown(char)}"
        )

    def _comment(self, position: int) -> Fault | None:
        """A fault at the comment that starts at `position`, or None when none does."""
        if self.text.startswith(("//", "/*"), position):
            return Fault(position, "JSON does not allow comments")
        return None


_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}


def _shown(char: str) -> str:
    """A character as a message shows it: quoted when it prints, otherwise by its code point."""
    if char.isprintable() and not char.isspace():
        return f"'{char}'"
    return f"U+{ord(char):04X}"


def _quoted(key: str) -> str:
    return json.dumps(key, ensure_ascii=False)


def _clipped(token: str) -> str:
    return token if len(token) <= 24 else token[:20] + "..."


class Lines:
    """Where each line of a text starts, to find the line and column of many offsets, each in logarithmic time."""

    def __init__(self, text: str) -> None:
        self._ends = [match.start() for match in re.finditer("\n", text)]

    def line_and_column(self, offset: int) -> tuple[int, int]:
        """The line and column of `offset`, as `line_and_column` counts them."""
        before = bisect.bisect_left(self._ends, offset)
        return before + 1, offset - (self._ends[before - 1] if before else -1)


def line_and_column(text: str, offset: int) -> tuple[int, int]:
    """The line and column of `offset` in `text`, counted as `json.JSONDecodeError` counts them."""
    return text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)


# Bytes.
