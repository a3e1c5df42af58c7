"""The cast_value codec (zarr-extensions): an array with its values converted to another data type."""

from __future__ import annotations

from typing import Final, Literal, NotRequired, get_args

from typing_extensions import TypedDict

from zarr_metadata._json import JSONValue
from zarr_metadata.definition._fields import Nested
from zarr_metadata.v3._aliases import ZarrV3DataTypeField
from zarr_metadata.v3._definition import Chunk, CodecDefinition

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
    """Values converted by lookup instead of by casting, when encoding and when decoding."""

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


def _transition(configuration: CastValueCodecConfiguration, nested: Nested, chunk: Chunk) -> Chunk:
    # The values change type, not place: the lengths pass through, and the
    # data type is the one configured, as the scope read it.
    return Chunk(lengths=chunk.lengths, data_type=nested.get(("data_type",)))


CAST_VALUE_CODEC: Final = CodecDefinition(
    name=CAST_VALUE_CODEC_NAME,
    configuration=CastValueCodecConfiguration,
    kind="array_array",
    size="static",
    transition=_transition,
)
"""The definition of the cast_value codec (zarr-extensions)."""
