"""The v2 families of fixed-width strings and opaque bytes: bytes ("|S10"), str ("<U10") and void ("|V10").

A type string carries `{"byteorder", "itemsize"}`. For bytes and void the
size is in bytes; for str it is in characters, as written (`"<U5"` holds
five characters, which NumPy stores in 20 bytes, four per character).
Bytes and void have no byte order, so `<`, `>` and `|` are one type,
spelled `|` as NumPy writes it; str stores each character in four bytes,
so it must say `<` or `>`.

A size of 0 is refused for bytes and str: NumPy reads `"|S0"` and
`"<U0"` as a type whose size is still to be found, and an array made of
it holds `"|S1"` or `"<U1"`, so the document would not say what is
stored. Void of size 0 is refused too: zarr-python fails to open it.

Fill values are written as zarr-python writes them, `null` meaning none.
Bytes and void write their bytes in base64. A bytes value is stored
padded with zero bytes to its size, and zarr-python writes it without
them (`""` for all zeros), so it may be shorter than the size. A void
value is written whole: exactly its size. A str value is written as a
JSON string of at most its size in characters.
"""

# No `from __future__ import annotations`: TypedDict reads ReadOnly from
# evaluated annotations only, for its __readonly_keys__.

import base64
import binascii
from typing import Final

from zarr_metadata.definition import Nested
from zarr_metadata.problems import ValidationProblem, shown
from zarr_metadata.typed_json import JSONValue
from zarr_metadata.v2._field_kinds import type_string_of
from zarr_metadata.v2.data_type.scalar import ZarrV2ScalarConfiguration, byteorder_problems
from zarr_metadata.v2.definition import ZarrV2DataTypeDefinition

__all__ = [
    "BYTES_DATA_TYPE_V2",
    "STR_DATA_TYPE_V2",
    "VOID_DATA_TYPE_V2",
    "ZarrV2Base64FillValue",
]

ZarrV2Base64FillValue = str | None
"""A fill value of bytes, void or a structured type: its bytes in base64 (RFC 4648, standard alphabet, padded), or null for none.

The shape takes any string; the fill value rules judge it.
"""


def decoded_base64(value: str) -> bytes | None:
    """The bytes `value` writes in base64; None when it is not base64."""
    try:
        # validate=True refuses characters outside the alphabet, which the
        # default silently drops; so "a!b=" is not read as "ab==".
        return base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        # ValueError: b64decode takes only ASCII text.
        return None


def not_base64(value: str) -> ValidationProblem:
    """The problem of a fill value that should be base64 and is not."""
    message = (
        f"expected bytes written in base64 (standard alphabet, padded with =), got {shown(value)}"
    )
    return ValidationProblem((), message, "invalid_value", input=value)


def base64_length_problems(
    value: str, data: bytes, size: int, at_most: bool, what: str
) -> tuple[ValidationProblem, ...]:
    """The problem of base64 `value`, which writes `data`, when it writes more than `size` bytes, or (unless `at_most`) fewer."""
    if len(data) == size or (at_most and len(data) < size):
        return ()
    expected = f"at most {size}" if at_most else f"exactly {size}"
    message = f"expected {expected} bytes for {what}, got {len(data)}: {shown(value)}"
    return (ValidationProblem((), message, "invalid_value", input=value, ctx={"length": size}),)


def _positive_size(
    family: str, configuration: ZarrV2ScalarConfiguration, example: str
) -> tuple[ValidationProblem, ...]:
    if configuration["itemsize"] > 0:
        return ()
    text = type_string_of(family, configuration)
    message = (
        f"expected a size of at least 1, such as {shown(example)}, got {shown(text)}, which NumPy reads as a size "
        "still to be found"
    )
    return (ValidationProblem(("itemsize",), message, "invalid_value", input=text, ctx={"ge": 1}),)


def _bytes_rules(
    configuration: ZarrV2ScalarConfiguration, nested: Nested
) -> tuple[ValidationProblem, ...]:
    return _positive_size("bytes", configuration, "|S10")


def _void_rules(
    configuration: ZarrV2ScalarConfiguration, nested: Nested
) -> tuple[ValidationProblem, ...]:
    if configuration["itemsize"] > 0:
        return ()
    text = type_string_of("void", configuration)
    message = (
        f'expected a size of at least 1, such as "|V16", got {shown(text)}, a void of no bytes'
    )
    return (ValidationProblem(("itemsize",), message, "invalid_value", input=text, ctx={"ge": 1}),)


def _str_rules(
    configuration: ZarrV2ScalarConfiguration, nested: Nested
) -> tuple[ValidationProblem, ...]:
    wrong_size = _positive_size("str", configuration, "<U10")
    if wrong_size:
        return wrong_size
    return byteorder_problems("str", configuration, "a str, four bytes per character,")


def _canonical_unordered(configuration: ZarrV2ScalarConfiguration) -> ZarrV2ScalarConfiguration:
    """Bytes as they are have no byte order: every one they are written with is spelled "|", as NumPy writes it."""
    if configuration["byteorder"] == "|":
        return configuration
    return {"byteorder": "|", "itemsize": configuration["itemsize"]}


def _bytes_fill_value_rules(
    configuration: ZarrV2ScalarConfiguration, nested: Nested, value: str | None
) -> tuple[ValidationProblem, ...]:
    if value is None:
        return ()
    data = decoded_base64(value)
    if data is None:
        return (not_base64(value),)
    return base64_length_problems(
        value, data, configuration["itemsize"], True, shown(type_string_of("bytes", configuration))
    )


def _bytes_fill_value_canonical(
    configuration: ZarrV2ScalarConfiguration, nested: Nested, value: str | None
) -> JSONValue:
    """The base64 of the bytes without the zero bytes that pad them, as zarr-python writes a bytes value."""
    data = None if value is None else decoded_base64(value)
    if data is None:
        return value
    return base64.b64encode(data.rstrip(b"\x00")).decode("ascii")


def _void_fill_value_rules(
    configuration: ZarrV2ScalarConfiguration, nested: Nested, value: str | None
) -> tuple[ValidationProblem, ...]:
    if value is None:
        return ()
    data = decoded_base64(value)
    if data is None:
        return (not_base64(value),)
    return base64_length_problems(
        value, data, configuration["itemsize"], False, shown(type_string_of("void", configuration))
    )


def canonical_base64(configuration: object, nested: Nested, value: str | None) -> JSONValue:
    """The base64 of the bytes encoded again: one spelling for strings that differ only in the unused bits of their last character ("YR==" and "YQ==")."""
    data = None if value is None else decoded_base64(value)
    if data is None:
        return value
    return base64.b64encode(data).decode("ascii")


def _str_fill_value_rules(
    configuration: ZarrV2ScalarConfiguration, nested: Nested, value: str | None
) -> tuple[ValidationProblem, ...]:
    size = configuration["itemsize"]
    if value is None or len(value) <= size:
        return ()
    text = type_string_of("str", configuration)
    message = (
        f"expected at most {size} characters for {shown(text)}, got {len(value)}: {shown(value)}"
    )
    return (ValidationProblem((), message, "invalid_value", input=value, ctx={"max_length": size}),)


def _str_fill_value_canonical(
    configuration: ZarrV2ScalarConfiguration, nested: Nested, value: str | None
) -> JSONValue:
    """The text without the NUL characters that end it: NumPy pads a str value with them, so "a" and "a\\u0000" are one value."""
    if value is None:
        return None
    return value.rstrip("\x00")


BYTES_DATA_TYPE_V2: Final = ZarrV2DataTypeDefinition(
    name="bytes",
    configuration=ZarrV2ScalarConfiguration,
    rules=_bytes_rules,
    canonical=_canonical_unordered,
    fill_value=ZarrV2Base64FillValue,
    fill_value_rules=_bytes_fill_value_rules,
    fill_value_canonical=_bytes_fill_value_canonical,
)
"""The definition of bytes ("|S10"): byte strings of at most a fixed size, padded with zero bytes."""

STR_DATA_TYPE_V2: Final = ZarrV2DataTypeDefinition(
    name="str",
    configuration=ZarrV2ScalarConfiguration,
    rules=_str_rules,
    fill_value=str | None,
    fill_value_rules=_str_fill_value_rules,
    fill_value_canonical=_str_fill_value_canonical,
)
"""The definition of str ("<U10"): Unicode text of at most a fixed number of characters, four bytes each."""

VOID_DATA_TYPE_V2: Final = ZarrV2DataTypeDefinition(
    name="void",
    configuration=ZarrV2ScalarConfiguration,
    rules=_void_rules,
    canonical=_canonical_unordered,
    fill_value=ZarrV2Base64FillValue,
    fill_value_rules=_void_fill_value_rules,
    fill_value_canonical=canonical_base64,
)
"""The definition of void ("|V10"): opaque values of a fixed number of bytes."""
