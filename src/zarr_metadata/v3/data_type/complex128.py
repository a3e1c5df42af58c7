"""The complex128 data type: complex numbers of two IEEE 754 binary64 floats (real, imaginary)."""

from __future__ import annotations

from typing import Final, Literal

from zarr_metadata._json import JSONValue, ValidationProblem
from zarr_metadata.definition._definition import EmptyConfiguration
from zarr_metadata.definition._fields import Nested
from zarr_metadata.v3._definition import DataTypeDefinition
from zarr_metadata.v3.data_type._ieee import (
    HexFloat64,
    canonical_complex_fill,
    complex_fill_problems,
)
from zarr_metadata.v3.data_type._integer import multi_byte

__all__ = [
    "COMPLEX128_DATA_TYPE",
    "COMPLEX128_DATA_TYPE_NAME",
    "Complex128Component",
    "Complex128DataTypeName",
    "Complex128FillValue",
]

COMPLEX128_DATA_TYPE_NAME: Final = "complex128"
Complex128DataTypeName = Literal["complex128"]
Complex128Component = float | int | Literal["NaN", "Infinity", "-Infinity"] | HexFloat64
"""One component of a complex128 fill value, spelled as a float64 fill value is."""
Complex128FillValue = tuple[Complex128Component, Complex128Component]
"""A fill value of complex128: its real and imaginary components, in that order."""


def _fill_value_rules(
    configuration: EmptyConfiguration, nested: Nested, value: tuple[float | str, float | str]
) -> tuple[ValidationProblem, ...]:
    return complex_fill_problems(value, 64, ())


def _fill_value_canonical(
    configuration: EmptyConfiguration, nested: Nested, value: tuple[float | str, float | str]
) -> JSONValue:
    return canonical_complex_fill(value, 64)


COMPLEX128_DATA_TYPE: Final = DataTypeDefinition(
    name=COMPLEX128_DATA_TYPE_NAME,
    configuration=EmptyConfiguration,
    fill_value=Complex128FillValue,
    fill_value_rules=_fill_value_rules,
    fill_value_canonical=_fill_value_canonical,
    storage=multi_byte,
)
"""The definition of complex128."""
