"""A v3 array's `zarr.json`: its JSON shape, and the store key it lives under."""

from typing import Final, Literal

from zarr_metadata.v3._documents import ZarrV3ArrayMetadataJSON

ZARR_V3_ARRAY_METADATA_STORE_KEY: Final = "zarr.json"
ZarrV3ArrayMetadataStoreKey = Literal["zarr.json"]

__all__ = [
    "ZARR_V3_ARRAY_METADATA_STORE_KEY",
    "ZarrV3ArrayMetadataJSON",
    "ZarrV3ArrayMetadataStoreKey",
]
