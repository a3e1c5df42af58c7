"""The complex_float8_e4m3 data type: complex numbers of two float8_e4m3 values (real, imaginary).

Each component is stored as a float8_e4m3 value is, in a byte of its own, so the
values have no byte order.
"""

from __future__ import annotations

from typing import Final, Literal

from zarr_metadata.v3.data_type._minifloat import FLOAT8_E4M3_FORMAT, minifloat_complex_data_type
from zarr_metadata.v3.data_type.float8_e4m3 import Float8E4M3FillValue

__all__ = [
    "COMPLEX_FLOAT8_E4M3_DATA_TYPE",
    "COMPLEX_FLOAT8_E4M3_DATA_TYPE_NAME",
    "ComplexFloat8E4M3Component",
    "ComplexFloat8E4M3DataTypeName",
    "ComplexFloat8E4M3FillValue",
]

COMPLEX_FLOAT8_E4M3_DATA_TYPE_NAME: Final = "complex_float8_e4m3"
ComplexFloat8E4M3DataTypeName = Literal["complex_float8_e4m3"]
ComplexFloat8E4M3Component = Float8E4M3FillValue
"""One component of a complex_float8_e4m3 fill value, spelled as a float8_e4m3 fill value is."""
ComplexFloat8E4M3FillValue = tuple[ComplexFloat8E4M3Component, ComplexFloat8E4M3Component]
"""A fill value of complex_float8_e4m3: its real and imaginary components, in that order."""

COMPLEX_FLOAT8_E4M3_DATA_TYPE: Final = minifloat_complex_data_type(
    COMPLEX_FLOAT8_E4M3_DATA_TYPE_NAME, FLOAT8_E4M3_FORMAT, ComplexFloat8E4M3FillValue
)
"""The definition of complex_float8_e4m3."""
