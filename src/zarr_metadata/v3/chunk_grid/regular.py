"""The regular chunk grid: chunks of one shape, tiling the array from its origin."""

from typing import Annotated, Final, Literal, NotRequired

from annotated_types import Ge
from typing_extensions import TypedDict

from zarr_metadata.definition import Nested
from zarr_metadata.problems import ValidationProblem, shown
from zarr_metadata.v3._field_kinds import one_length
from zarr_metadata.v3.definition import ChunkGridDefinition, Lengths

REGULAR_CHUNK_GRID_NAME: Final = "regular"
RegularChunkGridName = Literal["regular"]


class RegularChunkGridConfiguration(TypedDict, closed=True):
    """The configuration of a regular grid: the length of every chunk along each axis."""

    chunk_shape: tuple[Annotated[int, Ge(1)], ...]


class RegularChunkGridObject(TypedDict, closed=True):
    """A regular grid as a document writes it."""

    name: Literal["regular"]
    configuration: RegularChunkGridConfiguration
    must_understand: NotRequired[bool]


RegularChunkGridMetadata = RegularChunkGridObject
"""A regular grid field: always an object, since its configuration is required."""


def _shape_rules(
    configuration: RegularChunkGridConfiguration, nested: Nested, shape: tuple[int, ...]
) -> tuple[ValidationProblem, ...]:
    # A dimension of length 0 holds no chunk, so any chunk length >= 1 fits it.
    chunk_shape = configuration["chunk_shape"]
    if len(chunk_shape) == len(shape):
        return ()
    return (
        ValidationProblem(
            ("chunk_shape",),
            f"expected one chunk length per dimension of the shape {shown(shape)}, "
            f"got {len(chunk_shape)}: {shown(chunk_shape)}",
            "invalid_value",
            input=chunk_shape,
            ctx={"dimensions": len(shape)},
        ),
    )


def _chunk_lengths(
    configuration: RegularChunkGridConfiguration, nested: Nested, shape: tuple[int, ...]
) -> Lengths:
    return tuple(map(one_length, configuration["chunk_shape"]))


REGULAR_CHUNK_GRID: Final = ChunkGridDefinition(
    name=REGULAR_CHUNK_GRID_NAME,
    configuration=RegularChunkGridConfiguration,
    shape_rules=_shape_rules,
    chunk_lengths=_chunk_lengths,
)
"""The definition of the regular grid (core spec)."""

__all__ = [
    "REGULAR_CHUNK_GRID",
    "REGULAR_CHUNK_GRID_NAME",
    "RegularChunkGridConfiguration",
    "RegularChunkGridMetadata",
    "RegularChunkGridName",
    "RegularChunkGridObject",
]
