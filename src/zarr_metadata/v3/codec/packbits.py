"""The packbits codec (zarr-extensions): an array written as a run of bits, each value in as few bits as it takes.

Each component of a value (a complex number has two) is written as its
bits `first_bit` to `last_bit`, counted from the least significant: all of
its bits when neither is given.
"""

from collections.abc import Mapping
from typing import Annotated, Final, Literal, NotRequired, cast, get_args

from annotated_types import Ge
from typing_extensions import TypedDict

from zarr_metadata._frozen import FrozenObject
from zarr_metadata.definition import AcceptedField, Default, Nested
from zarr_metadata.problems import ValidationProblem, shown
from zarr_metadata.v3.definition import Chunk, CodecDefinition

__all__ = [
    "PACKBITS_CODEC",
    "PACKBITS_CODEC_NAME",
    "PACKBITS_COMPONENT_BITS",
    "PACKBITS_PADDING_ENCODING",
    "PackbitsCodecConfiguration",
    "PackbitsCodecMetadata",
    "PackbitsCodecName",
    "PackbitsCodecObject",
    "PackbitsPaddingEncoding",
]

PACKBITS_CODEC_NAME: Final = "packbits"
PackbitsCodecName = Literal["packbits"]
PackbitsPaddingEncoding = Literal["first_byte", "last_byte", "none"]
"""Where the number of padding bits is written: in a byte before the bits, in one after them, or nowhere."""
PACKBITS_PADDING_ENCODING: Final = get_args(PackbitsPaddingEncoding)

PACKBITS_COMPONENT_BITS: Final[Mapping[str, int]] = FrozenObject(
    {
        "bool": 1,
        **dict.fromkeys(("int2", "uint2"), 2),
        **dict.fromkeys(("int4", "uint4", "float4_e2m1fn", "complex_float4_e2m1fn"), 4),
        **dict.fromkeys(
            ("float6_e2m3fn", "float6_e3m2fn", "complex_float6_e2m3fn", "complex_float6_e3m2fn"), 6
        ),
        **dict.fromkeys(("int8", "uint8"), 8),
        **dict.fromkeys(("int16", "uint16", "bfloat16", "complex_bfloat16"), 16),
        **dict.fromkeys(("int32", "uint32", "float32", "complex_float32"), 32),
        **dict.fromkeys(("int64", "uint64", "float64", "complex_float64"), 64),
    }
)
"""For each data type packbits encodes, as its definition is filed: the bits of each component of a value.

These are the data types the registry lists, and only those.
"""


class PackbitsCodecConfiguration(TypedDict, closed=True):
    """The configuration of the packbits codec: where the padding is counted ("none" when absent), and which bits are kept.

    `first_bit` is 0 when absent or null, and `last_bit` the last bit of a
    component when absent or null.
    """

    padding_encoding: NotRequired[Annotated[PackbitsPaddingEncoding, Default("none")]]
    first_bit: NotRequired[Annotated[Annotated[int, Ge(0)] | None, Default(0)]]
    last_bit: NotRequired[Annotated[Annotated[int, Ge(0)] | None, Default(None)]]


class PackbitsCodecObject(TypedDict, closed=True):
    """The packbits codec written as an object."""

    name: Literal["packbits"]
    configuration: NotRequired[PackbitsCodecConfiguration]
    must_understand: NotRequired[bool]


PackbitsCodecMetadata = PackbitsCodecObject | PackbitsCodecName
"""The packbits codec as a document writes it: an object, or its bare name."""


def _rules(
    configuration: PackbitsCodecConfiguration, nested: Nested
) -> tuple[ValidationProblem, ...]:
    first_bit = configuration.get("first_bit")
    last_bit = configuration.get("last_bit")
    if first_bit is None or last_bit is None or last_bit >= first_bit:
        return ()
    return (
        ValidationProblem(
            ("last_bit",),
            f"expected a last_bit at least the first_bit {first_bit}, got {last_bit}",
            "invalid_value",
            input=last_bit,
            ctx={"ge": first_bit},
        ),
    )


def _chunk_rules(
    configuration: PackbitsCodecConfiguration, nested: Nested, chunk: Chunk
) -> list[ValidationProblem]:
    data_type = chunk.data_type
    if not isinstance(data_type, AcceptedField):
        return []  # unknown, or refused with a problem of its own
    bits = PACKBITS_COMPONENT_BITS.get(data_type.definition.name)
    if bits is None:
        return [
            ValidationProblem(
                (),
                "expected a data type packbits encodes (bool, an integer, float32, float64, bfloat16, "
                f"a float of 4 or 6 bits, or a complex type of these floats), got {shown(data_type.name)}",
                "invalid_value",
                input=data_type.json,
            )
        ]
    problems: list[ValidationProblem] = []
    for member in ("first_bit", "last_bit"):
        bit = configuration.get(member)
        if bit is not None and bit >= bits:
            problems.append(
                ValidationProblem(
                    (member,),
                    f"expected a {member} below {bits}, the bits of each component of {data_type.name}, got {bit}",
                    "invalid_value",
                    input=bit,
                    ctx={"lt": bits},
                )
            )
    return problems


def _canonical(configuration: PackbitsCodecConfiguration) -> PackbitsCodecConfiguration:
    # More than the defaults: a null first bit is the default too.
    if "first_bit" in configuration and configuration["first_bit"] is None:
        return cast(
            PackbitsCodecConfiguration,
            {key: value for key, value in configuration.items() if key != "first_bit"},
        )
    return configuration


PACKBITS_CODEC: Final = CodecDefinition(
    name=PACKBITS_CODEC_NAME,
    configuration=PackbitsCodecConfiguration,
    canonical=_canonical,
    kind="array_bytes",
    size="static",
    rules=_rules,
    chunk_rules=_chunk_rules,
)
"""The definition of the packbits codec (zarr-extensions)."""
