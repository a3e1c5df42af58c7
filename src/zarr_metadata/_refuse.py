"""The slow half of the checker: what a compiled checker calls when a value is not what its fast test expects.

The generated code tests the common case inline. When that test fails,
one of these functions decides whether the value is still acceptable (an
int subclass, say) and, if not, says precisely why. Each returns the
refined value, or `FAIL` after adding at least one problem.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Mapping, Sized
from typing import Any, Final, cast

from zarr_metadata._frozen import FrozenObject
from zarr_metadata._json import JSONValue, Loc, ProblemKind, Problems, ValidationProblem, shown
from zarr_metadata._shapes import (
    AnyJSON,
    Array,
    Bounds,
    Choice,
    FixedArray,
    Node,
    Object,
    Record,
    Scalar,
    Union,
    kind_of,
)

FAIL: Final = object()
"""What a checker returns for a value with problems."""

JSON_INT: Final = 10**4300
"""No integer this large or larger (in magnitude) is JSON here: Python neither reads nor writes one of 4301 digits as text."""

JSON_INT_MIN: Final = -JSON_INT

MAX_DEPTH: Final = 256
"""The most levels of arrays and objects a value may nest; a container deeper than this is a problem."""

Checker = Callable[[object, Loc, list[ValidationProblem], int], Any]
"""A compiled check: (value, loc, problems found so far, depth) -> refined value or FAIL."""


def add(
    problems: list[ValidationProblem],
    loc: Loc,
    message: str,
    kind: ProblemKind,
    value: object = None,
    ctx: Mapping[str, JSONValue] | None = None,
) -> object:
    """Add a problem about `value` at `loc`, and return FAIL."""
    problems.append(
        ValidationProblem(loc, message, kind, input=_as_input(value), ctx=dict(ctx or {}))
    )
    return FAIL


def _as_input(value: object) -> Any:
    # A problem's input is JSON; a Python value JSON cannot hold (a set, a
    # custom object) is kept out of it, since the message shows it anyway.
    return value if kind_of(value) != "other" else None


def wrong_type(value: object, loc: Loc, problems: list[ValidationProblem], expected: str) -> object:
    """Refuse `value` for not being the JSON type `expected` describes."""
    return add(problems, loc, f"expected {expected}, got {shown(value)}", "invalid_type", value)


def too_long(value: int, loc: Loc, problems: list[ValidationProblem]) -> object:
    """Refuse an integer of more digits than JSON text holds here."""
    return add(
        problems,
        loc,
        f"expected an integer of at most 4300 digits, got one of about {int(value.bit_length() * 0.30103)} digits",
        "invalid_value",
        None,
    )


def too_deep(value: object, loc: Loc, problems: list[ValidationProblem]) -> object:
    """Refuse a container nested past the depth limit, without looking inside it."""
    return add(
        problems,
        loc,
        f"nesting deeper than {MAX_DEPTH} levels of arrays and objects is not allowed",
        "invalid_value",
        None,
        {"max_depth": MAX_DEPTH},
    )


def bad_key(key: object, loc: Loc, problems: list[ValidationProblem]) -> object:
    """Refuse an object whose key is not a string (a Python dict can hold one; JSON cannot)."""
    return add(
        problems,
        loc,
        f"expected object keys to be strings, got the key {shown(key)}",
        "invalid_type",
    )


def unknown_key(
    key: str, loc: Loc, problems: list[ValidationProblem], record: Record, value: object
) -> object:
    """Refuse a member that a closed TypedDict does not declare."""
    declared = ", ".join(shown(member.key) for member in record.members)
    allowed = f"; expected only {declared}" if declared else "; expected no members"
    return add(problems, (*loc, key), f"unknown member {shown(key)}{allowed}", "unknown_key", value)


def missing(
    value: Mapping[str, object], loc: Loc, problems: list[ValidationProblem], record: Record
) -> object:
    """Add a problem for each required member of `record` that `value` lacks."""
    for member in record.members:
        if member.required and member.key not in value:
            add(
                problems,
                (*loc, member.key),
                f"missing required member {shown(member.key)}",
                "missing_key",
            )
    return FAIL


def length_problem(
    value: object, size: int, loc: Loc, problems: list[ValidationProblem], node: Array | Scalar
) -> object | None:
    """Refuse a string or array whose length is out of bounds; None when it is within them."""
    low, high = node.min_length, node.max_length
    if (low is None or size >= low) and (high is None or size <= high):
        return None
    noun = "items" if isinstance(node, Array) else "characters"
    return add(
        problems,
        loc,
        f"expected {_length_text(low, high, noun)}, got {size}",
        "invalid_value",
        value,
        {
            key: bound
            for key, bound in (("min_length", low), ("max_length", high))
            if bound is not None
        },
    )


def _length_text(low: int | None, high: int | None, noun: str) -> str:
    if low is not None and high is not None:
        return f"exactly {low} {noun}" if low == high else f"between {low} and {high} {noun}"
    if low is not None:
        return f"at least {low} {noun}"
    return f"at most {high} {noun}"


# Messages


def describe(node: Node) -> str:
    """What a node admits, in a few words for a message: "an integer in [0, 9]"."""
    if isinstance(node, AnyJSON):
        return "a JSON value"
    if isinstance(node, Scalar):
        return _describe_scalar(node)
    if isinstance(node, Choice):
        if len(node.values) == 1:
            return shown(node.values[0])
        return "one of " + ", ".join(shown(value) for value in node.values)
    if isinstance(node, Array | FixedArray):
        return "an array"
    if isinstance(node, Object | Record):
        return "an object"
    if isinstance(node, Union):
        return _either(node.kinds)
    return _either(node.kinds)


_KIND_WORDS = {
    "null": "null",
    "boolean": "a boolean",
    "integer": "an integer",
    "number": "a number",
    "string": "a string",
    "array": "an array",
    "object": "an object",
}
_KIND_ORDER = ("number", "integer", "string", "boolean", "array", "object", "null")


def _either(kinds: frozenset[str]) -> str:
    if "number" in kinds:
        kinds = kinds - {"integer"}
    words = [_KIND_WORDS[kind] for kind in _KIND_ORDER if kind in kinds]
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]


def _describe_scalar(node: Scalar) -> str:
    if node.type is bool:
        return "a boolean"
    if node.type is str:
        if node.min_length is None and node.max_length is None:
            return "a string"
        return f"a string of {_length_text(node.min_length, node.max_length, 'characters')}"
    if node.type is type(None):
        return "null"
    noun = "an integer" if node.type is int else "a number"
    return noun + _bounds_text(node.bounds)


def _bounds_text(bounds: Bounds) -> str:
    low = (
        ("[", bounds.ge)
        if bounds.ge is not None
        else ("(", bounds.gt)
        if bounds.gt is not None
        else None
    )
    high = (
        ("]", bounds.le)
        if bounds.le is not None
        else (")", bounds.lt)
        if bounds.lt is not None
        else None
    )
    if low is not None and high is not None:
        return f" in {low[0]}{shown(low[1])}, {shown(high[1])}{high[0]}"
    if low is not None:
        return f" {'>=' if low[0] == '[' else '>'} {shown(low[1])}"
    if high is not None:
        return f" {'<=' if high[0] == ']' else '<'} {shown(high[1])}"
    return ""


def _bounds_ctx(bounds: Bounds) -> dict[str, JSONValue]:
    return {
        name: value
        for name, value in (
            ("ge", bounds.ge),
            ("gt", bounds.gt),
            ("le", bounds.le),
            ("lt", bounds.lt),
        )
        if value is not None
    }


def _within(value: int | float, bounds: Bounds) -> bool:
    return (
        (bounds.ge is None or value >= bounds.ge)
        and (bounds.gt is None or value > bounds.gt)
        and (bounds.le is None or value <= bounds.le)
        and (bounds.lt is None or value < bounds.lt)
    )


# Slow checkers of scalars, built once per node.


def scalar_checker(node: Scalar) -> Checker:
    """The full check of a JSON scalar, for values the inline test did not accept."""
    expected = describe(node)
    kind_name = _describe_scalar(Scalar(node.type))

    if node.type is type(None):

        def check_null(
            value: object, loc: Loc, problems: list[ValidationProblem], depth: int
        ) -> object:
            return None if value is None else wrong_type(value, loc, problems, "null")

        return check_null

    if node.type is bool:

        def check_bool(
            value: object, loc: Loc, problems: list[ValidationProblem], depth: int
        ) -> object:
            if value is True or value is False:
                return value
            if isinstance(value, bool):
                return bool(value)
            return wrong_type(value, loc, problems, "a boolean")

        return check_bool

    if node.type is str:

        def check_str(
            value: object, loc: Loc, problems: list[ValidationProblem], depth: int
        ) -> object:
            if not isinstance(value, str):
                return wrong_type(value, loc, problems, kind_name)
            refused = length_problem(value, len(value), loc, problems, node)
            return str(value) if refused is None else FAIL

        return check_str

    integral = node.type is int

    def check_number(
        value: object, loc: Loc, problems: list[ValidationProblem], depth: int
    ) -> object:
        if isinstance(value, bool) or not isinstance(value, int | float):
            return wrong_type(value, loc, problems, kind_name)
        if isinstance(value, float):
            if integral:
                return add(
                    problems,
                    loc,
                    f"expected {kind_name}, got {shown(value)}",
                    "invalid_type",
                    value,
                )
            if not math.isfinite(value):
                return add(
                    problems,
                    loc,
                    f"expected a finite number, got {shown(value)}",
                    "invalid_value",
                    value,
                )
            value = float(value)
        else:
            value = int(value)
            if not JSON_INT_MIN < value < JSON_INT:
                return too_long(value, loc, problems)
        if not _within(value, node.bounds):
            return add(
                problems,
                loc,
                f"expected {expected}, got {shown(value)}",
                "invalid_value",
                value,
                _bounds_ctx(node.bounds),
            )
        return value

    return check_number


def choice_checker(node: Choice) -> Checker:
    """The full check of a Literal."""
    pairs = frozenset((kind_of(value), value) for value in node.values)
    types = frozenset(_json_type(value) for value in node.values)
    expected = describe(node)

    def check_choice(
        value: object, loc: Loc, problems: list[ValidationProblem], depth: int
    ) -> object:
        kind = kind_of(value)
        try:
            found = (kind, value) in pairs
        except TypeError:  # an unhashable value is never a literal
            found = False
        if found:
            return value
        # The JSON type decides the kind: `"3"` where 3 belongs is the wrong
        # type, `4` (or `3.0`, a number too) the wrong value.
        if _json_type(value) not in types:
            return wrong_type(value, loc, problems, expected)
        return add(
            problems, loc, f"expected {expected}, got {shown(value)}", "invalid_value", value
        )

    return check_choice


def _json_type(value: object) -> str:
    """The JSON type of `value` as a literal judges it: integers are numbers, and NaN and the infinities are no JSON number."""
    kind = kind_of(value)
    if kind == "integer":
        return "number"
    if kind == "number" and not math.isfinite(cast(float, value)):
        return "other"
    return kind


def taken_as_it_is(
    value: object, loc: Loc, problems: list[ValidationProblem], depth: int
) -> object:
    """The check of a member a reader judges itself: any value passes, as it is."""
    return value


# Any JSON: attributes, and members nothing reads.


def json_checker(finite: bool, frozen: bool = False) -> Checker:
    """The check of any JSON value, with arrays refined to tuples and objects to fresh dicts (read-only ones when `frozen`)."""
    made: type[dict[str, object]] = FrozenObject if frozen else dict

    def check_json(value: Any, loc: Loc, problems: list[ValidationProblem], depth: int) -> object:
        kind: type[object] = type(value)  # pyright: ignore[reportUnknownVariableType]
        if (
            kind is str
            or kind is bool
            or value is None
            or (kind is int and JSON_INT_MIN < value < JSON_INT)
        ):
            return value
        if kind is int:
            return too_long(value, loc, problems)
        if kind is float:
            if finite and value - value != 0.0:
                return add(
                    problems,
                    loc,
                    f"expected a finite number, got {shown(value)}",
                    "invalid_value",
                    value,
                )
            return value
        if kind is list or kind is tuple:
            return check_items(value, loc, problems, depth)
        if kind is dict or isinstance(value, Mapping):
            return check_members(value, loc, problems, depth)
        if isinstance(value, list | tuple):
            return check_items(list(cast("list[object]", value)), loc, problems, depth)
        if isinstance(value, bool):
            return bool(value)
        if isinstance(value, int):
            return check_json(int(value), loc, problems, depth)
        if isinstance(value, str):
            return str(value)
        if isinstance(value, float):
            return check_json(float(value), loc, problems, depth)
        return wrong_type(value, loc, problems, "a JSON value")

    # The loops below test the common scalars inline, since most values in
    # user data are scalars and a call per value would double the cost.

    def check_items(value: Any, loc: Loc, problems: list[ValidationProblem], depth: int) -> object:
        if depth >= MAX_DEPTH:
            return too_deep(value, loc, problems)
        for item in value:
            # Most arrays in user data hold only strings (dimension names):
            # those are refined by one copy.
            if type(item) is not str:
                break
        else:
            return tuple(value)
        items: list[object] = []
        append = items.append
        good = True
        for index, item in enumerate(value):
            kind: type[object] = type(item)  # pyright: ignore[reportUnknownVariableType]
            if (
                kind is str
                or kind is bool
                or item is None
                or (kind is float and (not finite or item - item == 0.0))
                or (kind is int and JSON_INT_MIN < item < JSON_INT)
            ):
                append(item)
                continue
            refined = check_json(item, (*loc, index), problems, depth + 1)
            if refined is FAIL:
                good = False
            append(refined)
        return tuple(items) if good else FAIL

    def check_members(
        value: Any, loc: Loc, problems: list[ValidationProblem], depth: int
    ) -> object:
        if depth >= MAX_DEPTH:
            return too_deep(value, loc, problems)
        members: dict[str, object] = {}
        good = True
        for key, item in value.items():
            if type(key) is not str:
                if not isinstance(key, str):
                    bad_key(key, loc, problems)
                    good = False
                    continue
                key = str(key)
            kind: type[object] = type(item)  # pyright: ignore[reportUnknownVariableType]
            if (
                kind is str
                or kind is bool
                or item is None
                or (kind is float and (not finite or item - item == 0.0))
                or (kind is int and JSON_INT_MIN < item < JSON_INT)
            ):
                members[key] = item
                continue
            refined = check_json(item, (*loc, key), problems, depth + 1)
            if refined is FAIL:
                good = False
            members[key] = refined
        return made(members) if good else FAIL

    return check_json


_fits = threading.local()


def best_fit(
    members: tuple[Checker, ...],
    value: object,
    loc: Loc,
    problems: list[ValidationProblem],
    depth: int,
) -> object:
    """Check `value` against each member of a union that takes its JSON type; the first that fits wins.

    When none fits, the union reports the problems of the member that fits
    best: the one whose shallowest problem lies deepest in the value (it
    matched the most before failing), then the one with the fewest
    problems, then the one declared first.

    An array or object a union meets again at the same place (two members
    that both recurse into the union) reuses the first answer, so checking
    costs time linear in the value rather than exponential in its depth.
    """
    kind = type(value)
    memo: dict[object, tuple[object, object, Problems]] | None = None
    outermost = False
    key: object = None
    if not (kind is str or kind is int or kind is float or kind is bool or value is None):
        memo = getattr(_fits, "memo", None)
        if memo is None:
            memo = _fits.memo = {}
            outermost = True
        key = (id(members), id(value), loc, depth)
        known = memo.get(key)
        # The memo keeps the value alive, so its id cannot be reused by another.
        if known is not None and known[0] is value:
            problems.extend(known[2])
            return known[1]
    # Everything below runs in this one frame: a recursive union already
    # spends frames on each level of the value, and Python's are limited.
    try:
        refined: object = FAIL
        best: tuple[tuple[int, int], list[ValidationProblem]] | None = None
        for member in members:
            found: list[ValidationProblem] = []
            refined = member(value, loc, found, depth)
            if refined is not FAIL:
                best = None
                break
            score = (min(len(problem.loc) for problem in found), -len(found))
            if best is None or score > best[0]:
                best = (score, found)
        chosen: Problems = () if best is None else tuple(best[1])
        if best is not None and len(members) > 1:
            chosen = _lengths_joined(members, value, loc, depth) or chosen
        if memo is not None:
            memo[key] = (value, refined, chosen)
        problems.extend(chosen)
        return refined
    finally:
        if outermost:
            _fits.memo = None


def _lengths_joined(members: tuple[Checker, ...], value: object, loc: Loc, depth: int) -> Problems:
    """One problem naming every length the union's members take, when each refused `value` for its length alone; else none.

    A union of fixed arrays (a record of two or of three items) refuses an
    array of the wrong length once for each length: said once, with all of
    them, the problem tells the writer what would fit.
    """
    lengths: list[int] = []
    for member in members:
        found: list[ValidationProblem] = []
        member(value, loc, found, depth)
        if len(found) != 1 or found[0].loc != loc:
            return ()
        low, high = found[0].ctx.get("min_length"), found[0].ctx.get("max_length")
        if type(low) is not int or low != high:
            return ()
        lengths.append(low)
    if len(set(lengths)) < 2:
        return ()
    spelled = sorted(set(lengths))
    text = ", ".join(str(length) for length in spelled[:-1]) + f" or {spelled[-1]}"
    size = len(cast("Sized", value))
    return (
        ValidationProblem(
            loc,
            f"expected an array of {text} items, got {size}",
            "invalid_value",
            input=_as_input(value),
            ctx={"lengths": tuple(spelled)},
        ),
    )


def not_array(
    checker: Checker, value: object, loc: Loc, problems: list[ValidationProblem], depth: int
) -> object:
    """Check a value that is not a list or tuple: a subclass of one is read as an array, anything else refused."""
    if isinstance(value, list | tuple):
        return checker(list(value), loc, problems, depth)  # pyright: ignore[reportUnknownArgumentType]
    return wrong_type(value, loc, problems, "an array")


def not_dict(value: object, loc: Loc, problems: list[ValidationProblem]) -> bool:
    """Whether a value that is not a dict is no object either, in which case it is refused."""
    if isinstance(value, Mapping):
        return False
    wrong_type(value, loc, problems, "an object")
    return True
