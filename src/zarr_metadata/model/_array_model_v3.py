"""The immutable model of a valid v3 array document."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Literal, cast

from typing_extensions import TypedDict, Unpack

from zarr_metadata._common import ZarrV3NamedConfigJSON
from zarr_metadata._frozen import FrozenObject
from zarr_metadata._json import UNSET, JSONValue, Loc
from zarr_metadata.definition._fields import UnclaimedField, ValidField
from zarr_metadata.definition._resolve import canonical_fill_value
from zarr_metadata.model._array_v3 import (
    SPEC_MEMBERS,
    ArrayPass,
    ZarrV3ArrayMetadataReading,
    read_array,
)
from zarr_metadata.model._edit import edited
from zarr_metadata.model._keyed import (
    StoreKey,
    document_bytes,
    document_from,
    json_text,
)
from zarr_metadata.model._model import Model
from zarr_metadata.model._read import must_understand, unclaimed
from zarr_metadata.model._scope_check import scope_v3
from zarr_metadata.v3._context import ZarrV3Context
from zarr_metadata.v3._extra_field_kinds import (
    ArrayExtraFieldDefinition,
)
from zarr_metadata.v3._field_kinds import (
    ChunkGridDefinition,
    ChunkKeyEncodingDefinition,
    CodecDefinition,
    DataTypeDefinition,
    StorageTransformerDefinition,
)
from zarr_metadata.v3.array import (
    ZARR_V3_ARRAY_METADATA_STORE_KEY,
    ZarrV3ArrayMetadataJSON,
    ZarrV3ArrayMetadataStoreKey,
)

FieldJSON = str | ZarrV3NamedConfigJSON


class ZarrV3ArrayMetadataUpdate(TypedDict, total=False, closed=True):
    """The members `ZarrV3ArrayMetadata.update` takes, by name; UNSET removes an optional one."""

    shape: tuple[int, ...]
    data_type: FieldJSON
    chunk_grid: FieldJSON
    chunk_key_encoding: FieldJSON
    fill_value: JSONValue
    codecs: tuple[FieldJSON, ...]
    attributes: Mapping[str, JSONValue] | UNSET
    storage_transformers: tuple[FieldJSON, ...] | UNSET
    dimension_names: tuple[str | None, ...] | UNSET
    extra_fields: Mapping[str, JSONValue | UNSET]


_UPDATABLE = frozenset(SPEC_MEMBERS - {"zarr_format", "node_type"})


class ZarrV3ArrayMetadata(Model):
    """A valid v3 array document, read in a scope: immutable, hashable, and equal to another that means the same.

    Fields and fill values compare by their canonical spelling; attributes
    and unclaimed JSON compare as JSON text.
    """

    __slots__ = ()

    zarr_format: ClassVar[Literal[3]] = 3
    node_type: ClassVar[Literal["array"]] = "array"

    _found: ArrayPass

    def __init__(self, document: object, context: ZarrV3Context | None = None) -> None:
        super().__init__(document, context)

    @classmethod
    def _read(cls, document: object, context: ZarrV3Context) -> ArrayPass:
        return read_array(document, context)

    def _meaning_of(self) -> tuple[object, ...]:
        return array_meaning(self._document, self._found)

    # Reading and writing

    @classmethod
    def from_key_value(
        cls, mapping: Mapping[StoreKey, bytes], *, context: ZarrV3Context | None = None
    ) -> ZarrV3ArrayMetadata:
        """The model of the `zarr.json` bytes in `mapping`."""
        scope = cls._scope(context)  # before any byte is decoded
        return cls(document_from(mapping, ZARR_V3_ARRAY_METADATA_STORE_KEY), scope)

    def to_json(self) -> ZarrV3ArrayMetadataJSON:
        """The document as given: a fresh plain dict (objects in it plain dicts, arrays tuples) the caller may change."""
        return cast(ZarrV3ArrayMetadataJSON, super().to_json())

    def to_key_value(
        self, *, indent: int | str | None = None
    ) -> Mapping[ZarrV3ArrayMetadataStoreKey, bytes]:
        """`{"zarr.json": bytes}`: the document as UTF-8 JSON."""
        return {ZARR_V3_ARRAY_METADATA_STORE_KEY: document_bytes(self._document, indent)}

    # Views of the members

    @property
    def reading(self) -> ZarrV3ArrayMetadataReading:
        """The reading of this document: every field as the scope read it."""
        return self._found.reading(self)

    @property
    def shape(self) -> tuple[int, ...]:
        """The length of each dimension."""
        return cast("tuple[int, ...]", self._document["shape"])

    @property
    def data_type(self) -> ValidField[DataTypeDefinition[Any]]:
        """The data type, as the scope read it: its `name`, `configuration` and `definition` (None when nothing claims it); `to_json()` gives it as written."""
        return self._found.data_type

    @property
    def chunk_grid(self) -> ValidField[ChunkGridDefinition[Any]]:
        """The chunk grid, as the scope read it."""
        return self._found.chunk_grid

    @property
    def chunk_key_encoding(self) -> ValidField[ChunkKeyEncodingDefinition[Any]]:
        """The chunk key encoding, as the scope read it."""
        return self._found.chunk_key_encoding

    @property
    def fill_value(self) -> JSONValue:
        """The fill value, as written."""
        return cast(JSONValue, self._document["fill_value"])

    @property
    def codecs(self) -> tuple[ValidField[CodecDefinition[Any]], ...]:
        """The codecs, as the scope read them, in order."""
        return tuple(
            cast("ValidField[CodecDefinition[Any]]", stage.codec) for stage in self._found.pipeline
        )

    @property
    def attributes(self) -> Mapping[str, JSONValue]:
        """The user attributes (empty when the document has none)."""
        return cast("Mapping[str, JSONValue]", self._document.get("attributes", _NONE))

    @property
    def storage_transformers(self) -> tuple[ValidField[StorageTransformerDefinition[Any]], ...]:
        """The storage transformers, as the scope read them (none when the document has none)."""
        return cast(
            "tuple[ValidField[StorageTransformerDefinition[Any]], ...]",
            self._found.storage_transformers,
        )

    @property
    def dimension_names(self) -> tuple[str | None, ...] | None:
        """The name of each dimension; None when the document names none."""
        return cast("tuple[str | None, ...] | None", self._document.get("dimension_names"))

    @property
    def extra_fields(self) -> Mapping[str, ValidField[ArrayExtraFieldDefinition[Any]]]:
        """The members the spec does not define, by key, as the scope read them (unclaimed when nothing claims the key)."""
        return cast(
            "Mapping[str, ValidField[ArrayExtraFieldDefinition[Any]]]", self._found.extra_fields
        )

    @property
    def unclaimed_fields(self) -> Mapping[Loc, UnclaimedField]:
        """Every field nothing in scope claims, at any depth, by location; not an extra member that says `"must_understand": false`, nor anything in it."""
        return FrozenObject(unclaimed(self.reading.fields(), self._found.extra_fields))

    @property
    def must_understand_fields(self) -> tuple[str, ...]:
        """The unclaimed extra members a reader must understand: those that do not say `"must_understand": false`."""
        return must_understand(self._found.extra_fields)

    # Changed copies

    def update(self, **members: Unpack[ZarrV3ArrayMetadataUpdate]) -> ZarrV3ArrayMetadata:
        """A copy with `members` set (extra members in `extra_fields`; UNSET removes one), read in the same scope."""
        return type(self)(edited(self._document, members, _UPDATABLE, SPEC_MEMBERS), self._context)

    @classmethod
    def create_default(
        cls, *, context: ZarrV3Context | None = None, **overrides: Unpack[ZarrV3ArrayMetadataUpdate]
    ) -> ZarrV3ArrayMetadata:
        """A valid array document with `overrides` set: by default a uint8 scalar filled with 0, one chunk per array, little-endian bytes."""
        shape = cast("tuple[int, ...]", overrides.get("shape", ()))
        document: dict[str, Any] = {
            "zarr_format": 3,
            "node_type": "array",
            "shape": shape,
            "data_type": "uint8",
            "chunk_grid": {
                "name": "regular",
                "configuration": {"chunk_shape": [max(length, 1) for length in shape]},
            },
            "chunk_key_encoding": {"name": "default"},
            "fill_value": 0,
            "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}],
        }
        return cls(edited(document, overrides, _UPDATABLE, SPEC_MEMBERS), context)

    def __repr__(self) -> str:
        return (
            f"ZarrV3ArrayMetadata(shape={self.shape!r}, data_type={json_text(self.data_type.json)})"
        )


_NONE: Mapping[str, JSONValue] = FrozenObject()


def read_array_metadata_v3(
    value: object, *, context: ZarrV3Context | None = None
) -> ZarrV3ArrayMetadataReading:
    """Read `value` as a v3 array's `zarr.json` in `context` (default `CORE_AND_EXTENSIONS`); never raises on bad input.

    The reading holds the model when the document has no problem.
    """
    scope = scope_v3(context)
    read = read_array(value, scope)
    if read.problems:
        return read.reading(None)
    return ZarrV3ArrayMetadata.made(read, scope).reading


def array_meaning(document: Mapping[str, Any], reading: ArrayPass) -> tuple[object, ...]:
    """What an array document means: equal for documents that mean the same, whatever their spelling."""
    data_type = reading.data_type
    assert (
        data_type is not UNSET
        and reading.chunk_grid is not UNSET
        and reading.chunk_key_encoding is not UNSET
    )
    # Fields compare by their canonical spelling and the definitions that read them.
    return (
        tuple(document["shape"]),
        data_type,
        reading.chunk_grid,
        reading.chunk_key_encoding,
        json_text(canonical_fill_value(data_type, document["fill_value"])),
        tuple(stage.codec for stage in reading.pipeline),
        reading.storage_transformers,
        json_text(document.get("attributes", {})),
        _named_dimensions(document.get("dimension_names")),
        frozenset(reading.extra_fields.items()),
    )


def _named_dimensions(names: tuple[str | None, ...] | None) -> tuple[str | None, ...] | None:
    """Dimension names as they mean: None when no dimension is named, written absent or all null."""
    if names is None or all(name is None for name in names):
        return None
    return names
