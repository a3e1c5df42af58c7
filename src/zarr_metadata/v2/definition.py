"""The kinds of metadata in a Zarr v2 document, and the scope this package provides for it.

A v2 document has two kinds of field: its data type (`dtype`), a NumPy
type string or a list of fields, read by a data type family; and its
codecs (`compressor` and each of `filters`), each an object read by its
`id`. `ZarrV2Context` is the v2 scope, with a slot for each; `CORE_V2` is
the scope this package provides, and every v2 reader's default.
"""

from zarr_metadata.v2._context import ZarrV2Context, ZarrV2ContextSlots
from zarr_metadata.v2._field_kinds import (
    ZarrV2CodecDefinition,
    ZarrV2DataTypeDefinition,
    ZarrV2DataTypeField,
    ZarrV2Kind,
)
from zarr_metadata.v2._scopes import CORE_V2
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
