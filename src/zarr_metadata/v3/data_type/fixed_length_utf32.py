"""The fixed_length_utf32 data type (zarr-extensions): Unicode text of at most a fixed number of code points, four bytes each.

It is NumPy's "<U12" (`{"length_bytes": 48}`). A value is stored as
length_bytes / 4 UTF-32 code units, padded with U+0000 after the text;
each code unit takes four bytes, so the bytes codec must give an endian.
"""

# No `from __future__ import annotations`: TypedDict reads ReadOnly and
# NotRequired from evaluated annotations only.

from typing import Annotated, Final, Literal, NotRequired

from annotated_types import Ge
from typing_extensions import ReadOnly, TypedDict

from zarr_metadata.definition import Nested
from zarr_metadata.problems import ValidationProblem, shown
from zarr_metadata.typed_json import JSONValue
from zarr_metadata.v3.data_type._integer import multi_byte
from zarr_metadata.v3.definition import DataTypeDefinition

__all__ = [
    "FIXED_LENGTH_UTF32_DATA_TYPE",
    "FIXED_LENGTH_UTF32_DATA_TYPE_NAME",
    "FixedLengthUtf32",
    "FixedLengthUtf32Configuration",
    "FixedLengthUtf32DataTypeName",
    "FixedLengthUtf32FillValue",
]

FIXED_LENGTH_UTF32_DATA_TYPE_NAME: Final = "fixed_length_utf32"
FixedLengthUtf32DataTypeName = Literal["fixed_length_utf32"]

_CODE_UNIT_BYTES = 4


class FixedLengthUtf32Configuration(TypedDict, closed=True):
    """The configuration of fixed_length_utf32: the size of a value in bytes, a positive multiple of 4."""

    length_bytes: ReadOnly[Annotated[int, Ge(_CODE_UNIT_BYTES)]]


class FixedLengthUtf32(TypedDict, closed=True):
    """A fixed_length_utf32 data type field as a document writes it."""

    name: Literal["fixed_length_utf32"]
    configuration: FixedLengthUtf32Configuration
    must_understand: NotRequired[bool]


FixedLengthUtf32FillValue = str
"""A fill value of fixed_length_utf32: a JSON string of at most length_bytes / 4 code points."""


def _rules(
    configuration: FixedLengthUtf32Configuration, nested: Nested
) -> tuple[ValidationProblem, ...]:
    size = configuration["length_bytes"]
    if size % _CODE_UNIT_BYTES == 0:
        return ()
    message = f"expected a multiple of 4 (four bytes per code point), got {shown(size)}"
    return (
        ValidationProblem(
            ("length_bytes",), message, "invalid_value", input=size, ctx={"multiple_of": 4}
        ),
    )


def _first_surrogate(value: str) -> int | None:
    """The index of the first surrogate code point in `value`, which UTF-32 cannot encode; None when there is none."""
    for index, character in enumerate(value):
        if "\ud800" <= character <= "\udfff":
            return index
    return None


def _fill_value_rules(
    configuration: FixedLengthUtf32Configuration, nested: Nested, value: str
) -> tuple[ValidationProblem, ...]:
    capacity = configuration["length_bytes"] // _CODE_UNIT_BYTES
    if len(value) > capacity:
        message = (
            f"expected a string of at most {capacity} code points (length_bytes {configuration['length_bytes']}), "
            f"got {len(value)}: {shown(value)}"
        )
        return (
            ValidationProblem(
                (), message, "invalid_value", input=value, ctx={"max_length": capacity}
            ),
        )
    # A lone surrogate (JSON "\ud800") is a code point no UTF-32 code unit may hold.
    if value.isascii() or (at := _first_surrogate(value)) is None:
        return ()
    message = (
        f"expected Unicode text, which UTF-32 can encode, got the surrogate U+{ord(value[at]):04X} "
        f"at code point {at}: {shown(value)}"
    )
    return (ValidationProblem((), message, "invalid_value", input=value),)


def _fill_value_canonical(
    configuration: FixedLengthUtf32Configuration, nested: Nested, value: str
) -> JSONValue:
    """The text without the U+0000 that end it: a value is padded with them, so "a" and "a\\u0000" are one value."""
    return value.rstrip("\x00")


FIXED_LENGTH_UTF32_DATA_TYPE: Final = DataTypeDefinition(
    name=FIXED_LENGTH_UTF32_DATA_TYPE_NAME,
    configuration=FixedLengthUtf32Configuration,
    rules=_rules,
    fill_value=FixedLengthUtf32FillValue,
    fill_value_rules=_fill_value_rules,
    fill_value_canonical=_fill_value_canonical,
    storage=multi_byte,
)
"""The definition of fixed_length_utf32."""
