"""The transpose codec: an array with its axes permuted."""

from typing import Final, Literal, NotRequired

from typing_extensions import TypedDict

from zarr_metadata.definition import Nested
from zarr_metadata.problems import ValidationProblem, shown
from zarr_metadata.v3._field_kinds import chunk_of
from zarr_metadata.v3.definition import Chunk, CodecDefinition

TRANSPOSE_CODEC_NAME: Final = "transpose"
TransposeCodecName = Literal["transpose"]


class TransposeCodecConfiguration(TypedDict, closed=True):
    """The configuration of the transpose codec: axis `i` of its output is axis `order[i]` of its input."""

    order: tuple[int, ...]


class TransposeCodecObject(TypedDict, closed=True):
    """The transpose codec as a document writes it."""

    name: Literal["transpose"]
    configuration: TransposeCodecConfiguration
    must_understand: NotRequired[bool]


TransposeCodecMetadata = TransposeCodecObject
"""A transpose codec field: always an object, since its configuration is required."""


def _is_permutation(order: tuple[int, ...]) -> bool:
    return sorted(order) == list(range(len(order)))


def _rules(
    configuration: TransposeCodecConfiguration, nested: Nested
) -> tuple[ValidationProblem, ...]:
    order = configuration["order"]
    if _is_permutation(order):
        return ()
    return (
        ValidationProblem(
            ("order",),
            f"expected a permutation of the axes 0 to {len(order) - 1}, each once, got {shown(order)}",
            "invalid_value",
            input=order,
        ),
    )


def _chunk_rules(
    configuration: TransposeCodecConfiguration, nested: Nested, chunk: Chunk
) -> tuple[ValidationProblem, ...]:
    order = configuration["order"]
    lengths = chunk.lengths
    if lengths is None or len(order) == len(lengths):
        return ()
    return (
        ValidationProblem(
            ("order",),
            f"expected an order of the {len(lengths)} axes of the chunk, got {len(order)} axes: {shown(order)}",
            "invalid_value",
            input=order,
            ctx={"rank": len(lengths)},
        ),
    )


def _transition(configuration: TransposeCodecConfiguration, nested: Nested, chunk: Chunk) -> Chunk:
    # The values are only moved, so the data type passes through even when
    # the order does not fit the chunk.
    order = configuration["order"]
    lengths = chunk.lengths
    if lengths is None or len(order) != len(lengths) or not _is_permutation(order):
        return chunk_of(None, chunk.data_type)
    return chunk_of(tuple(lengths[axis] for axis in order), chunk.data_type)


TRANSPOSE_CODEC: Final = CodecDefinition(
    name=TRANSPOSE_CODEC_NAME,
    configuration=TransposeCodecConfiguration,
    rules=_rules,
    kind="array_array",
    size="static",
    chunk_rules=_chunk_rules,
    transition=_transition,
)
"""The definition of the transpose codec (core spec)."""

__all__ = [
    "TRANSPOSE_CODEC",
    "TRANSPOSE_CODEC_NAME",
    "TransposeCodecConfiguration",
    "TransposeCodecMetadata",
    "TransposeCodecName",
    "TransposeCodecObject",
]
