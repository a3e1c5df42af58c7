"""Shapes: the annotations `typed_json.check` reads, turned into a small tree of nodes.

Reading an annotation happens once per shape. The nodes say what JSON a
shape admits, and both the checker's code generator and the JSON Schema
writer walk them, so the two agree by construction.
"""

from __future__ import annotations

import dataclasses
import sys
import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any, ForwardRef, get_args, get_origin

import annotated_types
import typing_extensions
from typing_extensions import NoExtraItems, TypeAliasType, is_typeddict

from zarr_metadata._json import UNSET, JSONValue, UserJSONValue

# The kinds of JSON value, as JSON Schema names them. "integer" is a number
# without a fraction; a node that takes a "number" takes integers too.
JSONKind = str
ALL_KINDS: frozenset[JSONKind] = frozenset(
    {"null", "boolean", "integer", "number", "string", "array", "object"}
)


@dataclasses.dataclass(eq=False)
class Node:
    """What one annotation admits."""

    @property
    def kinds(self) -> frozenset[JSONKind]:
        raise NotImplementedError


@dataclasses.dataclass(eq=False)
class AnyJSON(Node):
    """Any JSON value; `finite` says whether NaN and the infinities are refused."""

    finite: bool

    @property
    def kinds(self) -> frozenset[JSONKind]:
        return ALL_KINDS


class Unread:
    """A member a reader judges later, itself, in its own way: the checker takes it as it is, unrefined."""


@dataclasses.dataclass(frozen=True)
class Default:
    """The value an optional configuration member means when it is left out: `level: NotRequired[Annotated[int, Default(1)]]`.

    A v3 field's canonical spelling leaves out a member written with its
    default, a v2 codec's writes the default of each member left out, and
    the JSON Schema gives it as the member's `default`.
    """

    value: JSONValue


@dataclasses.dataclass(eq=False)
class Passthrough(Node):
    """Any value at all, taken as it is: the node of `Unread`."""

    @property
    def kinds(self) -> frozenset[JSONKind]:
        return ALL_KINDS


@dataclasses.dataclass(eq=False)
class Bounds:
    """The bounds annotated-types put on a number, or on a length."""

    ge: int | float | None = None
    gt: int | float | None = None
    le: int | float | None = None
    lt: int | float | None = None

    def any(self) -> bool:
        return not (self.ge is None and self.gt is None and self.le is None and self.lt is None)


@dataclasses.dataclass(eq=False)
class Scalar(Node):
    """A JSON scalar: `bool`, `int`, `float` (any finite number), `str`, or `None`."""

    type: type
    bounds: Bounds = dataclasses.field(default_factory=Bounds)
    min_length: int | None = None
    max_length: int | None = None

    @property
    def kinds(self) -> frozenset[JSONKind]:
        return _SCALAR_KINDS[self.type]


_SCALAR_KINDS: dict[type, frozenset[JSONKind]] = {
    bool: frozenset({"boolean"}),
    int: frozenset({"integer"}),
    float: frozenset({"integer", "number"}),
    str: frozenset({"string"}),
    type(None): frozenset({"null"}),
}


@dataclasses.dataclass(eq=False)
class Choice(Node):
    """A `Literal`: one of a few JSON scalars."""

    values: tuple[str | int | bool | None, ...]

    @property
    def kinds(self) -> frozenset[JSONKind]:
        return frozenset(kind_of(value) for value in self.values)


@dataclasses.dataclass(eq=False)
class Array(Node):
    """`tuple[X, ...]` or `Sequence[X]`: an array of any length, each item an X."""

    item: Node
    min_length: int | None = None
    max_length: int | None = None

    @property
    def kinds(self) -> frozenset[JSONKind]:
        return frozenset({"array"})


@dataclasses.dataclass(eq=False)
class FixedArray(Node):
    """`tuple[X, Y]`: an array with one item of each shape, in order."""

    items: tuple[Node, ...]

    @property
    def kinds(self) -> frozenset[JSONKind]:
        return frozenset({"array"})


@dataclasses.dataclass(eq=False)
class Object(Node):
    """`Mapping[str, X]`: an object whose every member is an X."""

    value: Node

    @property
    def kinds(self) -> frozenset[JSONKind]:
        return frozenset({"object"})


@dataclasses.dataclass(eq=False)
class Member:
    """One declared member of a TypedDict."""

    key: str
    node: Node
    required: bool
    default: JSONValue | UNSET = UNSET
    """What the member means when it is left out, as its `Default` says; UNSET when it declares none."""


@dataclasses.dataclass(eq=False)
class Record(Node):
    """A TypedDict: declared members, and what any other member must be.

    `extra` is None for a closed TypedDict, whose undeclared members are
    refused; an open TypedDict takes any JSON as an undeclared member.
    """

    name: str
    members: tuple[Member, ...]
    extra: Node | None
    origin: object = None
    """The TypedDict this node was read from."""

    @property
    def kinds(self) -> frozenset[JSONKind]:
        return frozenset({"object"})


@dataclasses.dataclass(eq=False)
class Union(Node):
    """A union: the value must fit one of the members."""

    members: tuple[Node, ...]

    @property
    def kinds(self) -> frozenset[JSONKind]:
        return _reachable_kinds(self)


@dataclasses.dataclass(eq=False)
class Alias(Node):
    """A `TypeAliasType`: a name for a shape, which may refer to itself."""

    name: str
    target: Node | None = None
    origin: object = None
    """The alias this node was read from: a field alias names the kind of field a member holds."""
    _kinds: frozenset[JSONKind] | None = None

    @property
    def kinds(self) -> frozenset[JSONKind]:
        if self._kinds is None:
            self._kinds = _reachable_kinds(self)
        return self._kinds


def _reachable_kinds(start: Node) -> frozenset[JSONKind]:
    """The kinds of every node `start` may be, through aliases and unions.

    Found by a walk rather than by asking each alias for its kinds, since
    an alias that reaches itself (`X = int | Y`, `Y = str | X`) would be
    asked while its own answer is still unknown.
    """
    found: set[JSONKind] = set()
    seen: set[int] = set()
    pending: list[Node] = [start]
    while pending:
        node = pending.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, Alias):
            assert node.target is not None
            pending.append(node.target)
        elif isinstance(node, Union):
            pending.extend(node.members)
        else:
            found |= node.kinds
    return frozenset(found)


def kind_of(value: object) -> JSONKind:
    """The JSON kind of a Python value, or "other" for a value JSON cannot hold."""
    if value is None:
        return "null"
    if value is True or value is False:
        return "boolean"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list | tuple):
        return "array"
    if isinstance(value, Mapping):
        return "object"
    return "other"


_ALIAS_TYPES: tuple[type, ...] = tuple(
    {TypeAliasType, getattr(typing, "TypeAliasType", TypeAliasType)}
)
_QUALIFIERS: tuple[object, ...] = (
    typing_extensions.Required,
    typing_extensions.NotRequired,
    typing_extensions.ReadOnly,
    typing.Required,
    typing.NotRequired,
)


class AnnotationReader:
    """Reads the annotations of one shape into nodes, sharing the node of a TypedDict or alias met twice.

    A member annotated with one of the aliases `unread` is read as `Unread`:
    a reader that judges such members itself (the fields a configuration
    holds) takes them as they are. With `finite` false, `JSONValue` is read
    as user data, which may hold NaN and the infinities.
    """

    def __init__(self, unread: frozenset[object] = frozenset(), *, finite: bool = True) -> None:
        self._seen: dict[object, Node] = {}
        self._unread = unread
        self._finite = finite
        """Whether `JSONValue` refuses NaN and the infinities; not in a member that holds user data."""

    def read(
        self, annotation: object, where: str, namespace: Mapping[str, Any] | None = None
    ) -> Node:
        """The node of `annotation`, found at `where` (for messages), with forward references resolved in `namespace`."""
        if annotation is JSONValue:
            return AnyJSON(finite=self._finite)
        if annotation is UserJSONValue:
            return AnyJSON(finite=False)
        if annotation is Unread:
            return Passthrough()
        if isinstance(annotation, str | ForwardRef):
            return self.read(_resolved(annotation, where, namespace), where, namespace)
        key = _key(annotation)
        if key is not None and key in self._seen:
            return self._seen[key]
        if isinstance(annotation, _ALIAS_TYPES):
            if annotation in self._unread:
                return Passthrough()
            return self._alias(annotation, key)
        if is_typeddict(annotation):
            return self._record(annotation, key)
        return self._plain(annotation, where, namespace)

    def _alias(self, alias: Any, key: object) -> Node:
        node = Alias(name=alias.__name__, origin=alias)
        if key is not None:
            self._seen[key] = node
        module = sys.modules.get(getattr(alias, "__module__", ""), None)
        namespace = {**(vars(module) if module is not None else {}), alias.__name__: alias}
        node.target = self.read(alias.__value__, alias.__name__, namespace)
        return node

    def _record(self, typeddict: Any, key: object) -> Node:
        name: str = typeddict.__name__
        record = Record(name=name, members=(), extra=None, origin=typeddict)
        if key is not None:
            self._seen[key] = record
        declared = typeddict_members(typeddict)
        record.members = tuple(
            Member(
                member.key,
                self.read(member.annotation, f"{name}.{member.key}"),
                member.required,
                member.default,
            )
            for member in declared.members
        )
        if declared.extra is not None:
            record.extra = self.read(declared.extra, f"{name}.extra_items")
        elif not declared.closed:
            # An open TypedDict admits other members; as JSON, they are JSON.
            record.extra = AnyJSON(finite=True)
        return record

    def _plain(self, annotation: object, where: str, namespace: Mapping[str, Any] | None) -> Node:
        if annotation is None or annotation is type(None):
            return Scalar(type(None))
        if annotation is bool or annotation is int or annotation is float or annotation is str:
            return Scalar(annotation)
        if isinstance(annotation, typing.NewType):
            return self.read(annotation.__supertype__, where, namespace)
        origin = get_origin(annotation)
        args = get_args(annotation)
        if origin is typing_extensions.Annotated or origin is typing.Annotated:
            return _constrained(self.read(args[0], where, namespace), args[1:], where)
        if origin is typing.Literal or origin is typing_extensions.Literal:
            return _choice(args, where)
        if origin is typing.Union or origin is types.UnionType:
            members = tuple(self.read(arg, where, namespace) for arg in args)
            return Union(_flattened(members))
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return Array(self.read(args[0], f"{where}[]", namespace))
            if args == ((),):
                return FixedArray(())
            items = tuple(
                self.read(arg, f"{where}[{index}]", namespace) for index, arg in enumerate(args)
            )
            return FixedArray(items)
        if origin in (list, Sequence) and len(args) == 1:
            return Array(self.read(args[0], f"{where}[]", namespace))
        if origin in (dict, Mapping) and len(args) == 2:
            if args[0] is not str:
                msg = f"{where}: JSON object keys are strings, so {annotation!r} cannot be checked"
                raise TypeError(msg)
            return Object(self.read(args[1], f"{where}{{}}", namespace))
        msg = f"{where}: cannot check a value against {annotation!r}, which is not a JSON shape"
        raise TypeError(msg)


@dataclasses.dataclass(frozen=True)
class DeclaredMember:
    """One member a TypedDict declares: its key, its annotation without qualifiers, whether it is required, and its `Default`."""

    key: str
    annotation: object
    required: bool
    default: JSONValue | UNSET = UNSET


@dataclasses.dataclass(frozen=True)
class Declared:
    """What a TypedDict declares: its members in order, the annotation of any other member, and whether it is closed."""

    members: tuple[DeclaredMember, ...]
    extra: object | None
    """The annotation of members it does not declare (`extra_items`); None when it names none."""
    closed: bool


def typeddict_members(typeddict: Any) -> Declared:
    """The members `typeddict` declares, read the one way every part of the package reads them.

    This is the only place that resolves a TypedDict's annotations and takes
    off the qualifiers (`Required`, `NotRequired`, `ReadOnly`) a member may
    carry; raises `TypeError` when the annotations cannot be resolved.
    """
    name = getattr(typeddict, "__name__", repr(typeddict))
    try:
        hints = typing_extensions.get_type_hints(typeddict, include_extras=True)
    except Exception as error:
        msg = f"{name}: cannot read its annotations: {error}"
        raise TypeError(msg) from error
    required_keys: frozenset[str] = typeddict.__required_keys__
    members = tuple(
        _declared(name, key, annotation, key in required_keys) for key, annotation in hints.items()
    )
    extra_items: object = getattr(typeddict, "__extra_items__", NoExtraItems)
    extra = None if extra_items is NoExtraItems else unqualified(extra_items)
    return Declared(members, extra, getattr(typeddict, "__closed__", None) is True)


def _declared(name: str, key: str, annotation: object, required: bool) -> DeclaredMember:
    bare = unqualified(annotation)
    required = _required(annotation, required)
    defaults = [
        item.value for item in getattr(bare, "__metadata__", ()) if isinstance(item, Default)
    ]  # Annotated's
    if not defaults:
        return DeclaredMember(key, bare, required)
    if required or len(defaults) > 1:
        msg = f"{name}.{key}: a default is declared once, on a member that may be left out (NotRequired)"
        raise TypeError(msg)
    return DeclaredMember(key, bare, required, defaults[0])


def _key(annotation: object) -> object:
    """A key that identifies `annotation` among the shapes met, or None when it is unhashable."""
    try:
        hash(annotation)
    except TypeError:
        return None
    # Identity for classes and aliases; equality for the rest, so that two
    # spellings of `tuple[int, ...]` share a node.
    if isinstance(annotation, type | TypeAliasType):
        return ("id", id(annotation))
    return ("eq", annotation)


def _resolved(
    reference: str | ForwardRef, where: str, namespace: Mapping[str, Any] | None
) -> object:
    text = reference if isinstance(reference, str) else reference.__forward_arg__
    if namespace is None:
        msg = f"{where}: cannot resolve the forward reference {text!r}"
        raise TypeError(msg)
    try:
        return eval(
            text, dict(namespace)
        )  # the text is an annotation written in the shape's module
    except Exception as error:
        msg = f"{where}: cannot resolve the forward reference {text!r}: {error}"
        raise TypeError(msg) from error


def unqualified(annotation: object) -> object:
    """`annotation` without the Required, NotRequired and ReadOnly qualifiers a TypedDict member may carry."""
    while get_origin(annotation) in _QUALIFIERS:
        annotation = get_args(annotation)[0]
    return annotation


def _required(annotation: object, declared: bool) -> bool:
    """Whether a member is required, by its own qualifier first.

    A module with `from __future__ import annotations` hides the qualifiers
    from the TypedDict's own reckoning, so they are read again here from
    the resolved annotation.
    """
    while True:
        origin = get_origin(annotation)
        if origin in (typing_extensions.NotRequired, typing.NotRequired):
            return False
        if origin in (typing_extensions.Required, typing.Required):
            return True
        if origin not in _QUALIFIERS:
            return declared
        annotation = get_args(annotation)[0]


def _flattened(members: tuple[Node, ...]) -> tuple[Node, ...]:
    flat: list[Node] = []
    for member in members:
        if isinstance(member, Union):
            flat.extend(member.members)
        else:
            flat.append(member)
    return tuple(flat)


def _choice(values: tuple[object, ...], where: str) -> Node:
    for value in values:
        if not (value is None or isinstance(value, str | int | bool)):
            msg = f"{where}: a Literal of JSON scalars only, got {value!r}"
            raise TypeError(msg)
    return Choice(tuple(values))  # pyright: ignore[reportArgumentType]


def _constrained(node: Node, metadata: tuple[object, ...], where: str) -> Node:
    constraints: list[annotated_types.BaseMetadata] = []
    for item in metadata:
        if isinstance(item, Default):
            continue  # read with the member (`typeddict_members`), not a constraint of the value
        if isinstance(item, annotated_types.GroupedMetadata):
            constraints.extend(item)  # pyright: ignore[reportArgumentType]
        elif isinstance(item, annotated_types.BaseMetadata):
            constraints.append(item)
        # Other metadata (documentation, a pydantic hint) says nothing about the JSON.
    if len(constraints) == 0:
        return node
    node = dataclasses.replace(node) if isinstance(node, Scalar | Array) else node
    for constraint in constraints:
        _apply(node, constraint, where)
    return node


def _apply(node: Node, constraint: annotated_types.BaseMetadata, where: str) -> None:
    numeric = isinstance(node, Scalar) and node.type in (int, float)
    sized = (isinstance(node, Scalar) and node.type is str) or isinstance(node, Array)
    if numeric and isinstance(
        constraint,
        annotated_types.Ge | annotated_types.Gt | annotated_types.Le | annotated_types.Lt,
    ):
        assert isinstance(node, Scalar)
        node.bounds = dataclasses.replace(node.bounds)
        for name in ("ge", "gt", "le", "lt"):
            if hasattr(constraint, name):
                bound = getattr(constraint, name)
                if not isinstance(bound, int | float) or isinstance(bound, bool):
                    msg = f"{where}: a bound is a number, got {bound!r}"
                    raise TypeError(msg)
                setattr(node.bounds, name, bound)
        return
    if sized and isinstance(constraint, annotated_types.MinLen | annotated_types.MaxLen):
        assert isinstance(node, Scalar | Array)
        if isinstance(constraint, annotated_types.MinLen):
            node.min_length = constraint.min_length
        else:
            node.max_length = constraint.max_length
        return
    msg = f"{where}: cannot check {constraint!r} on this shape"
    raise TypeError(msg)
