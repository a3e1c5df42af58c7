"""The v2 chunk key encoding: the chunk's coordinates joined by a separator, as Zarr v2 stores them."""

from typing import Annotated, Final, Literal, NotRequired, get_args

from typing_extensions import TypedDict

from zarr_metadata.definition import Default
from zarr_metadata.v3.definition import ChunkKeyEncodingDefinition

V2_CHUNK_KEY_ENCODING_NAME: Final = "v2"
V2ChunkKeyEncodingName = Literal["v2"]
V2ChunkKeyEncodingSeparator = Literal["/", "."]
V2_CHUNK_KEY_ENCODING_SEPARATOR: Final = get_args(V2ChunkKeyEncodingSeparator)
"""The separators the v2 encoding takes; it uses `.` when none is written."""


class V2ChunkKeyEncodingConfiguration(TypedDict, closed=True):
    """The configuration of the v2 encoding: the separator, `.` when absent."""

    separator: NotRequired[Annotated[V2ChunkKeyEncodingSeparator, Default(".")]]


class V2ChunkKeyEncodingObject(TypedDict, closed=True):
    """The v2 encoding written as an object."""

    name: Literal["v2"]
    configuration: NotRequired[V2ChunkKeyEncodingConfiguration]
    must_understand: NotRequired[bool]


V2ChunkKeyEncodingMetadata = V2ChunkKeyEncodingObject | V2ChunkKeyEncodingName
"""The v2 encoding as a document writes it: an object, or its bare name."""


V2_CHUNK_KEY_ENCODING: Final = ChunkKeyEncodingDefinition(
    name=V2_CHUNK_KEY_ENCODING_NAME,
    configuration=V2ChunkKeyEncodingConfiguration,
)
"""The definition of the v2 chunk key encoding (core spec)."""

__all__ = [
    "V2_CHUNK_KEY_ENCODING",
    "V2_CHUNK_KEY_ENCODING_NAME",
    "V2_CHUNK_KEY_ENCODING_SEPARATOR",
    "V2ChunkKeyEncodingConfiguration",
    "V2ChunkKeyEncodingMetadata",
    "V2ChunkKeyEncodingName",
    "V2ChunkKeyEncodingObject",
    "V2ChunkKeyEncodingSeparator",
]
