"""The kinds of metadata in a Zarr v2 document, and the scope this package provides for it.

A v2 document has two kinds of field: its data type (`dtype`), a NumPy
type string or a list of fields, read by a data type family; and its
codecs (`compressor` and each of `filters`), each an object read by its
`id`. `ZarrV2Context` is the v2 scope, with a slot for each; `CORE_V2` is
the scope this package provides, and every v2 reader's default.
"""

from typing import TYPE_CHECKING

from zarr_metadata.v2._context import ZarrV2Context, ZarrV2ContextSlots
from zarr_metadata.v2._field_kinds import (
    ZarrV2CodecDefinition,
    ZarrV2DataTypeDefinition,
    ZarrV2DataTypeField,
    ZarrV2Kind,
)

if TYPE_CHECKING:
    from zarr_metadata.v2._scopes import CORE_V2 as CORE_V2
    from zarr_metadata.v2._scopes import KNOWN_V2 as KNOWN_V2

__all__ = [
    "CORE_V2",
    "ZarrV2CodecDefinition",
    "ZarrV2Context",
    "ZarrV2ContextSlots",
    "ZarrV2DataTypeDefinition",
    "ZarrV2DataTypeField",
    "ZarrV2Kind",
]


def __getattr__(name: str) -> object:
    # The scopes are made of the built-in definitions, which import this module
    # for their kinds: each is made when first asked for.
    if name in ("CORE_V2", "KNOWN_V2"):
        from zarr_metadata.v2 import _scopes

        return getattr(_scopes, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
