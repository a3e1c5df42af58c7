"""The immutable models of a valid v3 group document and of the documents its consolidated metadata lists."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar, Literal, Self, cast

from typing_extensions import TypeAliasType, TypedDict, Unpack

from zarr_metadata._frozen import FrozenObject, thawed
from zarr_metadata._json import UNSET, JSONValue, Loc, ValidationProblem, under
from zarr_metadata.definition._fields import ResolvedField, UnclaimedField, ValidField
from zarr_metadata.model._array_model_v3 import ZarrV3ArrayMetadata
from zarr_metadata.model._array_v3 import ArrayPass, ZarrV3ArrayMetadataReading
from zarr_metadata.model._edit import edited
from zarr_metadata.model._group_v3 import (
    GROUP_SPEC_MEMBERS,
    ConsolidatedPass,
    GroupPass,
    NodeRead,
    ZarrV3GroupMetadataReading,
    ZarrV3UnknownNodeMetadataReading,
    read_consolidated,
    read_group,
)
from zarr_metadata.model._keyed import (
    Keyed,
    StoreKey,
    document_bytes,
    document_from,
    json_text,
)
from zarr_metadata.model._listed import ListedModels, ListedNodes, listed_readings
from zarr_metadata.model._model import Model, documents_refine
from zarr_metadata.model._read import must_understand, unclaimed
from zarr_metadata.model._scope_check import scope_v3
from zarr_metadata.problems import MetadataValidationError
from zarr_metadata.v3._context import ZarrV3Context
from zarr_metadata.v3._extra_field_kinds import GroupExtraFieldDefinition
from zarr_metadata.v3.array import ZarrV3ArrayMetadataJSON
from zarr_metadata.v3.consolidated import (
    ZARR_V3_CONSOLIDATED_METADATA_KEY,
    ZarrV3ConsolidatedMetadataJSON,
)
from zarr_metadata.v3.group import (
    ZARR_V3_GROUP_METADATA_STORE_KEY,
    ZarrV3GroupMetadataJSON,
    ZarrV3GroupMetadataStoreKey,
)


class ZarrV3ConsolidatedMetadataInput(TypedDict, closed=True):
    """Consolidated metadata as a caller may give it: each document as JSON or as a model."""

    kind: Literal["inline"]
    must_understand: Literal[False]
    metadata: Mapping[str, ZarrV3NodeMetadataInput]


class ZarrV3GroupMetadataUpdate(TypedDict, total=False, closed=True):
    """The members `ZarrV3GroupMetadata.update` takes, by name; UNSET removes one."""

    attributes: Mapping[str, JSONValue] | UNSET
    consolidated_metadata: (
        ZarrV3ConsolidatedMetadataJSON
        | Mapping[str, JSONValue]
        | ZarrV3ConsolidatedMetadata
        | UNSET
    )
    extra_fields: Mapping[str, JSONValue | UNSET]


_UPDATABLE = frozenset({"attributes", ZARR_V3_CONSOLIDATED_METADATA_KEY})
_RESERVED = GROUP_SPEC_MEMBERS | _UPDATABLE


class ZarrV3GroupMetadata(Model):
    """A valid v3 group document, read in a scope: immutable, hashable, and equal to another that means the same."""

    __slots__ = ()

    zarr_format: ClassVar[Literal[3]] = 3
    node_type: ClassVar[Literal["group"]] = "group"

    _found: GroupPass

    def __init__(self, document: object, context: ZarrV3Context | None = None) -> None:
        super().__init__(plain_document(document), context)

    @classmethod
    def _read(cls, document: object, context: ZarrV3Context) -> GroupPass:
        return read_group(document, context)

    def _meaning_of(self) -> tuple[object, ...]:
        return (
            json_text(self._document.get("attributes", {})),
            frozenset(self._found.extra_fields.items()),
        )

    @classmethod
    def from_key_value(
        cls, mapping: Mapping[StoreKey, bytes], *, context: ZarrV3Context | None = None
    ) -> ZarrV3GroupMetadata:
        """The model of the `zarr.json` bytes in `mapping`."""
        scope = cls._scope(context)  # before any byte is decoded
        return cls(document_from(mapping, ZARR_V3_GROUP_METADATA_STORE_KEY), scope)

    def to_json(self) -> ZarrV3GroupMetadataJSON:
        """The document as given: a fresh plain dict (objects in it plain dicts, arrays tuples) the caller may change."""
        return cast(ZarrV3GroupMetadataJSON, super().to_json())

    def to_key_value(
        self, *, indent: int | str | None = None
    ) -> Mapping[ZarrV3GroupMetadataStoreKey, bytes]:
        """`{"zarr.json": bytes}`: the document as UTF-8 JSON; non-finite numbers in user data as bare `NaN`/`Infinity`."""
        return {ZARR_V3_GROUP_METADATA_STORE_KEY: document_bytes(self._document, indent)}

    @property
    def reading(self) -> ZarrV3GroupMetadataReading:
        """The reading of this document."""
        return self._found.reading(self)

    @property
    def attributes(self) -> Mapping[str, JSONValue]:
        """The user attributes (empty when the document has none)."""
        return cast("Mapping[str, JSONValue]", self._document.get("attributes", FrozenObject()))

    @property
    def consolidated_metadata(self) -> Mapping[str, JSONValue] | None:
        """The `consolidated_metadata` member as written, read-only; None when there is none."""
        return cast(
            "Mapping[str, JSONValue] | None", self._document.get(ZARR_V3_CONSOLIDATED_METADATA_KEY)
        )

    def consolidated(self) -> ZarrV3ConsolidatedMetadata | None:
        """The documents the consolidated metadata lists, read in this group's scope; None when there is none.

        They were read with the group, in the same pass. Raises
        `MetadataValidationError` when they have problems, located in this
        group's document (under `consolidated_metadata`).
        """
        read = self._found.consolidated
        if read is None:
            member = self.consolidated_metadata
            return None if member is None else ZarrV3ConsolidatedMetadata(member, self._context)
        problems = read.problems
        if problems:
            raise MetadataValidationError(under((ZARR_V3_CONSOLIDATED_METADATA_KEY,), problems))
        return ZarrV3ConsolidatedMetadata.made(
            _ConsolidatedModelPass(read, self._context), self._context
        )

    @property
    def extra_fields(self) -> Mapping[str, ValidField[GroupExtraFieldDefinition[Any]]]:
        """The members the spec does not define, by key, as the scope read them (`consolidated_metadata` among them; unclaimed when nothing claims the key)."""
        return cast(
            "Mapping[str, ValidField[GroupExtraFieldDefinition[Any]]]", self._found.extra_fields
        )

    @property
    def unclaimed_fields(self) -> Mapping[Loc, UnclaimedField]:
        """Every field nothing in scope claims, at any depth, by location; not an extra member that says `"must_understand": false`, nor anything in it."""
        return FrozenObject(unclaimed(self.reading.fields(), self._found.extra_fields))

    @property
    def must_understand_fields(self) -> tuple[str, ...]:
        """The unclaimed extra members a reader must understand: those that do not say `"must_understand": false`."""
        return must_understand(self._found.extra_fields)

    def update(self, **members: Unpack[ZarrV3GroupMetadataUpdate]) -> ZarrV3GroupMetadata:
        """A copy with `members` set (extra members in `extra_fields`; UNSET removes one), read in the same scope."""
        plain = {key: plain_document(value) for key, value in members.items()}
        return type(self)(edited(self._document, plain, _UPDATABLE, _RESERVED), self._context)

    @classmethod
    def create_default(
        cls, *, context: ZarrV3Context | None = None, **overrides: Unpack[ZarrV3GroupMetadataUpdate]
    ) -> ZarrV3GroupMetadata:
        """A valid group document with `overrides` set: by default, one with no attributes."""
        plain = {key: plain_document(value) for key, value in overrides.items()}
        return cls(
            edited({"zarr_format": 3, "node_type": "group"}, plain, _UPDATABLE, _RESERVED), context
        )

    def __repr__(self) -> str:
        return f"ZarrV3GroupMetadata(attributes={json_text(self.attributes)[:60]})"


ZarrV3NodeMetadata = TypeAliasType("ZarrV3NodeMetadata", ZarrV3ArrayMetadata | ZarrV3GroupMetadata)
"""The model of a v3 node: an array or a group."""

ZarrV3NodeMetadataReading = TypeAliasType(
    "ZarrV3NodeMetadataReading",
    ZarrV3ArrayMetadataReading | ZarrV3GroupMetadataReading | ZarrV3UnknownNodeMetadataReading,
)
"""The reading of a v3 node document: an array's, a group's, or one of neither node type."""

ZarrV3NodeMetadataInput = TypeAliasType(
    "ZarrV3NodeMetadataInput",
    ZarrV3ArrayMetadataJSON | ZarrV3GroupMetadataJSON | ZarrV3ArrayMetadata | ZarrV3GroupMetadata,
)
"""A node document as JSON, or a node model."""


def node_model(read: NodeRead, context: ZarrV3Context) -> ZarrV3NodeMetadata | None:
    """The model of a node read without problems; None when it has some."""
    if read.problems:
        return None
    if isinstance(read, ArrayPass):
        return ZarrV3ArrayMetadata.made(read, context)
    return ZarrV3GroupMetadata.made(cast(GroupPass, read), context)


def node_reading(read: NodeRead, context: ZarrV3Context) -> Any:
    """The reading of a node read, with its model when it has no problem."""
    model = node_model(read, context)
    return read.reading(None) if model is None else model.reading


@dataclasses.dataclass(frozen=True, slots=True)
class ZarrV3ConsolidatedMetadataReading:
    """The documents of a group's consolidated metadata as a scope read them: every problem, and the model when there is none.

    Problems are located from the member (`("metadata", "a/b", "shape")`);
    whoever reads the member inside a group document puts
    `"consolidated_metadata"` in front.
    """

    problems: tuple[ValidationProblem, ...] = ()
    metadata: ZarrV3ConsolidatedMetadata | None = None
    nodes: Mapping[str, Any] = dataclasses.field(default_factory=FrozenObject, kw_only=True)
    """The reading of each listed document, by its path."""

    def fields(self) -> Iterator[tuple[Loc, ResolvedField[Any]]]:
        """Every field of every listed document, located from the member."""
        for path, reading in listed_readings(self.nodes):
            for loc, field in reading.fields():
                yield ("metadata", path, *loc), field

    @property
    def any_unclaimed(self) -> bool:
        """Whether a field of a listed document, at any depth, is one nothing in scope claims: whether `fields()` lists one."""
        return any(reading.any_unclaimed for _, reading in listed_readings(self.nodes))


class _ConsolidatedModelPass:
    """A consolidated read as the model layer hands it to a model: the reading of each listed document, made with its model when first asked for, and the member refined, made when first asked for."""

    __slots__ = ("_document", "nodes", "read")

    def __init__(self, read: ConsolidatedPass, context: ZarrV3Context) -> None:
        self.read = read
        self.nodes: Mapping[str, Any] = ListedNodes(read.nodes, node_reading, context)
        self._document: Mapping[str, Any] | None = None

    @property
    def problems(self) -> tuple[ValidationProblem, ...]:
        return self.read.problems

    @property
    def document(self) -> Mapping[str, Any] | None:
        if self._document is None and not self.read.problems:
            self._document = self.read.member()
        return self._document

    def reading(
        self, metadata: ZarrV3ConsolidatedMetadata | None
    ) -> ZarrV3ConsolidatedMetadataReading:
        return ZarrV3ConsolidatedMetadataReading(self.problems, metadata, nodes=self.nodes)


def read_consolidated_metadata_v3(
    value: object, *, context: ZarrV3Context | None = None
) -> ZarrV3ConsolidatedMetadataReading:
    """Read `value`, a group's `consolidated_metadata` member, and every document it lists, in `context`; never raises on bad input.

    Problems are located from the member. The documents must form a tree:
    each key a relative node path, each parent listed, and only groups
    holding children.
    """
    scope = scope_v3(context)
    read = _ConsolidatedModelPass(read_consolidated(plain_document(value), scope), scope)
    if read.problems:
        return read.reading(None)
    return ZarrV3ConsolidatedMetadata.made(read, scope).reading


class ZarrV3ConsolidatedMetadata(Model):
    """The documents a v3 group's consolidated metadata lists, each a model read in one scope, by relative path."""

    __slots__ = ()

    kind: ClassVar[Literal["inline"]] = "inline"
    must_understand: ClassVar[Literal[False]] = False

    _found: _ConsolidatedModelPass

    def __init__(self, member: object, context: ZarrV3Context | None = None) -> None:
        super().__init__(plain_document(member), context)

    @classmethod
    def _read(cls, document: object, context: ZarrV3Context) -> _ConsolidatedModelPass:
        return _ConsolidatedModelPass(read_consolidated(document, context), context)

    def _meaning_of(self) -> frozenset[tuple[str, ZarrV3NodeMetadata]]:
        return frozenset(self.metadata.items())

    def to_json(self) -> ZarrV3ConsolidatedMetadataJSON:
        """The member as given: a fresh plain dict the caller may change."""
        return cast(ZarrV3ConsolidatedMetadataJSON, super().to_json())

    @property
    def reading(self) -> ZarrV3ConsolidatedMetadataReading:
        """The reading of the documents."""
        return self._found.reading(self)

    @property
    def metadata(self) -> Mapping[str, ZarrV3NodeMetadata]:
        """The model of each listed document, by its path relative to the group, each made when first asked for."""
        return ListedModels(self._found.nodes)

    def refines(self, other: Self) -> bool:  # pyright: ignore[reportIncompatibleMethodOverride]
        """Whether every document refines `other`'s document at the same path, and both list the same paths."""
        return documents_refine(self.metadata, other.metadata)

    def __repr__(self) -> str:
        return f"ZarrV3ConsolidatedMetadata(<{len(self._found.nodes)} documents>)"


def read_group_metadata_v3(
    value: object, *, context: ZarrV3Context | None = None
) -> ZarrV3GroupMetadataReading:
    """Read `value` as a v3 group's `zarr.json` in `context` (default `CORE_AND_EXTENSIONS`); never raises on bad input.

    Only the envelope of `consolidated_metadata` is judged here; the
    documents it lists are read in the same pass, and their problems are
    the model's `consolidated()`'s to report (or `read_consolidated_metadata_v3`'s).
    """
    scope = scope_v3(context)
    read = read_group(value, scope)
    if read.problems:
        return read.reading(None)
    return ZarrV3GroupMetadata.made(read, scope).reading


def plain_document(value: object) -> Any:
    """`value` with any model in it (a consolidated metadata model, or the node models it lists) replaced by its JSON.

    Only the members that may hold a model are looked into, so a plain
    document is returned as it is, uncopied.
    """
    if isinstance(value, Keyed):
        return thawed(value.to_json())
    if not isinstance(value, Mapping):
        return value
    members = cast("Mapping[str, object]", value)
    changed: dict[str, object] = {}
    consolidated = members.get(ZARR_V3_CONSOLIDATED_METADATA_KEY)
    if consolidated is not None:
        plain = plain_document(consolidated)
        if plain is not consolidated:
            changed[ZARR_V3_CONSOLIDATED_METADATA_KEY] = plain
    listed = members.get("metadata")
    if isinstance(listed, Mapping):
        documents = cast("Mapping[str, object]", listed)
        if any(isinstance(document, Keyed) for document in documents.values()):
            changed["metadata"] = {
                path: plain_document(document) for path, document in documents.items()
            }
    return {**members, **changed} if changed else members


__all__ = [
    "ZarrV3ConsolidatedMetadata",
    "ZarrV3ConsolidatedMetadataInput",
    "ZarrV3ConsolidatedMetadataReading",
    "ZarrV3GroupMetadata",
    "ZarrV3GroupMetadataUpdate",
    "ZarrV3NodeMetadata",
    "ZarrV3NodeMetadataReading",
    "node_model",
    "node_reading",
    "plain_document",
    "read_consolidated_metadata_v3",
    "read_group_metadata_v3",
]
