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


def checker_of(shape: object) -> Checker:
    """The compiled checker of `shape`, compiled at its first use and kept for the next."""
    try:
        found = _compiled.get(shape)
    except TypeError:  # an unhashable shape is compiled every time
        return generate(Reader().read(shape, _name(shape)))
    if found is None:
        with _compiling:
            found = _compiled.get(shape)
            if found is None:
                found = generate(Reader().read(shape, _name(shape)))
                _compiled[shape] = found
    return found


def _name(shape: object) -> str:
    return getattr(shape, "__name__", None) or repr(shape)


def check(value: object, shape: type[T], loc: Loc = ()) -> tuple[T | None, tuple[ValidationProblem, ...]]:
    """Judge `value` against `shape`: the refined value and no problem, or None and every problem.

    The refined value holds tuples for arrays and fresh dicts for objects,
    so it shares nothing mutable with `value`. Problems are located from
    `loc`. A shape the checker cannot read raises `TypeError` naming the
    member, the first time it is checked.
    """
    problems: list[ValidationProblem] = []
    refined: Any = checker_of(shape)(value, loc, problems, 0)
    if refined is FAIL or problems:
        return None, tuple(problems)
    return refined, ()
