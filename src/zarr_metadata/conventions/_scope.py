"""Convention scopes: the convention definitions a check understands, filed by name, with the markers that find them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any, cast

from zarr_metadata.conventions._convention import ConventionDefinition


class ConventionConflictError(ValueError):
    """Convention scopes that cannot be joined: they file different definitions under one name, or claim one identifier twice."""


class ConventionScope:
    """The convention definitions a check understands: immutable, hashable, equal when it files the same definitions.

    The scope keeps, once, what finding candidates needs: the definitions
    each attribute key marks, those a v3 array's `dimension_names` marks, and
    the definition each `zarr_conventions` identifier declares.
    """

    __slots__ = ("_by_identifier", "_by_marker", "_definitions", "_markers", "_named_dimensions")

    def __init__(self, definitions: Iterable[ConventionDefinition[Any]] = ()) -> None:
        filed: dict[str, ConventionDefinition[Any]] = {}
        by_identifier: dict[str, ConventionDefinition[Any]] = {}
        for definition in definitions:
            if not isinstance(cast(object, definition), ConventionDefinition):
                msg = f"expected convention definitions, got {definition!r}"
                raise TypeError(msg)
            known = filed.get(definition.name)
            if known is not None and known is not definition and known != definition:
                msg = f"two different convention definitions named {definition.name!r}"
                raise ConventionConflictError(msg)
            filed[definition.name] = definition
            for identifier in definition.identifiers:
                claimant = by_identifier.setdefault(identifier, definition)
                if claimant.name != definition.name:
                    msg = f"{identifier!r} declares both {claimant.name!r} and {definition.name!r}"
                    raise ConventionConflictError(msg)
        self._definitions: Mapping[str, ConventionDefinition[Any]] = MappingProxyType(filed)
        self._by_identifier: Mapping[str, ConventionDefinition[Any]] = MappingProxyType(
            by_identifier
        )
        by_marker: dict[str, list[ConventionDefinition[Any]]] = {}
        for definition in filed.values():
            for marker in sorted(definition.markers):
                by_marker.setdefault(marker, []).append(definition)
        self._by_marker: tuple[tuple[str, tuple[ConventionDefinition[Any], ...]], ...] = tuple(
            (marker, tuple(found)) for marker, found in by_marker.items()
        )
        self._markers = frozenset(by_marker)
        self._named_dimensions: tuple[ConventionDefinition[Any], ...] = tuple(
            definition for definition in filed.values() if definition.dimension_names
        )

    @property
    def definitions(self) -> Mapping[str, ConventionDefinition[Any]]:
        """Every definition, by name, read-only."""
        return self._definitions

    @property
    def conventions(self) -> tuple[str, ...]:
        """The conventions the definitions belong to, each once, in the order filed."""
        return tuple(
            dict.fromkeys(definition.convention for definition in self._definitions.values())
        )

    def declared(self, identifier: str) -> ConventionDefinition[Any] | None:
        """The definition a `zarr_conventions` entry identified by `identifier` (its uuid, or else a URL) declares; None when the scope knows none."""
        return self._by_identifier.get(identifier)

    def candidates(
        self, attributes: Mapping[str, object], named_dimensions: bool
    ) -> tuple[ConventionDefinition[Any], ...]:
        """The definitions a node with these attributes might follow, each once; `named_dimensions` for a v3 array naming its dimensions."""
        found: tuple[ConventionDefinition[Any], ...] = (
            self._named_dimensions if named_dimensions else ()
        )
        # Most attributes hold no marker: one set operation tells.
        if attributes and not self._markers.isdisjoint(attributes):
            for marker, definitions in self._by_marker:
                if marker in attributes:
                    found += definitions
        if len(found) > 1:
            # By identity: hashing a definition hashes every member.
            unique: list[ConventionDefinition[Any]] = []
            for definition in found:
                if all(definition is not other for other in unique):
                    unique.append(definition)
            return tuple(unique)
        return found

    def union(self, *others: ConventionScope) -> ConventionScope:
        """A scope holding the definitions of this scope and of each of `others`; `ConventionConflictError` when two differ under one name."""
        definitions = list(self._definitions.values())
        for other in others:
            definitions.extend(other.definitions.values())
        return ConventionScope(definitions)

    def select(self, *names: str) -> ConventionScope:
        """The scope of the definitions each of `names` names: a definition's name, or a convention (every definition up to its `/`).

        An unknown name raises `ValueError` listing the known ones.
        """
        chosen: list[ConventionDefinition[Any]] = []
        for name in names:
            found = [
                definition
                for definition in self._definitions.values()
                if definition.name == name or definition.convention == name
            ]
            if not found:
                known = ", ".join(dict.fromkeys([*self.conventions, *self._definitions]))
                msg = f"no convention named {name!r}; known: {known}"
                raise ValueError(msg)
            chosen.extend(found)
        return ConventionScope(dict.fromkeys(chosen))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ConventionScope):
            return NotImplemented
        return dict(self._definitions) == dict(other.definitions)

    def __hash__(self) -> int:
        return hash(frozenset(self._definitions.items()))

    def __repr__(self) -> str:
        return f"ConventionScope({list(self._definitions)!r})"

    def __reduce__(
        self,
    ) -> tuple[type[ConventionScope], tuple[tuple[ConventionDefinition[Any], ...]]]:
        return type(self), (tuple(self._definitions.values()),)
