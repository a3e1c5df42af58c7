"""The immutable model of a valid v2 array: its `.zarray`, with the `.zattrs` as `attributes`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Literal, cast

from typing_extensions import TypedDict, Unpack

from zarr_metadata._frozen import FrozenObject
from zarr_metadata._json import UNSET, JSONValue, Loc
from zarr_metadata.definition._fields import UnclaimedField, ValidField
from zarr_metadata.definition._resolve import canonical_fill_value
from zarr_metadata.model._array_v2 import (
    V2_ARRAY_MEMBERS,
    ArrayPassV2,
    ZarrV2ArrayMetadataReading,
    read_array_v2,
)
from zarr_metadata.model._edit import edited
from zarr_metadata.model._keyed import StoreKey, json_text
from zarr_metadata.model._model import Model
from zarr_metadata.model._node_files_v2 import node_files_bytes, node_from_key_value
from zarr_metadata.model._scope_check_v2 import scope_v2
from zarr_metadata.v2._context import ZarrV2Context
from zarr_metadata.v2._field_json import ZarrV2CodecMetadata, ZarrV2DataTypeMetadata
from zarr_metadata.v2._field_kinds import (
    ZarrV2CodecDefinition,
    ZarrV2DataTypeDefinition,
    type_string_configuration,
)
from zarr_metadata.v2.array import (
    ZARR_V2_ARRAY_METADATA_STORE_KEY,
    ZarrV2ArrayMetadataJSON,
    ZarrV2ArrayMetadataStoreKey,
    ZarrV2ArrayOrder,
)
from zarr_metadata.v2.attributes import ZarrV2AttributesStoreKey


class ZarrV2ArrayMetadataUpdate(TypedDict, total=False, closed=True):
    """The members `ZarrV2ArrayMetadata.update` takes, by name; UNSET removes an optional one."""

    shape: tuple[int, ...]
    dtype: ZarrV2DataTypeMetadata
    chunks: tuple[int, ...]
    fill_value: JSONValue
    order: Literal["C", "F"]
    compressor: ZarrV2CodecMetadata | None
    filters: tuple[ZarrV2CodecMetadata, ...] | None
    dimension_separator: Literal[".", "/"] | UNSET
    attributes: Mapping[str, JSONValue] | UNSET
    extra_fields: Mapping[str, JSONValue | UNSET]


_UPDATABLE = frozenset(V2_ARRAY_MEMBERS - {"zarr_format"})


class ZarrV2ArrayMetadata(Model):
    """A valid v2 array, read in a scope: immutable, hashable, and equal to another that means the same.

    The data type, codecs and fill value compare by their canonical
    spelling (`"|i1"` and `"<i1"` are one type; a `"<f8"` fill value of `0`
    and one of `0.0` are one value); a missing `dimension_separator` means
    `"."`; attributes and other members compare as JSON text.
    """

    __slots__ = ()

    zarr_format: ClassVar[Literal[2]] = 2
    node_type: ClassVar[Literal["array"]] = "array"

    _found: ArrayPassV2

    def __init__(self, document: object, context: ZarrV2Context | None = None) -> None:
        super().__init__(document, context)

    @classmethod
    def _scope(cls, context: object) -> ZarrV2Context:
        return scope_v2(context)

    @classmethod
    def _read(cls, document: object, context: ZarrV2Context) -> ArrayPassV2:
        return read_array_v2(document, context)

    def _meaning_of(self) -> tuple[object, ...]:
        document, read = self._document, self._found
        dtype = read.dtype
        compressor = read.compressor
        filters = read.filters
        return (
            tuple(document["shape"]),
            tuple(document["chunks"]),
            dtype,
            json_text(canonical_fill_value(dtype, document["fill_value"])),
            document["order"],
            compressor,
            filters,
            document.get("dimension_separator", "."),
            json_text(document.get("attributes", {})),
            json_text(self.extra_fields),
        )

    # Reading and writing

    @classmethod
    def from_key_value(
        cls, mapping: Mapping[StoreKey, bytes], *, context: ZarrV2Context | None = None
    ) -> ZarrV2ArrayMetadata:
        """The model of the `.zarray` bytes in `mapping`, with the `.zattrs` bytes beside it as its attributes."""
        scope = cls._scope(context)  # before any byte is decoded
        return cls(node_from_key_value(mapping, ZARR_V2_ARRAY_METADATA_STORE_KEY), scope)

    def to_json(self) -> ZarrV2ArrayMetadataJSON:
        """The document as given: a fresh plain dict (objects in it plain dicts, arrays tuples) the caller may change."""
        return cast(ZarrV2ArrayMetadataJSON, super().to_json())

    def to_key_value(
        self, *, indent: int | str | None = None
    ) -> Mapping[ZarrV2ArrayMetadataStoreKey | ZarrV2AttributesStoreKey, bytes]:
        """The files of the array: `.zarray`, and `.zattrs` when the document has attributes, as UTF-8 JSON."""
        return cast(
            "Mapping[ZarrV2ArrayMetadataStoreKey | ZarrV2AttributesStoreKey, bytes]",
            node_files_bytes(self._document, ZARR_V2_ARRAY_METADATA_STORE_KEY, indent),
        )

    # Views of the members

    @property
    def reading(self) -> ZarrV2ArrayMetadataReading:
        """The reading of this document: every field as the scope read it."""
        return self._found.reading(self)

    @property
    def shape(self) -> tuple[int, ...]:
        """The length of each dimension."""
        return cast("tuple[int, ...]", self._document["shape"])

    @property
    def chunks(self) -> tuple[int, ...]:
        """The length of a chunk along each dimension."""
        return cast("tuple[int, ...]", self._document["chunks"])

    @property
    def dtype(self) -> ValidField[ZarrV2DataTypeDefinition[Any]]:
        """The data type, as the scope read it: its `name`, `configuration` and `definition` (None when nothing claims it); `to_json()` gives it as written."""
        return self._found.dtype

    @property
    def compressor(self) -> ValidField[ZarrV2CodecDefinition[Any]] | None:
        """The compressor, as the scope read it; None when there is none."""
        return self._found.compressor

    @property
    def fill_value(self) -> JSONValue:
        """The fill value, as written."""
        return cast(JSONValue, self._document["fill_value"])

    @property
    def order(self) -> ZarrV2ArrayOrder:
        """The order of the values in a chunk: `"C"` (row-major) or `"F"` (column-major)."""
        return cast(ZarrV2ArrayOrder, self._document["order"])

    @property
    def filters(self) -> tuple[ValidField[ZarrV2CodecDefinition[Any]], ...] | None:
        """The filters, as the scope read them, in order; None when there are none."""
        return self._found.filters

    @property
    def dimension_separator(self) -> Literal[".", "/"]:
        """What separates the chunk indices in a chunk's key; `"."` when the document names none."""
        return cast('Literal[".", "/"]', self._document.get("dimension_separator", "."))

    @property
    def attributes(self) -> Mapping[str, JSONValue]:
        """The user attributes, from the `.zattrs` (empty when there are none)."""
        return cast("Mapping[str, JSONValue]", self._document.get("attributes", _NONE))

    @property
    def extra_fields(self) -> Mapping[str, JSONValue]:
        """The members a v2 array does not define, by key, as written."""
        return FrozenObject(
            {key: value for key, value in self._document.items() if key not in V2_ARRAY_MEMBERS}
        )

    @property
    def unclaimed_fields(self) -> Mapping[Loc, UnclaimedField]:
        """Every field nothing in scope claims (a data type or codec of an unknown name), at any depth, by location."""
        return FrozenObject(
            {
                loc: field
                for loc, field in self.reading.fields()
                if isinstance(field, UnclaimedField)
            }
        )

    # Changed copies

    def update(self, **members: Unpack[ZarrV2ArrayMetadataUpdate]) -> ZarrV2ArrayMetadata:
        """A copy with `members` set (other members in `extra_fields`; UNSET removes one), read in the same scope."""
        return type(self)(
            edited(self._document, members, _UPDATABLE, V2_ARRAY_MEMBERS), self._context
        )

    @classmethod
    def create_default(
        cls, *, context: ZarrV2Context | None = None, **overrides: Unpack[ZarrV2ArrayMetadataUpdate]
    ) -> ZarrV2ArrayMetadata:
        """A valid array with `overrides` set: by default a `|u1` (uint8) scalar in one chunk, uncompressed, filled with zeros (false for bool; no fill value for a type that is no number)."""
        shape = cast("tuple[int, ...]", overrides.get("shape", ()))
        dtype = overrides.get("dtype", "|u1")
        document: dict[str, Any] = {
            "zarr_format": 2,
            "shape": shape,
            "chunks": [max(length, 1) for length in shape],
            "dtype": dtype,
            "compressor": None,
            "fill_value": _zero(dtype),
            "order": "C",
            "filters": None,
        }
        return cls(edited(document, overrides, _UPDATABLE, V2_ARRAY_MEMBERS), context)

    def __repr__(self) -> str:
        return f"ZarrV2ArrayMetadata(shape={self.shape!r}, dtype={json_text(self.dtype.json)})"


_NONE: Mapping[str, JSONValue] = FrozenObject()

_ZEROS: Mapping[str, JSONValue] = {
    "bool": False,
    "int": 0,
    "uint": 0,
    "float": 0.0,
    "complex": (0.0, 0.0),
}


def _zero(dtype: object) -> JSONValue:
    """The fill value zarr-python gives a new array of `dtype`: zero for a number, false for bool, none for any other type."""
    written = type_string_configuration(dtype) if isinstance(dtype, str) else None
    return None if written is None else _ZEROS.get(written[0])


def read_array_metadata_v2(
    value: object, *, context: ZarrV2Context | None = None
) -> ZarrV2ArrayMetadataReading:
    """Read `value` as a v2 array (the `.zarray` members, with the `.zattrs` as `attributes`) in `context` (default `CORE_V2`); never raises on bad input."""
    scope = scope_v2(context)
    read = read_array_v2(value, scope)
    if read.problems:
        return read.reading(None)
    return ZarrV2ArrayMetadata.made(read, scope).reading


__all__ = ["ZarrV2ArrayMetadata", "ZarrV2ArrayMetadataUpdate", "read_array_metadata_v2"]
