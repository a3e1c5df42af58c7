"""The bytes codec: an array written as its elements' bytes, in C order, in a given byte order."""

from typing import Final, Literal, NotRequired, get_args

from typing_extensions import TypedDict

from zarr_metadata.definition import Nested
from zarr_metadata.problems import ValidationProblem
from zarr_metadata.v3.definition import Chunk, CodecDefinition, storage_of

BYTES_CODEC_NAME: Final = "bytes"
BytesCodecName = Literal["bytes"]
Endianness = Literal["little", "big"]
ENDIANNESS: Final = get_args(Endianness)


class BytesCodecConfiguration(TypedDict, closed=True):
    """The configuration of the bytes codec: the byte order of values of several bytes."""

    endian: NotRequired[Endianness]


class BytesCodecObject(TypedDict, closed=True):
    """The bytes codec written as an object."""

    name: Literal["bytes"]
    configuration: NotRequired[BytesCodecConfiguration]
    must_understand: NotRequired[bool]


BytesCodecMetadata = BytesCodecObject | BytesCodecName
"""The bytes codec as a document writes it: an object, or its bare name."""


def _chunk_rules(
    configuration: BytesCodecConfiguration, nested: Nested, chunk: Chunk
) -> tuple[ValidationProblem, ...]:
    if chunk.data_type is None:
        return ()
    storage = storage_of(chunk.data_type)
    if storage == "multi_byte" and "endian" not in configuration:
        return (
            ValidationProblem(
                ("endian",),
                f"expected an endian for the data type {chunk.data_type.name!r}, whose values "
                "take several bytes each, got none",
                "missing_key",
            ),
        )
    if storage == "variable_length":
        return (
            ValidationProblem(
                (),
                f"the bytes codec cannot encode the data type {chunk.data_type.name!r}, whose values "
                "vary in size; it writes each value in a fixed number of bytes",
                "invalid_value",
            ),
        )
    return ()


BYTES_CODEC: Final = CodecDefinition(
    name=BYTES_CODEC_NAME,
    configuration=BytesCodecConfiguration,
    kind="array_bytes",
    size="static",
    chunk_rules=_chunk_rules,
)
"""The definition of the bytes codec (core spec)."""

__all__ = [
    "BYTES_CODEC",
    "BYTES_CODEC_NAME",
    "ENDIANNESS",
    "BytesCodecConfiguration",
    "BytesCodecMetadata",
    "BytesCodecName",
    "BytesCodecObject",
    "Endianness",
]
