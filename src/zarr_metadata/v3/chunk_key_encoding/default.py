"""The default chunk key encoding: `c`, then the chunk's coordinates joined by a separator."""

from typing import Annotated, Final, Literal, NotRequired, get_args

from typing_extensions import TypedDict

from zarr_metadata.definition import Default
from zarr_metadata.v3.definition import ChunkKeyEncodingDefinition

DEFAULT_CHUNK_KEY_ENCODING_NAME: Final = "default"
DefaultChunkKeyEncodingName = Literal["default"]
DefaultChunkKeyEncodingSeparator = Literal["/", "."]
DEFAULT_CHUNK_KEY_ENCODING_SEPARATOR: Final = get_args(DefaultChunkKeyEncodingSeparator)
"""The separators the default encoding takes; it uses `/` when none is written."""


class DefaultChunkKeyEncodingConfiguration(TypedDict, closed=True):
    """The configuration of the default encoding: the separator, `/` when absent."""

    separator: NotRequired[Annotated[DefaultChunkKeyEncodingSeparator, Default("/")]]


class DefaultChunkKeyEncodingObject(TypedDict, closed=True):
    """The default encoding written as an object."""

    name: Literal["default"]
    configuration: NotRequired[DefaultChunkKeyEncodingConfiguration]
    must_understand: NotRequired[bool]


DefaultChunkKeyEncodingMetadata = DefaultChunkKeyEncodingObject | DefaultChunkKeyEncodingName
"""The default encoding as a document writes it: an object, or its bare name."""


DEFAULT_CHUNK_KEY_ENCODING: Final = ChunkKeyEncodingDefinition(
    name=DEFAULT_CHUNK_KEY_ENCODING_NAME,
    configuration=DefaultChunkKeyEncodingConfiguration,
)
"""The definition of the default chunk key encoding (core spec)."""

__all__ = [
    "DEFAULT_CHUNK_KEY_ENCODING",
    "DEFAULT_CHUNK_KEY_ENCODING_NAME",
    "DEFAULT_CHUNK_KEY_ENCODING_SEPARATOR",
    "DefaultChunkKeyEncodingConfiguration",
    "DefaultChunkKeyEncodingMetadata",
    "DefaultChunkKeyEncodingName",
    "DefaultChunkKeyEncodingObject",
    "DefaultChunkKeyEncodingSeparator",
]
