"""The xarray convention: each array names its dimensions (v2 `_ARRAY_DIMENSIONS`, v3 `dimension_names`), and a group's arrays agree on their lengths."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final, NotRequired

from typing_extensions import TypedDict

from zarr_metadata._json import Loc, shown
from zarr_metadata._shapes import Unread
from zarr_metadata.conventions._convention import ConventionDefinition, ConventionIssue
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


_Member = tuple[str, XarrayArrayAttributes, NodeView]


def _hierarchy_rules(
    followers: Mapping[str, XarrayArrayAttributes], hierarchy: Hierarchy
) -> Iterable[ConventionIssue]:
    groups: dict[str, list[_Member]] = {}
    for path, attributes in followers.items():
        groups.setdefault(parent_of(path), []).append((path, attributes, hierarchy.nodes[path]))
    found: list[ConventionIssue] = []
    for group, members in groups.items():
        if _is_dataset(group, members, hierarchy):
            found += _conflicting_lengths(members)
        for path, attributes, _ in members:
            coordinates = attributes.get("coordinates")
            if coordinates is not None:
                found += _missing_coordinates(path, group, coordinates, hierarchy)
    return found


def _is_dataset(group: str, members: list[_Member], hierarchy: Hierarchy) -> bool:
    """Whether xarray would read the arrays of `group` as one dataset, so that they must agree on each dimension's length.

    A group that follows another convention is not one (an OME-NGFF image,
    whose arrays are levels of one pyramid). `_ARRAY_DIMENSIONS` is xarray's
    own, so a v2 group is one; v3 `dimension_names` is core Zarr, so a v3
    group is one only when it shows xarray's model: a dimension coordinate (a
    one-dimensional array named after its dimension) or a `coordinates`
    attribute.
    """
    if any(name != XARRAY_NAME for name in hierarchy.followed(group)):
        return False
    for path, attributes, node in members:
        if node.zarr_format == 2 or "coordinates" in attributes:
            return True
        if node.dimension_names == (path.rpartition("/")[2],):
            return True
    return False


def _conflicting_lengths(members: list[_Member]) -> list[ConventionIssue]:
    found: list[ConventionIssue] = []
    known: dict[str, tuple[int, str]] = {}
    for path, attributes, node in members:
        shape = node.shape or ()
        named = _dimensions(attributes, node)
        if named is None or len(named[0]) != len(shape):
            continue  # the array's own rules say what is wrong
        for axis, name in enumerate(named[0]):
            if name is None:
                continue
            first = known.setdefault(name, (shape[axis], path))
            if first[0] != shape[axis]:
                # xarray refuses the group: "conflicting sizes for dimension".
                message = f"dimension {shown(name)} has length {shape[axis]} here, but {first[0]} in the array {shown(first[1])} of the same group"
                found.append(
                    ConventionIssue(path=path, loc=(*named[1], axis), message=message, input=name)
                )
    return found


def _missing_coordinates(
    path: str, group: str, coordinates: str, hierarchy: Hierarchy
) -> list[ConventionIssue]:
    found: list[ConventionIssue] = []
    for name in coordinates.split():
        target = f"{group}/{name}" if group else name
        node = hierarchy.node(target)
        if (node is None and not hierarchy.unread(target)) or (
            node is not None and not node.is_array
        ):
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
