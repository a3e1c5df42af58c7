"""Where a configuration holds other fields: the members annotated with a field alias, found once per TypedDict from its shape."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, TypeAlias, cast

from typing_extensions import TypeAliasType

from zarr_metadata._common import ZarrV3NamedConfigJSON
from zarr_metadata._shapes import Alias, Array, FixedArray, Node, Object, Reader, Record, Union

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


def positions_of(configuration: type) -> tuple[Position, ...]:
    """Every member of `configuration` that holds a field, at any depth; raises `TypeError` for a member typed as a bare field envelope."""
    name = getattr(configuration, "__name__", "configuration")
    return positions_in(Reader().read(configuration, name), name)


def positions_in(node: Node, name: str) -> tuple[Position, ...]:
    """Every member of the configuration read as `node` (named `name`) that holds a field, at any depth."""
    # Branches of a union may hold a field at the same place (each shape of
    # a record with its type at index 1); the place is read once.
    return tuple(dict.fromkeys(_walk(node, (), name, set())))


def _walk(node: Node, steps: tuple[Step, ...], where: str, seen: set[int]) -> Iterator[Position]:
    if isinstance(node, Alias):
        origin = cast(TypeAliasType, node.origin)
        if origin in _ALIAS_KINDS:
            yield steps, origin
            return
        if id(node) in seen or node.target is None:
            return
        yield from _walk(node.target, steps, where, seen | {id(node)})
    elif isinstance(node, Record):
        if node.origin is ZarrV3NamedConfigJSON:
            msg = (
                f"{where} is annotated as a bare field envelope, which is checked only as JSON; "
                "annotate it with the field alias of its kind, such as ZarrV3CodecField"
            )
            raise TypeError(msg)
        if id(node) in seen:
            return
        for member in node.members:
            yield from _walk(member.node, (*steps, member.key), f"{where}.{member.key}", seen | {id(node)})
    elif isinstance(node, Union):
        for member in node.members:
            yield from _walk(member, steps, where, seen)
    elif isinstance(node, Array):
        yield from _walk(node.item, (*steps, EVERY), f"{where}[]", seen)
    elif isinstance(node, FixedArray):
        for index, item in enumerate(node.items):
            yield from _walk(item, (*steps, index), f"{where}[{index}]", seen)
    elif isinstance(node, Object):
        yield from _walk(node.value, (*steps, EVERY), f"{where}{{}}", seen)


def located(value: object, steps: tuple[Step, ...], at: tuple[str | int, ...] = ()) -> Iterator[tuple[tuple[str | int, ...], object]]:
    """Each value in `value` (a refined configuration) that `steps` reach, with the path to it."""
    if len(steps) == 0:
        yield at, value
        return
    step, rest = steps[0], steps[1:]
    if isinstance(step, str):
        if isinstance(value, Mapping) and step in value:
            yield from located(cast("Mapping[str, object]", value)[step], rest, (*at, step))
    elif isinstance(step, int):
        if isinstance(value, tuple) and step < len(cast("tuple[object, ...]", value)):
            yield from located(cast("tuple[object, ...]", value)[step], rest, (*at, step))
    elif isinstance(value, tuple):
        for index, item in enumerate(cast("tuple[object, ...]", value)):
            yield from located(item, rest, (*at, index))
    elif isinstance(value, Mapping):
        for key, item in cast("Mapping[str, object]", value).items():
            yield from located(item, rest, (*at, key))
