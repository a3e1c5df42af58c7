"""A v2 store's `.zmetadata`: the metadata files of every node, by store key, in one document."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal

from typing_extensions import TypedDict

from zarr_metadata._json import JSONValue
from zarr_metadata.v2.array import ZarrV2ZArrayJSON
from zarr_metadata.v2.group import ZarrV2ZGroupJSON

ZARR_V2_CONSOLIDATED_METADATA_STORE_KEY: Final = ".zmetadata"
"""The store key of a v2 store's consolidated metadata, at the root of the hierarchy it lists."""
ZarrV2ConsolidatedMetadataStoreKey = Literal[".zmetadata"]


class ZarrV2ConsolidatedMetadataJSON(TypedDict):
    """A `.zmetadata` file: its format, and each metadata file below it by store key (`.zgroup`, `a/.zarray`, `a/.zattrs`)."""

    zarr_consolidated_format: Literal[1]
    metadata: Mapping[str, ZarrV2ZArrayJSON | ZarrV2ZGroupJSON | Mapping[str, JSONValue]]


__all__ = [
    "ZARR_V2_CONSOLIDATED_METADATA_STORE_KEY",
    "ZarrV2ConsolidatedMetadataJSON",
    "ZarrV2ConsolidatedMetadataStoreKey",
]
