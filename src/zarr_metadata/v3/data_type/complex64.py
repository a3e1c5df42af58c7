"""The complex64 data type: complex numbers of two IEEE 754 binary32 floats (real, imaginary)."""

from __future__ import annotations

from typing import Final, Literal

from zarr_metadata._json import JSONValue, ValidationProblem
from zarr_metadata.definition._definition import EmptyConfiguration
from zarr_metadata.definition._fields import Nested
from zarr_metadata.v3._definition import DataTypeDefinition
from zarr_metadata.v3.data_type._ieee import (
    HexFloat32,
    canonical_complex_fill,
    complex_fill_problems,
)
from zarr_metadata.v3.data_type._integer import multi_byte

__all__ = [
    "COMPLEX64_DATA_TYPE",
    "COMPLEX64_DATA_TYPE_NAME",
    "Complex64Component",
    "Complex64DataTypeName",
    "Complex64FillValue",
]

COMPLEX64_DATA_TYPE_NAME: Final = "complex64"
Complex64DataTypeName = Literal["complex64"]
Complex64Component = float | int | Literal["NaN", "Infinity", "-Infinity"] | HexFloat32
"""One component of a complex64 fill value, spelled as a float32 fill value is."""
Complex64FillValue = tuple[Complex64Component, Complex64Component]
"""A fill value of complex64: its real and imaginary components, in that order."""


def _fill_value_rules(
    configuration: EmptyConfiguration, nested: Nested, value: tuple[float | str, float | str]
) -> tuple[ValidationProblem, ...]:
    return complex_fill_problems(value, 32, ())


def _fill_value_canonical(
    configuration: EmptyConfiguration, nested: Nested, value: tuple[float | str, float | str]
) -> JSONValue:
    return canonical_complex_fill(value, 32)


COMPLEX64_DATA_TYPE: Final = DataTypeDefinition(
    name=COMPLEX64_DATA_TYPE_NAME,
    configuration=EmptyConfiguration,
    fill_value=Complex64FillValue,
    fill_value_rules=_fill_value_rules,
    fill_value_canonical=_fill_value_canonical,
    storage=multi_byte,
)
"""The definition of complex64."""
