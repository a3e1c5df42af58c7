"""Where a configuration holds other fields: the members annotated with a field alias, found once per TypedDict from its shape, and the fields read there put back in their places."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, TypeAlias, cast

from typing_extensions import TypeAliasType

from zarr_metadata._common import ZarrV3NamedConfigJSON
from zarr_metadata._frozen import FrozenObject
from zarr_metadata._json import UNSET
from zarr_metadata._shapes import (
    Alias,
    AnnotationReader,
    Array,
    FixedArray,
    Node,
    Object,
    Record,
    Union,
)

if TYPE_CHECKING:
    from zarr_metadata.definition._extension import Definition
    from zarr_metadata.definition._fields import Nested


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
    return positions_in(AnnotationReader().read(configuration, name), name)


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
            yield from _walk(
                member.node, (*steps, member.key), f"{where}.{member.key}", seen | {id(node)}
            )
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


def located(
    value: object, steps: tuple[Step, ...], at: tuple[str | int, ...] = ()
) -> Iterator[tuple[tuple[str | int, ...], object]]:
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


def with_fields(configuration: Mapping[str, object], nested: Nested) -> Any:
    """The configuration with each field it holds as that field's JSON, read-only; UNSET when one of them is not JSON."""
    jsons: dict[tuple[str | int, ...], object] = {}
    # The common cases: fields held by arrays that are members of the
    # configuration (codecs), or by arrays in such arrays (a v2 struct's
    # records, the type at index 1 of each).
    by_member: dict[str, list[tuple[int, int | None, object]]] = {}
    for path, field in nested.items():
        json = field.json
        if json is UNSET:
            return UNSET
        jsons[path] = json
        size = len(path)
        if size == 2 and type(path[0]) is str and type(path[1]) is int:
            by_member.setdefault(path[0], []).append((path[1], None, json))
        elif size == 3 and type(path[0]) is str and type(path[1]) is int and type(path[2]) is int:
            by_member.setdefault(path[0], []).append((path[1], path[2], json))
    if sum(len(items) for items in by_member.values()) != len(jsons):
        return _placed(configuration, jsons)
    members = dict(configuration)
    for member, placed in by_member.items():
        items = list(cast("tuple[object, ...]", members[member]))
        for index, inner, json in placed:
            if inner is None:
                items[index] = json
            else:
                item = list(cast("tuple[object, ...]", items[index]))
                item[inner] = json
                items[index] = tuple(item)
        members[member] = tuple(items)
    return FrozenObject(members)


def _placed(value: object, fields: Mapping[tuple[str | int, ...], object]) -> object:
    """`value` with the JSON of each field in `fields` (by path from `value`) put in its place."""
    if () in fields:
        return fields[()]
    by_step: dict[str | int, dict[tuple[str | int, ...], object]] = {}
    for path, json in fields.items():
        by_step.setdefault(path[0], {})[path[1:]] = json
    if isinstance(value, Mapping):
        members = cast("Mapping[str, object]", value)
        return FrozenObject(
            {
                key: _placed(item, by_step[key]) if key in by_step else item
                for key, item in members.items()
            }
        )
    items = cast("tuple[object, ...]", value)
    return tuple(
        _placed(item, by_step[index]) if index in by_step else item
        for index, item in enumerate(items)
    )


def reached(
    configuration: object, steps: tuple[Step, ...]
) -> list[tuple[tuple[str | int, ...], object]]:
    """Each value `steps` reach in a checked configuration, with its path; the common one-member array without a generator."""
    if len(steps) == 2 and type(steps[0]) is str and steps[1] is EVERY:
        items = cast("Mapping[str, object]", configuration).get(steps[0])
        if type(items) is tuple:
            member = steps[0]
            return [
                ((member, index), item)
                for index, item in enumerate(cast("tuple[object, ...]", items))
            ]
    elif len(steps) == 3 and type(steps[0]) is str and steps[1] is EVERY and type(steps[2]) is int:
        found = cast("Mapping[str, object]", configuration).get(steps[0])
        inner = steps[2]
        if type(found) is tuple:
            records = cast("tuple[object, ...]", found)
            if all(
                type(record) is tuple and len(cast("tuple[object, ...]", record)) > inner
                for record in records
            ):
                member = steps[0]
                return [
                    ((member, index, inner), record[inner])
                    for index, record in enumerate(cast("tuple[tuple[object, ...], ...]", records))
                ]
    return list(located(configuration, steps))
