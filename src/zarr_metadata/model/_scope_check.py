"""The scope a reader or model is handed: the default when none is, else one of its own format, or a `TypeError` before anything is read."""

from __future__ import annotations

from typing import Any

from zarr_metadata.v2._context import ZarrV2Context
from zarr_metadata.v2._scopes import CORE_V2
from zarr_metadata.v3._context import ZarrV3Context
from zarr_metadata.v3._scopes import CORE_AND_EXTENSIONS


def scope_v3(context: object) -> ZarrV3Context:
    """`context`, a v3 scope, or `CORE_AND_EXTENSIONS` when it is None."""
    if context is None:
        return CORE_AND_EXTENSIONS
    if isinstance(context, ZarrV3Context):
        return context
    raise _misused(context, "ZarrV3Context", "a Zarr v3 document")


def scope_v2(context: object) -> ZarrV2Context:
    """`context`, a v2 scope, or `CORE_V2` when it is None."""
    if context is None:
        return CORE_V2
    if isinstance(context, ZarrV2Context):
        return context
    raise _misused(context, "ZarrV2Context", "a Zarr v2 document")


def _misused(context: Any, expected: str, what: str) -> TypeError:
    other = (
        " (a scope of the other Zarr format)"
        if isinstance(context, ZarrV2Context | ZarrV3Context)
        else ""
    )
    return TypeError(f"{what} is read in a {expected} or None, got {type(context).__name__}{other}")
