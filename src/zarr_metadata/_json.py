"""The JSON vocabulary every layer shares: JSON values, locations, problems, and how values are shown."""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Literal, TypeAlias

from typing_extensions import Sentinel, TypeAliasType

UNSET = Sentinel("UNSET")
"""A member that is not there, as opposed to one that holds null."""

JSONValue = TypeAliasType(
    "JSONValue",
    "int | float | bool | str | list[JSONValue] | tuple[JSONValue, ...] | Mapping[str, JSONValue] | None",
)
"""Any JSON value, with arrays as lists (from a parser) or tuples (from a model). Numbers are finite."""

UserJSONValue = TypeAliasType("UserJSONValue", JSONValue)
"""JSON that holds user data (attributes): like JSONValue, but NaN and the infinities are allowed."""

Loc: TypeAlias = tuple[str | int, ...]
"""Where a value sits: the object keys and array indices from the document root."""

ProblemKind = Literal["missing_key", "invalid_type", "invalid_value", "invalid_json", "unknown_key"]
"""What is wrong: `missing_key` (a required member is absent), `invalid_type` (a value of the wrong JSON type), `invalid_value` (a value of the right type that is not allowed), `invalid_json` (text that is not JSON), `unknown_key` (a member that a closed object does not declare)."""

_EMPTY_CTX: Mapping[str, JSONValue] = MappingProxyType({})


def _no_ctx() -> Mapping[str, JSONValue]:
    return _EMPTY_CTX


@dataclasses.dataclass(frozen=True, slots=True)
class ValidationProblem:
    """One thing wrong with a document, located from its root.

    Problems compare by every field, and hash by location, message and kind,
    because `input` and `ctx` may hold unhashable JSON.
    """

    loc: Loc
    message: str
    kind: ProblemKind
    input: JSONValue | UNSET = dataclasses.field(default=UNSET, kw_only=True, hash=False)
    ctx: Mapping[str, JSONValue] = dataclasses.field(
        default_factory=_no_ctx, kw_only=True, hash=False
    )

    def __str__(self) -> str:
        return f"{shown_loc(self.loc)}: {self.message}"

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        # A read-only ctx (the default one included) is a mappingproxy, which
        # pickle refuses; it travels as a dict and is made read-only again.
        return _unpickled_problem, (self.loc, self.message, self.kind, self.input, dict(self.ctx))


def _unpickled_problem(
    loc: Loc, message: str, kind: ProblemKind, input: JSONValue | UNSET, ctx: dict[str, JSONValue]
) -> ValidationProblem:
    return ValidationProblem(
        loc, message, kind, input=input, ctx=MappingProxyType(ctx) if ctx else _EMPTY_CTX
    )


Problems: TypeAlias = tuple[ValidationProblem, ...]
"""Every problem found, in the order found."""


def relocated(problem: ValidationProblem, loc: Loc) -> ValidationProblem:
    """`problem` at `loc` instead: the one way a problem moves."""
    return ValidationProblem(
        loc, problem.message, problem.kind, input=problem.input, ctx=problem.ctx
    )


def under(at: Loc, problems: Iterable[ValidationProblem]) -> list[ValidationProblem]:
    """Each of `problems`, found in a part of a document, located from the document's root, the part being at `at`."""
    return [relocated(problem, (*at, *problem.loc)) for problem in problems]


def shown_loc(loc: Loc) -> str:
    """A location as a reader writes it in a message: `codecs[1].configuration`, or `(root)`."""
    if len(loc) == 0:
        return "(root)"
    parts: list[str] = []
    for part in loc:
        if isinstance(part, int):
            parts.append(f"[{part}]")
        else:
            parts.append(part if len(parts) == 0 else f".{part}")
    return "".join(parts)


_SHOWN_LIMIT = 80


def shown(value: object) -> str:
    """A value as JSON text for a message: strings quoted, tuples as arrays, `NaN` and `Infinity` bare, long values cut short with `...`."""
    pieces: list[str] = []
    _render(value, pieces, [0], 0)
    text = "".join(pieces)
    if len(text) > _SHOWN_LIMIT:
        return text[: _SHOWN_LIMIT - 3] + "..."
    return text


def _render(value: object, pieces: list[str], length: list[int], depth: int) -> None:
    # Rendering stops once the text is longer than a message can show, so a
    # huge or deeply nested value costs no more than a short one.
    if length[0] > _SHOWN_LIMIT or depth > 32:
        pieces.append("...")
        length[0] += 3
        return
    text: str | None = None
    if value is None:
        text = "null"
    elif value is True:
        text = "true"
    elif value is False:
        text = "false"
    elif isinstance(value, str):
        text = _quoted(value)
    elif isinstance(value, int):
        digits = _int_text(value)
        text = digits
    elif isinstance(value, float):
        text = _float_text(value)
    if text is not None:
        pieces.append(text)
        length[0] += len(text)
        return
    if isinstance(value, list | tuple):
        items: list[object] | tuple[object, ...] = value  # pyright: ignore[reportUnknownVariableType]
        pieces.append("[")
        length[0] += 1
        for index, item in enumerate(items):
            if index:
                pieces.append(", ")
                length[0] += 2
            _render(item, pieces, length, depth + 1)
            if length[0] > _SHOWN_LIMIT:
                break
        pieces.append("]")
        length[0] += 1
        return
    if isinstance(value, Mapping):
        mapping: Mapping[object, object] = value  # pyright: ignore[reportUnknownVariableType]
        pieces.append("{")
        length[0] += 1
        for index, (key, item) in enumerate(mapping.items()):
            if index:
                pieces.append(", ")
                length[0] += 2
            # A key JSON cannot hold is shown by `shown`, whose repr is guarded.
            _render(key if isinstance(key, str) else shown(key), pieces, length, depth + 1)
            pieces.append(": ")
            length[0] += 2
            _render(item, pieces, length, depth + 1)
            if length[0] > _SHOWN_LIMIT:
                break
        pieces.append("}")
        length[0] += 1
        return
    try:
        text = repr(value)
    except Exception:  # a broken __repr__ must not break a message
        text = f"<{type(value).__name__}>"
    if len(text) > _SHOWN_LIMIT:
        text = text[:_SHOWN_LIMIT] + "..."
    pieces.append(text)
    length[0] += len(text)


def _quoted(text: str) -> str:
    if len(text) > _SHOWN_LIMIT:
        text = text[:_SHOWN_LIMIT]
        return _escaped(text)[:-1] + '..."'
    return _escaped(text)


def _escaped(text: str) -> str:
    out = ['"']
    for char in text:
        if char == '"' or char == "\\":
            out.append("\\" + char)
        elif char < " ":
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(char)
    out.append('"')
    return "".join(out)


MOST_DIGITS = 4300
"""The most decimal digits of a number written in text that Python converts to an int (and back)."""


def decimal(digits: str) -> int | None:
    """The integer the decimal `digits` write; None when there are more than `MOST_DIGITS`, which Python refuses to convert."""
    if len(digits) > MOST_DIGITS:
        return None
    return int(digits)


def too_many_digits(text: str) -> int | None:
    """The length of the longest run of decimal digits in `text`, when it is more than `MOST_DIGITS`; None otherwise."""
    if len(text) <= MOST_DIGITS:
        return None
    longest = max((len(run) for run in _DIGIT_RUNS.findall(text)), default=0)
    return longest if longest > MOST_DIGITS else None


_DIGIT_RUNS = re.compile(r"[0-9]+")


def _int_text(value: int) -> str:
    # Python refuses to print an int of more than 4300 digits; a message
    # needs only its size.
    if value.bit_length() > 256:
        return f"<an integer of {value.bit_length()} bits>"
    return str(int(value))


def _float_text(value: float) -> str:
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    return repr(float(value))
