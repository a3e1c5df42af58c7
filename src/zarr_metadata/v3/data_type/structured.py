"""The structured data type (zarr-extensions): the legacy name of struct, which zarr-python 3 writes, read with its legacy forms.

zarr-python writes each field as a pair, `["x", "float32"]`, the fill
value as base64 of the record's packed bytes, and the bytes codec with no
endian, which means little-endian. The forms of struct are read too: a
field as `{"name": "x", "data_type": "float32"}`, and the fill value as an
object with one member per field. Each field's data type is a data type
field, read in the same scope and located where it sits:
`("data_type", "configuration", "fields", 1, 1)`.
"""

# No `from __future__ import annotations`: TypedDict reads ReadOnly and
# NotRequired from evaluated annotations only.

from collections.abc import Iterable, Mapping
from typing import Any, Final, Literal, NamedTuple, NotRequired, TypeAlias, cast

from typing_extensions import ReadOnly, TypedDict

from zarr_metadata._json import UNSET
from zarr_metadata.definition import (
    AcceptedField,
    Nested,
    ResolvedField,
    canonical_fill_value,
    fill_value_problems,
)
from zarr_metadata.problems import ValidationProblem, shown
from zarr_metadata.typed_json import JSONValue, Loc
from zarr_metadata.v3._field_kinds import RAW_BYTES_NAME
from zarr_metadata.v3.data_type.bytes import Base64Bytes
from zarr_metadata.v3.data_type.struct import StructField
from zarr_metadata.v3.data_type.zarr_python._bytes import (
    decoded,
    encoded,
    length_problems,
    not_base64,
)
from zarr_metadata.v3.definition import (
    DataTypeDefinition,
    StorageClass,
    ZarrV3DataTypeField,
    storage_of,
)

__all__ = [
    "STRUCTURED_DATA_TYPE",
    "STRUCTURED_DATA_TYPE_NAME",
    "Structured",
    "StructuredConfiguration",
    "StructuredDataTypeName",
    "StructuredField",
    "StructuredFieldPair",
    "StructuredFillValue",
]

STRUCTURED_DATA_TYPE_NAME: Final = "structured"
StructuredDataTypeName = Literal["structured"]

StructuredFieldPair: TypeAlias = tuple[str, ZarrV3DataTypeField]
"""One field of a structured type as zarr-python writes it: its name, and the data type of its values."""

StructuredField: TypeAlias = StructuredFieldPair | StructField
"""One field of a structured type: a pair, or an object as struct writes it."""


class StructuredConfiguration(TypedDict, closed=True):
    """The configuration of structured: its fields, in the order their values are laid out."""

    fields: ReadOnly[tuple[StructuredField, ...]]


class Structured(TypedDict, closed=True):
    """A structured data type field as a document writes it."""

    name: Literal["structured"]
    configuration: StructuredConfiguration
    must_understand: NotRequired[bool]


StructuredFillValue = Base64Bytes | Mapping[str, JSONValue]
"""A fill value of structured: a record's packed bytes written in base64, or an object with one fill value per field.

The shape takes any string as Base64Bytes; the fill value rules judge it.
"""


class _Field(NamedTuple):
    """One field of a structured type as read: its name, where its name and its data type sit in the configuration, and its data type."""

    name: str
    name_at: Loc
    type_at: Loc
    data_type: ResolvedField[DataTypeDefinition[Any]]


def _fields(configuration: StructuredConfiguration, nested: Nested) -> list[_Field]:
    """Each field of the structured type, with its data type as the scope read it."""
    found: list[_Field] = []
    for index, field in enumerate(configuration["fields"]):
        if isinstance(field, tuple):
            at: Loc = ("fields", index, 1)
            found.append(_Field(field[0], ("fields", index, 0), at, nested[at]))
        else:
            at = ("fields", index, "data_type")
            found.append(_Field(field["name"], ("fields", index, "name"), at, nested[at]))
    return found


def _rules(configuration: StructuredConfiguration, nested: Nested) -> list[ValidationProblem]:
    problems: list[ValidationProblem] = []
    if len(configuration["fields"]) == 0:
        problems.append(
            ValidationProblem(
                ("fields",),
                "expected a structured type of at least one field, got none",
                "invalid_value",
            )
        )
    seen: set[str] = set()
    for field in _fields(configuration, nested):
        name = field.name
        if name == "":
            problems.append(
                ValidationProblem(
                    field.name_at, "expected a non-empty field name", "invalid_value", input=name
                )
            )
        elif name in seen:
            message = f"expected a name no other field of the structured type has, got {shown(name)} again"
            problems.append(ValidationProblem(field.name_at, message, "invalid_value", input=name))
        seen.add(name)
        if storage_of(field.data_type) == "variable_length":
            # A record's fields are laid out at fixed offsets, which a value
            # of varying size would break.
            message = (
                f"expected a data type whose values have a fixed size, got {field.data_type.name!r}, "
                "whose values vary in size"
            )
            problems.append(ValidationProblem(field.type_at, message, "invalid_value"))
    return problems


def _storage(configuration: StructuredConfiguration, nested: Nested) -> StorageClass | None:
    found = {storage_of(field.data_type) for field in _fields(configuration, nested)}
    if found == {"single_byte"}:
        return "single_byte"
    # A structured type's bytes codec may give no endian, which means
    # little-endian, even for fields of several bytes: so no byte order is
    # required of it, which "multi_byte" would say. Its storage is left
    # unknown instead.
    return None


_ONE_SIZE: Mapping[str, int] = {
    "bool": 1,
    **{name: 1 for name in ("int2", "int4", "int8", "uint2", "uint4", "uint8")},
    **{name: 2 for name in ("int16", "uint16")},
    **{name: 4 for name in ("int32", "uint32")},
    **{name: 8 for name in ("int64", "uint64", "numpy.datetime64", "numpy.timedelta64")},
    "complex64": 8,
    "complex128": 16,
}
_FLOAT_SIZES: Mapping[str, int] = {
    **{
        name: 1
        for name in (
            "float4_e2m1fn",
            "float6_e2m3fn",
            "float6_e3m2fn",
            "float8_e3m4",
            "float8_e4m3",
        )
    },
    **{
        name: 1
        for name in (
            "float8_e4m3fn",
            "float8_e4m3b11fnuz",
            "float8_e4m3fnuz",
            "float8_e5m2",
            "float8_e5m2fnuz",
            "float8_e8m0fnu",
        )
    },
    "float16": 2,
    "bfloat16": 2,
    "float32": 4,
    "float64": 8,
}
_SIZES: Final[Mapping[str, int]] = {
    **_ONE_SIZE,
    **_FLOAT_SIZES,
    **{f"complex_{name}": 2 * size for name, size in _FLOAT_SIZES.items()},
}
"""The size in bytes of a value of each data type whose name says it: as the bytes codec writes it, one byte for types narrower than a byte."""

_LENGTH_BYTES: Final = frozenset({"fixed_length_utf32", "null_terminated_bytes", "raw_bytes"})
_RECORDS: Final = frozenset({"struct", "structured"})


def _size_of(data_type: ResolvedField[DataTypeDefinition[Any]]) -> int | None:
    """The size in bytes of a value of `data_type` (a data type field a scope read); None when unknown."""
    if type(data_type) is not AcceptedField:
        return None
    name = data_type.definition.name
    size = _SIZES.get(name)
    if size is not None:
        return size
    configuration = cast("Mapping[str, Any]", data_type.configuration)
    if name in _LENGTH_BYTES:
        return cast(int, configuration["length_bytes"])
    if name == RAW_BYTES_NAME:
        return cast(int, configuration["bits"]) // 8
    if name in _RECORDS:
        # Every field a record holds is one of its fields' data types.
        return _total(data_type.nested.values())
    return None


def _total(data_types: Iterable[ResolvedField[DataTypeDefinition[Any]]]) -> int | None:
    """The size in bytes of values of each of `data_types` laid end to end; None when one is unknown."""
    total = 0
    for data_type in data_types:
        size = _size_of(data_type)
        if size is None:
            return None
        total += size
    return total


def _fill_value_rules(
    configuration: StructuredConfiguration, nested: Nested, value: str | Mapping[str, JSONValue]
) -> list[ValidationProblem] | tuple[ValidationProblem, ...]:
    fields = _fields(configuration, nested)
    if isinstance(value, str):
        size = _total([field.data_type for field in fields])
        if size is None:
            # A field of unknown size leaves the record's size unknown.
            return () if decoded(value) is not None else (not_base64(value),)
        return length_problems(value, size, False, f"a record of the structured type, {size} bytes")
    problems: list[ValidationProblem] = []
    names: set[str] = set()
    for field in fields:
        name = field.name
        names.add(name)
        if name not in value:
            problems.append(
                ValidationProblem(
                    (name,), f"expected a fill value for the field {shown(name)}", "missing_key"
                )
            )
        else:
            problems.extend(fill_value_problems(field.data_type, value[name], (name,)))
    for key in value:
        if key not in names:
            message = f"expected only the structured type's field names, got {shown(key)}"
            problems.append(ValidationProblem((key,), message, "unknown_key", input=value[key]))
    return problems


def _fill_value_canonical(
    configuration: StructuredConfiguration, nested: Nested, value: str | Mapping[str, JSONValue]
) -> JSONValue:
    """The bytes written in base64 again, or each field's fill value in its canonical spelling, in the order of the fields.

    The two forms are not turned into each other. A field whose data type
    the scope refused has no canonical spelling, so its value is kept as
    written.
    """
    if isinstance(value, str):
        data = decoded(value)
        return value if data is None else encoded(data)
    canonical: dict[str, JSONValue] = {}
    for field in _fields(configuration, nested):
        spelled = canonical_fill_value(field.data_type, value[field.name])
        canonical[field.name] = value[field.name] if spelled is UNSET else spelled
    return canonical


STRUCTURED_DATA_TYPE: Final = DataTypeDefinition(
    name=STRUCTURED_DATA_TYPE_NAME,
    configuration=StructuredConfiguration,
    rules=_rules,
    fill_value=StructuredFillValue,
    fill_value_rules=_fill_value_rules,
    fill_value_canonical=_fill_value_canonical,
    storage=_storage,
)
"""The definition of structured."""
