"""The v2 scope: the definitions a v2 reader understands, a slot for data types and one for codecs."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, Literal, TypeVar, cast, final

from typing_extensions import TypedDict, Unpack

from zarr_metadata.definition._extension import Definition
from zarr_metadata.definition._scope import Scope, slot_kinds
from zarr_metadata.v2._field_kinds import (
    V2_KINDS,
    ZarrV2CodecDefinition,
    ZarrV2DataTypeDefinition,
    ZarrV2Kind,
)

D = TypeVar("D", bound=Definition[Any])


class ZarrV2ContextSlots(TypedDict, total=False, closed=True):
    """The definitions in each slot of a v2 scope, as `ZarrV2Context` and its `update` take them: an iterable, or a mapping by name."""

    data_types: (
        Iterable[ZarrV2DataTypeDefinition[Any]] | Mapping[str, ZarrV2DataTypeDefinition[Any]]
    )
    """Data type families, read from `dtype` (and the types of a structured type's fields)."""
    codecs: Iterable[ZarrV2CodecDefinition[Any]] | Mapping[str, ZarrV2CodecDefinition[Any]]
    """Codecs, by id, read from `compressor` and each of `filters`."""


@final
class ZarrV2Context(Scope):
    """A scope that reads Zarr v2 documents: its data type families and its codecs, each by name.

    It behaves as `ZarrV3Context` does, with the slots of v2.
    `ZarrV2Context()` claims nothing.
    """

    __slots__ = ()

    kinds: ClassVar[Mapping[str, type[Definition[Any]]]] = slot_kinds(ZarrV2ContextSlots, V2_KINDS)
    """The kind of definition each slot holds, as `ZarrV2ContextSlots` declares them."""
    format_name: ClassVar[str] = "v2"

    def __init__(self, **slots: Unpack[ZarrV2ContextSlots]) -> None:
        super().__init__(**slots)

    @property
    def zarr_format(self) -> Literal[2]:
        """The Zarr format of the documents this scope reads: 2."""
        return 2

    @property
    def data_types(self) -> Mapping[str, ZarrV2DataTypeDefinition[Any]]:
        """The data type definitions in scope, by family (`int`, `float`, `struct`, ...)."""
        return cast(
            "Mapping[str, ZarrV2DataTypeDefinition[Any]]",
            self.definitions_of(ZarrV2DataTypeDefinition),
        )

    @property
    def codecs(self) -> Mapping[str, ZarrV2CodecDefinition[Any]]:
        """The codec definitions in scope, by id."""
        return cast(
            "Mapping[str, ZarrV2CodecDefinition[Any]]", self.definitions_of(ZarrV2CodecDefinition)
        )

    def claimant(self, kind: type[D], name: str) -> D | None:
        """The definition of `kind` in scope that reads `name` as a document writes it (`"<i4"` is read by `int`), or None."""
        return super().claimant(kind, name)

    def update(self, **slots: Unpack[ZarrV2ContextSlots]) -> ZarrV2Context:
        """This scope with each slot given here holding only the definitions given for it; the other slots are kept."""
        return self._updated(slots)

    def union(self, *others: ZarrV2Context) -> ZarrV2Context:
        """The smallest scope that files everything this scope and each of `others` file; `ScopeConflictError` on a name filed twice differently."""
        return self._joined(others)


__all__ = ["ZarrV2Context", "ZarrV2ContextSlots", "ZarrV2Kind"]
