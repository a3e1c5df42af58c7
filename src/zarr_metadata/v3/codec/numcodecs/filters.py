"""The numcodecs filters as zarr-python 3 writes them in v3: `numcodecs.delta`, `numcodecs.fixedscaleoffset`, `numcodecs.quantize`, `numcodecs.packbits`, `numcodecs.astype` and `numcodecs.shuffle`.

Each is configured as its v2 namesake is (see
`zarr_metadata.v2.codec.filters`). All but shuffle are array -> array
codecs. A filter's `dtype` (astype's `decode_dtype`) names the data type
of the values it receives: where the chunk holds a numeric data type of
the core, it must name that type. Its byte order does not count: it is
the one of the machine that wrote the document, and numcodecs views the
values in memory, in the machine's order.

The chunk a filter passes on holds the type its `astype` (`encode_dtype`)
names, or its `dtype`. delta and fixedscaleoffset flatten each chunk to
one axis; quantize and astype keep its shape. Each views the values as
its `dtype` first, so the lengths are known only where the chunk's data
type is as wide. packbits takes bool only, and turns each chunk into one
axis of bytes. zarr-python writes shuffle as a bytes -> bytes codec.

`numcodecs.bitround` is not here: zarr-extensions registers it as an
alias of its bitround codec, defined in `zarr_metadata.v3.codec.bitround`.
"""

# No `from __future__ import annotations`: TypedDict reads NotRequired
# from evaluated annotations only, for its __optional_keys__.

import math
from typing import Final, Literal, NotRequired

from typing_extensions import TypedDict

from zarr_metadata._json import ValidationProblem, shown
from zarr_metadata.definition import AcceptedField, EmptyConfiguration
from zarr_metadata.definition._fields import Nested
from zarr_metadata.v2.codec.filters import (
    ASTYPE_CODEC_V2,
    DELTA_CODEC_V2,
    FIXEDSCALEOFFSET_CODEC_V2,
    PACKBITS_CODEC_V2,
    QUANTIZE_CODEC_V2,
    SHUFFLE_CODEC_V2,
    ZarrV2AsTypeParameters,
    ZarrV2DeltaParameters,
    ZarrV2FixedScaleOffsetParameters,
    ZarrV2QuantizeParameters,
    ZarrV2ShuffleParameters,
)
from zarr_metadata.v3._definition import Chunk, chunk_of, one_length
from zarr_metadata.v3.codec.numcodecs._shared import (
    flat_length,
    numcodecs_codec,
    received_type_problems,
    type_field,
    viewed_chunk,
    with_numpy_names,
)

__all__ = [
    "NUMCODECS_ASTYPE_CODEC",
    "NUMCODECS_ASTYPE_CODEC_NAME",
    "NUMCODECS_DELTA_CODEC",
    "NUMCODECS_DELTA_CODEC_NAME",
    "NUMCODECS_FIXEDSCALEOFFSET_CODEC",
    "NUMCODECS_FIXEDSCALEOFFSET_CODEC_NAME",
    "NUMCODECS_PACKBITS_CODEC",
    "NUMCODECS_PACKBITS_CODEC_NAME",
    "NUMCODECS_QUANTIZE_CODEC",
    "NUMCODECS_QUANTIZE_CODEC_NAME",
    "NUMCODECS_SHUFFLE_CODEC",
    "NUMCODECS_SHUFFLE_CODEC_NAME",
    "NumcodecsAsTypeCodecConfiguration",
    "NumcodecsAsTypeCodecMetadata",
    "NumcodecsAsTypeCodecName",
    "NumcodecsAsTypeCodecObject",
    "NumcodecsDeltaCodecConfiguration",
    "NumcodecsDeltaCodecMetadata",
    "NumcodecsDeltaCodecName",
    "NumcodecsDeltaCodecObject",
    "NumcodecsFixedScaleOffsetCodecConfiguration",
    "NumcodecsFixedScaleOffsetCodecMetadata",
    "NumcodecsFixedScaleOffsetCodecName",
    "NumcodecsFixedScaleOffsetCodecObject",
    "NumcodecsPackBitsCodecMetadata",
    "NumcodecsPackBitsCodecName",
    "NumcodecsPackBitsCodecObject",
    "NumcodecsQuantizeCodecConfiguration",
    "NumcodecsQuantizeCodecMetadata",
    "NumcodecsQuantizeCodecName",
    "NumcodecsQuantizeCodecObject",
    "NumcodecsShuffleCodecConfiguration",
    "NumcodecsShuffleCodecMetadata",
    "NumcodecsShuffleCodecName",
    "NumcodecsShuffleCodecObject",
]


# numcodecs.delta

NUMCODECS_DELTA_CODEC_NAME: Final = "numcodecs.delta"
NumcodecsDeltaCodecName = Literal["numcodecs.delta"]
NumcodecsDeltaCodecConfiguration = ZarrV2DeltaParameters
"""The configuration of numcodecs.delta: the parameters of numcodecs' delta."""


class NumcodecsDeltaCodecObject(TypedDict, closed=True):
    """numcodecs.delta as a document writes it."""

    name: NumcodecsDeltaCodecName
    configuration: NumcodecsDeltaCodecConfiguration
    must_understand: NotRequired[bool]


NumcodecsDeltaCodecMetadata = NumcodecsDeltaCodecObject
"""A numcodecs.delta field: always an object, since its configuration is required."""


def _delta_rules(configuration: ZarrV2DeltaParameters, nested: Nested) -> list[ValidationProblem]:
    return with_numpy_names(DELTA_CODEC_V2.rules, configuration, nested, ("dtype", "astype"))


def _delta_chunk_rules(configuration: ZarrV2DeltaParameters, nested: Nested, chunk: Chunk) -> tuple[ValidationProblem, ...]:
    return received_type_problems(configuration, "dtype", chunk, NUMCODECS_DELTA_CODEC_NAME)


def _delta_transition(configuration: ZarrV2DeltaParameters, nested: Nested, chunk: Chunk) -> Chunk:
    dtype = configuration["dtype"]
    return viewed_chunk(dtype, configuration.get("astype") or dtype, chunk, flattened=True)


NUMCODECS_DELTA_CODEC: Final = numcodecs_codec(
    DELTA_CODEC_V2,
    "array_array",
    "static",
    rules=_delta_rules,
    chunk_rules=_delta_chunk_rules,
    transition=_delta_transition,
)
"""The definition of numcodecs.delta: the first value, then the difference of each value from the one before."""


# numcodecs.fixedscaleoffset

NUMCODECS_FIXEDSCALEOFFSET_CODEC_NAME: Final = "numcodecs.fixedscaleoffset"
NumcodecsFixedScaleOffsetCodecName = Literal["numcodecs.fixedscaleoffset"]
NumcodecsFixedScaleOffsetCodecConfiguration = ZarrV2FixedScaleOffsetParameters
"""The configuration of numcodecs.fixedscaleoffset: the parameters of numcodecs' fixedscaleoffset."""


class NumcodecsFixedScaleOffsetCodecObject(TypedDict, closed=True):
    """numcodecs.fixedscaleoffset as a document writes it."""

    name: NumcodecsFixedScaleOffsetCodecName
    configuration: NumcodecsFixedScaleOffsetCodecConfiguration
    must_understand: NotRequired[bool]


NumcodecsFixedScaleOffsetCodecMetadata = NumcodecsFixedScaleOffsetCodecObject
"""A numcodecs.fixedscaleoffset field: always an object, since its configuration is required."""


def _fixedscaleoffset_rules(configuration: ZarrV2FixedScaleOffsetParameters, nested: Nested) -> list[ValidationProblem]:
    return with_numpy_names(FIXEDSCALEOFFSET_CODEC_V2.rules, configuration, nested, ("dtype", "astype"))


def _fixedscaleoffset_chunk_rules(
    configuration: ZarrV2FixedScaleOffsetParameters, nested: Nested, chunk: Chunk
) -> tuple[ValidationProblem, ...]:
    return received_type_problems(configuration, "dtype", chunk, NUMCODECS_FIXEDSCALEOFFSET_CODEC_NAME)


def _fixedscaleoffset_transition(configuration: ZarrV2FixedScaleOffsetParameters, nested: Nested, chunk: Chunk) -> Chunk:
    dtype = configuration["dtype"]
    return viewed_chunk(dtype, configuration.get("astype") or dtype, chunk, flattened=True)


NUMCODECS_FIXEDSCALEOFFSET_CODEC: Final = numcodecs_codec(
    FIXEDSCALEOFFSET_CODEC_V2,
    "array_array",
    "static",
    rules=_fixedscaleoffset_rules,
    chunk_rules=_fixedscaleoffset_chunk_rules,
    transition=_fixedscaleoffset_transition,
)
"""The definition of numcodecs.fixedscaleoffset: values offset, scaled and rounded to integers."""


# numcodecs.quantize

NUMCODECS_QUANTIZE_CODEC_NAME: Final = "numcodecs.quantize"
NumcodecsQuantizeCodecName = Literal["numcodecs.quantize"]
NumcodecsQuantizeCodecConfiguration = ZarrV2QuantizeParameters
"""The configuration of numcodecs.quantize: the parameters of numcodecs' quantize."""


class NumcodecsQuantizeCodecObject(TypedDict, closed=True):
    """numcodecs.quantize as a document writes it."""

    name: NumcodecsQuantizeCodecName
    configuration: NumcodecsQuantizeCodecConfiguration
    must_understand: NotRequired[bool]


NumcodecsQuantizeCodecMetadata = NumcodecsQuantizeCodecObject
"""A numcodecs.quantize field: always an object, since its configuration is required."""


def _quantize_rules(configuration: ZarrV2QuantizeParameters, nested: Nested) -> list[ValidationProblem]:
    return with_numpy_names(QUANTIZE_CODEC_V2.rules, configuration, nested, ("dtype", "astype"))


def _quantize_chunk_rules(configuration: ZarrV2QuantizeParameters, nested: Nested, chunk: Chunk) -> tuple[ValidationProblem, ...]:
    return received_type_problems(configuration, "dtype", chunk, NUMCODECS_QUANTIZE_CODEC_NAME)


def _quantize_transition(configuration: ZarrV2QuantizeParameters, nested: Nested, chunk: Chunk) -> Chunk:
    dtype = configuration["dtype"]
    return viewed_chunk(dtype, configuration.get("astype") or dtype, chunk, flattened=False)


NUMCODECS_QUANTIZE_CODEC: Final = numcodecs_codec(
    QUANTIZE_CODEC_V2,
    "array_array",
    "static",
    rules=_quantize_rules,
    chunk_rules=_quantize_chunk_rules,
    transition=_quantize_transition,
)
"""The definition of numcodecs.quantize: floating-point values rounded to a number of decimal digits (lossy)."""


# numcodecs.packbits

NUMCODECS_PACKBITS_CODEC_NAME: Final = "numcodecs.packbits"
NumcodecsPackBitsCodecName = Literal["numcodecs.packbits"]


class NumcodecsPackBitsCodecObject(TypedDict, closed=True):
    """numcodecs.packbits written as an object."""

    name: NumcodecsPackBitsCodecName
    configuration: NotRequired[EmptyConfiguration]
    must_understand: NotRequired[bool]


NumcodecsPackBitsCodecMetadata = NumcodecsPackBitsCodecObject | NumcodecsPackBitsCodecName
"""numcodecs.packbits as a document writes it: an object, or its bare name."""


def _packbits_chunk_rules(configuration: EmptyConfiguration, nested: Nested, chunk: Chunk) -> tuple[ValidationProblem, ...]:
    incoming = chunk.data_type
    if not isinstance(incoming, AcceptedField) or incoming.definition.name == "bool":
        return ()
    message = f"expected the data type bool, whose values numcodecs' packbits packs eight to a byte, got {shown(incoming.name)}"
    return (ValidationProblem((), message, "invalid_value", input=incoming.json),)


def _packbits_transition(configuration: EmptyConfiguration, nested: Nested, chunk: Chunk) -> Chunk:
    # One axis of bytes: the bits of padding, then the values eight to a
    # byte. numcodecs views the values as booleans, one a byte, so how many
    # there are is known only for booleans, and only when every chunk has
    # the same lengths.
    incoming = chunk.data_type
    values = flat_length(chunk.lengths)
    length = None
    if isinstance(incoming, AcceptedField) and incoming.definition.name == "bool" and values is not None:
        (count,) = values
        length = one_length(1 + math.ceil(count / 8))
    return chunk_of((length,), type_field(("uint", 1)))


NUMCODECS_PACKBITS_CODEC: Final = numcodecs_codec(
    PACKBITS_CODEC_V2,
    "array_array",
    "static",
    chunk_rules=_packbits_chunk_rules,
    transition=_packbits_transition,
)
"""The definition of numcodecs.packbits: booleans packed eight to a byte, after a byte counting the bits of padding."""


# numcodecs.astype

NUMCODECS_ASTYPE_CODEC_NAME: Final = "numcodecs.astype"
NumcodecsAsTypeCodecName = Literal["numcodecs.astype"]
NumcodecsAsTypeCodecConfiguration = ZarrV2AsTypeParameters
"""The configuration of numcodecs.astype: the parameters of numcodecs' astype."""


class NumcodecsAsTypeCodecObject(TypedDict, closed=True):
    """numcodecs.astype as a document writes it."""

    name: NumcodecsAsTypeCodecName
    configuration: NumcodecsAsTypeCodecConfiguration
    must_understand: NotRequired[bool]


NumcodecsAsTypeCodecMetadata = NumcodecsAsTypeCodecObject
"""A numcodecs.astype field: always an object, since its configuration is required."""


def _astype_rules(configuration: ZarrV2AsTypeParameters, nested: Nested) -> list[ValidationProblem]:
    return with_numpy_names(ASTYPE_CODEC_V2.rules, configuration, nested, ("encode_dtype", "decode_dtype"))


def _astype_chunk_rules(configuration: ZarrV2AsTypeParameters, nested: Nested, chunk: Chunk) -> tuple[ValidationProblem, ...]:
    return received_type_problems(configuration, "decode_dtype", chunk, NUMCODECS_ASTYPE_CODEC_NAME)


def _astype_transition(configuration: ZarrV2AsTypeParameters, nested: Nested, chunk: Chunk) -> Chunk:
    return viewed_chunk(configuration["decode_dtype"], configuration["encode_dtype"], chunk, flattened=False)


NUMCODECS_ASTYPE_CODEC: Final = numcodecs_codec(
    ASTYPE_CODEC_V2,
    "array_array",
    "static",
    rules=_astype_rules,
    chunk_rules=_astype_chunk_rules,
    transition=_astype_transition,
)
"""The definition of numcodecs.astype: values converted to another data type to be stored."""


# numcodecs.shuffle

NUMCODECS_SHUFFLE_CODEC_NAME: Final = "numcodecs.shuffle"
NumcodecsShuffleCodecName = Literal["numcodecs.shuffle"]
NumcodecsShuffleCodecConfiguration = ZarrV2ShuffleParameters
"""The configuration of numcodecs.shuffle: the parameters of numcodecs' shuffle."""


class NumcodecsShuffleCodecObject(TypedDict, closed=True):
    """numcodecs.shuffle written as an object."""

    name: NumcodecsShuffleCodecName
    configuration: NotRequired[NumcodecsShuffleCodecConfiguration]
    must_understand: NotRequired[bool]


NumcodecsShuffleCodecMetadata = NumcodecsShuffleCodecObject | NumcodecsShuffleCodecName
"""numcodecs.shuffle as a document writes it: an object, or its bare name."""

NUMCODECS_SHUFFLE_CODEC: Final = numcodecs_codec(SHUFFLE_CODEC_V2, "bytes_bytes", "static")
"""The definition of numcodecs.shuffle: the bytes of the elements regrouped, every element's first byte first, then every second, and so on."""
