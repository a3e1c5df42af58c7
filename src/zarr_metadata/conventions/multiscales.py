"""The Zarr multiscales convention: a group's `multiscales.layout` lists its resolution levels, each a node below it."""

# No `from __future__ import annotations`: the TypedDicts must see their qualifiers.

import re
from collections.abc import Iterable, Mapping
from typing import Annotated, Final, NotRequired, cast

from annotated_types import MinLen
from typing_extensions import TypedDict

from zarr_metadata._json import shown
from zarr_metadata._shapes import Unread
from zarr_metadata.conventions._convention import ConventionDefinition, ConventionIssue
from zarr_metadata.conventions._declared import DECLARATIONS, declared
from zarr_metadata.conventions._hierarchy import Hierarchy, NodeView, joined
from zarr_metadata.conventions._rules import mismatched

__all__ = [
    "MULTISCALES",
    "MULTISCALES_NAME",
    "MULTISCALES_UUID",
    "MultiscalesAttributes",
    "MultiscalesLayout",
    "MultiscalesLevel",
    "MultiscalesTransform",
]

MULTISCALES_NAME: Final = "multiscales"
MULTISCALES_UUID: Final = "d35379db-88df-4056-af3a-620245f8e347"
_SCHEMA_URL: Final = (
    "https://raw.githubusercontent.com/zarr-conventions/multiscales/refs/tags/v1/schema.json"
)
_SPEC_URL: Final = "https://github.com/zarr-conventions/multiscales/blob/v1/README.md"
_PATH: Final = re.compile(r"(?!/)(?!.*(\.\.))([^/]+(/[^/]+)*)")
_LAYOUT: Final = "Layout Object"


class MultiscalesTransform(TypedDict, extra_items=Unread):
    """How a level's coordinates relate to those of the level it was derived from."""

    scale: NotRequired[tuple[float, ...]]
    translation: NotRequired[tuple[float, ...]]


class MultiscalesLevel(TypedDict, extra_items=Unread):
    """One resolution level: the node that holds it, and how it was made."""

    asset: str
    derived_from: NotRequired[str]
    transform: NotRequired[MultiscalesTransform]
    resampling_method: NotRequired[str]


class MultiscalesLayout(TypedDict, extra_items=Unread):
    """The `multiscales` object: the levels, and how they were resampled."""

    layout: Annotated[tuple[MultiscalesLevel, ...], MinLen(1)]
    resampling_method: NotRequired[str]


class MultiscalesAttributes(TypedDict, extra_items=Unread):
    """The attributes of a multiscale group."""

    multiscales: MultiscalesLayout


def _rules(attributes: MultiscalesAttributes, node: NodeView) -> Iterable[ConventionIssue]:
    found: list[ConventionIssue] = []
    if node.is_array:
        # The convention's schema admits only a group (`node_type` "group").
        message = "expected the multiscales metadata on a group, which holds the levels; this node is an array"
        found.append(
            ConventionIssue(
                path=node.path,
                loc=("attributes", "multiscales"),
                message=message,
                section="Configuration",
            )
        )
    for index, level in enumerate(attributes["multiscales"]["layout"]):
        loc = ("attributes", "multiscales", "layout", index)
        for member in ("asset", "derived_from"):
            path = cast("Mapping[str, str]", level).get(member)
            if path is not None:
                found += mismatched(
                    node.path,
                    (*loc, member),
                    path,
                    _PATH,
                    'a relative path with no empty part and no ".."',
                    section="Asset Path Syntax",
                )
        if "derived_from" in level and "transform" not in level:
            message = 'missing required member "transform": a level derived from another says how'
            found.append(
                ConventionIssue(
                    path=node.path,
                    loc=(*loc, "transform"),
                    message=message,
                    kind="missing_key",
                    section=_LAYOUT,
                )
            )
    return found


def _hierarchy_rules(
    followers: Mapping[str, MultiscalesAttributes], hierarchy: Hierarchy
) -> Iterable[ConventionIssue]:
    found: list[ConventionIssue] = []
    for path, attributes in followers.items():
        for index, level in enumerate(attributes["multiscales"]["layout"]):
            for member in ("asset", "derived_from"):
                written = cast("Mapping[str, str]", level).get(member)
                if written is None or _PATH.fullmatch(written) is None:
                    continue
                target = joined(path, written)
                if hierarchy.node(target) is None and not hierarchy.unread(target):
                    message = f"expected a group or an array at {shown(target)}, a level of the pyramid, but the store has no node there"
                    found.append(
                        ConventionIssue(
                            path=path,
                            loc=("attributes", "multiscales", "layout", index, member),
                            message=message,
                            section="Validation Rules",
                            input=written,
                        )
                    )
    return found


MULTISCALES: Final = ConventionDefinition[MultiscalesAttributes](
    name=MULTISCALES_NAME,
    title="The multiscales convention",
    section="Configuration",
    attributes=MultiscalesAttributes,
    markers=frozenset({DECLARATIONS}),
    identifiers=frozenset({MULTISCALES_UUID, _SCHEMA_URL, _SPEC_URL}),
    detect=declared,
    rules=_rules,
    hierarchy_rules=_hierarchy_rules,
)
"""The multiscales convention (declared in `zarr_conventions`): a layout of levels, each a node below the group."""
