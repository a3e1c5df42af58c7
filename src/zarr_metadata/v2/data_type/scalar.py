"""The v2 number families (bool, int, uint, float, complex): NumPy type strings such as "|b1", "<i4", ">f8", "<c16".

A type string is a byte order, a kind character and a size in bytes, and
it carries the configuration `{"byteorder", "itemsize"}`: `"<i4"` is the
int of 4 bytes, little-endian. Each family takes the sizes NumPy gives it
on every platform (int and uint 1, 2, 4, 8; float 2, 4, 8; complex 8,
16; bool 1). A number of several bytes must say its byte order, `<` or
`>`: `"|i4"` says none. A single byte has none, so `"<i1"`, `">i1"` and
`"|i1"` are one type, whose canonical spelling is `"|i1"`, as NumPy
writes it.

Fill values are written as zarr-python writes them: a JSON boolean for
bool, an integer for int and uint, a number or "NaN", "Infinity",
"-Infinity" for float, and `[real, imaginary]` for complex; `null` means
no fill value.
"""

# No `from __future__ import annotations`: TypedDict reads ReadOnly from
# evaluated annotations only, for its __readonly_keys__.

from collections.abc import Collection, Mapping
from typing import Annotated, Any, Final, Literal

from annotated_types import Ge
from typing_extensions import ReadOnly, TypedDict

from zarr_metadata.definition import Nested
from zarr_metadata.problems import ValidationProblem, shown
from zarr_metadata.typed_json import JSONValue
from zarr_metadata.v2._field_kinds import type_string_of
from zarr_metadata.v2.definition import ZarrV2DataTypeDefinition
from zarr_metadata.v3.data_type._float_fill import (
    canonical_complex_fill,
    canonical_fill,
    complex_fill_problems,
    fill_problems,
)
from zarr_metadata.v3.data_type._float_format import ieee_format

__all__ = [
    "BOOL_DATA_TYPE_V2",
    "COMPLEX_DATA_TYPE_V2",
    "FLOAT_DATA_TYPE_V2",
    "INT_DATA_TYPE_V2",
    "UINT_DATA_TYPE_V2",
    "ZarrV2ByteOrder",
    "ZarrV2ComplexComponent",
    "ZarrV2ComplexFillValue",
    "ZarrV2FloatFillValue",
    "ZarrV2FloatSpecial",
    "ZarrV2ScalarConfiguration",
]

ZarrV2ByteOrder = Literal["<", ">", "|"]
"""The byte order a type string starts with: little-endian, big-endian, or none (a single byte, or bytes as they are)."""

ZarrV2FloatSpecial = Literal["NaN", "Infinity", "-Infinity"]
"""The names of the float values JSON has no number for."""

ZarrV2FloatFillValue = float | int | ZarrV2FloatSpecial | None
"""A fill value of float: a finite number the type can hold, a special name, or null for none."""

ZarrV2ComplexComponent = float | int | ZarrV2FloatSpecial
"""One component of a complex fill value, spelled as a float fill value is."""

ZarrV2ComplexFillValue = tuple[ZarrV2ComplexComponent, ZarrV2ComplexComponent] | None
"""A fill value of complex: its real and imaginary components, in that order, or null for none."""


class ZarrV2ScalarConfiguration(TypedDict, closed=True):
    """What a type string of a fixed size carries: `"<i4"` carries `{"byteorder": "<", "itemsize": 4}`."""

    byteorder: ReadOnly[ZarrV2ByteOrder]
    itemsize: ReadOnly[Annotated[int, Ge(0)]]
    """The size of a value in bytes; for the str family ("U"), in characters."""


_WIDTHS: Final = (16, 32, 64)
"""The widths in bits of the IEEE floats a fill value is judged at; the rules refuse every other size before a fill value is read."""

_ORDERED: Final = ("<", ">")
"""The byte orders that say which end comes first."""


def _article(family: str) -> str:
    """A family named with its article, for a message: "an int", "a float"."""
    return f"{'an' if family[0] in 'aeiou' else 'a'} {family}"


def byteorder_problems(
    family: str, configuration: Mapping[str, Any], what: str
) -> tuple[ValidationProblem, ...]:
    """The problem of a type string of `family`, whose values take several bytes (`what` says so), that says no byte order."""
    if configuration["byteorder"] in _ORDERED:
        return ()
    text = type_string_of(family, configuration)
    rest = text[1:]
    message = f'expected "<{rest}" or ">{rest}": {what} is stored in a byte order, which "|" leaves unsaid, got {shown(text)}'
    return (ValidationProblem(("byteorder",), message, "invalid_value", input=text),)


def itemsize_problems(
    family: str, configuration: Mapping[str, Any], sizes: Collection[int], example: str
) -> tuple[ValidationProblem, ...]:
    """The problem of a type string of `family` whose size is none of `sizes`."""
    if configuration["itemsize"] in sizes:
        return ()
    text = type_string_of(family, configuration)
    written = [str(size) for size in sizes]
    listed = written[0] if len(written) == 1 else f"{', '.join(written[:-1])} or {written[-1]}"
    unit = "byte" if written == ["1"] else "bytes"
    message = f"expected {_article(family)} of {listed} {unit}, such as {shown(example)}, got {shown(text)}"
    return (
        ValidationProblem(
            ("itemsize",), message, "invalid_value", input=text, ctx={"itemsizes": list(sizes)}
        ),
    )


def _number_rules(
    family: str, configuration: ZarrV2ScalarConfiguration, sizes: Collection[int], example: str
) -> tuple[ValidationProblem, ...]:
    """The problems of a number type string: its size, then, when it has several bytes, its byte order."""
    wrong_size = itemsize_problems(family, configuration, sizes, example)
    if wrong_size:
        return wrong_size
    itemsize = configuration["itemsize"]
    if itemsize == 1:
        return ()
    return byteorder_problems(family, configuration, f"{_article(family)} of {itemsize} bytes")


def _canonical(configuration: ZarrV2ScalarConfiguration) -> ZarrV2ScalarConfiguration:
    """A single byte has no byte order: every one it is written with is spelled "|", as NumPy writes it."""
    if configuration["itemsize"] == 1 and configuration["byteorder"] != "|":
        return {"byteorder": "|", "itemsize": 1}
    return configuration


def _bool_rules(
    configuration: ZarrV2ScalarConfiguration, nested: Nested
) -> tuple[ValidationProblem, ...]:
    return itemsize_problems("bool", configuration, (1,), "|b1")


def _int_rules(
    configuration: ZarrV2ScalarConfiguration, nested: Nested
) -> tuple[ValidationProblem, ...]:
    return _number_rules("int", configuration, (1, 2, 4, 8), "<i4")


def _uint_rules(
    configuration: ZarrV2ScalarConfiguration, nested: Nested
) -> tuple[ValidationProblem, ...]:
    return _number_rules("uint", configuration, (1, 2, 4, 8), "<u4")


def _float_rules(
    configuration: ZarrV2ScalarConfiguration, nested: Nested
) -> tuple[ValidationProblem, ...]:
    # "<f16" and "<c32" are NumPy's long double, whose size and layout differ
    # from platform to platform, so a document cannot say what it stores.
    return _number_rules("float", configuration, (2, 4, 8), "<f8")


def _complex_rules(
    configuration: ZarrV2ScalarConfiguration, nested: Nested
) -> tuple[ValidationProblem, ...]:
    return _number_rules("complex", configuration, (8, 16), "<c16")


def _integer_fill_value_rules(
    family: str, configuration: ZarrV2ScalarConfiguration, value: int | None
) -> tuple[ValidationProblem, ...]:
    if value is None:
        return ()
    bits = 8 * configuration["itemsize"]
    low, high = (-(2 ** (bits - 1)), 2 ** (bits - 1) - 1) if family == "int" else (0, 2**bits - 1)
    if low <= value <= high:
        return ()
    text = type_string_of(family, configuration)
    message = f"expected an integer in [{low}, {high}] for {shown(text)}, got {shown(value)}"
    return (
        ValidationProblem((), message, "invalid_value", input=value, ctx={"ge": low, "le": high}),
    )


def _int_fill_value_rules(
    configuration: ZarrV2ScalarConfiguration, nested: Nested, value: int | None
) -> tuple[ValidationProblem, ...]:
    return _integer_fill_value_rules("int", configuration, value)


def _uint_fill_value_rules(
    configuration: ZarrV2ScalarConfiguration, nested: Nested, value: int | None
) -> tuple[ValidationProblem, ...]:
    return _integer_fill_value_rules("uint", configuration, value)


def _float_fill_value_rules(
    configuration: ZarrV2ScalarConfiguration, nested: Nested, value: float | str | None
) -> tuple[ValidationProblem, ...]:
    width = 8 * configuration["itemsize"]
    if value is None or width not in _WIDTHS:
        return ()
    return fill_problems(value, ieee_format(width), ())


def _float_fill_value_canonical(
    configuration: ZarrV2ScalarConfiguration, nested: Nested, value: float | str | None
) -> JSONValue:
    width = 8 * configuration["itemsize"]
    if value is None or width not in _WIDTHS:
        return value
    return canonical_fill(value, ieee_format(width))


def _complex_fill_value_rules(
    configuration: ZarrV2ScalarConfiguration,
    nested: Nested,
    value: tuple[float | str, float | str] | None,
) -> tuple[ValidationProblem, ...]:
    width = 4 * configuration["itemsize"]
    if value is None or width not in _WIDTHS:
        return ()
    return complex_fill_problems(value, ieee_format(width), (), f"a complex{2 * width} component")


def _complex_fill_value_canonical(
    configuration: ZarrV2ScalarConfiguration,
    nested: Nested,
    value: tuple[float | str, float | str] | None,
) -> JSONValue:
    width = 4 * configuration["itemsize"]
    if value is None or width not in _WIDTHS:
        return value
    return canonical_complex_fill(value, ieee_format(width))


BOOL_DATA_TYPE_V2: Final = ZarrV2DataTypeDefinition(
    name="bool",
    configuration=ZarrV2ScalarConfiguration,
    rules=_bool_rules,
    canonical=_canonical,
    fill_value=bool | None,  # never 0 or 1
)
"""The definition of bool ("|b1"): true or false, one byte per value."""

INT_DATA_TYPE_V2: Final = ZarrV2DataTypeDefinition(
    name="int",
    configuration=ZarrV2ScalarConfiguration,
    rules=_int_rules,
    canonical=_canonical,
    fill_value=int | None,
    fill_value_rules=_int_fill_value_rules,
)
"""The definition of int ("<i4" and its kin): signed integers of 1, 2, 4 or 8 bytes."""

UINT_DATA_TYPE_V2: Final = ZarrV2DataTypeDefinition(
    name="uint",
    configuration=ZarrV2ScalarConfiguration,
    rules=_uint_rules,
    canonical=_canonical,
    fill_value=int | None,
    fill_value_rules=_uint_fill_value_rules,
)
"""The definition of uint ("<u4" and its kin): unsigned integers of 1, 2, 4 or 8 bytes."""

FLOAT_DATA_TYPE_V2: Final = ZarrV2DataTypeDefinition(
    name="float",
    configuration=ZarrV2ScalarConfiguration,
    rules=_float_rules,
    canonical=_canonical,
    fill_value=ZarrV2FloatFillValue,
    fill_value_rules=_float_fill_value_rules,
    fill_value_canonical=_float_fill_value_canonical,
)
"""The definition of float ("<f8" and its kin): IEEE 754 binary floats of 2, 4 or 8 bytes."""

COMPLEX_DATA_TYPE_V2: Final = ZarrV2DataTypeDefinition(
    name="complex",
    configuration=ZarrV2ScalarConfiguration,
    rules=_complex_rules,
    canonical=_canonical,
    fill_value=ZarrV2ComplexFillValue,
    fill_value_rules=_complex_fill_value_rules,
    fill_value_canonical=_complex_fill_value_canonical,
)
"""The definition of complex ("<c16" and "<c8"): two IEEE 754 binary floats of 8 or 4 bytes, real then imaginary."""
