"""The rules of OME-NGFF high-content screening that 0.4 and 0.5 share: a plate's rows, columns and wells, and each well's fields."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Final, cast

from zarr_metadata._json import Loc, shown
from zarr_metadata.conventions._convention import ConventionIssue
from zarr_metadata.conventions._hierarchy import Hierarchy, joined, parent_of
from zarr_metadata.conventions._ome_labels import ome_object
from zarr_metadata.conventions._rules import ALPHANUMERIC, duplicates, mismatched, recommended

PLATE: Final = '"plate" metadata'
WELL: Final = '"well" metadata'
SCREENING: Final = "High-content screening"

_WELL_PATH: Final = re.compile(r"[A-Za-z0-9]+/[A-Za-z0-9]+")


def plate_rules(
    path: str, base: Loc, plate: Mapping[str, Any], *, versioned: bool
) -> list[ConventionIssue]:
    """The issues of the `plate` metadata at `(*base, "plate")`: names, indices, and recommended members."""
    loc = (*base, "plate")
    found: list[ConventionIssue] = []
    for member in ("rows", "columns"):
        found += _names_rules(path, (*loc, member), plate[member], member[:-1])
    for index, well in enumerate(plate["wells"]):
        here = (*loc, "wells", index)
        expected = "a well path of a row name and a column name (row/column)"
        found += mismatched(
            path, (*here, "path"), well["path"], _WELL_PATH, expected, section=PLATE
        )
        found += _well_position(path, here, well, plate["rows"], plate["columns"])
    found += duplicates(
        path, (*loc, "wells"), plate["wells"], _path, "well path", member=("path",), section=PLATE
    )
    if "acquisitions" in plate:
        acquisitions = plate["acquisitions"]
        found += duplicates(
            path,
            (*loc, "acquisitions"),
            acquisitions,
            _id,
            "acquisition id",
            member=("id",),
            section=PLATE,
        )
        for index, acquisition in enumerate(acquisitions):
            members = ("name", "maximumfieldcount")
            found += recommended(
                path,
                (*loc, "acquisitions", index),
                acquisition,
                members,
                "an acquisition",
                section=PLATE,
            )
    members = ("field_count", "name", "version") if versioned else ("field_count", "name")
    return found + recommended(path, loc, plate, members, "a plate", section=PLATE)


def _names_rules(
    path: str, loc: Loc, named: Sequence[Mapping[str, Any]], what: str
) -> list[ConventionIssue]:
    """The issues of a plate's rows or columns at `loc`: each name of letters and digits, and none twice."""
    found: list[ConventionIssue] = []
    for index, item in enumerate(named):
        expected = "a name of letters and digits only"
        found += mismatched(
            path, (*loc, index, "name"), item["name"], ALPHANUMERIC, expected, section=PLATE
        )
    return found + duplicates(
        path, loc, named, _name, f"{what} name", member=("name",), section=PLATE
    )


def _name(item: Mapping[str, Any]) -> object:
    return item["name"]


def _path(item: Mapping[str, Any]) -> object:
    return item["path"]


def _id(item: Mapping[str, Any]) -> object:
    return item["id"]


def _well_position(
    path: str, here: Loc, well: Mapping[str, Any], rows: Sequence[Any], columns: Sequence[Any]
) -> list[ConventionIssue]:
    found: list[ConventionIssue] = []
    row, column = well["rowIndex"], well["columnIndex"]
    for member, index, names in (("rowIndex", row, rows), ("columnIndex", column, columns)):
        if index >= len(names):
            message = (
                f"expected an index below {len(names)}, the number of {member[:-5]}s, got {index}"
            )
            found.append(
                ConventionIssue(
                    path=path, loc=(*here, member), message=message, section=PLATE, input=index
                )
            )
    if found:
        return found
    expected = f"{rows[row]['name']}/{columns[column]['name']}"
    if well["path"] != expected:
        message = f"expected the path {shown(expected)} of row {row} and column {column}, got {shown(well['path'])}"
        found.append(
            ConventionIssue(
                path=path, loc=(*here, "path"), message=message, section=PLATE, input=well["path"]
            )
        )
    return found


def well_rules(
    path: str, base: Loc, well: Mapping[str, Any], *, versioned: bool
) -> list[ConventionIssue]:
    """The issues of the `well` metadata at `(*base, "well")`: the field paths, and recommended members."""
    loc = (*base, "well")
    found: list[ConventionIssue] = []
    for index, image in enumerate(well["images"]):
        found += mismatched(
            path,
            (*loc, "images", index, "path"),
            image["path"],
            ALPHANUMERIC,
            "a path of letters and digits only",
            section=WELL,
        )
    found += duplicates(
        path,
        (*loc, "images"),
        well["images"],
        _path,
        "field path",
        member=("path",),
        section=WELL,
    )
    return found + recommended(
        path, loc, well, ("version",) if versioned else (), "a well", section=WELL
    )


def plate_hierarchy_rules(
    path: str, base: Loc, plate: Mapping[str, Any], hierarchy: Hierarchy, namespace: tuple[str, ...]
) -> list[ConventionIssue]:
    """The issues of the wells a plate lists: each is a group holding `well` metadata."""
    found: list[ConventionIssue] = []
    for index, well in enumerate(plate["wells"]):
        target = joined(path, well["path"])
        if hierarchy.unread(target):
            continue  # what its document says is not known
        what = _lacking(hierarchy, target, namespace, "well")
        if what is not None:
            message = f"expected a well group at {shown(target if target is not None else well['path'])}, but the store has {what} there"
            found.append(
                ConventionIssue(
                    path=path,
                    loc=(*base, "plate", "wells", index, "path"),
                    message=message,
                    section=SCREENING,
                    input=well["path"],
                )
            )
    return found


def _lacking(
    hierarchy: Hierarchy, target: str | None, namespace: tuple[str, ...], member: str
) -> str | None:
    """What the store has at `target` when it is not a group whose OME metadata holds `member`; None when it is."""
    node = hierarchy.node(target)
    if node is None:
        return "no node"
    if node.is_array:
        return "an array"
    metadata = ome_object(node.attributes, namespace)
    return (
        None
        if metadata is not None and member in metadata
        else f"a group without {member} metadata"
    )


def well_hierarchy_rules(
    path: str, base: Loc, well: Mapping[str, Any], hierarchy: Hierarchy, namespace: tuple[str, ...]
) -> list[ConventionIssue]:
    """The issues of the fields a well lists: each is an image group, of an acquisition its plate lists."""
    found: list[ConventionIssue] = []
    plate_node = hierarchy.node(parent_of(parent_of(path))) if path.count("/") >= 1 else None
    plate_metadata = (
        ome_object(plate_node.attributes, namespace) if plate_node is not None else None
    )
    acquisitions = _acquisition_ids(plate_metadata)
    for index, image in enumerate(well["images"]):
        loc = (*base, "well", "images", index)
        target = joined(path, image["path"])
        if hierarchy.unread(target):
            continue  # what its document says is not known
        what = _lacking(hierarchy, target, namespace, "multiscales")
        if what is not None:
            message = f"expected an image group at {shown(target if target is not None else image['path'])}, but the store has {what} there"
            found.append(
                ConventionIssue(
                    path=path,
                    loc=(*loc, "path"),
                    message=message,
                    section=SCREENING,
                    input=image["path"],
                )
            )
        if acquisitions is None:
            continue
        if "acquisition" in image and image["acquisition"] not in acquisitions:
            message = f"expected one of the plate's acquisition ids {shown(sorted(acquisitions))}, got {image['acquisition']}"
            found.append(
                ConventionIssue(
                    path=path,
                    loc=(*loc, "acquisition"),
                    message=message,
                    section=WELL,
                    input=image["acquisition"],
                )
            )
        elif "acquisition" not in image and len(acquisitions) > 1:
            message = f'missing required member "acquisition": the plate lists {len(acquisitions)} acquisitions'
            found.append(
                ConventionIssue(
                    path=path,
                    loc=(*loc, "acquisition"),
                    message=message,
                    kind="missing_key",
                    section=WELL,
                )
            )
    return found


def _acquisition_ids(metadata: Mapping[str, Any] | None) -> set[int] | None:
    """The acquisition ids the plate metadata in `metadata` lists; None when it is not a plate that lists acquisitions."""
    plate = metadata.get("plate") if metadata is not None else None
    acquisitions: object = (
        cast("Mapping[str, object]", plate).get("acquisitions")
        if isinstance(plate, Mapping)
        else None
    )
    if not isinstance(acquisitions, Sequence) or isinstance(acquisitions, str):
        return None
    listed = cast("Sequence[object]", acquisitions)
    ids = {
        cast("Mapping[str, object]", item).get("id") for item in listed if isinstance(item, Mapping)
    }
    return {found for found in ids if isinstance(found, int)}
