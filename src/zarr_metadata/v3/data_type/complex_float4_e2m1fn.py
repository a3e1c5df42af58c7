"""The complex_float4_e2m1fn data type: complex numbers of two float4_e2m1fn values (real, imaginary).

Each component is stored as a float4_e2m1fn value is, in a byte of its own, so the
values have no byte order.
"""

from __future__ import annotations

from typing import Final, Literal

from zarr_metadata.v3.data_type._minifloat import FLOAT4_E2M1FN_FORMAT, minifloat_complex_data_type
from zarr_metadata.v3.data_type.float4_e2m1fn import Float4E2M1FNFillValue

__all__ = [
    "COMPLEX_FLOAT4_E2M1FN_DATA_TYPE",
    "COMPLEX_FLOAT4_E2M1FN_DATA_TYPE_NAME",
    "ComplexFloat4E2M1FNComponent",
    "ComplexFloat4E2M1FNDataTypeName",
    "ComplexFloat4E2M1FNFillValue",
]

COMPLEX_FLOAT4_E2M1FN_DATA_TYPE_NAME: Final = "complex_float4_e2m1fn"
ComplexFloat4E2M1FNDataTypeName = Literal["complex_float4_e2m1fn"]
ComplexFloat4E2M1FNComponent = Float4E2M1FNFillValue
"""One component of a complex_float4_e2m1fn fill value, spelled as a float4_e2m1fn fill value is."""
ComplexFloat4E2M1FNFillValue = tuple[ComplexFloat4E2M1FNComponent, ComplexFloat4E2M1FNComponent]
"""A fill value of complex_float4_e2m1fn: its real and imaginary components, in that order."""

COMPLEX_FLOAT4_E2M1FN_DATA_TYPE: Final = minifloat_complex_data_type(
    COMPLEX_FLOAT4_E2M1FN_DATA_TYPE_NAME, FLOAT4_E2M1FN_FORMAT, ComplexFloat4E2M1FNFillValue
)
"""The definition of complex_float4_e2m1fn."""
