"""Judging a JSON value against a shape: a TypedDict, a Literal, a bounded number, or a union, tuple, sequence, mapping or type alias of these."""

from __future__ import annotations

import threading
from typing import Any, TypeVar

from zarr_metadata._codegen import Generated, generate
from zarr_metadata._json import JSONValue, Loc, UserJSONValue, ValidationProblem
from zarr_metadata._refuse import FAIL, Checker
from zarr_metadata._shapes import AnnotationReader

__all__ = [
    "JSONValue",
    "Loc",
    "UserJSONValue",
    "check",
]

T = TypeVar("T")

_MOST_CHECKERS = 512
"""How many checkers are kept; one more forgets them all.

The library's own shapes take about a hundred, so only a program that
makes shapes as it runs fills the table. Forgetting all at once costs
nothing on a hit, where keeping the least recently used would cost a
reordering on every one; and the shapes still in use are compiled again at
most once per `_MOST_CHECKERS` new shapes.
"""

_checkers: dict[tuple[object, ...], Generated] = {}
"""Every compiled checker kept, by `_cache_key`: the one table that owns them."""

_lock = threading.Lock()


def checker_of(shape: object, frozen: bool = False) -> Checker:
    """The compiled checker of `shape`, compiled at its first use and kept for the next; `frozen` refines objects read-only.

    A reader that checks one shape again and again holds the checker this
    returns (the package's own readers hold theirs from import), so that
    finding it here (hashing a typing object, writing its repr) is paid once.
    """
    key = _cache_key(shape, frozen)
    if key is None:  # an unhashable shape is compiled every time
        return _compiled(shape, frozen).checker
    return _kept(key, shape, frozen).checker


def reading_checker(
    shape: object, unread: frozenset[object] = frozenset(), *, finite: bool = True
) -> Checker:
    """The read-only checker of `shape` that takes each member annotated with one of the aliases `unread` as it is, for a reader to judge itself.

    With `finite` false, every `JSONValue` in the shape takes NaN and the
    infinities, as user data does.
    """
    if not unread and finite:
        return checker_of(shape, True)
    key = _cache_key(shape, True, unread, finite)
    if key is None:
        return _compiled(shape, True, unread, finite).checker
    return _kept(key, shape, True, unread, finite).checker


def checker_source(shape: object, frozen: bool = False) -> str:
    """The Python source of the checker of `shape` (of `refine`'s, read-only, with `frozen`), to read or to debug.

    Tracebacks through a checker show lines of this source, under a
    filename that starts `<zarr_metadata checker of`.
    """
    key = _cache_key(shape, frozen)
    return (_compiled(shape, frozen) if key is None else _kept(key, shape, frozen)).source


def clear_caches() -> None:
    """Forget every compiled checker, so that each shape is compiled again when next checked.

    The table of checkers is bounded anyway; a program that made many
    shapes may call this to free their checkers at once.
    """
    with _lock:
        _forget_all()


def _forget_all() -> None:
    _checkers.clear()


def _kept(
    key: tuple[object, ...],
    shape: object,
    frozen: bool,
    unread: frozenset[object] = frozenset(),
    finite: bool = True,
) -> Generated:
    found = _checkers.get(key)
    if found is None:
        with _lock:
            found = _checkers.get(key)
            if found is None:
                found = _compiled(shape, frozen, unread, finite)
                if len(_checkers) >= _MOST_CHECKERS:
                    _forget_all()
                _checkers[key] = found
    return found


def _compiled(
    shape: object, frozen: bool, unread: frozenset[object] = frozenset(), finite: bool = True
) -> Generated:
    title = shape.__name__ if isinstance(shape, type) else repr(shape)
    return generate(
        AnnotationReader(unread, finite=finite).read(shape, _name(shape)), frozen, title
    )


def _cache_key(
    shape: object, frozen: bool, unread: frozenset[object] = frozenset(), finite: bool = True
) -> tuple[object, ...] | None:
    """The key of `shape`'s checker in `_checkers`, or None when `shape` is unhashable."""
    # Unions compare equal whatever the order of their members (`int | str ==
    # str | int`), yet the order decides which member a tie goes to; the
    # repr keeps the order, so both must match for a checker to be shared.
    key = (shape, frozen) if isinstance(shape, type) else (shape, repr(shape), frozen)
    if unread or not finite:
        key = (*key, unread, finite)
    try:
        hash(key)
    except TypeError:
        return None
    return key


def _name(shape: object) -> str:
    return getattr(shape, "__name__", None) or repr(shape)


def check(
    value: object, shape: type[T], loc: Loc = ()
) -> tuple[T | None, tuple[ValidationProblem, ...]]:
    """Judge `value` against `shape`: the refined value and no problem, or None and every problem.

    The refined value holds tuples for arrays and fresh dicts for objects,
    so it shares nothing mutable with `value`. Problems are located from
    `loc`. A shape the checker cannot read raises `TypeError` naming the
    member, the first time it is checked.
    """
    return _checked(value, shape, loc, frozen=False)


def refine(
    value: object, shape: object, loc: Loc = ()
) -> tuple[Any, tuple[ValidationProblem, ...]]:
    """`check` for any shape, an alias such as `JSONValue` included, with every object refined read-only: what readers use inside."""
    return _checked(value, shape, loc, frozen=True)


def _checked(
    value: object, shape: object, loc: Loc, *, frozen: bool
) -> tuple[Any, tuple[ValidationProblem, ...]]:
    problems: list[ValidationProblem] = []
    refined: Any = checker_of(shape, frozen)(value, loc, problems, 0)
    if refined is FAIL or problems:
        return None, tuple(problems)
    return refined, ()
