"""Changed copies of a document: members set by name, extra members by key, and misuse refused before anything is read."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from zarr_metadata._frozen import thawed
from zarr_metadata._json import UNSET
from zarr_metadata.definition._fields import AcceptedField, RefusedField, UnclaimedField


def edited(
    document: Mapping[str, Any],
    members: Mapping[str, object],
    names: frozenset[str],
    reserved: frozenset[str],
) -> dict[str, Any]:
    """`document` with `members` (by name; `extra_fields` by key) set, and those given as UNSET removed.

    `names` are the members set by name, `reserved` every member the spec
    defines. An unknown member name raises `TypeError`, as a keyword
    argument would, and so do `extra_fields` that are not a mapping from
    string keys and a reserved key among them: each before anything is set.
    """
    for name in members:
        if name != "extra_fields" and name not in names:
            msg = f"unknown member {name!r}; expected one of {', '.join(sorted(names))} or extra_fields"
            raise TypeError(msg)
    extra = _extra_fields(members.get("extra_fields", UNSET), reserved)
    given = {
        name: _written(value, name) for name, value in members.items() if name != "extra_fields"
    }
    result: dict[str, Any] = thawed(document)
    for name, value in given.items():
        _set(result, name, value)
    for key, value in extra.items():
        _set(result, key, value)
    return result


def _written(value: object, name: str) -> object:
    """A member as JSON: a field a model handed out (or a tuple of them) as it was written; `TypeError` for a refused one."""
    if isinstance(value, AcceptedField | UnclaimedField):
        return cast("AcceptedField[Any] | UnclaimedField", value).json
    if isinstance(value, RefusedField):
        msg = f"{name} takes a field without problems, got a RefusedField; give its JSON to read it again"
        raise TypeError(msg)
    if isinstance(value, tuple | list):
        items = cast("tuple[object, ...]", value)
        if any(isinstance(item, _FIELDS) for item in items):
            return tuple(_written(item, name) for item in items)
    return cast(object, value)


_FIELDS = (AcceptedField, UnclaimedField, RefusedField)


def _extra_fields(value: object, reserved: frozenset[str]) -> Mapping[str, object]:
    """The extra members to set, each by a string key the spec does not define; `TypeError` for anything else."""
    if value is UNSET:
        return {}
    if not isinstance(value, Mapping):
        msg = f"extra_fields takes a mapping from string keys to values, got {type(value).__name__}"
        raise TypeError(msg)
    extra = cast("Mapping[object, object]", value)
    for key in extra:
        if not isinstance(key, str):
            msg = f"extra_fields takes a mapping from string keys to values, got the key {key!r}"
            raise TypeError(msg)
        if key in reserved:
            msg = f"{key!r} is a member the spec defines, never an extra field; set it by name (if it may be set), not in extra_fields"
            raise TypeError(msg)
    return {cast(str, key): _member(item, cast(str, key)) for key, item in extra.items()}


def _member(value: object, key: str) -> object:
    """An extra member's value; an extra field a model handed out is written `{key: value}`, and gives its value."""
    written: object = _written(value, "extra_fields")
    if written is not value and isinstance(written, Mapping):
        members = cast("Mapping[str, object]", written)
        if len(members) == 1:
            return next(iter(members.values()))
    return cast(object, written)


def _set(result: dict[str, Any], key: str, value: object) -> None:
    if value is UNSET:
        result.pop(key, None)
    else:
        result[key] = thawed(value)
