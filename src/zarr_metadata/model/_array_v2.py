"""Reading a v2 array: its `.zarray` members and `.zattrs` as `attributes`, every member once, in one pass.

The data type and the codecs are fields, read by the scope's readers; the
shape and chunks by compiled checkers. The steps that join members (the
chunks against the shape, the fill value against the data type, an object
data type against its filters) run only on parts without problems.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Annotated, Any, Final, Literal, cast

from annotated_types import Ge

from zarr_metadata._frozen import FrozenObject, fast_constructor
from zarr_metadata._json import UNSET, JSONValue, Loc, UserJSONValue, ValidationProblem, shown
from zarr_metadata._refuse import FAIL, MAX_DEPTH, Checker
from zarr_metadata._shapes import typeddict_members
from zarr_metadata.definition._fields import AcceptedField, ResolvedField
from zarr_metadata.definition._reader import FieldReader, FieldReaders
from zarr_metadata.model._read import (
    as_input,
    missing,
    not_a_document,
    read_attributes,
    read_field,
    read_fill_value,
    read_structure,
    with_nested,
)
from zarr_metadata.typed_json import checker_of
from zarr_metadata.v2._context import ZarrV2Context
from zarr_metadata.v2._field_kinds import ZarrV2CodecDefinition, ZarrV2DataTypeDefinition
from zarr_metadata.v2.array import ZarrV2ArrayMetadataJSON

if TYPE_CHECKING:
    from zarr_metadata.model._array_model_v2 import ZarrV2ArrayMetadata

V2_ARRAY_MEMBERS: frozenset[str] = frozenset(
    member.key for member in typeddict_members(ZarrV2ArrayMetadataJSON).members
)
"""The members a v2 array document may have; any other is ignored, and kept as written."""

OBJECT_CODECS: Final = frozenset(
    {"vlen-utf8", "vlen-bytes", "vlen-array", "json2", "msgpack2", "pickle", "json", "msgpack"}
)
"""The numcodecs codecs that encode Python objects, one of which an object (`O`) data type needs among its filters."""

_FORMAT: Final[Checker] = checker_of(Literal[2], True)
_SHAPE: Final[Checker] = checker_of(tuple[Annotated[int, Ge(0)], ...], True)
_CHUNKS: Final[Checker] = checker_of(tuple[Annotated[int, Ge(1)], ...], True)
_ORDER: Final[Checker] = checker_of(Literal["C", "F"], True)
_SEPARATOR: Final[Checker] = checker_of(Literal[".", "/"], True)
_USER_JSON: Final[Checker] = checker_of(UserJSONValue, True)


@dataclasses.dataclass(frozen=True, slots=True)
class ZarrV2ArrayMetadataReading:
    """A v2 array document as a scope read it: its fields, every problem, and the model when there is none."""

    dtype: ResolvedField[ZarrV2DataTypeDefinition[Any]] | UNSET = UNSET
    compressor: ResolvedField[ZarrV2CodecDefinition[Any]] | UNSET | None = UNSET
    """The compressor as read; None when the document says null."""
    filters: tuple[ResolvedField[ZarrV2CodecDefinition[Any]], ...] | UNSET | None = UNSET
    """The filters as read, in order; None when the document says null."""
    problems: tuple[ValidationProblem, ...] = ()
    metadata: ZarrV2ArrayMetadata | None = None

    def fields(self) -> Iterator[tuple[Loc, ResolvedField[Any]]]:
        """Every field with its location, at any depth: the data type (and a structured type's fields), the compressor, the filters."""
        if self.dtype is not UNSET:
            yield from with_nested(("dtype",), self.dtype)
        if self.compressor is not UNSET and self.compressor is not None:
            yield from with_nested(("compressor",), self.compressor)
        if self.filters is not UNSET and self.filters is not None:
            for index, field in enumerate(self.filters):
                yield from with_nested(("filters", index), field)

    @property
    def any_unclaimed(self) -> bool:
        """Whether a field it holds, at any depth, is one nothing in scope claims: whether `fields()` lists one."""
        return any(
            field is not UNSET and field is not None and field.any_unclaimed
            for field in (self.dtype, self.compressor)
        ) or (
            self.filters is not UNSET
            and self.filters is not None
            and any(field.any_unclaimed for field in self.filters)
        )


_reading_of: Any = fast_constructor(
    ZarrV2ArrayMetadataReading, ("dtype", "compressor", "filters", "problems", "metadata")
)


class ArrayPassV2:
    """What one pass over a v2 array document found: its fields, every problem, and its members refined, read-only."""

    __slots__ = ("compressor", "document", "dtype", "filters", "problems")

    def __init__(self) -> None:
        self.dtype: Any = UNSET
        self.compressor: Any = UNSET
        self.filters: Any = UNSET
        self.problems: tuple[ValidationProblem, ...] = ()
        self.document: Mapping[str, object] | None = None

    def reading(self, metadata: ZarrV2ArrayMetadata | None) -> ZarrV2ArrayMetadataReading:
        """The reading of what was found, with `metadata` its model."""
        return _reading_of(self.dtype, self.compressor, self.filters, self.problems, metadata)


def read_array_v2(
    value: object, context: ZarrV2Context, depth: int = 0, *, zattrs: bool = False
) -> ArrayPassV2:
    """Read `value` as a v2 array document (`.zarray` members, `.zattrs` as `attributes`) in `context`; never raises on bad input.

    With `zattrs`, the attributes are a `.zattrs` file beside the `.zarray`,
    so they sit as deep as it does: nesting is counted in the files.
    """
    read = ArrayPassV2()
    if not isinstance(value, Mapping) or depth >= MAX_DEPTH:
        read.problems = (not_a_document(cast(object, value), depth),)
        return read
    readers: FieldReaders = context._field_readers()  # pyright: ignore[reportPrivateUsage]
    document: Mapping[Any, Any] = value  # pyright: ignore[reportUnknownVariableType]
    get = document.get
    problems: list[ValidationProblem] = []
    # A member that reads to what it writes is left as written: every other
    # is put here as it reads.
    refined: dict[Any, Any] = dict(document)
    zarr_format = get("zarr_format")
    if zarr_format != 2 or type(zarr_format) is not int:
        read_format(document, problems, refined, depth)
    # Absent lengths read as FAIL, as lengths with problems do: neither is
    # checked against the other.
    shape = get("shape", FAIL)
    if shape is FAIL:
        problems.append(missing("shape"))
    elif (shape := _SHAPE(shape, ("shape",), problems, depth + 1)) is not FAIL:
        refined["shape"] = shape
    chunks = get("chunks", FAIL)
    if chunks is FAIL:
        problems.append(missing("chunks"))
    elif (chunks := _CHUNKS(chunks, ("chunks",), problems, depth + 1)) is not FAIL:
        refined["chunks"] = chunks
    if shape is not FAIL and chunks is not FAIL and len(chunks) != len(shape):
        problems.append(_one_chunk_per_dimension(shape, chunks))
    read.dtype, read.compressor, read.filters = read_structure(
        document,
        _STRUCTURAL,
        _LONGEST_STRUCTURE,
        _read_structure,
        readers,
        problems,
        refined,
        depth,
    )
    order = get("order")
    if (order != "C" and order != "F") or type(order) is not str:
        _literal(document, "order", _ORDER, problems, refined, depth, required=True)
    separator = get("dimension_separator", ".")
    if (separator != "." and separator != "/") or type(separator) is not str:
        _literal(
            document, "dimension_separator", _SEPARATOR, problems, refined, depth, required=False
        )
    read_attributes(document, problems, refined, depth - 1 if zattrs else depth)
    if not V2_ARRAY_MEMBERS.issuperset(document):
        _other_members(document, V2_ARRAY_MEMBERS, problems, refined, depth)
    if problems:
        read.problems = tuple(problems)
    else:
        read.document = FrozenObject(refined)
    return read


_STRUCTURAL: Final = ("dtype", "compressor", "filters", "fill_value")
"""The members whose reading depends on nothing else in the document: the arrays of one store mostly write them alike."""

_LONGEST_STRUCTURE: Final = 4096
"""The longest marshalled structure kept."""


def _read_structure(
    document: Mapping[Any, Any],
    readers: FieldReaders,
    problems: list[ValidationProblem],
    refined: dict[Any, Any],
    depth: int,
) -> tuple[Any, ...]:
    """Read the data type, compressor, filters and fill value, and check them across: the fields of the first three."""
    codecs = readers.of(ZarrV2CodecDefinition)
    dtypes = readers.of(ZarrV2DataTypeDefinition)
    dtype = read_field(document, "dtype", dtypes, problems, refined, depth)
    get = document.get
    compressor = (
        None
        if get("compressor", UNSET) is None
        else read_field(document, "compressor", codecs, problems, refined, depth)
    )
    filters = (
        None
        if get("filters", UNSET) is None
        else _filters(document, codecs, problems, refined, depth)
    )
    read_fill_value(document, dtype, dtypes, problems, refined, depth)
    _object_codec(dtype, filters, problems)
    return dtype, compressor, filters


def _one_chunk_per_dimension(shape: tuple[int, ...], chunks: tuple[int, ...]) -> ValidationProblem:
    """The problem of chunks that do not give one length per dimension of the shape."""
    return ValidationProblem(
        ("chunks",),
        f"expected one chunk length per dimension of the shape {shown(shape)}, got {len(chunks)}: {shown(chunks)}",
        "invalid_value",
        input=cast(JSONValue, chunks),
        ctx={"dimensions": len(shape)},
    )


def read_format(
    document: Mapping[Any, Any],
    problems: list[ValidationProblem],
    refined: dict[Any, Any],
    depth: int,
) -> None:
    """Check `zarr_format`, which is 2 in every v2 document."""
    written = document.get("zarr_format", UNSET)
    if written == 2 and type(written) is int:
        refined["zarr_format"] = 2
    elif written is UNSET:
        problems.append(missing("zarr_format"))
    elif _FORMAT(written, ("zarr_format",), problems, depth + 1) is not FAIL:
        refined["zarr_format"] = written


def _literal(
    document: Mapping[Any, Any],
    member: str,
    check: Checker,
    problems: list[ValidationProblem],
    refined: dict[Any, Any],
    depth: int,
    *,
    required: bool,
) -> None:
    value = document.get(member, UNSET)
    if value is UNSET:
        if required:
            problems.append(missing(member))
        return
    typed = check(value, (member,), problems, depth + 1)
    if typed is not FAIL:
        refined[member] = typed


def _filters(
    document: Mapping[Any, Any],
    reader: FieldReader,
    problems: list[ValidationProblem],
    refined: dict[Any, Any],
    depth: int,
) -> Any:
    value = document.get("filters", UNSET)
    if value is UNSET:
        problems.append(missing("filters"))
        return UNSET
    if not isinstance(value, list | tuple):
        problems.append(
            ValidationProblem(
                ("filters",),
                f"expected an array of codecs, or null, got {shown(value)}",
                "invalid_type",
                input=as_input(value),
            )
        )
        return UNSET
    items = cast("list[object]", value)
    if not items:
        problems.append(
            ValidationProblem(
                ("filters",),
                "expected null for an array without filters, got an empty array",
                "invalid_value",
                input=(),
            )
        )
        return UNSET
    filters = tuple(
        reader.read(item, ("filters", index), problems, depth + 2)
        for index, item in enumerate(items)
    )
    refined["filters"] = tuple(field.json for field in filters)
    return filters


def _object_codec(dtype: Any, filters: Any, problems: list[ValidationProblem]) -> None:
    """A data type that holds objects (`O`, or a structured type with an `O` field) needs a codec that encodes objects among its filters; unknown filters might be one."""
    if type(dtype) is not AcceptedField or filters is UNSET:
        return
    field: AcceptedField[Any] = dtype  # pyright: ignore[reportUnknownVariableType]
    if field.definition.name == "object":
        holder = "an object (O) data type"
    elif field.nested and _nests_objects(field):
        holder = "a structured data type with an object (O) field"
    else:
        return
    held: tuple[ResolvedField[Any], ...] = () if filters is None else filters
    if any(codec.definition is None or codec.name in OBJECT_CODECS for codec in held):
        return
    problems.append(
        ValidationProblem(
            ("filters",),
            f"expected a codec that encodes objects (such as vlen-utf8) among the filters of {holder}, got "
            f"{shown([codec.name for codec in held]) if held else 'none'}",
            "invalid_value",
        )
    )


def _nests_objects(dtype: AcceptedField[Any]) -> bool:
    """Whether a structured type has an object field, at any depth."""
    # Structured types nest; walk them without recursion, however deep.
    stack = [dtype]
    while stack:
        for held in stack.pop().nested.values():
            if type(held) is AcceptedField:
                if held.definition.name == "object":
                    return True
                stack.append(held)
    return False


def _other_members(
    document: Mapping[Any, Any],
    known: frozenset[str],
    problems: list[ValidationProblem],
    refined: dict[Any, Any],
    depth: int,
) -> None:
    """Members the v2 spec does not define, v3 names (`data_type`) included: ignored, as the spec says they should be and zarr-python does, and kept as written.

    Nothing reads them, so, like user data, they may hold NaN; they must
    still be JSON, within the nesting limit.
    """
    for key, value in document.items():
        if key in known:
            continue
        if type(key) is not str:
            problems.append(
                ValidationProblem(
                    (),
                    f"expected object keys to be strings, got the key {shown(key)}",
                    "invalid_type",
                )
            )
            continue
        typed = _USER_JSON(value, (key,), problems, depth + 1)
        if typed is not FAIL:
            refined[key] = typed
