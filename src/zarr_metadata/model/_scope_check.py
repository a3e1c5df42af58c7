"""The scope a reader or model is handed: the default when none is, else one of its own format, or a `TypeError` before anything is read.

The v2 readers' check is in `_scope_check_v2`, so that reading v3 documents
imports no v2 scope.
"""

from __future__ import annotations

from typing import TypeVar

from zarr_metadata.definition._scope import Scope
from zarr_metadata.v3._context import ZarrV3Context
from zarr_metadata.v3._scopes import CORE_AND_EXTENSIONS

S = TypeVar("S", bound=Scope)


def scope_of(context: object, kind: type[S], default: S) -> S:
    """`context`, a scope of `kind`, or `default` when it is None; `TypeError` for anything else."""
    if context is None:
        return default
    if isinstance(context, kind):
        return context
    other = " (a scope of the other Zarr format)" if isinstance(context, Scope) else ""
    msg = (
        f"a Zarr {kind.format_name} document is read in a {kind.__name__} or None, "
        f"got {type(context).__name__}{other}"
    )
    raise TypeError(msg)


def scope_v3(context: object) -> ZarrV3Context:
    """`context`, a v3 scope, or `CORE_AND_EXTENSIONS` when it is None."""
    return scope_of(context, ZarrV3Context, CORE_AND_EXTENSIONS)
