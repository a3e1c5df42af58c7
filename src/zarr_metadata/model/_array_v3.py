"""Reading a v3 array's `zarr.json` (SPEC section 6), and the immutable model of a valid one."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Annotated, Any, Literal, NotRequired, cast

from annotated_types import Ge
from typing_extensions import TypedDict

from zarr_metadata._frozen import FrozenObject
from zarr_metadata._json import UNSET, JSONValue, Loc, UserJSONValue, ValidationProblem
from zarr_metadata._shapes import Unread
from zarr_metadata.definition._definition import asked
from zarr_metadata.definition._fields import AcceptedField, RefusedField, ResolvedField
from zarr_metadata.definition._resolve import fill_value_problems, json_key, relocated, resolve
from zarr_metadata.model._read_v3 import collapsed, read_document, read_extra_fields, with_nested
from zarr_metadata.typed_json import refine
from zarr_metadata.v3._context import ZarrV3Context
from zarr_metadata.v3._definition import (
    ArrayExtraFieldDefinition,
    Chunk,
    ChunkGridDefinition,
    ChunkKeyEncodingDefinition,
    CodecDefinition,
    DataTypeDefinition,
    Lengths,
    StorageTransformerDefinition,
)
from zarr_metadata.v3._documents import ZarrV3ArrayMetadataJSON
from zarr_metadata.v3._pipeline import CodecAt, Stage, read_pipeline
from zarr_metadata.v3._scopes import CORE_AND_EXTENSIONS

if TYPE_CHECKING:
    from zarr_metadata.model._array_model_v3 import ZarrV3ArrayMetadata

SPEC_MEMBERS: frozenset[str] = frozenset(ZarrV3ArrayMetadataJSON.__annotations__)

Shape = tuple[Annotated[int, Ge(0)], ...]
DimensionNames = tuple[str | None, ...]


class _ArrayDocument(TypedDict, extra_items=Unread):
    """What an array document's members must be before any field is read; the members marked Unread are judged later, each by its own step."""

    zarr_format: Literal[3]
    node_type: Literal["array"]
    data_type: Unread
    shape: Unread
    chunk_grid: Unread
    chunk_key_encoding: Unread
    fill_value: Unread
    codecs: tuple[Unread, ...]
    attributes: NotRequired[Mapping[str, UserJSONValue]]
    storage_transformers: NotRequired[tuple[Unread, ...]]
    dimension_names: NotRequired[Unread]


@dataclasses.dataclass(frozen=True)
class ZarrV3ArrayMetadataReading:
    """A v3 array document as a scope read it: every field, every problem, and the model when there is none."""

    data_type: ResolvedField[DataTypeDefinition[Any]] | UNSET = UNSET
    chunk_grid: ResolvedField[ChunkGridDefinition[Any]] | UNSET = UNSET
    chunk_key_encoding: ResolvedField[ChunkKeyEncodingDefinition[Any]] | UNSET = UNSET
    chunk: Chunk = dataclasses.field(default_factory=Chunk)
    """What the first codec receives: the grid's chunk lengths per dimension (None where unknown) and the data type."""
    pipeline: tuple[Stage, ...] = ()
    storage_transformers: tuple[ResolvedField[StorageTransformerDefinition[Any]], ...] = ()
    extra_fields: Mapping[str, ResolvedField[ArrayExtraFieldDefinition[Any]]] = dataclasses.field(
        default_factory=FrozenObject
    )
    problems: tuple[ValidationProblem, ...] = ()
    metadata: ZarrV3ArrayMetadata | None = None

    def fields(self) -> Iterator[tuple[Loc, ResolvedField[Any]]]:
        """Every field with its location, at any depth, in document order."""
        found: list[tuple[Loc, ResolvedField[Any]]] = []
        for name in ("data_type", "chunk_grid", "chunk_key_encoding"):
            field = getattr(self, name)
            if field is not UNSET:
                found.extend(with_nested((name,), field))
        for index, stage in enumerate(self.pipeline):
            found.extend(with_nested(("codecs", index), stage.codec))
        for index, field in enumerate(self.storage_transformers):
            found.extend(with_nested(("storage_transformers", index), field))
        for key, field in self.extra_fields.items():
            found.extend(with_nested((key,), field))
        order = self._member_order()
        found.sort(key=lambda item: order.get(cast(str, item[0][0]), len(order)))
        return iter(found)

    def _member_order(self) -> dict[str, int]:
        if self.metadata is None:
            return {}
        return {key: index for index, key in enumerate(self.metadata.to_json())}


def read_array_metadata_v3(value: object, *, context: ZarrV3Context | None = None) -> ZarrV3ArrayMetadataReading:
    """Read `value` as a v3 array's `zarr.json` in `context` (default `CORE_AND_EXTENSIONS`); never raises on bad input."""
    scope = CORE_AND_EXTENSIONS if context is None else context
    document, problems = read_document(value, _ArrayDocument)
    if document is None:
        return ZarrV3ArrayMetadataReading(problems=problems)
    reader = _ArrayReader(document, scope, list(problems))
    reading = reader.read()
    if reading.problems:
        return reading
    from zarr_metadata.model._array_model_v3 import ZarrV3ArrayMetadata

    ZarrV3ArrayMetadata._of(reader.refined(reading), scope, reading)  # pyright: ignore[reportPrivateUsage]
    return reading


class _ArrayReader:
    """One pass over an array document: each step adds its problems, and skips what depends on an unknown part."""

    def __init__(self, document: dict[str, Any], context: ZarrV3Context, problems: list[ValidationProblem]) -> None:
        self.document = document
        self.context = context
        self.problems = problems
        self.refined_shape: tuple[int, ...] | None = None
        self.refined_names: tuple[str | None, ...] | None = None

    def field(self, member: str, kind: type[Any]) -> Any:
        if member not in self.document:
            return UNSET
        field, found = resolve(self.document[member], kind, self.context, (member,))
        self.problems.extend(found)
        return field

    def read(self) -> ZarrV3ArrayMetadataReading:
        document = self.document
        data_type = self.field("data_type", DataTypeDefinition)
        chunk_grid = self.field("chunk_grid", ChunkGridDefinition)
        chunk_key_encoding = self.field("chunk_key_encoding", ChunkKeyEncodingDefinition)
        codecs = self.codecs()
        shape = self.shape()
        self.dimension_names(shape)
        chunk, pipeline = self.derived(data_type, chunk_grid, shape, codecs)
        transformers: list[ResolvedField[StorageTransformerDefinition[Any]]] = []
        for index, item in enumerate(document.get("storage_transformers", ())):
            field, found = resolve(item, _TRANSFORMER, self.context, ("storage_transformers", index))
            self.problems.extend(found)
            transformers.append(field)
        extra_fields, found = read_extra_fields(document, SPEC_MEMBERS, ArrayExtraFieldDefinition, self.context)
        self.problems.extend(found)
        return ZarrV3ArrayMetadataReading(
            data_type=data_type,
            chunk_grid=chunk_grid,
            chunk_key_encoding=chunk_key_encoding,
            chunk=chunk,
            pipeline=pipeline,
            storage_transformers=tuple(transformers),
            extra_fields=FrozenObject(extra_fields),
            problems=tuple(self.problems),
        )

    def codecs(self) -> list[CodecAt] | None:
        if "codecs" not in self.document:
            return None
        codecs: list[CodecAt] = []
        for index, item in enumerate(self.document["codecs"]):
            loc = ("codecs", index)
            codec, found = resolve(item, _CODEC, self.context, loc)
            self.problems.extend(found)
            codecs.append((loc, codec))
        return codecs

    def derived(
        self, data_type: Any, chunk_grid: Any, shape: tuple[int, ...] | None, codecs: list[CodecAt] | None
    ) -> tuple[Chunk, tuple[Stage, ...]]:
        """The checks across members (grid against shape, fill value against data type, codecs as a pipeline), and what they find.

        They depend only on fields the scope read (the same objects for
        the same JSON, as `resolve` keeps them), the shape and the fill
        value, so their outcome is kept for the next document that has
        the same ones: consolidated metadata repeats them thousands of times.
        """
        fields = (data_type, chunk_grid, *(codec for _, codec in codecs or ()))
        fill = self.document.get("fill_value", UNSET)
        key = (self.context, shape, codecs is None, json_key(fill), *map(id, fields))
        # The entry holds the fields whose ids its key names, so while it
        # exists no other object can take one of those ids.
        known = _DERIVED.get(key) if key[3] is not None else None
        if known is not None:
            self.problems.extend(known[1])
            return known[2], known[3]
        before = len(self.problems)
        lengths = self.lengths(chunk_grid, shape)
        if fill is not UNSET and data_type is not UNSET and not isinstance(data_type, RefusedField):
            self.problems.extend(fill_value_problems(data_type, fill, ("fill_value",)))
        chunk = Chunk(lengths, None if data_type is UNSET else cast("ResolvedField[DataTypeDefinition[Any]]", data_type))
        pipeline: tuple[Stage, ...] = ()
        if codecs is not None:
            pipeline, found = read_pipeline(codecs, chunk, ("codecs",))
            self.problems.extend(found)
        if key[3] is not None:
            if len(_DERIVED) >= _MOST_DERIVED:
                _DERIVED.clear()
            _DERIVED[key] = (fields, tuple(self.problems[before:]), chunk, pipeline)
        return chunk, pipeline

    def shape(self) -> tuple[int, ...] | None:
        if "shape" not in self.document:
            return None
        value = self.document["shape"]
        shape, found = refine(value, Shape, ("shape",))
        self.problems.extend(collapsed(value, found, ("shape",), "an array of non-negative integers"))
        self.refined_shape = shape
        return shape

    def dimension_names(self, shape: tuple[int, ...] | None) -> None:
        if "dimension_names" not in self.document:
            return
        value = self.document["dimension_names"]
        at: Loc = ("dimension_names",)
        names, found = refine(value, DimensionNames, at)
        self.refined_names = names
        if found:
            self.problems.extend(collapsed(value, found, at, "an array of strings or nulls"))
        elif names is not None and shape is not None and len(names) != len(shape):
            self.problems.append(
                ValidationProblem(
                    at,
                    f"expected one name per dimension ({len(shape)}), got {len(names)}",
                    "invalid_value",
                    input=cast(JSONValue, value),
                )
            )

    def lengths(self, grid: object, shape: tuple[int, ...] | None) -> Lengths | None:
        """The chunk lengths the grid gives each dimension, after checking it against the shape; None when the shape is unknown."""
        if shape is None:
            return None
        unknown: Lengths = tuple(None for _ in shape)
        if not isinstance(grid, AcceptedField):
            return unknown
        field = cast(AcceptedField[ChunkGridDefinition[Any]], grid)
        definition, configuration, nested = field.definition, field.configuration, field.nested
        at = ChunkGridDefinition.configuration_loc(("chunk_grid",))
        found = relocated(asked(definition, "shape_rules", lambda: tuple(definition.shape_rules(configuration, nested, shape))), at)
        if found:
            self.problems.extend(found)
            return unknown
        lengths = asked(definition, "chunk_lengths", lambda: definition.chunk_lengths(configuration, nested, shape))
        if not (isinstance(cast(object, lengths), tuple) and len(lengths) == len(shape)):
            msg = f"{definition.name!r}: its chunk_lengths gives one entry per dimension, got {lengths!r}"
            raise TypeError(msg)
        return lengths


    def refined(self, reading: ZarrV3ArrayMetadataReading) -> FrozenObject:
        """The document of a reading without problems, each member as its step refined it, in the document's order."""
        document = self.document
        fill = document["fill_value"]
        members: dict[str, object] = {
            "data_type": cast(Any, reading.data_type).json,
            "chunk_grid": cast(Any, reading.chunk_grid).json,
            "chunk_key_encoding": cast(Any, reading.chunk_key_encoding).json,
            "shape": self.refined_shape,
            "fill_value": fill if type(fill) in _SCALARS else refine(fill, UserJSONValue)[0],
            "codecs": tuple(stage.codec.json for stage in reading.pipeline),
        }
        if "dimension_names" in document:
            members["dimension_names"] = self.refined_names
        if "storage_transformers" in document:
            members["storage_transformers"] = tuple(field.json for field in reading.storage_transformers)
        for key, field in reading.extra_fields.items():
            members[key] = cast("Mapping[str, object]", field.json)[key]
        return FrozenObject({key: members.get(key, value) for key, value in document.items()})


_CODEC: type[CodecDefinition[Any]] = CodecDefinition
_TRANSFORMER: type[StorageTransformerDefinition[Any]] = StorageTransformerDefinition

_DERIVED: dict[tuple[object, ...], tuple[tuple[object, ...], tuple[ValidationProblem, ...], Chunk, tuple[Stage, ...]]] = {}
"""The checks across members of documents read before, by the fields (identical objects), shape and fill value they involve."""

_MOST_DERIVED = 4096

_SCALARS = frozenset({str, int, bool, type(None)})
"""The fill values refined as they are; a float may be NaN, which only the checker says how to keep."""

_REFINED_AS_READ = frozenset({"zarr_format", "node_type", "attributes"})
