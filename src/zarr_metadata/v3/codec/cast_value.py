"""The cast_value codec (zarr-extensions): an array with its values converted to another data type."""

from collections.abc import Iterator
from typing import Any, Final, Literal, NotRequired, get_args

from typing_extensions import TypedDict

from zarr_metadata.definition import AcceptedField, Nested, ResolvedField, fill_value_problems
from zarr_metadata.problems import ValidationProblem, shown
from zarr_metadata.typed_json import JSONValue
from zarr_metadata.v3._field_kinds import chunk_of
from zarr_metadata.v3.codec._arithmetic import (
    INTEGER_DATA_TYPE_NAMES,
    has_arithmetic,
    no_arithmetic,
)
from zarr_metadata.v3.definition import (
    Chunk,
    CodecDefinition,
    DataTypeDefinition,
    ZarrV3DataTypeField,
)

CAST_VALUE_CODEC_NAME: Final = "cast_value"
CastValueCodecName = Literal["cast_value"]
CastRoundingMode = Literal[
    "nearest-even", "towards-zero", "towards-positive", "towards-negative", "nearest-away"
]
CAST_ROUNDING_MODE: Final = get_args(CastRoundingMode)
CastOutOfRangeMode = Literal["clamp", "wrap"]
CAST_OUT_OF_RANGE_MODE: Final = get_args(CastOutOfRangeMode)

ScalarMapEntry = tuple[JSONValue, JSONValue]
"""One value mapped to another: `[from, to]`, each written as a fill value of its data type."""


class ScalarMap(TypedDict, closed=True):
    """Values converted by lookup instead of by casting, when encoding and when decoding.

    Encoding maps values of the array's data type to values of the
    configured one; decoding maps the other way.
    """

    encode: NotRequired[tuple[ScalarMapEntry, ...]]
    decode: NotRequired[tuple[ScalarMapEntry, ...]]


class CastValueCodecConfiguration(TypedDict, closed=True):
    """The configuration of the cast_value codec: the data type it converts to, and how."""

    data_type: ZarrV3DataTypeField
    rounding: NotRequired[CastRoundingMode]
    out_of_range: NotRequired[CastOutOfRangeMode]
    scalar_map: NotRequired[ScalarMap]


class CastValueCodecObject(TypedDict, closed=True):
    """The cast_value codec as a document writes it."""

    name: Literal["cast_value"]
    configuration: CastValueCodecConfiguration
    must_understand: NotRequired[bool]


CastValueCodecMetadata = CastValueCodecObject
"""A cast_value codec field: always an object, since its configuration is required."""


def _rules(
    configuration: CastValueCodecConfiguration, nested: Nested
) -> Iterator[ValidationProblem]:
    target: ResolvedField[DataTypeDefinition[Any]] | None = nested.get(("data_type",))
    if not isinstance(target, AcceptedField):
        return  # unknown, or refused with a problem of its own
    if not has_arithmetic(target):
        yield no_arithmetic(target, ("data_type",), "to cast to")
        return
    if (
        configuration.get("out_of_range") == "wrap"
        and target.definition.name not in INTEGER_DATA_TYPE_NAMES
    ):
        message = f'expected "clamp" or no out_of_range for {shown(target.name)}: "wrap" takes an integer data type, whose values wrap modulo a power of two'
        yield ValidationProblem(("out_of_range",), message, "invalid_value", input="wrap")
    yield from _scalar_problems(configuration, target, encoded=True)


def _chunk_rules(
    configuration: CastValueCodecConfiguration, nested: Nested, chunk: Chunk
) -> Iterator[ValidationProblem]:
    incoming = chunk.data_type
    if not isinstance(incoming, AcceptedField):
        return  # unknown, or refused with a problem of its own
    if not has_arithmetic(incoming):
        yield no_arithmetic(incoming, (), "to cast from")
        return
    yield from _scalar_problems(configuration, incoming, encoded=False)


def _scalar_problems(
    configuration: CastValueCodecConfiguration,
    data_type: AcceptedField[DataTypeDefinition[Any]],
    *,
    encoded: bool,
) -> Iterator[ValidationProblem]:
    """The problems of the scalar map's values of `data_type`: the configured data type when `encoded`, else the array's."""
    scalar_map = configuration.get("scalar_map", {})
    # An encode entry maps a decoded value to an encoded one, a decode entry the reverse.
    for direction, side in (("encode", 1 if encoded else 0), ("decode", 0 if encoded else 1)):
        for index, entry in enumerate(scalar_map.get(direction, ())):
            yield from fill_value_problems(
                data_type, entry[side], ("scalar_map", direction, index, side)
            )


def _transition(configuration: CastValueCodecConfiguration, nested: Nested, chunk: Chunk) -> Chunk:
    # The values change type, not place: the lengths pass through, and the
    # data type is the one configured, as the scope read it.
    return chunk_of(chunk.lengths, nested.get(("data_type",)))


CAST_VALUE_CODEC: Final = CodecDefinition(
    name=CAST_VALUE_CODEC_NAME,
    configuration=CastValueCodecConfiguration,
    kind="array_array",
    size="static",
    rules=_rules,
    chunk_rules=_chunk_rules,
    transition=_transition,
)
"""The definition of the cast_value codec (zarr-extensions)."""

__all__ = [
    "CAST_OUT_OF_RANGE_MODE",
    "CAST_ROUNDING_MODE",
    "CAST_VALUE_CODEC",
    "CAST_VALUE_CODEC_NAME",
    "CastOutOfRangeMode",
    "CastRoundingMode",
    "CastValueCodecConfiguration",
    "CastValueCodecMetadata",
    "CastValueCodecName",
    "CastValueCodecObject",
    "ScalarMap",
    "ScalarMapEntry",
]
