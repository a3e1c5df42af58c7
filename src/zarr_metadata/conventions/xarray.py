"""The xarray convention: each array names its dimensions (v2 `_ARRAY_DIMENSIONS`, v3 `dimension_names`), and a group's arrays agree on their lengths."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final, NotRequired

from typing_extensions import TypedDict

from zarr_metadata._json import Loc, shown
from zarr_metadata._shapes import Unread
from zarr_metadata.conventions._definition import ConventionDefinition, ConventionIssue
from zarr_metadata.conventions._hierarchy import Hierarchy, NodeView, parent_of

__all__ = ["XARRAY", "XARRAY_NAME", "XarrayArrayAttributes"]

XARRAY_NAME: Final = "xarray"

_SECTION: Final = "Zarr encoding specification"


class XarrayArrayAttributes(TypedDict, extra_items=Unread):
    """The attributes xarray reads from an array: the name of each dimension (v2), and the names of its coordinate arrays, space-separated."""

    _ARRAY_DIMENSIONS: NotRequired[tuple[str, ...]]
    coordinates: NotRequired[str]


def _detect(node: NodeView, definition: ConventionDefinition[Any]) -> bool:
    # A v3 array names its dimensions in `dimension_names`; xarray writes
    # `_ARRAY_DIMENSIONS` only into v2 `.zattrs`.
    return node.is_array and (node.zarr_format == 2 or node.dimension_names is not None)


def _dimensions(
    attributes: XarrayArrayAttributes, node: NodeView
) -> tuple[tuple[str | None, ...], Loc] | None:
    """The node's dimension names and where they are written; None when it names none."""
    if node.zarr_format == 3:
        names = node.dimension_names
        return None if names is None else (names, ("dimension_names",))
    names = attributes.get("_ARRAY_DIMENSIONS")
    return None if names is None else (names, ("attributes", "_ARRAY_DIMENSIONS"))


def _rules(attributes: XarrayArrayAttributes, node: NodeView) -> Iterable[ConventionIssue]:
    shape = node.shape or ()
    found = _dimensions(attributes, node)
    if found is None or len(found[0]) == len(shape):
        return ()
    names, loc = found
    # xarray fails to open such an array: "dimensions ... must have the same length as the number of data dimensions".
    message = f"expected {len(shape)} dimension names, one per dimension of the array (shape {shown(shape)}), got {len(names)}"
    return [ConventionIssue(path=node.path, loc=loc, message=message, input=list(names))]


def _hierarchy_rules(
    followers: Mapping[str, XarrayArrayAttributes], hierarchy: Hierarchy
) -> Iterable[ConventionIssue]:
    found: list[ConventionIssue] = []
    lengths: dict[str, dict[str, tuple[int, str]]] = {}
    others: set[str] = set()
    for path, attributes in followers.items():
        node = hierarchy.nodes[path]
        group = parent_of(path)
        shape = node.shape or ()
        named = _dimensions(attributes, node)
        # A group that follows another convention (an OME-NGFF image, whose
        # arrays are levels of one pyramid) is not read as an xarray dataset.
        dataset = group not in others
        if dataset and any(name != XARRAY_NAME for name in hierarchy.followed(group)):
            others.add(group)
            dataset = False
        if dataset and named is not None and len(named[0]) == len(shape):
            known = lengths.setdefault(group, {})
            for axis, name in enumerate(named[0]):
                if name is None:
                    continue
                first = known.setdefault(name, (shape[axis], path))
                if first[0] != shape[axis]:
                    # xarray refuses the group: "conflicting sizes for dimension".
                    message = f"dimension {shown(name)} has length {shape[axis]} here, but {first[0]} in the array {shown(first[1])} of the same group"
                    found.append(
                        ConventionIssue(
                            path=path, loc=(*named[1], axis), message=message, input=name
                        )
                    )
        coordinates = attributes.get("coordinates")
        if coordinates is not None:
            found.extend(_missing_coordinates(path, group, coordinates, hierarchy))
    return found


def _missing_coordinates(
    path: str, group: str, coordinates: str, hierarchy: Hierarchy
) -> list[ConventionIssue]:
    found: list[ConventionIssue] = []
    for name in coordinates.split():
        node = hierarchy.node(f"{group}/{name}" if group else name)
        if node is None or not node.is_array:
            # xarray keeps such a `coordinates` attribute as an attribute and opens the array without it.
            message = f"expected each name {shown(coordinates)} lists to be an array of the same group, but there is no array {shown(name)}"
            found.append(
                ConventionIssue(
                    path=path,
                    loc=("attributes", "coordinates"),
                    message=message,
                    level="should",
                    input=coordinates,
                )
            )
    return found


XARRAY: Final = ConventionDefinition[XarrayArrayAttributes](
    name=XARRAY_NAME,
    title="xarray",
    section=_SECTION,
    attributes=XarrayArrayAttributes,
    markers=frozenset({"_ARRAY_DIMENSIONS"}),
    dimension_names=True,
    detect=_detect,
    rules=_rules,
    hierarchy_rules=_hierarchy_rules,
)
"""The xarray convention: dimension names per array, one length per dimension name in a group, coordinates that exist."""
