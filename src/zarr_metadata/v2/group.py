"""A v2 group's `.zgroup`, and the group document a reader reads: the `.zgroup` with its `.zattrs` as `attributes`."""

from collections.abc import Mapping
from typing import Final, Literal, NotRequired

from typing_extensions import TypedDict

from zarr_metadata._json import JSONValue

ZARR_V2_GROUP_METADATA_STORE_KEY: Final = ".zgroup"
"""The store key of a v2 group's metadata, beside its `.zattrs`."""
ZarrV2GroupMetadataStoreKey = Literal[".zgroup"]


class ZarrV2ZGroupJSON(TypedDict, closed=True):
    """A v2 `.zgroup` file: it says only that the node is a group."""

    zarr_format: Literal[2]


class ZarrV2GroupMetadataJSON(TypedDict, closed=True):
    """A v2 group as a reader reads it: the `.zgroup`, and the `.zattrs` as `attributes` when there are any."""

    zarr_format: Literal[2]
    attributes: NotRequired[Mapping[str, JSONValue]]


__all__ = [
    "ZARR_V2_GROUP_METADATA_STORE_KEY",
    "ZarrV2GroupMetadataJSON",
    "ZarrV2GroupMetadataStoreKey",
    "ZarrV2ZGroupJSON",
]
