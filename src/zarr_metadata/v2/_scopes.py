"""The v2 scopes this package provides: every data type family and every numcodecs codec of a v2 store.

Each scope declares the tables its definitions are in, imported when a
document first names one.
"""

from __future__ import annotations

from typing import Final

from zarr_metadata.definition._scope import declared_scope
from zarr_metadata.v2._context import ZarrV2Context

CORE_V2: Final = declared_scope(
    ZarrV2Context,
    data_types="zarr_metadata.v2.data_type:DATA_TYPES_V2",
    codecs="zarr_metadata.v2.codec:CODECS_V2",
)
"""A scope with the data type families a v2 `.zarray` may name and the numcodecs codecs v2 writers use; every v2 reader's default."""

KNOWN_V2: Final = declared_scope(
    ZarrV2Context, CORE_V2, codecs="zarr_metadata.v2.codec._extra:EXTRA_CODECS_V2"
)
"""`CORE_V2` and every other codec id of numcodecs' registry a v2 writer uses."""
