"""The vlen-bytes codec (zarr-extensions): an array of variable-length byte strings, each written after its length."""

from typing import Final, Literal, NotRequired

from typing_extensions import TypedDict

from zarr_metadata.definition import AcceptedField, EmptyConfiguration, Nested
from zarr_metadata.problems import ValidationProblem, shown
from zarr_metadata.v3.definition import Chunk, CodecDefinition

__all__ = [
    "VLEN_BYTES_CODEC",
    "VLEN_BYTES_CODEC_NAME",
    "VLEN_BYTES_DATA_TYPE_NAMES",
    "VlenBytesCodecMetadata",
    "VlenBytesCodecName",
    "VlenBytesCodecObject",
]

VLEN_BYTES_CODEC_NAME: Final = "vlen-bytes"
VlenBytesCodecName = Literal["vlen-bytes"]

VLEN_BYTES_DATA_TYPE_NAMES: Final = frozenset({"bytes", "variable_length_bytes"})
"""The names of the data types the codec encodes, as their definitions are filed.

The registry names `bytes`; zarr-python 3 writes the same values as
`variable_length_bytes`.
"""


class VlenBytesCodecObject(TypedDict, closed=True):
    """The vlen-bytes codec written as an object."""

    name: Literal["vlen-bytes"]
    configuration: NotRequired[EmptyConfiguration]
    must_understand: NotRequired[bool]


VlenBytesCodecMetadata = VlenBytesCodecObject | VlenBytesCodecName
"""The vlen-bytes codec as a document writes it: an object, or its bare name."""


def _chunk_rules(
    configuration: EmptyConfiguration, nested: Nested, chunk: Chunk
) -> tuple[ValidationProblem, ...]:
    data_type = chunk.data_type
    # A data type nothing claims is unknown, and a refused one has its problem where it is written.
    if (
        not isinstance(data_type, AcceptedField)
        or data_type.definition.name in VLEN_BYTES_DATA_TYPE_NAMES
    ):
        return ()
    return (
        ValidationProblem(
            (),
            'expected a data type of variable-length byte strings ("bytes" or "variable_length_bytes"), '
            f"the only ones vlen-bytes encodes, got {shown(data_type.name)}",
            "invalid_value",
            input=data_type.json,
        ),
    )


VLEN_BYTES_CODEC: Final = CodecDefinition(
    name=VLEN_BYTES_CODEC_NAME,
    configuration=EmptyConfiguration,
    kind="array_bytes",
    size="dynamic",
    chunk_rules=_chunk_rules,
)
"""The definition of the vlen-bytes codec (zarr-extensions)."""
