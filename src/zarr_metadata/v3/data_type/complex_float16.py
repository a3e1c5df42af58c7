"""The complex_float16 data type: complex numbers of two IEEE 754 binary16 floats (real, imaginary)."""

from __future__ import annotations

from typing import Final, Literal

from zarr_metadata._json import JSONValue, ValidationProblem
from zarr_metadata.definition._definition import EmptyConfiguration
from zarr_metadata.definition._fields import Nested
from zarr_metadata.v3._definition import DataTypeDefinition
from zarr_metadata.v3.data_type._ieee import HexFloat16, canonical_float_fill, float_fill_problems
from zarr_metadata.v3.data_type._integer import multi_byte

__all__ = [
    "COMPLEX_FLOAT16_DATA_TYPE",
    "COMPLEX_FLOAT16_DATA_TYPE_NAME",
    "ComplexFloat16Component",
    "ComplexFloat16DataTypeName",
    "ComplexFloat16FillValue",
]

COMPLEX_FLOAT16_DATA_TYPE_NAME: Final = "complex_float16"
ComplexFloat16DataTypeName = Literal["complex_float16"]
ComplexFloat16Component = float | int | Literal["NaN", "Infinity", "-Infinity"] | HexFloat16
"""One component of a complex_float16 fill value, spelled as a float16 fill value is."""
ComplexFloat16FillValue = tuple[ComplexFloat16Component, ComplexFloat16Component]
"""A fill value of complex_float16: its real and imaginary components, in that order."""


def _fill_value_rules(
    configuration: EmptyConfiguration, nested: Nested, value: tuple[float | str, float | str]
) -> tuple[ValidationProblem, ...]:
    # Each component is judged as a float16 fill value is, where it is written.
    return float_fill_problems(value[0], 16, (0,)) + float_fill_problems(value[1], 16, (1,))


def _fill_value_canonical(
    configuration: EmptyConfiguration, nested: Nested, value: tuple[float | str, float | str]
) -> JSONValue:
    return canonical_float_fill(value[0], 16), canonical_float_fill(value[1], 16)


COMPLEX_FLOAT16_DATA_TYPE: Final = DataTypeDefinition(
    name=COMPLEX_FLOAT16_DATA_TYPE_NAME,
    configuration=EmptyConfiguration,
    fill_value=ComplexFloat16FillValue,
    fill_value_rules=_fill_value_rules,
    fill_value_canonical=_fill_value_canonical,
    storage=multi_byte,
)
"""The definition of complex_float16."""
