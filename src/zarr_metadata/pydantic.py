"""The models as pydantic field types: read by the package's readers, each problem a pydantic error at its location.

Needs the `pydantic` extra. A field takes a model, or a document as JSON
(parsed, or as text or bytes), and gives back the document with `to_json`.
The scope a document is read in is, first found: `InScope(context)` in the
field's annotation, the validation context (a scope itself, or a mapping that
holds one under `CONTEXT_KEY` for v3 fields and `CONTEXT_KEY_V2` for v2
fields), or the reader's default. A model given to a field passes as it is,
except to a field `InScope` binds, which reads it again in its scope
(`refined_in`).

A validation context is shared with the program's own validators, so a
mapping may hold other keys; but a scope held under a key no field reads, or
a key that reads as one of the two misspelled (in this package's name, or
naming a Zarr context or scope: `zarr_metdata_context`, `zarr_scope`), is a
mistake, and raises `TypeError`, as a scope of the other version does.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Final, LiteralString, Protocol, TypeVar, cast

from pydantic import (
    BeforeValidator,
    GetCoreSchemaHandler,
    InstanceOf,
    PlainSerializer,
    PydanticSchemaGenerationError,
    ValidationInfo,
)
from pydantic_core import (
    CoreSchema,
    InitErrorDetails,
    PydanticCustomError,
    ValidationError,
    core_schema,
)

from zarr_metadata._json import UNSET, JSONValue, Loc, ValidationProblem
from zarr_metadata._pydantic_schema import (
    ZarrV2ArrayMetadataJSON,
    ZarrV2ConsolidatedMetadataJSON,
    ZarrV2GroupMetadataJSON,
    ZarrV3ArrayMetadataJSON,
    ZarrV3ConsolidatedMetadataJSON,
    ZarrV3GroupMetadataJSON,
    input_schema,
)
from zarr_metadata.definition._scope import ScopeConflictError
from zarr_metadata.model import (
    ZarrV2ArrayMetadata,
    ZarrV2ConsolidatedMetadata,
    ZarrV2GroupMetadata,
    ZarrV3ArrayMetadata,
    ZarrV3ConsolidatedMetadata,
    ZarrV3GroupMetadata,
    read_array_metadata_v2,
    read_array_metadata_v3,
    read_consolidated_metadata_v2,
    read_consolidated_metadata_v3,
    read_group_metadata_v2,
    read_group_metadata_v3,
)
from zarr_metadata.model._keyed import parsed_document
from zarr_metadata.problems import MetadataValidationError
from zarr_metadata.v2._context import ZarrV2Context
from zarr_metadata.v3._context import ZarrV3Context

__all__ = [
    "CONTEXT_KEY",
    "CONTEXT_KEY_V2",
    "InScope",
    "ZarrV2ArrayMetadataField",
    "ZarrV2ConsolidatedMetadataField",
    "ZarrV2GroupMetadataField",
    "ZarrV3ArrayMetadataField",
    "ZarrV3ConsolidatedMetadataField",
    "ZarrV3GroupMetadataField",
]

CONTEXT_KEY: Final = "zarr_metadata_context"
"""The validation context key whose value is the `ZarrV3Context` v3 fields are read in."""

CONTEXT_KEY_V2: Final = "zarr_metadata_context_v2"
"""The validation context key whose value is the `ZarrV2Context` v2 fields are read in."""

M = TypeVar("M")
M_co = TypeVar("M_co", covariant=True)


class _Reading(Protocol[M_co]):
    @property
    def problems(self) -> tuple[ValidationProblem, ...]: ...

    @property
    def metadata(self) -> M_co | None: ...


_Reader = Callable[..., _Reading[M]]


@dataclass(frozen=True, slots=True)
class _Kind:
    """How one model is read: its reader, the validation context key, and the scope class it takes."""

    reader: _Reader[Any]
    key: str
    scope: type[ZarrV3Context] | type[ZarrV2Context]
    shape: type


_KINDS: Final[Mapping[type, _Kind]] = {
    ZarrV3ArrayMetadata: _Kind(
        read_array_metadata_v3, CONTEXT_KEY, ZarrV3Context, ZarrV3ArrayMetadataJSON
    ),
    ZarrV3GroupMetadata: _Kind(
        read_group_metadata_v3, CONTEXT_KEY, ZarrV3Context, ZarrV3GroupMetadataJSON
    ),
    ZarrV3ConsolidatedMetadata: _Kind(
        read_consolidated_metadata_v3, CONTEXT_KEY, ZarrV3Context, ZarrV3ConsolidatedMetadataJSON
    ),
    ZarrV2ArrayMetadata: _Kind(
        read_array_metadata_v2, CONTEXT_KEY_V2, ZarrV2Context, ZarrV2ArrayMetadataJSON
    ),
    ZarrV2GroupMetadata: _Kind(
        read_group_metadata_v2, CONTEXT_KEY_V2, ZarrV2Context, ZarrV2GroupMetadataJSON
    ),
    ZarrV2ConsolidatedMetadata: _Kind(
        read_consolidated_metadata_v2, CONTEXT_KEY_V2, ZarrV2Context, ZarrV2ConsolidatedMetadataJSON
    ),
}

_KEYS: Final[Mapping[str, type[ZarrV3Context] | type[ZarrV2Context]]] = {
    CONTEXT_KEY: ZarrV3Context,
    CONTEXT_KEY_V2: ZarrV2Context,
}


def _read(value: object, reader: _Reader[M], context: object) -> M:
    """The model `reader` makes of `value` in `context`; raises `ValidationError` with one error per problem."""
    if isinstance(value, str | bytes | bytearray):
        document, problems = parsed_document(value)
        if problems:
            raise _validation_error(problems, value)
        value = document
    reading = reader(value, context=context)
    metadata = reading.metadata
    if metadata is None:
        raise _validation_error(reading.problems, value)
    return metadata


def _refined(model: Any, context: ZarrV3Context | ZarrV2Context) -> Any:
    """`model` read again in `context`; raises `ValidationError` when the scopes disagree or the document has problems there."""
    if model.context is context:
        return model
    try:
        return model.refined_in(context)
    except ScopeConflictError as error:
        raise _conflict_error(error, model.to_json()) from None
    except MetadataValidationError as error:
        raise _validation_error(error.problems, model.to_json()) from None


def _validation_error(problems: tuple[ValidationProblem, ...], document: object) -> ValidationError:
    # Raised inside a validator, pydantic joins each error's loc onto the field's.
    errors = [
        InitErrorDetails(
            type=_error_type(problem.kind, problem.message, problem.ctx),
            loc=problem.loc,
            input=_found_at(document, problem.loc) if problem.input is UNSET else problem.input,
        )
        for problem in problems
    ]
    return ValidationError.from_exception_data("zarr metadata", errors)


def _conflict_error(error: ScopeConflictError, document: object) -> ValidationError:
    errors: list[InitErrorDetails] = []
    for conflict in error.conflicts:
        kind, name = conflict.key
        loc: Loc = () if conflict.loc is None else conflict.loc
        message = (
            f"the {kind.label} {conflict.written or name!r} was read as {conflict.claimed!r}, "
            f"which the field's scope does not claim it as (it claims {conflict.found!r})"
        )
        ctx: dict[str, JSONValue] = {"kind": kind.label, "name": conflict.written or name}
        errors.append(
            InitErrorDetails(
                type=_error_type("scope_conflict", message, ctx),
                loc=loc,
                input=_found_at(document, loc),
            )
        )
    return ValidationError.from_exception_data("zarr metadata", errors)


def _error_type(kind: str, message: str, ctx: Mapping[str, JSONValue]) -> PydanticCustomError:
    # Pydantic fills `{name}` in a message from its ctx; a message is no template,
    # so ctx goes along only where that leaves the message as written.
    if ctx and not any(f"{{{name}}}" in message for name in ctx):
        return PydanticCustomError(
            cast(LiteralString, kind), cast(LiteralString, message), dict(ctx)
        )
    return PydanticCustomError(cast(LiteralString, kind), cast(LiteralString, message))


def _found_at(document: object, loc: Loc) -> object:
    """What `document` holds at `loc`, or at the deepest step of it that it holds (the object missing a member)."""
    found: object = document
    for step in loc:
        inside: object = found
        if isinstance(inside, Mapping) and isinstance(step, str):
            members = cast(Mapping[str, object], inside)
            if step not in members:
                break
            found = members[step]
        elif isinstance(inside, list | tuple) and isinstance(step, int):
            items = cast(tuple[object, ...], inside)
            if not 0 <= step < len(items):
                break
            found = items[step]
        else:
            break
    return found


def _scope_given(given: object, kind: _Kind) -> ZarrV3Context | ZarrV2Context | None:
    """The scope the validation context `given` names for a field of `kind`, or None; raises `TypeError` at a mistake."""
    if given is None:
        return None
    if isinstance(given, ZarrV3Context | ZarrV2Context):
        return given if isinstance(given, kind.scope) else None
    if not isinstance(given, Mapping):
        return None
    found: ZarrV3Context | ZarrV2Context | None = None
    for key, value in cast(Mapping[object, object], given).items():
        scope = _KEYS.get(key) if isinstance(key, str) else None
        if scope is not None:
            if value is not None and not isinstance(value, scope):
                # A mistake of the program, not of the document: say so, not a reader's traceback.
                raise TypeError(
                    f"the validation context's {key!r} must be a {scope.__name__}, got {type(value).__name__}"
                )
            if key == kind.key:
                found = value
        elif isinstance(value, ZarrV3Context | ZarrV2Context):
            raise TypeError(
                f"the validation context holds a {type(value).__name__} under {key!r}, which no field reads: "
                f"v3 fields read theirs under {CONTEXT_KEY!r}, v2 fields under {CONTEXT_KEY_V2!r}"
            )
        elif isinstance(key, str) and _looks_like_ours(key):
            raise TypeError(
                f"the validation context key {key!r} is none this package reads: "
                f"{CONTEXT_KEY!r} (v3) or {CONTEXT_KEY_V2!r} (v2)"
            )
    return found


def _looks_like_ours(key: str) -> bool:
    """Whether `key` reads as one of the two keys misspelled: in this package's name, or a Zarr context or scope.

    However cased or separated (`Zarr-Metadata.Context`, `zarr_metdata_context`,
    `zarr_scope`); a program's own keys about Zarr (`zarr_path`) are left to it.
    """
    if not key.lower().startswith("zarr"):
        return False
    folded = key.lower()
    for separator in "-. ":
        folded = folded.replace(separator, "_")
    return (
        folded.startswith(("zarr_metadata", "zarrmetadata"))
        or "context" in folded
        or "scope" in folded
    )


def _read_in_context(model: type[M]) -> Callable[[Any, ValidationInfo], M]:
    """The before-validator of `model`'s field: a model passes, anything else is read in the validation context's scope."""
    kind = _KINDS[model]

    def coerce(value: Any, info: ValidationInfo) -> M:
        context = _scope_given(info.context, kind)
        if isinstance(value, model):
            return value
        return _read(value, kind.reader, context)

    return coerce


@dataclass(frozen=True, slots=True)
class InScope:
    """The scope a field is read in, above any validation context: `Annotated[ZarrV3ArrayMetadataField, InScope(KNOWN)]`.

    It annotates a field type or a model class alike
    (`Annotated[ZarrV3ArrayMetadata, InScope(KNOWN)]`), and reads a model given
    to the field again in its scope.
    """

    context: ZarrV3Context | ZarrV2Context

    def __post_init__(self) -> None:
        given = cast(object, self.context)
        if not isinstance(given, ZarrV3Context | ZarrV2Context):
            raise TypeError(
                f"InScope takes a ZarrV3Context or a ZarrV2Context, got {type(given).__name__}"
            )

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> CoreSchema:
        kind = _KINDS.get(source)
        if kind is None:
            raise TypeError(
                f"InScope annotates a zarr_metadata pydantic field type or model class, not {source!r}"
            )
        if not isinstance(self.context, kind.scope):
            raise TypeError(
                f"a {source.__name__} field is read in a {kind.scope.__name__}, not {type(self.context).__name__}"
            )
        context = self.context
        try:
            inner = handler(source)
        except PydanticSchemaGenerationError:
            # A model class alone has no pydantic schema: it is read as its field type is.
            inner = handler.generate_schema(_FIELDS[source])
        if inner.get("metadata", {}).get(_IN_SCOPE) is True and inner["type"] == "function-before":
            # An InScope written over another overrides it: the inner one would read
            # the model made here again in its own scope.
            inner = inner["schema"]

        def scoped(value: Any) -> Any:
            # The model made here passes the field's own validator as it is.
            if isinstance(value, source):
                return _refined(value, context)
            return _read(value, kind.reader, context)

        return core_schema.no_info_before_validator_function(
            scoped,
            inner,
            json_schema_input_schema=input_schema(kind.shape, context),
            metadata={_IN_SCOPE: True},
        )


_IN_SCOPE: Final = "zarr_metadata_in_scope"
"""Marks the core schema `InScope` makes, so that an `InScope` over it can replace it."""


def _serializer(model: type[Any], shape: type) -> PlainSerializer:
    return PlainSerializer(model.to_json, return_type=shape, when_used="always")


# InstanceOf is an Annotated alias to type checkers, but an annotation object at run time.
_INSTANCE: Final[Any] = cast(Any, InstanceOf)()

ZarrV3ArrayMetadataField = Annotated[
    ZarrV3ArrayMetadata,
    _INSTANCE,
    BeforeValidator(
        _read_in_context(ZarrV3ArrayMetadata), json_schema_input_type=ZarrV3ArrayMetadataJSON
    ),
    _serializer(ZarrV3ArrayMetadata, ZarrV3ArrayMetadataJSON),
]
"""A v3 array's `zarr.json` as a `ZarrV3ArrayMetadata`."""

ZarrV3GroupMetadataField = Annotated[
    ZarrV3GroupMetadata,
    _INSTANCE,
    BeforeValidator(
        _read_in_context(ZarrV3GroupMetadata), json_schema_input_type=ZarrV3GroupMetadataJSON
    ),
    _serializer(ZarrV3GroupMetadata, ZarrV3GroupMetadataJSON),
]
"""A v3 group's `zarr.json` as a `ZarrV3GroupMetadata`."""

ZarrV3ConsolidatedMetadataField = Annotated[
    ZarrV3ConsolidatedMetadata,
    _INSTANCE,
    BeforeValidator(
        _read_in_context(ZarrV3ConsolidatedMetadata),
        json_schema_input_type=ZarrV3ConsolidatedMetadataJSON,
    ),
    _serializer(ZarrV3ConsolidatedMetadata, ZarrV3ConsolidatedMetadataJSON),
]
"""A v3 group's `consolidated_metadata` member as a `ZarrV3ConsolidatedMetadata`."""

ZarrV2ArrayMetadataField = Annotated[
    ZarrV2ArrayMetadata,
    _INSTANCE,
    BeforeValidator(
        _read_in_context(ZarrV2ArrayMetadata), json_schema_input_type=ZarrV2ArrayMetadataJSON
    ),
    _serializer(ZarrV2ArrayMetadata, ZarrV2ArrayMetadataJSON),
]
"""A v2 array (`.zarray`, with `.zattrs` as `attributes`) as a `ZarrV2ArrayMetadata`."""

ZarrV2GroupMetadataField = Annotated[
    ZarrV2GroupMetadata,
    _INSTANCE,
    BeforeValidator(
        _read_in_context(ZarrV2GroupMetadata), json_schema_input_type=ZarrV2GroupMetadataJSON
    ),
    _serializer(ZarrV2GroupMetadata, ZarrV2GroupMetadataJSON),
]
"""A v2 group (`.zgroup`, with `.zattrs` as `attributes`) as a `ZarrV2GroupMetadata`."""

ZarrV2ConsolidatedMetadataField = Annotated[
    ZarrV2ConsolidatedMetadata,
    _INSTANCE,
    BeforeValidator(
        _read_in_context(ZarrV2ConsolidatedMetadata),
        json_schema_input_type=ZarrV2ConsolidatedMetadataJSON,
    ),
    _serializer(ZarrV2ConsolidatedMetadata, ZarrV2ConsolidatedMetadataJSON),
]
"""A v2 `.zmetadata` as a `ZarrV2ConsolidatedMetadata`."""

_FIELDS: Final[Mapping[type, object]] = {
    ZarrV3ArrayMetadata: ZarrV3ArrayMetadataField,
    ZarrV3GroupMetadata: ZarrV3GroupMetadataField,
    ZarrV3ConsolidatedMetadata: ZarrV3ConsolidatedMetadataField,
    ZarrV2ArrayMetadata: ZarrV2ArrayMetadataField,
    ZarrV2GroupMetadata: ZarrV2GroupMetadataField,
    ZarrV2ConsolidatedMetadata: ZarrV2ConsolidatedMetadataField,
}
"""The field type of each model, which `InScope` reads a bare model class as."""
