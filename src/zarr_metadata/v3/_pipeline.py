"""Reading codecs as a pipeline: their order, and the chunk each receives (SPEC section 5)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, cast

from zarr_metadata._frozen import FrozenObject
from zarr_metadata._json import Loc, Problems, ValidationProblem
from zarr_metadata.definition._definition import asked
from zarr_metadata.definition._fields import AcceptedField, ResolvedField
from zarr_metadata.definition._resolve import relocated
from zarr_metadata.v3._definition import Chunk, CodecDefinition


def _no_stages() -> Mapping[str, tuple[Stage, ...]]:
    return FrozenObject()


@dataclasses.dataclass(frozen=True, slots=True)
class Stage:
    """One codec of a pipeline, and the chunk it receives."""

    codec: ResolvedField[CodecDefinition[Any]]
    """The codec, as the scope read it."""
    incoming: Chunk | None
    """The chunk the codec receives; None for a codec that receives bytes, or an unclaimed one whose input is not known to be an array."""
    inner: Mapping[str, tuple[Stage, ...]] = dataclasses.field(default_factory=_no_stages)
    """The pipelines the codec holds, keyed by the configuration member that holds each one."""

    def __post_init__(self) -> None:
        # Read-only, like everything a reading returns.
        object.__setattr__(self, "inner", FrozenObject(dict(self.inner)))


CodecAt = tuple[Loc, ResolvedField[CodecDefinition[Any]]]
"""A codec field a scope read, and where it sits in the document."""


def read_pipeline(codecs: Sequence[CodecAt], incoming: Chunk, at: Loc) -> tuple[tuple[Stage, ...], Problems]:
    """The stages of a pipeline whose first codec receives `incoming`, and the problems of its order and of each codec's input.

    `at` is where the codecs array sits: a pipeline with no array -> bytes
    codec is a problem there, unless an unclaimed codec might be it. After
    an unclaimed codec, or one that does not declare its output, the next
    codec receives `Chunk()`, which never causes a problem.
    """
    problems: list[ValidationProblem] = list(_order_problems(codecs, at))
    stages: list[Stage] = []
    chunk: Chunk | None = incoming
    for loc, codec in codecs:
        definition = codec.definition
        if definition is None:
            stages.append(Stage(codec, chunk))
            chunk = None
            continue
        if definition.kind == "bytes_bytes":
            stages.append(Stage(codec, None))
            continue
        received = chunk if chunk is not None else Chunk()
        if not isinstance(codec, AcceptedField):
            stages.append(Stage(codec, received))
            chunk = Chunk() if definition.kind == "array_array" else None
            continue
        stage, passed, found = _array_stage(loc, codec, received)
        stages.append(stage)
        problems.extend(found)
        chunk = passed
    return tuple(stages), tuple(problems)


def _array_stage(
    loc: Loc, codec: AcceptedField[CodecDefinition[Any]], received: Chunk
) -> tuple[Stage, Chunk | None, Problems]:
    """The stage of a claimed codec that receives an array, the chunk it passes on, and the problems of its input."""
    definition, configuration, nested = codec.definition, codec.configuration, codec.nested
    at = CodecDefinition.configuration_loc(loc)
    found = relocated(asked(definition, "chunk_rules", lambda: tuple(definition.chunk_rules(configuration, nested, received))), at)
    problems = list(_on_the_codec(found, codec, loc, at))
    inner: dict[str, tuple[Stage, ...]] = {}
    pipelines = asked(definition, "pipelines", lambda: definition.pipelines(configuration, nested, received))
    for member, first in pipelines.items():
        if not isinstance(cast(object, first), Chunk):
            msg = f"{definition.name!r}: its pipelines give a Chunk for each member, got {first!r} for {member!r}"
            raise TypeError(msg)
        held = _held_codecs(codec, member, at)
        stages, found = read_pipeline(held, first, (*at, member))
        inner[member] = stages
        problems.extend(found)
    passed: Chunk | None = None
    if definition.kind == "array_array":
        passed = asked(definition, "transition", lambda: definition.transition(configuration, nested, received))
        if not isinstance(cast(object, passed), Chunk):
            msg = f"{definition.name!r}: its transition gives a Chunk, got {passed!r}"
            raise TypeError(msg)
    return Stage(codec, received, inner), passed, tuple(problems)


def _on_the_codec(
    problems: Problems, codec: AcceptedField[CodecDefinition[Any]], loc: Loc, at: Loc
) -> Iterator[ValidationProblem]:
    """`problems`, with one about the configuration as a whole located at the codec when the codec writes no configuration."""
    written = isinstance(codec.json, Mapping) and "configuration" in cast("Mapping[str, object]", codec.json)
    for problem in problems:
        if problem.loc == at and not written:
            yield ValidationProblem(loc, problem.message, problem.kind, input=problem.input, ctx=problem.ctx)
        else:
            yield problem


def _held_codecs(codec: AcceptedField[CodecDefinition[Any]], member: str, at: Loc) -> list[CodecAt]:
    """The codecs a codec's configuration member holds, in order, with their locations."""
    held = [
        (path, field)
        for path, field in codec.nested.items()
        if len(path) == 2 and path[0] == member and isinstance(path[1], int)
    ]
    held.sort(key=lambda item: cast(int, item[0][1]))
    return [((*at, *path), cast("ResolvedField[CodecDefinition[Any]]", field)) for path, field in held]


def _order_problems(codecs: Sequence[CodecAt], at: Loc) -> Problems:
    """The codecs out of order: array -> array codecs, exactly one array -> bytes codec, then bytes -> bytes codecs."""
    kinds = [None if codec.definition is None else codec.definition.kind for _, codec in codecs]
    if "array_bytes" not in kinds:
        if None in kinds:
            return ()  # an unclaimed codec may be the array -> bytes codec
        return (
            ValidationProblem(
                at,
                "expected exactly one array -> bytes codec (such as bytes), found none",
                "invalid_value",
            ),
        )
    problems: list[ValidationProblem] = []
    seen_array_bytes = False
    maybe_array_bytes = False
    for (loc, codec), kind in zip(codecs, kinds, strict=True):
        name = codec.name
        if kind is None:
            maybe_array_bytes = maybe_array_bytes or not seen_array_bytes
        elif kind == "array_array" and seen_array_bytes:
            problems.append(
                ValidationProblem(
                    loc, f"{name!r} is an array -> array codec, so it comes before the array -> bytes codec", "invalid_value"
                )
            )
        elif kind == "array_bytes":
            if seen_array_bytes:
                problems.append(
                    ValidationProblem(loc, f"{name!r} is a second array -> bytes codec; a pipeline has exactly one", "invalid_value")
                )
            seen_array_bytes = True
        elif kind == "bytes_bytes" and not seen_array_bytes and not maybe_array_bytes:
            problems.append(
                ValidationProblem(
                    loc, f"{name!r} is a bytes -> bytes codec, so it comes after the array -> bytes codec", "invalid_value"
                )
            )
    return tuple(problems)
