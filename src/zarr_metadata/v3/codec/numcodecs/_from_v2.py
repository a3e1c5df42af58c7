"""A v3 `numcodecs.<id>` definition made from the v2 definition of `<id>`, and the chunk rules a row of the table may give it.

zarr-python 3 writes a numcodecs codec as `{"name": "numcodecs.<id>",
"configuration": {...}}`, the configuration being the parameters the
codec was made with, without `id`. So a v3 definition reads the same
configuration as the v2 definition of `<id>`, with the same rules, and
adds what v3 needs: the codec's place in the pipeline, whether its output
size follows from its input's, and what it asks of the chunk it receives.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping
from typing import Any, Final

from zarr_metadata.definition import AcceptedField, Nested
from zarr_metadata.definition._extension import canonical_configuration
from zarr_metadata.definition._fields import json_text
from zarr_metadata.problems import ValidationProblem, shown
from zarr_metadata.v2.definition import ZarrV2CodecDefinition
from zarr_metadata.v3._field_kinds import chunk_of, one_length
from zarr_metadata.v3.codec.numcodecs._numpy_types import (
    flat_length,
    received_type_problems,
    type_field,
    viewed_chunk,
    with_numpy_names,
)
from zarr_metadata.v3.definition import Chunk, CodecDefinition, CodecKind, CodecSize

__all__ = [
    "NUMCODECS_PREFIX",
    "PACKS_BOOLEANS",
    "ChunkRule",
    "Compresses",
    "Viewed",
    "numcodecs_codec",
]

NUMCODECS_PREFIX: Final = "numcodecs."
"""What zarr-python 3 writes before a numcodecs id to name the codec in a v3 document."""

Hooks = Mapping[str, Callable[..., Any]]


class ChunkRule:
    """What a codec asks of the chunk it receives, and passes on: nothing, unless a subclass says."""

    def hooks(self, name: str, v2: ZarrV2CodecDefinition[Any]) -> Hooks:
        """The hooks of the v3 definition `name` made from `v2`."""
        return {}


_NO_CHUNK_RULE: Final = ChunkRule()


def numcodecs_codec(
    v2: ZarrV2CodecDefinition[Any],
    kind: CodecKind,
    size: CodecSize,
    chunk: ChunkRule = _NO_CHUNK_RULE,
) -> CodecDefinition[Any]:
    """The v3 definition of `numcodecs.<id>`: the v2 definition's configuration and rules, in a pipeline as `kind`, with the hooks of `chunk`.

    Its canonical spelling is the v2 one (numcodecs' `get_config()`) less
    each parameter that spells the default, as a v3 field drops defaults.
    """
    name = f"{NUMCODECS_PREFIX}{v2.name}"
    hooks: dict[str, Any] = {"rules": v2.rules, **chunk.hooks(name, v2)}
    return CodecDefinition(
        name=name,
        configuration=v2.configuration,
        kind=kind,
        size=size,
        canonical=_WithoutDefaults(v2),
        **hooks,
    )


@dataclasses.dataclass(frozen=True)
class _WithoutDefaults:
    """The v2 canonical spelling of a configuration, without each optional parameter that the spelling would give it were it left out."""

    v2: ZarrV2CodecDefinition[Any]

    def __call__(self, configuration: Mapping[str, Any]) -> Any:
        # More than defaults: a parameter whose default follows from others (delta's astype is its dtype).
        optional: frozenset[str] = getattr(self.v2.configuration, "__optional_keys__", frozenset())
        filled = dict(canonical_configuration(self.v2, configuration))
        for key in optional & filled.keys():
            rest = canonical_configuration(
                self.v2, {name: value for name, value in configuration.items() if name != key}
            )
            # true and 1 are two spellings, as 1 and 1.0 are.
            if key in rest and json_text(rest[key]) == json_text(filled[key]):
                del filled[key]
        return filled


# The hooks are objects rather than closures so that a definition pickles,
# and compares equal to its copy.


@dataclasses.dataclass(frozen=True)
class Viewed(ChunkRule):
    """A filter that views the values it receives as the data type its `received` member names, and passes on the one `made` names (else `received`).

    Where the chunk holds a numeric data type of the core, `received` must
    name it. The chunk passed on is flattened to one axis when `flattened`;
    viewing values of another width changes how many there are, so the
    lengths are known only where the chunk's data type is as wide.
    """

    received: str
    made: str
    flattened: bool

    def hooks(self, name: str, v2: ZarrV2CodecDefinition[Any]) -> Hooks:
        return {
            "rules": _NumpyNamed(v2, (self.received, self.made)),
            "chunk_rules": _ReceivesNamed(self.received, name),
            "transition": _PassesViewed(self),
        }


@dataclasses.dataclass(frozen=True)
class _NumpyNamed:
    v2: ZarrV2CodecDefinition[Any]
    members: tuple[str, ...]

    def __call__(self, configuration: Mapping[str, Any], nested: Nested) -> list[ValidationProblem]:
        return with_numpy_names(self.v2.rules, configuration, nested, self.members)


@dataclasses.dataclass(frozen=True)
class _ReceivesNamed:
    member: str
    codec: str

    def __call__(
        self, configuration: Mapping[str, Any], nested: Nested, chunk: Chunk
    ) -> tuple[ValidationProblem, ...]:
        return received_type_problems(configuration, self.member, chunk, self.codec)


@dataclasses.dataclass(frozen=True)
class _PassesViewed:
    rule: Viewed

    def __call__(self, configuration: Mapping[str, Any], nested: Nested, chunk: Chunk) -> Chunk:
        source = configuration[self.rule.received]
        target = configuration.get(self.rule.made) or source
        return viewed_chunk(source, target, chunk, flattened=self.rule.flattened)


@dataclasses.dataclass(frozen=True)
class Compresses(ChunkRule):
    """An array -> bytes codec that compresses only the data types filed under `names`, in chunks of at most `most_axes` axes (and at least one) when given."""

    names: frozenset[str]
    most_axes: int | None = None
    codec: str = ""
    """The numcodecs id, for messages; `hooks` fills it in."""

    def hooks(self, name: str, v2: ZarrV2CodecDefinition[Any]) -> Hooks:
        return {"chunk_rules": dataclasses.replace(self, codec=v2.name)}

    def __call__(
        self, configuration: Mapping[str, Any], nested: Nested, chunk: Chunk
    ) -> list[ValidationProblem]:
        problems: list[ValidationProblem] = []
        incoming = chunk.data_type
        if isinstance(incoming, AcceptedField) and incoming.definition.name not in self.names:
            listed = ", ".join(sorted(self.names))
            message = f"expected a data type {self.codec} compresses ({listed}), got {shown(incoming.name)}"
            problems.append(ValidationProblem((), message, "invalid_value", input=incoming.json))
        rank, most = chunk.rank, self.most_axes
        if most is not None and rank is not None and not 1 <= rank <= most:
            # zfp compresses fields of 1 to 4 dimensions; zfpy refuses a scalar too.
            message = (
                f"expected a chunk of 1 to {most} axes, which {self.codec} compresses, got {rank}"
            )
            problems.append(
                ValidationProblem((), message, "invalid_value", ctx={"ge": 1, "le": most})
            )
        return problems


class _PacksBooleans(ChunkRule):
    """numcodecs' packbits: booleans only, passed on as one axis of bytes."""

    def hooks(self, name: str, v2: ZarrV2CodecDefinition[Any]) -> Hooks:
        return {"chunk_rules": _packbits_chunk_rules, "transition": _packbits_transition}


PACKS_BOOLEANS: Final = _PacksBooleans()


def _packbits_chunk_rules(
    configuration: Mapping[str, Any], nested: Nested, chunk: Chunk
) -> tuple[ValidationProblem, ...]:
    incoming = chunk.data_type
    if not isinstance(incoming, AcceptedField) or incoming.definition.name == "bool":
        return ()
    message = f"expected the data type bool, whose values numcodecs' packbits packs eight to a byte, got {shown(incoming.name)}"
    return (ValidationProblem((), message, "invalid_value", input=incoming.json),)


def _packbits_transition(configuration: Mapping[str, Any], nested: Nested, chunk: Chunk) -> Chunk:
    # One axis of bytes: the bits of padding, then the values eight to a
    # byte. numcodecs views the values as booleans, one a byte, so how many
    # there are is known only for booleans, and only when every chunk has
    # the same lengths.
    incoming = chunk.data_type
    values = flat_length(chunk.lengths)
    length = None
    is_bool = isinstance(incoming, AcceptedField) and incoming.definition.name == "bool"
    if is_bool and values is not None:
        (count,) = values
        length = one_length(1 + math.ceil(count / 8))
    return chunk_of((length,), type_field(("uint", 1)))
