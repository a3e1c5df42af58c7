"""The complex_float8_e3m4 data type: complex numbers of two float8_e3m4 values (real, imaginary).

Each component is stored as a float8_e3m4 value is, in a byte of its own, so the
values have no byte order.
"""

from __future__ import annotations

from typing import Final, Literal

from zarr_metadata.v3.data_type._minifloat import FLOAT8_E3M4_FORMAT, minifloat_complex_data_type
from zarr_metadata.v3.data_type.float8_e3m4 import Float8E3M4FillValue

__all__ = [
    "COMPLEX_FLOAT8_E3M4_DATA_TYPE",
    "COMPLEX_FLOAT8_E3M4_DATA_TYPE_NAME",
    "ComplexFloat8E3M4Component",
    "ComplexFloat8E3M4DataTypeName",
    "ComplexFloat8E3M4FillValue",
]

COMPLEX_FLOAT8_E3M4_DATA_TYPE_NAME: Final = "complex_float8_e3m4"
ComplexFloat8E3M4DataTypeName = Literal["complex_float8_e3m4"]
ComplexFloat8E3M4Component = Float8E3M4FillValue
"""One component of a complex_float8_e3m4 fill value, spelled as a float8_e3m4 fill value is."""
ComplexFloat8E3M4FillValue = tuple[ComplexFloat8E3M4Component, ComplexFloat8E3M4Component]
"""A fill value of complex_float8_e3m4: its real and imaginary components, in that order."""

COMPLEX_FLOAT8_E3M4_DATA_TYPE: Final = minifloat_complex_data_type(
    COMPLEX_FLOAT8_E3M4_DATA_TYPE_NAME, FLOAT8_E3M4_FORMAT, ComplexFloat8E3M4FillValue
)
"""The definition of complex_float8_e3m4."""
