"""The reshape codec (zarr-extensions): an array given another shape, its elements kept in C order.

Each output axis is written as a size, as -1 (at most once: the size that
keeps the number of elements), or as a list of input axes, whose lengths
multiply to the output length. The input axes listed, read across the
whole shape, strictly increase, so reshape never transposes.

Between two lists of input axes (and before the first, and after the last)
lie output sizes and input axes no list names; the output sizes there
must hold exactly the elements of those input axes, in every chunk. This
is what the registry's conditions come to: the output shape has as many
elements as the input, and each listed axis sits where its input axes do.
A problem with that is located at `("shape",)`.
"""

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Annotated, Final, Literal, NotRequired

from annotated_types import Ge
from typing_extensions import TypedDict

from zarr_metadata.definition import Nested
from zarr_metadata.problems import ValidationProblem, shown
from zarr_metadata.v3._field_kinds import chunk_of, one_length
from zarr_metadata.v3.definition import Chunk, CodecDefinition, Lengths

__all__ = [
    "RESHAPE_CODEC",
    "RESHAPE_CODEC_NAME",
    "ReshapeCodecConfiguration",
    "ReshapeCodecMetadata",
    "ReshapeCodecName",
    "ReshapeCodecObject",
    "ReshapeDimension",
]

RESHAPE_CODEC_NAME: Final = "reshape"
ReshapeCodecName = Literal["reshape"]

ReshapeDimension = Annotated[int, Ge(-1)] | tuple[Annotated[int, Ge(0)], ...]
"""One output axis: its size (a positive integer), -1 for the size that keeps the number of elements, or the input axes it joins."""

_ONLY_ONE: Final[frozenset[int]] = frozenset((1,))

_MOST_LENGTHS: Final = 1024
"""The most chunk lengths worked out for one output axis; past it, its lengths are left unknown."""


_Shape = tuple[int | tuple[int, ...], ...]
"""A shape as the configuration holds it, once read."""


class ReshapeCodecConfiguration(TypedDict, closed=True):
    """The configuration of the reshape codec: the output shape, one entry per output axis."""

    shape: tuple[ReshapeDimension, ...]


class ReshapeCodecObject(TypedDict, closed=True):
    """The reshape codec as a document writes it."""

    name: Literal["reshape"]
    configuration: ReshapeCodecConfiguration
    must_understand: NotRequired[bool]


ReshapeCodecMetadata = ReshapeCodecObject
"""A reshape codec field: always an object, since its configuration is required."""


def _rules(configuration: ReshapeCodecConfiguration, nested: Nested) -> list[ValidationProblem]:
    problems: list[ValidationProblem] = []
    automatic: int | None = None
    previous: int | None = None
    for index, entry in enumerate(configuration["shape"]):
        if isinstance(entry, tuple):
            for place, axis in enumerate(entry):
                if previous is not None and axis <= previous:
                    problems.append(
                        ValidationProblem(
                            ("shape", index, place),
                            f"expected an input axis above {previous}, as the input axes listed across the "
                            f"shape strictly increase (reshape never transposes), got {axis}",
                            "invalid_value",
                            input=axis,
                        )
                    )
                previous = axis
        elif entry == 0:
            problems.append(
                ValidationProblem(
                    ("shape", index),
                    "expected a positive size, -1, or a list of input axes, got 0",
                    "invalid_value",
                    input=0,
                )
            )
        elif entry == -1:
            if automatic is not None:
                problems.append(
                    ValidationProblem(
                        ("shape", index),
                        f"expected -1 at most once, as the size of one axis that keeps the number of elements; "
                        f"it is already at shape[{automatic}]",
                        "invalid_value",
                        input=-1,
                    )
                )
            else:
                automatic = index
    return problems


@dataclass(frozen=True, slots=True)
class _Stretch:
    """The output entries between two lists of input axes, and the input axes no list names between them."""

    start: int
    """The index in the shape of its first entry."""
    stop: int
    """The index in the shape past its last entry."""
    size: int
    """The product of its explicit sizes."""
    automatic: bool
    """Whether -1 is among its entries."""
    axes: range
    """The input axes between the lists around it."""


def _stretches(shape: _Shape, rank: int) -> list[_Stretch]:
    """The stretches of `shape` over a chunk of `rank` axes, in order; the lists of input axes split them."""
    stretches: list[_Stretch] = []
    start, low, size, automatic = 0, 0, 1, False
    for index, entry in enumerate(shape):
        if isinstance(entry, tuple):
            if entry:  # an empty list is an axis of length 1, and names no input axis
                stretches.append(_Stretch(start, index, size, automatic, range(low, entry[0])))
                start, low, size, automatic = index + 1, entry[-1] + 1, 1, False
        elif entry == -1:
            automatic = True
        else:
            size *= entry
    stretches.append(_Stretch(start, len(shape), size, automatic, range(low, rank)))
    return stretches


def _products(axes: Iterable[int], lengths: Lengths) -> frozenset[int] | None:
    """The element counts the chunks hold along `axes`; None when a length is unknown or there are too many counts to list."""
    counts: frozenset[int] = _ONLY_ONE
    for axis in axes:
        along = lengths[axis]
        if along is None:
            return None
        counts = frozenset(count * length for count in counts for length in along)
        if len(counts) > _MOST_LENGTHS:
            return None
    return counts


def _divides_all(axes: Iterable[int], lengths: Lengths) -> int | None:
    """The largest number that divides the element count along `axes` of every chunk; None when a length is unknown.

    The element count of a chunk is a product of one length per axis; its
    factors of each prime are fewest when each axis takes its length with
    fewest, so the largest divisor of them all is the product of the
    largest divisor of each axis' lengths.
    """
    divisor = 1
    for axis in axes:
        along = lengths[axis]
        if along is None:
            return None
        divisor *= math.gcd(*along)
    return divisor


def _axes_out_of_range(shape: _Shape, rank: int) -> list[ValidationProblem]:
    return [
        ValidationProblem(
            ("shape", index, place),
            f"expected an input axis below {rank}, the number of axes of the chunk, got {axis}",
            "invalid_value",
            input=axis,
            ctx={"lt": rank},
        )
        for index, entry in enumerate(shape)
        if isinstance(entry, tuple)
        for place, axis in enumerate(entry)
        if axis >= rank
    ]


def _skipped_axes(shape: _Shape, lengths: Lengths) -> list[ValidationProblem]:
    """A problem for each list of input axes that skips an axis whose chunks are not all of length 1.

    Such an axis lies neither in the list nor around it, so its length
    could sit in no output axis.
    """
    problems: list[ValidationProblem] = []
    for index, entry in enumerate(shape):
        if not isinstance(entry, tuple) or not entry:
            continue
        for axis in range(entry[0], entry[-1] + 1):
            along = lengths[axis]
            if axis not in entry and along is not None and along != _ONLY_ONE:
                problems.append(
                    ValidationProblem(
                        ("shape", index),
                        f"expected input axes with no gap, or a skipped axis of length 1, got {shown(entry)}, "
                        f"which skips axis {axis} of length {shown(sorted(along))}",
                        "invalid_value",
                        input=entry,
                    )
                )
    return problems


def _what(stretch: _Stretch, shape: _Shape) -> str:
    if stretch.start == 0 and stretch.stop == len(shape):
        return "the output sizes"
    if stretch.start == 0:
        return f"the output sizes before shape[{stretch.stop}]"
    if stretch.stop == len(shape):
        return f"the output sizes after shape[{stretch.start - 1}]"
    return f"the output sizes between shape[{stretch.start - 1}] and shape[{stretch.stop}]"


def _whose(stretch: _Stretch, rank: int) -> str:
    if stretch.axes == range(rank):
        return "the chunk"
    if not stretch.axes:
        return "no input axis"
    return f"the input axes {shown(list(stretch.axes))} of the chunk"


def _stretch_problem(
    stretch: _Stretch, shape: _Shape, lengths: Lengths
) -> ValidationProblem | None:
    """The problem of a stretch whose output sizes do not hold the elements of its input axes in every chunk."""
    divisor = _divides_all(stretch.axes, lengths)
    if divisor is None:
        return None
    what, whose = _what(stretch, shape), _whose(stretch, len(lengths))
    if stretch.automatic and divisor % stretch.size == 0:
        return None
    counts = _products(stretch.axes, lengths)
    one_count = counts is not None and len(counts) == 1
    if stretch.automatic:
        held = (
            f"the elements of {whose}"
            if one_count
            else f"which divides the elements of {whose} in every chunk"
        )
        message = f"expected {what} besides -1 to multiply to a divisor of {divisor}, {held}, got {stretch.size}"
    elif counts is not None and counts == one_length(stretch.size):
        return None
    elif one_count:
        message = (
            f"expected {what} to multiply to {divisor}, the elements of {whose}, got {stretch.size}"
        )
    else:
        message = (
            f"expected {what} to multiply to the elements of {whose}, got {stretch.size}, but that "
            "number differs from chunk to chunk; -1 or a list of input axes takes a length that differs"
        )
    return ValidationProblem(("shape",), message, "invalid_value", input=shape)


def _chunk_rules(
    configuration: ReshapeCodecConfiguration, nested: Nested, chunk: Chunk
) -> list[ValidationProblem]:
    lengths = chunk.lengths
    if lengths is None:
        return []
    shape = configuration["shape"]
    problems = _axes_out_of_range(shape, len(lengths))
    if problems:
        return problems  # the stretches are measured in axes the chunk does not have
    problems = _skipped_axes(shape, lengths)
    if problems:
        return problems  # the elements of a skipped axis lie in no stretch, so the stretches cannot add up
    for stretch in _stretches(shape, len(lengths)):
        problem = _stretch_problem(stretch, shape, lengths)
        if problem is not None:
            problems.append(problem)
    return problems


def _transition(configuration: ReshapeCodecConfiguration, nested: Nested, chunk: Chunk) -> Chunk:
    # An explicit size is the length of its axis whatever the chunk; a list
    # of input axes or -1 is known only from a chunk that fits.
    shape = configuration["shape"]
    lengths = chunk.lengths
    fits = lengths is not None and not _chunk_rules(configuration, nested, chunk)
    output: list[frozenset[int] | None] = []
    for entry in shape:
        if isinstance(entry, tuple):
            output.append(_products(entry, lengths) if fits and lengths is not None else None)
        elif entry != -1:
            output.append(one_length(entry))
        else:
            output.append(None)
    if fits and lengths is not None:
        for stretch in _stretches(shape, len(lengths)):
            if stretch.automatic:
                counts = _products(stretch.axes, lengths)
                automatic = shape.index(-1)
                output[automatic] = (
                    None if counts is None else frozenset(count // stretch.size for count in counts)
                )
    return chunk_of(tuple(output), chunk.data_type)


RESHAPE_CODEC: Final = CodecDefinition(
    name=RESHAPE_CODEC_NAME,
    configuration=ReshapeCodecConfiguration,
    rules=_rules,
    kind="array_array",
    size="static",
    chunk_rules=_chunk_rules,
    transition=_transition,
)
"""The definition of the reshape codec (zarr-extensions)."""
