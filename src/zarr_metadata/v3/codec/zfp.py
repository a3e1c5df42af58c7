"""The zfp codec (zarr-extensions): chunks of up to four axes compressed with zfp, in one of its modes.

The mode says which other members the configuration has: none for
`reversible`; `minbits`, `maxbits`, `maxprec` and `minexp` for `expert`;
`tolerance` for `fixed_accuracy`; `rate` for `fixed_rate`; `precision` for
`fixed_precision`. zfp's own bounds hold: in expert mode `minbits` is at
most `maxbits`, and `maxprec` is 1 to 64; each count of bits is an
unsigned 32-bit integer, and `minexp` a signed one; a tolerance or a rate
(bits per value) is not negative.
"""

from collections.abc import Mapping
from typing import Annotated, Final, Literal, NotRequired, get_args

from annotated_types import Ge, Interval
from typing_extensions import TypedDict

from zarr_metadata._frozen import FrozenObject
from zarr_metadata.definition import AcceptedField, Nested
from zarr_metadata.problems import ValidationProblem, shown
from zarr_metadata.v3.codec._arithmetic import ARITHMETIC_DATA_TYPE_NAMES
from zarr_metadata.v3.definition import Chunk, CodecDefinition

__all__ = [
    "ZFP_CODEC",
    "ZFP_CODEC_NAME",
    "ZFP_DATA_TYPE_NAMES",
    "ZFP_MODE",
    "ZFP_MODE_MEMBERS",
    "ZfpCodecConfiguration",
    "ZfpCodecMetadata",
    "ZfpCodecName",
    "ZfpCodecObject",
    "ZfpMode",
]

ZFP_CODEC_NAME: Final = "zfp"
ZfpCodecName = Literal["zfp"]
ZfpMode = Literal["reversible", "expert", "fixed_accuracy", "fixed_rate", "fixed_precision"]
ZFP_MODE: Final = get_args(ZfpMode)

ZFP_MODE_MEMBERS: Final[Mapping[str, tuple[str, ...]]] = FrozenObject(
    {
        "reversible": (),
        "expert": ("minbits", "maxbits", "maxprec", "minexp"),
        "fixed_accuracy": ("tolerance",),
        "fixed_rate": ("rate",),
        "fixed_precision": ("precision",),
    }
)
"""The members each mode requires besides `mode`; a configuration has no other."""

ZFP_DATA_TYPE_NAMES: Final = ARITHMETIC_DATA_TYPE_NAMES | {"numpy.datetime64", "numpy.timedelta64"}
"""The data types zfp encodes, by the names their definitions are filed under.

zfp itself compresses int32, int64, float32 and float64, and the registry
names uint32 and uint64 besides; the registry lets implementations promote
narrower integers and floats, and types read as integers (numpy's times,
as int64), so these are taken too.
"""

_MOST_AXES: Final = 4

_UInt32 = Annotated[int, Interval(ge=0, le=2**32 - 1)]
_Int32 = Annotated[int, Interval(ge=-(2**31), le=2**31 - 1)]


class ZfpCodecConfiguration(TypedDict, closed=True):
    """The configuration of the zfp codec: its mode, and the members that mode requires (`ZFP_MODE_MEMBERS`)."""

    mode: ZfpMode
    minbits: NotRequired[_UInt32]
    maxbits: NotRequired[_UInt32]
    maxprec: NotRequired[Annotated[int, Interval(ge=1, le=64)]]
    minexp: NotRequired[_Int32]
    tolerance: NotRequired[Annotated[float, Ge(0)]]
    rate: NotRequired[Annotated[float, Ge(0)]]
    precision: NotRequired[_UInt32]


class ZfpCodecObject(TypedDict, closed=True):
    """The zfp codec as a document writes it."""

    name: Literal["zfp"]
    configuration: ZfpCodecConfiguration
    must_understand: NotRequired[bool]


ZfpCodecMetadata = ZfpCodecObject
"""A zfp codec field: always an object, since its configuration is required."""


def _rules(configuration: ZfpCodecConfiguration, nested: Nested) -> list[ValidationProblem]:
    mode = configuration["mode"]
    required = ZFP_MODE_MEMBERS[mode]
    problems = [
        ValidationProblem(
            (member,),
            f"expected {member}, which the {mode} mode requires, found none",
            "missing_key",
        )
        for member in required
        if member not in configuration
    ]
    problems.extend(
        ValidationProblem(
            (member,),
            f'unknown member {shown(member)} for the {mode} mode; expected only "mode"'
            + "".join(f", {shown(name)}" for name in required),
            "unknown_key",
            input=value,
        )
        for member, value in configuration.items()
        if member != "mode" and member not in required
    )
    minbits, maxbits = configuration.get("minbits"), configuration.get("maxbits")
    if mode == "expert" and minbits is not None and maxbits is not None and minbits > maxbits:
        problems.append(
            ValidationProblem(
                ("maxbits",),
                f"expected maxbits at least the minbits {minbits}, got {maxbits}",
                "invalid_value",
                input=maxbits,
                ctx={"ge": minbits},
            )
        )
    return problems


def _chunk_rules(
    configuration: ZfpCodecConfiguration, nested: Nested, chunk: Chunk
) -> list[ValidationProblem]:
    problems: list[ValidationProblem] = []
    data_type = chunk.data_type
    if (
        isinstance(data_type, AcceptedField)
        and data_type.definition.name not in ZFP_DATA_TYPE_NAMES
    ):
        problems.append(
            ValidationProblem(
                (),
                f"expected an integer or floating-point data type, which zfp compresses, got {shown(data_type.name)}",
                "invalid_value",
                input=data_type.json,
            )
        )
    rank = chunk.rank
    if rank is not None and rank > _MOST_AXES:
        problems.append(
            ValidationProblem(
                (),
                f"expected a chunk of at most {_MOST_AXES} axes, as zfp compresses fields of 1 to 4 dimensions, got {rank}",
                "invalid_value",
                ctx={"le": _MOST_AXES},
            )
        )
    return problems


ZFP_CODEC: Final = CodecDefinition(
    name=ZFP_CODEC_NAME,
    configuration=ZfpCodecConfiguration,
    rules=_rules,
    kind="array_bytes",
    size="dynamic",
    chunk_rules=_chunk_rules,
)
"""The definition of the zfp codec (zarr-extensions)."""
