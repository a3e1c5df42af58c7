"""Reading a field in a scope, and what follows from a field read: canonical spellings, fill values, problems by field."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, TypeVar, cast

from zarr_metadata._frozen import frozen
from zarr_metadata._json import UNSET, JSONValue, Loc, Problems, ValidationProblem, under
from zarr_metadata.definition._extension import (
    Definition,
    WithFillValue,
    asked,
    canonical_configuration,
)
from zarr_metadata.definition._fields import (
    AcceptedField,
    RefusedField,
    ResolvedField,
    UnclaimedField,
)
from zarr_metadata.definition._reader import Context, read_field
from zarr_metadata.typed_json import refine

C = TypeVar("C")
D = TypeVar("D", bound=Definition[Any])
F = TypeVar("F", bound=WithFillValue[Any])


def resolve(
    data: object, kind: type[D], context: Context, loc: Loc = ()
) -> tuple[ResolvedField[D], Problems]:
    """Read `data`, a field of `kind` at `loc`, in `context`: the field, and every problem located in the document.

    The envelope is checked (a name, the extension-name rule,
    `must_understand`); a name nothing in scope claims gives an
    `UnclaimedField`, and no problem unless the envelope has one; a claimed
    one has its configuration checked against the definition's TypedDict,
    its nested fields read in the same scope, and its rules run, even when
    its envelope has problems.
    """
    return read_field(data, kind, context, loc)


def canonical_of(
    resolved: ResolvedField[Any], problems: Sequence[ValidationProblem]
) -> JSONValue | None:
    """The canonical spelling of a field without problems; None when `problems` is not empty.

    A v3 field drops its defaults and is a bare name when nothing is
    configured; a v2 codec writes every parameter, defaults filled in, as
    numcodecs' `get_config()` does. A field nothing claims is written as it is.
    """
    if problems or isinstance(resolved, RefusedField):
        return None
    return spelling_of(resolved)


def spelling_of(resolved: AcceptedField[Any] | UnclaimedField) -> JSONValue:
    """The canonical spelling of a field read without problems in its own configuration, worked out once per field."""
    try:
        return resolved._spelling  # pyright: ignore[reportPrivateUsage, reportAttributeAccessIssue, reportUnknownMemberType, reportUnknownVariableType]
    except AttributeError:
        pass
    if isinstance(resolved, UnclaimedField):
        spelled: JSONValue = resolved.json
    else:
        definition = resolved.definition
        kind = definition.kind_class()
        configuration: Any = dict(canonical_configuration(definition, resolved.configuration))
        for path, field in resolved.nested.items():
            if not isinstance(field, RefusedField):
                configuration = _replaced(configuration, path, spelling_of(field))
        spelled = kind.canonical_json(resolved.name, definition.name, frozen(configuration))
    object.__setattr__(resolved, "_spelling", spelled)
    return spelled


def _replaced(value: Any, path: tuple[str | int, ...], item: JSONValue) -> Any:
    """`value` with the item at `path` replaced, copying only what lies on the way."""
    if len(path) == 0:
        return item
    step, rest = path[0], path[1:]
    if isinstance(value, Mapping) and isinstance(step, str):
        members = dict(cast("Mapping[str, Any]", value))
        members[step] = _replaced(members[step], rest, item)
        return members
    if isinstance(value, tuple) and isinstance(step, int):
        items = list(cast("tuple[Any, ...]", value))
        items[step] = _replaced(items[step], rest, item)
        return tuple(items)
    return cast(Any, value)


def configuration_of(resolved: ResolvedField[Any], definition: Definition[C]) -> C | None:
    """The configuration of `resolved` as `definition` read it; None unless `definition` accepted it."""
    if isinstance(resolved, AcceptedField) and resolved.definition == definition:
        return cast(C, resolved.configuration)
    return None


def fill_value_problems(data_type: ResolvedField[F], value: object, loc: Loc = ()) -> Problems:
    """The problems of `value` as a fill value of `data_type` (a data type field a scope read), located from `loc`.

    A data type nothing claims, or one refused, says nothing about its fill
    value beyond it being JSON.
    """
    if not isinstance(data_type, AcceptedField):
        return refine(value, JSONValue, loc)[1]
    definition = data_type.definition
    typed, problems = refine(value, cast(type, definition.fill_value), loc)
    if typed is None:
        return problems
    configuration, nested = data_type.configuration, data_type.nested
    found = asked(
        definition,
        "fill_value_rules",
        lambda: tuple(definition.fill_value_rules(configuration, nested, typed)),
    )
    return tuple(under(loc, found)) if loc else tuple(found)


def canonical_fill_value(data_type: ResolvedField[F], value: object) -> JSONValue | UNSET:
    """The one spelling of `value` as a fill value of `data_type`; UNSET when it has problems or the data type was refused.

    Two fill values of one data type are the same value exactly when their
    canonical spellings are written the same (compare them as JSON text:
    `0.0` and `-0.0` are two values).
    """
    if isinstance(data_type, RefusedField):
        return UNSET
    if fill_value_problems(data_type, value):
        return UNSET
    refined = refine(value, JSONValue, ())[0]
    if isinstance(data_type, UnclaimedField):
        return cast(JSONValue, refined)
    definition = data_type.definition
    typed = refine(value, cast(type, definition.fill_value), ())[0]
    configuration, nested = data_type.configuration, data_type.nested
    return frozen(
        asked(
            definition,
            "fill_value_canonical",
            lambda: definition.fill_value_canonical(configuration, nested, typed),
        )
    )


def with_problems(
    fields: Iterable[tuple[Loc, ResolvedField[Any]]], problems: Sequence[ValidationProblem]
) -> Iterator[tuple[Loc, ResolvedField[Any], Problems]]:
    """Each field, with the problems located in it or in the fields it holds."""
    for loc, field in fields:
        size = len(loc)
        yield loc, field, tuple(problem for problem in problems if problem.loc[:size] == loc)
