"""Where a configuration holds other fields: the members annotated with a field alias, found once per TypedDict."""

from __future__ import annotations

import functools
import types
import typing
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeAlias, get_args, get_origin

import typing_extensions
from typing_extensions import TypeAliasType, is_typeddict

from zarr_metadata._common import ZarrV3MetadataFieldJSON, ZarrV3NamedConfigJSON
from zarr_metadata._json import JSONValue, UserJSONValue

if TYPE_CHECKING:
    from zarr_metadata.definition._definition import Definition


class _Every:
    """A step that stands for every item of an array, or every member of an object."""

    def __repr__(self) -> str:
        return "*"


EVERY = _Every()

Step: TypeAlias = "str | int | _Every"
Position: TypeAlias = "tuple[tuple[Step, ...], TypeAliasType]"
"""The steps from a configuration to a member holding a field, and the field alias it is annotated with."""

_ALIAS_KINDS: dict[TypeAliasType, type[Definition[Any]]] = {}


def register_alias(alias: TypeAliasType, kind: type[Definition[Any]]) -> None:
    """Record that a member annotated with `alias` holds a field of `kind`; each kind registers its aliases when it is defined."""
    _ALIAS_KINDS[alias] = kind


def kind_of_alias(alias: TypeAliasType) -> type[Definition[Any]] | None:
    """The kind of field a member annotated with `alias` holds; None for an alias that is no field alias."""
    return _ALIAS_KINDS.get(alias)


_QUALIFIERS = (
    typing_extensions.Required,
    typing_extensions.NotRequired,
    typing_extensions.ReadOnly,
    typing.Required,
    typing.NotRequired,
    typing.Annotated,
)


@functools.cache
def positions_of(configuration: type) -> tuple[Position, ...]:
    """Every member of `configuration` that holds a field, at any depth; raises `TypeError` for a member typed as a bare field envelope."""
    return tuple(_walk(configuration, (), configuration.__name__, set()))


def _walk(annotation: object, steps: tuple[Step, ...], where: str, seen: set[int]) -> Iterator[Position]:
    while get_origin(annotation) in _QUALIFIERS:
        annotation = get_args(annotation)[0]
    if isinstance(annotation, TypeAliasType):
        if annotation in _ALIAS_KINDS:
            yield steps, annotation
            return
        if annotation is JSONValue or annotation is UserJSONValue or id(annotation) in seen:
            return
        yield from _walk(annotation.__value__, steps, where, seen | {id(annotation)})
        return
    if annotation == ZarrV3MetadataFieldJSON or annotation is ZarrV3NamedConfigJSON:
        msg = (
            f"{where} is annotated as a bare field envelope, which is checked only as JSON; "
            "annotate it with the field alias of its kind, such as ZarrV3CodecField"
        )
        raise TypeError(msg)
    if is_typeddict(annotation):
        if id(annotation) in seen:
            return
        hints = typing_extensions.get_type_hints(annotation, include_extras=True)
        for key, member in hints.items():
            yield from _walk(member, (*steps, key), f"{where}.{key}", seen | {id(annotation)})
        return
    if isinstance(annotation, typing.NewType):
        yield from _walk(annotation.__supertype__, steps, where, seen)
        return
    origin, args = get_origin(annotation), get_args(annotation)
    if origin is typing.Union or origin is typing_extensions.Literal:
        if origin is typing.Union:
            for arg in args:
                yield from _walk(arg, steps, where, seen)
        return
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            yield from _walk(args[0], (*steps, EVERY), f"{where}[]", seen)
        else:
            for index, arg in enumerate(args):
                yield from _walk(arg, (*steps, index), f"{where}[{index}]", seen)
        return
    if origin in (list, Sequence) and args:
        yield from _walk(args[0], (*steps, EVERY), f"{where}[]", seen)
        return
    if origin in (dict, Mapping) and len(args) == 2:
        yield from _walk(args[1], (*steps, EVERY), f"{where}{{}}", seen)
        return
    if isinstance(annotation, types.UnionType):
        for arg in args:
            yield from _walk(arg, steps, where, seen)


def located(value: object, steps: tuple[Step, ...], at: tuple[str | int, ...] = ()) -> Iterator[tuple[tuple[str | int, ...], object]]:
    """Each value in `value` (a refined configuration) that `steps` reach, with the path to it."""
    if len(steps) == 0:
        yield at, value
        return
    step, rest = steps[0], steps[1:]
    if isinstance(step, str):
        if isinstance(value, Mapping) and step in value:
            yield from located(typing.cast("Mapping[str, object]", value)[step], rest, (*at, step))
    elif isinstance(step, int):
        if isinstance(value, tuple) and step < len(typing.cast("tuple[object, ...]", value)):
            yield from located(typing.cast("tuple[object, ...]", value)[step], rest, (*at, step))
    elif isinstance(value, tuple):
        for index, item in enumerate(typing.cast("tuple[object, ...]", value)):
            yield from located(item, rest, (*at, index))
    elif isinstance(value, Mapping):
        for key, item in typing.cast("Mapping[str, object]", value).items():
            yield from located(item, rest, (*at, key))
