"""Reading a field in a scope (SPEC section 4), and what follows from a field read: canonical spellings, fill values, problems by field."""

from __future__ import annotations

import marshal
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Protocol, TypeVar, cast

from zarr_metadata._frozen import FrozenObject, frozen
from zarr_metadata._json import UNSET, JSONValue, Loc, Problems, UserJSONValue, ValidationProblem
from zarr_metadata.definition._definition import Definition, Envelope, WithFillValue, asked
from zarr_metadata.definition._fields import (
    AcceptedField,
    Nested,
    RefusedField,
    ResolvedField,
    UnclaimedField,
)
from zarr_metadata.definition._positions import kind_of_alias, located, positions_of
from zarr_metadata.typed_json import refine

C = TypeVar("C")
D = TypeVar("D", bound=Definition[Any])
F = TypeVar("F", bound=WithFillValue[Any])


class Context(Protocol):
    """A scope: the definitions a reader understands, asked for the one that claims a name."""

    @property
    def zarr_format(self) -> int:
        """The Zarr format of the documents this scope reads."""
        ...

    def claimant(self, kind: type[D], name: str) -> D | None:
        """The definition of `kind` in scope that reads `name`, or None."""
        ...


def relocated(problems: Iterable[ValidationProblem], at: Loc) -> Problems:
    """`problems`, located relative to `at`, located from the document root instead."""
    if len(at) == 0:
        return tuple(problems)
    return tuple(
        ValidationProblem((*at, *problem.loc), problem.message, problem.kind, input=problem.input, ctx=problem.ctx)
        for problem in problems
    )


def resolve(data: object, kind: type[D], context: Context, loc: Loc = ()) -> tuple[ResolvedField[D], Problems]:
    """Read `data`, a field of `kind` at `loc`, in `context`: the field, and every problem located in the document.

    The envelope is checked first (a name, the extension-name rule,
    `must_understand`); a name nothing in scope claims gives an
    `UnclaimedField` and no problem; a claimed one has its configuration
    checked against the definition's TypedDict, its nested fields read in
    the same scope, and its rules run.
    """
    key = json_key(data) if kind.remembered else None
    if key is None:
        return _resolved(data, kind, context, loc)
    cache_key = (kind, context, key)
    known = _READ_FIELDS.get(cache_key)
    if known is not None:
        field, problems = known
        return field, (relocated(problems, loc) if problems else ())
    field, problems = _resolved(data, kind, context, loc)
    within = len(loc)
    if all(problem.loc[:within] == loc for problem in problems):
        if len(_READ_FIELDS) >= _MOST_READ_FIELDS:
            _READ_FIELDS.clear()
        _READ_FIELDS[cache_key] = (field, tuple(_unlocated(problem, within) for problem in problems))
    return field, problems


_READ_FIELDS: dict[tuple[type, object, object], tuple[ResolvedField[Any], Problems]] = {}
"""Fields read before, by kind, scope and JSON text: the same codec in 10,000 consolidated documents is read once."""

_MOST_READ_FIELDS = 4096
def json_key(data: object, refined: bool = False) -> object:
    """A hashable key equal for two values exactly when they are the same JSON to the checker: `true`, `1`, `1.0`, `0.0` and `-0.0` all differ.

    None for a large value (not worth keeping) or one marshal cannot write.
    marshal writes exact types only (no subclass, no object with a
    `__repr__` of its own), so equal keys mean equal values of equal types.
    `refined` says the value holds only what this package refined, so its
    read-only objects may be keyed by repr without looking inside.
    """
    if type(data) is str:
        return data
    try:
        key = marshal.dumps(cast(Any, data), 2)
    except (ValueError, TypeError):
        return _refined_key(data, refined)
    return key if len(key) <= _LONGEST_KEY else None


def _refined_key(data: object, refined: bool) -> object:
    """The key of a value this package refined (a FrozenObject, or a tuple of such values): its repr, which for refined JSON is exact.

    marshal refuses dict subclasses; a refined value holds exact JSON types
    only, whose reprs tell `true`, `1` and `1.0` apart.
    """
    if not (refined or _refined(data)):
        return None
    try:
        text = repr(data)
    except ValueError:  # an int too long to write
        return None
    return ("refined", text) if len(text) <= _LONGEST_KEY else None


def _refined(data: object) -> bool:
    if type(data) is FrozenObject:
        return True
    if type(data) is tuple:
        return all(type(item) in _REFINED_ITEMS or _refined(item) for item in cast("tuple[object, ...]", data))
    return False


_REFINED_ITEMS = frozenset({str, int, float, bool, type(None), type(...)})


_LONGEST_KEY = 4096


def _unlocated(problem: ValidationProblem, within: int) -> ValidationProblem:
    return ValidationProblem(problem.loc[within:], problem.message, problem.kind, input=problem.input, ctx=problem.ctx)


def _resolved(data: object, kind: type[D], context: Context, loc: Loc) -> tuple[ResolvedField[D], Problems]:
    envelope = kind.envelope(data, loc)
    if envelope.problems or envelope.name is None:
        return RefusedField(json=envelope.json, name=envelope.name, read_as=kind), envelope.problems
    definition = context.claimant(kind, envelope.name)
    if definition is None:
        if envelope.unrefined:
            # Nothing reads this member, so like attributes it is user data.
            refined, problems = refine(envelope.configuration, UserJSONValue, kind.configuration_loc(loc))
            if problems:
                return RefusedField(json=UNSET, name=envelope.name, read_as=kind), problems
            json = kind.envelope_json(envelope.name, cast("Mapping[str, JSONValue]", refined))
        else:
            json = cast(JSONValue, envelope.json)
        return UnclaimedField(json=json, name=envelope.name, read_as=kind), ()
    return _claimed(definition, kind, envelope, context, loc)


def _claimed(
    definition: D, kind: type[D], envelope: Envelope, context: Context, loc: Loc
) -> tuple[ResolvedField[D], Problems]:
    name = cast(str, envelope.name)
    json = cast(JSONValue, envelope.json)
    at = kind.configuration_loc(loc)
    configuration: object = envelope.configuration
    implied = kind.filed_under(name)[1]
    if implied is not None:
        if configuration is not UNSET and configuration != {}:
            problem = ValidationProblem(
                at,
                f"{name!r} carries its configuration in its name, so it takes none here",
                "invalid_value",
                input=cast(JSONValue, configuration),
            )
            return RefusedField(json=json, name=name, read_as=kind, definition=definition), (problem,)
        configuration = implied
    elif configuration is UNSET:
        if definition.requires_configuration:
            problem = ValidationProblem(
                at, f"the {definition.label} {name!r} requires a configuration", "missing_key"
            )
            return RefusedField(json=json, name=name, read_as=kind, definition=definition), (problem,)
        configuration = {}
    typed, problems = refine(configuration, definition.configuration, at)
    if envelope.unrefined:
        json = _written(kind, name, configuration) if typed is None else kind.envelope_json(name, typed)
    if typed is None:
        return RefusedField(json=json, name=name, read_as=kind, definition=definition), _in_name(problems, implied, loc, json)
    nested, nested_problems = read_nested(definition, typed, context, at)
    rule_problems = relocated(asked(definition, "rules", lambda: tuple(definition.rules(typed, nested))), at)
    rule_problems = _in_name(rule_problems, implied, loc, json)
    if rule_problems:
        field: ResolvedField[D] = RefusedField(
            json=json, name=name, read_as=kind, definition=definition, nested=nested
        )
        return field, (*nested_problems, *rule_problems)
    field = AcceptedField(json=cast(JSONValue, json), name=name, definition=definition, configuration=typed, nested=nested)
    return field, nested_problems


def _in_name(problems: Problems, implied: object, loc: Loc, json: object) -> Problems:
    """`problems` of a configuration a name carries (`r12`), located at the name: the document writes no configuration to point into."""
    if implied is None or not problems:
        return problems
    at = loc if isinstance(json, str) else (*loc, "name")
    return tuple(
        ValidationProblem(at, problem.message, problem.kind, input=problem.input, ctx=problem.ctx) for problem in problems
    )


def _written(kind: type[Definition[Any]], name: str, configuration: object) -> JSONValue | UNSET:
    """The JSON of a field whose configuration was refused, as written; UNSET when that is not JSON."""
    refined, problems = refine(configuration, UserJSONValue)
    return UNSET if problems else kind.envelope_json(name, cast("Mapping[str, JSONValue]", refined))


def read_nested(definition: Definition[Any], configuration: object, context: Context, at: Loc) -> tuple[Nested, Problems]:
    """The fields a configuration holds, read in `context` and keyed by where they sit; with their problems."""
    positions = positions_of(definition.configuration)
    if len(positions) == 0:
        return FrozenObject(), ()
    nested: dict[tuple[str | int, ...], ResolvedField[Any]] = {}
    problems: list[ValidationProblem] = []
    for steps, alias in positions:
        kind = kind_of_alias(alias)
        if kind is None:
            continue
        for path, value in located(configuration, steps):
            field_loc = (*at, *path)
            field, found = resolve(value, kind, context, field_loc)
            nested[path] = field
            problems.extend(found)
            if field.definition is not None:
                problems.extend(kind.alias_problems(alias, field.definition, field_loc))
    return FrozenObject(nested), tuple(problems)


def canonical_of(resolved: ResolvedField[Any], problems: Sequence[ValidationProblem]) -> JSONValue | None:
    """The shortest spelling of a field without problems (defaults dropped, a bare name when nothing is configured); None when `problems` is not empty.

    A field nothing claims is written as it is.
    """
    if problems or isinstance(resolved, RefusedField):
        return None
    if isinstance(resolved, UnclaimedField):
        return resolved.json
    definition = resolved.definition
    kind = definition.kind_class()
    configuration: Any = asked(definition, "canonical", lambda: definition.canonical(resolved.configuration))
    configuration = dict(configuration)
    for path, field in resolved.nested.items():
        spelled = canonical_of(field, ())
        if spelled is not None:
            configuration = _replaced(configuration, path, spelled)
    if kind.filed_under(resolved.name)[1] is not None:
        configuration = {}
    return kind.envelope_json(resolved.name, frozen(configuration))


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
    found = asked(definition, "fill_value_rules", lambda: tuple(definition.fill_value_rules(configuration, nested, typed)))
    return relocated(found, loc)


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
    return frozen(asked(definition, "fill_value_canonical", lambda: definition.fill_value_canonical(configuration, nested, typed)))


def with_problems(
    fields: Iterable[tuple[Loc, ResolvedField[Any]]], problems: Sequence[ValidationProblem]
) -> Iterator[tuple[Loc, ResolvedField[Any], Problems]]:
    """Each field, with the problems located in it or in the fields it holds."""
    for loc, field in fields:
        size = len(loc)
        yield loc, field, tuple(problem for problem in problems if problem.loc[:size] == loc)
