"""The conditional codec (zarr-extensions): bytes encoded by a chosen few of a list of bytes -> bytes codecs, chunk by chunk.

Each chunk starts with a header of `header_bits` bits, one per codec of
the list in order, saying which were applied; the bits past the list are
reserved for codecs a later version of the metadata adds.
"""

from typing import Annotated, Any, Final, Literal, NotRequired

from annotated_types import Ge
from typing_extensions import TypedDict

from zarr_metadata.definition import Nested, ResolvedField
from zarr_metadata.problems import ValidationProblem
from zarr_metadata.v3.definition import CodecDefinition, ZarrV3CodecField

__all__ = [
    "CONDITIONAL_CODEC",
    "CONDITIONAL_CODEC_NAME",
    "ConditionalCodecConfiguration",
    "ConditionalCodecMetadata",
    "ConditionalCodecName",
    "ConditionalCodecObject",
    "default_header_bits",
]

CONDITIONAL_CODEC_NAME: Final = "conditional"
ConditionalCodecName = Literal["conditional"]


class ConditionalCodecConfiguration(TypedDict, closed=True):
    """The configuration of the conditional codec: the bytes -> bytes codecs it may apply, and the size of its header.

    `header_bits` is a multiple of 8, at least one bit per codec; when
    absent, it is the fewest such bits (`default_header_bits`).
    """

    codecs: tuple[ZarrV3CodecField, ...]
    header_bits: NotRequired[Annotated[int, Ge(0)]]


class ConditionalCodecObject(TypedDict, closed=True):
    """The conditional codec as a document writes it."""

    name: Literal["conditional"]
    configuration: ConditionalCodecConfiguration
    must_understand: NotRequired[bool]


ConditionalCodecMetadata = ConditionalCodecObject
"""A conditional codec field: always an object, since its configuration is required."""


def default_header_bits(codecs: int) -> int:
    """The header bits of a conditional codec of `codecs` codecs that does not say: the fewest whole bytes with a bit per codec."""
    return -(-codecs // 8) * 8


def _rules(configuration: ConditionalCodecConfiguration, nested: Nested) -> list[ValidationProblem]:
    problems: list[ValidationProblem] = []
    codecs = configuration["codecs"]
    header_bits = configuration.get("header_bits")
    if header_bits is not None and header_bits % 8:
        problems.append(
            ValidationProblem(
                ("header_bits",),
                f"expected header bits in whole bytes, a multiple of 8, got {header_bits}",
                "invalid_value",
                input=header_bits,
            )
        )
    if header_bits is not None and header_bits < len(codecs):
        problems.append(
            ValidationProblem(
                ("header_bits",),
                f"expected at least {len(codecs)} header bits, one per codec, got {header_bits}",
                "invalid_value",
                input=header_bits,
                ctx={"ge": len(codecs)},
            )
        )
    for index in range(len(codecs)):
        codec: ResolvedField[CodecDefinition[Any]] | None = nested.get(("codecs", index))
        definition = None if codec is None else codec.definition
        # A codec nothing claims has a kind no one knows.
        if definition is not None and definition.kind != "bytes_bytes":
            problems.append(
                ValidationProblem(
                    ("codecs", index),
                    f"expected a bytes -> bytes codec, as conditional applies its codecs to bytes, got "
                    f"{definition.name!r}, an {definition.kind.replace('_', ' -> ')} codec",
                    "invalid_value",
                )
            )
    return problems


def _canonical(configuration: ConditionalCodecConfiguration) -> ConditionalCodecConfiguration:
    # A hook, not a Default: the default header bits follow from how many codecs there are.
    codecs = configuration["codecs"]
    if configuration.get("header_bits") == default_header_bits(len(codecs)):
        return {"codecs": codecs}
    return configuration


CONDITIONAL_CODEC: Final = CodecDefinition(
    name=CONDITIONAL_CODEC_NAME,
    configuration=ConditionalCodecConfiguration,
    rules=_rules,
    canonical=_canonical,
    kind="bytes_bytes",
    size="dynamic",
)
"""The definition of the conditional codec (zarr-extensions)."""
