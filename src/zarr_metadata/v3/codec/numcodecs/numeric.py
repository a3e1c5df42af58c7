"""The numcodecs compressors of numeric arrays as zarr-python 3 writes them in v3: `numcodecs.pcodec` and `numcodecs.zfpy`.

Each is an array -> bytes codec, written in place of `bytes`: it takes the
chunk's values themselves, in the byte order of the machine, and writes
bytes whose size depends on the values. Each is configured as its v2
namesake is (see `zarr_metadata.v2.codec.numeric`), and compresses only
some data types, which its chunk rules judge:

- pcodec: int16, int32, int64, uint16, uint32, uint64, float16, float32,
  float64, numpy.datetime64 and numpy.timedelta64. Pco refuses bytes of
  8 bits unless asked to take them, which numcodecs never asks, and has
  no booleans or complex numbers.
- zfpy: int32, int64, float32 and float64, in chunks of one to four axes.
"""

# No `from __future__ import annotations`: TypedDict reads NotRequired
# from evaluated annotations only, for its __optional_keys__.

from typing import Any, Final, Literal, NotRequired

from typing_extensions import TypedDict

from zarr_metadata._json import ValidationProblem, shown
from zarr_metadata.definition import AcceptedField
from zarr_metadata.definition._fields import Nested
from zarr_metadata.v2.codec.numeric import (
    PCODEC_CODEC_V2,
    ZFPY_CODEC_V2,
    ZarrV2PCodecParameters,
    ZarrV2ZfpyParameters,
)
from zarr_metadata.v3._definition import Chunk
from zarr_metadata.v3.codec.numcodecs._shared import numcodecs_codec

__all__ = [
    "NUMCODECS_PCODEC_CODEC",
    "NUMCODECS_PCODEC_CODEC_NAME",
    "NUMCODECS_PCODEC_DATA_TYPE_NAMES",
    "NUMCODECS_ZFPY_CODEC",
    "NUMCODECS_ZFPY_CODEC_NAME",
    "NUMCODECS_ZFPY_DATA_TYPE_NAMES",
    "NumcodecsPCodecCodecConfiguration",
    "NumcodecsPCodecCodecMetadata",
    "NumcodecsPCodecCodecName",
    "NumcodecsPCodecCodecObject",
    "NumcodecsZfpyCodecConfiguration",
    "NumcodecsZfpyCodecMetadata",
    "NumcodecsZfpyCodecName",
    "NumcodecsZfpyCodecObject",
]


def _unsupported(data_type: AcceptedField[Any], codec: str, names: frozenset[str]) -> ValidationProblem:
    listed = ", ".join(sorted(names))
    message = f"expected a data type {codec} compresses ({listed}), got {shown(data_type.name)}"
    return ValidationProblem((), message, "invalid_value", input=data_type.json)


# numcodecs.pcodec

NUMCODECS_PCODEC_CODEC_NAME: Final = "numcodecs.pcodec"
NumcodecsPCodecCodecName = Literal["numcodecs.pcodec"]
NumcodecsPCodecCodecConfiguration = ZarrV2PCodecParameters
"""The configuration of numcodecs.pcodec: the parameters of numcodecs' pcodec."""

NUMCODECS_PCODEC_DATA_TYPE_NAMES: Final = frozenset(
    {
        "int16", "int32", "int64", "uint16", "uint32", "uint64",
        "float16", "float32", "float64", "numpy.datetime64", "numpy.timedelta64",
    }
)  # fmt: skip
"""The data types numcodecs.pcodec compresses, by the names their definitions are filed under."""


class NumcodecsPCodecCodecObject(TypedDict, closed=True):
    """numcodecs.pcodec written as an object."""

    name: NumcodecsPCodecCodecName
    configuration: NotRequired[NumcodecsPCodecCodecConfiguration]
    must_understand: NotRequired[bool]


NumcodecsPCodecCodecMetadata = NumcodecsPCodecCodecObject | NumcodecsPCodecCodecName
"""numcodecs.pcodec as a document writes it: an object, or its bare name."""


def _pcodec_chunk_rules(configuration: ZarrV2PCodecParameters, nested: Nested, chunk: Chunk) -> tuple[ValidationProblem, ...]:
    incoming = chunk.data_type
    if not isinstance(incoming, AcceptedField) or incoming.definition.name in NUMCODECS_PCODEC_DATA_TYPE_NAMES:
        return ()  # unknown, refused with a problem of its own, or one Pco takes
    return (_unsupported(incoming, "pcodec", NUMCODECS_PCODEC_DATA_TYPE_NAMES),)


NUMCODECS_PCODEC_CODEC: Final = numcodecs_codec(PCODEC_CODEC_V2, "array_bytes", "dynamic", chunk_rules=_pcodec_chunk_rules)
"""The definition of numcodecs.pcodec: numbers compressed losslessly by Pco."""


# numcodecs.zfpy

NUMCODECS_ZFPY_CODEC_NAME: Final = "numcodecs.zfpy"
NumcodecsZfpyCodecName = Literal["numcodecs.zfpy"]
NumcodecsZfpyCodecConfiguration = ZarrV2ZfpyParameters
"""The configuration of numcodecs.zfpy: the parameters of numcodecs' zfpy."""

NUMCODECS_ZFPY_DATA_TYPE_NAMES: Final = frozenset({"int32", "int64", "float32", "float64"})
"""The data types numcodecs.zfpy compresses, by the names their definitions are filed under."""

_ZFPY_MOST_AXES: Final = 4


class NumcodecsZfpyCodecObject(TypedDict, closed=True):
    """numcodecs.zfpy written as an object."""

    name: NumcodecsZfpyCodecName
    configuration: NotRequired[NumcodecsZfpyCodecConfiguration]
    must_understand: NotRequired[bool]


NumcodecsZfpyCodecMetadata = NumcodecsZfpyCodecObject | NumcodecsZfpyCodecName
"""numcodecs.zfpy as a document writes it: an object, or its bare name."""


def _zfpy_chunk_rules(configuration: ZarrV2ZfpyParameters, nested: Nested, chunk: Chunk) -> list[ValidationProblem]:
    problems: list[ValidationProblem] = []
    incoming = chunk.data_type
    if isinstance(incoming, AcceptedField) and incoming.definition.name not in NUMCODECS_ZFPY_DATA_TYPE_NAMES:
        problems.append(_unsupported(incoming, "zfpy", NUMCODECS_ZFPY_DATA_TYPE_NAMES))
    rank = chunk.rank
    if rank is not None and not 1 <= rank <= _ZFPY_MOST_AXES:
        # zfp compresses fields of 1 to 4 dimensions; zfpy refuses a scalar too.
        message = f"expected a chunk of 1 to {_ZFPY_MOST_AXES} axes, which zfpy compresses, got {rank}"
        problems.append(ValidationProblem((), message, "invalid_value", ctx={"ge": 1, "le": _ZFPY_MOST_AXES}))
    return problems


NUMCODECS_ZFPY_CODEC: Final = numcodecs_codec(ZFPY_CODEC_V2, "array_bytes", "dynamic", chunk_rules=_zfpy_chunk_rules)
"""The definition of numcodecs.zfpy: numbers compressed by zfp, lossily in a fixed rate, precision or accuracy, or losslessly."""
