"""Descriptions for a schema: the docstrings of TypedDicts, definitions and their members, read from the source."""

from __future__ import annotations

import ast
import functools
import inspect
import itertools
import textwrap


def description_of(thing: object) -> str | None:
    """The first paragraph of `thing`'s own docstring, or None when it has none or is not this package's.

    A member annotated `int` would otherwise be described by `int`'s docstring,
    which says how to call it, not what the member means.
    """
    if isinstance(thing, property):
        thing = thing.fget
    owner = thing.__name__ if inspect.ismodule(thing) else getattr(thing, "__module__", None)
    if not isinstance(owner, str) or not owner.startswith("zarr_metadata"):
        return None
    doc = getattr(thing, "__doc__", None)
    if not isinstance(doc, str) or doc.strip() == "":
        return None
    return inspect.cleandoc(doc).split("\n\n")[0].replace("\n", " ")


@functools.lru_cache(maxsize=1024)
def member_descriptions(cls: type) -> dict[str, str]:
    """The docstring written under each member a class declares, by member name.

    Python keeps no docstring of a class attribute, so the class's source is
    read; a class whose source cannot be found has none.
    """
    try:
        source = textwrap.dedent(inspect.getsource(cls))
    except (OSError, TypeError):
        return {}
    found: dict[str, str] = {}
    for statement in ast.parse(source).body:
        if isinstance(statement, ast.ClassDef):
            _collect(statement.body, found)
            break
    return found


def _collect(body: list[ast.stmt], found: dict[str, str]) -> None:
    for before, after in itertools.pairwise(body):
        if not (isinstance(before, ast.AnnAssign) and isinstance(before.target, ast.Name)):
            continue
        if (
            isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            found[before.target.id] = inspect.cleandoc(after.value.value).replace("\n", " ")
