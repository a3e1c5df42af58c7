"""The numcodecs filters: codecs that transform an array's values before compression (delta, fixedscaleoffset, quantize, bitround, packbits, astype, shuffle).

A parameter that names a data type is a NumPy type string, judged as a
v2 `dtype` is, against the data types this package defines whatever the
array's scope: numcodecs reads it with NumPy alone. A structured type
(a list) is no such string.
"""

# No `from __future__ import annotations`: TypedDict reads ReadOnly and
# NotRequired from evaluated annotations only, for its __readonly_keys__
# and __optional_keys__.

import sys
from collections.abc import Collection, Mapping
from typing import Annotated, Any, Final, NotRequired, cast

from annotated_types import Ge, Interval, Le
from typing_extensions import ReadOnly, TypedDict

from zarr_metadata._json import under
from zarr_metadata.definition import (
    AcceptedField,
    Default,
    EmptyConfiguration,
    Nested,
    ResolvedField,
    canonical_of,
    resolve,
)
from zarr_metadata.problems import Problems, ValidationProblem, shown
from zarr_metadata.v2.data_type import DATA_TYPES_V2
from zarr_metadata.v2.definition import (
    ZarrV2CodecDefinition,
    ZarrV2Context,
    ZarrV2DataTypeDefinition,
)

__all__ = [
    "ASTYPE_CODEC_V2",
    "BITROUND_CODEC_V2",
    "DELTA_CODEC_V2",
    "FIXEDSCALEOFFSET_CODEC_V2",
    "PACKBITS_CODEC_V2",
    "QUANTIZE_CODEC_V2",
    "SHUFFLE_CODEC_V2",
    "ZarrV2AsTypeParameters",
    "ZarrV2BitRoundParameters",
    "ZarrV2DeltaParameters",
    "ZarrV2FixedScaleOffsetParameters",
    "ZarrV2QuantizeParameters",
    "ZarrV2ShuffleParameters",
]

# Data type parameters, shared with vlen-array.

CORE_DATA_TYPES: Final = ZarrV2Context(data_types=DATA_TYPES_V2)
"""The scope a codec's data type parameter is read in: the v2 data types of this package, which are NumPy's."""

NUMERIC: Final = frozenset({"int", "uint", "float", "complex"})
"""The families whose values have arithmetic."""
FLOAT: Final = frozenset({"float"})


def read_type_string(value: str) -> tuple[ResolvedField[ZarrV2DataTypeDefinition[Any]], Problems]:
    """The data type a parameter's type string names, read in `CORE_DATA_TYPES`, and its problems, located at the string."""
    return resolve(
        value,
        cast("type[ZarrV2DataTypeDefinition[Any]]", ZarrV2DataTypeDefinition),
        CORE_DATA_TYPES,
    )


def data_type_problems(
    configuration: Mapping[str, object],
    member: str,
    families: Collection[str] | None,
    wanted: str,
    codec: str,
) -> list[ValidationProblem]:
    """The problems of the type string in `member`, located at it: not a v2 data type, or not of one of `families` (any when None).

    `wanted` says what the codec takes (`"a numeric data type"`); an absent
    or null member has no problem.
    """
    value = configuration.get(member)
    if not isinstance(value, str):
        return []
    field, problems = read_type_string(value)
    if problems:
        return under((member,), problems)
    if (
        not isinstance(field, AcceptedField)
        or families is None
        or field.definition.name in families
    ):
        return []
    message = f"expected {wanted} as the {member} of {codec}, got {shown(value)} ({field.definition.name})"
    return [ValidationProblem((member,), message, "invalid_value", input=value)]


def canonical_type_string(value: str) -> str:
    """The one spelling of a type string without problems: `"<i1"` is `"|i1"`, as NumPy writes it."""
    field, problems = read_type_string(value)
    spelled = canonical_of(field, problems)
    return spelled if isinstance(spelled, str) else value


def canonical_with_astype(configuration: Mapping[str, Any]) -> Any:
    """A configuration with `dtype` and `astype` spelled canonically, `astype` filled in with the `dtype` when absent or null, as numcodecs' `get_config()` writes it.

    More than a default: the `astype` left out is the `dtype`.
    """
    dtype = canonical_type_string(configuration["dtype"])
    astype = configuration.get("astype")
    return {
        **configuration,
        "dtype": dtype,
        "astype": dtype if astype is None else canonical_type_string(astype),
    }


_NUMERIC_WANTED: Final = "a numeric data type (int, uint, float or complex)"
_FLOAT_WANTED: Final = "a floating-point data type"


# delta


class ZarrV2DeltaParameters(TypedDict, closed=True):
    """The parameters of delta: the data type of the array's values, and the data type the differences are stored in (the first, when absent or null)."""

    dtype: ReadOnly[str]
    astype: NotRequired[ReadOnly[str | None]]


_DIFFERENCED: Final = NUMERIC | {"timedelta64"}
"""The families delta takes: those with arithmetic, and timedelta64, whose differences are timedeltas (datetime64 has none: numcodecs fails to decode it)."""
_DIFFERENCED_WANTED: Final = "a numeric or timedelta64 data type (int, uint, float, complex or m8)"


def _delta_rules(configuration: ZarrV2DeltaParameters, nested: Nested) -> list[ValidationProblem]:
    return [
        *data_type_problems(configuration, "dtype", _DIFFERENCED, _DIFFERENCED_WANTED, "delta"),
        *data_type_problems(configuration, "astype", _DIFFERENCED, _DIFFERENCED_WANTED, "delta"),
    ]


DELTA_CODEC_V2: Final = ZarrV2CodecDefinition(
    name="delta",
    configuration=ZarrV2DeltaParameters,
    rules=_delta_rules,
    canonical=canonical_with_astype,
)
"""The definition of delta: the first value, then the difference of each value from the one before."""


# fixedscaleoffset

DOUBLE: Final = Interval(ge=-sys.float_info.max, le=sys.float_info.max)
"""The numbers a parameter numcodecs reads as a double may be: an integer beyond these is too large to convert."""


class ZarrV2FixedScaleOffsetParameters(TypedDict, closed=True):
    """The parameters of fixedscaleoffset: each value is stored as `round((value - offset) * scale)`, in `astype` (the `dtype`, when absent or null).

    Decoding divides by the scale, so it must not be 0.
    """

    offset: ReadOnly[Annotated[float, DOUBLE]]
    scale: ReadOnly[Annotated[float, DOUBLE]]
    dtype: ReadOnly[str]
    astype: NotRequired[ReadOnly[str | None]]


def _fixedscaleoffset_rules(
    configuration: ZarrV2FixedScaleOffsetParameters, nested: Nested
) -> list[ValidationProblem]:
    problems = [
        *data_type_problems(configuration, "dtype", NUMERIC, _NUMERIC_WANTED, "fixedscaleoffset"),
        *data_type_problems(configuration, "astype", NUMERIC, _NUMERIC_WANTED, "fixedscaleoffset"),
    ]
    scale = configuration["scale"]
    if scale == 0:
        message = f"expected a scale other than 0, which would store every value as 0 and decode none, got {shown(scale)}"
        problems.append(ValidationProblem(("scale",), message, "invalid_value", input=scale))
    return problems


FIXEDSCALEOFFSET_CODEC_V2: Final = ZarrV2CodecDefinition(
    name="fixedscaleoffset",
    configuration=ZarrV2FixedScaleOffsetParameters,
    rules=_fixedscaleoffset_rules,
    canonical=canonical_with_astype,
)
"""The definition of fixedscaleoffset: values offset, scaled and rounded to integers, as HDF5's scale-offset filter does without packing."""


# quantize


class ZarrV2QuantizeParameters(TypedDict, closed=True):
    """The parameters of quantize: the decimal digits of precision kept, the floating-point type of the values, and the one they are stored in (the first, when absent or null)."""

    digits: ReadOnly[Annotated[int, Interval(ge=-308, le=307)]]
    dtype: ReadOnly[str]
    astype: NotRequired[ReadOnly[str | None]]


def _quantize_rules(
    configuration: ZarrV2QuantizeParameters, nested: Nested
) -> list[ValidationProblem]:
    return [
        *data_type_problems(configuration, "dtype", FLOAT, _FLOAT_WANTED, "quantize"),
        *data_type_problems(configuration, "astype", FLOAT, _FLOAT_WANTED, "quantize"),
    ]


QUANTIZE_CODEC_V2: Final = ZarrV2CodecDefinition(
    name="quantize",
    configuration=ZarrV2QuantizeParameters,
    rules=_quantize_rules,
    canonical=canonical_with_astype,
)
"""The definition of quantize: floating-point values rounded to a number of decimal digits (lossy)."""


# bitround


class ZarrV2BitRoundParameters(TypedDict, closed=True):
    """The parameters of bitround: how many bits of each float's mantissa are kept.

    The array's type decides how many there are to keep (10 for float16,
    23 for float32, 52 for float64); keeping them all changes nothing.
    """

    keepbits: ReadOnly[Annotated[int, Ge(0)]]


BITROUND_CODEC_V2: Final = ZarrV2CodecDefinition(
    name="bitround", configuration=ZarrV2BitRoundParameters
)
"""The definition of bitround: floating-point values with their mantissas rounded to fewer bits (lossy)."""


# packbits

PACKBITS_CODEC_V2: Final = ZarrV2CodecDefinition(name="packbits", configuration=EmptyConfiguration)
"""The definition of packbits: booleans packed eight to a byte, after a byte counting the bits of padding."""


# astype


class ZarrV2AsTypeParameters(TypedDict, closed=True):
    """The parameters of astype: the data type values are stored in, and the array's own."""

    encode_dtype: ReadOnly[str]
    decode_dtype: ReadOnly[str]


def _astype_rules(configuration: ZarrV2AsTypeParameters, nested: Nested) -> list[ValidationProblem]:
    return [
        *data_type_problems(configuration, "encode_dtype", NUMERIC, _NUMERIC_WANTED, "astype"),
        *data_type_problems(configuration, "decode_dtype", NUMERIC, _NUMERIC_WANTED, "astype"),
    ]


def _astype_canonical(configuration: ZarrV2AsTypeParameters) -> ZarrV2AsTypeParameters:
    # No default: type strings spelled as NumPy writes them.
    return {
        "encode_dtype": canonical_type_string(configuration["encode_dtype"]),
        "decode_dtype": canonical_type_string(configuration["decode_dtype"]),
    }


ASTYPE_CODEC_V2: Final = ZarrV2CodecDefinition(
    name="astype",
    configuration=ZarrV2AsTypeParameters,
    rules=_astype_rules,
    canonical=_astype_canonical,
)
"""The definition of astype: values converted to another data type to be stored."""


# shuffle


class ZarrV2ShuffleParameters(TypedDict, closed=True):
    """The parameters of shuffle: the size in bytes of the elements whose bytes it regroups (4 when absent); 1 or less leaves the bytes as they are."""

    elementsize: NotRequired[ReadOnly[Annotated[int, Le(2**63 - 1), Default(4)]]]


SHUFFLE_CODEC_V2: Final = ZarrV2CodecDefinition(
    name="shuffle", configuration=ZarrV2ShuffleParameters
)
"""The definition of shuffle: the bytes of the elements regrouped, every element's first byte first, then every second byte, and so on."""
