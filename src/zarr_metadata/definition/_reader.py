"""Reading fields in a scope: what each definition needs worked out once, then one pass per field.

A scope keeps one `FieldReader` per kind (see `FieldReaders`). A reader keeps,
for each name a document uses, the `Plan` of the definition that claims it:
the compiled checker of its configuration, where its configuration holds
other fields, and which of its hooks to call. Reading a valid field is then
a few dictionary lookups, one compiled check and the definition's rules; a
field with problems takes the same path, and every problem is reported:
one in the envelope never stops the configuration from being read.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Mapping
from typing import Any, Final, Protocol, TypeVar, cast

from zarr_metadata._json import UNSET, JSONValue, Loc, ValidationProblem
from zarr_metadata._refuse import FAIL, Checker
from zarr_metadata.definition._extension import (
    Definition,
)
from zarr_metadata.definition._fields import (
    AcceptedField,
    RefusedField,
    ResolvedField,
    UnclaimedField,
)
from zarr_metadata.definition._kept import Kept, key_of
from zarr_metadata.definition._plan import USER_JSON, Plan, SharedPlan
from zarr_metadata.typed_json import checker_of

D = TypeVar("D", bound=Definition[Any])


class Context(Protocol):
    """A scope: the definitions a reader understands, asked for the one that claims a name."""

    @property
    def zarr_format(self) -> int:
        """The Zarr format of the documents this scope reads."""
        ...

    def claimant(self, kind: type[D], name: str) -> D | None:
        """The definition of `kind` in scope that reads `name`, or None."""
        ...


_MOST_NAMES = 1024
"""How many distinct names a reader keeps plans and bare fields for; names come from documents, so they are bounded."""

_MOST_FIELDS = 4096
"""How many fields written as objects each field reader keeps."""

_MOST_STRUCTURES = 1024
"""How many array structures a scope keeps: each holds a reading's worth of objects."""


_LIVE: weakref.WeakSet[FieldReaders] = weakref.WeakSet()
"""The readers of every scope alive, so that what they keep can be forgotten at once."""


def forget_fields() -> None:
    """Forget what the readers of every scope keep: the plan of each definition, and the fields read before."""
    for readers in list(_LIVE):
        readers.forget()


class FieldReaders:
    """The field readers of one scope, one per kind, made the first time each kind is read, and what the scope's readers keep."""

    __slots__ = ("__weakref__", "_by_kind", "_made", "claimant", "structures")

    def __init__(
        self, claimant: Callable[[type[Definition[Any]], str], Definition[Any] | None]
    ) -> None:
        self.claimant = claimant
        """Who in the scope claims a name: the scope's own `claimant`, or a function of its tables, so that a scope that keeps its readers makes no cycle with them."""
        self._by_kind: dict[type[Definition[Any]], FieldReader] = {}
        self._made: dict[tuple[Definition[Any], type[Definition[Any]]], SharedPlan] = {}
        """What each definition's plans share, worked out once, whichever of its names a plan reads."""
        self.structures = Kept(_MOST_STRUCTURES)
        """What the structural members of array documents read to, kept by the array reader."""
        _LIVE.add(self)

    def forget(self) -> None:
        """Forget every plan and everything kept, so that each is worked out again when next needed."""
        self._by_kind = {}
        self._made = {}
        self.structures = Kept(_MOST_STRUCTURES)

    def made(self, definition: Definition[Any], kind: type[Definition[Any]]) -> SharedPlan:
        """What reading fields of `kind` that `definition` claims takes, worked out the first time it is asked for."""
        made = self._made.get((definition, kind))
        if made is None:
            made = self._made[(definition, kind)] = SharedPlan(definition, kind)
        return made

    def of(self, kind: type[Definition[Any]]) -> FieldReader:
        """The reader of fields of `kind` in this scope."""
        reader = self._by_kind.get(kind)
        if reader is None:
            reader = self._by_kind[kind] = FieldReader(kind, self)
        return reader


class FieldReader:
    """Reads the fields of one kind in one scope, keeping the plan of each name it meets."""

    __slots__ = ("_bare", "_plans", "_read_before", "kind", "named", "readers", "remembers")

    def __init__(self, kind: type[Definition[Any]], readers: FieldReaders) -> None:
        self.kind = kind
        self.readers = readers
        self.named = kind.configuration_loc(()) == ("configuration",)
        """Whether a field of this kind is written as an object with a name and a configuration beside it (a v3 field), not as a member (an extra field)."""
        self.remembers = kind.remembered
        self._plans: dict[str, Plan | None] = {}
        self._bare: dict[str, ResolvedField[Any]] = {}
        """Fields written as a bare name without problems: the same name always reads to the same field."""
        self._read_before = Kept(_MOST_FIELDS)
        """Fields written as an object (or, in v2, a structured type's list) without problems: the documents of one store repeat them."""

    def plan(self, name: str) -> Plan | None:
        """The plan of the definition that claims `name` as a document writes it; None when nothing in scope does."""
        plans = self._plans
        if name in plans:
            return plans[name]
        definition = self.readers.claimant(self.kind, name)
        plan = (
            None
            if definition is None
            else Plan(definition, self.kind, self.kind.filed_under(name)[1], self.readers)
        )
        if len(plans) < _MOST_NAMES:
            plans[name] = plan
        return plan

    def read(
        self, value: object, loc: Loc, problems: list[ValidationProblem], depth: int = 1
    ) -> ResolvedField[Any]:
        """The field `value` at `loc` (at `depth` in its document), adding every problem to `problems`."""
        if type(value) is str:
            known = self._bare.get(value)
            if known is not None:
                return known
        elif (type(value) is dict or type(value) is list) and self.remembers:
            key = key_of(value, depth)  # pyright: ignore[reportUnknownArgumentType]
            if key is not None:
                known = self._read_before.get(key)
                if known is not None:
                    return known
                start = len(problems)
                field = self._read_object(cast(object, value), loc, problems, depth)
                if len(problems) == start:
                    self._read_before.keep(key, field)
                return field
        return self._read_object(cast(object, value), loc, problems, depth)

    def _read_object(
        self, value: object, loc: Loc, problems: list[ValidationProblem], depth: int
    ) -> ResolvedField[Any]:
        # The common case: a claimed name and its configuration, nothing else.
        if self.named and type(value) is dict:
            members = cast("dict[str, object]", value)
            name = members.get("name")
            if type(name) is str:
                plan = self._plans.get(name)
                if plan is not None:
                    configuration = members.get("configuration", UNSET)
                    if len(members) == (1 if configuration is UNSET else 2):
                        return plan.read(name, members, configuration, loc, problems, depth, True)
        return self._read(cast(object, value), loc, problems, depth)

    def _read(
        self, value: object, loc: Loc, problems: list[ValidationProblem], depth: int
    ) -> ResolvedField[Any]:
        kind = self.kind
        start = len(problems)
        name, configuration = kind.read_envelope(value, loc, problems)
        plan = None if name is None else self.plan(name)
        if plan is not None:
            assert name is not None
            field = plan.read(
                name, value, configuration, loc, problems, depth, len(problems) == start
            )
        else:
            field = self._unclaimed(name, value, configuration, loc, problems, start, depth)
        if type(value) is str and len(problems) == start and len(self._bare) < _MOST_NAMES:
            self._bare[value] = field
        return field

    def _unclaimed(
        self,
        name: str | None,
        value: object,
        configuration: object,
        loc: Loc,
        problems: list[ValidationProblem],
        start: int,
        depth: int,
    ) -> ResolvedField[Any]:
        """A field nothing in scope claims: kept as written, JSON checked, its name judged."""
        kind = self.kind
        if name is not None:
            bad_name = kind.name_problem(name, value, loc)
            if bad_name is not None:
                problems.append(bad_name)
        refined: object = UNSET
        if configuration is not UNSET:
            check = USER_JSON if kind.unclaimed_is_user_data else _UNCLAIMED_CONFIGURATION
            refined = check(configuration, kind.configuration_loc(loc), problems, depth + 1)
            if refined is FAIL:
                refined = UNSET
        json = kind.written_json(value, refined)
        if name is None or len(problems) > start or json is UNSET:
            return RefusedField(json=json, name=name, read_as=kind)
        return UnclaimedField(json=json, name=name, read_as=kind)


_UNCLAIMED_CONFIGURATION: Final[Checker] = checker_of(Mapping[str, JSONValue], True)


def read_field(
    data: object, kind: type[D], context: Context, loc: Loc = ()
) -> tuple[ResolvedField[D], tuple[ValidationProblem, ...]]:
    """Read `data`, a field of `kind` at `loc`, in `context`: the field, and every problem located in the document."""
    readers = readers_of(context)
    problems: list[ValidationProblem] = []
    field = readers.of(kind).read(data, loc, problems, len(loc))
    return cast("ResolvedField[D]", field), tuple(problems)


def readers_of(context: Context) -> FieldReaders:
    """The field readers of `context`: the ones it keeps when it is a scope of this package, else new ones."""
    keeper = getattr(context, "_field_readers", None)
    if keeper is not None:
        return cast("FieldReaders", keeper())
    return FieldReaders(context.claimant)


__all__ = [
    "AcceptedField",
    "Context",
    "FieldReader",
    "FieldReaders",
    "Plan",
    "read_field",
    "readers_of",
]
