"""A v2 node's `.zattrs`: its user attributes, beside the `.zarray` or `.zgroup`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal

from zarr_metadata._json import JSONValue

ZARR_V2_ATTRIBUTES_STORE_KEY: Final = ".zattrs"
"""The store key of a v2 node's attributes."""
ZarrV2AttributesStoreKey = Literal[".zattrs"]

ZarrV2ZAttrsJSON = Mapping[str, JSONValue]
"""A `.zattrs` file: user data, whose numbers may be NaN or infinite."""

__all__ = [
    "ZARR_V2_ATTRIBUTES_STORE_KEY",
    "ZarrV2AttributesStoreKey",
    "ZarrV2ZAttrsJSON",
]
