"""The bitround codec (zarr-extensions): an array of numbers with their low bits rounded away, to compress better.

A float keeps `keepbits` bits of its mantissa; an integer keeps `keepbits`
bits from its most significant set bit. The registry lets a reader accept
`numcodecs.bitround`, the name numcodecs' codecs for zarr-python 3 write,
as an alias: it is read with the same configuration and rules.
"""

from collections.abc import Mapping
from typing import Annotated, Final, Literal, NotRequired

from annotated_types import Ge
from typing_extensions import TypedDict

from zarr_metadata._frozen import FrozenObject
from zarr_metadata.definition import AcceptedField, Nested
from zarr_metadata.problems import ValidationProblem, shown
from zarr_metadata.v3.definition import Chunk, CodecDefinition

__all__ = [
    "BITROUND_CODEC",
    "BITROUND_CODEC_NAME",
    "BITROUND_KEPT_BITS",
    "NUMCODECS_BITROUND_CODEC",
    "NUMCODECS_BITROUND_CODEC_NAME",
    "BitroundCodecConfiguration",
    "BitroundCodecMetadata",
    "BitroundCodecName",
    "BitroundCodecObject",
    "NumcodecsBitroundCodecMetadata",
    "NumcodecsBitroundCodecName",
    "NumcodecsBitroundCodecObject",
]

BITROUND_CODEC_NAME: Final = "bitround"
BitroundCodecName = Literal["bitround"]
NUMCODECS_BITROUND_CODEC_NAME: Final = "numcodecs.bitround"
NumcodecsBitroundCodecName = Literal["numcodecs.bitround"]


def _floats(mantissa: int, *names: str) -> dict[str, tuple[int, str]]:
    return {name: (mantissa, "mantissa bits") for name in names}


def _integers(bits: int, *names: str) -> dict[str, tuple[int, str]]:
    return {name: (bits, "bits") for name in names}


BITROUND_KEPT_BITS: Final[Mapping[str, tuple[int, str]]] = FrozenObject(
    {
        **_floats(52, "float64", "complex128", "complex_float64"),
        **_floats(23, "float32", "complex64", "complex_float32"),
        **_floats(10, "float16", "complex_float16"),
        **_floats(7, "bfloat16", "complex_bfloat16"),
        **_floats(4, "float8_e3m4", "complex_float8_e3m4"),
        **_floats(
            3,
            "float8_e4m3",
            "float8_e4m3fn",
            "float8_e4m3b11fnuz",
            "float8_e4m3fnuz",
            "float6_e2m3fn",
        ),
        **_floats(
            3,
            "complex_float8_e4m3",
            "complex_float8_e4m3b11fnuz",
            "complex_float8_e4m3fnuz",
            "complex_float6_e2m3fn",
        ),
        **_floats(2, "float8_e5m2", "float8_e5m2fnuz", "float6_e3m2fn"),
        **_floats(2, "complex_float8_e5m2", "complex_float8_e5m2fnuz", "complex_float6_e3m2fn"),
        **_floats(1, "float4_e2m1fn", "complex_float4_e2m1fn"),
        **_floats(0, "float8_e8m0fnu", "complex_float8_e8m0fnu"),
        **_integers(64, "int64", "uint64", "numpy.datetime64", "numpy.timedelta64"),
        **_integers(32, "int32", "uint32"),
        **_integers(16, "int16", "uint16"),
        **_integers(8, "int8", "uint8"),
        **_integers(4, "int4", "uint4"),
        **_integers(2, "int2", "uint2"),
    }
)
"""For each data type bitround rounds, as its definition is filed: the most bits it can keep, and what they are.

The registry lists the float, complex and integer types of 8 to 64 bits,
and numpy's times (rounded as int64); it lets implementations round other
types read as integers or floats, so the narrower ones of the registry are
listed too. A float keeps bits of its mantissa (float8_e8m0fnu has none); a
complex number rounds each part as its float.
"""


class BitroundCodecConfiguration(TypedDict, closed=True):
    """The configuration of the bitround codec: how many bits of each value it keeps."""

    keepbits: Annotated[int, Ge(1)]


class BitroundCodecObject(TypedDict, closed=True):
    """The bitround codec as a document writes it."""

    name: Literal["bitround"]
    configuration: BitroundCodecConfiguration
    must_understand: NotRequired[bool]


BitroundCodecMetadata = BitroundCodecObject
"""A bitround codec field: always an object, since its configuration is required."""


class NumcodecsBitroundCodecObject(TypedDict, closed=True):
    """The bitround codec as a document writes it under its deprecated alias."""

    name: Literal["numcodecs.bitround"]
    configuration: BitroundCodecConfiguration
    must_understand: NotRequired[bool]


NumcodecsBitroundCodecMetadata = NumcodecsBitroundCodecObject
"""A bitround codec field under its deprecated alias: always an object, since its configuration is required."""


def _chunk_rules(
    configuration: BitroundCodecConfiguration, nested: Nested, chunk: Chunk
) -> tuple[ValidationProblem, ...]:
    data_type = chunk.data_type
    if not isinstance(data_type, AcceptedField):
        return ()  # unknown, or refused with a problem of its own
    kept = BITROUND_KEPT_BITS.get(data_type.definition.name)
    if kept is None:
        return (
            ValidationProblem(
                (),
                f"expected an integer, floating-point or complex data type whose bits bitround rounds, got {shown(data_type.name)}",
                "invalid_value",
                input=data_type.json,
            ),
        )
    most, what = kept
    keepbits = configuration["keepbits"]
    if keepbits <= most:
        return ()
    return (
        ValidationProblem(
            ("keepbits",),
            f"expected keepbits at most {most}, the {what} of {data_type.name}, got {keepbits}",
            "invalid_value",
            input=keepbits,
            ctx={"le": most},
        ),
    )


def _transition(configuration: BitroundCodecConfiguration, nested: Nested, chunk: Chunk) -> Chunk:
    # Rounding changes values, not their type or place.
    return chunk


BITROUND_CODEC: Final = CodecDefinition(
    name=BITROUND_CODEC_NAME,
    configuration=BitroundCodecConfiguration,
    kind="array_array",
    size="static",
    chunk_rules=_chunk_rules,
    transition=_transition,
)
"""The definition of the bitround codec (zarr-extensions)."""

NUMCODECS_BITROUND_CODEC: Final = CodecDefinition(
    name=NUMCODECS_BITROUND_CODEC_NAME,
    configuration=BitroundCodecConfiguration,
    kind="array_array",
    size="static",
    chunk_rules=_chunk_rules,
    transition=_transition,
)
"""The definition of the bitround codec under its deprecated alias `numcodecs.bitround` (zarr-extensions)."""
