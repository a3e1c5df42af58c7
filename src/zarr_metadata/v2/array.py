"""A v2 array's `.zarray`, and the array document a reader reads: the `.zarray` with its `.zattrs` as `attributes`."""

from collections.abc import Mapping
from typing import Annotated, Final, Literal, NotRequired, get_args

from annotated_types import Ge
from typing_extensions import TypedDict

from zarr_metadata._json import JSONValue
from zarr_metadata.v2._field_json import ZarrV2CodecMetadata, ZarrV2DataTypeMetadata

ZARR_V2_ARRAY_METADATA_STORE_KEY: Final = ".zarray"
"""The store key of a v2 array's metadata, beside its `.zattrs`."""
ZarrV2ArrayMetadataStoreKey = Literal[".zarray"]

ZarrV2ArrayOrder = Literal["C", "F"]
"""The order of the values in a chunk: row-major (C) or column-major (F)."""
ZARR_V2_ARRAY_ORDER: Final = get_args(ZarrV2ArrayOrder)

ZarrV2ArrayDimensionSeparator = Literal[".", "/"]
"""What separates the chunk indices in a chunk's key; "." when the document names none."""
ZARR_V2_ARRAY_DIMENSION_SEPARATOR: Final = get_args(ZarrV2ArrayDimensionSeparator)


class ZarrV2ZArrayJSON(TypedDict):
    """A v2 `.zarray` file."""

    zarr_format: Literal[2]
    shape: tuple[Annotated[int, Ge(0)], ...]
    chunks: tuple[Annotated[int, Ge(0)], ...]
    dtype: ZarrV2DataTypeMetadata
    compressor: ZarrV2CodecMetadata | None
    fill_value: JSONValue
    order: ZarrV2ArrayOrder
    filters: tuple[ZarrV2CodecMetadata, ...] | None
    dimension_separator: NotRequired[Literal["/", "."]]


class ZarrV2ArrayMetadataJSON(TypedDict, extra_items=JSONValue):
    """A v2 array as a reader reads it: the `.zarray` members, and the `.zattrs` as `attributes` when there are any."""

    zarr_format: Literal[2]
    shape: tuple[Annotated[int, Ge(0)], ...]
    chunks: tuple[Annotated[int, Ge(0)], ...]
    dtype: ZarrV2DataTypeMetadata
    compressor: ZarrV2CodecMetadata | None
    fill_value: JSONValue
    order: ZarrV2ArrayOrder
    filters: tuple[ZarrV2CodecMetadata, ...] | None
    dimension_separator: NotRequired[Literal["/", "."]]
    attributes: NotRequired[Mapping[str, JSONValue]]


__all__ = [
    "ZARR_V2_ARRAY_DIMENSION_SEPARATOR",
    "ZARR_V2_ARRAY_METADATA_STORE_KEY",
    "ZARR_V2_ARRAY_ORDER",
    "ZarrV2ArrayDimensionSeparator",
    "ZarrV2ArrayMetadataJSON",
    "ZarrV2ArrayMetadataStoreKey",
    "ZarrV2ArrayOrder",
    "ZarrV2ZArrayJSON",
]
