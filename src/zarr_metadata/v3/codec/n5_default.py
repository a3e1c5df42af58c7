"""The n5_default codec (zarr-extensions): chunks stored as N5 blocks in default mode, a header of their shape before their values.

The codecs it holds encode the values after the header, as N5 does: a
transpose that reverses the axes (N5 stores them in column-major order),
bytes in big-endian order, and at most one bytes -> bytes codec, the
block's compression. They are read as a pipeline that receives the chunk
n5_default receives.
"""

from collections.abc import Mapping
from typing import Any, Final, Literal, NotRequired

from typing_extensions import TypedDict

from zarr_metadata.definition import AcceptedField, Nested, ResolvedField, configuration_of
from zarr_metadata.problems import ValidationProblem, shown
from zarr_metadata.v3.codec.bytes import BYTES_CODEC, BYTES_CODEC_NAME
from zarr_metadata.v3.codec.transpose import TRANSPOSE_CODEC, TRANSPOSE_CODEC_NAME
from zarr_metadata.v3.definition import Chunk, CodecDefinition, ZarrV3CodecField

__all__ = [
    "N5_DATA_TYPE_NAMES",
    "N5_DEFAULT_CODEC",
    "N5_DEFAULT_CODEC_NAME",
    "N5DefaultCodecConfiguration",
    "N5DefaultCodecMetadata",
    "N5DefaultCodecName",
    "N5DefaultCodecObject",
]

N5_DEFAULT_CODEC_NAME: Final = "n5_default"
N5DefaultCodecName = Literal["n5_default"]

N5_DATA_TYPE_NAMES: Final = frozenset(
    {"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float32", "float64"}
)
"""The data types N5 stores, by the names their definitions are filed under."""

_MOST_AXES: Final = 2**16 - 1
"""The most axes a block header can count: a uint16."""
_LONGEST: Final = 2**32 - 1
"""The longest chunk a block header can measure along an axis: a uint32."""


class N5DefaultCodecConfiguration(TypedDict, closed=True):
    """The configuration of the n5_default codec: the pipeline that encodes each block's values."""

    codecs: tuple[ZarrV3CodecField, ...]


class N5DefaultCodecObject(TypedDict, closed=True):
    """The n5_default codec as a document writes it."""

    name: Literal["n5_default"]
    configuration: N5DefaultCodecConfiguration
    must_understand: NotRequired[bool]


N5DefaultCodecMetadata = N5DefaultCodecObject
"""An n5_default codec field: always an object, since its configuration is required."""


def _held(nested: Nested, index: int) -> ResolvedField[CodecDefinition[Any]] | None:
    return nested.get(("codecs", index))


def _count_problems(count: int) -> list[ValidationProblem]:
    if count < 2:
        return [
            ValidationProblem(
                ("codecs",),
                f"expected a transpose codec, a bytes codec and at most one bytes -> bytes codec, got {count} "
                f"codec{'' if count == 1 else 's'}",
                "invalid_value",
                ctx={"min_length": 2},
            )
        ]
    return [
        ValidationProblem(
            ("codecs", index),
            "expected at most one bytes -> bytes codec after bytes, as an N5 block has one compression, "
            f"got a codec at index {index}",
            "invalid_value",
        )
        for index in range(3, count)
    ]


def _transpose_problems(transpose: ResolvedField[CodecDefinition[Any]]) -> list[ValidationProblem]:
    if transpose.name != TRANSPOSE_CODEC_NAME:
        return [
            ValidationProblem(
                ("codecs", 0),
                f"expected the transpose codec first, to store the axes in N5's order, got {shown(transpose.name)}",
                "invalid_value",
            )
        ]
    configuration = configuration_of(transpose, TRANSPOSE_CODEC)
    if configuration is None:
        return []  # read some other way, or refused with problems of its own
    order = configuration["order"]
    reversed_axes = tuple(range(len(order) - 1, -1, -1))
    if order == reversed_axes:
        return []
    return [
        ValidationProblem(
            ("codecs", 0, "configuration", "order"),
            f"expected a transposition that reverses every axis, {shown(reversed_axes)} for "
            f"{len(order)} axes, got {shown(order)}",
            "invalid_value",
            input=order,
        )
    ]


def _bytes_problems(written: ResolvedField[CodecDefinition[Any]]) -> list[ValidationProblem]:
    if written.name != BYTES_CODEC_NAME:
        return [
            ValidationProblem(
                ("codecs", 1),
                f"expected the bytes codec second, to write values as N5 does, got {shown(written.name)}",
                "invalid_value",
            )
        ]
    configuration = configuration_of(written, BYTES_CODEC)
    if configuration is None or configuration.get("endian", "big") == "big":
        return []
    return [
        ValidationProblem(
            ("codecs", 1, "configuration", "endian"),
            f'expected "big", as N5 stores values big-endian, got {shown(configuration.get("endian"))}',
            "invalid_value",
            input=configuration.get("endian"),
        )
    ]


def _rules(configuration: N5DefaultCodecConfiguration, nested: Nested) -> list[ValidationProblem]:
    count = len(configuration["codecs"])
    problems = _count_problems(count)
    transpose = _held(nested, 0)
    if transpose is not None:
        problems.extend(_transpose_problems(transpose))
    written = _held(nested, 1)
    if written is not None:
        problems.extend(_bytes_problems(written))
    # The codec after bytes is judged as any codec of the pipeline is: one
    # that does not encode bytes to bytes is out of order there.
    return problems


def _chunk_rules(
    configuration: N5DefaultCodecConfiguration, nested: Nested, chunk: Chunk
) -> list[ValidationProblem]:
    problems: list[ValidationProblem] = []
    data_type = chunk.data_type
    if isinstance(data_type, AcceptedField) and data_type.definition.name not in N5_DATA_TYPE_NAMES:
        problems.append(
            ValidationProblem(
                (),
                "expected a data type N5 stores (int8 to int64, uint8 to uint64, float32 or float64), "
                f"got {shown(data_type.name)}",
                "invalid_value",
                input=data_type.json,
            )
        )
    lengths = chunk.lengths
    if lengths is not None and len(lengths) > _MOST_AXES:
        problems.append(
            ValidationProblem(
                (),
                f"expected a chunk of at most {_MOST_AXES} axes, which an N5 block header counts, got {len(lengths)}",
                "invalid_value",
            )
        )
    elif lengths is not None:
        longest = max((max(along) for along in lengths if along), default=0)
        if longest > _LONGEST:
            problems.append(
                ValidationProblem(
                    (),
                    f"expected chunk lengths of at most {_LONGEST}, which an N5 block header measures, got {longest}",
                    "invalid_value",
                )
            )
    return problems


def _pipelines(
    configuration: N5DefaultCodecConfiguration, nested: Nested, chunk: Chunk
) -> Mapping[str, Chunk]:
    return {"codecs": chunk}  # the block's values are the chunk's, after the header


N5_DEFAULT_CODEC: Final = CodecDefinition(
    name=N5_DEFAULT_CODEC_NAME,
    configuration=N5DefaultCodecConfiguration,
    rules=_rules,
    kind="array_bytes",
    size="dynamic",
    chunk_rules=_chunk_rules,
    pipelines=_pipelines,
)
"""The definition of the n5_default codec (zarr-extensions)."""
