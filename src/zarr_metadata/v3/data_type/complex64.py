"""The complex64 data type: complex numbers of two IEEE 754 binary32 floats (real, imaginary)."""

from __future__ import annotations

from typing import Final, Literal

from zarr_metadata.v3.data_type._float_fill import complex_data_type
from zarr_metadata.v3.data_type._float_format import FLOAT32_FORMAT
from zarr_metadata.v3.data_type.float32 import HexFloat32

__all__ = [
    "COMPLEX64_DATA_TYPE",
    "COMPLEX64_DATA_TYPE_NAME",
    "Complex64Component",
    "Complex64DataTypeName",
    "Complex64FillValue",
]

COMPLEX64_DATA_TYPE_NAME: Final = "complex64"
Complex64DataTypeName = Literal["complex64"]
Complex64Component = float | int | Literal["NaN", "Infinity", "-Infinity"] | HexFloat32
"""One component of a complex64 fill value, spelled as a float32 fill value is."""
Complex64FillValue = tuple[Complex64Component, Complex64Component]
"""A fill value of complex64: its real and imaginary components, in that order."""

COMPLEX64_DATA_TYPE: Final = complex_data_type(
    COMPLEX64_DATA_TYPE_NAME, FLOAT32_FORMAT, Complex64FillValue, "a complex64 component"
)
"""The definition of complex64."""
