"""The complex_float32 data type: complex numbers of two IEEE 754 binary32 floats (real, imaginary). It is the core complex64 under another name."""

from __future__ import annotations

from typing import Final, Literal

from zarr_metadata._json import JSONValue, ValidationProblem
from zarr_metadata.definition._definition import EmptyConfiguration
from zarr_metadata.definition._fields import Nested
from zarr_metadata.v3._definition import DataTypeDefinition
from zarr_metadata.v3.data_type._ieee import HexFloat32, canonical_float_fill, float_fill_problems
from zarr_metadata.v3.data_type._integer import multi_byte

__all__ = [
    "COMPLEX_FLOAT32_DATA_TYPE",
    "COMPLEX_FLOAT32_DATA_TYPE_NAME",
    "ComplexFloat32Component",
    "ComplexFloat32DataTypeName",
    "ComplexFloat32FillValue",
]

COMPLEX_FLOAT32_DATA_TYPE_NAME: Final = "complex_float32"
ComplexFloat32DataTypeName = Literal["complex_float32"]
ComplexFloat32Component = float | int | Literal["NaN", "Infinity", "-Infinity"] | HexFloat32
"""One component of a complex_float32 fill value, spelled as a float32 fill value is."""
ComplexFloat32FillValue = tuple[ComplexFloat32Component, ComplexFloat32Component]
"""A fill value of complex_float32: its real and imaginary components, in that order."""


def _fill_value_rules(
    configuration: EmptyConfiguration, nested: Nested, value: tuple[float | str, float | str]
) -> tuple[ValidationProblem, ...]:
    # Each component is judged as a float32 fill value is, where it is written.
    return float_fill_problems(value[0], 32, (0,)) + float_fill_problems(value[1], 32, (1,))


def _fill_value_canonical(
    configuration: EmptyConfiguration, nested: Nested, value: tuple[float | str, float | str]
) -> JSONValue:
    return canonical_float_fill(value[0], 32), canonical_float_fill(value[1], 32)


COMPLEX_FLOAT32_DATA_TYPE: Final = DataTypeDefinition(
    name=COMPLEX_FLOAT32_DATA_TYPE_NAME,
    configuration=EmptyConfiguration,
    fill_value=ComplexFloat32FillValue,
    fill_value_rules=_fill_value_rules,
    fill_value_canonical=_fill_value_canonical,
    storage=multi_byte,
)
"""The definition of complex_float32."""
