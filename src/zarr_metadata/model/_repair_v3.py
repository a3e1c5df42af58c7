"""Undoing known writer bugs in a v3 `zarr.json` before it is read strictly, with a report of each change.

Only the writer bugs listed in `RepairKind` are repaired, nothing else, and
each repair is narrow enough that it cannot turn a valid document into
another one.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TypeAlias, cast

from zarr_metadata._json import Loc
from zarr_metadata.model._node_v3 import ZarrV3NodeMetadataReading, read_node_metadata_v3
from zarr_metadata.model._repair import (
    Repair,
    as_array,
    as_mapping,
    is_zero,
    like,
    replaced,
    spelled_fill_value,
)
from zarr_metadata.model._scope_check import scope_v3
from zarr_metadata.v3._context import ZarrV3Context


@dataclasses.dataclass(frozen=True)
class ZarrV3RepairedNodeMetadataReading:
    """The strict reading of a repaired v3 document, and the repairs that were made before it was read."""

    reading: ZarrV3NodeMetadataReading
    repairs: tuple[Repair, ...]


_CONSOLIDATED = "consolidated_metadata"

# The data types whose fill value spells its non-finite values "NaN",
# "Infinity" and "-Infinity": the float types zarr-python 3.0/3.1 wrote, and
# the complex ones, whose fill value is a pair of such floats.
_FLOAT_TYPES = frozenset({"float16", "float32", "float64"})
_COMPLEX_TYPES = frozenset({"complex64", "complex128"})

# Nothing recurses past 256 levels of nesting. Each level of consolidated
# metadata inside consolidated metadata is three levels deeper.
_DEPTH_LIMIT = 256

_Repaired: TypeAlias = tuple[object, list[Repair]]


def repair_node_metadata_v3(value: object) -> tuple[object, tuple[Repair, ...]]:
    """Undo the known writer bugs in `value`, a v3 array or group `zarr.json`, and report each change.

    Never raises, and never changes `value`: a repaired document is a new
    object (sharing the parts that were not repaired), and a document that
    needs no repair is returned as it is.
    """
    repaired, repairs = _repaired_node(value, ())
    return repaired, tuple(repairs)


def read_repaired_node_metadata_v3(
    value: object, *, context: ZarrV3Context | None = None
) -> ZarrV3RepairedNodeMetadataReading:
    """Repair `value` (see `repair_node_metadata_v3`), then read it strictly with `read_node_metadata_v3`."""
    scope = scope_v3(context)  # before anything is read
    repaired, repairs = repair_node_metadata_v3(value)
    return ZarrV3RepairedNodeMetadataReading(
        read_node_metadata_v3(repaired, context=scope), repairs
    )


def _repaired_node(value: object, loc: Loc) -> _Repaired:
    # Dispatched on `node_type` as `read_node_metadata_v3` dispatches.
    document = as_mapping(value)
    if document is None or len(loc) > _DEPTH_LIMIT:
        return value, []
    node_type = document.get("node_type")
    if not isinstance(node_type, str):
        return value, []
    if node_type == "array":
        return _repaired_array(document, loc)
    if node_type == "group":
        return _repaired_group(document, loc)
    return value, []


def _repaired_array(document: Mapping[object, object], loc: Loc) -> _Repaired:
    repairs: list[Repair] = []
    grid, found = _repaired_chunk_grid(document, loc)
    repairs.extend(found)
    result = document if grid is None else replaced(document, "chunk_grid", grid)
    # zarr-python writes a bare NaN into a `zarr.json` and into the consolidated
    # copy of it alike, so both are repaired: a store repaired in one place only
    # would disagree with itself.
    fill_value, found = _repaired_fill_value(document, loc)
    repairs.extend(found)
    if fill_value is not None:
        result = replaced(result, "fill_value", fill_value)
    return result, repairs


def _repaired_chunk_grid(
    document: Mapping[object, object], loc: Loc
) -> tuple[object | None, list[Repair]]:
    """The regular grid with each 0 chunk length along an empty dimension made 1, or None when none is."""
    shape = as_array(document.get("shape"))
    # Most arrays have no empty dimension: nothing else need be looked at.
    if shape is None or 0 not in shape:
        return None, []
    grid = as_mapping(document.get("chunk_grid"))
    if grid is None or not _is_text(grid.get("name"), "regular"):
        return None, []
    configuration = as_mapping(grid.get("configuration"))
    chunk_shape = None if configuration is None else as_array(configuration.get("chunk_shape"))
    # Axes line up only when there is one chunk length per dimension.
    if configuration is None or chunk_shape is None or len(chunk_shape) != len(shape):
        return None, []
    axes = [
        axis for axis, length in enumerate(chunk_shape) if is_zero(length) and is_zero(shape[axis])
    ]
    if not axes:
        return None, []
    lengths = [1 if axis in axes else length for axis, length in enumerate(chunk_shape)]
    repairs = [
        Repair(
            (*loc, "chunk_grid", "configuration", "chunk_shape", axis),
            "zero_chunk_length",
            f"changed the chunk length along dimension {axis}, whose length is 0, from 0 to 1",
        )
        for axis in axes
    ]
    new_configuration = replaced(configuration, "chunk_shape", like(chunk_shape, lengths))
    return replaced(grid, "configuration", new_configuration), repairs


def _repaired_fill_value(
    document: Mapping[object, object], loc: Loc
) -> tuple[object | None, list[Repair]]:
    """The fill value with each bare non-finite float spelled as a string, or None when none is bare."""
    fill_value = document.get("fill_value")
    # Only a number, or a pair of them, can be a bare non-finite one.
    if not isinstance(fill_value, float | list | tuple):
        return None, []
    data_type = _data_type_name(document.get("data_type"))
    family = (
        "float" if data_type in _FLOAT_TYPES else "complex" if data_type in _COMPLEX_TYPES else None
    )
    return spelled_fill_value(cast(object, fill_value), family, (*loc, "fill_value"))


def _repaired_group(document: Mapping[object, object], loc: Loc) -> _Repaired:
    if _CONSOLIDATED not in document:
        return document, []
    member = document[_CONSOLIDATED]
    if member is None:
        # zarr-python wrote `null` for a group with no consolidated metadata.
        removed = {key: item for key, item in document.items() if key != _CONSOLIDATED}
        at: Loc = (*loc, _CONSOLIDATED)
        return removed, [
            Repair(
                at,
                "null_consolidated_metadata",
                "removed the member consolidated_metadata, which was null",
            )
        ]
    new_member, repairs = _repaired_consolidated(member, (*loc, _CONSOLIDATED))
    if not repairs:
        return document, []
    return replaced(document, _CONSOLIDATED, new_member), repairs


def _repaired_consolidated(value: object, loc: Loc) -> _Repaired:
    """The consolidated metadata member with each listed document repaired as a node inside it."""
    member = as_mapping(value)
    listed = None if member is None else as_mapping(member.get("metadata"))
    if member is None or listed is None:
        return value, []
    repairs: list[Repair] = []
    documents: dict[object, object] = {}
    for path, document in listed.items():
        # A key that is not a string cannot be located, and is refused anyway.
        if isinstance(path, str):
            document, found = _repaired_node(document, (*loc, "metadata", path))
            repairs.extend(found)
        documents[path] = document
    if not repairs:
        return value, []
    return replaced(member, "metadata", documents), repairs


def _data_type_name(value: object) -> str | None:
    """The name of a data type written as a bare name or as an object with a name."""
    field = as_mapping(value)
    name = value if field is None else field.get("name")
    return name if isinstance(name, str) else None


def _is_text(value: object, text: str) -> bool:
    return isinstance(value, str) and value == text
