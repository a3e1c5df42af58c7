"""The v3 scope: the definitions a v3 reader understands, one slot per kind of field."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, Literal, TypeVar, cast, final

from typing_extensions import TypedDict, Unpack

from zarr_metadata.definition._extension import Definition
from zarr_metadata.definition._scope import Scope, slot_kinds
from zarr_metadata.v3._field_kinds import (
    V3_KINDS,
    ArrayExtraFieldDefinition,
    ChunkGridDefinition,
    ChunkKeyEncodingDefinition,
    CodecDefinition,
    DataTypeDefinition,
    GroupExtraFieldDefinition,
    StorageTransformerDefinition,
    ZarrV3Kind,
)

D = TypeVar("D", bound=Definition[Any])


class ZarrV3ContextSlots(TypedDict, total=False, closed=True):
    """The definitions in each slot of a v3 scope, as `ZarrV3Context` and its `update` take them: an iterable, or a mapping by name."""

    data_types: Iterable[DataTypeDefinition[Any]] | Mapping[str, DataTypeDefinition[Any]]
    """Data types, read from `data_type`."""
    chunk_grids: Iterable[ChunkGridDefinition[Any]] | Mapping[str, ChunkGridDefinition[Any]]
    """Chunk grids, read from `chunk_grid`."""
    chunk_key_encodings: (
        Iterable[ChunkKeyEncodingDefinition[Any]] | Mapping[str, ChunkKeyEncodingDefinition[Any]]
    )
    """Chunk key encodings, read from `chunk_key_encoding`."""
    codecs: Iterable[CodecDefinition[Any]] | Mapping[str, CodecDefinition[Any]]
    """Codecs, read from `codecs` and from the codecs a codec holds."""
    storage_transformers: (
        Iterable[StorageTransformerDefinition[Any]]
        | Mapping[str, StorageTransformerDefinition[Any]]
    )
    """Storage transformers, read from `storage_transformers`."""
    array_extra_fields: (
        Iterable[ArrayExtraFieldDefinition[Any]] | Mapping[str, ArrayExtraFieldDefinition[Any]]
    )
    """Members of an array document that the spec does not define, by key."""
    group_extra_fields: (
        Iterable[GroupExtraFieldDefinition[Any]] | Mapping[str, GroupExtraFieldDefinition[Any]]
    )
    """Members of a group document that the spec does not define, by key."""


@final
class ZarrV3Context(Scope):
    """A scope that reads Zarr v3 documents: one read-only slot per kind of field, each mapping a name to its definition.

    A definition of another kind than its slot holds, and a mapping key
    that is not its definition's name, raise `TypeError`; two different
    definitions under one name raise `ScopeConflictError`. `ZarrV3Context()`
    claims nothing. Scopes are equal when they file the same definitions.
    """

    __slots__ = ()

    kinds: ClassVar[Mapping[str, type[Definition[Any]]]] = slot_kinds(ZarrV3ContextSlots, V3_KINDS)
    """The kind of definition each slot holds, as `ZarrV3ContextSlots` declares them."""
    format_name: ClassVar[str] = "v3"

    def __init__(self, **slots: Unpack[ZarrV3ContextSlots]) -> None:
        super().__init__(**slots)

    @property
    def zarr_format(self) -> Literal[3]:
        """The Zarr format of the documents this scope reads: 3."""
        return 3

    @property
    def data_types(self) -> Mapping[str, DataTypeDefinition[Any]]:
        """The data type definitions in scope, by the name each is filed under (`r*` for raw bits)."""
        return cast(
            "Mapping[str, DataTypeDefinition[Any]]", self.definitions_of(DataTypeDefinition)
        )

    @property
    def chunk_grids(self) -> Mapping[str, ChunkGridDefinition[Any]]:
        """The chunk grid definitions in scope, by name."""
        return cast(
            "Mapping[str, ChunkGridDefinition[Any]]", self.definitions_of(ChunkGridDefinition)
        )

    @property
    def chunk_key_encodings(self) -> Mapping[str, ChunkKeyEncodingDefinition[Any]]:
        """The chunk key encoding definitions in scope, by name."""
        return cast(
            "Mapping[str, ChunkKeyEncodingDefinition[Any]]",
            self.definitions_of(ChunkKeyEncodingDefinition),
        )

    @property
    def codecs(self) -> Mapping[str, CodecDefinition[Any]]:
        """The codec definitions in scope, by name."""
        return cast("Mapping[str, CodecDefinition[Any]]", self.definitions_of(CodecDefinition))

    @property
    def storage_transformers(self) -> Mapping[str, StorageTransformerDefinition[Any]]:
        """The storage transformer definitions in scope, by name."""
        return cast(
            "Mapping[str, StorageTransformerDefinition[Any]]",
            self.definitions_of(StorageTransformerDefinition),
        )

    @property
    def array_extra_fields(self) -> Mapping[str, ArrayExtraFieldDefinition[Any]]:
        """The definitions of members of an array document that the spec does not define, by key."""
        return cast(
            "Mapping[str, ArrayExtraFieldDefinition[Any]]",
            self.definitions_of(ArrayExtraFieldDefinition),
        )

    @property
    def group_extra_fields(self) -> Mapping[str, GroupExtraFieldDefinition[Any]]:
        """The definitions of members of a group document that the spec does not define, by key."""
        return cast(
            "Mapping[str, GroupExtraFieldDefinition[Any]]",
            self.definitions_of(GroupExtraFieldDefinition),
        )

    def claimant(self, kind: type[D], name: str) -> D | None:
        """The definition of `kind` in scope that reads `name` as a document writes it (`r16` is read by `r*`), or None."""
        return super().claimant(kind, name)

    def update(self, **slots: Unpack[ZarrV3ContextSlots]) -> ZarrV3Context:
        """This scope with each slot given here holding only the definitions given for it; the other slots are kept.

        `context.update(codecs={**context.codecs, "gzip": MY_GZIP})` replaces
        one definition; `context.update(codecs=[*context.codecs.values(),
        MY_CODEC])` adds one, raising `ScopeConflictError` if another is
        filed under its name.
        """
        return self._updated(slots)

    def union(self, *others: ZarrV3Context) -> ZarrV3Context:
        """The smallest scope that files everything this scope and each of `others` file; `ScopeConflictError` on a name filed twice differently."""
        return self._joined(others)


__all__ = ["ZarrV3Context", "ZarrV3ContextSlots", "ZarrV3Kind"]
