"""The complex_float8_e4m3b11fnuz data type: complex numbers of two float8_e4m3b11fnuz values (real, imaginary).

Each component is stored as a float8_e4m3b11fnuz value is, in a byte of its own, so the
values have no byte order.
"""

from __future__ import annotations

from typing import Final, Literal

from zarr_metadata.v3.data_type._minifloat import (
    FLOAT8_E4M3B11FNUZ_FORMAT,
    minifloat_complex_data_type,
)
from zarr_metadata.v3.data_type.float8_e4m3b11fnuz import Float8E4M3B11FNUZFillValue

__all__ = [
    "COMPLEX_FLOAT8_E4M3B11FNUZ_DATA_TYPE",
    "COMPLEX_FLOAT8_E4M3B11FNUZ_DATA_TYPE_NAME",
    "ComplexFloat8E4M3B11FNUZComponent",
    "ComplexFloat8E4M3B11FNUZDataTypeName",
    "ComplexFloat8E4M3B11FNUZFillValue",
]

COMPLEX_FLOAT8_E4M3B11FNUZ_DATA_TYPE_NAME: Final = "complex_float8_e4m3b11fnuz"
ComplexFloat8E4M3B11FNUZDataTypeName = Literal["complex_float8_e4m3b11fnuz"]
ComplexFloat8E4M3B11FNUZComponent = Float8E4M3B11FNUZFillValue
"""One component of a complex_float8_e4m3b11fnuz fill value, spelled as a float8_e4m3b11fnuz fill value is."""
ComplexFloat8E4M3B11FNUZFillValue = tuple[
    ComplexFloat8E4M3B11FNUZComponent, ComplexFloat8E4M3B11FNUZComponent
]
"""A fill value of complex_float8_e4m3b11fnuz: its real and imaginary components, in that order."""

COMPLEX_FLOAT8_E4M3B11FNUZ_DATA_TYPE: Final = minifloat_complex_data_type(
    COMPLEX_FLOAT8_E4M3B11FNUZ_DATA_TYPE_NAME,
    FLOAT8_E4M3B11FNUZ_FORMAT,
    ComplexFloat8E4M3B11FNUZFillValue,
)
"""The definition of complex_float8_e4m3b11fnuz."""
