"""The complex_float8_e8m0fnu data type: complex numbers of two float8_e8m0fnu values (real, imaginary).

Each component is stored as a float8_e8m0fnu value is, in a byte of its own, so the
values have no byte order.
"""

from __future__ import annotations

from typing import Final, Literal

from zarr_metadata.v3.data_type._minifloat import FLOAT8_E8M0FNU_FORMAT, minifloat_complex_data_type
from zarr_metadata.v3.data_type.float8_e8m0fnu import Float8E8M0FNUFillValue

__all__ = [
    "COMPLEX_FLOAT8_E8M0FNU_DATA_TYPE",
    "COMPLEX_FLOAT8_E8M0FNU_DATA_TYPE_NAME",
    "ComplexFloat8E8M0FNUComponent",
    "ComplexFloat8E8M0FNUDataTypeName",
    "ComplexFloat8E8M0FNUFillValue",
]

COMPLEX_FLOAT8_E8M0FNU_DATA_TYPE_NAME: Final = "complex_float8_e8m0fnu"
ComplexFloat8E8M0FNUDataTypeName = Literal["complex_float8_e8m0fnu"]
ComplexFloat8E8M0FNUComponent = Float8E8M0FNUFillValue
"""One component of a complex_float8_e8m0fnu fill value, spelled as a float8_e8m0fnu fill value is."""
ComplexFloat8E8M0FNUFillValue = tuple[ComplexFloat8E8M0FNUComponent, ComplexFloat8E8M0FNUComponent]
"""A fill value of complex_float8_e8m0fnu: its real and imaginary components, in that order."""

COMPLEX_FLOAT8_E8M0FNU_DATA_TYPE: Final = minifloat_complex_data_type(
    COMPLEX_FLOAT8_E8M0FNU_DATA_TYPE_NAME, FLOAT8_E8M0FNU_FORMAT, ComplexFloat8E8M0FNUFillValue
)
"""The definition of complex_float8_e8m0fnu."""
