"""The tables behind a scope: one read-only mapping per slot, from the name each definition is filed under to it.

`ZarrV3Context` and `ZarrV2Context` are thin classes over these
functions; the rules of filing (one kind per slot, one definition per
name, conflicts reported together) are the same for both formats.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar, Self, TypeAlias, TypeVar, cast, get_args, get_origin

from zarr_metadata._json import Loc
from zarr_metadata._lazy import imported
from zarr_metadata._shapes import typeddict_members
from zarr_metadata.definition._extension import Definition
from zarr_metadata.definition._reader import FieldReaders

D = TypeVar("D", bound=Definition[Any])
_K = TypeVar("_K", bound=Definition[Any])

Tables: TypeAlias = Mapping[str, Mapping[str, Definition[Any]]]
"""A scope's slots: for each slot, the definitions in it by the name each is filed under."""

ClaimKey: TypeAlias = tuple[type[Definition[Any]], str]
"""What a definition claims: its kind, and the name it is filed under."""


@dataclasses.dataclass(frozen=True)
class Conflict:
    """Two different definitions for one name of one kind, where a single one was needed."""

    key: ClaimKey
    """The kind and the name both claim."""
    claimed: Definition[Any] | None
    """The definition already there (None when nothing claimed the name)."""
    found: Definition[Any] | None
    """The other definition (None when the other scope claims nothing under the name)."""
    loc: Loc | None = None
    """Where in a document the conflict shows, when it comes from one."""
    written: str | None = None
    """The name as the document writes it, when it comes from one."""

    def __str__(self) -> str:
        kind, name = self.key
        where = "" if self.loc is None else f" at {list(self.loc)}"
        return f"{kind.label} {name!r}{where}: {self.claimed!r} and {self.found!r}"


class ScopeConflictError(ValueError):
    """Scopes that cannot be joined: they file different definitions under one name in a slot."""

    conflicts: tuple[Conflict, ...]

    def __init__(self, conflicts: Sequence[Conflict]) -> None:
        self.conflicts = tuple(conflicts)
        super().__init__(
            "different definitions for one name: "
            + "; ".join(str(conflict) for conflict in self.conflicts)
        )

    def __reduce__(self) -> tuple[type[ScopeConflictError], tuple[tuple[Conflict, ...]]]:
        return type(self), (self.conflicts,)


def slot_kinds(
    slots: type, format_kinds: Iterable[type[Definition[Any]]]
) -> Mapping[str, type[Definition[Any]]]:
    """The kind each slot holds, read from the slots TypedDict: each slot is annotated `Iterable[K] | Mapping[str, K]`."""
    kinds = tuple(format_kinds)
    found: dict[str, type[Definition[Any]]] = {}
    for member in typeddict_members(slots).members:
        candidates = [
            kind
            for kind in kinds
            if any(_kind_in(arg) is kind for arg in get_args(member.annotation))
        ]
        if len(candidates) != 1:
            msg = f"{slots.__name__}.{member.key}: cannot tell which kind of this format's definitions it holds"
            raise TypeError(msg)
        found[member.key] = candidates[0]
    return MappingProxyType(found)


def _kind_in(annotation: object) -> object:
    args = get_args(annotation)
    if not args:
        return None
    inner = args[-1]
    return get_origin(inner) or inner


def filed(
    kinds: Mapping[str, type[Definition[Any]]], slots: Mapping[str, object], format_name: str
) -> Tables:
    """Tables that file the definitions given for each slot; every other slot is empty."""
    tables: dict[str, Mapping[str, Definition[Any]]] = {
        slot: MappingProxyType({}) for slot in kinds
    }
    for slot, given in slots.items():
        tables[slot] = _filed_slot(kinds, slot, given, format_name)
    return MappingProxyType(tables)


def _filed_slot(
    kinds: Mapping[str, type[Definition[Any]]], slot: str, given: object, format_name: str
) -> Mapping[str, Definition[Any]]:
    kind = kinds.get(slot)
    if kind is None:
        msg = f"a {format_name} scope has no slot {slot!r}; its slots are {', '.join(kinds)}"
        raise TypeError(msg)
    if isinstance(given, Mapping):
        pairs = [
            (key, definition) for key, definition in cast("Mapping[object, object]", given).items()
        ]
    elif isinstance(given, Iterable) and not isinstance(given, str | bytes):
        pairs = [(None, definition) for definition in cast("Iterable[object]", given)]
    else:
        msg = f"slot {slot!r} takes definitions, as an iterable or a mapping by name, got {given!r}"
        raise TypeError(msg)
    table: dict[str, Definition[Any]] = {}
    conflicts: list[Conflict] = []
    for key, definition in pairs:
        if not isinstance(definition, kind):
            msg = f"slot {slot!r} holds {kind.__name__} definitions, got {definition!r}"
            raise TypeError(msg)
        definition = cast("Definition[Any]", definition)
        name = filed_name(definition)
        if key is not None and key != name:
            msg = f"slot {slot!r}: {definition!r} is filed under {name!r}, not {key!r}"
            raise TypeError(msg)
        present = table.get(name)
        if present is not None and present != definition:
            conflicts.append(Conflict((kind, name), present, definition))
            continue
        table[name] = definition
    if conflicts:
        raise ScopeConflictError(conflicts)
    return MappingProxyType(table)


Declared: TypeAlias = "Mapping[str, str] | str"
"""Where definitions of a slot live: a mapping of names to `"module:ATTRIBUTE"`, each naming one definition; or `"module:ATTRIBUTE"` naming a table, a tuple of definitions, whose names are known once it is imported."""


class DeclaredTable(Mapping[str, Definition[Any]]):
    """A slot's definitions by the name each is filed under, each imported from where it is declared when first asked for.

    The package's own scopes are made of such tables, so that a program
    imports the definitions its documents name, not every definition the
    package has. A name declared alone is imported alone; a table of rows
    is imported whole, when a name declared alone does not answer, or when
    every name is asked for (iterating, counting). The order is the order
    of the declarations, each table's rows in place.
    """

    __slots__ = ("_declared", "_kind", "_loaded", "_names")

    def __init__(self, kind: type[Definition[Any]], declared: Sequence[Declared]) -> None:
        self._kind = kind
        self._declared = tuple(declared)
        self._loaded: dict[str, Definition[Any]] = {}
        self._names: tuple[str, ...] | None = None

    def get(self, name: str, default: Any = None) -> Any:
        # Asked for each name a reader meets, so a name already imported is found at once.
        definition = self._loaded.get(name)
        if definition is not None:
            return definition
        try:
            return self[name]
        except KeyError:
            return default

    def __getitem__(self, name: str) -> Definition[Any]:
        definition = self._loaded.get(name)
        if definition is not None:
            return definition
        for declared in self._declared:
            if not isinstance(declared, str) and name in declared:
                definition = self._loaded[name] = self._one(name, declared[name])
                return definition
        self._every_name()
        return self._loaded[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._every_name())

    def __len__(self) -> int:
        return len(self._every_name())

    def with_declared(self, declared: Sequence[Declared]) -> DeclaredTable:
        """This table with more declarations after its own."""
        return DeclaredTable(self._kind, (*self._declared, *declared))

    def _every_name(self) -> tuple[str, ...]:
        """Every name in order, each table imported the first time; `TypeError` for a name declared twice."""
        if self._names is not None:
            return self._names
        names: list[str] = []
        for declared in self._declared:
            if isinstance(declared, str):
                for definition in self._rows(declared):
                    self._loaded.setdefault(filed_name(definition), definition)
                    names.append(filed_name(definition))
            else:
                names.extend(declared)
        if len(set(names)) < len(names):
            msg = f"{self._kind.__name__}: a name declared twice in {names}"
            raise TypeError(msg)
        self._names = tuple(names)
        return self._names

    def _one(self, name: str, where: str) -> Definition[Any]:
        found = imported(where)
        definition = cast("Definition[Any]", found)
        if not isinstance(found, self._kind) or filed_name(definition) != name:
            msg = f"{where} is no {self._kind.__name__} filed under {name!r}"
            raise TypeError(msg)
        return definition

    def _rows(self, where: str) -> tuple[Definition[Any], ...]:
        rows = imported(where)
        if not isinstance(rows, tuple) or not all(
            isinstance(row, self._kind) for row in cast("tuple[object, ...]", rows)
        ):
            msg = f"{where} is no table of {self._kind.__name__} definitions"
            raise TypeError(msg)
        return cast("tuple[Definition[Any], ...]", rows)


def declared_tables(
    kinds: Mapping[str, type[Definition[Any]]],
    tables: Tables,
    declared: Mapping[str, Declared | Sequence[Declared]],
    format_name: str,
) -> Tables:
    """`tables` with the definitions `declared` for each slot (one declaration or several) added after those it files, each to be imported when first asked for."""
    changed = dict(tables)
    for slot, given in declared.items():
        more: Sequence[Declared] = (given,) if isinstance(given, str | Mapping) else given
        kind = kinds.get(slot)
        if kind is None:
            msg = f"a {format_name} scope has no slot {slot!r}; its slots are {', '.join(kinds)}"
            raise TypeError(msg)
        table = tables[slot]
        if isinstance(table, DeclaredTable):
            changed[slot] = table.with_declared(more)
        elif not table:
            changed[slot] = DeclaredTable(kind, more)
        else:
            msg = f"slot {slot!r} holds definitions already given, not declared"
            raise TypeError(msg)
    return MappingProxyType(changed)


def filed_name(definition: Definition[Any]) -> str:
    """The name a scope files `definition` under: its name (a definition is refused if that name could not claim itself)."""
    return definition.name


def updated(
    tables: Tables,
    kinds: Mapping[str, type[Definition[Any]]],
    slots: Mapping[str, object],
    format_name: str,
) -> Tables:
    """`tables` with each slot given in `slots` replaced by the definitions given for it."""
    replaced = filed(kinds, slots, format_name)
    return MappingProxyType(
        {slot: (replaced[slot] if slot in slots else tables[slot]) for slot in kinds}
    )


def joined_tables(
    kinds: Mapping[str, type[Definition[Any]]], all_tables: Sequence[Tables]
) -> Tables:
    """The tables that file everything each of `all_tables` files; `ScopeConflictError` lists every name filed twice differently."""
    joined: dict[str, dict[str, Definition[Any]]] = {slot: {} for slot in kinds}
    conflicts: list[Conflict] = []
    for tables in all_tables:
        for slot, table in tables.items():
            target = joined[slot]
            for name, definition in table.items():
                present = target.get(name)
                if present is not None and present != definition:
                    conflicts.append(Conflict((kinds[slot], name), present, definition))
                else:
                    target[name] = definition
    if conflicts:
        raise ScopeConflictError(conflicts)
    return MappingProxyType({slot: MappingProxyType(table) for slot, table in joined.items()})


def slot_of(
    kinds: Mapping[str, type[Definition[Any]]], kind: type[Definition[Any]], format_name: str
) -> str:
    """The slot that holds `kind`; `TypeError` for a kind this format's scopes do not hold."""
    for slot, held in kinds.items():
        if held is kind:
            return slot
    msg = f"a {format_name} scope holds no {getattr(kind, '__name__', kind)!r} definitions"
    raise TypeError(msg)


def claimant_in(
    tables: Tables,
    kinds: Mapping[str, type[Definition[Any]]],
    kind: type[D],
    name: str,
    format_name: str,
) -> D | None:
    """The definition of `kind` in `tables` that reads `name` as a document writes it."""
    table = tables[slot_of(kinds, kind, format_name)]
    filed_under = kind.filed_under(name)[0]
    if filed_under is None:
        return None
    return cast("D | None", table.get(filed_under))


def slot_contents(tables: Tables) -> dict[str, tuple[Definition[Any], ...]]:
    """The definitions in each slot, as a scope is pickled."""
    return {slot: tuple(table.values()) for slot, table in tables.items()}


def tables_key(tables: Tables) -> object:
    """A hashable value equal for equal tables: the names they file, so that hashing imports no declared definition."""
    return tuple((slot, frozenset(table)) for slot, table in sorted(tables.items()))


class Scope:
    """What the scopes of both formats share: slots filed once, asked for claimants, changed into new scopes, compared by what they file.

    A subclass declares its slots (`kinds`, read from its slots TypedDict)
    and its `format_name`, and adds a property per slot.
    """

    __slots__ = ("_hash", "_readers", "_tables")

    kinds: ClassVar[Mapping[str, type[Definition[Any]]]] = MappingProxyType({})
    """The kind of definition each slot holds."""
    format_name: ClassVar[str] = ""
    """The format in messages, "v3" or "v2"."""

    _tables: Tables
    _hash: int | None
    _readers: FieldReaders

    def __init__(self, **slots: object) -> None:
        self._set(filed(self.kinds, slots, self.format_name))

    def _set(self, tables: Tables) -> None:
        self._tables = tables
        self._hash = None
        self._readers = _readers_of(tables, self.kinds, self.format_name)

    @classmethod
    def _of(cls, tables: Tables) -> Self:
        scope = object.__new__(cls)
        scope._set(tables)
        return scope

    @classmethod
    def _restored(cls, contents: Mapping[str, Iterable[Definition[Any]]]) -> Self:
        return cls._of(filed(cls.kinds, contents, cls.format_name))

    def _field_readers(self) -> FieldReaders:
        """The readers of fields in this scope, which keep what they work out about each definition for as long as the scope lives."""
        return self._readers

    def definitions_of(self, kind: type[_K]) -> Mapping[str, _K]:
        """The definitions of `kind` in scope, by the name each is filed under; `TypeError` for a kind of the other format."""
        return self._tables[slot_of(self.kinds, kind, self.format_name)]  # pyright: ignore[reportReturnType]

    def claimant(self, kind: type[D], name: str) -> D | None:
        """The definition of `kind` in scope that reads `name` as a document writes it, or None."""
        return claimant_in(self._tables, self.kinds, kind, name, self.format_name)

    def _updated(self, slots: Mapping[str, object]) -> Self:
        return self._of(updated(self._tables, self.kinds, slots, self.format_name))

    def _joined(self, others: Iterable[Scope]) -> Self:
        joined: list[Tables] = [self._tables]
        for other in others:
            if type(other) is not type(self):
                msg = f"a {self.format_name} scope joins only {self.format_name} scopes, got {other!r}"
                raise TypeError(msg)
            joined.append(other._tables)
        return self._of(joined_tables(self.kinds, joined))

    def __repr__(self) -> str:
        # Short, because a scope shows in signatures as a default argument.
        count = sum(len(table) for table in self._tables.values())
        return f"{type(self).__name__}(<{count} definitions>)"

    def __reduce__(self) -> tuple[object, tuple[dict[str, tuple[Definition[Any], ...]]]]:
        # A scope is its definitions, so it pickles as them.
        return (type(self)._restored, (slot_contents(self._tables),))

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        return self

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._tables == cast(Scope, other)._tables

    def __hash__(self) -> int:
        # A scope is hashed wherever it is a key (a model's meaning, a union), so the hash is worked out once.
        if self._hash is None:
            self._hash = hash((type(self), tables_key(self._tables)))
        return self._hash


def _readers_of(
    tables: Tables, kinds: Mapping[str, type[Definition[Any]]], format_name: str
) -> FieldReaders:
    """The field readers of a scope of `tables`, asking the tables for claimants rather than the scope, which keeps the readers."""

    def claimant(kind: type[Definition[Any]], name: str) -> Definition[Any] | None:
        return claimant_in(tables, kinds, kind, name, format_name)

    return FieldReaders(claimant)


S = TypeVar("S", bound=Scope)


def declared_scope(
    kind: type[S], base: S | None = None, **declared: Declared | Sequence[Declared]
) -> S:
    """A scope of `kind` filing what `base` files and, after it in each slot, the definitions `declared` (see `Declared`), each imported when first asked for."""
    # A friend of Scope's, in its module: the scope classes publish no way to declare.
    tables = filed(kind.kinds, {}, kind.format_name) if base is None else base._tables  # pyright: ignore[reportPrivateUsage]
    return kind._of(declared_tables(kind.kinds, tables, declared, kind.format_name))  # pyright: ignore[reportPrivateUsage]
