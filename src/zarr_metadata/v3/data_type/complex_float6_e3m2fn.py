"""The complex_float6_e3m2fn data type: complex numbers of two float6_e3m2fn values (real, imaginary).

Each component is stored as a float6_e3m2fn value is, in a byte of its own, so the
values have no byte order.
"""

from __future__ import annotations

from typing import Final, Literal

from zarr_metadata.v3.data_type._minifloat import FLOAT6_E3M2FN_FORMAT, minifloat_complex_data_type
from zarr_metadata.v3.data_type.float6_e3m2fn import Float6E3M2FNFillValue

__all__ = [
    "COMPLEX_FLOAT6_E3M2FN_DATA_TYPE",
    "COMPLEX_FLOAT6_E3M2FN_DATA_TYPE_NAME",
    "ComplexFloat6E3M2FNComponent",
    "ComplexFloat6E3M2FNDataTypeName",
    "ComplexFloat6E3M2FNFillValue",
]

COMPLEX_FLOAT6_E3M2FN_DATA_TYPE_NAME: Final = "complex_float6_e3m2fn"
ComplexFloat6E3M2FNDataTypeName = Literal["complex_float6_e3m2fn"]
ComplexFloat6E3M2FNComponent = Float6E3M2FNFillValue
"""One component of a complex_float6_e3m2fn fill value, spelled as a float6_e3m2fn fill value is."""
ComplexFloat6E3M2FNFillValue = tuple[ComplexFloat6E3M2FNComponent, ComplexFloat6E3M2FNComponent]
"""A fill value of complex_float6_e3m2fn: its real and imaginary components, in that order."""

COMPLEX_FLOAT6_E3M2FN_DATA_TYPE: Final = minifloat_complex_data_type(
    COMPLEX_FLOAT6_E3M2FN_DATA_TYPE_NAME, FLOAT6_E3M2FN_FORMAT, ComplexFloat6E3M2FNFillValue
)
"""The definition of complex_float6_e3m2fn."""
