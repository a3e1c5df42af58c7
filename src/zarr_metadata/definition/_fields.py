"""Fields: one extension point of a document, as a scope read it."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Hashable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeAlias, TypeVar

from typing_extensions import TypeAliasType

from zarr_metadata._frozen import FrozenObject, fast_constructor
from zarr_metadata._json import UNSET, JSONValue

if TYPE_CHECKING:
    from zarr_metadata.definition._extension import Definition

D = TypeVar("D", bound="Definition[Any]")

Nested: TypeAlias = "Mapping[tuple[str | int, ...], ResolvedField[Any]]"
"""The fields a field holds (a shard's codecs), keyed by where each sits in its configuration."""

NO_NESTED: Mapping[tuple[str | int, ...], Any] = FrozenObject()
"""The fields held by a field that holds none, shared by all of them."""


def _no_nested() -> Nested:
    return NO_NESTED


def holds_unclaimed(nested: Nested) -> bool:
    """Whether a field `nested` holds, at any depth, is one nothing in scope claims."""
    # Each held field answers for itself and for what it holds.
    return any(field.any_unclaimed for field in nested.values()) if nested else False


def json_text(value: object) -> str:
    """`value` as compact JSON text with sorted keys: equal JSON gives equal text, and `0.0` and `-0.0` differ."""
    return json.dumps(
        value, sort_keys=True, separators=(",", ":"), allow_nan=True, ensure_ascii=False
    )


class _ByMeaning:
    """What makes a field equal to another: its kind, the definitions that read it and what it holds, and its canonical spelling.

    The key is worked out once, when first compared or hashed, and kept;
    a pickled field works it out again.
    """

    __slots__ = ("_hash", "_key", "_spelling")

    def _meaning(self) -> Hashable:
        raise NotImplementedError

    def _identity(self) -> tuple[Hashable, int]:
        try:
            return self._key, self._hash  # pyright: ignore[reportUnknownMemberType, reportAttributeAccessIssue]
        except AttributeError:
            key = self._meaning()
            object.__setattr__(self, "_key", key)
            object.__setattr__(self, "_hash", hash(key))
            return key, self._hash  # pyright: ignore[reportUnknownMemberType, reportAttributeAccessIssue]

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, _ByMeaning):
            return NotImplemented
        mine, theirs = self._identity(), other._identity()
        return mine[1] == theirs[1] and mine[0] == theirs[0]

    def __hash__(self) -> int:
        return self._identity()[1]


def _nested_key(nested: Nested) -> Hashable:
    return frozenset(nested.items()) if nested else ()


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True, eq=False)
class AcceptedField(_ByMeaning, Generic[D]):
    """A field that a definition in scope claimed and found without problems in its own configuration.

    The fields it holds (`nested`) may still have problems of their own,
    reported at their locations.
    """

    json: JSONValue
    """The field as written, read-only."""
    name: str
    """The name as the document writes it (`r16` for raw bits of 16)."""
    definition: D
    """The definition that read it."""
    configuration: Mapping[str, JSONValue]
    """The configuration as its definition read it, read-only; for raw bits, the one the name carries."""
    nested: Nested = dataclasses.field(default_factory=_no_nested)
    """The fields the configuration holds, keyed by where each sits in it."""
    read_as: type[Definition[Any]] = dataclasses.field(init=False)
    """The kind of field it was read as."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "read_as", self.definition.kind_class())

    @property
    def any_unclaimed(self) -> bool:
        """Whether a field it holds, at any depth, is one nothing in scope claims."""
        return holds_unclaimed(self.nested)

    def to_json(self) -> JSONValue:
        """The field as written."""
        return self.json

    def _meaning(self) -> Hashable:
        # Equal canonical spellings read by different definitions (or
        # holding fields read by different ones) mean different things.
        # Imported here: the module that spells fields imports this one.
        from zarr_metadata.definition._resolve import spelling_of

        return (
            AcceptedField,
            self.read_as,
            self.definition,
            json_text(spelling_of(self)),
            _nested_key(self.nested),
        )


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True, eq=False)
class UnclaimedField(_ByMeaning):
    """A field whose name nothing in scope claims: kept as written, never a problem, its meaning unknown."""

    json: JSONValue
    """The field as written, read-only."""
    name: str
    """The name as the document writes it."""
    read_as: type[Definition[Any]]
    """The kind of field it was read as."""
    configuration: Mapping[str, JSONValue] = dataclasses.field(init=False)
    """The configuration as written (empty when there is none), read-only."""
    any_unclaimed: ClassVar[bool] = True
    """The field itself is one nothing in scope claims."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "configuration", self.read_as.written_configuration(self.json))

    @property
    def definition(self) -> None:
        """No definition read this field."""
        return None

    @property
    def nested(self) -> Nested:
        """An unclaimed field is not read, so it holds no fields anyone knows of."""
        return NO_NESTED

    def to_json(self) -> JSONValue:
        """The field as written."""
        return self.json

    def _meaning(self) -> Hashable:
        return (UnclaimedField, self.read_as, json_text(self.json))


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True, eq=False)
class RefusedField(_ByMeaning, Generic[D]):
    """A field with problems in its envelope or its configuration; the problems say what."""

    json: JSONValue | UNSET
    """The field as written, read-only; UNSET when it is not JSON at all."""
    name: str | None
    """The name, when one could be read."""
    read_as: type[Definition[Any]]
    """The kind of field it was read as."""
    definition: D | None = None
    """The definition that refused it; None when the envelope was refused before any was asked."""
    nested: Nested = dataclasses.field(default_factory=_no_nested)
    """The fields its configuration holds, when it could be read that far."""

    @property
    def any_unclaimed(self) -> bool:
        """Whether a field it holds, at any depth, is one nothing in scope claims."""
        return holds_unclaimed(self.nested)

    def _meaning(self) -> Hashable:
        # A refused field has no canonical spelling: it is what it writes.
        written = None if self.json is UNSET else json_text(self.json)
        return (
            RefusedField,
            self.read_as,
            self.definition,
            self.name,
            written,
            _nested_key(self.nested),
        )


ResolvedField = TypeAliasType(
    "ResolvedField", AcceptedField[D] | UnclaimedField | RefusedField[D], type_params=(D,)
)
"""A field as a scope read it: accepted, unclaimed, or refused."""

ValidField = TypeAliasType("ValidField", AcceptedField[D] | UnclaimedField, type_params=(D,))
"""A field of a valid document, as a model holds it: accepted, or unclaimed."""


accepted: Any = fast_constructor(
    AcceptedField, ("json", "name", "definition", "configuration", "nested", "read_as")
)
"""`accepted(json, name, definition, configuration, nested, read_as)`: an accepted field of checked parts, `read_as` being `definition`'s kind."""
