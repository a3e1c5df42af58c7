"""The complex_float8_e4m3fnuz data type: complex numbers of two float8_e4m3fnuz values (real, imaginary).

Each component is stored as a float8_e4m3fnuz value is, in a byte of its own, so the
values have no byte order.
"""

from __future__ import annotations

from typing import Final, Literal

from zarr_metadata.v3.data_type._minifloat import (
    FLOAT8_E4M3FNUZ_FORMAT,
    minifloat_complex_data_type,
)
from zarr_metadata.v3.data_type.float8_e4m3fnuz import Float8E4M3FNUZFillValue

__all__ = [
    "COMPLEX_FLOAT8_E4M3FNUZ_DATA_TYPE",
    "COMPLEX_FLOAT8_E4M3FNUZ_DATA_TYPE_NAME",
    "ComplexFloat8E4M3FNUZComponent",
    "ComplexFloat8E4M3FNUZDataTypeName",
    "ComplexFloat8E4M3FNUZFillValue",
]

COMPLEX_FLOAT8_E4M3FNUZ_DATA_TYPE_NAME: Final = "complex_float8_e4m3fnuz"
ComplexFloat8E4M3FNUZDataTypeName = Literal["complex_float8_e4m3fnuz"]
ComplexFloat8E4M3FNUZComponent = Float8E4M3FNUZFillValue
"""One component of a complex_float8_e4m3fnuz fill value, spelled as a float8_e4m3fnuz fill value is."""
ComplexFloat8E4M3FNUZFillValue = tuple[
    ComplexFloat8E4M3FNUZComponent, ComplexFloat8E4M3FNUZComponent
]
"""A fill value of complex_float8_e4m3fnuz: its real and imaginary components, in that order."""

COMPLEX_FLOAT8_E4M3FNUZ_DATA_TYPE: Final = minifloat_complex_data_type(
    COMPLEX_FLOAT8_E4M3FNUZ_DATA_TYPE_NAME, FLOAT8_E4M3FNUZ_FORMAT, ComplexFloat8E4M3FNUZFillValue
)
"""The definition of complex_float8_e4m3fnuz."""
