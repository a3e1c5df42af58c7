"""The bytes data type (zarr-extensions): byte strings of any length per value."""

from __future__ import annotations

import base64
import binascii
from collections.abc import Iterator
from typing import Annotated, Final, Literal, NewType

from annotated_types import Interval

from zarr_metadata.definition import EmptyConfiguration, Nested
from zarr_metadata.problems import ValidationProblem, shown
from zarr_metadata.typed_json import JSONValue
from zarr_metadata.v3.data_type._integer import variable_length
from zarr_metadata.v3.definition import DataTypeDefinition

__all__ = [
    "BYTES_DATA_TYPE",
    "BYTES_DATA_TYPE_NAME",
    "Base64Bytes",
    "BytesDataTypeName",
    "BytesFillValue",
    "base64_bytes",
]

BYTES_DATA_TYPE_NAME: Final = "bytes"
BytesDataTypeName = Literal["bytes"]

Base64Bytes = NewType("Base64Bytes", str)
"""Bytes written in base64 (RFC 4648, standard alphabet, with padding)."""

BytesFillValue = tuple[Annotated[int, Interval(ge=0, le=255)], ...] | Base64Bytes
"""A fill value of bytes: its bytes, one integer in [0, 255] each, or a base64 string.

The shape takes any string as Base64Bytes; the fill value rules judge it.
"""


def _decoded(value: str) -> bytes | None:
    """The bytes `value` encodes in base64; None when it is not base64."""
    try:
        # validate=True refuses characters outside the alphabet, which the
        # default silently drops; so "a!b=" is not read as "ab==".
        return base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        # ValueError: b64decode takes only ASCII text.
        return None


def base64_bytes(value: str) -> Base64Bytes:
    """`value` as Base64Bytes, if it is base64; else ValueError."""
    if _decoded(value) is None:
        msg = f"expected bytes written in base64, got {shown(value)}"
        raise ValueError(msg)
    return Base64Bytes(value)


def _fill_value_rules(
    configuration: EmptyConfiguration, nested: Nested, value: tuple[int, ...] | str
) -> Iterator[ValidationProblem]:
    if isinstance(value, str) and _decoded(value) is None:
        yield ValidationProblem(
            (),
            f"expected an array of integers in [0, 255] or bytes written in base64, got {shown(value)}",
            "invalid_value",
            input=value,
        )


def _fill_value_canonical(
    configuration: EmptyConfiguration, nested: Nested, value: tuple[int, ...] | str
) -> JSONValue:
    """Always the base64 string of the bytes, which is the shorter spelling of all but the emptiest.

    Re-encoding also gives one spelling to base64 strings that differ only
    in the unused bits of their last character ("YR==" and "YQ==").
    """
    if isinstance(value, str):
        data = _decoded(value)
        if data is None:
            msg = f"{shown(value)} is not base64, which the fill value rules refuse"
            raise ValueError(msg)
    else:
        data = bytes(value)
    return base64.b64encode(data).decode("ascii")


BYTES_DATA_TYPE: Final = DataTypeDefinition(
    name=BYTES_DATA_TYPE_NAME,
    configuration=EmptyConfiguration,
    fill_value=BytesFillValue,
    fill_value_rules=_fill_value_rules,
    fill_value_canonical=_fill_value_canonical,
    storage=variable_length,
)
"""The definition of bytes."""
