"""Reading codecs as a pipeline: their order, and the chunk each receives."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, Final, cast

from zarr_metadata._frozen import FrozenObject, fast_constructor
from zarr_metadata._json import JSONValue, Loc, ValidationProblem, relocated
from zarr_metadata.definition._extension import blame, no_rules
from zarr_metadata.definition._fields import AcceptedField, RefusedField, ResolvedField
from zarr_metadata.definition._plan import add_found
from zarr_metadata.definition._reader import FieldReaders
from zarr_metadata.v3._field_kinds import (
    UNKNOWN_CHUNK,
    Chunk,
    CodecDefinition,
    no_pipelines,
    unknown_chunk,
)

_NO_STAGES: Mapping[str, tuple[Stage, ...]] = FrozenObject()


def _no_stages() -> Mapping[str, tuple[Stage, ...]]:
    return _NO_STAGES


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
        if type(self.inner) is not FrozenObject:
            object.__setattr__(self, "inner", FrozenObject(dict(self.inner)))


_stage_of: Any = fast_constructor(Stage, ("codec", "incoming", "inner"))


def _stage(
    codec: ResolvedField[CodecDefinition[Any]],
    incoming: Chunk | None,
    inner: Mapping[str, tuple[Stage, ...]] = _NO_STAGES,
) -> Stage:
    """A stage of parts the pipeline reader made itself, without the checks `Stage(...)` makes."""
    return _stage_of(codec, incoming, inner)


CodecAt = tuple[Loc, ResolvedField[CodecDefinition[Any]]]
"""A codec field a scope read, and where it sits in the document."""

_ORDER: Final = {"array_array": 0, "array_bytes": 1, "bytes_bytes": 2}
_KIND_WORDS: Final = {
    "array_array": "array -> array",
    "array_bytes": "array -> bytes",
    "bytes_bytes": "bytes -> bytes",
}


def read_pipeline(
    codecs: Sequence[CodecAt],
    incoming: Chunk,
    at: Loc,
    problems: list[ValidationProblem],
    readers: FieldReaders | None = None,
) -> tuple[Stage, ...]:
    """The stages of a pipeline whose first codec receives `incoming`, adding the problems of its order and of each codec's input.

    `at` is where the codecs array sits: a pipeline with no array -> bytes
    codec is a problem there, unless an unclaimed codec might be it. After
    an unclaimed codec, or one that does not declare its output, the next
    codec receives `Chunk()`, which never causes a problem. A refused codec
    whose own members are sound (its problem an undeclared member, or one
    in its envelope) is still judged against its input when `readers`, the
    scope's, are given; the pipelines a refused codec holds are walked from
    `Chunk()`.
    """
    _order_problems(codecs, at, problems)
    stages: list[Stage] = []
    chunk: Chunk | None = incoming
    for loc, codec in codecs:
        definition = codec.definition
        if definition is None:
            stages.append(_stage(codec, chunk))
            chunk = None
            continue
        kind = definition.kind
        if kind == "bytes_bytes":
            stages.append(_stage(codec, None))
            continue
        received = chunk if chunk is not None else UNKNOWN_CHUNK
        if type(codec) is not AcceptedField:
            judged, ruled = (None, False) if readers is None else _as_declared(codec, loc, readers)
            if judged is None:
                # A codec its own rules refused has had what it holds judged by them.
                inner = _NO_STAGES if ruled else _unknown_inner(loc, codec, problems, readers)
                stages.append(_stage(codec, received, inner))
                chunk = UNKNOWN_CHUNK if kind == "array_array" else None
                continue
            stage, chunk = _array_stage(loc, judged, received, problems, readers, codec)
            stages.append(stage)
            continue
        stage, chunk = _array_stage(loc, codec, received, problems, readers)
        stages.append(stage)
    return tuple(stages)


def _as_declared(
    codec: ResolvedField[CodecDefinition[Any]], loc: Loc, readers: FieldReaders
) -> tuple[AcceptedField[CodecDefinition[Any]] | None, bool]:
    """A refused codec as its declared members read, to judge against its input (None when they have a problem of their own), and whether its rules refused them."""
    name = codec.name
    plan = None if name is None else readers.of(CodecDefinition).plan(name)
    if plan is None or plan.definition is not codec.definition:
        return None, False
    configuration, ruled = plan.declared_configuration(
        cast("RefusedField[Any]", codec), len(loc) + 1
    )
    if configuration is None:
        return None, ruled
    field = AcceptedField(
        json=cast(JSONValue, codec.json),
        name=cast(str, name),
        definition=cast("CodecDefinition[Any]", plan.definition),
        configuration=configuration,
        nested=codec.nested,
    )
    return field, False


def _unknown_inner(
    loc: Loc,
    codec: ResolvedField[CodecDefinition[Any]],
    problems: list[ValidationProblem],
    readers: FieldReaders | None,
) -> Mapping[str, tuple[Stage, ...]]:
    """The pipelines a refused codec holds, each walked from `Chunk()`: their order is judged, their input unknown."""
    definition = codec.definition
    if definition is None or definition.pipelines is no_pipelines or not codec.nested:
        return _NO_STAGES
    at = (*loc, "configuration")
    members = dict.fromkeys(
        path[0]
        for path in codec.nested
        if len(path) == 2 and type(path[0]) is str and type(path[1]) is int
    )
    return FrozenObject(
        {
            member: read_pipeline(
                _held_codecs(codec, member, at), UNKNOWN_CHUNK, (*at, member), problems, readers
            )
            for member in members
        }
    )


def _array_stage(
    loc: Loc,
    codec: AcceptedField[CodecDefinition[Any]],
    received: Chunk,
    problems: list[ValidationProblem],
    readers: FieldReaders | None,
    written: ResolvedField[CodecDefinition[Any]] | None = None,
) -> tuple[Stage, Chunk | None]:
    """The stage of a claimed codec that receives an array and the chunk it passes on, adding the problems of its input; `written` is the codec the stage holds when `codec` is a refused one as its declared members read."""
    definition, configuration, nested = codec.definition, codec.configuration, codec.nested
    if definition.chunk_rules is not no_rules:
        at = (*loc, "configuration")
        count = add_found(
            problems,
            definition,
            "chunk_rules",
            lambda: definition.chunk_rules(configuration, nested, received),
            at,
        )
        if count:
            _on_the_codec(codec, loc, at, problems, len(problems) - count)
    inner = _NO_STAGES
    if definition.pipelines is not no_pipelines:
        inner = _inner_stages(loc, codec, received, problems, readers)
    passed: Chunk | None = None
    if definition.kind == "array_array":
        passed = UNKNOWN_CHUNK
        if definition.transition is not unknown_chunk:
            try:
                passed = definition.transition(configuration, nested, received)
            except Exception as error:
                blame(error, definition, "transition")
                raise
            if not isinstance(cast(object, passed), Chunk):
                msg = f"{definition.name!r}: its transition gives a Chunk, got {passed!r}"
                raise TypeError(msg)
    return _stage(codec if written is None else written, received, inner), passed


def _inner_stages(
    loc: Loc,
    codec: AcceptedField[CodecDefinition[Any]],
    received: Chunk,
    problems: list[ValidationProblem],
    readers: FieldReaders | None,
) -> Mapping[str, tuple[Stage, ...]]:
    """The pipelines a codec holds, each read from the chunk the codec says it receives."""
    definition = codec.definition
    at = (*loc, "configuration")
    try:
        pipelines = definition.pipelines(codec.configuration, codec.nested, received)
    except Exception as error:
        blame(error, definition, "pipelines")
        raise
    inner: dict[str, tuple[Stage, ...]] = {}
    for member, first in pipelines.items():
        if not isinstance(cast(object, first), Chunk):
            msg = f"{definition.name!r}: its pipelines give a Chunk for each member, got {first!r} for {member!r}"
            raise TypeError(msg)
        inner[member] = read_pipeline(
            _held_codecs(codec, member, at), first, (*at, member), problems, readers
        )
    return FrozenObject(inner)


def _on_the_codec(
    codec: ResolvedField[CodecDefinition[Any]],
    loc: Loc,
    at: Loc,
    problems: list[ValidationProblem],
    start: int,
) -> None:
    """Locate a problem with the configuration as a whole at the codec, when the codec writes no configuration."""
    if isinstance(codec.json, Mapping) and "configuration" in cast(
        "Mapping[str, object]", codec.json
    ):
        return
    for index in range(start, len(problems)):
        problem = problems[index]
        if problem.loc == at:
            problems[index] = relocated(problem, loc)


def _held_codecs(codec: ResolvedField[CodecDefinition[Any]], member: str, at: Loc) -> list[CodecAt]:
    """The codecs a codec's configuration member holds, in order, with their locations."""
    held = [
        (path, field)
        for path, field in codec.nested.items()
        if len(path) == 2 and path[0] == member and isinstance(path[1], int)
    ]
    held.sort(key=lambda item: cast(int, item[0][1]))
    return [
        ((*at, *path), cast("ResolvedField[CodecDefinition[Any]]", field)) for path, field in held
    ]


def _order_problems(codecs: Sequence[CodecAt], at: Loc, problems: list[ValidationProblem]) -> None:
    """Add a problem for each codec whose kind comes before the kind already reached, and one when no codec turns the array into bytes.

    A pipeline is array -> array codecs, exactly one array -> bytes codec,
    then bytes -> bytes codecs. A codec nothing claims has an unknown kind:
    it may be the array -> bytes codec, and it moves nothing on.
    """
    reached = -1
    reached_by = ""
    array_bytes = False
    unknown = False
    for loc, codec in codecs:
        definition = codec.definition
        if definition is None:
            unknown = True
            continue
        kind = definition.kind
        order = _ORDER[kind]
        name = codec.name
        if kind == "array_bytes" and array_bytes:
            problems.append(
                ValidationProblem(
                    loc,
                    f"{name!r} is a second array -> bytes codec; a pipeline has exactly one",
                    "invalid_value",
                )
            )
        elif order < reached:
            problems.append(
                ValidationProblem(
                    loc,
                    f"{name!r} is an {_KIND_WORDS[kind]} codec, so it comes before the "
                    f"{_KIND_WORDS[_reached_kind(reached)]} codec {reached_by!r}",
                    "invalid_value",
                )
            )
        if kind == "array_bytes":
            array_bytes = True
        if order > reached:
            reached, reached_by = order, str(name)
    if not array_bytes and not unknown:
        problems.append(
            ValidationProblem(
                at,
                "expected exactly one array -> bytes codec (such as bytes), found none",
                "invalid_value",
            )
        )


def _reached_kind(order: int) -> str:
    return next(kind for kind, position in _ORDER.items() if position == order)
