"""The complex_float64 data type: complex numbers of two IEEE 754 binary64 floats (real, imaginary). It is the core complex128 under another name."""

from __future__ import annotations

from typing import Final, Literal

from zarr_metadata._json import JSONValue, ValidationProblem
from zarr_metadata.definition._definition import EmptyConfiguration
from zarr_metadata.definition._fields import Nested
from zarr_metadata.v3._definition import DataTypeDefinition
from zarr_metadata.v3.data_type._ieee import HexFloat64, canonical_float_fill, float_fill_problems
from zarr_metadata.v3.data_type._integer import multi_byte

__all__ = [
    "COMPLEX_FLOAT64_DATA_TYPE",
    "COMPLEX_FLOAT64_DATA_TYPE_NAME",
    "ComplexFloat64Component",
    "ComplexFloat64DataTypeName",
    "ComplexFloat64FillValue",
]

COMPLEX_FLOAT64_DATA_TYPE_NAME: Final = "complex_float64"
ComplexFloat64DataTypeName = Literal["complex_float64"]
ComplexFloat64Component = float | int | Literal["NaN", "Infinity", "-Infinity"] | HexFloat64
"""One component of a complex_float64 fill value, spelled as a float64 fill value is."""
ComplexFloat64FillValue = tuple[ComplexFloat64Component, ComplexFloat64Component]
"""A fill value of complex_float64: its real and imaginary components, in that order."""


def _fill_value_rules(
    configuration: EmptyConfiguration, nested: Nested, value: tuple[float | str, float | str]
) -> tuple[ValidationProblem, ...]:
    # Each component is judged as a float64 fill value is, where it is written.
    return float_fill_problems(value[0], 64, (0,)) + float_fill_problems(value[1], 64, (1,))


def _fill_value_canonical(
    configuration: EmptyConfiguration, nested: Nested, value: tuple[float | str, float | str]
) -> JSONValue:
    return canonical_float_fill(value[0], 64), canonical_float_fill(value[1], 64)


COMPLEX_FLOAT64_DATA_TYPE: Final = DataTypeDefinition(
    name=COMPLEX_FLOAT64_DATA_TYPE_NAME,
    configuration=EmptyConfiguration,
    fill_value=ComplexFloat64FillValue,
    fill_value_rules=_fill_value_rules,
    fill_value_canonical=_fill_value_canonical,
    storage=multi_byte,
)
"""The definition of complex_float64."""
