"""The complex_bfloat16 data type: complex numbers of two bfloat16 values (real, imaginary)."""

from __future__ import annotations

from typing import Final, Literal

from zarr_metadata.v3.data_type._minifloat import BFLOAT16_FORMAT, minifloat_complex_data_type
from zarr_metadata.v3.data_type.bfloat16 import BFloat16FillValue

__all__ = [
    "COMPLEX_BFLOAT16_DATA_TYPE",
    "COMPLEX_BFLOAT16_DATA_TYPE_NAME",
    "ComplexBFloat16Component",
    "ComplexBFloat16DataTypeName",
    "ComplexBFloat16FillValue",
]

COMPLEX_BFLOAT16_DATA_TYPE_NAME: Final = "complex_bfloat16"
ComplexBFloat16DataTypeName = Literal["complex_bfloat16"]
ComplexBFloat16Component = BFloat16FillValue
"""One component of a complex_bfloat16 fill value, spelled as a bfloat16 fill value is."""
ComplexBFloat16FillValue = tuple[ComplexBFloat16Component, ComplexBFloat16Component]
"""A fill value of complex_bfloat16: its real and imaginary components, in that order."""

COMPLEX_BFLOAT16_DATA_TYPE: Final = minifloat_complex_data_type(
    COMPLEX_BFLOAT16_DATA_TYPE_NAME, BFLOAT16_FORMAT, ComplexBFloat16FillValue
)
"""The definition of complex_bfloat16."""
