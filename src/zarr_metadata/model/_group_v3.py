"""Reading a v3 group's `zarr.json`, and the immutable model of a valid one."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Literal, NotRequired, cast

from typing_extensions import TypedDict, Unpack

from zarr_metadata._frozen import FrozenObject, thawed
from zarr_metadata._json import UNSET, JSONValue, Loc, UserJSONValue, ValidationProblem
from zarr_metadata._shapes import Unread
from zarr_metadata.definition._fields import ResolvedField, UnclaimedField
from zarr_metadata.definition._resolve import canonical_of
from zarr_metadata.model._keyed import (
    Keyed,
    StoreKey,
    document_bytes,
    document_from,
    edited,
    json_text,
)
from zarr_metadata.model._model import Model
from zarr_metadata.model._read_v3 import (
    must_understand,
    read_document,
    read_extra_fields,
    with_nested,
)
from zarr_metadata.v3._context import ZarrV3Context
from zarr_metadata.v3._definition import GroupExtraFieldDefinition
from zarr_metadata.v3._scopes import CORE_AND_EXTENSIONS
from zarr_metadata.v3.consolidated import ZARR_V3_CONSOLIDATED_METADATA_KEY
from zarr_metadata.v3.group import (
    ZARR_V3_GROUP_METADATA_STORE_KEY,
    ZarrV3GroupMetadataJSON,
    ZarrV3GroupMetadataStoreKey,
)

if TYPE_CHECKING:
    from zarr_metadata.model._consolidated_v3 import ZarrV3ConsolidatedMetadata
    from zarr_metadata.v3.consolidated import ZarrV3ConsolidatedMetadataJSON

GROUP_SPEC_MEMBERS: frozenset[str] = frozenset(ZarrV3GroupMetadataJSON.__annotations__)



class _GroupDocument(TypedDict, extra_items=Unread):
    """What a group document's members must be before its extra members are read in scope."""

    zarr_format: Literal[3]
    node_type: Literal["group"]
    attributes: NotRequired[Mapping[str, UserJSONValue]]


@dataclasses.dataclass(frozen=True, slots=True)
class ZarrV3GroupMetadataReading:
    """A v3 group document as a scope read it: its extra fields, every problem, and the model when there is none."""

    problems: tuple[ValidationProblem, ...] = ()
    metadata: ZarrV3GroupMetadata | None = None
    extra_fields: Mapping[str, ResolvedField[GroupExtraFieldDefinition[Any]]] = dataclasses.field(
        default_factory=FrozenObject
    )

    def fields(self) -> Iterator[tuple[Loc, ResolvedField[Any]]]:
        """Every field with its location, at any depth, in document order."""
        for key, field in self.extra_fields.items():
            yield from with_nested((key,), field)


def read_group_metadata_v3(value: object, *, context: ZarrV3Context | None = None) -> ZarrV3GroupMetadataReading:
    """Read `value` as a v3 group's `zarr.json` in `context` (default `CORE_AND_EXTENSIONS`); never raises on bad input.

    Only the envelope of `consolidated_metadata` is read here; its
    documents are read by `read_consolidated_metadata_v3`, or a model's
    `consolidated()`.
    """
    scope = CORE_AND_EXTENSIONS if context is None else context
    document, problems = read_document(value, _GroupDocument)
    if document is None:
        return ZarrV3GroupMetadataReading(problems=problems)
    extra_fields, found = read_extra_fields(document, GROUP_SPEC_MEMBERS, GroupExtraFieldDefinition, scope)
    reading = ZarrV3GroupMetadataReading(problems=(*problems, *found), extra_fields=FrozenObject(extra_fields))
    if reading.problems:
        return reading
    refined = {
        key: (value if key in GROUP_SPEC_MEMBERS else cast("Mapping[str, object]", extra_fields[key].json)[key])
        for key, value in document.items()
    }
    ZarrV3GroupMetadata._of(FrozenObject(refined), scope, reading)  # pyright: ignore[reportPrivateUsage]
    return reading


class ZarrV3GroupMetadataUpdate(TypedDict, total=False, closed=True):
    """The members `ZarrV3GroupMetadata.update` takes, by name; UNSET removes one."""

    attributes: Mapping[str, JSONValue] | UNSET
    consolidated_metadata: ZarrV3ConsolidatedMetadataJSON | Mapping[str, JSONValue] | ZarrV3ConsolidatedMetadata | UNSET
    extra_fields: Mapping[str, JSONValue | UNSET]


_UPDATABLE = frozenset({"attributes", ZARR_V3_CONSOLIDATED_METADATA_KEY})


class ZarrV3GroupMetadata(Model):
    """A valid v3 group document, read in a scope: immutable, hashable, and equal to another that means the same."""

    __slots__ = ()

    zarr_format: ClassVar[Literal[3]] = 3
    node_type: ClassVar[Literal["group"]] = "group"

    _reading: ZarrV3GroupMetadataReading

    def __init__(self, document: object, context: ZarrV3Context | None = None) -> None:
        super().__init__(document, context)

    @classmethod
    def _read(cls, document: object, context: ZarrV3Context | None) -> ZarrV3GroupMetadataReading:
        return read_group_metadata_v3(plain_document(document), context=context)

    def _meaning_of(self) -> tuple[object, ...]:
        return (
            json_text(self._document.get("attributes", {})),
            tuple(sorted((key, json_text(canonical_of(field, ()))) for key, field in self._reading.extra_fields.items())),
        )

    @classmethod
    def from_key_value(cls, mapping: Mapping[StoreKey, bytes], *, context: ZarrV3Context | None = None) -> ZarrV3GroupMetadata:
        """The model of the `zarr.json` bytes in `mapping`."""
        return cls(document_from(mapping, ZARR_V3_GROUP_METADATA_STORE_KEY), context)

    def to_json(self) -> ZarrV3GroupMetadataJSON:
        """The document as given, read-only, with tuples for arrays."""
        return cast(ZarrV3GroupMetadataJSON, self._document)

    def to_key_value(self, *, indent: int | str | None = None) -> Mapping[ZarrV3GroupMetadataStoreKey, bytes]:
        """`{"zarr.json": bytes}`: the document as UTF-8 JSON; non-finite numbers in user data as bare `NaN`/`Infinity`."""
        return {ZARR_V3_GROUP_METADATA_STORE_KEY: document_bytes(self._document, indent)}

    @property
    def reading(self) -> ZarrV3GroupMetadataReading:
        """The reading of this document."""
        return self._reading

    @property
    def attributes(self) -> Mapping[str, JSONValue]:
        """The user attributes (empty when the document has none)."""
        return cast("Mapping[str, JSONValue]", self._document.get("attributes", FrozenObject()))

    @property
    def consolidated_metadata(self) -> Mapping[str, JSONValue] | None:
        """The `consolidated_metadata` member as written; None when there is none."""
        return cast("Mapping[str, JSONValue] | None", self._document.get(ZARR_V3_CONSOLIDATED_METADATA_KEY))

    def consolidated(self) -> ZarrV3ConsolidatedMetadata | None:
        """The documents the consolidated metadata lists, read in this group's scope; None when there is none.

        Raises `MetadataValidationError` when they have problems, located in this group's document.
        """
        from zarr_metadata.model._consolidated_v3 import ZarrV3ConsolidatedMetadata

        member = self.consolidated_metadata
        return None if member is None else ZarrV3ConsolidatedMetadata(member, self._context)

    @property
    def extra_fields(self) -> Mapping[str, JSONValue]:
        """The members the spec does not define, by key, as written."""
        return FrozenObject({key: value for key, value in self._document.items() if key not in GROUP_SPEC_MEMBERS})

    @property
    def unclaimed_fields(self) -> Mapping[Loc, UnclaimedField]:
        """Every field nothing in scope claims, at any depth, by location."""
        return FrozenObject({loc: field for loc, field in self._reading.fields() if isinstance(field, UnclaimedField)})

    @property
    def must_understand_fields(self) -> tuple[str, ...]:
        """The unclaimed extra members a reader must understand: those that do not say `"must_understand": false`."""
        return must_understand(self._reading.extra_fields)

    def update(self, **members: Unpack[ZarrV3GroupMetadataUpdate]) -> ZarrV3GroupMetadata:
        """A copy with `members` set (extra members in `extra_fields`; UNSET removes one), read in the same scope."""
        plain = {key: plain_document(value) for key, value in members.items()}
        return type(self)(edited(self._document, plain, _UPDATABLE), self._context)

    @classmethod
    def create_default(
        cls, *, context: ZarrV3Context | None = None, **overrides: Unpack[ZarrV3GroupMetadataUpdate]
    ) -> ZarrV3GroupMetadata:
        """A valid group document with `overrides` set: by default, one with no attributes."""
        plain = {key: plain_document(value) for key, value in overrides.items()}
        return cls(edited({"zarr_format": 3, "node_type": "group"}, plain, _UPDATABLE), context)

    def __repr__(self) -> str:
        return f"ZarrV3GroupMetadata(attributes={json_text(self.attributes)[:60]})"


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
            changed["metadata"] = {path: plain_document(document) for path, document in documents.items()}
    return {**members, **changed} if changed else members
