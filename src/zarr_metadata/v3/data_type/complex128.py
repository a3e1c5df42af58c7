"""The complex128 data type: complex numbers of two IEEE 754 binary64 floats (real, imaginary)."""

from __future__ import annotations

from typing import Final, Literal

from zarr_metadata.v3.data_type._float_fill import complex_data_type
from zarr_metadata.v3.data_type._float_format import FLOAT64_FORMAT
from zarr_metadata.v3.data_type.float64 import HexFloat64

__all__ = [
    "COMPLEX128_DATA_TYPE",
    "COMPLEX128_DATA_TYPE_NAME",
    "Complex128Component",
    "Complex128DataTypeName",
    "Complex128FillValue",
]

COMPLEX128_DATA_TYPE_NAME: Final = "complex128"
Complex128DataTypeName = Literal["complex128"]
Complex128Component = float | int | Literal["NaN", "Infinity", "-Infinity"] | HexFloat64
"""One component of a complex128 fill value, spelled as a float64 fill value is."""
Complex128FillValue = tuple[Complex128Component, Complex128Component]
"""A fill value of complex128: its real and imaginary components, in that order."""

COMPLEX128_DATA_TYPE: Final = complex_data_type(
    COMPLEX128_DATA_TYPE_NAME, FLOAT64_FORMAT, Complex128FillValue, "a complex128 component"
)
"""The definition of complex128."""
