"""The immutable model of a valid v2 group, and the readers of a v2 node's files."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Literal, cast

from typing_extensions import TypeAliasType, TypedDict, Unpack

from zarr_metadata._frozen import FrozenObject
from zarr_metadata._json import UNSET, JSONValue, Loc
from zarr_metadata.definition._fields import UnclaimedField
from zarr_metadata.model._array_model_v2 import ZarrV2ArrayMetadata
from zarr_metadata.model._array_v2 import ArrayPassV2, ZarrV2ArrayMetadataReading
from zarr_metadata.model._edit import edited
from zarr_metadata.model._group_v2 import (
    ARRAY_AND_GROUP,
    GROUP_KEY,
    NEITHER_ARRAY_NOR_GROUP,
    NODE_FILES,
    GroupPassV2,
    NodeReadV2,
    ZarrV2GroupMetadataReading,
    ZarrV2UnknownNodeMetadataReading,
    read_group_v2,
    read_node_v2,
)
from zarr_metadata.model._keyed import StoreKey, json_text
from zarr_metadata.model._model import Model
from zarr_metadata.model._node_files_v2 import node_files_bytes, node_from_key_value
from zarr_metadata.model._scope_check_v2 import scope_v2
from zarr_metadata.problems import MetadataValidationError
from zarr_metadata.v2._context import ZarrV2Context
from zarr_metadata.v2.array import ZARR_V2_ARRAY_METADATA_STORE_KEY
from zarr_metadata.v2.attributes import ZarrV2AttributesStoreKey
from zarr_metadata.v2.group import (
    ZARR_V2_GROUP_METADATA_STORE_KEY,
    ZarrV2GroupMetadataJSON,
    ZarrV2GroupMetadataStoreKey,
)


class ZarrV2GroupMetadataUpdate(TypedDict, total=False):
    """The members `ZarrV2GroupMetadata.update` takes, by name; UNSET removes the attributes."""

    attributes: Mapping[str, JSONValue] | UNSET


_UPDATABLE = frozenset({"attributes"})
_RESERVED = frozenset({"zarr_format", "attributes"})


def _edited(document: Mapping[str, object], members: Mapping[str, object]) -> dict[str, object]:
    """`document` with its attributes set as `members` say; any other name raises `TypeError`, `extra_fields` too."""
    for name in members:
        # A v2 group has no extra members, so `extra_fields` is as unknown as any other name.
        if name not in _UPDATABLE:
            msg = f"unknown member {name!r}; a v2 group has only its attributes to set"
            raise TypeError(msg)
    return edited(document, members, _UPDATABLE, _RESERVED)


class ZarrV2GroupMetadata(Model):
    """A valid v2 group: its `.zgroup`, with the `.zattrs` as `attributes`; equal to another with the same attributes."""

    __slots__ = ()

    zarr_format: ClassVar[Literal[2]] = 2
    node_type: ClassVar[Literal["group"]] = "group"

    _found: GroupPassV2

    def __init__(self, document: object, context: ZarrV2Context | None = None) -> None:
        super().__init__(document, context)

    @classmethod
    def _scope(cls, context: object) -> ZarrV2Context:
        return scope_v2(context)

    @classmethod
    def _read(cls, document: object, context: ZarrV2Context) -> GroupPassV2:
        return read_group_v2(document, context)

    def _meaning_of(self) -> str:
        return json_text(self._document.get("attributes", {}))

    @classmethod
    def from_key_value(
        cls, mapping: Mapping[StoreKey, bytes], *, context: ZarrV2Context | None = None
    ) -> ZarrV2GroupMetadata:
        """The model of the `.zgroup` bytes in `mapping`, with the `.zattrs` bytes beside it as its attributes."""
        scope = cls._scope(context)  # before any byte is decoded
        return cls(node_from_key_value(mapping, ZARR_V2_GROUP_METADATA_STORE_KEY), scope)

    def to_json(self) -> ZarrV2GroupMetadataJSON:
        """The document as given: a fresh plain dict the caller may change."""
        return cast(ZarrV2GroupMetadataJSON, super().to_json())

    def to_key_value(
        self, *, indent: int | str | None = None
    ) -> Mapping[ZarrV2GroupMetadataStoreKey | ZarrV2AttributesStoreKey, bytes]:
        """The files of the group: `.zgroup`, and `.zattrs` when the document has attributes, as UTF-8 JSON."""
        return cast(
            "Mapping[ZarrV2GroupMetadataStoreKey | ZarrV2AttributesStoreKey, bytes]",
            node_files_bytes(self._document, ZARR_V2_GROUP_METADATA_STORE_KEY, indent),
        )

    @property
    def reading(self) -> ZarrV2GroupMetadataReading:
        """The reading of this document."""
        return self._found.reading(self)

    @property
    def attributes(self) -> Mapping[str, JSONValue]:
        """The user attributes, from the `.zattrs` (empty when there are none)."""
        return cast("Mapping[str, JSONValue]", self._document.get("attributes", FrozenObject()))

    @property
    def unclaimed_fields(self) -> Mapping[Loc, UnclaimedField]:
        """A v2 group holds no field, so none is unclaimed."""
        return FrozenObject()

    def update(self, **members: Unpack[ZarrV2GroupMetadataUpdate]) -> ZarrV2GroupMetadata:
        """A copy with the attributes set (UNSET removes them)."""
        return type(self)(_edited(self._document, members), self._context)

    @classmethod
    def create_default(
        cls, *, context: ZarrV2Context | None = None, **overrides: Unpack[ZarrV2GroupMetadataUpdate]
    ) -> ZarrV2GroupMetadata:
        """A valid group with `overrides` set: by default, one with no attributes."""
        return cls(_edited({"zarr_format": 2}, overrides), context)

    def __repr__(self) -> str:
        return f"ZarrV2GroupMetadata(attributes={json_text(self.attributes)[:60]})"


ZarrV2NodeMetadata = TypeAliasType("ZarrV2NodeMetadata", ZarrV2ArrayMetadata | ZarrV2GroupMetadata)
"""The model of a v2 node: an array or a group."""

ZarrV2NodeMetadataReading = TypeAliasType(
    "ZarrV2NodeMetadataReading",
    ZarrV2ArrayMetadataReading | ZarrV2GroupMetadataReading | ZarrV2UnknownNodeMetadataReading,
)
"""The reading of the files of a v2 node: an array's, a group's, or of neither."""


def node_model_v2(read: NodeReadV2, context: ZarrV2Context) -> ZarrV2NodeMetadata | None:
    """The model of a v2 node read without problems; None when it has some."""
    if read.problems:
        return None
    if isinstance(read, ArrayPassV2):
        return ZarrV2ArrayMetadata.made(read, context)
    return ZarrV2GroupMetadata.made(cast(GroupPassV2, read), context)


def node_reading_v2(read: NodeReadV2, context: ZarrV2Context) -> ZarrV2NodeMetadataReading:
    """The reading of a v2 node read, with its model when it has no problem."""
    model = node_model_v2(read, context)
    return read.reading(None) if model is None else model.reading


def read_group_metadata_v2(
    value: object, *, context: ZarrV2Context | None = None
) -> ZarrV2GroupMetadataReading:
    """Read `value` as a v2 group (the `.zgroup`, with the `.zattrs` as `attributes`) in `context` (default `CORE_V2`); never raises on bad input."""
    scope = scope_v2(context)
    read = read_group_v2(value, scope)
    if read.problems:
        return read.reading(None)
    return ZarrV2GroupMetadata.made(read, scope).reading


def read_node_metadata_v2(
    files: Mapping[str, object], *, context: ZarrV2Context | None = None
) -> ZarrV2NodeMetadataReading:
    """Read the files of one v2 node, each parsed JSON by key (`.zarray` or `.zgroup`, and `.zattrs`), as the node they make; never raises on bad input.

    Problems are located in the node's document: at `("attributes", ...)`
    for what the `.zattrs` holds, elsewhere for the `.zarray` or `.zgroup`.
    """
    scope = scope_v2(context)
    return node_reading_v2(read_node_v2(files, scope), scope)


def node_metadata_from_key_value_v2(
    mapping: Mapping[StoreKey, bytes], *, context: ZarrV2Context | None = None
) -> ZarrV2NodeMetadata:
    """The model of the v2 node whose files are in `mapping`: a `.zarray` or a `.zgroup`, and its `.zattrs`."""
    scope = scope_v2(context)  # before any byte is decoded
    files = {key: value for key, value in mapping.items() if key in NODE_FILES}
    if ZARR_V2_ARRAY_METADATA_STORE_KEY in files and GROUP_KEY in files:
        raise MetadataValidationError([ARRAY_AND_GROUP])
    if GROUP_KEY in files:
        return ZarrV2GroupMetadata.from_key_value(files, context=scope)
    if ZARR_V2_ARRAY_METADATA_STORE_KEY not in files:
        raise MetadataValidationError([NEITHER_ARRAY_NOR_GROUP])
    return ZarrV2ArrayMetadata.from_key_value(files, context=scope)


__all__ = [
    "ZarrV2GroupMetadata",
    "ZarrV2GroupMetadataUpdate",
    "ZarrV2NodeMetadata",
    "ZarrV2NodeMetadataReading",
    "node_metadata_from_key_value_v2",
    "node_model_v2",
    "node_reading_v2",
    "read_group_metadata_v2",
    "read_node_metadata_v2",
]
