"""Steps the readers share: the members every document has, the structure an array keeps, attributes, extra members, and the fields a reading holds at any depth."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any, Final, Literal, cast

from zarr_metadata._json import UNSET, JSONValue, Loc, UserJSONValue, ValidationProblem, shown
from zarr_metadata._refuse import FAIL, MAX_DEPTH, Checker
from zarr_metadata.definition._fields import (
    AcceptedField,
    RefusedField,
    ResolvedField,
    UnclaimedField,
)
from zarr_metadata.definition._kept import json_key
from zarr_metadata.definition._plan import Plan
from zarr_metadata.definition._reader import FieldReader, FieldReaders
from zarr_metadata.typed_json import checker_of
from zarr_metadata.v3._extra_field_kinds import ExtraFieldDefinition

_ATTRIBUTES: Final[Checker] = checker_of(Mapping[str, UserJSONValue], True)
_FORMAT: Final[Checker] = checker_of(Literal[3], True)
_FINITE_JSON: Final[Checker] = checker_of(JSONValue, True)


def missing(member: str) -> ValidationProblem:
    """The problem of a required member that a document lacks."""
    return ValidationProblem((member,), f"missing required member {shown(member)}", "missing_key")


def not_a_document(value: object, depth: int = 0) -> ValidationProblem:
    """The problem of a document that is not a JSON object, or that sits past the nesting limit."""
    if depth >= MAX_DEPTH:
        return ValidationProblem(
            (),
            f"nesting deeper than {MAX_DEPTH} levels of arrays and objects is not allowed",
            "invalid_value",
            ctx={"max_depth": MAX_DEPTH},
        )
    return ValidationProblem(
        (), f"expected an object, got {shown(value)}", "invalid_type", input=as_input(value)
    )


def as_input(value: object) -> Any:
    """`value` as a problem shows what was written: a JSON scalar as it is, anything else not at all."""
    return value if value is None or type(value) in (str, int, float, bool) else None


def read_head(
    document: Mapping[Any, Any],
    node_type: str,
    check_node_type: Checker,
    problems: list[ValidationProblem],
    refined: dict[Any, object],
    depth: int,
) -> None:
    """Check `zarr_format` and `node_type` (`node_type` as this reader reads it, judged by its checker), refining each into `refined`."""
    zarr_format = document.get("zarr_format", UNSET)
    if zarr_format == 3 and type(zarr_format) is int:
        refined["zarr_format"] = 3
    elif zarr_format is UNSET:
        problems.append(missing("zarr_format"))
    elif _FORMAT(zarr_format, ("zarr_format",), problems, depth + 1) is not FAIL:
        refined["zarr_format"] = zarr_format
    written = document.get("node_type", UNSET)
    if written == node_type and type(written) is str:
        refined["node_type"] = node_type
    elif written is UNSET:
        problems.append(missing("node_type"))
    elif check_node_type(written, ("node_type",), problems, depth + 1) is not FAIL:
        refined["node_type"] = written


def read_structure(
    document: Mapping[Any, Any],
    members: tuple[str, ...],
    longest: int,
    read: Callable[..., tuple[Any, ...]],
    readers: FieldReaders,
    problems: list[ValidationProblem],
    refined: dict[Any, object],
    depth: int,
) -> tuple[Any, ...]:
    """The fields the structural `members` read to by `read(document, readers, problems, refined, depth)`, or those the same members read to before without problems.

    The arrays of one store mostly write these members alike, so what they
    read to is kept by the members as written (marshalled in at most
    `longest` bytes) and how deep the document sits: deep enough, the same
    members would reach the nesting limit.
    """
    kept = readers.structures
    key = (
        json_key((depth, *map(document.get, members, _ABSENT)), longest)
        if kept.worth_a_key()
        else None
    )
    if key is not None:
        known = kept.found(key)
        if known is not None:
            refined.update(known[1])
            return known[0]
    start = len(problems)
    found = read(document, readers, problems, refined, depth)
    if key is not None and len(problems) == start:
        # Only a key seen before keeps its value, so it is made only then: a
        # store whose every document differs makes none.
        kept.keep(
            key,
            (found, {member: refined[member] for member in members if member in document})
            if key in kept.seen
            else None,
        )
    return found


_ABSENT: Final = (...,) * 16
"""What stands in the key of a structure for each member it lacks (as many as any structure has): marshal writes `...`, which JSON has not."""


def read_field(
    document: Mapping[Any, Any],
    member: str,
    reader: FieldReader,
    problems: list[ValidationProblem],
    refined: dict[Any, object],
    depth: int,
) -> Any:
    """Read the required `member` as a field of `reader`'s kind, refining it into `refined`."""
    value = document.get(member, UNSET)
    if value is UNSET:
        problems.append(missing(member))
        return UNSET
    field = reader.read(value, (member,), problems, depth + 1)
    refined[member] = field.json
    return field


def read_attributes(
    document: Mapping[Any, Any],
    problems: list[ValidationProblem],
    refined: dict[Any, object],
    depth: int,
) -> None:
    """Check `attributes`, user data whose numbers may be NaN or infinite, when the document has it."""
    value = document.get("attributes", UNSET)
    if value is UNSET:
        return
    typed = _ATTRIBUTES(value, ("attributes",), problems, depth + 1)
    if typed is not FAIL:
        refined["attributes"] = typed


def read_fill_value(
    document: Mapping[Any, Any],
    data_type: Any,
    data_types: FieldReader,
    problems: list[ValidationProblem],
    refined: dict[Any, object],
    depth: int,
) -> None:
    """Check `fill_value` as a value of `data_type` (a field `data_types` read), when the data type has no problem; an unknown, refused or missing one takes any finite JSON.

    A fill value is no user data: writers spell NaN and the infinities as strings.
    """
    value = document.get("fill_value", UNSET)
    if value is UNSET:
        problems.append(missing("fill_value"))
        return
    if type(data_type) is AcceptedField:
        plan = data_types.plan(data_type.name)
        assert plan is not None
        typed = plan.read_fill_value(data_type, value, ("fill_value",), problems, depth + 1)  # pyright: ignore[reportUnknownArgumentType]
    elif type(data_type) is UnclaimedField:
        typed = _FINITE_JSON(value, ("fill_value",), problems, depth + 1)
    else:
        declared = _as_declared(data_type, data_types, depth)
        if declared is not None:
            plan, field = declared
            plan.read_fill_value(field, value, ("fill_value",), problems, depth + 1)
        else:
            # Whatever the data type's problems, a fill value is JSON, whose
            # numbers are finite: a bare NaN is a problem of its own.
            _FINITE_JSON(value, ("fill_value",), problems, depth + 1)
        return
    if typed is not FAIL:
        refined["fill_value"] = typed


def _as_declared(
    data_type: object, data_types: FieldReader, depth: int
) -> tuple[Plan, AcceptedField[Any]] | None:
    """A data type refused though its own members are sound (for an undeclared member, or its envelope), as they read, with its plan; None for any other."""
    if type(data_type) is not RefusedField:
        return None
    field = cast("RefusedField[Any]", data_type)
    if field.definition is None or field.name is None:
        return None
    plan = data_types.plan(field.name)
    if plan is None or plan.definition is not field.definition or plan.check_fill_value is None:
        return None
    configuration, _ = plan.declared_configuration(field, depth + 2)
    if configuration is None:
        return None
    return plan, AcceptedField(
        json=cast(JSONValue, field.json),
        name=field.name,
        definition=field.definition,
        configuration=configuration,
        nested=field.nested,
    )


def read_extra_fields(
    document: Mapping[Any, Any],
    spec_members: frozenset[str],
    kind: type[ExtraFieldDefinition[Any]],
    readers: FieldReaders,
    problems: list[ValidationProblem],
    refined: dict[Any, object],
    depth: int,
) -> dict[str, ResolvedField[Any]]:
    """Each member of `document` the spec does not define, read as an extra field of `kind`, by key; refined into `refined`."""
    fields: dict[str, ResolvedField[Any]] = {}
    reader = None
    for key, value in document.items():
        if key in spec_members:
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
        if reader is None:
            reader = readers.of(kind)
        field = reader.read({key: value}, (key,), problems, depth + 1)
        fields[key] = field
        if isinstance(field.json, Mapping):
            refined[key] = cast("Mapping[str, object]", field.json)[key]
    return fields


def must_understand(extra_fields: Mapping[str, ResolvedField[Any]]) -> tuple[str, ...]:
    """The keys of the unclaimed extra members that do not say `"must_understand": false`."""
    return tuple(
        key
        for key, field in extra_fields.items()
        if isinstance(field, UnclaimedField) and not waived(key, field)
    )


def waived(key: str, field: ResolvedField[Any]) -> bool:
    """Whether the extra member `key` says `"must_understand": false`, so a reader that does not understand it may ignore it whole."""
    member = (
        cast("Mapping[str, object]", field.json).get(key)
        if isinstance(field.json, Mapping)
        else None
    )
    return (
        isinstance(member, Mapping)
        and cast("Mapping[str, object]", member).get("must_understand") is False
    )


def unclaimed(
    fields: Iterator[tuple[Loc, ResolvedField[Any]]], extra_fields: Mapping[str, ResolvedField[Any]]
) -> dict[Loc, UnclaimedField]:
    """Every field nothing claims, by location, but an extra member that may be ignored whole and everything in it."""
    ignored = {key for key, field in extra_fields.items() if waived(key, field)}
    return {
        loc: field
        for loc, field in fields
        if isinstance(field, UnclaimedField) and not (loc and loc[0] in ignored)
    }


def with_nested(loc: Loc, field: ResolvedField[Any]) -> Iterator[tuple[Loc, ResolvedField[Any]]]:
    """`field` at `loc`, then every field it holds at any depth, each with its document location."""
    yield loc, field
    if not field.nested:
        return
    kind = field.read_as
    json: object = field.json
    written: object = (
        field.read_as.written_configuration(cast(Any, json)) if json is not UNSET else None
    )
    # A definition files the fields it holds in the order its configuration
    # declares them, which need not be the order the document writes them in.
    held_fields = sorted(field.nested.items(), key=lambda item: _written_position(written, item[0]))
    for path, held in held_fields:
        yield from with_nested(kind.nested_loc(loc, path), held)


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
