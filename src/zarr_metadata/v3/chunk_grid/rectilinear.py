"""The rectilinear chunk grid (zarr-extensions): along each axis, chunks of one length or of listed lengths.

Each entry of `chunk_shapes` describes one axis: an integer is a regular
axis (every chunk that long), and a list gives the length of each chunk in
order, where `[length, count]` stands for `count` chunks of `length`.

Coverage rule: the listed lengths of an axis sum to at least the dimension.
Chunks may reach past its end, several of them whole: the README permits
overflowing the dimension "by multiple chunks" (its example lists
`[4, 4, 4]` for a dimension of 6).
"""

from collections.abc import Iterator
from typing import Annotated, Final, Literal, NotRequired

from annotated_types import Ge
from typing_extensions import TypedDict

from zarr_metadata.definition import Nested
from zarr_metadata.problems import ValidationProblem, shown
from zarr_metadata.v3.definition import ChunkGridDefinition, Lengths

RECTILINEAR_CHUNK_GRID_NAME: Final = "rectilinear"
RectilinearChunkGridName = Literal["rectilinear"]

RectilinearDimSpec = (
    Annotated[int, Ge(1)]
    | tuple[Annotated[int, Ge(1)] | tuple[Annotated[int, Ge(1)], Annotated[int, Ge(1)]], ...]
)
"""The chunks along one axis: one length for all, or each length in order, with `[length, count]` for a run."""


class RectilinearChunkGridConfiguration(TypedDict, closed=True):
    """The configuration of a rectilinear grid: the chunks along each axis, written inline."""

    kind: Literal["inline"]
    chunk_shapes: tuple[RectilinearDimSpec, ...]


class RectilinearChunkGridObject(TypedDict, closed=True):
    """A rectilinear grid as a document writes it."""

    name: Literal["rectilinear"]
    configuration: RectilinearChunkGridConfiguration
    must_understand: NotRequired[bool]


RectilinearChunkGridMetadata = RectilinearChunkGridObject
"""A rectilinear grid field: always an object, since its configuration is required."""


def _runs(spec: tuple[int | tuple[int, int], ...]) -> list[tuple[int, int]]:
    """The runs of equal lengths an axis lists, as `(length, count)`, adjacent runs of one length merged."""
    # Runs are never expanded: a count may be huge, and the arithmetic below
    # needs only the runs.
    runs: list[tuple[int, int]] = []
    for item in spec:
        length, count = (item, 1) if isinstance(item, int) else item
        if runs and runs[-1][0] == length:
            runs[-1] = (length, runs[-1][1] + count)
        else:
            runs.append((length, count))
    return runs


def canonical_dim_spec(spec: RectilinearDimSpec) -> RectilinearDimSpec:
    """The one spelling of an axis's chunks: a run of two or more as `[length, count]`, a single chunk as its length.

    A list is never written as an integer, even when all its lengths are
    equal: the integer means as many chunks as the dimension needs, which
    depends on the shape, and a list fixes their number.
    """
    if isinstance(spec, int):
        return spec
    return tuple(length if count == 1 else (length, count) for length, count in _runs(spec))


def canonical_chunk_shapes(
    chunk_shapes: tuple[RectilinearDimSpec, ...],
) -> tuple[RectilinearDimSpec, ...]:
    """The one spelling of every axis's chunks (see `canonical_dim_spec`)."""
    return tuple(canonical_dim_spec(spec) for spec in chunk_shapes)


def _canonical(
    configuration: RectilinearChunkGridConfiguration,
) -> RectilinearChunkGridConfiguration:
    return {"kind": "inline", "chunk_shapes": canonical_chunk_shapes(configuration["chunk_shapes"])}


def _axis_problem(axis: int, spec: RectilinearDimSpec, dimension: int) -> ValidationProblem | None:
    """Why the listed chunks of `axis` do not cover a dimension of length `dimension`; None when they do."""
    if isinstance(spec, int):
        return None
    total = sum(length * count for length, count in _runs(spec))
    if total >= dimension:
        return None
    return ValidationProblem(
        ("chunk_shapes", axis),
        f"expected chunk lengths that cover dimension {axis} of length {shown(dimension)}, "
        f"got lengths summing to {shown(total)}: {shown(spec)}",
        "invalid_value",
        input=spec,
        ctx={"dimension": dimension, "sum": total},
    )


def _shape_rules(
    configuration: RectilinearChunkGridConfiguration, nested: Nested, shape: tuple[int, ...]
) -> Iterator[ValidationProblem]:
    chunk_shapes = configuration["chunk_shapes"]
    if len(chunk_shapes) != len(shape):
        yield ValidationProblem(
            ("chunk_shapes",),
            f"expected the chunks along each dimension of the shape {shown(shape)}, "
            f"got {len(chunk_shapes)} entries: {shown(chunk_shapes)}",
            "invalid_value",
            input=chunk_shapes,
            ctx={"dimensions": len(shape)},
        )
        return
    for axis, (spec, dimension) in enumerate(zip(chunk_shapes, shape, strict=True)):
        problem = _axis_problem(axis, spec, dimension)
        if problem is not None:
            yield problem


def _chunk_lengths(
    configuration: RectilinearChunkGridConfiguration, nested: Nested, shape: tuple[int, ...]
) -> Lengths:
    return tuple(
        frozenset((spec,))
        if isinstance(spec, int)
        else frozenset(length for length, _ in _runs(spec))
        for spec in configuration["chunk_shapes"]
    )


RECTILINEAR_CHUNK_GRID: Final = ChunkGridDefinition(
    name=RECTILINEAR_CHUNK_GRID_NAME,
    configuration=RectilinearChunkGridConfiguration,
    canonical=_canonical,
    shape_rules=_shape_rules,
    chunk_lengths=_chunk_lengths,
)
"""The definition of the rectilinear grid (zarr-extensions)."""

__all__ = [
    "RECTILINEAR_CHUNK_GRID",
    "RECTILINEAR_CHUNK_GRID_NAME",
    "RectilinearChunkGridConfiguration",
    "RectilinearChunkGridMetadata",
    "RectilinearChunkGridName",
    "RectilinearChunkGridObject",
    "RectilinearDimSpec",
    "canonical_chunk_shapes",
    "canonical_dim_spec",
]
