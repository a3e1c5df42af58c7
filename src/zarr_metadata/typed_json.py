"""Judging a JSON value against a shape: a TypedDict, a Literal, a bounded number, or any annotation SPEC section 3 lists."""

from __future__ import annotations

import threading
from typing import Any, TypeVar

from zarr_metadata._codegen import generate
from zarr_metadata._json import JSONValue, Loc, UserJSONValue, ValidationProblem
from zarr_metadata._refuse import FAIL, Checker
from zarr_metadata._shapes import Reader

__all__ = ["JSONValue", "Loc", "UserJSONValue", "check"]

T = TypeVar("T")

_compiled: dict[object, Checker] = {}
_compiling = threading.Lock()


_by_identity: dict[int, tuple[object, Checker]] = {}
_frozen_by_identity: dict[int, tuple[object, Checker]] = {}


def checker_of(shape: object, frozen: bool = False) -> Checker:
    """The compiled checker of `shape`, compiled at its first use and kept for the next; `frozen` refines objects read-only."""
    # The same shape object comes back on every check, and finding it by
    # identity costs less than hashing a typing object or writing its repr.
    by_identity = _frozen_by_identity if frozen else _by_identity
    known = by_identity.get(id(shape))
    if known is not None and known[0] is shape:
        return known[1]
    try:
        key = (_cache_key(shape), frozen)
        found = _compiled.get(key)
    except TypeError:  # an unhashable shape is compiled every time
        return generate(Reader().read(shape, _name(shape)), frozen)
    if found is None:
        with _compiling:
            found = _compiled.get(key)
            if found is None:
                found = generate(Reader().read(shape, _name(shape)), frozen)
                _compiled[key] = found
    # The entry holds the shape, so its id cannot pass to another object.
    by_identity[id(shape)] = (shape, found)
    return found


def _cache_key(shape: object) -> object:
    # Unions compare equal whatever the order of their members (`int | str ==
    # str | int`), yet the order decides which member a tie goes to; the
    # repr keeps the order, so both must match for a checker to be shared.
    return shape if isinstance(shape, type) else (shape, repr(shape))


def _name(shape: object) -> str:
    return getattr(shape, "__name__", None) or repr(shape)


def check(value: object, shape: type[T], loc: Loc = ()) -> tuple[T | None, tuple[ValidationProblem, ...]]:
    """Judge `value` against `shape`: the refined value and no problem, or None and every problem.

    The refined value holds tuples for arrays and fresh dicts for objects,
    so it shares nothing mutable with `value`. Problems are located from
    `loc`. A shape the checker cannot read raises `TypeError` naming the
    member, the first time it is checked.
    """
    return _checked(value, shape, loc, frozen=False)


def refine(value: object, shape: object, loc: Loc = ()) -> tuple[Any, tuple[ValidationProblem, ...]]:
    """`check` for any shape, an alias such as `JSONValue` included, with every object refined read-only: what readers use inside."""
    return _checked(value, shape, loc, frozen=True)


def _checked(value: object, shape: object, loc: Loc, *, frozen: bool) -> tuple[Any, tuple[ValidationProblem, ...]]:
    problems: list[ValidationProblem] = []
    refined: Any = checker_of(shape, frozen)(value, loc, problems, 0)
    if refined is FAIL or problems:
        return None, tuple(problems)
    return refined, ()
