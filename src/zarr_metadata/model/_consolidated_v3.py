"""Reading the documents a v3 group's consolidated metadata lists, and the model of a valid set of them.

Problems are located in the group's document, under
`("consolidated_metadata", "metadata", "<path>", ...)`, since that is where
the member always sits.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar, Literal, Self, cast

from typing_extensions import TypedDict

from zarr_metadata._frozen import FrozenObject
from zarr_metadata._json import Loc, ValidationProblem
from zarr_metadata._shapes import Unread
from zarr_metadata.definition._fields import ResolvedField
from zarr_metadata.definition._resolve import relocated
from zarr_metadata.model._array_model_v3 import ZarrV3ArrayMetadata
from zarr_metadata.model._group_v3 import (
    ZarrV3GroupMetadata,
    ZarrV3GroupMetadataReading,
    plain_document,
)
from zarr_metadata.model._keyed import Keyed
from zarr_metadata.model._model import Model
from zarr_metadata.model._names import node_path_problems, parent_path
from zarr_metadata.model._node_v3 import (
    ZarrV3NodeMetadata,
    ZarrV3NodeMetadataReading,
    read_node_metadata_v3,
)
from zarr_metadata.model._read_v3 import read_document
from zarr_metadata.v3._context import ZarrV3Context
from zarr_metadata.v3._scopes import CORE_AND_EXTENSIONS
from zarr_metadata.v3.consolidated import (
    ZARR_V3_CONSOLIDATED_METADATA_KEY,
    ZarrV3ConsolidatedMetadataJSON,
)

AT: Loc = (ZARR_V3_CONSOLIDATED_METADATA_KEY,)

ZarrV3NodeMetadataInput = Any
"""A node document as JSON, or a node model."""


class _Envelope(TypedDict, closed=True):
    """The consolidated metadata envelope, with each document left for the node reader to read once."""

    kind: Literal["inline"]
    must_understand: Literal[False]
    metadata: Mapping[str, Unread]


class ZarrV3ConsolidatedMetadataInput(TypedDict, closed=True):
    """Consolidated metadata as a caller may give it: each document as JSON or as a model."""

    kind: Literal["inline"]
    must_understand: Literal[False]
    metadata: Mapping[str, ZarrV3NodeMetadataInput]


@dataclasses.dataclass(frozen=True)
class ZarrV3ConsolidatedMetadataReading:
    """The documents of a group's consolidated metadata as a scope read them: every problem, and the model when there is none."""

    problems: tuple[ValidationProblem, ...] = ()
    metadata: ZarrV3ConsolidatedMetadata | None = None
    nodes: Mapping[str, ZarrV3NodeMetadataReading] = dataclasses.field(default_factory=FrozenObject, kw_only=True)
    """The reading of each listed document, by its path."""

    def fields(self) -> Iterator[tuple[Loc, ResolvedField[Any]]]:
        """Every field of every listed document, located in the group's document."""
        for path, reading in self.nodes.items():
            for loc, field in reading.fields():
                yield (*AT, "metadata", path, *loc), field


def read_consolidated_metadata_v3(
    value: object, *, context: ZarrV3Context | None = None
) -> ZarrV3ConsolidatedMetadataReading:
    """Read `value`, a group's `consolidated_metadata` member, and every document it lists, in `context`; never raises on bad input.

    The documents must form a tree: each key a relative node path, each
    parent listed, and only groups holding children.
    """
    scope = CORE_AND_EXTENSIONS if context is None else context
    member, problems = read_document(plain_document(value), _Envelope)
    found = list(relocated(problems, AT))
    listed = cast("Mapping[str, object]", (member or {}).get("metadata", {}))
    nodes: dict[str, ZarrV3NodeMetadataReading] = {}
    misplaced: set[str] = set()
    for path, document in listed.items():
        loc = (*AT, "metadata", path)
        path_problems = list(node_path_problems(path, loc))
        if path.startswith("/"):
            path_problems.append(ValidationProblem(loc, f"expected a path relative to the group, got {path!r}", "invalid_value"))
        if path_problems:
            # A key that is no relative path names no place in the tree, so
            # it has no parent to look for: its one problem is the key.
            misplaced.add(path)
            found.extend(path_problems)
        reading = read_node_metadata_v3(document, context=scope)
        found.extend(relocated(reading.problems, loc))
        nodes[path] = reading
    found.extend(_tree_problems(nodes, misplaced))
    reading = ZarrV3ConsolidatedMetadataReading(problems=tuple(found), nodes=FrozenObject(nodes))
    if reading.problems:
        return reading
    documents = {path: cast(Keyed, node.metadata).to_json() for path, node in nodes.items()}
    ZarrV3ConsolidatedMetadata._of(FrozenObject({**cast(dict[str, object], member), "metadata": FrozenObject(documents)}), scope, reading)  # pyright: ignore[reportPrivateUsage]
    return reading


def _tree_problems(nodes: Mapping[str, ZarrV3NodeMetadataReading], misplaced: set[str]) -> list[ValidationProblem]:
    """The documents whose parent is not listed, or is not a group; keys that are no relative path are not asked."""
    problems: list[ValidationProblem] = []
    for path in nodes:
        if path in misplaced:
            continue
        parent = parent_path(path)
        if not parent:
            continue
        loc = (*AT, "metadata", path)
        if parent not in nodes:
            problems.append(ValidationProblem(loc, f"its parent {parent!r} is not listed", "invalid_value"))
        elif not isinstance(nodes[parent], ZarrV3GroupMetadataReading):
            problems.append(
                ValidationProblem(loc, f"its parent {parent!r} is not a group, and only groups hold children", "invalid_value")
            )
    return problems


class ZarrV3ConsolidatedMetadata(Model):
    """The documents a v3 group's consolidated metadata lists, each a model read in one scope, by relative path."""

    __slots__ = ()

    kind: ClassVar[Literal["inline"]] = "inline"
    must_understand: ClassVar[Literal[False]] = False

    _reading: ZarrV3ConsolidatedMetadataReading

    def __init__(self, member: object, context: ZarrV3Context | None = None) -> None:
        super().__init__(member, context)

    @classmethod
    def _read(cls, document: object, context: ZarrV3Context | None) -> ZarrV3ConsolidatedMetadataReading:
        return read_consolidated_metadata_v3(document, context=context)

    def _meaning_of(self) -> frozenset[tuple[str, ZarrV3NodeMetadata]]:
        return frozenset(self.metadata.items())

    def to_json(self) -> ZarrV3ConsolidatedMetadataJSON:
        """The member as given, read-only."""
        return cast(ZarrV3ConsolidatedMetadataJSON, self._document)

    @property
    def reading(self) -> ZarrV3ConsolidatedMetadataReading:
        """The reading of the documents."""
        return self._reading

    @property
    def metadata(self) -> Mapping[str, ZarrV3NodeMetadata]:
        """The model of each listed document, by its path relative to the group."""
        return FrozenObject(
            {path: cast(ZarrV3NodeMetadata, reading.metadata) for path, reading in self._reading.nodes.items()}
        )

    def refines(self, other: Self) -> bool:  # pyright: ignore[reportIncompatibleMethodOverride]
        """Whether every document refines `other`'s document at the same path, and both list the same paths."""
        mine, theirs = self.metadata, other.metadata
        if set(mine) != set(theirs):
            return False
        return all(_refines(mine[path], theirs[path]) for path in mine)

    def __repr__(self) -> str:
        return f"ZarrV3ConsolidatedMetadata(<{len(self._reading.nodes)} documents>)"


def _refines(mine: ZarrV3NodeMetadata, theirs: ZarrV3NodeMetadata) -> bool:
    if isinstance(mine, ZarrV3ArrayMetadata) and isinstance(theirs, ZarrV3ArrayMetadata):
        return mine.refines(theirs)
    if isinstance(mine, ZarrV3GroupMetadata) and isinstance(theirs, ZarrV3GroupMetadata):
        return mine.refines(theirs)
    return False
