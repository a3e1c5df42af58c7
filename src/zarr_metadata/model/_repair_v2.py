"""Undoing known writer bugs in the files of a v2 node and in a `.zmetadata`, before they are read strictly.

Two bugs are repaired, nothing else: a float or complex fill value written
as a bare `NaN` or `Infinity` (JSON has no such numbers; v2 spells them as
strings), and a `consolidated_metadata` member that zarr-python 3 writes into
the `.zgroup` entries of a `.zmetadata`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Final, cast

from zarr_metadata._json import Loc
from zarr_metadata.model._consolidated_model_v2 import (
    ZarrV2ConsolidatedMetadataReading,
    read_consolidated_metadata_v2,
)
from zarr_metadata.model._group_model_v2 import ZarrV2NodeMetadataReading, read_node_metadata_v2
from zarr_metadata.model._group_v2 import ARRAY_KEY, GROUP_KEY
from zarr_metadata.model._repair import Repair, as_mapping, replaced, spelled_fill_value
from zarr_metadata.model._scope_check_v2 import scope_v2
from zarr_metadata.v2._context import ZarrV2Context
from zarr_metadata.v2._field_kinds import type_string_configuration


@dataclasses.dataclass(frozen=True)
class ZarrV2RepairedNodeMetadataReading:
    """The strict reading of a v2 node's repaired files, and the repairs made before they were read."""

    reading: ZarrV2NodeMetadataReading
    repairs: tuple[Repair, ...]


@dataclasses.dataclass(frozen=True)
class ZarrV2RepairedConsolidatedMetadataReading:
    """The strict reading of a repaired `.zmetadata`, and the repairs made before it was read."""

    reading: ZarrV2ConsolidatedMetadataReading
    repairs: tuple[Repair, ...]


_CONSOLIDATED: Final = "consolidated_metadata"


def repair_node_metadata_v2(
    files: Mapping[str, object],
) -> tuple[Mapping[str, object], tuple[Repair, ...]]:
    """Undo the known writer bugs in the files of one v2 node, each parsed JSON by key, and report each change.

    Repairs are located from `files`, at the file that holds them
    (`(".zarray", "fill_value")`). Never raises, and never changes `files`:
    repaired files are new objects, and files that need no repair are
    returned as they are.
    """
    if not isinstance(cast(object, files), Mapping):
        return files, ()
    array = files.get(ARRAY_KEY)
    repaired, repairs = _repaired_array(array, (ARRAY_KEY,))
    if not repairs:
        return files, ()
    return {**files, ARRAY_KEY: repaired}, tuple(repairs)


def read_repaired_node_metadata_v2(
    files: Mapping[str, object], *, context: ZarrV2Context | None = None
) -> ZarrV2RepairedNodeMetadataReading:
    """Repair the files of one v2 node (see `repair_node_metadata_v2`), then read them strictly with `read_node_metadata_v2`.

    Repairs are located from `files`; the reading's problems, as
    `read_node_metadata_v2` locates them, in the node's document.
    """
    scope = scope_v2(context)  # before anything is read
    repaired, repairs = repair_node_metadata_v2(files)
    return ZarrV2RepairedNodeMetadataReading(
        read_node_metadata_v2(repaired, context=scope), repairs
    )


def repair_consolidated_metadata_v2(value: object) -> tuple[object, tuple[Repair, ...]]:
    """Undo the known writer bugs in a `.zmetadata`, and report each change, located at the store key it lists.

    Never raises, and never changes `value`.
    """
    document = as_mapping(value)
    listing = None if document is None else as_mapping(document.get("metadata"))
    if document is None or listing is None:
        return value, ()
    repairs: list[Repair] = []
    files: dict[object, object] = {}
    for key, file in listing.items():
        if isinstance(key, str):
            file, found = _repaired_file(key, file)
            repairs.extend(found)
        files[key] = file
    if not repairs:
        return value, ()
    return replaced(document, "metadata", files), tuple(repairs)


def read_repaired_consolidated_metadata_v2(
    value: object, *, context: ZarrV2Context | None = None
) -> ZarrV2RepairedConsolidatedMetadataReading:
    """Repair a `.zmetadata` (see `repair_consolidated_metadata_v2`), then read it strictly with `read_consolidated_metadata_v2`."""
    scope = scope_v2(context)  # before anything is read
    repaired, repairs = repair_consolidated_metadata_v2(value)
    return ZarrV2RepairedConsolidatedMetadataReading(
        read_consolidated_metadata_v2(repaired, context=scope), repairs
    )


def _repaired_file(key: str, file: object) -> tuple[object, list[Repair]]:
    """A file a `.zmetadata` lists, repaired as what its key says it is."""
    loc: Loc = ("metadata", key)
    name = key.rpartition("/")[2]
    if name == ARRAY_KEY:
        return _repaired_array(file, loc)
    group = as_mapping(file)
    if name != GROUP_KEY or group is None or _CONSOLIDATED not in group:
        return file, []
    removed = {member: item for member, item in group.items() if member != _CONSOLIDATED}
    repair = Repair(
        (*loc, _CONSOLIDATED),
        "consolidated_metadata_in_zgroup_entry",
        "removed the member consolidated_metadata, which a .zgroup does not have (zarr-python 3 writes it into .zmetadata)",
    )
    return removed, [repair]


def _repaired_array(value: object, loc: Loc) -> tuple[object, list[Repair]]:
    """A `.zarray` with a bare non-finite fill value of a float or complex type spelled as a string."""
    document = as_mapping(value)
    if document is None:
        return value, []
    dtype = document.get("dtype")
    written = type_string_configuration(dtype) if isinstance(dtype, str) else None
    family = None if written is None else written[0]
    fill_value, repairs = spelled_fill_value(
        document.get("fill_value"), family, (*loc, "fill_value")
    )
    if fill_value is None:
        return value, []
    return replaced(document, "fill_value", fill_value), repairs


__all__ = [
    "ZarrV2RepairedConsolidatedMetadataReading",
    "ZarrV2RepairedNodeMetadataReading",
    "read_repaired_consolidated_metadata_v2",
    "read_repaired_node_metadata_v2",
    "repair_consolidated_metadata_v2",
    "repair_node_metadata_v2",
]
