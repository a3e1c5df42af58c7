"""The float64 data type: IEEE 754 binary64 floating-point numbers."""

from __future__ import annotations

from typing import Final, Literal

from zarr_metadata._json import JSONValue, ValidationProblem
from zarr_metadata.definition._definition import EmptyConfiguration
from zarr_metadata.definition._fields import Nested
from zarr_metadata.v3._definition import DataTypeDefinition
from zarr_metadata.v3.data_type._ieee import (
    CANONICAL_NAN_HEX_FLOAT64,
    CANONICAL_NEGATIVE_INFINITY_HEX_FLOAT64,
    CANONICAL_POSITIVE_INFINITY_HEX_FLOAT64,
    HexFloat64,
    canonical_float_fill,
    float_fill_problems,
    hex_float64,
)
from zarr_metadata.v3.data_type._integer import multi_byte

__all__ = [
    "CANONICAL_NAN_HEX_FLOAT64",
    "CANONICAL_NEGATIVE_INFINITY_HEX_FLOAT64",
    "CANONICAL_POSITIVE_INFINITY_HEX_FLOAT64",
    "FLOAT64_DATA_TYPE",
    "FLOAT64_DATA_TYPE_NAME",
    "Float64DataTypeName",
    "Float64FillValue",
    "Float64SpecialFillValue",
    "HexFloat64",
    "hex_float64",
]

FLOAT64_DATA_TYPE_NAME: Final = "float64"
Float64DataTypeName = Literal["float64"]
Float64SpecialFillValue = Literal["NaN", "Infinity", "-Infinity"]
"""The names of the float64 values JSON has no number for."""
Float64FillValue = float | int | Float64SpecialFillValue | HexFloat64
"""A fill value of float64: a finite number, a special name, or "0x" and the bits in hex.

The shape takes any string as a HexFloat64; the fill value rules judge its width.
"""


def _fill_value_rules(
    configuration: EmptyConfiguration, nested: Nested, value: float | str
) -> tuple[ValidationProblem, ...]:
    return float_fill_problems(value, 64, ())


def _fill_value_canonical(
    configuration: EmptyConfiguration, nested: Nested, value: float | str
) -> JSONValue:
    return canonical_float_fill(value, 64)


FLOAT64_DATA_TYPE: Final = DataTypeDefinition(
    name=FLOAT64_DATA_TYPE_NAME,
    configuration=EmptyConfiguration,
    fill_value=Float64FillValue,
    fill_value_rules=_fill_value_rules,
    fill_value_canonical=_fill_value_canonical,
    storage=multi_byte,
)
"""The definition of float64."""
