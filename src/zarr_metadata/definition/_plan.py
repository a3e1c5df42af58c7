"""The plan of a field: how to read a field that one definition claims, worked out once.

A `Plan` is made by a scope's `FieldReader` (in `_reader`) the first time a
document uses a name; what does not depend on the name (the compiled
checker of the configuration, the fields it holds, the rules) is a
`SharedPlan`, made once per definition and kind.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, Final, cast

from zarr_metadata._codegen import generate
from zarr_metadata._frozen import FrozenObject
from zarr_metadata._json import UNSET, JSONValue, Loc, UserJSONValue, ValidationProblem, relocated
from zarr_metadata._refuse import FAIL, Checker
from zarr_metadata._shapes import AnnotationReader, Record
from zarr_metadata.definition._extension import (
    Definition,
    WithFillValue,
    blame,
    no_rules,
    requires_members,
)
from zarr_metadata.definition._fields import (
    NO_NESTED,
    AcceptedField,
    Nested,
    RefusedField,
    ResolvedField,
    accepted,
)
from zarr_metadata.definition._positions import (
    Step,
    kind_of_alias,
    positions_in,
    reached,
    with_fields,
)
from zarr_metadata.typed_json import checker_of, reading_checker

if TYPE_CHECKING:
    from zarr_metadata.definition._reader import FieldReaders

_NOTHING: Mapping[str, JSONValue] = FrozenObject()

_NO_ALIAS_PROBLEMS = Definition.alias_problems.__func__  # pyright: ignore[reportFunctionMemberAccess]
"""What a kind that judges nothing about the member a field sits in says: no problem, so it is not asked."""


def add_found(
    problems: list[ValidationProblem],
    definition: Definition[Any],
    hook: str,
    found: Callable[[], Iterable[ValidationProblem]],
    at: Loc,
) -> int:
    """Add the problems a definition's `hook` finds (by calling `found`), located from `at`, and say how many; an error it raises names the hook."""
    start = len(problems)
    try:
        problems.extend(found())
    except Exception as error:
        blame(error, definition, hook)
        raise
    count = len(problems) - start
    if count:
        relocate_from(problems, start, at)
    return count


def relocate_from(problems: list[ValidationProblem], start: int, at: Loc) -> None:
    """Locate the problems from index `start` on, which are located relative to `at`, from the document root instead."""
    for index in range(start, len(problems)):
        problem = problems[index]
        problems[index] = relocated(problem, (*at, *problem.loc))


USER_JSON: Final[Checker] = checker_of(UserJSONValue, True)
"""What a configuration nothing claims must be: a JSON object."""


class SharedPlan:
    """What every plan of one definition, for one kind, shares: its checkers, the fields its configuration holds, its rules."""

    __slots__ = (
        "_lenient",
        "_shape",
        "check",
        "check_fill_value",
        "declared",
        "fill_value_rules",
        "positions",
        "required",
        "rules",
    )

    def __init__(self, definition: Definition[Any], kind: type[Definition[Any]]) -> None:
        configuration = definition.configuration
        name = getattr(configuration, "__name__", "configuration")
        node = AnnotationReader().read(configuration, name)
        self.required = requires_members(node)
        self.declared: frozenset[str] = (
            frozenset(member.key for member in node.members)
            if isinstance(node, Record)
            else frozenset()
        )
        """The members the configuration declares."""
        self.rules = None if definition.rules is no_rules else definition.rules
        self.positions: tuple[tuple[tuple[Step, ...], Any, type[Definition[Any]]], ...] = tuple(
            (steps, alias, held)
            for steps, alias in positions_in(node, name)
            if (held := kind_of_alias(alias)) is not None
        )
        # The fields the configuration holds are judged by their own readers,
        # so its checker takes them as they are and judges the rest.
        unread = frozenset(alias for _, alias, _ in self.positions)
        self.check: Checker = reading_checker(
            definition.configuration, unread, finite=definition.finite_numbers
        )
        self._shape = (configuration, name, unread, definition.finite_numbers)
        self._lenient: Checker | None = None
        self.check_fill_value: Checker | None = None
        self.fill_value_rules: Any = None
        if isinstance(definition, WithFillValue):
            self.check_fill_value = checker_of(definition.fill_value, True)
            if definition.fill_value_rules is not no_rules:
                self.fill_value_rules = definition.fill_value_rules

    def lenient(self) -> Checker:
        """The configuration's checker with no member required, made the first time a refused configuration needs it: what reads the fields it holds when a member it requires is missing or refused."""
        if self._lenient is None:
            configuration, name, unread, finite = self._shape
            node = AnnotationReader(unread, finite=finite).read(configuration, name)
            if isinstance(node, Record):
                node = dataclasses.replace(
                    node,
                    members=tuple(
                        dataclasses.replace(member, required=False) for member in node.members
                    ),
                )
            self._lenient = generate(node, True, f"{name} (no member required)").checker
        return self._lenient


class Plan:
    """How to read a field that one definition claims, worked out once: its checker, the fields it holds, its rules."""

    __slots__ = (
        "check",
        "check_fill_value",
        "definition",
        "fill_value_rules",
        "implied",
        "kind",
        "made",
        "nests",
        "positions",
        "readers",
        "required",
        "rules",
    )

    def __init__(
        self,
        definition: Definition[Any],
        kind: type[Definition[Any]],
        implied: Mapping[str, JSONValue] | None,
        readers: FieldReaders,
    ) -> None:
        self.definition = definition
        self.kind = kind
        self.readers = readers
        self.nests = kind.configuration_loc(()) == ("configuration",)
        """Whether the configuration sits under `configuration` (a v3 field), not in the field itself (an extra member)."""
        self.implied = implied
        """The configuration the name carries (raw bits: `r16` carries 16 bits); None for every other name."""
        # A definition claims many names (every width of a v2 type string,
        # every raw bits size): what does not depend on the name is made once.
        made = self.made = readers.made(definition, kind)
        self.required = made.required
        self.rules = made.rules
        self.positions = made.positions
        self.check = made.check
        self.check_fill_value = made.check_fill_value
        self.fill_value_rules = made.fill_value_rules

    def read_fill_value(
        self,
        field: AcceptedField[Any],
        value: object,
        loc: Loc,
        problems: list[ValidationProblem],
        depth: int,
    ) -> object:
        """`value`, a fill value at `loc` of the data type `field` this plan read, refined; FAIL after adding its problems."""
        check = self.check_fill_value
        assert check is not None
        typed = check(value, loc, problems, depth)
        rules = self.fill_value_rules
        if typed is FAIL or rules is None:
            return typed
        if add_found(
            problems,
            self.definition,
            "fill_value_rules",
            lambda: rules(field.configuration, field.nested, typed),
            loc,
        ):
            return FAIL
        return typed

    def read(
        self,
        name: str,
        value: object,
        configuration: object,
        loc: Loc,
        problems: list[ValidationProblem],
        depth: int,
        envelope_ok: bool,
    ) -> ResolvedField[Any]:
        """The field `value` at `loc`, whose envelope names `name` and writes `configuration` (UNSET if none)."""
        if not self.kind.moves_configuration:
            return self._read(name, value, configuration, loc, problems, depth, envelope_ok, None)
        start = len(problems)
        held = [start, start]
        field = self._read(name, value, configuration, loc, problems, depth, envelope_ok, held)
        # The fields the configuration holds were read where the document
        # writes them: moving their problems again at every level of
        # nesting would cost time in the depth times the problems.
        self._moved(problems, start, held[0], loc)
        self._moved(problems, held[1], len(problems), loc)
        return field

    def _moved(self, problems: list[ValidationProblem], start: int, end: int, loc: Loc) -> None:
        """Locate the problems from `start` to `end`, found in the configuration of the field at `loc`, where the document writes them."""
        size = len(loc)
        for index in range(start, end):
            problem = problems[index]
            if len(problem.loc) > size and problem.loc[:size] == loc:
                moved = self.kind.nested_loc(loc, problem.loc[size:])
                problems[index] = relocated(problem, moved)

    def _read(
        self,
        name: str,
        value: object,
        configuration: object,
        loc: Loc,
        problems: list[ValidationProblem],
        depth: int,
        envelope_ok: bool,
        held: list[int] | None,
    ) -> ResolvedField[Any]:
        """`read`, noting in `held` (when given) where the problems of the fields the configuration holds start and end."""
        at = (*loc, "configuration") if self.nests else loc
        written = configuration
        own = len(problems)
        if self.implied is not None:
            configuration = self._implied(configuration, value, at, problems, depth)
        elif configuration is UNSET:
            if self.required:
                return self._without_configuration(name, value, at, problems, depth)
            configuration = _NOTHING
        # A configuration sits one level into its field; one a kind moves
        # (a v2 struct's list, read as {"fields": list}) is the field itself,
        # under an object no document writes.
        at_depth = depth - 1 if self.kind.moves_configuration else depth + 1
        typed = self.check(configuration, at, problems, at_depth)
        if typed is FAIL:
            self._in_name(value, loc, problems, own)
            return self._refused_configuration(
                name, value, written, configuration, loc, at, problems, own, depth, at_depth
            )
        ok = envelope_ok and len(problems) == own
        nested = NO_NESTED
        if self.positions:
            if held is not None:
                held[0] = len(problems)
            nested = self._nested(typed, loc, at, problems, depth)
            if held is not None:
                held[1] = len(problems)
            typed = with_fields(typed, nested)
            if typed is UNSET:
                return self.refused(name, value, written, nested, depth)
        if self.rules is not None and self._broken(typed, nested, value, loc, at, problems):
            ok = False
        if type(value) is str:
            json: Any = value
        elif written is not UNSET and self.implied is None and self.nests and type(value) is dict:
            # The written members in their order, with the configuration as read.
            json = FrozenObject({**value, "configuration": typed})  # pyright: ignore[reportUnknownArgumentType]
            if len(json) != 2 or not ok:
                json = self.kind.written_json(value, typed)  # pyright: ignore[reportUnknownArgumentType]
        else:
            json = self.kind.written_json(
                value, typed if self.implied is None else _as_written(written, depth + 1)
            )
        if not ok or json is UNSET:
            return RefusedField(
                json=json, name=name, read_as=self.kind, definition=self.definition, nested=nested
            )
        return accepted(json, name, self.definition, typed, nested, self.kind)

    def _refused_configuration(
        self,
        name: str,
        value: object,
        written: object,
        configuration: object,
        loc: Loc,
        at: Loc,
        problems: list[ValidationProblem],
        start: int,
        depth: int,
        at_depth: int,
    ) -> ResolvedField[Any]:
        """The field whose configuration has the problems from `start` on, still read as far as it can be: every problem in one pass.

        The members without a problem of their own are read: the fields
        they hold, and, when they are all the members the configuration
        requires (the others were undeclared, `{"endain": ...}`), the
        definition's rules.
        """
        declared = self._declared(configuration, at, problems, start, at_depth)
        if declared is None:
            return self.refused(name, value, written, NO_NESTED, depth)
        typed, whole = declared
        nested = NO_NESTED
        if self.positions:
            nested = self._nested(typed, loc, at, problems, depth)
            typed = with_fields(typed, nested)
        if whole and typed is not UNSET and self.rules is not None:
            self._broken(typed, nested, value, loc, at, problems)
        return self.refused(name, value, written, nested, depth)

    def _declared(
        self,
        configuration: object,
        at: Loc,
        problems: list[ValidationProblem],
        start: int,
        depth: int,
    ) -> tuple[Any, bool] | None:
        """The members of the refused `configuration` at `at` without a problem of their own (from `start` on), refined, and whether they hold every member it requires; None when none can be told apart."""
        if not isinstance(configuration, Mapping) or self.implied is not None:
            return None
        members = cast("Mapping[object, object]", configuration)
        prefix = len(at)
        refused: set[object] = set()
        for index in range(start, len(problems)):
            problem_loc = problems[index].loc
            if len(problem_loc) <= prefix or problem_loc[:prefix] != at:
                return None  # a problem of the configuration as a whole
            refused.add(problem_loc[prefix])
        kept = {
            key: item for key, item in members.items() if type(key) is str and key not in refused
        }
        scratch: list[ValidationProblem] = []
        # Rules judge the members they declare; with one of those refused
        # they would judge it absent, and report its problem twice.
        if self.made.declared.isdisjoint(refused):
            typed = self.check(kept, at, scratch, depth)
            if typed is not FAIL:
                return typed, True
        if not self.positions:
            return None
        scratch.clear()
        typed = self.made.lenient()(kept, at, scratch, depth)
        return None if typed is FAIL else (typed, False)

    def declared_configuration(
        self, field: RefusedField[Any], depth: int
    ) -> tuple[Mapping[str, Any] | None, bool]:
        """The configuration of `field`, which this plan's definition refused, as its declared members read, and whether its rules refused them.

        The configuration, when its members have no problem and its rules
        find none, is what checks across members still judge; else None. A
        field is refused for a problem in its envelope or for a member its
        configuration does not declare as well as for a problem of its own
        members; only the last leaves nothing to judge. `depth` is where the
        configuration sits in its document.
        """
        json = field.json
        if json is UNSET or self.implied is not None:
            return None, False
        configuration = self.kind.written_configuration(json)
        scratch: list[ValidationProblem] = []
        typed = self.check(configuration, (), scratch, depth)
        if typed is FAIL:
            declared = self._declared(configuration, (), scratch, 0, depth)
            if declared is None or not declared[1]:
                return None, False
            typed = declared[0]
        nested = field.nested
        if self.positions:
            typed = with_fields(typed, nested)
            if typed is UNSET:
                return None, False
        rules = self.rules
        if rules is not None:
            scratch.clear()
            if add_found(scratch, self.definition, "rules", lambda: rules(typed, nested), ()):
                return None, True
        return cast("Mapping[str, Any]", typed), False

    def _without_configuration(
        self, name: str, value: object, at: Loc, problems: list[ValidationProblem], depth: int
    ) -> ResolvedField[Any]:
        problems.append(
            ValidationProblem(
                at, f"the {self.definition.label} {name!r} requires a configuration", "missing_key"
            )
        )
        return self.refused(name, value, UNSET, NO_NESTED, depth)

    def refused(
        self, name: str, value: object, written: object, nested: Nested, depth: int
    ) -> ResolvedField[Any]:
        """The field refused, kept as written when it is JSON."""
        json = self.kind.written_json(value, _as_written(written, depth + 1))
        return RefusedField(
            json=json, name=name, read_as=self.kind, definition=self.definition, nested=nested
        )

    def _broken(
        self,
        typed: object,
        nested: Nested,
        value: object,
        loc: Loc,
        at: Loc,
        problems: list[ValidationProblem],
    ) -> bool:
        """Whether the definition's rules find problems in the configuration, adding them located in the document."""
        rules = self.rules
        assert rules is not None
        count = add_found(problems, self.definition, "rules", lambda: rules(typed, nested), at)
        if count:
            self._in_name(value, loc, problems, len(problems) - count)
        return count > 0

    def _implied(
        self,
        configuration: object,
        value: object,
        at: Loc,
        problems: list[ValidationProblem],
        depth: int,
    ) -> object:
        """The configuration a name carries, with a problem when the field writes another one too."""
        if configuration is not UNSET and configuration != {}:
            problems.append(
                ValidationProblem(
                    at,
                    f"{value if isinstance(value, str) else cast('Mapping[str, object]', value).get('name')!r} "
                    "carries its configuration in its name, so it takes none here",
                    "invalid_value",
                    input=cast(JSONValue, _as_written(configuration, depth + 1)),
                )
            )
        return self.implied

    def _in_name(
        self, value: object, loc: Loc, problems: list[ValidationProblem], start: int
    ) -> None:
        """Locate the problems from `start` on at the name, when the name carries the configuration (`r12`): the document writes none to point into."""
        if self.implied is None:
            return
        at = loc if isinstance(value, str) else (*loc, "name")
        for index in range(start, len(problems)):
            problem = problems[index]
            problems[index] = relocated(problem, at)

    def _nested(
        self,
        configuration: object,
        loc: Loc,
        at: Loc,
        problems: list[ValidationProblem],
        depth: int,
    ) -> Nested:
        """The fields the configuration of the field at `loc` (at `depth`) holds, read in the same scope and keyed by where they sit."""
        nested: dict[tuple[str | int, ...], ResolvedField[Any]] = {}
        readers = self.readers
        for steps, alias, held in self.positions:
            reader = readers.of(held)
            judged = held.alias_problems.__func__ is not _NO_ALIAS_PROBLEMS  # pyright: ignore[reportFunctionMemberAccess]
            for path, item in reached(configuration, steps):
                field_loc = (
                    (*at, *path)
                    if not self.kind.moves_configuration
                    else self.kind.nested_loc(loc, path)
                )
                # A held field sits as deep as its place in the document says.
                field = reader.read(item, field_loc, problems, depth + len(field_loc) - len(loc))
                nested[path] = field
                if judged and field.definition is not None:
                    problems.extend(held.alias_problems(alias, field.definition, field_loc))
        return FrozenObject(nested)


def _as_written(configuration: object, depth: int) -> object:
    """A configuration as written at `depth`, refined as user JSON; UNSET when it is not JSON at all."""
    if configuration is UNSET:
        return UNSET
    problems: list[ValidationProblem] = []
    refined = USER_JSON(configuration, (), problems, depth)
    return UNSET if refined is FAIL else refined
