"""The kinds of v3 field, the hooks each kind asks of its definitions, and the chunk a codec receives."""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar, Final, Literal, TypeAlias, cast, get_args

from typing_extensions import TypeAliasType

from zarr_metadata._frozen import FrozenObject, fast_constructor
from zarr_metadata._json import (
    MOST_DIGITS,
    UNSET,
    JSONValue,
    Loc,
    Problems,
    ValidationProblem,
    decimal,
    shown,
)
from zarr_metadata.definition._extension import (
    HOOK,
    C,
    Definition,
    WithFillValue,
    blame,
    is_extension_name,
    no_rules,
)
from zarr_metadata.definition._fields import (
    AcceptedField,
    Nested,
    RefusedField,
    ResolvedField,
    UnclaimedField,
)
from zarr_metadata.typed_json import refine
from zarr_metadata.v3._aliases import (
    ZarrV3ChunkGridField,
    ZarrV3ChunkKeyEncodingField,
    ZarrV3CodecField,
    ZarrV3DataTypeField,
    ZarrV3StaticCodecField,
    ZarrV3StorageTransformerField,
)
from zarr_metadata.v3._extra_field_kinds import (
    ArrayExtraFieldDefinition,
    GroupExtraFieldDefinition,
)
from zarr_metadata.v3.data_type._v2_type_string import v2_type_string_message

CodecKind = Literal["array_array", "array_bytes", "bytes_bytes"]
"""What a codec converts its input to: the three positions a pipeline puts in order."""

CodecSize = Literal["static", "dynamic"]
"""Whether the size of a codec's output is determined by the size of its input (static) or by the values (dynamic)."""

StorageClass = Literal["single_byte", "multi_byte", "variable_length"]
"""How a data type's values are stored: in single bytes, several bytes at a time, or each in as many bytes as it needs."""

STORAGE_CLASSES: tuple[str, ...] = get_args(StorageClass)

Lengths: TypeAlias = tuple[frozenset[int] | None, ...]
"""For each axis, every chunk length along it (a set, as a rectilinear grid's lengths differ), or None where unknown."""

RAW_BYTES_NAME = "r*"
RAW_BYTES_NAME_PATTERN = re.compile(r"r(0|[1-9][0-9]*)")
_PADDED_RAW_BYTES_NAME = re.compile(r"r0[0-9]+")


def _raw_bits_too_long(name: str, value: object, loc: Loc) -> ValidationProblem | None:
    """The problem of a raw bits name whose size has more digits than Python converts to an int; None for any other name."""
    if len(name) <= MOST_DIGITS + 1 or (
        RAW_BYTES_NAME_PATTERN.fullmatch(name) is None
        and _PADDED_RAW_BYTES_NAME.fullmatch(name) is None
    ):
        return None
    size = name[1:].lstrip("0") or "0"
    if decimal(size) is not None:
        return None
    return ValidationProblem(
        loc if isinstance(value, str) else (*loc, "name"),
        f"expected raw bits whose size in bits has at most {MOST_DIGITS} digits, got {shown(name)}, whose size has {len(size)}",
        "invalid_value",
        input=name,
    )


def _is_lengths(value: object) -> bool:
    if not isinstance(value, tuple):
        return False
    for axis in cast("tuple[object, ...]", value):
        if axis is None:
            continue
        if not isinstance(axis, frozenset):
            return False
        if not all(
            isinstance(length, int) and not isinstance(length, bool)
            for length in cast("frozenset[object]", axis)
        ):
            return False
    return True


@dataclasses.dataclass(frozen=True, slots=True)
class Chunk:
    """The input a codec receives: chunks with given lengths along each axis, and a data type; None for unknown parts.

    A codec's chunk rules check only what is known, so `Chunk()`, with
    nothing known about it, never causes a problem.
    """

    lengths: Lengths | None = None
    """For each axis, the chunk lengths along it; None when even the number of axes is unknown."""
    data_type: ResolvedField[DataTypeDefinition[Any]] | None = None
    """The data type field of the values, as a scope read it; None when no field declares it."""

    def __post_init__(self) -> None:
        lengths = cast(object, self.lengths)
        if lengths is not None and not _is_lengths(lengths):
            msg = f"a chunk's lengths are a tuple of a frozenset of integers or None per axis, got {lengths!r}"
            raise TypeError(msg)
        data_type = cast(object, self.data_type)
        if data_type is not None and not (
            isinstance(data_type, AcceptedField | UnclaimedField | RefusedField)
            and data_type.read_as is DataTypeDefinition
        ):
            msg = f"a chunk's data type is a data type field a scope read, got {data_type!r}"
            raise TypeError(msg)

    @property
    def rank(self) -> int | None:
        """The number of axes; None when unknown."""
        return None if self.lengths is None else len(self.lengths)


UNKNOWN_CHUNK: Final = Chunk()
"""A chunk with nothing known about it."""

chunk_of: Any = fast_constructor(Chunk, ("lengths", "data_type"))
"""`chunk_of(lengths, data_type)`: a chunk of parts a reader has already checked, without the checks `Chunk(...)` makes."""


@functools.lru_cache(maxsize=4096)
def one_length(length: int) -> frozenset[int]:
    """The lengths along an axis whose chunks are all `length` long, one set shared by every chunk that has them."""
    return frozenset((length,))


def unknown_lengths(configuration: object, nested: object, shape: tuple[int, ...]) -> Lengths:
    """The chunk lengths of a grid that does not declare them: unknown along every axis."""
    return tuple(None for _ in shape)


def unknown_chunk(configuration: object, nested: object, chunk: Chunk) -> Chunk:
    """What a codec that does not declare its output passes on: a chunk with nothing known about it."""
    return UNKNOWN_CHUNK


def no_pipelines(configuration: object, nested: object, chunk: Chunk) -> Mapping[str, Chunk]:
    """The pipelines of a codec that holds none."""
    return {}


def unknown_storage(configuration: object, nested: object) -> StorageClass | None:
    """The storage of a data type that does not declare it: unknown."""
    return None


class _V3Field(Definition[C]):
    """How a v3 extension point is written: a bare name, or `{"name", "configuration"?, "must_understand"?}`."""

    zarr_format: ClassVar[int | None] = 3

    @classmethod
    def read_envelope(
        cls, value: object, loc: Loc, problems: list[ValidationProblem]
    ) -> tuple[str | None, object]:
        if isinstance(value, str):
            return str(value), UNSET
        if not isinstance(value, Mapping):
            problems.append(
                ValidationProblem(
                    loc,
                    f"expected a {cls.label} name, or an object with a name, got {shown(value)}",
                    "invalid_type",
                    input=_as_json(value),
                )
            )
            return None, UNSET
        members = cast("Mapping[object, object]", value)
        name = members.get("name", UNSET)
        configuration = members.get("configuration", UNSET)
        if len(members) > (name is not UNSET) + (configuration is not UNSET):
            _envelope_members(cls.label, members, loc, problems)
        if name is UNSET:
            problems.append(
                ValidationProblem(
                    (*loc, "name"), f"expected the {cls.label}'s name, found none", "missing_key"
                )
            )
            return None, configuration
        if not isinstance(name, str):
            problems.append(
                ValidationProblem(
                    (*loc, "name"),
                    f"expected a string, got {shown(name)}",
                    "invalid_type",
                    input=_as_json(name),
                )
            )
            return None, configuration
        return str(name), configuration

    @classmethod
    def written_json(cls, value: object, configuration: object) -> JSONValue | UNSET:
        if isinstance(value, str):
            return str(value)
        if not isinstance(value, Mapping):
            refined, found = refine(value, JSONValue)
            return UNSET if found else cast(JSONValue, refined)
        written: dict[str, object] = {}
        for key, item in cast("Mapping[object, object]", value).items():
            if not isinstance(key, str):
                return UNSET
            if key == "configuration":
                item = configuration
            elif not (item is True or item is False or type(item) is str):
                item, found = refine(item, JSONValue)
                if found:
                    return UNSET
            if item is UNSET:
                return UNSET
            written[key] = item
        return FrozenObject(written)

    @classmethod
    def name_problem(cls, name: str, value: object, loc: Loc) -> ValidationProblem | None:
        if is_extension_name(name):
            return None
        return ValidationProblem(
            loc if isinstance(value, str) else (*loc, "name"),
            f"expected a {cls.label} name of at least two lowercase letters, digits, '-', '_' and '.' "
            f"starting with a letter, or a URI, got {shown(name)}",
            "invalid_value",
            input=name,
        )


def _envelope_members(
    label: str, members: Mapping[object, object], loc: Loc, problems: list[ValidationProblem]
) -> None:
    """Add the problems of the members beside `name` and `configuration`: `must_understand` that is not true, and any other."""
    for key, item in members.items():
        if key == "name" or key == "configuration":
            continue
        if key == "must_understand":
            if item is False:
                problems.append(
                    ValidationProblem(
                        (*loc, "must_understand"),
                        f"a {label} must be understood: must_understand false is allowed only on an extra member",
                        "invalid_value",
                        input=False,
                    )
                )
            elif item is not True:
                problems.append(
                    ValidationProblem(
                        (*loc, "must_understand"),
                        f"expected a boolean, got {shown(item)}",
                        "invalid_type",
                        input=_as_json(item),
                    )
                )
        elif not isinstance(key, str):
            problems.append(
                ValidationProblem(
                    loc,
                    f"expected object keys to be strings, got the key {shown(key)}",
                    "invalid_type",
                )
            )
        else:
            problems.append(
                ValidationProblem(
                    (*loc, key),
                    f'unknown member {shown(key)}; expected only "name", "configuration", "must_understand"',
                    "unknown_key",
                    input=_as_json(item),
                )
            )


def _as_json(value: object) -> JSONValue:
    """`value` as a problem's input: itself refined when it is JSON, else null."""
    return cast(JSONValue, refine(value, JSONValue)[0])


@dataclasses.dataclass(frozen=True, kw_only=True, repr=False)
class DataTypeDefinition(WithFillValue[C], _V3Field[C]):
    """A data type, the fill value of an array with that data type, and how its values are stored.

    A data type named the way a document writes raw bits of one size (such
    as `r16`) is refused: that name is read as `r*` with `{"bits": 16}`.
    """

    label: ClassVar[str] = "data type"
    field_aliases: ClassVar[tuple[TypeAliasType, ...]] = (ZarrV3DataTypeField,)
    is_kind: ClassVar[bool] = True

    storage: Callable[[C, Nested], StorageClass | None] = dataclasses.field(
        default=unknown_storage, metadata=HOOK
    )
    """How the values are stored, given the configuration and the nested fields; None when unknown."""

    @classmethod
    def filed_under(cls, name: str) -> tuple[str | None, Mapping[str, JSONValue] | None]:
        if name == RAW_BYTES_NAME:
            return None, None
        written = RAW_BYTES_NAME_PATTERN.fullmatch(name)
        if written is not None:
            bits = decimal(written.group(1))
            # A size too long to read is no size: the name is judged as one nothing claims.
            return (None, None) if bits is None else (RAW_BYTES_NAME, FrozenObject({"bits": bits}))
        return name, None

    @classmethod
    def name_problem(cls, name: str, value: object, loc: Loc) -> ValidationProblem | None:
        too_long = _raw_bits_too_long(name, value, loc)
        if too_long is not None:
            return too_long
        # `r08` is no name of its own: it is raw bits of 8 written with a
        # leading zero, which no writer means and no reader should guess at.
        if _PADDED_RAW_BYTES_NAME.fullmatch(name) is None:
            if is_extension_name(name):
                return None
            v2_message = v2_type_string_message(name)
            if v2_message is not None:
                loc = loc if isinstance(value, str) else (*loc, "name")
                return ValidationProblem(loc, v2_message, "invalid_value", input=name)
            return super().name_problem(name, value, loc)
        bits = decimal(name[1:].lstrip("0") or "0") or 0
        return ValidationProblem(
            loc if isinstance(value, str) else (*loc, "name"),
            f'expected raw bits written as "r" and their size in bits without leading zeros, such as "r{bits or 8}", got {shown(name)}',
            "invalid_value",
            input=name,
        )

    @classmethod
    def _name_refusal(cls, name: str) -> str | None:
        if name == RAW_BYTES_NAME:
            return None
        if RAW_BYTES_NAME_PATTERN.fullmatch(name) is not None:
            return (
                f"{name!r} is how a document writes raw bits of one size, which read as "
                f"{RAW_BYTES_NAME!r}; to read raw bits your own way, define {RAW_BYTES_NAME!r}"
            )
        return super()._name_refusal(name)


@dataclasses.dataclass(frozen=True, kw_only=True, repr=False)
class ChunkGridDefinition(_V3Field[C]):
    """A chunk grid, the array shapes it fits (`shape_rules`), and the lengths of its chunks (`chunk_lengths`)."""

    label: ClassVar[str] = "chunk grid"
    field_aliases: ClassVar[tuple[TypeAliasType, ...]] = (ZarrV3ChunkGridField,)
    is_kind: ClassVar[bool] = True
    # A grid writes the chunk shape of its array: arrays that share it share
    # their whole structure, which the array reader keeps, so keeping grids
    # alone would only cost.
    remembered: ClassVar[bool] = False

    shape_rules: Callable[[C, Nested, tuple[int, ...]], Iterable[ValidationProblem]] = (
        dataclasses.field(default=no_rules, metadata=HOOK)
    )
    """The spec violations in this grid over an array of a given shape, located in the configuration."""
    chunk_lengths: Callable[[C, Nested, tuple[int, ...]], Lengths] = dataclasses.field(
        default=unknown_lengths, metadata=HOOK
    )
    """The lengths of the chunks along each axis of an array whose shape the grid fits; None where unknown."""


@dataclasses.dataclass(frozen=True, kw_only=True, repr=False)
class ChunkKeyEncodingDefinition(_V3Field[C]):
    """A chunk key encoding."""

    label: ClassVar[str] = "chunk key encoding"
    field_aliases: ClassVar[tuple[TypeAliasType, ...]] = (ZarrV3ChunkKeyEncodingField,)
    is_kind: ClassVar[bool] = True


_UNASKED: Mapping[str, tuple[str, ...]] = {
    "array_array": (),
    "array_bytes": ("transition",),
    "bytes_bytes": ("chunk_rules", "transition", "pipelines"),
}
"""The hooks no codec of each kind is asked: a bytes -> bytes codec receives bytes, not a chunk."""

STATIC_SIZE_ALIASES: frozenset[TypeAliasType] = frozenset({ZarrV3StaticCodecField})


@dataclasses.dataclass(frozen=True, kw_only=True, repr=False)
class CodecDefinition(_V3Field[C]):
    """A codec: what it converts its input to (`kind`), and whether its output size is `static`.

    A codec that receives an array declares the problems of a given input
    `Chunk` with `chunk_rules`, located in its configuration. An array ->
    array codec declares the chunk it passes on with `transition`. A codec
    that holds pipelines declares the chunk each receives with `pipelines`,
    keyed by the configuration member that holds it. `transition` and
    `pipelines` are called whatever the chunk rules found, so they return
    only what is true either way.
    """

    label: ClassVar[str] = "codec"
    field_aliases: ClassVar[tuple[TypeAliasType, ...]] = (ZarrV3CodecField, ZarrV3StaticCodecField)
    is_kind: ClassVar[bool] = True

    kind: CodecKind
    size: CodecSize
    chunk_rules: Callable[[C, Nested, Chunk], Iterable[ValidationProblem]] = dataclasses.field(
        default=no_rules, metadata=HOOK
    )
    """The spec violations for this codec with a given input chunk, located in the configuration."""
    transition: Callable[[C, Nested, Chunk], Chunk] = dataclasses.field(
        default=unknown_chunk, metadata=HOOK
    )
    """The chunk the next codec receives, given the chunk this array -> array codec receives."""
    pipelines: Callable[[C, Nested, Chunk], Mapping[str, Chunk]] = dataclasses.field(
        default=no_pipelines, metadata=HOOK
    )
    """The chunk each contained pipeline receives, keyed by the configuration member that holds it."""

    def _refusal(self) -> str | None:
        kind = cast(object, self.kind)
        if kind not in get_args(CodecKind):
            return f"{self.name!r}: kind is one of {get_args(CodecKind)!r}, got {kind!r}"
        size = cast(object, self.size)
        if size not in get_args(CodecSize):
            return f"{self.name!r}: size is one of {get_args(CodecSize)!r}, got {size!r}"
        defaults = {hook.name: hook.default for hook in dataclasses.fields(CodecDefinition)}
        for hook in _UNASKED[self.kind]:
            if getattr(self, hook) is not defaults[hook]:
                return f"{self.name!r}: {hook}, which no codec of kind {self.kind!r} is asked"
        return super()._refusal()

    @classmethod
    def alias_problems(
        cls, alias: TypeAliasType, definition: Definition[Any], loc: Loc
    ) -> Problems:
        """A codec of dynamic size in a member that admits only codecs of static size is a problem at the codec."""
        if alias not in STATIC_SIZE_ALIASES:
            return ()
        if not isinstance(definition, CodecDefinition) or definition.size == "static":
            return ()
        return (
            ValidationProblem(
                loc,
                f"{definition.name!r} is a codec of dynamic size, and only codecs of static size may be used here",
                "invalid_value",
            ),
        )


@dataclasses.dataclass(frozen=True, kw_only=True, repr=False)
class StorageTransformerDefinition(_V3Field[C]):
    """A storage transformer."""

    label: ClassVar[str] = "storage transformer"
    field_aliases: ClassVar[tuple[TypeAliasType, ...]] = (ZarrV3StorageTransformerField,)
    is_kind: ClassVar[bool] = True


ZarrV3Kind: TypeAlias = (
    DataTypeDefinition[Any]
    | ChunkGridDefinition[Any]
    | ChunkKeyEncodingDefinition[Any]
    | CodecDefinition[Any]
    | StorageTransformerDefinition[Any]
    | ArrayExtraFieldDefinition[Any]
    | GroupExtraFieldDefinition[Any]
)
"""A definition of a kind of v3 field."""

V3_KINDS: tuple[type[Definition[Any]], ...] = (
    DataTypeDefinition,
    ChunkGridDefinition,
    ChunkKeyEncodingDefinition,
    CodecDefinition,
    StorageTransformerDefinition,
    ArrayExtraFieldDefinition,
    GroupExtraFieldDefinition,
)


def storage_of(data_type: ResolvedField[DataTypeDefinition[Any]]) -> StorageClass | None:
    """How the values of `data_type` (a data type field a scope read) are stored; None when unknown."""
    if type(data_type) is not AcceptedField:
        return None
    definition = data_type.definition
    try:
        found: object = definition.storage(data_type.configuration, data_type.nested)
    except Exception as error:
        blame(error, definition, "storage")
        raise
    if found is not None and found not in STORAGE_CLASSES:
        msg = f"{definition.name!r}: its storage gives one of {STORAGE_CLASSES!r} or None, got {found!r}"
        raise TypeError(msg)
    return found  # pyright: ignore[reportReturnType]
