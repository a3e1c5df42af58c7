"""Steps every v3 reader shares: the document's shape, extra members, and the fields a reading holds at any depth."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, cast, get_args, get_origin

import typing_extensions

from zarr_metadata._json import UNSET, Loc, Problems, UserJSONValue, ValidationProblem, shown
from zarr_metadata.definition._fields import ResolvedField, UnclaimedField
from zarr_metadata.definition._resolve import Context, resolve
from zarr_metadata.typed_json import refine
from zarr_metadata.v3._definition import ExtraFieldDefinition


def read_document(value: object, shape: type) -> tuple[dict[str, Any] | None, Problems]:
    """`value` checked against a document `shape`: every member that fits (refined), and every problem.

    A document with problems still yields the members that have none, so a
    reader goes on to judge them; None only when `value` is no object.
    """
    refined, problems = refine(value, shape)
    if refined is not None:
        return cast("dict[str, Any]", refined), ()
    if not isinstance(value, Mapping):
        return None, problems
    bad = {problem.loc[0] for problem in problems if problem.loc}
    shapes = _member_shapes(shape)
    members: dict[str, Any] = {}
    for key, item in cast("Mapping[object, object]", value).items():
        if not isinstance(key, str) or key in bad:
            continue
        members[key] = refine(item, shapes.get(key, UserJSONValue))[0]
    return members, problems


_SHAPES: dict[type, Mapping[str, object]] = {}


def _member_shapes(shape: type) -> Mapping[str, object]:
    found = _SHAPES.get(shape)
    if found is None:
        hints = typing_extensions.get_type_hints(shape, include_extras=True)
        found = {key: _bare(annotation) for key, annotation in hints.items()}
        _SHAPES[shape] = found
    return found


def _bare(annotation: object) -> object:
    while get_origin(annotation) in (typing_extensions.NotRequired, typing_extensions.Required, typing_extensions.ReadOnly):
        annotation = get_args(annotation)[0]
    return annotation


def collapsed(value: object, problems: Problems, at: Loc, expected: str) -> Problems:
    """The problems of an array of scalars (a shape, dimension names) as one problem at the array.

    The problem is `invalid_type` when any item has the wrong type, else
    `invalid_value`; its message names the first item at fault.
    """
    if not problems:
        return ()
    kind = "invalid_type" if any(problem.kind == "invalid_type" for problem in problems) else "invalid_value"
    first = problems[0]
    detail = first.message if first.loc == at else f"item {first.loc[len(at)]}: {first.message}"
    # The offending value is the whole array, when it is JSON at all (a
    # set, say, is not, and the checker writes such an input as null).
    offending = value if not refine(value, UserJSONValue)[1] else None
    return (ValidationProblem(at, f"expected {expected}, got {shown(value)} ({detail})", kind, input=cast(Any, offending)),)


def read_extra_fields(
    document: Mapping[str, Any], spec_members: frozenset[str], kind: type[ExtraFieldDefinition[Any]], context: Context
) -> tuple[dict[str, ResolvedField[Any]], Problems]:
    """Each member of `document` the spec does not define, read as an extra field of `kind`, by key."""
    fields: dict[str, ResolvedField[Any]] = {}
    problems: list[ValidationProblem] = []
    for key, value in document.items():
        if key in spec_members:
            continue
        field, found = resolve({key: value}, kind, context, (key,))
        fields[key] = field
        problems.extend(found)
    return fields, tuple(problems)


def must_understand(extra_fields: Mapping[str, ResolvedField[Any]]) -> tuple[str, ...]:
    """The keys of the unclaimed extra members that do not say `"must_understand": false`."""
    keys: list[str] = []
    for key, field in extra_fields.items():
        if not isinstance(field, UnclaimedField):
            continue
        member = cast(Mapping[str, object], field.json).get(key) if isinstance(field.json, Mapping) else None
        if isinstance(member, Mapping) and cast(Mapping[str, object], member).get("must_understand") is False:
            continue
        keys.append(key)
    return tuple(keys)


def with_nested(loc: Loc, field: ResolvedField[Any]) -> Iterator[tuple[Loc, ResolvedField[Any]]]:
    """`field` at `loc`, then every field it holds at any depth, each with its document location."""
    yield loc, field
    if not field.nested:
        return
    at = field.read_as.configuration_loc(loc)
    read: Any = field
    json: object = read.json
    written: object = read.read_as.written_configuration(json) if json is not UNSET else None
    # A definition files the fields it holds in the order its configuration
    # declares them, which need not be the order the document writes them in.
    held_fields = sorted(field.nested.items(), key=lambda item: _written_position(written, item[0]))
    for path, held in held_fields:
        yield from with_nested((*at, *path), held)


def _written_position(value: object, path: tuple[str | int, ...]) -> tuple[int, ...]:
    """Where `path` sits in `value` in the order a JSON text writes it: at each step, the member's or item's index."""
    position: list[int] = []
    for step in path:
        if isinstance(step, str) and isinstance(value, Mapping):
            members = cast("Mapping[str, object]", value)
            keys = list(members)
            position.append(keys.index(step) if step in members else len(keys))
            value = members.get(step)
        elif isinstance(step, int):
            position.append(step)
            items = cast("tuple[object, ...]", value) if isinstance(value, list | tuple) else ()
            value = items[step] if 0 <= step < len(items) else None
        else:
            position.append(0)
            value = None
    return tuple(position)
