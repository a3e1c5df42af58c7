"""What every model does the same way: read once, immutable, equal by meaning, read again in another scope."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from typing import Any, NoReturn, Protocol, Self

from zarr_metadata._frozen import plain, thawed
from zarr_metadata._json import Loc, ValidationProblem
from zarr_metadata.definition._fields import ResolvedField
from zarr_metadata.definition._scope import Conflict, ScopeConflictError
from zarr_metadata.model._keyed import Keyed
from zarr_metadata.model._scope_check import scope_v3
from zarr_metadata.problems import MetadataValidationError


class Pass(Protocol):
    """What one pass of a reader found: every problem, the refined document when there is none, and the reading to hand out."""

    @property
    def problems(self) -> tuple[ValidationProblem, ...]: ...

    @property
    def document(self) -> Mapping[str, Any] | None: ...

    def reading(self, metadata: Any) -> Any:
        """The reading of what was found, with `metadata` its model (None when there are problems)."""
        ...


class Model(Keyed):
    """A valid document read in a scope, with the reading that found it valid.

    A subclass says how its document is read (`_read`, one pass that never
    builds a model) and what it means (`_meaning_of`); two models are equal,
    and hash equal, when they mean the same. A model is made once, from a
    read without problems, and makes its reading, which names it.
    """

    __slots__ = ("_context", "_found", "_meaning")

    _context: Any
    _found: Any
    _meaning: Hashable | None

    def __init__(self, document: object, context: Any = None) -> None:
        scope = self._scope(context)
        read = self._read(document, scope)
        if read.problems:
            raise MetadataValidationError(read.problems)
        self._set(read, scope)

    @classmethod
    def _scope(cls, context: object) -> Any:
        """The scope a model is read in: `context`, or `CORE_AND_EXTENSIONS` when None (for v3); `TypeError` for a scope of the other format."""
        return scope_v3(context)

    @classmethod
    def _read(cls, document: object, context: Any) -> Pass:
        """One pass over `document` in `context`."""
        raise NotImplementedError

    def _meaning_of(self) -> Hashable:
        """What this document means, equal for documents that mean the same."""
        raise NotImplementedError

    def _set(self, read: Pass, context: Any) -> None:
        # The model keeps what its read found, and makes its reading when
        # asked: a reading names its model, so a model that kept its reading
        # would make a cycle, which only the cyclic collector frees.
        object.__setattr__(self, "_context", context)
        object.__setattr__(self, "_found", read)
        object.__setattr__(self, "_meaning", None)

    @property
    def _document(self) -> Mapping[str, Any]:
        """The refined document, as the read found it (a pass may make it only when first asked for)."""
        return self._found.document

    @property
    def reading(self) -> Any:
        """The reading of this document, naming this model."""
        return self._found.reading(self)

    @classmethod
    def made(cls, read: Pass, context: Any) -> Self:
        """The model of a read without problems, in the scope it was read in."""
        model = object.__new__(cls)
        model._set(read, context)
        return model

    def __setattr__(self, name: str, value: object) -> NoReturn:
        msg = f"{type(self).__name__} is immutable; build a changed copy instead"
        raise AttributeError(msg)

    @classmethod
    def from_json(cls, data: object, *, context: Any = None) -> Self:
        """The model of `data`, a JSON document; raises `MetadataValidationError` with every problem."""
        return cls(data, context)

    @property
    def context(self) -> Any:
        """The scope this model was read in."""
        return self._context

    def with_context(self, context: Any = None) -> Self:
        """This document read in `context` instead; raises `MetadataValidationError` if it has problems there."""
        return type(self)(thawed(self._document), context)

    def to_json(self) -> Any:
        """The document as given: a fresh plain dict, objects in it plain dicts and arrays tuples, which the caller may change."""
        return plain(self._document)

    def refined_in(self, context: Any = None) -> Self:
        """This document read in `context`, which must claim every field this scope claims with the same definition (else `ScopeConflictError`)."""
        scope = self._scope(context)
        refuse_contradictions(self.reading.fields(), scope)
        return self.with_context(scope)

    def refines(self, other: Self) -> bool:
        """Whether this means what `other` means, read in a scope that claims every field `other`'s claims, with the same definitions.

        `other`'s document read in this model's scope must equal this
        model, so a model refines every model equal to it.
        """
        if type(other) is not type(self):
            return False
        mine = dict(self.reading.fields())
        if not all(
            field.definition is None
            or getattr(mine.get(loc), "definition", None) == field.definition
            for loc, field in other.reading.fields()
        ):
            return False
        if self._context == other._context:
            return self == other
        read = self._read(thawed(other._document), self._context)
        return not read.problems and type(self).made(read, self._context) == self

    def _meaning_key(self) -> Hashable:
        meaning = self._meaning
        if meaning is None:
            meaning = self._meaning_of()
            object.__setattr__(self, "_meaning", meaning)
        return meaning

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Model)
        return self is other or self._meaning_key() == other._meaning_key()

    def __hash__(self) -> int:
        return hash(self._meaning_key())

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        # A model pickles as its document and scope, and is read again.
        return (_restored, (type(self), thawed(self._document), self._context))

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        return self


def _restored(kind: type[Model], document: object, context: Any) -> Model:
    return kind(document, context)


def refuse_contradictions(fields: Iterable[tuple[Loc, ResolvedField[Any]]], context: Any) -> None:
    """Raise `ScopeConflictError` unless `context` claims each claimed field in `fields` with the same definition."""
    conflicts: list[Conflict] = []
    for loc, field in fields:
        definition, name = field.definition, field.name
        if definition is None or name is None:
            continue
        kind = field.read_as
        found = context.claimant(kind, name)
        if found != definition:
            filed = kind.filed_under(name)[0] or name
            conflicts.append(Conflict((kind, filed), definition, found, loc=loc, written=name))
    if conflicts:
        raise ScopeConflictError(conflicts)


def documents_refine(mine: Mapping[str, Model], theirs: Mapping[str, Model]) -> bool:
    """Whether both list the same paths, and each of `mine` is a model of the same kind that refines `theirs` at its path."""
    if mine.keys() != theirs.keys():
        return False
    return all(
        type(mine[path]) is type(theirs[path]) and mine[path].refines(theirs[path]) for path in mine
    )
