"""The widest v3 scope: every definition this package has.

`KNOWN` is what a store checker needs: a name nothing in it claims is a
name no reader this package knows of can open. It adds to
`CORE_AND_EXTENSIONS` every other extension zarr-extensions registers,
the names zarr-python 3 and tensorstore write that the registry lacks,
and numcodecs' codecs under the `numcodecs.` names zarr-python 3 gives
them. Like the other scopes, it declares where each definition lives, and
a definition is imported when a document first names it.
"""

from typing import Final

from zarr_metadata.definition._scope import declared_scope
from zarr_metadata.v3._context import ZarrV3Context
from zarr_metadata.v3._scopes import CORE_AND_EXTENSIONS

__all__ = ["KNOWN"]

_CODEC: Final = "zarr_metadata.v3.codec."
_DATA_TYPE: Final = "zarr_metadata.v3.data_type."
_FLOATS: Final = _DATA_TYPE + "_extension_floats:"


KNOWN: Final = declared_scope(
    ZarrV3Context,
    CORE_AND_EXTENSIONS,
    data_types=(
        {
            "int2": _DATA_TYPE + "int2:INT2_DATA_TYPE",
            "int4": _DATA_TYPE + "int4:INT4_DATA_TYPE",
            "uint2": _DATA_TYPE + "uint2:UINT2_DATA_TYPE",
            "uint4": _DATA_TYPE + "uint4:UINT4_DATA_TYPE",
        },
        _FLOATS + "EXTENSION_FLOAT_DATA_TYPES",
        _FLOATS + "EXTENSION_COMPLEX_DATA_TYPES",
        {
            "fixed_length_utf32": _DATA_TYPE + "fixed_length_utf32:FIXED_LENGTH_UTF32_DATA_TYPE",
            "structured": _DATA_TYPE + "structured:STRUCTURED_DATA_TYPE",
        },
        _DATA_TYPE + "zarr_python:ZARR_PYTHON_DATA_TYPES",
        {"float8_e4m3fn": _FLOATS + "FLOAT8_E4M3FN_DATA_TYPE"},
    ),
    codecs=(
        {
            "bitround": _CODEC + "bitround:BITROUND_CODEC",
            "conditional": _CODEC + "conditional:CONDITIONAL_CODEC",
            "n5_default": _CODEC + "n5_default:N5_DEFAULT_CODEC",
            "packbits": _CODEC + "packbits:PACKBITS_CODEC",
            "reshape": _CODEC + "reshape:RESHAPE_CODEC",
            "vlen-bytes": _CODEC + "vlen_bytes:VLEN_BYTES_CODEC",
            "vlen-utf8": _CODEC + "vlen_utf8:VLEN_UTF8_CODEC",
            "zfp": _CODEC + "zfp:ZFP_CODEC",
        },
        _CODEC + "numcodecs:NUMCODECS_CODECS",
    ),
)
"""Every v3 definition this package has: `CORE_AND_EXTENSIONS`, every other zarr-extensions registration, zarr-python 3's own data types, tensorstore's float8_e4m3fn, and zarr-python 3's `numcodecs.*` codecs; the checker's default."""
