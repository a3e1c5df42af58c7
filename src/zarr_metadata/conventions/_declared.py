"""How a node declares the Zarr conventions it follows: the `zarr_conventions` entries, each identified by its uuid or else a URL."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Final, cast

from zarr_metadata.conventions._convention import ConventionDefinition
from zarr_metadata.conventions._hierarchy import NodeView

DECLARATIONS: Final = "zarr_conventions"
"""The attribute that lists the conventions a node follows."""


def identifier_of(entry: object) -> str | None:
    """The identifier of a convention metadata object: its `uuid`, else its `schema_url`, else its `spec_url`; None when it has none."""
    if not isinstance(entry, Mapping):
        return None
    for member in ("uuid", "schema_url", "spec_url"):
        value = entry.get(member)  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType]
        if isinstance(value, str):
            return value
    return None


def declarations(attributes: Mapping[str, Any]) -> Iterator[tuple[int, str]]:
    """The index and identifier of each entry of `zarr_conventions` that has one."""
    entries = attributes.get(DECLARATIONS)
    if not isinstance(entries, list | tuple):
        return
    for index, entry in enumerate(cast("Sequence[object]", entries)):
        identifier = identifier_of(entry)
        if identifier is not None:
            yield index, identifier


def declared(node: NodeView, definition: ConventionDefinition[Any]) -> bool:
    """A detector: the node's `zarr_conventions` declares the definition by one of its identifiers."""
    return any(
        identifier in definition.identifiers for _, identifier in declarations(node.attributes)
    )
