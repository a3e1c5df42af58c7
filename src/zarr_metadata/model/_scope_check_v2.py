"""The scope a v2 reader or model is handed (see `_scope_check`)."""

from __future__ import annotations

from zarr_metadata.model._scope_check import scope_of
from zarr_metadata.v2._context import ZarrV2Context
from zarr_metadata.v2._scopes import CORE_V2


def scope_v2(context: object) -> ZarrV2Context:
    """`context`, a v2 scope, or `CORE_V2` when it is None."""
    return scope_of(context, ZarrV2Context, CORE_V2)
