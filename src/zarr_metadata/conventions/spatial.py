"""The Zarr spatial convention: `spatial:` attributes relate array indices to coordinates along two named dimensions."""

# No `from __future__ import annotations`: the TypedDicts must see their qualifiers.

from collections.abc import Iterable, Sequence
from typing import Annotated, Final, Literal, NotRequired, cast

from annotated_types import Ge, Len
from typing_extensions import TypedDict

from zarr_metadata._json import shown
from zarr_metadata._shapes import Unread
from zarr_metadata.conventions._convention import ConventionDefinition, ConventionIssue
from zarr_metadata.conventions._declared import DECLARATIONS, declared
from zarr_metadata.conventions._hierarchy import NodeView

__all__ = [
    "SPATIAL",
    "SPATIAL_NAME",
    "SPATIAL_UUID",
    "SpatialAttributes",
    "SpatialLevel",
    "SpatialMultiscales",
]

SPATIAL_NAME: Final = "spatial"
SPATIAL_UUID: Final = "689b58e2-cf7b-45e0-9fff-9cfc0883d6b4"
_SCHEMA_URL: Final = (
    "https://raw.githubusercontent.com/zarr-conventions/spatial/refs/tags/v0.1/schema.json"
)
_SPEC_URL: Final = "https://github.com/zarr-conventions/spatial/blob/v0.1/README.md"

_Shape = Annotated[tuple[Annotated[int, Ge(1)], ...], Len(2, 2)]
_Transform = Annotated[tuple[float, ...], Len(6, 6)]

SpatialLevel = TypedDict(
    "SpatialLevel",
    {"spatial:shape": NotRequired[_Shape], "spatial:transform": NotRequired[_Transform]},
    extra_items=Unread,
)
"""One level of a multiscales layout, with its own spatial shape and transform."""


class SpatialMultiscales(TypedDict, extra_items=Unread):
    """A multiscales object whose levels may carry spatial properties."""

    layout: NotRequired[tuple[SpatialLevel, ...]]


SpatialAttributes = TypedDict(
    "SpatialAttributes",
    {
        "spatial:dimensions": NotRequired[Annotated[tuple[str, ...], Len(2, 2)]],
        "spatial:bbox": NotRequired[Annotated[tuple[float, ...], Len(4, 4)]],
        "spatial:transform_type": NotRequired[str],
        "spatial:transform": NotRequired[_Transform],
        "spatial:shape": NotRequired[_Shape],
        "spatial:registration": NotRequired[Literal["node", "pixel"]],
        "multiscales": NotRequired[SpatialMultiscales],
    },
    extra_items=Unread,
)
"""The attributes of a node that follows the spatial convention."""


def _dimension_names(node: NodeView) -> tuple[str | None, ...] | None:
    if node.zarr_format == 3:
        return node.dimension_names
    names = node.attributes.get("_ARRAY_DIMENSIONS")  # what names a v2 array's dimensions
    if isinstance(names, list | tuple):
        listed = tuple(cast("Sequence[object]", names))
        if all(isinstance(name, str) for name in listed):
            return cast("tuple[str, ...]", listed)
    return None


def _rules(attributes: SpatialAttributes, node: NodeView) -> Iterable[ConventionIssue]:
    if not node.is_array:
        return ()
    loc = ("attributes", "spatial:dimensions")
    if "spatial:dimensions" not in attributes:
        message = 'missing required member "spatial:dimensions": an array names its two spatial dimensions'
        return [
            ConventionIssue(
                path=node.path,
                loc=loc,
                message=message,
                kind="missing_key",
                section="spatial:dimensions",
            )
        ]
    names = _dimension_names(node)
    if names is None:
        message = "expected an array that names its dimensions (dimension_names), so that each spatial dimension can be found"
        return [
            ConventionIssue(path=node.path, loc=loc, message=message, section="spatial:dimensions")
        ]
    return [
        ConventionIssue(
            path=node.path,
            loc=(*loc, index),
            message=f"expected one of the array's dimension names {shown(list(names))}, got {shown(name)}",
            input=name,
            section="spatial:dimensions",
        )
        for index, name in enumerate(attributes["spatial:dimensions"])
        if name not in names
    ]


SPATIAL: Final = ConventionDefinition[SpatialAttributes](
    name=SPATIAL_NAME,
    title="The spatial convention",
    section="Properties",
    attributes=SpatialAttributes,
    markers=frozenset({DECLARATIONS}),
    identifiers=frozenset({SPATIAL_UUID, _SCHEMA_URL, _SPEC_URL}),
    detect=declared,
    rules=_rules,
)
"""The spatial convention (declared in `zarr_conventions`): spatial properties of the right shape, dimensions an array names."""
