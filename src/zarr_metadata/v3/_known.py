"""The widest v3 scope: every definition this package has.

`KNOWN` is what a store checker needs: a name nothing in it claims is a
name no reader this package knows of can open. It adds to
`CORE_AND_EXTENSIONS` every other extension zarr-extensions registers,
the names zarr-python 3 and tensorstore write that the registry lacks,
and numcodecs' codecs under the `numcodecs.` names zarr-python 3 gives
them.
"""

from typing import Final

from zarr_metadata.v3._scopes import CORE_AND_EXTENSIONS
from zarr_metadata.v3.codec.bitround import BITROUND_CODEC
from zarr_metadata.v3.codec.conditional import CONDITIONAL_CODEC
from zarr_metadata.v3.codec.n5_default import N5_DEFAULT_CODEC
from zarr_metadata.v3.codec.numcodecs import NUMCODECS_CODECS
from zarr_metadata.v3.codec.packbits import PACKBITS_CODEC
from zarr_metadata.v3.codec.reshape import RESHAPE_CODEC
from zarr_metadata.v3.codec.vlen_bytes import VLEN_BYTES_CODEC
from zarr_metadata.v3.codec.vlen_utf8 import VLEN_UTF8_CODEC
from zarr_metadata.v3.codec.zfp import ZFP_CODEC
from zarr_metadata.v3.data_type._extension_floats import (
    EXTENSION_COMPLEX_DATA_TYPES,
    EXTENSION_FLOAT_DATA_TYPES,
    FLOAT8_E4M3FN_DATA_TYPE,
)
from zarr_metadata.v3.data_type.fixed_length_utf32 import FIXED_LENGTH_UTF32_DATA_TYPE
from zarr_metadata.v3.data_type.int2 import INT2_DATA_TYPE
from zarr_metadata.v3.data_type.int4 import INT4_DATA_TYPE
from zarr_metadata.v3.data_type.structured import STRUCTURED_DATA_TYPE
from zarr_metadata.v3.data_type.uint2 import UINT2_DATA_TYPE
from zarr_metadata.v3.data_type.uint4 import UINT4_DATA_TYPE
from zarr_metadata.v3.data_type.zarr_python import ZARR_PYTHON_DATA_TYPES

__all__ = ["KNOWN"]

KNOWN: Final = CORE_AND_EXTENSIONS.update(
    data_types=[
        *CORE_AND_EXTENSIONS.data_types.values(),
        INT2_DATA_TYPE,
        INT4_DATA_TYPE,
        UINT2_DATA_TYPE,
        UINT4_DATA_TYPE,
        *EXTENSION_FLOAT_DATA_TYPES,
        *EXTENSION_COMPLEX_DATA_TYPES,
        FIXED_LENGTH_UTF32_DATA_TYPE,
        STRUCTURED_DATA_TYPE,
        *ZARR_PYTHON_DATA_TYPES,
        FLOAT8_E4M3FN_DATA_TYPE,
    ],
    codecs=[
        *CORE_AND_EXTENSIONS.codecs.values(),
        BITROUND_CODEC,
        CONDITIONAL_CODEC,
        N5_DEFAULT_CODEC,
        PACKBITS_CODEC,
        RESHAPE_CODEC,
        VLEN_BYTES_CODEC,
        VLEN_UTF8_CODEC,
        ZFP_CODEC,
        *NUMCODECS_CODECS,
    ],
)
"""Every v3 definition this package has: `CORE_AND_EXTENSIONS`, every other zarr-extensions registration, zarr-python 3's own data types, tensorstore's float8_e4m3fn, and zarr-python 3's `numcodecs.*` codecs; the checker's default."""
