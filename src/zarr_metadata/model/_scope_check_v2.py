"""The scope a v2 reader or model is handed: the default when none is, else a v2 scope, or a `TypeError` before anything is read."""

from __future__ import annotations

from zarr_metadata.model._scope_check import misused
from zarr_metadata.v2._context import ZarrV2Context
from zarr_metadata.v2._scopes import CORE_V2


def scope_v2(context: object) -> ZarrV2Context:
    """`context`, a v2 scope, or `CORE_V2` when it is None."""
    if context is None:
        return CORE_V2
    if isinstance(context, ZarrV2Context):
        return context
    raise misused(context, "ZarrV2Context", "a Zarr v2 document")
