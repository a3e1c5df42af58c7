"""The JSON shapes of v3 documents: an array's and a group's `zarr.json`."""

from collections.abc import Mapping
from typing import Annotated, Literal, NotRequired

from annotated_types import Ge
from typing_extensions import TypedDict

from zarr_metadata._json import JSONValue
from zarr_metadata.v3._aliases import (
    ZarrV3ChunkGridField,
    ZarrV3ChunkKeyEncodingField,
    ZarrV3CodecField,
    ZarrV3DataTypeField,
    ZarrV3StorageTransformerField,
)


class ZarrV3ArrayMetadataJSON(TypedDict, extra_items=JSONValue):
    """An array's `zarr.json`; any member the spec does not define is an extra field."""

    zarr_format: Literal[3]
    node_type: Literal["array"]
    data_type: ZarrV3DataTypeField
    shape: tuple[Annotated[int, Ge(0)], ...]
    chunk_grid: ZarrV3ChunkGridField
    chunk_key_encoding: ZarrV3ChunkKeyEncodingField
    fill_value: JSONValue
    codecs: tuple[ZarrV3CodecField, ...]
    attributes: NotRequired[Mapping[str, JSONValue]]
    storage_transformers: NotRequired[tuple[ZarrV3StorageTransformerField, ...]]
    dimension_names: NotRequired[tuple[str | None, ...]]


class ZarrV3GroupMetadataJSON(TypedDict, extra_items=JSONValue):
    """A group's `zarr.json`; any member the spec does not define is an extra field."""

    zarr_format: Literal[3]
    node_type: Literal["group"]
    attributes: NotRequired[Mapping[str, JSONValue]]
