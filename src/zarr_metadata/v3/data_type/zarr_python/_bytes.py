"""What zarr-python's byte string data types share: the size they are configured with, and fill values written in base64."""

from __future__ import annotations

import base64
import binascii
import dataclasses
from collections.abc import Mapping
from typing import Annotated, Any

from annotated_types import Interval

from zarr_metadata.definition import Nested
from zarr_metadata.problems import ValidationProblem, shown
from zarr_metadata.typed_json import JSONValue
from zarr_metadata.v3.data_type._integer import single_byte
from zarr_metadata.v3.data_type.bytes import Base64Bytes
from zarr_metadata.v3.definition import DataTypeDefinition

LengthBytes = Annotated[int, Interval(ge=1, le=2**31 - 1)]
"""The size of a value in bytes: at least 1, as zarr-python requires, and below 2**31, the largest size NumPy gives a type."""


def decoded(value: str) -> bytes | None:
    """The bytes `value` writes in base64 (RFC 4648, standard alphabet, padded); None when it is not base64."""
    try:
        # validate=True refuses characters outside the alphabet, which the
        # default silently drops; so "a!b=" is not read as "ab==".
        return base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        # ValueError: b64decode takes only ASCII text.
        return None


def encoded(data: bytes) -> str:
    """`data` written in base64: one spelling for strings that differ only in the unused bits of their last character ("YR==" and "YQ==")."""
    return base64.b64encode(data).decode("ascii")


def not_base64(value: str) -> ValidationProblem:
    """The problem of a fill value that should be base64 and is not."""
    message = (
        f"expected bytes written in base64 (standard alphabet, padded with =), got {shown(value)}"
    )
    return ValidationProblem((), message, "invalid_value", input=value)


def length_problems(
    value: str, size: int, at_most: bool, what: str
) -> tuple[ValidationProblem, ...]:
    """The problems of a base64 fill value that is not base64, or writes more than `size` bytes or (unless `at_most`) fewer."""
    data = decoded(value)
    if data is None:
        return (not_base64(value),)
    if len(data) == size or (at_most and len(data) < size):
        return ()
    expected = f"at most {size}" if at_most else f"exactly {size}"
    message = (
        f"expected base64 of {expected} bytes for {what}, got {len(data)} bytes: {shown(value)}"
    )
    return (ValidationProblem((), message, "invalid_value", input=value, ctx={"length": size}),)


@dataclasses.dataclass(frozen=True)
class _FillValueRules:
    """The rule of a fill value of fixed-size bytes: exactly `length_bytes` long, or at most (`padded`: zero bytes end a shorter one).

    Hooks are frozen values, not closures, so that definitions pickle and compare equal.
    """

    name: str
    padded: bool

    def __call__(
        self, configuration: Mapping[str, Any], nested: Nested, value: str
    ) -> tuple[ValidationProblem, ...]:
        size = configuration["length_bytes"]
        return length_problems(value, size, self.padded, f"{self.name} of length_bytes {size}")


@dataclasses.dataclass(frozen=True)
class _FillValueCanonical:
    """The base64 of the bytes; of a padded value, without the zero bytes that end it, as zarr-python writes it ("" for all zeros)."""

    padded: bool

    def __call__(self, configuration: Mapping[str, Any], nested: Nested, value: str) -> JSONValue:
        data = decoded(value)
        if data is None:
            return value  # unreachable: the fill value rules refuse it
        return encoded(data.rstrip(b"\x00") if self.padded else data)


def fixed_bytes_data_type(
    name: str, configuration: type[Any], *, padded: bool
) -> DataTypeDefinition[Any]:
    """The definition of a zarr-python data type of values of `length_bytes` bytes under `name`; `padded` when a shorter value is padded with zero bytes."""
    return DataTypeDefinition(
        name=name,
        configuration=configuration,
        fill_value=Base64Bytes,
        fill_value_rules=_FillValueRules(name, padded),
        fill_value_canonical=_FillValueCanonical(padded),
        storage=single_byte,
    )
