"""The v2 scope this package provides: every data type family and every numcodecs codec of a v2 store."""

from __future__ import annotations

from typing import Final

from zarr_metadata.v2._context import ZarrV2Context
from zarr_metadata.v2.codec import CODECS_V2
from zarr_metadata.v2.codec._extra import EXTRA_CODECS_V2
from zarr_metadata.v2.data_type import DATA_TYPES_V2

CORE_V2: Final = ZarrV2Context(data_types=DATA_TYPES_V2, codecs=CODECS_V2)
"""A scope with the data type families a v2 `.zarray` may name and the numcodecs codecs v2 writers use; every v2 reader's default."""

KNOWN_V2: Final = CORE_V2.update(codecs=[*CORE_V2.codecs.values(), *EXTRA_CODECS_V2])
"""`CORE_V2` and every other codec id of numcodecs' registry a v2 writer uses."""
