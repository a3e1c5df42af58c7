"""The JSON of v2 fields, before any definition reads them: a data type, and a codec."""

from __future__ import annotations

from typing_extensions import TypeAliasType, TypedDict

from zarr_metadata._json import JSONValue

ZarrV2DataTypeMetadata = TypeAliasType(
    "ZarrV2DataTypeMetadata",
    "str | tuple[tuple[str, ZarrV2DataTypeMetadata] | tuple[str, ZarrV2DataTypeMetadata, tuple[int, ...]], ...]",
)
"""A v2 data type as JSON: a NumPy type string, or a list of fields, each `[name, type]` or `[name, type, shape]`."""


class ZarrV2CodecMetadata(TypedDict, extra_items=JSONValue):
    """A numcodecs codec as JSON: its `id`, and its configuration beside it."""

    id: str
