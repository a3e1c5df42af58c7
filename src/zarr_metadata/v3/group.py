"""A v3 group's `zarr.json`: its JSON shape, and the store key it lives under."""

from typing import Final, Literal

from zarr_metadata.v3._documents import ZarrV3GroupMetadataJSON

ZARR_V3_GROUP_METADATA_STORE_KEY: Final = "zarr.json"
ZarrV3GroupMetadataStoreKey = Literal["zarr.json"]

__all__ = [
    "ZARR_V3_GROUP_METADATA_STORE_KEY",
    "ZarrV3GroupMetadataJSON",
    "ZarrV3GroupMetadataStoreKey",
]
