"""Definitions: what a scope knows about one extension (a name, a configuration TypedDict, and rule functions)."""

from __future__ import annotations

import dataclasses
import functools
import json
import re
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, cast

from typing_extensions import TypeAliasType, TypedDict, is_typeddict

from zarr_metadata._frozen import FrozenObject
from zarr_metadata._json import UNSET, JSONValue, Loc, Problems, ValidationProblem
from zarr_metadata._shapes import AnnotationReader, Node, Record
from zarr_metadata.definition._positions import positions_of, register_alias
from zarr_metadata.typed_json import refine

if TYPE_CHECKING:
    from zarr_metadata.definition._fields import Nested

C = TypeVar("C")
D = TypeVar("D", bound="Definition[Any]")


class EmptyConfiguration(TypedDict, closed=True):
    """The configuration of an extension with nothing to configure: it is written with its name only."""


def no_rules(*arguments: object) -> Iterable[ValidationProblem]:
    """The rules of a definition that declares none: nothing is ever wrong."""
    return ()


def unchanged(configuration: C) -> C:
    """The canonical spelling of a configuration with one spelling per meaning: itself."""
    return configuration


def fill_value_as_written(configuration: object, nested: object, value: object) -> JSONValue:
    """The canonical spelling of a fill value of a data type that declares none: the value as written."""
    return cast(JSONValue, value)


HOOK: Mapping[str, bool] = FrozenObject({"hook": True})
"""The metadata of a definition's dataclass field that holds a hook: a function the readers call."""


EXTENSION_NAME = re.compile(r"[a-z][a-z0-9\-_.]+")
"""The names the v3 spec allows an extension to take, besides a URI."""

URI = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:[^\s]+")


def is_extension_name(name: str) -> bool:
    """Whether `name` is a name an extension may take: lowercase letters, digits, `-`, `_` and `.`, or a URI."""
    return EXTENSION_NAME.fullmatch(name) is not None or URI.fullmatch(name) is not None


def asked(definition: Definition[Any], hook: str, call: Callable[[], C]) -> C:
    """The result of an extension author's hook, with a note naming the definition and hook on any error it raises."""
    try:
        return call()
    except Exception as error:
        blame(error, definition, hook)
        raise


def canonical_configuration(definition: Definition[C], configuration: C) -> C:
    """The canonical spelling of a configuration without problems: each declared default filled in or left out, as the kind says, then `canonical` asked."""
    defaults = definition._defaults  # pyright: ignore[reportPrivateUsage]
    members = cast("Mapping[str, JSONValue]", configuration)
    if definition.fills_defaults:
        members = {**defaults, **members}
    elif defaults:
        members = {
            key: value
            for key, value in members.items()
            if key not in defaults or _text(value) != _text(defaults[key])
        }
    spelled = cast(C, members)
    return asked(definition, "canonical", lambda: definition.canonical(spelled))


def _text(value: object) -> str:
    # true and 1 are two spellings, as 1 and 1.0 are.
    return json.dumps(value, sort_keys=True, allow_nan=True)


def blame(error: BaseException, definition: Definition[Any], hook: str) -> None:
    """Add a note to `error`, raised by a hook, naming the definition and the hook."""
    error.add_note(f"raised by the {hook} of the {definition.label} definition {definition.name!r}")


@dataclasses.dataclass(frozen=True, kw_only=True, repr=False)
class Definition(Generic[C]):
    """What a scope knows about one extension: its name, its configuration TypedDict, and its rules.

    The class of a definition is its kind (codec, data type, ...); the kind
    classes of each format (`zarr_metadata.v3.definition`) say how a field
    of that kind is written and located. `rules` yields the problems of a
    configuration that its TypedDict cannot express, located in the
    configuration; `canonical` writes a configuration without problems in
    its one spelling, once the defaults its TypedDict declares are left
    out or filled in (`canonical_configuration`). A definition that could
    never be used as written raises `TypeError` when it is built.
    """

    name: str
    """The name a document uses for this extension, or the key of an extra member."""
    configuration: type[C]
    """The TypedDict its configuration must fit; `EmptyConfiguration` when there is nothing to configure."""
    rules: Callable[[C, Nested], Iterable[ValidationProblem]] = dataclasses.field(
        default=no_rules, metadata=HOOK
    )
    """The problems of a configuration (with the nested fields as the scope read them), located in the configuration."""
    canonical: Callable[[C], C] = dataclasses.field(default=unchanged, metadata=HOOK)
    """The one spelling of a configuration without problems, for what its declared defaults do not say."""

    label: ClassVar[str] = "field"
    """The name of the kind in error messages, for example "codec"."""
    field_aliases: ClassVar[tuple[TypeAliasType, ...]] = ()
    """The field aliases used to annotate a configuration member that holds a field of this kind."""
    zarr_format: ClassVar[int | None] = None
    """The Zarr format whose documents hold fields of this kind."""
    is_kind: ClassVar[bool] = False
    """Whether this class is a kind: the class a scope files definitions by."""
    remembered: ClassVar[bool] = True
    """Whether `resolve` keeps the fields of this kind it read, for the next field written the same."""
    fills_defaults: ClassVar[bool] = False
    """Whether a canonical configuration writes the default of each member left out (a v2 codec, as numcodecs' `get_config()` does), rather than leaving out each member written with its default."""

    _kind_class: ClassVar[type[Definition[Any]] | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.__dict__.get("is_kind", False):
            cls._kind_class = cls
            for alias in cls.field_aliases:
                register_alias(alias, cls)

    def __post_init__(self) -> None:
        refusal = self._refusal()
        if refusal is not None:
            raise TypeError(refusal)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(name={self.name!r})"

    @classmethod
    def kind_class(cls) -> type[Definition[Any]]:
        """The kind of this definition: the class a scope files it by."""
        return cls if cls._kind_class is None else cls._kind_class

    def _refusal(self) -> str | None:
        """Why this definition could never be used as written; None when it can."""
        name = cast(object, self.name)
        if not isinstance(name, str) or name == "":
            return f"a definition's name is a non-empty string, got {name!r}"
        bad_name = type(self)._name_refusal(name)
        if bad_name is not None:
            return bad_name
        if not is_typeddict(self.configuration):
            return f"{name!r}: its configuration is a TypedDict, got {self.configuration!r}"
        for member in dataclasses.fields(self):
            value = getattr(self, member.name)
            if member.metadata.get("hook", False) and not callable(value):
                return f"{name!r}: {member.name} is a function, got {value!r}"
        try:
            # Reading the shape finds every annotation the checker could not
            # check; the checker itself is compiled when a field is first read.
            positions_of(self.configuration)
        except TypeError as error:
            return f"{name!r}: {error}"
        return None

    @classmethod
    def _name_refusal(cls, name: str) -> str | None:
        if not is_extension_name(name):
            return (
                f"{name!r} is not a name a document can use: an extension's name is at least two lowercase "
                "letters, digits, '-', '_' and '.', starting with a letter, or a URI"
            )
        return None

    @functools.cached_property
    def _defaults(self) -> Mapping[str, JSONValue]:
        """The configuration's members that declare a `Default`, each with its default, in the order declared."""
        node = AnnotationReader().read(
            self.configuration, getattr(self.configuration, "__name__", "configuration")
        )
        members = node.members if isinstance(node, Record) else ()
        return {member.key: member.default for member in members if member.default is not UNSET}

    @property
    def finite_numbers(self) -> bool:
        """Whether every number in a field's configuration must be finite, as JSON requires; not in a member that holds user data."""
        return True

    @property
    def requires_configuration(self) -> bool:
        """Whether a field must write a configuration: its TypedDict has a required member."""
        return _requires_configuration(self.configuration)

    def read_configuration(self, value: object, loc: Loc = ()) -> tuple[C | None, Problems]:
        """`value` checked against the configuration TypedDict: read-only, and located from `loc`.

        Nested fields and rules need a scope; `resolve` reads a whole field.
        """
        refined, problems = refine(value, self.configuration, loc)
        if refined is None:
            return None, problems
        return refined, ()

    # How a field of this kind is written. The v3 and v2 kinds override these.

    unclaimed_is_user_data: ClassVar[bool] = False
    """Whether a field of this kind that nothing claims is user data, whose numbers may be NaN or infinite."""

    @classmethod
    def read_envelope(
        cls, value: object, loc: Loc, problems: list[ValidationProblem]
    ) -> tuple[str | None, object]:
        """The name and configuration `value` (a field's JSON at `loc`) writes, before any definition is asked, adding the envelope's problems.

        The configuration is as written, unchecked (UNSET when the field
        writes none); the name is None when none can be read.
        """
        raise NotImplementedError(f"{cls.__name__} does not say how its fields are written")

    @classmethod
    def written_json(cls, value: object, configuration: object) -> JSONValue | UNSET:
        """The field as written, read-only, with `configuration` (refined) in place of what it writes there; UNSET when the rest is not JSON."""
        raise NotImplementedError(f"{cls.__name__} does not say how its fields are written")

    @classmethod
    def name_problem(cls, name: str, value: object, loc: Loc) -> ValidationProblem | None:
        """The problem with `name`, which nothing in scope claims, as the field `value` at `loc` writes it; None when a field may take it."""
        return None

    @classmethod
    def configuration_loc(cls, loc: Loc) -> Loc:
        """Where the configuration of a field at `loc` sits."""
        return (*loc, "configuration")

    moves_configuration: ClassVar[bool] = False
    """Whether a place in a configuration is not where the document writes it, so `nested_loc` must be asked; a v2 structured data type writes its fields as the field itself."""

    @classmethod
    def nested_loc(cls, loc: Loc, path: Loc) -> Loc:
        """Where the document writes what sits at `path` in the configuration of a field at `loc`."""
        return (*cls.configuration_loc(loc), *path)

    @classmethod
    def filed_under(cls, name: str) -> tuple[str | None, Mapping[str, JSONValue] | None]:
        """The name the definition that reads `name` is filed under, and the configuration the name carries, if any."""
        return name, None

    @classmethod
    def written_configuration(cls, json: JSONValue) -> Mapping[str, JSONValue]:
        """The configuration a field's JSON writes, empty when it writes none."""
        if isinstance(json, Mapping):
            configuration = cast("Mapping[str, JSONValue]", json).get("configuration")
            if isinstance(configuration, Mapping):
                return cast("Mapping[str, JSONValue]", configuration)
        return _EMPTY

    @classmethod
    def envelope_json(cls, name: str, configuration: Mapping[str, JSONValue]) -> JSONValue:
        """A field written in its shortest form: the bare name when there is nothing to configure."""
        if len(configuration) == 0:
            return name
        return FrozenObject({"name": name, "configuration": configuration})

    @classmethod
    def canonical_json(
        cls, name: str, filed: str, configuration: Mapping[str, JSONValue]
    ) -> JSONValue:
        """A field named `name` as written, read by the definition filed under `filed`, spelled with its canonical `configuration`.

        A name that carries its configuration (`r16`) is spelled as it is:
        there is no shorter way to write it.
        """
        if cls.filed_under(name)[1] is not None:
            return cls.envelope_json(name, _EMPTY)
        return cls.envelope_json(name, configuration)

    @classmethod
    def alias_problems(
        cls, alias: TypeAliasType, definition: Definition[Any], loc: Loc
    ) -> Problems:
        """The problems of a field of this kind that `definition` claimed, in a member annotated with `alias`."""
        return ()


_EMPTY: Mapping[str, JSONValue] = FrozenObject()


def _requires_configuration(configuration: type) -> bool:
    return requires_members(
        AnnotationReader().read(configuration, getattr(configuration, "__name__", "configuration"))
    )


def requires_members(node: Node) -> bool:
    """Whether a configuration read as `node` has a required member, so a field must write one."""
    return isinstance(node, Record) and any(member.required for member in node.members)


@dataclasses.dataclass(frozen=True, kw_only=True, repr=False)
class WithFillValue(Definition[C]):
    """A definition that also judges a fill value: a data type.

    `fill_value` is the JSON shape of a fill value; `fill_value_rules`
    yields the problems of a fill value of that shape that the type cannot
    express, located in the fill value; `fill_value_canonical` writes a
    fill value without problems in the one spelling of its value.
    """

    fill_value: object = JSONValue
    """The JSON shape of a fill value, read like a configuration's members."""
    fill_value_rules: Callable[[C, Nested, Any], Iterable[ValidationProblem]] = dataclasses.field(
        default=no_rules, metadata=HOOK
    )
    """The problems of a well-shaped fill value, located in it."""
    fill_value_canonical: Callable[[C, Nested, Any], JSONValue] = dataclasses.field(
        default=fill_value_as_written, metadata=HOOK
    )
    """The one spelling of a fill value without problems."""

    def _refusal(self) -> str | None:
        refusal = super()._refusal()
        if refusal is not None:
            return refusal
        try:
            AnnotationReader().read(self.fill_value, "fill_value")
        except TypeError as error:
            return f"{self.name!r}: its fill value: {error}"
        return None
