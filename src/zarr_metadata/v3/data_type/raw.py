"""The raw bits data types, written r8, r16, ...: opaque values of a fixed number of bits.

The specification's table of data types writes them `r*`. A document
writes `r` and the size in bits, and `r16` is read by the definition
filed under `r*` with the configuration `{"bits": 16}`, which the name
carries.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Final, NewType

from annotated_types import Interval
from typing_extensions import TypedDict

from zarr_metadata._json import decimal
from zarr_metadata.definition import Nested
from zarr_metadata.problems import ValidationProblem, shown
from zarr_metadata.v3._field_kinds import RAW_BYTES_NAME, RAW_BYTES_NAME_PATTERN
from zarr_metadata.v3.data_type._integer import single_byte
from zarr_metadata.v3.definition import DataTypeDefinition

__all__ = [
    "RAW_BYTES_DATA_TYPE",
    "RawBytesConfiguration",
    "RawBytesDataTypeName",
    "RawBytesFillValue",
    "raw_bytes_dtype_name",
]


class RawBytesConfiguration(TypedDict, closed=True):
    """The configuration a raw bits name carries: `r16` carries `{"bits": 16}`."""

    bits: int
    """The size of a value in bits: a positive multiple of 8."""


RawBytesDataTypeName = NewType("RawBytesDataTypeName", str)
"""The name of raw bits of one size, as a document writes it: `r` and a positive multiple of 8."""

RawBytesFillValue = tuple[Annotated[int, Interval(ge=0, le=255)], ...]
"""A fill value of raw bits: its bytes, one integer in [0, 255] each, bits / 8 of them."""


def raw_bytes_dtype_name(value: str) -> RawBytesDataTypeName:
    """`value` as a RawBytesDataTypeName, if it is `r` and a positive multiple of 8; else ValueError."""
    written = RAW_BYTES_NAME_PATTERN.fullmatch(value)
    bits = None if written is None else decimal(written.group(1))
    if bits is None or not _is_raw_bits_size(bits):
        msg = f'expected "r" and a positive multiple of 8 (the size in bits), got {shown(value)}'
        raise ValueError(msg)
    return RawBytesDataTypeName(value)


def _is_raw_bits_size(bits: int) -> bool:
    return bits > 0 and bits % 8 == 0


def _rules(configuration: RawBytesConfiguration, nested: Nested) -> Iterator[ValidationProblem]:
    bits = configuration["bits"]
    if not _is_raw_bits_size(bits):
        yield ValidationProblem(
            ("bits",),
            f"expected raw bits of a positive multiple of 8 bits, got {shown(bits)}",
            "invalid_value",
            input=bits,
        )


def _fill_value_rules(
    configuration: RawBytesConfiguration, nested: Nested, value: tuple[int, ...]
) -> Iterator[ValidationProblem]:
    size = configuration["bits"] // 8
    if len(value) != size:
        yield ValidationProblem(
            (),
            f"expected an array of exactly {size} bytes for r{configuration['bits']}, "
            f"got {len(value)}",
            "invalid_value",
            input=value,
            ctx={"length": size},
        )


RAW_BYTES_DATA_TYPE: Final = DataTypeDefinition(
    name=RAW_BYTES_NAME,
    configuration=RawBytesConfiguration,
    rules=_rules,
    fill_value=RawBytesFillValue,
    fill_value_rules=_fill_value_rules,
    storage=single_byte,
)
"""The definition of raw bits, filed under `r*`: it reads `r8`, `r16`, and every other size."""
