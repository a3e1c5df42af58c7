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


@dataclasses.dataclass(frozen=True, slots=True)
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
    members: tuple[str, ...] = dataclasses.field(default=(), repr=False, compare=False, kw_only=True)
    """The document's member keys in the order written, which `fields()` follows."""

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
        return {key: index for index, key in enumerate(self.members)}


def read_array_metadata_v3(value: object, *, context: ZarrV3Context | None = None) -> ZarrV3ArrayMetadataReading:
    """Read `value` as a v3 array's `zarr.json` in `context` (default `CORE_AND_EXTENSIONS`); never raises on bad input."""
    scope = CORE_AND_EXTENSIONS if context is None else context
    document, problems = read_document(value, _ArrayDocument)
    if document is None:
        return ZarrV3ArrayMetadataReading(problems=problems)
    reader = _ArrayReader(document, scope, list(problems), trusted=type(value) is FrozenObject)
    reading = reader.read()
    if reading.problems:
        return reading
    from zarr_metadata.model._array_model_v3 import ZarrV3ArrayMetadata

    # A document this package refined (a model's) is read-only already and
    # refines to itself, so it serves as the model's document as it is.
    document = value if reader.trusted else reader.refined(reading)
    ZarrV3ArrayMetadata._of(document, scope, reading)  # pyright: ignore[reportPrivateUsage]
    return reading


class _ArrayReader:
    """One pass over an array document: each step adds its problems, and skips what depends on an unknown part."""

    def __init__(
        self, document: dict[str, Any], context: ZarrV3Context, problems: list[ValidationProblem], *, trusted: bool = False
    ) -> None:
        self.document = document
        self.context = context
        self.problems = problems
        self.trusted = trusted
        """Whether the document came refined by this package (a model's does), so its members may be keyed unexamined."""
        self.read_structure: _Structure | None = None

    def read(self) -> ZarrV3ArrayMetadataReading:
        structure = self.structure()
        self.problems.extend(structure.problems)
        extra_fields, found = read_extra_fields(self.document, SPEC_MEMBERS, ArrayExtraFieldDefinition, self.context)
        self.problems.extend(found)
        return ZarrV3ArrayMetadataReading(
            data_type=structure.data_type,
            chunk_grid=structure.chunk_grid,
            chunk_key_encoding=structure.chunk_key_encoding,
            chunk=structure.chunk,
            pipeline=structure.pipeline,
            storage_transformers=structure.storage_transformers,
            extra_fields=FrozenObject(extra_fields),
            problems=tuple(self.problems),
            members=tuple(self.document),
        )

    def structure(self) -> _Structure:
        """Every member but attributes and extra members, read and checked across: kept for the next document that writes them the same.

        These members mean the same in any document that writes them the
        same, and the arrays of one hierarchy often do (consolidated
        metadata lists thousands), so what they read to is kept, by scope
        and by their exact JSON.
        """
        if self.read_structure is not None:
            return self.read_structure
        get = self.document.get
        members = (
            get("data_type", ...),
            get("chunk_grid", ...),
            get("chunk_key_encoding", ...),
            get("codecs", ...),
            get("shape", ...),
            get("fill_value", ...),
            get("dimension_names", ...),
            get("storage_transformers", ...),
        )
        key = json_key(members, self.trusted)
        if key is not None:
            known = _STRUCTURES.get((self.context, key))
            if known is not None:
                self.read_structure = known
                return known
        structure = _StructureReader(self.document, self.context).read()
        if key is not None:
            if len(_STRUCTURES) >= _MOST_STRUCTURES:
                _STRUCTURES.clear()
            _STRUCTURES[(self.context, key)] = structure
        self.read_structure = structure
        return structure

    def refined(self, reading: ZarrV3ArrayMetadataReading) -> FrozenObject:
        """The document of a reading without problems, each member as its step refined it, in the document's order."""
        members = self.structure().refined()
        if reading.extra_fields:
            members = dict(members)
            for key, field in reading.extra_fields.items():
                members[key] = cast("Mapping[str, object]", field.json)[key]
        return FrozenObject({key: members.get(key, value) for key, value in self.document.items()})


@dataclasses.dataclass(frozen=True, slots=True)
class _Structure:
    """What the structural members of an array document read to, and their problems."""

    data_type: Any
    chunk_grid: Any
    chunk_key_encoding: Any
    chunk: Chunk
    pipeline: tuple[Stage, ...]
    storage_transformers: tuple[ResolvedField[StorageTransformerDefinition[Any]], ...]
    shape: tuple[int, ...] | None
    dimension_names: tuple[str | None, ...] | None
    problems: tuple[ValidationProblem, ...]
    fill_value: object
    """The fill value as written (unrefined)."""
    refined_members: dict[str, object] | None = dataclasses.field(default=None, compare=False)

    def refined(self) -> dict[str, object]:
        """Each structural member of a document without problems, refined and read-only; made once, the first time asked."""
        members = self.refined_members
        if members is None:
            fill = self.fill_value
            members = {
                "data_type": self.data_type.json,
                "chunk_grid": self.chunk_grid.json,
                "chunk_key_encoding": self.chunk_key_encoding.json,
                "shape": self.shape,
                "fill_value": fill if type(fill) in _SCALARS else refine(fill, UserJSONValue)[0],
                "codecs": tuple(stage.codec.json for stage in self.pipeline),
                "dimension_names": self.dimension_names,
                "storage_transformers": tuple(field.json for field in self.storage_transformers),
            }
            object.__setattr__(self, "refined_members", members)
        return members



_STRUCTURES: dict[tuple[object, object], _Structure] = {}
_MOST_STRUCTURES = 4096


class _StructureReader:
    """One pass over the structural members of an array document: each step adds its problems, and skips what depends on an unknown part."""

    def __init__(self, document: dict[str, Any], context: ZarrV3Context) -> None:
        self.document = document
        self.context = context
        self.problems: list[ValidationProblem] = []
        self.refined_shape: tuple[int, ...] | None = None
        self.refined_names: tuple[str | None, ...] | None = None

    def field(self, member: str, kind: type[Any]) -> Any:
        if member not in self.document:
            return UNSET
        field, found = resolve(self.document[member], kind, self.context, (member,))
        self.problems.extend(found)
        return field

    def read(self) -> _Structure:
        data_type = self.field("data_type", DataTypeDefinition)
        chunk_grid = self.field("chunk_grid", ChunkGridDefinition)
        chunk_key_encoding = self.field("chunk_key_encoding", ChunkKeyEncodingDefinition)
        codecs = self.codecs()
        shape = self.shape()
        self.dimension_names(shape)
        lengths = self.lengths(chunk_grid, shape)
        fill = self.document.get("fill_value", UNSET)
        if fill is not UNSET and data_type is not UNSET and not isinstance(data_type, RefusedField):
            self.problems.extend(fill_value_problems(data_type, fill, ("fill_value",)))
        chunk = Chunk(lengths, None if data_type is UNSET else cast("ResolvedField[DataTypeDefinition[Any]]", data_type))
        pipeline: tuple[Stage, ...] = ()
        if codecs is not None:
            pipeline, found = read_pipeline(codecs, chunk, ("codecs",))
            self.problems.extend(found)
        transformers: list[ResolvedField[StorageTransformerDefinition[Any]]] = []
        for index, item in enumerate(self.document.get("storage_transformers", ())):
            field, found = resolve(item, _TRANSFORMER, self.context, ("storage_transformers", index))
            self.problems.extend(found)
            transformers.append(field)
        return _Structure(
            data_type,
            chunk_grid,
            chunk_key_encoding,
            chunk,
            pipeline,
            tuple(transformers),
            self.refined_shape,
            self.refined_names,
            tuple(self.problems),
            fill,
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



_CODEC: type[CodecDefinition[Any]] = CodecDefinition
_TRANSFORMER: type[StorageTransformerDefinition[Any]] = StorageTransformerDefinition

_SCALARS = frozenset({str, int, bool, type(None)})
"""The fill values refined as they are; a float may be NaN, which only the checker says how to keep."""

_REFINED_AS_READ = frozenset({"zarr_format", "node_type", "attributes"})
