"""The complex_float6_e2m3fn data type: complex numbers of two float6_e2m3fn values (real, imaginary).

Each component is stored as a float6_e2m3fn value is, in a byte of its own, so the
values have no byte order.
"""

from __future__ import annotations

from typing import Final, Literal

from zarr_metadata.v3.data_type._minifloat import FLOAT6_E2M3FN_FORMAT, minifloat_complex_data_type
from zarr_metadata.v3.data_type.float6_e2m3fn import Float6E2M3FNFillValue

__all__ = [
    "COMPLEX_FLOAT6_E2M3FN_DATA_TYPE",
    "COMPLEX_FLOAT6_E2M3FN_DATA_TYPE_NAME",
    "ComplexFloat6E2M3FNComponent",
    "ComplexFloat6E2M3FNDataTypeName",
    "ComplexFloat6E2M3FNFillValue",
]

COMPLEX_FLOAT6_E2M3FN_DATA_TYPE_NAME: Final = "complex_float6_e2m3fn"
ComplexFloat6E2M3FNDataTypeName = Literal["complex_float6_e2m3fn"]
ComplexFloat6E2M3FNComponent = Float6E2M3FNFillValue
"""One component of a complex_float6_e2m3fn fill value, spelled as a float6_e2m3fn fill value is."""
ComplexFloat6E2M3FNFillValue = tuple[ComplexFloat6E2M3FNComponent, ComplexFloat6E2M3FNComponent]
"""A fill value of complex_float6_e2m3fn: its real and imaginary components, in that order."""

COMPLEX_FLOAT6_E2M3FN_DATA_TYPE: Final = minifloat_complex_data_type(
    COMPLEX_FLOAT6_E2M3FN_DATA_TYPE_NAME, FLOAT6_E2M3FN_FORMAT, ComplexFloat6E2M3FNFillValue
)
"""The definition of complex_float6_e2m3fn."""
