"""The complex_float8_e5m2 data type: complex numbers of two float8_e5m2 values (real, imaginary).

Each component is stored as a float8_e5m2 value is, in a byte of its own, so the
values have no byte order.
"""

from __future__ import annotations

from typing import Final, Literal

from zarr_metadata.v3.data_type._minifloat import FLOAT8_E5M2_FORMAT, minifloat_complex_data_type
from zarr_metadata.v3.data_type.float8_e5m2 import Float8E5M2FillValue

__all__ = [
    "COMPLEX_FLOAT8_E5M2_DATA_TYPE",
    "COMPLEX_FLOAT8_E5M2_DATA_TYPE_NAME",
    "ComplexFloat8E5M2Component",
    "ComplexFloat8E5M2DataTypeName",
    "ComplexFloat8E5M2FillValue",
]

COMPLEX_FLOAT8_E5M2_DATA_TYPE_NAME: Final = "complex_float8_e5m2"
ComplexFloat8E5M2DataTypeName = Literal["complex_float8_e5m2"]
ComplexFloat8E5M2Component = Float8E5M2FillValue
"""One component of a complex_float8_e5m2 fill value, spelled as a float8_e5m2 fill value is."""
ComplexFloat8E5M2FillValue = tuple[ComplexFloat8E5M2Component, ComplexFloat8E5M2Component]
"""A fill value of complex_float8_e5m2: its real and imaginary components, in that order."""

COMPLEX_FLOAT8_E5M2_DATA_TYPE: Final = minifloat_complex_data_type(
    COMPLEX_FLOAT8_E5M2_DATA_TYPE_NAME, FLOAT8_E5M2_FORMAT, ComplexFloat8E5M2FillValue
)
"""The definition of complex_float8_e5m2."""
