"""The scope a v3 reader or model is handed: the default when none is, else a v3 scope, or a `TypeError` before anything is read (`_scope_check_v2` for v2)."""

from __future__ import annotations

from typing import Any

from zarr_metadata.definition._scope import Scope
from zarr_metadata.v3._context import ZarrV3Context
from zarr_metadata.v3._scopes import CORE_AND_EXTENSIONS


def scope_v3(context: object) -> ZarrV3Context:
    """`context`, a v3 scope, or `CORE_AND_EXTENSIONS` when it is None."""
    if context is None:
        return CORE_AND_EXTENSIONS
    if isinstance(context, ZarrV3Context):
        return context
    raise misused(context, "ZarrV3Context", "a Zarr v3 document")


def misused(context: Any, expected: str, what: str) -> TypeError:
    """The error of a reader handed something other than a scope of its format."""
    other = " (a scope of the other Zarr format)" if isinstance(context, Scope) else ""
    return TypeError(f"{what} is read in a {expected} or None, got {type(context).__name__}{other}")
