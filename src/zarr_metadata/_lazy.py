"""A package whose public names are imported from their modules when first asked for, so that importing the package costs nothing.

A package lists what it publishes once, as imports under `if TYPE_CHECKING:`
(which type checkers read as they read any import), and ends with
`__getattr__ = exported_lazily(__name__)`. The first time a name the package
does not yet hold is asked for, the package's own source is read for those
imports; the name's module is imported, and the value kept in the package.

A program that imports one module of the package (the command-line tool reads
a v3 document with a few of its modules) never pays for the rest.
"""

from __future__ import annotations

import ast
import importlib
import sys
from collections.abc import Callable, Mapping

__all__ = ["exported_lazily", "imported"]


def exported_lazily(package: str) -> Callable[[str], object]:
    """The module `__getattr__` of `package`, which imports each name its `if TYPE_CHECKING:` block imports, on first use."""
    sources: dict[str, str] = {}

    def __getattr__(name: str) -> object:
        if not sources:
            sources.update(_imported_for_type_checking(package))
        source = sources.get(name)
        if source is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = imported(source)
        # Kept in the package, so that the next lookup does not come here.
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__


def imported(where: str) -> object:
    """The value `where` names as `"module:attribute"`, its module imported if it is not yet."""
    module, attribute = where.rsplit(":", 1)
    return getattr(importlib.import_module(module), attribute)


def _imported_for_type_checking(package: str) -> Mapping[str, str]:
    """Each name the `if TYPE_CHECKING:` block of `package` imports, with where from (`module:attribute`)."""
    spec = sys.modules[package].__spec__
    loader = None if spec is None else spec.loader
    get_source = getattr(loader, "get_source", None)
    text = None if get_source is None else get_source(package)
    if not isinstance(text, str):
        msg = f"cannot read the source of {package!r}, which says what it exports"
        raise ImportError(msg)
    found: dict[str, str] = {}
    for statement in ast.parse(text).body:
        if isinstance(statement, ast.If) and _is_type_checking(statement.test):
            for inner in statement.body:
                if isinstance(inner, ast.ImportFrom) and inner.module is not None:
                    for alias in inner.names:
                        found[alias.asname or alias.name] = f"{inner.module}:{alias.name}"
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return isinstance(test, ast.Name) and test.id == "TYPE_CHECKING"
