"""Reading a v3 `zarr.json` of either node type, dispatched on `node_type` like a tagged union."""

from __future__ import annotations

from collections.abc import Mapping

from zarr_metadata.model._group_model_v3 import (
    ZarrV3NodeMetadata,
    ZarrV3NodeMetadataReading,
    node_reading,
    plain_document,
)
from zarr_metadata.model._group_v3 import ZarrV3UnknownNodeMetadataReading, read_node
from zarr_metadata.model._keyed import StoreKey, document_from
from zarr_metadata.model._scope_check import scope_v3
from zarr_metadata.problems import MetadataValidationError
from zarr_metadata.v3._context import ZarrV3Context

__all__ = [
    "ZarrV3NodeMetadata",
    "ZarrV3NodeMetadataReading",
    "ZarrV3UnknownNodeMetadataReading",
    "node_metadata_from_json_v3",
    "node_metadata_from_key_value_v3",
    "read_node_metadata_v3",
]


def read_node_metadata_v3(
    value: object, *, context: ZarrV3Context | None = None
) -> ZarrV3NodeMetadataReading:
    """Read `value` as a v3 array or group `zarr.json`, as its `node_type` says; never raises on bad input.

    A document with no `node_type`, or another one, has no reader: its
    reading holds only its problems (a missing `node_type` is a
    `missing_key` there).
    """
    scope = scope_v3(context)
    return node_reading(read_node(plain_document(value), scope), scope)


def node_metadata_from_json_v3(
    data: object, *, context: ZarrV3Context | None = None
) -> ZarrV3NodeMetadata:
    """The model of a v3 array or group document; raises `MetadataValidationError` with every problem."""
    reading = read_node_metadata_v3(data, context=context)
    if reading.metadata is None:
        raise MetadataValidationError(reading.problems)
    return reading.metadata


def node_metadata_from_key_value_v3(
    mapping: Mapping[StoreKey, bytes], *, context: ZarrV3Context | None = None
) -> ZarrV3NodeMetadata:
    """The model of the `zarr.json` bytes in `mapping`, array or group."""
    scope = scope_v3(context)  # before any byte is decoded
    return node_metadata_from_json_v3(document_from(mapping, "zarr.json"), context=scope)
