"""The sharding_indexed codec: a chunk (a shard) stored as inner chunks, each encoded by its own pipeline, with an index.

The inner chunk shape must divide the shard along each axis. A problem with
that is located at `("chunk_shape",)` when the ranks differ, and at
`("chunk_shape", axis)` for each axis the inner length does not divide.
"""

from collections.abc import Mapping
from typing import Annotated, Any, Final, Literal, NotRequired, get_args

from annotated_types import Ge
from typing_extensions import TypedDict

from zarr_metadata._frozen import FrozenObject
from zarr_metadata.definition import AcceptedField, Default, Nested
from zarr_metadata.problems import ValidationProblem, shown
from zarr_metadata.v3._field_kinds import chunk_of, one_length
from zarr_metadata.v3.data_type.uint64 import UINT64_DATA_TYPE, UINT64_DATA_TYPE_NAME
from zarr_metadata.v3.definition import (
    Chunk,
    CodecDefinition,
    DataTypeDefinition,
    Lengths,
    ZarrV3CodecField,
    ZarrV3StaticCodecField,
)

SHARDING_INDEXED_CODEC_NAME: Final = "sharding_indexed"
ShardingIndexedCodecName = Literal["sharding_indexed"]
ShardingIndexLocation = Literal["start", "end"]
SHARDING_INDEX_LOCATION: Final = get_args(ShardingIndexLocation)


class ShardingIndexedCodecConfiguration(TypedDict, closed=True):
    """The configuration of the sharding codec.

    The index holds an offset and a length (uint64) per inner chunk, and a
    reader finds it from a size it knows before reading it, so its codecs
    must be of static size. It sits at the end when `index_location` is
    absent.
    """

    chunk_shape: tuple[Annotated[int, Ge(1)], ...]
    codecs: tuple[ZarrV3CodecField, ...]
    index_codecs: tuple[ZarrV3StaticCodecField, ...]
    index_location: NotRequired[Annotated[ShardingIndexLocation, Default("end")]]


class ShardingIndexedCodecObject(TypedDict, closed=True):
    """The sharding codec as a document writes it."""

    name: Literal["sharding_indexed"]
    configuration: ShardingIndexedCodecConfiguration
    must_understand: NotRequired[bool]


ShardingIndexedCodecMetadata = ShardingIndexedCodecObject
"""A sharding codec field: always an object, since its configuration is required."""

_INDEX_DATA_TYPE: Final[AcceptedField[DataTypeDefinition[Any]]] = AcceptedField(
    json=UINT64_DATA_TYPE_NAME,
    name=UINT64_DATA_TYPE_NAME,
    definition=UINT64_DATA_TYPE,
    configuration=FrozenObject(),
)
"""The data type of the shard index, as if a scope had read it."""


_PAIR: Final = frozenset((2,))
"""The length of the index's last axis: an offset and a length per inner chunk."""


def _undivided(inner: int, shard_lengths: frozenset[int]) -> list[int]:
    undivided = [length for length in shard_lengths if length % inner]
    return sorted(undivided) if len(undivided) > 1 else undivided


def _chunk_rules(
    configuration: ShardingIndexedCodecConfiguration, nested: Nested, chunk: Chunk
) -> list[ValidationProblem]:
    chunk_shape = configuration["chunk_shape"]
    lengths = chunk.lengths
    if lengths is None:
        return []
    if len(chunk_shape) != len(lengths):
        return [
            ValidationProblem(
                ("chunk_shape",),
                f"expected an inner chunk length for each of the {len(lengths)} axes of the "
                f"shard, got {len(chunk_shape)}: {shown(chunk_shape)}",
                "invalid_value",
                input=chunk_shape,
                ctx={"rank": len(lengths)},
            )
        ]
    problems: list[ValidationProblem] = []
    for axis, (inner, shard_lengths) in enumerate(zip(chunk_shape, lengths, strict=True)):
        if shard_lengths is None:
            continue
        undivided = _undivided(inner, shard_lengths)
        if undivided:
            problems.append(
                ValidationProblem(
                    ("chunk_shape", axis),
                    f"expected an inner chunk length that divides the shard length along axis "
                    f"{axis}, got {inner}, which does not divide {shown(undivided)}",
                    "invalid_value",
                    input=inner,
                    ctx={"shard_lengths": tuple(undivided)},
                )
            )
    return problems


def _index_lengths(inner: int, shard_lengths: frozenset[int] | None) -> frozenset[int] | None:
    """The number of inner chunks along an axis of the shards; None when unknown or not whole."""
    if shard_lengths is None or _undivided(inner, shard_lengths):
        return None
    return frozenset(length // inner for length in shard_lengths)


def _pipelines(
    configuration: ShardingIndexedCodecConfiguration, nested: Nested, chunk: Chunk
) -> Mapping[str, Chunk]:
    # The index has an axis per inner chunk axis whatever the shard, plus a
    # last axis for the (offset, length) pair; its lengths are known only
    # where the inner chunks divide known shard lengths. An inner chunk
    # shape of another rank than the shard's is a problem of its own, and
    # the inner codecs are then handed chunks of unknown shape rather than
    # judged against it.
    chunk_shape = configuration["chunk_shape"]
    inner: Lengths | None = tuple(map(one_length, chunk_shape))
    if chunk.lengths is None or len(chunk.lengths) != len(chunk_shape):
        shard_lengths: tuple[frozenset[int] | None, ...] = (None,) * len(chunk_shape)
        if chunk.lengths is not None:
            inner = None
    else:
        shard_lengths = chunk.lengths
    index = tuple(
        _index_lengths(length, lengths)
        for length, lengths in zip(chunk_shape, shard_lengths, strict=True)
    )
    return {
        "codecs": chunk_of(inner, chunk.data_type),
        "index_codecs": chunk_of((*index, _PAIR), _INDEX_DATA_TYPE),
    }


SHARDING_INDEXED_CODEC: Final = CodecDefinition(
    name=SHARDING_INDEXED_CODEC_NAME,
    configuration=ShardingIndexedCodecConfiguration,
    kind="array_bytes",
    size="dynamic",
    chunk_rules=_chunk_rules,
    pipelines=_pipelines,
)
"""The definition of the sharding_indexed codec (core spec)."""

__all__ = [
    "SHARDING_INDEXED_CODEC",
    "SHARDING_INDEXED_CODEC_NAME",
    "SHARDING_INDEX_LOCATION",
    "ShardingIndexLocation",
    "ShardingIndexedCodecConfiguration",
    "ShardingIndexedCodecMetadata",
    "ShardingIndexedCodecName",
    "ShardingIndexedCodecObject",
]
