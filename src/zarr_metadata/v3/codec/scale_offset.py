"""The scale_offset codec (zarr-extensions): an array with an offset subtracted from its values, then scaled."""

from collections.abc import Iterator
from typing import Final, Literal, NotRequired

from typing_extensions import TypedDict

from zarr_metadata.definition import AcceptedField, Nested, fill_value_problems
from zarr_metadata.problems import ValidationProblem
from zarr_metadata.typed_json import JSONValue
from zarr_metadata.v3.codec._arithmetic import has_arithmetic, no_arithmetic
from zarr_metadata.v3.definition import Chunk, CodecDefinition

SCALE_OFFSET_CODEC_NAME: Final = "scale_offset"
ScaleOffsetCodecName = Literal["scale_offset"]


class ScaleOffsetCodecConfiguration(TypedDict, closed=True):
    """The configuration of the scale_offset codec: each written as a value of the array's data type."""

    offset: NotRequired[JSONValue]
    scale: NotRequired[JSONValue]


class ScaleOffsetCodecObject(TypedDict, closed=True):
    """The scale_offset codec written as an object."""

    name: Literal["scale_offset"]
    configuration: NotRequired[ScaleOffsetCodecConfiguration]
    must_understand: NotRequired[bool]


ScaleOffsetCodecMetadata = ScaleOffsetCodecObject | ScaleOffsetCodecName
"""The scale_offset codec as a document writes it: an object, or its bare name."""


def _chunk_rules(
    configuration: ScaleOffsetCodecConfiguration, nested: Nested, chunk: Chunk
) -> Iterator[ValidationProblem]:
    incoming = chunk.data_type
    if not isinstance(incoming, AcceptedField):
        return  # unknown, or refused with a problem of its own
    if not has_arithmetic(incoming):
        yield no_arithmetic(incoming, (), "to scale and offset")
        return
    # Both members, offset and scale, are values of the data type received.
    for member, value in configuration.items():
        yield from fill_value_problems(incoming, value, (member,))


def _transition(
    configuration: ScaleOffsetCodecConfiguration, nested: Nested, chunk: Chunk
) -> Chunk:
    # The arithmetic keeps the data type and the lengths.
    return chunk


SCALE_OFFSET_CODEC: Final = CodecDefinition(
    name=SCALE_OFFSET_CODEC_NAME,
    configuration=ScaleOffsetCodecConfiguration,
    kind="array_array",
    size="static",
    chunk_rules=_chunk_rules,
    transition=_transition,
)
"""The definition of the scale_offset codec (zarr-extensions)."""

__all__ = [
    "SCALE_OFFSET_CODEC",
    "SCALE_OFFSET_CODEC_NAME",
    "ScaleOffsetCodecConfiguration",
    "ScaleOffsetCodecMetadata",
    "ScaleOffsetCodecName",
    "ScaleOffsetCodecObject",
]
