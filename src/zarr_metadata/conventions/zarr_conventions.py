"""The Zarr conventions framework: `attributes.zarr_conventions` lists the conventions a node follows, each a well-formed metadata object."""

# No `from __future__ import annotations`: the TypedDicts must see their qualifiers.

import re
from collections.abc import Iterable, Mapping
from typing import Final, NotRequired

from typing_extensions import TypedDict

from zarr_metadata._json import shown
from zarr_metadata._shapes import Unread
from zarr_metadata.conventions._convention import ConventionDefinition, ConventionIssue
from zarr_metadata.conventions._declared import DECLARATIONS, declarations, declared
from zarr_metadata.conventions._hierarchy import Hierarchy, NodeView
from zarr_metadata.conventions._rules import mismatched

__all__ = [
    "ZARR_CONVENTIONS",
    "ZARR_CONVENTIONS_NAME",
    "ConventionMetadataObject",
    "ZarrConventionsAttributes",
    "declared",
]

ZARR_CONVENTIONS_NAME: Final = "zarr-conventions"
_SECTION: Final = "Convention Registration via zarr_conventions"
_UUID: Final = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
_IDENTIFIERS: Final = ("uuid", "schema_url", "spec_url")


class ConventionMetadataObject(TypedDict, closed=True):
    """One entry of `zarr_conventions`: what identifies the convention (at least one of uuid, schema_url, spec_url), and what names it."""

    uuid: NotRequired[str]
    schema_url: NotRequired[str]
    spec_url: NotRequired[str]
    name: NotRequired[str]
    description: NotRequired[str]


class ZarrConventionsAttributes(TypedDict, extra_items=Unread):
    """The attributes of a node that declares the conventions it follows."""

    zarr_conventions: tuple[ConventionMetadataObject, ...]


def _rules(attributes: ZarrConventionsAttributes, node: NodeView) -> Iterable[ConventionIssue]:
    found: list[ConventionIssue] = []
    for index, entry in enumerate(attributes["zarr_conventions"]):
        loc = ("attributes", DECLARATIONS, index)
        if not any(member in entry for member in _IDENTIFIERS):
            message = 'expected at least one of "uuid", "schema_url" and "spec_url", which identify the convention'
            found.append(
                ConventionIssue(path=node.path, loc=loc, message=message, kind="missing_key")
            )
        if "uuid" in entry:
            found += mismatched(
                node.path,
                (*loc, "uuid"),
                entry["uuid"],
                _UUID,
                "a UUID in lowercase hexadecimal (8-4-4-4-12 digits)",
            )
        if "name" not in entry:
            message = 'a convention metadata object should give the convention\'s name: missing member "name"'
            found.append(
                ConventionIssue(
                    path=node.path,
                    loc=(*loc, "name"),
                    message=message,
                    kind="missing_key",
                    level="should",
                )
            )
    return found


def _unchecked(
    followers: Mapping[str, ZarrConventionsAttributes], hierarchy: Hierarchy
) -> Iterable[ConventionIssue]:
    # A declared convention is never fetched: the store is told, once, what went unchecked.
    found: list[ConventionIssue] = []
    reported: set[str] = set()
    for path, attributes in followers.items():
        for index, identifier in declarations(attributes):
            if identifier in reported or hierarchy.conventions.declared(identifier) is not None:
                continue
            reported.add(identifier)
            entry = attributes["zarr_conventions"][index]
            named = (
                f"the convention {shown(entry['name'])} ({identifier})"
                if "name" in entry
                else f"the convention {identifier}"
            )
            message = f"{named} is declared but not checked: no definition in scope claims it"
            found.append(
                ConventionIssue(
                    path=path,
                    loc=("attributes", DECLARATIONS, index),
                    message=message,
                    level="should",
                    input=identifier,
                )
            )
    return found


ZARR_CONVENTIONS: Final = ConventionDefinition[ZarrConventionsAttributes](
    name=ZARR_CONVENTIONS_NAME,
    title="Zarr conventions",
    section=_SECTION,
    attributes=ZarrConventionsAttributes,
    markers=frozenset({DECLARATIONS}),
    rules=_rules,
    hierarchy_rules=_unchecked,
)
"""The Zarr conventions framework: well-formed `zarr_conventions` entries; a convention declared that the scope cannot check is a warning."""
