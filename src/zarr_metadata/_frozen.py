"""Read-only JSON objects: what fields and models hand out, so nothing a reading returns can be changed."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NoReturn, cast

from zarr_metadata._json import JSONValue


class FrozenObject(dict[Any, Any]):
    """A JSON object that refuses to change.

    It is a dict underneath, so `json.dumps` writes it and `isinstance(x,
    dict)` holds, but every method that would change it raises
    `TypeError`. Equal objects hash equal. Fields use it for their nested
    fields too, keyed by location.
    """

    __slots__ = ()

    def _refuse(self, *args: object, **kwargs: object) -> NoReturn:
        msg = "a read-only JSON object cannot be changed; build a new one instead"
        raise TypeError(msg)

    __setitem__ = _refuse
    __delitem__ = _refuse
    __ior__ = _refuse  # pyright: ignore[reportAssignmentType]
    clear = _refuse
    pop = _refuse  # pyright: ignore[reportAssignmentType]
    popitem = _refuse
    setdefault = _refuse  # pyright: ignore[reportAssignmentType]
    update = _refuse  # pyright: ignore[reportAssignmentType]

    def __hash__(self) -> int:  # pyright: ignore[reportIncompatibleVariableOverride]
        return hash(frozenset((key, _hashable(value)) for key, value in self.items()))

    def __reduce__(self) -> tuple[type[FrozenObject], tuple[dict[Any, Any]]]:
        return FrozenObject, (dict(self),)

    def __copy__(self) -> FrozenObject:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> FrozenObject:
        return self

    # Written like the dict it is: keys that tell JSON values apart are made
    # from reprs, and the C one is fast.
    __repr__ = dict.__repr__  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType]


def _hashable(value: object) -> object:
    if isinstance(value, float) and value != value:
        return "NaN"  # NaN is not equal to itself, but one NaN hashes like another
    if isinstance(value, tuple):
        return tuple(_hashable(item) for item in cast("tuple[object, ...]", value))
    return value


def frozen(value: JSONValue) -> Any:
    """`value` (a refined JSON value: tuples for arrays) with every object made read-only."""
    if type(value) is FrozenObject:
        # Every FrozenObject this package makes is read-only all the way down.
        return value
    if isinstance(value, Mapping):
        members = cast("Mapping[str, JSONValue]", value)
        return FrozenObject({key: frozen(item) for key, item in members.items()})
    if type(value) is tuple or isinstance(value, list):
        items = cast("Iterable[JSONValue]", value)
        return tuple(frozen(item) for item in items)
    return value


def plain(value: object) -> Any:
    """`value` with every object a fresh plain dict; arrays stay tuples, copied only when they hold objects."""
    if isinstance(value, Mapping):
        members = cast("Mapping[str, object]", value)
        return {
            key: plain(cast(object, item)) if isinstance(item, Mapping | tuple | list) else item
            for key, item in members.items()
        }
    if isinstance(value, tuple | list):
        items = cast("tuple[object, ...]", value)  # pyright: ignore[reportUnnecessaryCast]
        if any(isinstance(item, Mapping | tuple | list) for item in items):
            return tuple(plain(item) for item in items)
        return tuple(items)
    return value


def thawed(value: object) -> Any:
    """`value` with every object a plain dict and every array a list, as a JSON writer or an editor wants it."""
    if isinstance(value, Mapping):
        members = cast("Mapping[str, object]", value)
        return {key: thawed(item) for key, item in members.items()}
    if isinstance(value, list | tuple):
        return [thawed(item) for item in cast("Iterable[object]", value)]
    return value


def fast_constructor(cls: type[Any], names: tuple[str, ...]) -> Any:
    """A function that makes an instance of `cls`, a frozen dataclass with slots, from its fields `names` in order, skipping `__init__`.

    Readers make many such values from parts they have checked already; the
    dataclass's own `__init__` (and any check in its `__post_init__`) is
    for callers. The function is written once per class, so setting each
    field costs one call of its slot.
    """
    namespace: dict[str, object] = {"new": object.__new__, "cls": cls}
    lines = [f"def make({', '.join(names)}):", "    made = new(cls)"]
    for name in names:
        namespace[f"set_{name}"] = cls.__dict__[name].__set__
        lines.append(f"    set_{name}(made, {name})")
    lines.append("    return made")
    exec("\n".join(lines), namespace)  # the source holds only the field names of `cls`
    return namespace["make"]
