"""The data types with arithmetic: the integer and floating-point types, which cast_value and scale_offset compute in."""

from __future__ import annotations

from typing import Any, Final

from zarr_metadata.definition import AcceptedField, ResolvedField
from zarr_metadata.problems import ValidationProblem, shown
from zarr_metadata.typed_json import Loc
from zarr_metadata.v3.definition import DataTypeDefinition

__all__ = [
    "ARITHMETIC_DATA_TYPE_NAMES",
    "INTEGER_DATA_TYPE_NAMES",
    "has_arithmetic",
    "no_arithmetic",
]

INTEGER_DATA_TYPE_NAMES: Final = frozenset(
    {
        "int2",
        "int4",
        "int8",
        "int16",
        "int32",
        "int64",
        "uint2",
        "uint4",
        "uint8",
        "uint16",
        "uint32",
        "uint64",
    }
)
"""The names of the two's complement integer types, the only ones whose values wrap modulo a power of two."""

ARITHMETIC_DATA_TYPE_NAMES: Final = INTEGER_DATA_TYPE_NAMES | frozenset(
    {
        "float4_e2m1fn",
        "float6_e2m3fn",
        "float6_e3m2fn",
        "float8_e3m4",
        "float8_e4m3",
        "float8_e4m3fn",
        "float8_e4m3b11fnuz",
        "float8_e4m3fnuz",
        "float8_e5m2",
        "float8_e5m2fnuz",
        "float8_e8m0fnu",
        "bfloat16",
        "float16",
        "float32",
        "float64",
    }
)
"""The names the definitions of data types with arithmetic are filed under.

Names no scope here defines yet are listed too, so that a scope that
defines one can use it with these codecs.
"""


def has_arithmetic(data_type: ResolvedField[DataTypeDefinition[Any]] | None) -> bool | None:
    """Whether the values of `data_type` (a data type field a scope read) have arithmetic; None when that is not judged.

    A data type nothing claims is unknown, and a refused one already has
    its problem where it is written, so neither is judged.
    """
    if not isinstance(data_type, AcceptedField):
        return None
    return data_type.definition.name in ARITHMETIC_DATA_TYPE_NAMES


def no_arithmetic(
    data_type: AcceptedField[DataTypeDefinition[Any]], loc: Loc, purpose: str
) -> ValidationProblem:
    """The problem at `loc` of a data type without arithmetic, used `purpose` ("to cast to", ...)."""
    return ValidationProblem(
        loc,
        f"expected a data type with arithmetic (an integer or floating-point type) {purpose}, got {shown(data_type.name)}",
        "invalid_value",
        input=data_type.json,
    )
