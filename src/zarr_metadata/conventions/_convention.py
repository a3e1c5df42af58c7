"""Convention definitions: what a scope knows about one convention (its detector, its attributes shape, and its rules)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar, cast

from typing_extensions import is_typeddict

from zarr_metadata._json import UNSET, JSONValue, Loc, ProblemKind

if TYPE_CHECKING:
    from zarr_metadata.conventions._hierarchy import Hierarchy, NodeView

A = TypeVar("A")

Level = Literal["must", "should"]
"""How strongly a convention's spec states a rule: MUST (and MUST NOT, SHALL) or SHOULD (and SHOULD NOT, RECOMMENDED)."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class ConventionIssue:
    """One rule of a convention that a node's metadata breaks: where (node path, loc in its document), what, and how strongly the rule is stated."""

    path: str
    """The node whose document holds the offending value ("" for the root)."""
    loc: Loc
    """Where the offending value sits in that node's document (`("attributes", "multiscales", 0, ...)`)."""
    message: str
    """What was expected and what was found."""
    kind: ProblemKind = "invalid_value"
    level: Level = "must"
    section: str | None = None
    """The section of the convention's spec that states the rule; None means the definition's own `section`."""
    input: JSONValue | UNSET = UNSET


def _no_node_rules(attributes: Any, node: NodeView) -> Iterable[ConventionIssue]:
    return ()


def _no_hierarchy_rules(
    followers: Mapping[str, Any], hierarchy: Hierarchy
) -> Iterable[ConventionIssue]:
    return ()


def has_marker(node: NodeView, definition: ConventionDefinition[Any]) -> bool:
    """The default detector: the node's attributes (or its namespace) hold one of the definition's markers."""
    return True  # the scope asks a definition only about nodes that hold one of its markers


@dataclasses.dataclass(frozen=True, kw_only=True, repr=False)
class ConventionDefinition(Generic[A]):
    """What a scope knows about one convention, or one part of one (OME-NGFF's `plate` metadata).

    A node is judged by a definition when its attributes hold one of the
    definition's `markers` (a v3 array's `dimension_names` when
    `dimension_names` is true) and `detect` says so. Then its attributes (or
    the object at `namespace` inside them) are checked against the
    `attributes` TypedDict; when they fit, `rules` judges the node and, once
    every node of the store has been judged, `hierarchy_rules` judges the
    nodes that follow the definition together. Hooks do no I/O: they read the
    documents handed in. A definition that could never be used as written
    raises `TypeError` when it is built.
    """

    name: str
    """A unique name (`ome-ngff-0.4/plate`); the part before `/` is the convention it belongs to."""
    title: str
    """The convention as its spec names it, for messages (`OME-NGFF 0.4`)."""
    section: str
    """The section of the spec that states what `attributes` requires, for messages."""
    attributes: type[A]
    """The TypedDict the attributes (or the object at `namespace`) must fit."""
    markers: frozenset[str] = frozenset()
    """Attribute keys whose presence makes a node a candidate (`multiscales`, `zarr_conventions`)."""
    namespace: tuple[str, ...] = ()
    """The keys leading from `attributes` to the object the convention owns (`("ome",)`); () for the attributes themselves."""
    dimension_names: bool = False
    """Whether a v3 array that names its dimensions is a candidate, whatever its attributes."""
    identifiers: frozenset[str] = frozenset()
    """The `uuid`, `schema_url` and `spec_url` values that declare this convention in `zarr_conventions`."""
    detect: Callable[[NodeView, ConventionDefinition[A]], bool] = has_marker
    """Whether a candidate node follows the convention (the markers alone may be ambiguous)."""
    rules: Callable[[A, NodeView], Iterable[ConventionIssue]] = _no_node_rules
    """The issues of one node whose attributes fit, beyond what the TypedDict says."""
    hierarchy_rules: Callable[[Mapping[str, A], Hierarchy], Iterable[ConventionIssue]] = (
        _no_hierarchy_rules
    )
    """The issues of the store: called once with every node that follows (path to attributes that fit)."""

    required: frozenset[str] = dataclasses.field(init=False, repr=False, compare=False)
    """The members the `attributes` TypedDict requires."""
    declared: frozenset[str] = dataclasses.field(init=False, repr=False, compare=False)
    """The members the `attributes` TypedDict declares: all the checker is handed (the others it takes as they are)."""

    def __post_init__(self) -> None:
        refusal = self._refusal()
        if refusal is not None:
            raise TypeError(refusal)
        shape = cast(Any, self.attributes)
        object.__setattr__(self, "required", frozenset(shape.__required_keys__))
        object.__setattr__(self, "declared", self.required | frozenset(shape.__optional_keys__))

    def __repr__(self) -> str:
        return f"ConventionDefinition(name={self.name!r})"

    @property
    def convention(self) -> str:
        """The convention this definition belongs to: its name up to the first `/`."""
        return self.name.partition("/")[0]

    def _refusal(self) -> str | None:
        name = cast(object, self.name)
        if not isinstance(name, str) or not name or name.startswith("/") or name.endswith("/"):
            return f"a convention definition's name is a non-empty string, got {name!r}"
        if not is_typeddict(self.attributes):
            return f"{name!r}: its attributes shape is a TypedDict, got {self.attributes!r}"
        if not self.markers and not self.dimension_names:
            return f"{name!r}: it names no marker, so no node could ever be judged by it"
        for member in ("markers", "identifiers"):
            value: object = getattr(self, member)
            if not isinstance(value, frozenset) or not all(isinstance(item, str) for item in value):  # pyright: ignore[reportUnknownVariableType]
                return f"{name!r}: {member} is a frozenset of strings, got {value!r}"
        for hook in ("detect", "rules", "hierarchy_rules"):
            if not callable(getattr(self, hook)):
                return f"{name!r}: {hook} is a function, got {getattr(self, hook)!r}"
        return None
