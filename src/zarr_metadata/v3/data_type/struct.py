"""The struct data type (zarr-extensions): a record of named fields, each of its own data type.

Each field's data type is a data type field, read in the same scope as
the struct and located where it sits:
`("data_type", "configuration", "fields", 1, "data_type")`.
"""

# No `from __future__ import annotations`: TypedDict reads ReadOnly and
# NotRequired from evaluated annotations only, for its __readonly_keys__
# and __optional_keys__.

from collections.abc import Iterator, Mapping
from typing import Any, Final, Literal, NotRequired

from typing_extensions import ReadOnly, TypedDict

from zarr_metadata._json import UNSET
from zarr_metadata.definition import (
    Nested,
    ResolvedField,
    canonical_fill_value,
    fill_value_problems,
)
from zarr_metadata.problems import ValidationProblem, shown
from zarr_metadata.typed_json import JSONValue
from zarr_metadata.v3.definition import (
    DataTypeDefinition,
    StorageClass,
    ZarrV3DataTypeField,
    storage_of,
)

__all__ = [
    "STRUCT_DATA_TYPE",
    "STRUCT_DATA_TYPE_NAME",
    "Struct",
    "StructConfiguration",
    "StructDataTypeName",
    "StructField",
    "StructFillValue",
]

STRUCT_DATA_TYPE_NAME: Final = "struct"
StructDataTypeName = Literal["struct"]


class StructField(TypedDict, closed=True):
    """One field of a struct: its name, and the data type of its values."""

    name: ReadOnly[str]
    data_type: ReadOnly[ZarrV3DataTypeField]


class StructConfiguration(TypedDict, closed=True):
    """The configuration of struct: its fields, in the order their values are laid out."""

    fields: ReadOnly[tuple[StructField, ...]]


class Struct(TypedDict, closed=True):
    """A struct data type field as a document writes it."""

    name: Literal["struct"]
    configuration: StructConfiguration
    must_understand: NotRequired[bool]


StructFillValue = Mapping[str, JSONValue]
"""A fill value of struct: an object with one member per field, each a fill value of that field's data type."""


def _field_types(
    configuration: StructConfiguration, nested: Nested
) -> Iterator[tuple[int, str, ResolvedField[DataTypeDefinition[Any]]]]:
    """Each field's index, name, and data type as the scope read it."""
    for index, field in enumerate(configuration["fields"]):
        yield index, field["name"], nested[("fields", index, "data_type")]


def _rules(configuration: StructConfiguration, nested: Nested) -> Iterator[ValidationProblem]:
    if len(configuration["fields"]) == 0:
        yield ValidationProblem(
            ("fields",), "expected a struct of at least one field, got none", "invalid_value"
        )
    seen: set[str] = set()
    for index, name, data_type in _field_types(configuration, nested):
        if name == "":
            yield ValidationProblem(
                ("fields", index, "name"),
                "expected a non-empty field name",
                "invalid_value",
                input=name,
            )
        elif name in seen:
            yield ValidationProblem(
                ("fields", index, "name"),
                f"expected a name no other field of the struct has, got {shown(name)} again",
                "invalid_value",
                input=name,
            )
        seen.add(name)
        if storage_of(data_type) == "variable_length":
            # A struct's values are laid out at fixed offsets, which a value
            # of varying size would break.
            yield ValidationProblem(
                ("fields", index, "data_type"),
                f"expected a data type whose values have a fixed size, got {data_type.name!r}, "
                "whose values vary in size",
                "invalid_value",
            )


def _storage(configuration: StructConfiguration, nested: Nested) -> StorageClass | None:
    found = {storage_of(data_type) for _, _, data_type in _field_types(configuration, nested)}
    # A field of several bytes needs a byte order whatever the other fields
    # are, so the struct does too, even beside a field of unknown storage.
    if "multi_byte" in found:
        return "multi_byte"
    if None in found:
        return None
    return "single_byte"


def _fill_value_rules(
    configuration: StructConfiguration, nested: Nested, value: Mapping[str, JSONValue]
) -> Iterator[ValidationProblem]:
    names: set[str] = set()
    for _, name, data_type in _field_types(configuration, nested):
        names.add(name)
        if name not in value:
            yield ValidationProblem(
                (name,), f"expected a fill value for the field {shown(name)}", "missing_key"
            )
        else:
            yield from fill_value_problems(data_type, value[name], (name,))
    for key in value:
        if key not in names:
            yield ValidationProblem(
                (key,),
                f"expected only the struct's field names, got {shown(key)}",
                "unknown_key",
                input=value[key],
            )


def _fill_value_canonical(
    configuration: StructConfiguration, nested: Nested, value: Mapping[str, JSONValue]
) -> JSONValue:
    """Each field's fill value in its canonical spelling, in the order of the fields.

    A field whose data type the scope refused has no canonical spelling,
    so its value is kept as written.
    """
    canonical: dict[str, JSONValue] = {}
    for _, name, data_type in _field_types(configuration, nested):
        spelled = canonical_fill_value(data_type, value[name])
        canonical[name] = value[name] if spelled is UNSET else spelled
    return canonical


STRUCT_DATA_TYPE: Final = DataTypeDefinition(
    name=STRUCT_DATA_TYPE_NAME,
    configuration=StructConfiguration,
    rules=_rules,
    fill_value=StructFillValue,
    fill_value_rules=_fill_value_rules,
    fill_value_canonical=_fill_value_canonical,
    storage=_storage,
)
"""The definition of struct."""
