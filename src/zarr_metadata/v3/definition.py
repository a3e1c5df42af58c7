"""The kinds of metadata in a Zarr v3 document, and the scopes this package provides for it.

The kind of a definition is its class: `DataTypeDefinition`,
`ChunkGridDefinition`, `ChunkKeyEncodingDefinition`, `CodecDefinition`,
`StorageTransformerDefinition`, and for members the spec does not define,
`ArrayExtraFieldDefinition` and `GroupExtraFieldDefinition`. `ZarrV3Context`
is the v3 scope, with one slot per kind. `CORE` holds what the v3 core spec
defines; `CORE_AND_EXTENSIONS` adds the zarr-extensions definitions; `KNOWN`
holds every definition this package has.
"""

from typing import TYPE_CHECKING

from zarr_metadata.v3._aliases import (
    ZarrV3ChunkGridField,
    ZarrV3ChunkKeyEncodingField,
    ZarrV3CodecField,
    ZarrV3DataTypeField,
    ZarrV3StaticCodecField,
    ZarrV3StorageTransformerField,
)
from zarr_metadata.v3._context import ZarrV3Context, ZarrV3ContextSlots
from zarr_metadata.v3._extra_field_kinds import (
    ArrayExtraFieldDefinition,
    ExtraFieldDefinition,
    GroupExtraFieldDefinition,
)
from zarr_metadata.v3._field_kinds import (
    Chunk,
    ChunkGridDefinition,
    ChunkKeyEncodingDefinition,
    CodecDefinition,
    CodecKind,
    CodecSize,
    DataTypeDefinition,
    Lengths,
    StorageClass,
    StorageTransformerDefinition,
    ZarrV3Kind,
    storage_of,
)
from zarr_metadata.v3._pipeline import Stage

if TYPE_CHECKING:
    from zarr_metadata.v3._known import KNOWN as KNOWN
    from zarr_metadata.v3._scopes import CORE as CORE
    from zarr_metadata.v3._scopes import CORE_AND_EXTENSIONS as CORE_AND_EXTENSIONS

__all__ = [
    "CORE",
    "CORE_AND_EXTENSIONS",
    "ArrayExtraFieldDefinition",
    "Chunk",
    "ChunkGridDefinition",
    "ChunkKeyEncodingDefinition",
    "CodecDefinition",
    "CodecKind",
    "CodecSize",
    "DataTypeDefinition",
    "ExtraFieldDefinition",
    "GroupExtraFieldDefinition",
    "Lengths",
    "Stage",
    "StorageClass",
    "StorageTransformerDefinition",
    "ZarrV3ChunkGridField",
    "ZarrV3ChunkKeyEncodingField",
    "ZarrV3CodecField",
    "ZarrV3Context",
    "ZarrV3ContextSlots",
    "ZarrV3DataTypeField",
    "ZarrV3Kind",
    "ZarrV3StaticCodecField",
    "ZarrV3StorageTransformerField",
    "storage_of",
]


def __getattr__(name: str) -> object:
    # The scopes are made of the built-in definitions, which import this module
    # for their kinds; each scope is made when first asked for, and KNOWN (every
    # definition the package has) costs nothing to a program that reads in another.
    if name in ("CORE", "CORE_AND_EXTENSIONS"):
        from zarr_metadata.v3 import _scopes

        return getattr(_scopes, name)
    if name == "KNOWN":
        from zarr_metadata.v3._known import KNOWN as KNOWN

        return KNOWN
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
