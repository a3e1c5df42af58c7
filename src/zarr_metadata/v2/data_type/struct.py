"""The v2 structured family: a list of fields, each `[name, type]` or `[name, type, shape]`, as NumPy's `descr` writes them.

`[["a", "<i4"], ["b", "<f8", [2, 2]], ["c", [["d", "<i2"]]]]` is a record
of an int32, a 2 by 2 block of float64 and a nested record. The type of
each field is itself a v2 data type, read in the same scope, and located
in the list as written: the type of the second field is at
`("dtype", 1, 1)`, its shape at `("dtype", 1, 2)`. It is read by the
definition filed under `struct`, with the configuration `{"fields":
[...]}`. An empty list is a record of no fields, of size 0.

A name is a string no other field has. A field may go unnamed (the empty
name): NumPy's `descr` writes the padding of an aligned record so
(`["", "|V3"]`), and NumPy and zarr-python read any unnamed field back
named `f` and its index (`f1`); so no field may take the name NumPy gives
an unnamed one.

A field may be of the object family: NumPy allows it, and zarr-python
encodes such a record with the object codec among the array's filters.

A fill value is the record's bytes in base64, as zarr-python writes a
NumPy void value, or `null` for none. The fields are laid out one after
the other, with no padding but the fields that write it, so the record
takes the sizes of its fields, each times the product of its shape. A
record that holds an object field is written by the object codec, whose
output has no fixed size, so only its base64 is judged.
"""

# No `from __future__ import annotations`: TypedDict reads ReadOnly from
# evaluated annotations only, for its __readonly_keys__.

import math
from collections.abc import Mapping
from typing import Annotated, Any, Final

from annotated_types import Ge
from typing_extensions import ReadOnly, TypedDict

from zarr_metadata.definition import AcceptedField, Nested, ResolvedField
from zarr_metadata.problems import ValidationProblem, shown
from zarr_metadata.v2._field_kinds import STRUCT_NAME
from zarr_metadata.v2.data_type.fixed_width import (
    ZarrV2Base64FillValue,
    base64_length_problems,
    canonical_base64,
    decoded_base64,
    not_base64,
)
from zarr_metadata.v2.definition import ZarrV2DataTypeDefinition, ZarrV2DataTypeField

__all__ = [
    "STRUCT_DATA_TYPE_V2",
    "ZarrV2StructConfiguration",
    "ZarrV2StructRecord",
]

ZarrV2StructRecord = (
    tuple[str, ZarrV2DataTypeField, tuple[Annotated[int, Ge(0)], ...]]
    | tuple[str, ZarrV2DataTypeField]
)
"""One field of a structured type: its name, its type, and the shape of the block of values it holds (one value when absent)."""


class ZarrV2StructConfiguration(TypedDict, closed=True):
    """What a structured type writes, as its definition reads it: the list itself, as `fields`."""

    fields: ReadOnly[tuple[ZarrV2StructRecord, ...]]


def _rules(configuration: ZarrV2StructConfiguration, nested: Nested) -> list[ValidationProblem]:
    problems: list[ValidationProblem] = []
    named: dict[
        str, int
    ] = {}  # each name, as NumPy names the fields, and the index of the field it names
    records = configuration["fields"]
    for index, record in enumerate(records):
        written = record[0]
        name = written
        if written == "":
            # NumPy names an unnamed field after its place.
            name = f"f{index}"
        taken = named.get(name)
        if taken is None:
            named[name] = index
            continue
        if written == "":
            message = f"expected a name for the unnamed field, which NumPy names {shown(name)}, the name of the field at index {taken}"
        elif records[taken][0] == "":
            message = f"expected a name NumPy gives no field, got {shown(name)}, the name it gives the unnamed field at index {taken}"
        else:
            message = f"expected a name no other field has, got {shown(name)}, the name of the field at index {taken}"
        problems.append(
            ValidationProblem(("fields", index, 0), message, "invalid_value", input=written)
        )
    return problems


def _itemsize_of(data_type: ResolvedField[Any]) -> int | None:
    """The size in bytes of a value of a data type a scope read; None when it has no fixed size (object) or is not known."""
    if not isinstance(data_type, AcceptedField):
        return None
    family = data_type.definition.name
    if family == STRUCT_NAME:
        return _record_size(data_type.configuration, data_type.nested)
    itemsize = data_type.configuration.get("itemsize")
    if type(itemsize) is not int:
        return None  # object, or a family this package does not define
    # A str type string counts characters; NumPy stores four bytes each.
    return 4 * itemsize if family == "str" else itemsize


def _record_size(configuration: Mapping[str, Any], nested: Nested) -> int | None:
    """The size of a record: its fields one after the other, each its type's size times the product of its shape."""
    records: tuple[tuple[Any, ...], ...] = configuration["fields"]
    total = 0
    for index, record in enumerate(records):
        field = nested.get(("fields", index, 1))
        size = None if field is None else _itemsize_of(field)
        if size is None:
            return None
        shape: tuple[int, ...] = record[2] if len(record) == 3 else ()
        total += size * math.prod(shape)
    return total


def _fill_value_rules(
    configuration: ZarrV2StructConfiguration, nested: Nested, value: str | None
) -> tuple[ValidationProblem, ...]:
    if value is None:
        return ()
    data = decoded_base64(value)
    if data is None:
        return (not_base64(value),)
    size = _record_size(configuration, nested)
    if size is None:
        return ()
    return base64_length_problems(
        value, data, size, False, "the record, its fields' sizes added up"
    )


STRUCT_DATA_TYPE_V2: Final = ZarrV2DataTypeDefinition(
    name=STRUCT_NAME,
    configuration=ZarrV2StructConfiguration,
    rules=_rules,
    fill_value=ZarrV2Base64FillValue,
    fill_value_rules=_fill_value_rules,
    fill_value_canonical=canonical_base64,
)
"""The definition of structured types, filed under `struct`: it reads every list of fields."""
