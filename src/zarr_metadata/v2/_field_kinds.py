"""The kinds of v2 field: a data type, read from `dtype`, and a codec, read from `compressor` and each of `filters`.

A v2 data type is written as a NumPy type string (`"<i4"`, `"|S10"`,
`"<M8[ns]"`) or, for a structured type, as a list of fields. The type string
carries its configuration, as a v3 raw bits name does: `"<i4"` is read by
the definition filed under `int`, with `{"byteorder": "<", "itemsize": 4}`.
A list is read by the definition filed under `struct`, with `{"fields":
[...]}`; its problems are located in the list as written (`("dtype", 1, 1)`
for the type of the second field), not under a `fields` member no document
writes.

A v2 codec is an object `{"id": ..., ...}`: its name is `id` and its
configuration every other member, located beside `id`.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final, TypeAlias, cast

from typing_extensions import TypeAliasType

from zarr_metadata._frozen import FrozenObject
from zarr_metadata._json import (
    MOST_DIGITS,
    UNSET,
    JSONValue,
    Loc,
    ValidationProblem,
    decimal,
    shown,
    too_many_digits,
)
from zarr_metadata.definition._extension import C, Definition, WithFillValue
from zarr_metadata.typed_json import refine
from zarr_metadata.v2._field_json import ZarrV2DataTypeMetadata

ZarrV2DataTypeField = TypeAliasType("ZarrV2DataTypeField", ZarrV2DataTypeMetadata)
"""A member that holds a v2 data type: an array's `dtype`, or the type of a field of a structured type."""

STRUCT_NAME: Final = "struct"
"""The name a structured data type (a list of fields) is filed under."""

TYPE_STRING: Final = re.compile(r"([<>|])([biufcmMOSUV])([0-9]*)(?:\[([0-9]*)([A-Za-zμ]+)\])?")
"""A NumPy type string as v2 writes one: byte order, kind character, size, and for times a unit in brackets."""

FAMILIES: Final = {
    "b": "bool",
    "i": "int",
    "u": "uint",
    "f": "float",
    "c": "complex",
    "S": "bytes",
    "U": "str",
    "V": "void",
    "O": "object",
    "M": "datetime64",
    "m": "timedelta64",
}
"""The data type family each kind character names: the name its definition is filed under."""

KIND_CHARACTERS: Final = {family: character for character, family in FAMILIES.items()}

_V3_NAMES: Final = frozenset(
    {
        "bool",
        "int8",
        "int16",
        "int32",
        "int64",
        "uint8",
        "uint16",
        "uint32",
        "uint64",
        "float16",
        "float32",
        "float64",
        "complex64",
        "complex128",
        "bfloat16",
        "string",
        "bytes",
    }
)
"""Names of v3 data types, which some writers put in a `.zarray` where only a NumPy type string belongs."""  # fmt: skip


def type_string_configuration(text: str) -> tuple[str, dict[str, JSONValue]] | None:
    """The family a type string names and the configuration it carries; None when it is no type string."""
    written = TYPE_STRING.fullmatch(text)
    if written is None:
        return None
    byteorder, character, size, scale, unit = written.groups()
    family = FAMILIES.get(character)
    if family is None:
        return None
    configuration: dict[str, JSONValue] = {"byteorder": byteorder}
    if family == "object":
        if size not in ("", "8") or unit is not None:
            return None
        return family, configuration
    if size == "" or (size.startswith("0") and size != "0"):
        return None
    itemsize = decimal(size)
    if itemsize is None:
        return None
    configuration["itemsize"] = itemsize
    if unit is not None:
        if family not in ("datetime64", "timedelta64") or scale.startswith("0"):
            return None
        configuration["unit"] = unit
        if scale:
            scale_factor = decimal(scale)
            if scale_factor is None:
                return None
            configuration["scale_factor"] = scale_factor
    return family, configuration


def type_string_of(family: str, configuration: Mapping[str, JSONValue]) -> str:
    """The type string of a family with a configuration, as `type_string_configuration` reads it back."""
    text = f"{configuration['byteorder']}{KIND_CHARACTERS[family]}"
    if family == "object":
        return text
    text += str(configuration["itemsize"])
    unit = configuration.get("unit")
    if unit is not None:
        scale = configuration.get("scale_factor")
        text += f"[{'' if scale is None else scale}{unit}]"
    return text


class _V2Field(Definition[C]):
    """What every v2 kind shares: the format it reads."""

    zarr_format: ClassVar[int | None] = 2


@dataclasses.dataclass(frozen=True, kw_only=True, repr=False)
class ZarrV2DataTypeDefinition(WithFillValue[C], _V2Field[C]):
    """A v2 data type family (`int`, `float`, `bytes`, `struct`, ...), and the fill value of an array of it.

    Its configuration is what the type string carries (`byteorder`,
    `itemsize`, a time's `unit` and `scale_factor`), or a structured type's
    `fields`. A definition is filed under its family's name.
    """

    label: ClassVar[str] = "data type"
    field_aliases: ClassVar[tuple[TypeAliasType, ...]] = (ZarrV2DataTypeField,)
    is_kind: ClassVar[bool] = True
    moves_configuration: ClassVar[bool] = True

    @classmethod
    def filed_under(cls, name: str) -> tuple[str | None, Mapping[str, JSONValue] | None]:
        if name == STRUCT_NAME:
            return STRUCT_NAME, None
        read = type_string_configuration(name)
        if read is None:
            return None, None
        return read[0], FrozenObject(read[1])

    @classmethod
    def read_envelope(
        cls, value: object, loc: Loc, problems: list[ValidationProblem]
    ) -> tuple[str | None, object]:
        if isinstance(value, str):
            if value == STRUCT_NAME:
                # Not a type string: the name a list of fields is filed under.
                problems.append(cls._not_a_type_string(value, loc))
                return None, UNSET
            return str(value), UNSET
        if isinstance(value, list | tuple):
            return STRUCT_NAME, {"fields": cast("Sequence[object]", value)}
        problems.append(
            ValidationProblem(
                loc,
                f'expected a data type: a NumPy type string such as "<f8", or a list of fields, got {shown(value)}',
                "invalid_type",
                input=_as_json(value),
            )
        )
        return None, UNSET

    @classmethod
    def configuration_loc(cls, loc: Loc) -> Loc:
        return loc

    @classmethod
    def nested_loc(cls, loc: Loc, path: Loc) -> Loc:
        # A structured type writes its fields as the field itself.
        if path[:1] == ("fields",):
            return (*loc, *path[1:])
        return (*loc, *path)

    @classmethod
    def written_json(cls, value: object, configuration: object) -> JSONValue | UNSET:
        if isinstance(value, str):
            return str(value)
        if isinstance(configuration, Mapping):
            return cast("Mapping[str, JSONValue]", configuration)["fields"]
        return _scalar_json(value)

    @classmethod
    def written_configuration(cls, json: JSONValue) -> Mapping[str, JSONValue]:
        if isinstance(json, str):
            read = type_string_configuration(json)
            return FrozenObject() if read is None else FrozenObject(read[1])
        if isinstance(json, tuple | list):
            return FrozenObject({"fields": json})
        return FrozenObject()

    @classmethod
    def envelope_json(cls, name: str, configuration: Mapping[str, JSONValue]) -> JSONValue:
        if name == STRUCT_NAME:
            return configuration["fields"]
        return type_string_of(name, configuration)

    @classmethod
    def canonical_json(
        cls, name: str, filed: str, configuration: Mapping[str, JSONValue]
    ) -> JSONValue:
        # The type string is written again from the canonical configuration,
        # so "<i1" and "|i1" spell one type.
        return cls.envelope_json(filed, configuration)

    @classmethod
    def name_problem(cls, name: str, value: object, loc: Loc) -> ValidationProblem | None:
        if type_string_configuration(name) is not None:
            return None  # a type string of a family nothing in scope claims
        return cls._not_a_type_string(name, loc)

    @classmethod
    def _not_a_type_string(cls, name: str, loc: Loc) -> ValidationProblem:
        digits = too_many_digits(name)
        if digits is not None:
            message = (
                f"expected a NumPy type string whose numbers have at most {MOST_DIGITS} digits, "
                f"got {shown(name)}, with a number of {digits} digits: too long to be a size"
            )
        elif name in _V3_NAMES:
            message = (
                f'expected a NumPy type string such as "<f8", got {shown(name)}, the name of a Zarr v3 data '
                "type, which a v2 document cannot hold"
            )
        else:
            message = (
                "expected a NumPy type string: a byte order (<, > or |), a kind (b, i, u, f, c, S, U, V, O, M, m) "
                f'and a size, such as "<f8" or "<M8[ns]", got {shown(name)}'
            )
        return ValidationProblem(loc, message, "invalid_value", input=name)


@dataclasses.dataclass(frozen=True, kw_only=True, repr=False)
class ZarrV2CodecDefinition(_V2Field[C]):
    """A numcodecs codec, by its `id`: a compressor, or one of an array's filters."""

    label: ClassVar[str] = "codec"
    is_kind: ClassVar[bool] = True
    fills_defaults: ClassVar[bool] = True

    @classmethod
    def read_envelope(
        cls, value: object, loc: Loc, problems: list[ValidationProblem]
    ) -> tuple[str | None, object]:
        if not isinstance(value, Mapping):
            problems.append(
                ValidationProblem(
                    loc,
                    f"expected a codec, an object with an id, got {shown(value)}",
                    "invalid_type",
                    input=_as_json(value),
                )
            )
            return None, UNSET
        members = cast("Mapping[object, object]", value)
        name = members.get("id", UNSET)
        configuration: dict[str, object] = {}
        for key, item in members.items():
            if not isinstance(key, str):
                problems.append(
                    ValidationProblem(
                        loc,
                        f"expected object keys to be strings, got the key {shown(key)}",
                        "invalid_type",
                    )
                )
            elif key != "id":
                configuration[str(key)] = item
        if name is UNSET:
            problems.append(
                ValidationProblem(
                    (*loc, "id"), "expected the codec's id, found none", "missing_key"
                )
            )
            return None, configuration
        if not isinstance(name, str):
            problems.append(
                ValidationProblem(
                    (*loc, "id"),
                    f"expected a string, got {shown(name)}",
                    "invalid_type",
                    input=_as_json(name),
                )
            )
            return None, configuration
        return str(name), configuration

    @classmethod
    def configuration_loc(cls, loc: Loc) -> Loc:
        return loc

    @classmethod
    def written_json(cls, value: object, configuration: object) -> JSONValue | UNSET:
        if not isinstance(value, Mapping) or not isinstance(configuration, Mapping):
            return _scalar_json(cast(object, value))
        members = cast("Mapping[object, object]", configuration)
        written: dict[str, object] = {}
        for key, item in cast("Mapping[object, object]", value).items():
            if key == "id":
                written["id"] = item
            elif key in members:
                written[cast(str, key)] = members[key]
            else:  # a key that is no string, which the envelope has refused
                return UNSET
        return FrozenObject(written)

    @classmethod
    def written_configuration(cls, json: JSONValue) -> Mapping[str, JSONValue]:
        if isinstance(json, Mapping):
            return FrozenObject(
                {
                    key: item
                    for key, item in cast("Mapping[str, JSONValue]", json).items()
                    if key != "id"
                }
            )
        return FrozenObject()

    @classmethod
    def envelope_json(cls, name: str, configuration: Mapping[str, JSONValue]) -> JSONValue:
        return FrozenObject({"id": name, **configuration})

    @classmethod
    def name_problem(cls, name: str, value: object, loc: Loc) -> ValidationProblem | None:
        if name:
            return None
        return ValidationProblem(
            (*loc, "id"), "expected a codec id, got the empty string", "invalid_value", input=name
        )


def _scalar_json(value: object) -> JSONValue | UNSET:
    """A refused field written as something other than its kind's form, kept when it is a JSON scalar.

    An array or object there was refused whole; judging it as JSON from its
    own root would lose how deep in the document it sits.
    """
    if isinstance(value, list | tuple | Mapping):
        return UNSET
    refined, found = refine(value, JSONValue)
    return UNSET if found else cast(JSONValue, refined)


def _as_json(value: object) -> JSONValue:
    """`value` as a problem's input: itself refined when it is JSON, else null."""
    return cast(JSONValue, refine(value, JSONValue)[0])


ZarrV2Kind: TypeAlias = ZarrV2DataTypeDefinition[Any] | ZarrV2CodecDefinition[Any]
"""A definition of a kind of v2 field."""

V2_KINDS: tuple[type[Definition[Any]], ...] = (ZarrV2DataTypeDefinition, ZarrV2CodecDefinition)
