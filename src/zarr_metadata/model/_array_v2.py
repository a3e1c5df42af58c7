"""Reading a v2 array: its `.zarray` members and `.zattrs` as `attributes`, every member once, in one pass.

The data type and the codecs are fields, read by the scope's readers; the
shape and chunks by compiled checkers. The steps that join members (the
chunks against the shape, the fill value against the data type, an object
data type against its filters) run only on parts without problems.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Annotated, Any, Final, Literal, cast

from annotated_types import Ge

from zarr_metadata._frozen import FrozenObject, fast_constructor
from zarr_metadata._json import UNSET, JSONValue, Loc, UserJSONValue, ValidationProblem, shown
from zarr_metadata._refuse import FAIL, MAX_DEPTH, Checker
from zarr_metadata._shapes import typeddict_members
from zarr_metadata.definition._fields import AcceptedField, ResolvedField
from zarr_metadata.definition._kept import json_key
from zarr_metadata.definition._reader import FieldReader, Readers
from zarr_metadata.model._read import (
    missing,
    not_a_document,
    read_attributes,
    read_fill_value,
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


_reading_of: Any = fast_constructor(
    ZarrV2ArrayMetadataReading, ("dtype", "compressor", "filters", "problems", "metadata")
)


class ArrayReadV2:
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
) -> ArrayReadV2:
    """Read `value` as a v2 array document (`.zarray` members, `.zattrs` as `attributes`) in `context`; never raises on bad input.

    With `zattrs`, the attributes are a `.zattrs` file beside the `.zarray`,
    so they sit as deep as it does: nesting is counted in the files.
    """
    read = ArrayReadV2()
    if not isinstance(value, Mapping) or depth >= MAX_DEPTH:
        read.problems = (not_a_document(cast(object, value), depth),)
        return read
    readers: Readers = context._field_readers()  # pyright: ignore[reportPrivateUsage]
    if type(cast(object, value)) is dict:
        usual = cast("dict[str, Any]", value)
        if _USUAL_MEMBERS.issuperset(usual) and _read_quickly(read, usual, readers, depth, zattrs):
            return read
    document = cast("Mapping[Any, Any]", value)
    problems: list[ValidationProblem] = []
    refined: dict[Any, Any] = dict.fromkeys(document)
    read_format(document, problems, refined, depth)
    shape = _lengths(document, "shape", _SHAPE, problems, refined, depth)
    chunks = _lengths(document, "chunks", _CHUNKS, problems, refined, depth)
    if shape is not None and chunks is not None and len(chunks) != len(shape):
        problems.append(
            ValidationProblem(
                ("chunks",),
                f"expected one chunk length per dimension of the shape {shown(shape)}, got {len(chunks)}: {shown(chunks)}",
                "invalid_value",
                input=cast(JSONValue, chunks),
                ctx={"dimensions": len(shape)},
            )
        )
    dtype = read.dtype = _field(
        document, "dtype", readers.of(ZarrV2DataTypeDefinition), problems, refined, depth
    )
    read.compressor = _compressor(
        document, readers.of(ZarrV2CodecDefinition), problems, refined, depth
    )
    read.filters = _filters(document, readers.of(ZarrV2CodecDefinition), problems, refined, depth)
    read_fill_value(document, dtype, ZarrV2DataTypeDefinition, readers, problems, refined, depth)
    _object_codec(dtype, read.filters, problems)
    _literal(document, "order", _ORDER, problems, refined, depth, required=True)
    _literal(document, "dimension_separator", _SEPARATOR, problems, refined, depth, required=False)
    read_attributes(document, problems, refined, depth - 1 if zattrs else depth)
    if not V2_ARRAY_MEMBERS.issuperset(document):
        _other_members(document, V2_ARRAY_MEMBERS, problems, refined, depth)
    read.problems = tuple(problems)
    if not problems:
        read.document = FrozenObject(refined)
    return read


_USUAL_MEMBERS: Final = V2_ARRAY_MEMBERS
_FILL_VALUE: Final = ("fill_value",)
_DTYPE: Final = ("dtype",)
_COMPRESSOR: Final = ("compressor",)
_ATTRIBUTES_AT: Final = ("attributes",)
_ATTRIBUTES: Final[Checker] = checker_of(Mapping[str, UserJSONValue], True)


def _read_quickly(
    read: ArrayReadV2, document: dict[Any, Any], readers: Readers, depth: int, zattrs: bool
) -> bool:
    """Read a document whose members are all the usual ones and all valid, into `read`, in one pass; False, with `read` untouched, at the first sign of a problem.

    Most documents a store holds are valid, and a valid one needs none of
    the steps that find and explain problems. Anything unusual is left to
    the full reader, which reads the document again from the start and
    reports every problem; so this pass decides nothing the full reader
    would decide otherwise.
    """
    get = document.get
    zarr_format = get("zarr_format")
    order = get("order")
    separator = get("dimension_separator", ".")
    if (
        type(zarr_format) is not int
        or zarr_format != 2
        or (order != "C" and order != "F")
        or type(order) is not str
        or (separator != "." and separator != "/")
        or type(separator) is not str
        or "fill_value" not in document
        or "compressor" not in document
        or "filters" not in document
    ):
        return False
    problems: list[ValidationProblem] = []
    shape = _SHAPE(get("shape"), ("shape",), problems, depth + 1)
    chunks = _CHUNKS(get("chunks"), ("chunks",), problems, depth + 1)
    if problems or len(cast("tuple[int, ...]", shape)) != len(cast("tuple[int, ...]", chunks)):
        return False
    attributes = get("attributes", UNSET)
    if attributes is not UNSET:
        attributes = _ATTRIBUTES(
            attributes, _ATTRIBUTES_AT, problems, depth if zattrs else depth + 1
        )
        if problems:
            return False
    # The arrays of one store mostly share their type, codecs and fill value:
    # what those members read to is kept, by the members as written (and how
    # deep the document sits, which could bring them to the nesting limit).
    kept = readers.structures
    key = (
        json_key((depth, *map(get, _STRUCTURAL)), _LONGEST_STRUCTURE)
        if kept.worth_a_key()
        else None
    )
    known = None if key is None else kept.found(key)
    if known is None:
        known = _read_structure(get, readers, problems, depth)
        if known is None:
            return False
        if key is not None:
            kept.keep(key, known)
    field, compressor, filters, members = known
    refined = dict(document)
    refined["shape"] = shape
    refined["chunks"] = chunks
    refined.update(members)
    if attributes is not UNSET:
        refined["attributes"] = attributes
    read.dtype, read.compressor, read.filters = field, compressor, filters
    read.document = FrozenObject(refined)
    return True


_STRUCTURAL: Final = ("dtype", "compressor", "filters", "fill_value")
"""The members whose reading depends on nothing else in the document."""

_LONGEST_STRUCTURE: Final = 4096
"""The longest marshalled structure kept."""


def _read_structure(
    get: Callable[[str], Any], readers: Readers, problems: list[ValidationProblem], depth: int
) -> tuple[Any, ...] | None:
    """The fields of the data type, compressor and filters, and the refined structural members, when they have no problem; else None."""
    dtypes = readers.of(ZarrV2DataTypeDefinition)
    dtype = dtypes.read(get("dtype"), _DTYPE, problems, depth + 1)
    if problems or type(dtype) is not AcceptedField:
        return None
    codecs = readers.of(ZarrV2CodecDefinition)
    compressor_json = get("compressor")
    compressor = (
        None
        if compressor_json is None
        else codecs.read(compressor_json, _COMPRESSOR, problems, depth + 1)
    )
    filters_json = get("filters")
    filters: tuple[ResolvedField[Any], ...] | None = None
    if filters_json is not None:
        if type(filters_json) is not list or not filters_json:
            return None
        items = cast("list[object]", filters_json)
        filters = tuple(
            codecs.read(item, ("filters", index), problems, depth + 2)
            for index, item in enumerate(items)
        )
    if problems:
        return None
    field = cast("AcceptedField[ZarrV2DataTypeDefinition[Any]]", dtype)
    plan = dtypes.plan(field.name)
    assert plan is not None
    fill_value = plan.read_fill_value(field, get("fill_value"), _FILL_VALUE, problems, depth + 1)
    if problems:
        return None
    _object_codec(field, filters, problems)
    if problems:
        return None
    members = {
        "dtype": field.json,
        "compressor": None if compressor is None else compressor.json,
        "filters": None if filters is None else tuple(codec.json for codec in filters),
        "fill_value": fill_value,
    }
    return field, compressor, filters, members


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


def _lengths(
    document: Mapping[Any, Any],
    member: str,
    check: Checker,
    problems: list[ValidationProblem],
    refined: dict[Any, Any],
    depth: int,
) -> tuple[int, ...] | None:
    value = document.get(member, UNSET)
    if value is UNSET:
        problems.append(missing(member))
        return None
    lengths = check(value, (member,), problems, depth + 1)
    if lengths is FAIL:
        return None
    refined[member] = lengths
    return cast("tuple[int, ...]", lengths)


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


def _field(
    document: Mapping[Any, Any],
    member: str,
    reader: FieldReader,
    problems: list[ValidationProblem],
    refined: dict[Any, Any],
    depth: int,
) -> Any:
    value = document.get(member, UNSET)
    if value is UNSET:
        problems.append(missing(member))
        return UNSET
    field = reader.read(value, (member,), problems, depth + 1)
    refined[member] = field.json
    return field


def _compressor(
    document: Mapping[Any, Any],
    reader: FieldReader,
    problems: list[ValidationProblem],
    refined: dict[Any, Any],
    depth: int,
) -> Any:
    value = document.get("compressor", UNSET)
    if value is None:
        refined["compressor"] = None
        return None
    return _field(document, "compressor", reader, problems, refined, depth)


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
    if value is None:
        refined["filters"] = None
        return None
    if not isinstance(value, list | tuple):
        problems.append(
            ValidationProblem(
                ("filters",),
                f"expected an array of codecs, or null, got {shown(value)}",
                "invalid_type",
                input=_input(value),
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


def _object_codec(dtype: object, filters: object, problems: list[ValidationProblem]) -> None:
    """A data type that holds objects (`O`, or a structured type with an `O` field) needs a codec that encodes objects among its filters; unknown filters might be one."""
    if type(dtype) is not AcceptedField:
        return
    holder = _holds_objects(cast("AcceptedField[Any]", dtype))
    if holder is None or filters is UNSET:
        return
    held = () if filters is None else cast("tuple[ResolvedField[Any], ...]", filters)
    if any(field.definition is None or field.name in OBJECT_CODECS for field in held):
        return
    problems.append(
        ValidationProblem(
            ("filters",),
            f"expected a codec that encodes objects (such as vlen-utf8) among the filters of {holder}, got "
            f"{shown([field.name for field in held]) if held else 'none'}",
            "invalid_value",
        )
    )


def _holds_objects(dtype: AcceptedField[Any]) -> str | None:
    """What holds objects in `dtype`, as a message names it: the type itself, or a structured type's field at any depth; None when nothing does."""
    if dtype.definition.name == "object":
        return "an object (O) data type"
    # Structured types nest; walk them without recursion, however deep.
    stack = [dtype]
    while stack:
        field = stack.pop()
        for held in field.nested.values():
            if type(held) is not AcceptedField:
                continue
            if held.definition.name == "object":
                return "a structured data type with an object (O) field"
            stack.append(held)
    return None


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


def _input(value: object) -> Any:
    return value if value is None or type(value) in (str, int, float, bool) else None
