"""The vlen-utf8 codec (zarr-extensions): an array of variable-length strings, each written as its UTF-8 bytes after its length."""

from typing import Final, Literal, NotRequired

from typing_extensions import TypedDict

from zarr_metadata.definition import AcceptedField, EmptyConfiguration, Nested
from zarr_metadata.problems import ValidationProblem, shown
from zarr_metadata.v3.definition import Chunk, CodecDefinition

__all__ = [
    "VLEN_UTF8_CODEC",
    "VLEN_UTF8_CODEC_NAME",
    "VLEN_UTF8_DATA_TYPE_NAMES",
    "VlenUtf8CodecMetadata",
    "VlenUtf8CodecName",
    "VlenUtf8CodecObject",
]

VLEN_UTF8_CODEC_NAME: Final = "vlen-utf8"
VlenUtf8CodecName = Literal["vlen-utf8"]

VLEN_UTF8_DATA_TYPE_NAMES: Final = frozenset({"string"})
"""The names of the data types the codec encodes, as their definitions are filed."""


class VlenUtf8CodecObject(TypedDict, closed=True):
    """The vlen-utf8 codec written as an object."""

    name: Literal["vlen-utf8"]
    configuration: NotRequired[EmptyConfiguration]
    must_understand: NotRequired[bool]


VlenUtf8CodecMetadata = VlenUtf8CodecObject | VlenUtf8CodecName
"""The vlen-utf8 codec as a document writes it: an object, or its bare name."""


def _chunk_rules(
    configuration: EmptyConfiguration, nested: Nested, chunk: Chunk
) -> tuple[ValidationProblem, ...]:
    data_type = chunk.data_type
    # A data type nothing claims is unknown, and a refused one has its problem where it is written.
    if (
        not isinstance(data_type, AcceptedField)
        or data_type.definition.name in VLEN_UTF8_DATA_TYPE_NAMES
    ):
        return ()
    return (
        ValidationProblem(
            (),
            f'expected the data type "string", the only one vlen-utf8 encodes, got {shown(data_type.name)}',
            "invalid_value",
            input=data_type.json,
        ),
    )


VLEN_UTF8_CODEC: Final = CodecDefinition(
    name=VLEN_UTF8_CODEC_NAME,
    configuration=EmptyConfiguration,
    kind="array_bytes",
    size="dynamic",
    chunk_rules=_chunk_rules,
)
"""The definition of the vlen-utf8 codec (zarr-extensions)."""
