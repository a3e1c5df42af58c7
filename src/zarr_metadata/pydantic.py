"""The models as pydantic field types: read by the package's readers, each problem a pydantic error at its location.

Needs the `pydantic` extra. A field takes a model, or a document as JSON
(parsed, or as text or bytes), and gives back the document with `to_json`.
The scope a document is read in is, first found: `InScope(context)` in the
field's annotation, the validation context's `CONTEXT_KEY` (v3) or
`CONTEXT_KEY_V2` (v2), or the reader's default.
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
    ValidationInfo,
)
from pydantic_core import (
    CoreSchema,
    InitErrorDetails,
    PydanticCustomError,
    ValidationError,
    core_schema,
)

from zarr_metadata._json import UNSET, ValidationProblem
from zarr_metadata._pydantic_schema import (
    ZarrV2ArrayMetadataJSON,
    ZarrV2ConsolidatedMetadataJSON,
    ZarrV2GroupMetadataJSON,
    ZarrV3ArrayMetadataJSON,
    ZarrV3ConsolidatedMetadataJSON,
    ZarrV3GroupMetadataJSON,
    input_schema,
)
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


def _validation_error(problems: tuple[ValidationProblem, ...], document: object) -> ValidationError:
    # Raised inside a validator, pydantic joins each error's loc onto the field's.
    # The message is no template: given no ctx, pydantic shows it as written,
    # braces and all (a message may show the input).
    errors = [
        InitErrorDetails(
            type=PydanticCustomError(problem.kind, cast(LiteralString, problem.message)),
            loc=problem.loc,
            input=document if problem.input is UNSET else problem.input,
        )
        for problem in problems
    ]
    return ValidationError.from_exception_data("zarr metadata", errors)


def _read_in_context(model: type[M]) -> Callable[[Any, ValidationInfo], M]:
    """The before-validator of `model`'s field: a model passes, anything else is read in the validation context's scope."""
    kind = _KINDS[model]

    def coerce(value: Any, info: ValidationInfo) -> M:
        if isinstance(value, model):
            return value
        given: object = info.context
        context = (
            cast(Mapping[str, object], given).get(kind.key) if isinstance(given, Mapping) else None
        )
        if context is not None and not isinstance(context, kind.scope):
            # A mistake of the program, not of the document: say so, not a reader's traceback.
            raise TypeError(
                f"the validation context's {kind.key!r} must be a {kind.scope.__name__}, got {type(context).__name__}"
            )
        return _read(value, kind.reader, context)

    return coerce


@dataclass(frozen=True, slots=True)
class InScope:
    """The scope a field is read in, above any validation context: `Annotated[ZarrV3ArrayMetadataField, InScope(KNOWN)]`."""

    context: ZarrV3Context | ZarrV2Context

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> CoreSchema:
        kind = _KINDS.get(source)
        if kind is None:
            raise TypeError(
                f"InScope annotates a zarr_metadata pydantic field type, not {source!r}"
            )
        if not isinstance(self.context, kind.scope):
            raise TypeError(
                f"a {source.__name__} field is read in a {kind.scope.__name__}, not {type(self.context).__name__}"
            )
        context = self.context

        def scoped(value: Any) -> Any:
            # The model made here passes the field's own validator as it is.
            if isinstance(value, source):
                return value
            return _read(value, kind.reader, context)

        return core_schema.no_info_before_validator_function(
            scoped, handler(source), json_schema_input_schema=input_schema(kind.shape, context)
        )


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
