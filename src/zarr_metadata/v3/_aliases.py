"""The field aliases of v3: annotations that mark a configuration member as holding a field of some kind."""

from __future__ import annotations

from typing_extensions import TypeAliasType

from zarr_metadata._common import ZarrV3MetadataFieldJSON

ZarrV3DataTypeField = TypeAliasType("ZarrV3DataTypeField", ZarrV3MetadataFieldJSON)
"""A member that holds a data type: a document's data_type, or a struct field's data type."""

ZarrV3ChunkGridField = TypeAliasType("ZarrV3ChunkGridField", ZarrV3MetadataFieldJSON)
"""A member that holds a chunk grid: a document's chunk_grid."""

ZarrV3ChunkKeyEncodingField = TypeAliasType("ZarrV3ChunkKeyEncodingField", ZarrV3MetadataFieldJSON)
"""A member that holds a chunk key encoding: a document's chunk_key_encoding."""

ZarrV3CodecField = TypeAliasType("ZarrV3CodecField", ZarrV3MetadataFieldJSON)
"""A member that holds a codec; a document's codecs is `tuple[ZarrV3CodecField, ...]`, and so is a shard's."""

ZarrV3StaticCodecField = TypeAliasType("ZarrV3StaticCodecField", ZarrV3MetadataFieldJSON)
"""A member that holds a codec of static encoded size, such as a shard's index_codecs."""

ZarrV3StorageTransformerField = TypeAliasType(
    "ZarrV3StorageTransformerField", ZarrV3MetadataFieldJSON
)
"""A member that holds a storage transformer."""
