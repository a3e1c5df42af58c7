"""The float32 data type: IEEE 754 binary32 floating-point numbers."""

from __future__ import annotations

from typing import Final, Literal

from zarr_metadata._json import JSONValue, ValidationProblem
from zarr_metadata.definition._definition import EmptyConfiguration
from zarr_metadata.definition._fields import Nested
from zarr_metadata.v3._definition import DataTypeDefinition
from zarr_metadata.v3.data_type._ieee import (
    CANONICAL_NAN_HEX_FLOAT32,
    CANONICAL_NEGATIVE_INFINITY_HEX_FLOAT32,
    CANONICAL_POSITIVE_INFINITY_HEX_FLOAT32,
    HexFloat32,
    canonical_float_fill,
    float_fill_problems,
    hex_float32,
)
from zarr_metadata.v3.data_type._integer import multi_byte

__all__ = [
    "CANONICAL_NAN_HEX_FLOAT32",
    "CANONICAL_NEGATIVE_INFINITY_HEX_FLOAT32",
    "CANONICAL_POSITIVE_INFINITY_HEX_FLOAT32",
    "FLOAT32_DATA_TYPE",
    "FLOAT32_DATA_TYPE_NAME",
    "Float32DataTypeName",
    "Float32FillValue",
    "Float32SpecialFillValue",
    "HexFloat32",
    "hex_float32",
]

FLOAT32_DATA_TYPE_NAME: Final = "float32"
Float32DataTypeName = Literal["float32"]
Float32SpecialFillValue = Literal["NaN", "Infinity", "-Infinity"]
"""The names of the float32 values JSON has no number for."""
Float32FillValue = float | int | Float32SpecialFillValue | HexFloat32
"""A fill value of float32: a finite number, a special name, or "0x" and the bits in hex.

The shape takes any string as a HexFloat32; the fill value rules judge its width.
"""


def _fill_value_rules(
    configuration: EmptyConfiguration, nested: Nested, value: float | str
) -> tuple[ValidationProblem, ...]:
    return float_fill_problems(value, 32, ())


def _fill_value_canonical(
    configuration: EmptyConfiguration, nested: Nested, value: float | str
) -> JSONValue:
    return canonical_float_fill(value, 32)


FLOAT32_DATA_TYPE: Final = DataTypeDefinition(
    name=FLOAT32_DATA_TYPE_NAME,
    configuration=EmptyConfiguration,
    fill_value=Float32FillValue,
    fill_value_rules=_fill_value_rules,
    fill_value_canonical=_fill_value_canonical,
    storage=multi_byte,
)
"""The definition of float32."""
