"""The float16 data type: IEEE 754 binary16 floating-point numbers."""

from __future__ import annotations

from typing import Final, Literal

from zarr_metadata._json import JSONValue, ValidationProblem
from zarr_metadata.definition._definition import EmptyConfiguration
from zarr_metadata.definition._fields import Nested
from zarr_metadata.v3._definition import DataTypeDefinition
from zarr_metadata.v3.data_type._ieee import (
    CANONICAL_NAN_HEX_FLOAT16,
    CANONICAL_NEGATIVE_INFINITY_HEX_FLOAT16,
    CANONICAL_POSITIVE_INFINITY_HEX_FLOAT16,
    HexFloat16,
    canonical_float_fill,
    float_fill_problems,
    hex_float16,
)
from zarr_metadata.v3.data_type._integer import multi_byte

__all__ = [
    "CANONICAL_NAN_HEX_FLOAT16",
    "CANONICAL_NEGATIVE_INFINITY_HEX_FLOAT16",
    "CANONICAL_POSITIVE_INFINITY_HEX_FLOAT16",
    "FLOAT16_DATA_TYPE",
    "FLOAT16_DATA_TYPE_NAME",
    "Float16DataTypeName",
    "Float16FillValue",
    "Float16SpecialFillValue",
    "HexFloat16",
    "hex_float16",
]

FLOAT16_DATA_TYPE_NAME: Final = "float16"
Float16DataTypeName = Literal["float16"]
Float16SpecialFillValue = Literal["NaN", "Infinity", "-Infinity"]
"""The names of the float16 values JSON has no number for."""
Float16FillValue = float | int | Float16SpecialFillValue | HexFloat16
"""A fill value of float16: a finite number, a special name, or "0x" and the bits in hex.

The shape takes any string as a HexFloat16; the fill value rules judge its width.
"""


def _fill_value_rules(
    configuration: EmptyConfiguration, nested: Nested, value: float | str
) -> tuple[ValidationProblem, ...]:
    return float_fill_problems(value, 16, ())


def _fill_value_canonical(
    configuration: EmptyConfiguration, nested: Nested, value: float | str
) -> JSONValue:
    return canonical_float_fill(value, 16)


FLOAT16_DATA_TYPE: Final = DataTypeDefinition(
    name=FLOAT16_DATA_TYPE_NAME,
    configuration=EmptyConfiguration,
    fill_value=Float16FillValue,
    fill_value_rules=_fill_value_rules,
    fill_value_canonical=_fill_value_canonical,
    storage=multi_byte,
)
"""The definition of float16."""
