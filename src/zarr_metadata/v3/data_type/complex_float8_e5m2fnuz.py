"""The complex_float8_e5m2fnuz data type: complex numbers of two float8_e5m2fnuz values (real, imaginary).

Each component is stored as a float8_e5m2fnuz value is, in a byte of its own, so the
values have no byte order.
"""

from __future__ import annotations

from typing import Final, Literal

from zarr_metadata.v3.data_type._minifloat import (
    FLOAT8_E5M2FNUZ_FORMAT,
    minifloat_complex_data_type,
)
from zarr_metadata.v3.data_type.float8_e5m2fnuz import Float8E5M2FNUZFillValue

__all__ = [
    "COMPLEX_FLOAT8_E5M2FNUZ_DATA_TYPE",
    "COMPLEX_FLOAT8_E5M2FNUZ_DATA_TYPE_NAME",
    "ComplexFloat8E5M2FNUZComponent",
    "ComplexFloat8E5M2FNUZDataTypeName",
    "ComplexFloat8E5M2FNUZFillValue",
]

COMPLEX_FLOAT8_E5M2FNUZ_DATA_TYPE_NAME: Final = "complex_float8_e5m2fnuz"
ComplexFloat8E5M2FNUZDataTypeName = Literal["complex_float8_e5m2fnuz"]
ComplexFloat8E5M2FNUZComponent = Float8E5M2FNUZFillValue
"""One component of a complex_float8_e5m2fnuz fill value, spelled as a float8_e5m2fnuz fill value is."""
ComplexFloat8E5M2FNUZFillValue = tuple[
    ComplexFloat8E5M2FNUZComponent, ComplexFloat8E5M2FNUZComponent
]
"""A fill value of complex_float8_e5m2fnuz: its real and imaginary components, in that order."""

COMPLEX_FLOAT8_E5M2FNUZ_DATA_TYPE: Final = minifloat_complex_data_type(
    COMPLEX_FLOAT8_E5M2FNUZ_DATA_TYPE_NAME, FLOAT8_E5M2FNUZ_FORMAT, ComplexFloat8E5M2FNUZFillValue
)
"""The definition of complex_float8_e5m2fnuz."""
