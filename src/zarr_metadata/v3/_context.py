"""The v3 scope: the definitions a v3 reader understands, one slot per kind of field."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, Literal, TypeVar, cast, final

from typing_extensions import TypedDict, Unpack

from zarr_metadata.definition._definition import Definition
from zarr_metadata.definition._reader import Readers
from zarr_metadata.definition._scope import (
    Tables,
    claimant_in,
    filed,
    joined_tables,
    slot_contents,
    slot_kinds,
    slot_of,
    tables_key,
    updated,
)
from zarr_metadata.v3._definition import (
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
_K = TypeVar("_K", bound=Definition[Any])

_FORMAT = "v3"


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
        Iterable[StorageTransformerDefinition[Any]] | Mapping[str, StorageTransformerDefinition[Any]]
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


def _readers_of(tables: Tables, kinds: Mapping[str, type[Definition[Any]]]) -> Readers:
    """The field readers of a scope of `tables`, asking the tables for claimants rather than the scope, which keeps the readers."""

    def claimant(kind: type[Definition[Any]], name: str) -> Definition[Any] | None:
        return claimant_in(tables, kinds, kind, name, _FORMAT)

    return Readers(claimant)


@final
class ZarrV3Context:
    """A scope that reads Zarr v3 documents: one read-only slot per kind of field, each mapping a name to its definition.

    A definition of another kind than its slot holds, and a mapping key
    that is not its definition's name, raise `TypeError`; two different
    definitions under one name raise `ScopeConflictError`. `ZarrV3Context()`
    claims nothing. Scopes are equal when they file the same definitions.
    """

    __slots__ = ("_hash", "_readers", "_tables")

    kinds: ClassVar[Mapping[str, type[Definition[Any]]]] = slot_kinds(ZarrV3ContextSlots, V3_KINDS)
    """The kind of definition each slot holds, as `ZarrV3ContextSlots` declares them."""

    _tables: Tables
    _hash: int | None
    _readers: Readers

    def __init__(self, **slots: Unpack[ZarrV3ContextSlots]) -> None:
        self._tables = filed(self.kinds, slots, _FORMAT)
        self._hash = None
        self._readers = _readers_of(self._tables, self.kinds)

    @classmethod
    def _of(cls, tables: Tables) -> ZarrV3Context:
        context = object.__new__(cls)
        context._tables = tables
        context._hash = None
        context._readers = _readers_of(tables, cls.kinds)
        return context

    def _field_readers(self) -> Readers:
        """The readers of fields in this scope, which keep what they work out about each definition for as long as the scope lives."""
        return self._readers

    @classmethod
    def _restored(cls, contents: Mapping[str, Iterable[Definition[Any]]]) -> ZarrV3Context:
        return cls._of(filed(cls.kinds, contents, _FORMAT))

    @property
    def zarr_format(self) -> Literal[3]:
        """The Zarr format of the documents this scope reads: 3."""
        return 3

    @property
    def data_types(self) -> Mapping[str, DataTypeDefinition[Any]]:
        """The data type definitions in scope, by the name each is filed under (`r*` for raw bits)."""
        return cast("Mapping[str, DataTypeDefinition[Any]]", self.definitions_of(DataTypeDefinition))

    @property
    def chunk_grids(self) -> Mapping[str, ChunkGridDefinition[Any]]:
        """The chunk grid definitions in scope, by name."""
        return cast("Mapping[str, ChunkGridDefinition[Any]]", self.definitions_of(ChunkGridDefinition))

    @property
    def chunk_key_encodings(self) -> Mapping[str, ChunkKeyEncodingDefinition[Any]]:
        """The chunk key encoding definitions in scope, by name."""
        return cast("Mapping[str, ChunkKeyEncodingDefinition[Any]]", self.definitions_of(ChunkKeyEncodingDefinition))

    @property
    def codecs(self) -> Mapping[str, CodecDefinition[Any]]:
        """The codec definitions in scope, by name."""
        return cast("Mapping[str, CodecDefinition[Any]]", self.definitions_of(CodecDefinition))

    @property
    def storage_transformers(self) -> Mapping[str, StorageTransformerDefinition[Any]]:
        """The storage transformer definitions in scope, by name."""
        return cast("Mapping[str, StorageTransformerDefinition[Any]]", self.definitions_of(StorageTransformerDefinition))

    @property
    def array_extra_fields(self) -> Mapping[str, ArrayExtraFieldDefinition[Any]]:
        """The definitions of members of an array document that the spec does not define, by key."""
        return cast("Mapping[str, ArrayExtraFieldDefinition[Any]]", self.definitions_of(ArrayExtraFieldDefinition))

    @property
    def group_extra_fields(self) -> Mapping[str, GroupExtraFieldDefinition[Any]]:
        """The definitions of members of a group document that the spec does not define, by key."""
        return cast("Mapping[str, GroupExtraFieldDefinition[Any]]", self.definitions_of(GroupExtraFieldDefinition))

    def definitions_of(self, kind: type[_K]) -> Mapping[str, _K]:
        """The definitions of `kind` in scope, by the name each is filed under; `TypeError` for a kind of the other format."""
        return self._tables[slot_of(self.kinds, kind, _FORMAT)]  # pyright: ignore[reportReturnType]

    def claimant(self, kind: type[D], name: str) -> D | None:
        """The definition of `kind` in scope that reads `name` as a document writes it (`r16` is read by `r*`), or None."""
        return claimant_in(self._tables, self.kinds, kind, name, _FORMAT)

    def update(self, **slots: Unpack[ZarrV3ContextSlots]) -> ZarrV3Context:
        """This scope with each slot given here holding only the definitions given for it; the other slots are kept.

        `context.update(codecs={**context.codecs, "gzip": MY_GZIP})` replaces
        one definition; `context.update(codecs=[*context.codecs.values(),
        MY_CODEC])` adds one, raising `ScopeConflictError` if another is
        filed under its name.
        """
        return self._of(updated(self._tables, self.kinds, slots, _FORMAT))

    def union(self, *others: ZarrV3Context) -> ZarrV3Context:
        """The smallest scope that files everything this scope and each of `others` file; `ScopeConflictError` on a name filed twice differently."""
        for other in others:
            if not isinstance(other, ZarrV3Context):  # pyright: ignore[reportUnnecessaryIsInstance]
                msg = f"a v3 scope joins only v3 scopes, got {other!r}"
                raise TypeError(msg)
        return self._of(joined_tables(self.kinds, [self._tables, *(other._tables for other in others)]))

    def __repr__(self) -> str:
        # Short, because a scope shows in signatures as a default argument.
        count = sum(len(table) for table in self._tables.values())
        return f"ZarrV3Context(<{count} definitions>)"

    def __reduce__(self) -> tuple[object, tuple[dict[str, tuple[Definition[Any], ...]]]]:
        # A scope is its definitions, so it pickles as them.
        return (type(self)._restored, (slot_contents(self._tables),))

    def __copy__(self) -> ZarrV3Context:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> ZarrV3Context:
        return self

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ZarrV3Context):
            return NotImplemented
        return self._tables == other._tables

    def __hash__(self) -> int:
        # A scope is hashed wherever it is a key (a model's meaning, a union), so the hash is worked out once.
        if self._hash is None:
            self._hash = hash((ZarrV3Context, tables_key(self._tables)))
        return self._hash


__all__ = ["ZarrV3Context", "ZarrV3ContextSlots", "ZarrV3Kind"]
