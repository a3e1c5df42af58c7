"""The immutable model of a valid v2 `.zmetadata`: the files of every node of a store, each node a model."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar, Literal, Self, cast

from zarr_metadata._frozen import FrozenObject
from zarr_metadata._json import Loc, ValidationProblem
from zarr_metadata.definition._fields import ResolvedField
from zarr_metadata.model._group_model_v2 import (
    ZarrV2NodeMetadata,
    ZarrV2NodeMetadataReading,
    node_reading_v2,
)
from zarr_metadata.model._group_v2 import (
    ARRAY_KEY,
    ConsolidatedPassV2,
    listed_documents,
    read_consolidated_v2,
)
from zarr_metadata.model._keyed import StoreKey, document_bytes, document_from
from zarr_metadata.model._listed import ListedModels, ListedNodes, listed_readings
from zarr_metadata.model._model import Model, documents_refine
from zarr_metadata.model._scope_check_v2 import scope_v2
from zarr_metadata.v2._context import ZarrV2Context
from zarr_metadata.v2.consolidated import (
    ZARR_V2_CONSOLIDATED_METADATA_STORE_KEY,
    ZarrV2ConsolidatedMetadataStoreKey,
)


@dataclasses.dataclass(frozen=True, slots=True)
class ZarrV2ConsolidatedMetadataReading:
    """A `.zmetadata` as a scope read it: every problem, located at the store keys it lists, and the model when there is none."""

    problems: tuple[ValidationProblem, ...] = ()
    metadata: ZarrV2ConsolidatedMetadata | None = None
    nodes: Mapping[str, ZarrV2NodeMetadataReading] = dataclasses.field(
        default_factory=FrozenObject, kw_only=True
    )
    """The reading of each listed node, by its path (`""` for the root)."""
    array_keys: Mapping[str, str] = dataclasses.field(default_factory=FrozenObject, kw_only=True)
    """The key of each listed array's `.zarray` as the listing writes it (`"/a/.zarray"` for the node `a`), by the node's path, where it is not the path and `/.zarray`."""

    def fields(self) -> Iterator[tuple[Loc, ResolvedField[Any]]]:
        """Every field of every listed array, located at its `.zarray` key (`("metadata", "a/.zarray", "dtype")`)."""
        for path, reading in listed_readings(self.nodes):
            key = self.array_keys.get(path) or (f"{path}/{ARRAY_KEY}" if path else ARRAY_KEY)
            for loc, field in reading.fields():
                yield ("metadata", key, *loc), field

    @property
    def any_unclaimed(self) -> bool:
        """Whether a field of a listed array, at any depth, is one nothing in scope claims: whether `fields()` lists one."""
        return any(reading.any_unclaimed for _, reading in listed_readings(self.nodes))


class _ConsolidatedModelPassV2:
    """A `.zmetadata` read as the model layer hands it to a model: each node's reading, made with its model when first asked for, and the refined document, made when first asked for."""

    __slots__ = ("_document", "array_keys", "listing", "nodes", "read")

    def __init__(self, read: ConsolidatedPassV2, value: object, context: ZarrV2Context) -> None:
        self.read = read
        self.array_keys: Mapping[str, str] = FrozenObject(
            {path: key for (path, file), key in read.respelled.items() if file == ARRAY_KEY}
        )
        self.nodes: Mapping[str, ZarrV2NodeMetadataReading] = ListedNodes(
            read.nodes, node_reading_v2, context
        )
        # The keys in the listing's own order, taken now: the caller may change
        # the listing after it was read.
        self.listing: tuple[str, ...] | None = (
            None
            if read.problems
            else tuple(cast("Mapping[str, Mapping[str, object]]", value)["metadata"])
        )
        self._document: Mapping[str, object] | None = None

    @property
    def problems(self) -> tuple[ValidationProblem, ...]:
        return self.read.problems

    @property
    def document(self) -> Mapping[str, object] | None:
        """The `.zmetadata` refined, each file as its node's reader refined it; None when it has problems."""
        if self._document is None and self.listing is not None:
            self._document = FrozenObject(
                {
                    "zarr_consolidated_format": 1,
                    "metadata": listed_documents(self.read, self.listing),
                }
            )
        return self._document

    def reading(
        self, metadata: ZarrV2ConsolidatedMetadata | None
    ) -> ZarrV2ConsolidatedMetadataReading:
        return ZarrV2ConsolidatedMetadataReading(
            self.problems, metadata, nodes=self.nodes, array_keys=self.array_keys
        )


def _read(value: object, context: ZarrV2Context) -> _ConsolidatedModelPassV2:
    return _ConsolidatedModelPassV2(read_consolidated_v2(value, context), value, context)


class ZarrV2ConsolidatedMetadata(Model):
    """A valid `.zmetadata`: the files of every node of a v2 store, read in one scope, each node a model by its path."""

    __slots__ = ()

    zarr_consolidated_format: ClassVar[Literal[1]] = 1

    _found: _ConsolidatedModelPassV2

    def __init__(self, document: object, context: ZarrV2Context | None = None) -> None:
        super().__init__(document, context)

    @classmethod
    def _scope(cls, context: object) -> ZarrV2Context:
        return scope_v2(context)

    @classmethod
    def _read(cls, document: object, context: ZarrV2Context) -> _ConsolidatedModelPassV2:
        return _read(document, context)

    def _meaning_of(self) -> frozenset[tuple[str, ZarrV2NodeMetadata]]:
        return frozenset(self.metadata.items())

    @classmethod
    def from_key_value(
        cls, mapping: Mapping[StoreKey, bytes], *, context: ZarrV2Context | None = None
    ) -> ZarrV2ConsolidatedMetadata:
        """The model of the `.zmetadata` bytes in `mapping`."""
        scope = cls._scope(context)  # before any byte is decoded
        return cls(document_from(mapping, ZARR_V2_CONSOLIDATED_METADATA_STORE_KEY), scope)

    def to_json(self) -> dict[str, Any]:
        """The document as given: a fresh plain dict the caller may change."""
        return cast("dict[str, Any]", super().to_json())

    def to_key_value(
        self, *, indent: int | str | None = None
    ) -> Mapping[ZarrV2ConsolidatedMetadataStoreKey, bytes]:
        """`{".zmetadata": bytes}`: the document as UTF-8 JSON; non-finite numbers in user data as bare `NaN`/`Infinity`."""
        return {ZARR_V2_CONSOLIDATED_METADATA_STORE_KEY: document_bytes(self._document, indent)}

    @property
    def reading(self) -> ZarrV2ConsolidatedMetadataReading:
        """The reading of every listed node."""
        return self._found.reading(self)

    @property
    def metadata(self) -> Mapping[str, ZarrV2NodeMetadata]:
        """The model of each listed node, by its path (`""` for the root), each made when first asked for."""
        return ListedModels(self._found.nodes)

    def refines(self, other: Self) -> bool:  # pyright: ignore[reportIncompatibleMethodOverride]
        """Whether both list the same nodes, and each node refines `other`'s node at the same path."""
        return documents_refine(self.metadata, other.metadata)

    def __repr__(self) -> str:
        return f"ZarrV2ConsolidatedMetadata(<{len(self._found.nodes)} nodes>)"


def read_consolidated_metadata_v2(
    value: object, *, context: ZarrV2Context | None = None
) -> ZarrV2ConsolidatedMetadataReading:
    """Read `value` as a `.zmetadata`, and every node it lists from its files together, in `context` (default `CORE_V2`); never raises on bad input.

    Problems are located at the store key of the file that holds them
    (`("metadata", "a/.zarray", "dtype")`). The nodes must form a tree:
    the root listed, every parent listed, only groups holding children.
    """
    scope = scope_v2(context)
    read = _read(value, scope)
    if read.problems:
        return read.reading(None)
    return ZarrV2ConsolidatedMetadata.made(read, scope).reading


__all__ = [
    "ZarrV2ConsolidatedMetadata",
    "ZarrV2ConsolidatedMetadataReading",
    "read_consolidated_metadata_v2",
]
