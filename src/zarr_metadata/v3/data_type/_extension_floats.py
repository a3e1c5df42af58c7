"""The float data types of the extensions (bfloat16, float4, float6, float8), tensorstore's float8_e4m3fn, and the complex types made of them and of the IEEE floats: one definition per format.

zarr-extensions registers a complex type for every float format but
float8_e4m3fn; each component is stored as a value of its format is.
complex_float32 and complex_float64 hold what the core's complex64 and
complex128 hold, under the names the registry gives them.
"""

from __future__ import annotations

from typing import Any, Final, Literal, cast

from zarr_metadata.v3.data_type._float_fill import complex_data_type, float_data_type
from zarr_metadata.v3.data_type._float_format import (
    EXTENSION_FORMATS,
    FLOAT8_E4M3FN_FORMAT,
    FLOAT16_FORMAT,
    FLOAT32_FORMAT,
    FLOAT64_FORMAT,
    FloatFormat,
)
from zarr_metadata.v3.definition import DataTypeDefinition

__all__ = ["EXTENSION_COMPLEX_DATA_TYPES", "EXTENSION_FLOAT_DATA_TYPES", "FLOAT8_E4M3FN_DATA_TYPE"]


def _fill_value(fmt: FloatFormat) -> object:
    """The JSON shape of a fill value of the format: a number, a name of a value it has, or any string, which the fill value rules judge as hex."""
    if not fmt.names:
        return float | int | str
    return float | int | cast(Any, Literal)[fmt.names] | str


def _complex_name(fmt: FloatFormat) -> str:
    return "complex_bfloat16" if fmt.name == "bfloat16" else f"complex_{fmt.name}"


def _complex(fmt: FloatFormat) -> DataTypeDefinition[Any]:
    component = _fill_value(fmt)
    return complex_data_type(_complex_name(fmt), fmt, tuple[component, component])  # pyright: ignore[reportInvalidTypeArguments]


_REGISTERED: Final = [fmt for fmt in EXTENSION_FORMATS.values() if fmt is not FLOAT8_E4M3FN_FORMAT]

EXTENSION_FLOAT_DATA_TYPES: Final = tuple(
    float_data_type(fmt, _fill_value(fmt)) for fmt in _REGISTERED
)
"""The float types zarr-extensions registers, bfloat16 first."""
EXTENSION_COMPLEX_DATA_TYPES: Final = tuple(
    _complex(fmt)
    for fmt in (_REGISTERED[0], FLOAT16_FORMAT, FLOAT32_FORMAT, FLOAT64_FORMAT, *_REGISTERED[1:])
)
"""The complex types zarr-extensions registers: complex_bfloat16, complex_float16 to complex_float64, then one per small float."""
FLOAT8_E4M3FN_DATA_TYPE: Final = float_data_type(
    FLOAT8_E4M3FN_FORMAT, _fill_value(FLOAT8_E4M3FN_FORMAT)
)
"""The definition of tensorstore's float8_e4m3fn: no infinities, and NaN is every magnitude bit set (0x7f, 0xff); the largest finite value is 448."""
