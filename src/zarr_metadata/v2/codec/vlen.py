"""The numcodecs codecs of variable-length values: vlen-utf8, vlen-bytes and vlen-array, each turning an object array into bytes.

Each writes the number of items, then each item as its length in bytes
followed by its bytes: a string in UTF-8, a bytes object as it is, an
array's values in the configured data type.
"""

# No `from __future__ import annotations`: TypedDict reads ReadOnly from
# evaluated annotations only, for its __readonly_keys__.

from typing import Final

from typing_extensions import ReadOnly, TypedDict

from zarr_metadata.definition import AcceptedField, EmptyConfiguration, Nested
from zarr_metadata.problems import ValidationProblem, shown
from zarr_metadata.v2.codec.filters import (
    canonical_type_string,
    data_type_problems,
    read_type_string,
)
from zarr_metadata.v2.definition import ZarrV2CodecDefinition

__all__ = [
    "VLEN_ARRAY_CODEC_V2",
    "VLEN_BYTES_CODEC_V2",
    "VLEN_UTF8_CODEC_V2",
    "ZarrV2VLenArrayParameters",
]

_FIXED_SIZE: Final = frozenset(
    {"bool", "int", "uint", "float", "complex", "bytes", "str", "void", "datetime64", "timedelta64"}
)
"""The families whose values each take a fixed number of bytes: every one but object."""


class ZarrV2VLenArrayParameters(TypedDict, closed=True):
    """The parameters of vlen-array: the data type of the values of each item, a type of fixed size."""

    dtype: ReadOnly[str]


def _vlen_array_rules(
    configuration: ZarrV2VLenArrayParameters, nested: Nested
) -> list[ValidationProblem]:
    problems = data_type_problems(
        configuration,
        "dtype",
        _FIXED_SIZE,
        "a data type of fixed size (not an object type)",
        "vlen-array",
    )
    if problems:
        return problems
    # An item's bytes are counted out in values of the type, which a type
    # of no bytes (void of size 0) cannot do.
    field, _ = read_type_string(configuration["dtype"])
    if isinstance(field, AcceptedField) and field.configuration.get("itemsize") == 0:
        dtype = configuration["dtype"]
        message = f"expected a data type of at least one byte as the dtype of vlen-array, got {shown(dtype)}"
        return [ValidationProblem(("dtype",), message, "invalid_value", input=dtype)]
    return []


def _vlen_array_canonical(configuration: ZarrV2VLenArrayParameters) -> ZarrV2VLenArrayParameters:
    # No default: the type string spelled as NumPy writes it.
    return {"dtype": canonical_type_string(configuration["dtype"])}


VLEN_UTF8_CODEC_V2: Final = ZarrV2CodecDefinition(
    name="vlen-utf8", configuration=EmptyConfiguration
)
"""The definition of vlen-utf8: strings of any length, in UTF-8."""

VLEN_BYTES_CODEC_V2: Final = ZarrV2CodecDefinition(
    name="vlen-bytes", configuration=EmptyConfiguration
)
"""The definition of vlen-bytes: bytes objects of any length."""

VLEN_ARRAY_CODEC_V2: Final = ZarrV2CodecDefinition(
    name="vlen-array",
    configuration=ZarrV2VLenArrayParameters,
    rules=_vlen_array_rules,
    canonical=_vlen_array_canonical,
)
"""The definition of vlen-array: one-dimensional arrays of any length, all of one data type."""
