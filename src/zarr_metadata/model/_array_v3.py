"""Reading a v3 array's `zarr.json`: every member once, in one pass, and what the reading found.

Each member is read by its own step: a field by the scope's reader of its
kind, the shape and dimension names by their compiled checkers. The steps
that join members (the grid against the shape, the fill value against the
data type, the codecs as a pipeline) run only on parts that have no problem
and are known, so a problem is reported once, at its cause.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Annotated, Any, Final, Literal, cast

from annotated_types import Ge

from zarr_metadata._frozen import FrozenObject, fast_constructor
from zarr_metadata._json import UNSET, JSONValue, Loc, ValidationProblem, shown
from zarr_metadata._refuse import FAIL, MAX_DEPTH, Checker
from zarr_metadata._shapes import typeddict_members
from zarr_metadata.definition._extension import blame, no_rules
from zarr_metadata.definition._fields import AcceptedField, RefusedField, ResolvedField
from zarr_metadata.definition._plan import add_found
from zarr_metadata.definition._reader import FieldReader, FieldReaders
from zarr_metadata.model._read import (
    as_input,
    missing,
    not_a_document,
    read_attributes,
    read_extra_fields,
    read_field,
    read_fill_value,
    read_head,
    read_structure,
    with_nested,
)
from zarr_metadata.typed_json import checker_of
from zarr_metadata.v3._context import ZarrV3Context
from zarr_metadata.v3._documents import ZarrV3ArrayMetadataJSON
from zarr_metadata.v3._extra_field_kinds import (
    ArrayExtraFieldDefinition,
)
from zarr_metadata.v3._field_kinds import (
    Chunk,
    ChunkGridDefinition,
    ChunkKeyEncodingDefinition,
    CodecDefinition,
    DataTypeDefinition,
    Lengths,
    StorageTransformerDefinition,
    chunk_of,
    unknown_lengths,
)
from zarr_metadata.v3._pipeline import CodecAt, Stage, read_pipeline

if TYPE_CHECKING:
    from zarr_metadata.model._array_model_v3 import ZarrV3ArrayMetadata

SPEC_MEMBERS: frozenset[str] = frozenset(
    member.key for member in typeddict_members(ZarrV3ArrayMetadataJSON).members
)

_NODE_TYPE: Final[Checker] = checker_of(Literal["array"], True)
_SHAPE: Final[Checker] = checker_of(tuple[Annotated[int, Ge(0)], ...], True)
_DIMENSION_NAMES: Final[Checker] = checker_of(tuple[str | None, ...], True)
_FINITE_JSON: Final[Checker] = checker_of(JSONValue, True)
_NO_EXTRA_FIELDS: Mapping[str, Any] = FrozenObject()


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
    members: tuple[str, ...] = dataclasses.field(
        default=(), repr=False, compare=False, kw_only=True
    )
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
        order = {key: index for index, key in enumerate(self.members)}
        found.sort(key=lambda item: order.get(cast(str, item[0][0]), len(order)))
        return iter(found)

    @property
    def any_unclaimed(self) -> bool:
        """Whether a field it holds, at any depth, is one nothing in scope claims: whether `fields()` lists one."""
        return (
            any(
                field is not UNSET and field.any_unclaimed
                for field in (self.data_type, self.chunk_grid, self.chunk_key_encoding)
            )
            or any(stage.codec.any_unclaimed for stage in self.pipeline)
            or any(field.any_unclaimed for field in self.storage_transformers)
            or any(field.any_unclaimed for field in self.extra_fields.values())
        )


_reading_of: Any = fast_constructor(
    ZarrV3ArrayMetadataReading,
    (
        "data_type",
        "chunk_grid",
        "chunk_key_encoding",
        "chunk",
        "pipeline",
        "storage_transformers",
        "extra_fields",
        "problems",
        "metadata",
        "members",
    ),
)


class ArrayPass:
    """What one pass over an array document found: its fields, every problem, and its members refined, read-only."""

    __slots__ = (
        "chunk",
        "chunk_grid",
        "chunk_key_encoding",
        "data_type",
        "document",
        "extra_fields",
        "members",
        "pipeline",
        "problems",
        "storage_transformers",
    )

    def __init__(self) -> None:
        self.data_type: Any = UNSET
        self.chunk_grid: Any = UNSET
        self.chunk_key_encoding: Any = UNSET
        self.chunk: Chunk = chunk_of(None, None)
        self.pipeline: tuple[Stage, ...] = ()
        self.storage_transformers: tuple[ResolvedField[Any], ...] = ()
        self.extra_fields: Mapping[str, ResolvedField[Any]] = _NO_EXTRA_FIELDS
        self.problems: tuple[ValidationProblem, ...] = ()
        self.members: tuple[str, ...] = ()
        self.document: Mapping[str, object] | None = None
        """The document, each member as read, read-only; None when it has problems."""

    def reading(self, metadata: ZarrV3ArrayMetadata | None) -> ZarrV3ArrayMetadataReading:
        """The reading of what was found, with `metadata` its model."""
        return _reading_of(
            self.data_type,
            self.chunk_grid,
            self.chunk_key_encoding,
            self.chunk,
            self.pipeline,
            self.storage_transformers,
            self.extra_fields,
            self.problems,
            metadata,
            self.members,
        )


def read_array(value: object, context: ZarrV3Context, depth: int = 0) -> ArrayPass:
    """Read `value` as a v3 array's `zarr.json` in `context`: one pass over every member; never raises on bad input.

    `depth` is how deep the document sits in the JSON it was read from (in a
    group's consolidated metadata, say), so the nesting limit holds across it.
    """
    read = ArrayPass()
    if not isinstance(value, Mapping) or depth >= MAX_DEPTH:
        read.problems = (not_a_document(cast(object, value), depth),)
        return read
    document = cast("Mapping[Any, Any]", value)
    problems: list[ValidationProblem] = []
    # Each step puts its member here as it refined it; made from the keys, the
    # document keeps the order it was written in.
    refined: dict[Any, Any] = dict.fromkeys(document)
    readers: FieldReaders = context._field_readers()  # pyright: ignore[reportPrivateUsage]
    read_head(document, "array", _NODE_TYPE, problems, refined, depth)
    (
        read.data_type,
        read.chunk_grid,
        read.chunk_key_encoding,
        read.chunk,
        read.pipeline,
        read.storage_transformers,
    ) = read_structure(
        document,
        _STRUCTURAL,
        _LONGEST_STRUCTURE,
        _read_structure,
        readers,
        problems,
        refined,
        depth,
    )
    read_attributes(document, problems, refined, depth)
    if not SPEC_MEMBERS.issuperset(document):
        read.extra_fields = FrozenObject(
            read_extra_fields(
                document, SPEC_MEMBERS, ArrayExtraFieldDefinition, readers, problems, refined, depth
            )
        )
    read.members = tuple(document)
    read.problems = tuple(problems)
    if not problems:
        read.document = FrozenObject(refined)
    return read


_STRUCTURAL: Final = (
    "data_type",
    "chunk_grid",
    "chunk_key_encoding",
    "codecs",
    "shape",
    "fill_value",
    "dimension_names",
    "storage_transformers",
)
"""The members whose reading depends only on what they write: arrays of one hierarchy often write them all the same."""

_GRID_CONFIGURATION: Final = ("chunk_grid", "configuration")

_LONGEST_STRUCTURE = 16384
"""The longest marshalled structure kept; the members sit at the top of the document, so its length bounds only memory."""


def _read_structure(
    document: Mapping[Any, Any],
    readers: FieldReaders,
    problems: list[ValidationProblem],
    refined: dict[Any, Any],
    depth: int,
) -> tuple[Any, ...]:
    """Read the structural members and check them across: the data type, grid, key encoding, chunk, pipeline and storage transformers."""
    data_types = readers.of(DataTypeDefinition)
    data_type = read_field(document, "data_type", data_types, problems, refined, depth)
    grid = read_field(
        document, "chunk_grid", readers.of(ChunkGridDefinition), problems, refined, depth
    )
    key_encoding = read_field(
        document,
        "chunk_key_encoding",
        readers.of(ChunkKeyEncodingDefinition),
        problems,
        refined,
        depth,
    )
    codecs = _codecs(document, readers.of(CodecDefinition), problems, refined, depth)
    shape = _shape(document, problems, refined, depth)
    _dimension_names(document, shape, problems, refined, depth)
    lengths = _chunk_lengths(grid, shape, problems, readers)
    read_fill_value(document, data_type, data_types, problems, refined, depth)
    chunk = chunk_of(lengths, None if data_type is UNSET else data_type)
    pipeline = (
        () if codecs is None else read_pipeline(codecs, chunk, ("codecs",), problems, readers)
    )
    transformers = _storage_transformers(document, readers, problems, refined, depth)
    return data_type, grid, key_encoding, chunk, pipeline, transformers


def _codecs(
    document: Mapping[Any, Any],
    reader: FieldReader,
    problems: list[ValidationProblem],
    refined: dict[Any, object],
    depth: int,
) -> list[CodecAt] | None:
    """Each codec field with its location; None when there are none to read as a pipeline."""
    value = document.get("codecs", UNSET)
    if value is UNSET:
        problems.append(missing("codecs"))
        return None
    if not isinstance(value, list | tuple):
        problems.append(
            ValidationProblem(
                ("codecs",),
                f"expected an array of codecs, got {shown(value)}",
                "invalid_type",
                input=as_input(value),
            )
        )
        return None
    codecs: list[CodecAt] = []
    for index, item in enumerate(cast("list[object]", value)):
        loc = ("codecs", index)
        codecs.append((loc, reader.read(item, loc, problems, depth + 2)))
    refined["codecs"] = tuple(codec.json for _, codec in codecs)
    return codecs


def _storage_transformers(
    document: Mapping[Any, Any],
    readers: FieldReaders,
    problems: list[ValidationProblem],
    refined: dict[Any, object],
    depth: int,
) -> tuple[ResolvedField[Any], ...]:
    value = document.get("storage_transformers", UNSET)
    if value is UNSET:
        return ()
    if type(value) is list and not value:
        refined["storage_transformers"] = ()
        return ()
    if not isinstance(value, list | tuple):
        problems.append(
            ValidationProblem(
                ("storage_transformers",),
                f"expected an array of storage transformers, got {shown(value)}",
                "invalid_type",
                input=as_input(value),
            )
        )
        return ()
    reader = readers.of(StorageTransformerDefinition)
    fields = tuple(
        reader.read(item, ("storage_transformers", index), problems, depth + 2)
        for index, item in enumerate(cast("list[object]", value))
    )
    refined["storage_transformers"] = tuple(field.json for field in fields)
    return fields


def _shape(
    document: Mapping[Any, Any],
    problems: list[ValidationProblem],
    refined: dict[Any, object],
    depth: int,
) -> tuple[int, ...] | None:
    value = document.get("shape", UNSET)
    if value is UNSET:
        problems.append(missing("shape"))
        return None
    shape = _SHAPE(value, ("shape",), problems, depth + 1)
    if shape is FAIL:
        return None
    refined["shape"] = shape
    return cast("tuple[int, ...]", shape)


def _dimension_names(
    document: Mapping[Any, Any],
    shape: tuple[int, ...] | None,
    problems: list[ValidationProblem],
    refined: dict[Any, object],
    depth: int,
) -> None:
    value = document.get("dimension_names", UNSET)
    if value is UNSET:
        return
    names = _DIMENSION_NAMES(value, ("dimension_names",), problems, depth + 1)
    if names is FAIL:
        return
    refined["dimension_names"] = names
    if shape is not None and len(names) != len(shape):
        problems.append(
            ValidationProblem(
                ("dimension_names",),
                f"expected one name per dimension ({len(shape)}), got {len(names)}",
                "invalid_value",
                input=cast(JSONValue, names),
                ctx={"dimensions": len(shape)},
            )
        )


def _chunk_lengths(
    grid: object,
    shape: tuple[int, ...] | None,
    problems: list[ValidationProblem],
    readers: FieldReaders,
) -> Lengths | None:
    """The chunk lengths the grid gives each dimension, after its shape rules accept the shape; None when the shape is unknown."""
    if shape is None:
        return None
    if type(grid) is not AcceptedField:
        _refused_grid_rules(grid, shape, problems, readers)
        return (None,) * len(shape)
    field = cast("AcceptedField[ChunkGridDefinition[Any]]", grid)
    definition, configuration, nested = field.definition, field.configuration, field.nested
    if definition.shape_rules is not no_rules and add_found(
        problems,
        definition,
        "shape_rules",
        lambda: definition.shape_rules(configuration, nested, shape),
        _GRID_CONFIGURATION,
    ):
        return (None,) * len(shape)
    if definition.chunk_lengths is unknown_lengths:
        return (None,) * len(shape)
    try:
        lengths = definition.chunk_lengths(configuration, nested, shape)
    except Exception as error:
        blame(error, definition, "chunk_lengths")
        raise
    if not (isinstance(cast(object, lengths), tuple) and len(lengths) == len(shape)):
        msg = (
            f"{definition.name!r}: its chunk_lengths gives one entry per dimension, got {lengths!r}"
        )
        raise TypeError(msg)
    return lengths


def _refused_grid_rules(
    grid: object, shape: tuple[int, ...], problems: list[ValidationProblem], readers: FieldReaders
) -> None:
    """Judge the shape with a refused grid whose own members are sound (refused for an undeclared member, or its envelope): every problem in one pass."""
    if type(grid) is not RefusedField:
        return
    field = cast("RefusedField[ChunkGridDefinition[Any]]", grid)
    definition = field.definition
    if definition is None or definition.shape_rules is no_rules or field.name is None:
        return
    plan = readers.of(ChunkGridDefinition).plan(field.name)
    if plan is None or plan.definition is not definition:
        return
    configuration, _ = plan.declared_configuration(field, 2)
    if configuration is not None:
        nested = field.nested
        add_found(
            problems,
            definition,
            "shape_rules",
            lambda: definition.shape_rules(configuration, nested, shape),
            _GRID_CONFIGURATION,
        )
