"""The numcodecs compressors of numeric arrays: pcodec and zfpy, each taking the array itself rather than its bytes.

Each compresses only some data types (pcodec: integers and floats of 16
to 64 bits, and times; zfpy: int32, int64, float32 and float64, of one to
four dimensions). A v2 codec is judged without the array it encodes, so
those limits are judged where the array is known: by the v3 definitions
of `numcodecs.pcodec` and `numcodecs.zfpy`, which share these parameters.
"""

# No `from __future__ import annotations`: TypedDict reads ReadOnly and
# NotRequired from evaluated annotations only, for its __readonly_keys__
# and __optional_keys__.

from collections.abc import Mapping
from typing import Annotated, Any, Final, Literal, NotRequired, cast

from annotated_types import Interval
from typing_extensions import ReadOnly, TypedDict

from zarr_metadata.definition import Default, Nested
from zarr_metadata.problems import ValidationProblem, shown
from zarr_metadata.typed_json import JSONValue
from zarr_metadata.v2.codec.filters import DOUBLE
from zarr_metadata.v2.definition import ZarrV2CodecDefinition

__all__ = [
    "PCODEC_CODEC_V2",
    "ZFPY_CODEC_V2",
    "ZarrV2PCodecParameters",
    "ZarrV2ZfpyParameters",
]


# pcodec

_ORDERED_DELTAS: Final = ("auto", "try_consecutive")
"""The delta specs that take a delta_encoding_order: try_consecutive needs one, auto takes one to mean try_consecutive."""


class ZarrV2PCodecParameters(TypedDict, closed=True):
    """The parameters of pcodec (Pco).

    `level` runs from 0 to 12 (8 when absent). `mode_spec` is "auto" or
    "classic", `delta_spec` "auto", "none", "try_consecutive" or
    "try_lookback" (each "auto" when absent). `delta_encoding_order`, 0 to
    7, is the order of consecutive deltas: try_consecutive requires one,
    and auto with one is try_consecutive with it. Each page holds up to
    `equal_pages_up_to` numbers (262144 when absent).
    """

    level: NotRequired[ReadOnly[Annotated[int, Interval(ge=0, le=12), Default(8)]]]
    mode_spec: NotRequired[ReadOnly[Annotated[Literal["auto", "classic"], Default("auto")]]]
    delta_spec: NotRequired[
        ReadOnly[
            Annotated[Literal["auto", "none", "try_consecutive", "try_lookback"], Default("auto")]
        ]
    ]
    paging_spec: NotRequired[
        ReadOnly[Annotated[Literal["equal_pages_up_to"], Default("equal_pages_up_to")]]
    ]
    delta_encoding_order: NotRequired[
        ReadOnly[Annotated[Annotated[int, Interval(ge=0, le=7)] | None, Default(None)]]
    ]
    equal_pages_up_to: NotRequired[
        ReadOnly[Annotated[int, Interval(ge=1, le=2**64 - 1), Default(262144)]]
    ]


def _pcodec_rules(
    configuration: ZarrV2PCodecParameters, nested: Nested
) -> tuple[ValidationProblem, ...]:
    delta_spec = configuration.get("delta_spec", "auto")
    order = configuration.get("delta_encoding_order")
    if order is not None and delta_spec not in _ORDERED_DELTAS:
        message = f"expected no delta_encoding_order with the delta_spec {shown(delta_spec)}, which orders its deltas itself, got {order}"
        return (
            ValidationProblem(("delta_encoding_order",), message, "invalid_value", input=order),
        )
    if order is None and delta_spec == "try_consecutive":
        message = 'expected a delta_encoding_order from 0 to 7, which the delta_spec "try_consecutive" requires, got none'
        if "delta_encoding_order" in configuration:
            return (
                ValidationProblem(
                    ("delta_encoding_order",),
                    message.replace("got none", "got null"),
                    "invalid_value",
                    input=None,
                ),
            )
        return (ValidationProblem(("delta_encoding_order",), message, "missing_key"),)
    return ()


PCODEC_CODEC_V2: Final = ZarrV2CodecDefinition(
    name="pcodec", configuration=ZarrV2PCodecParameters, rules=_pcodec_rules
)
"""The definition of pcodec: numbers compressed losslessly by Pco."""


# zfpy

_FIXED_RATE: Final = 2
_FIXED_PRECISION: Final = 3
_FIXED_ACCURACY: Final = 4
_MODES: Final = {
    _FIXED_RATE: ("fixed rate", "rate"),
    _FIXED_PRECISION: ("fixed precision", "precision"),
    _FIXED_ACCURACY: ("fixed accuracy", "tolerance"),
}
"""The zfp modes numcodecs configures, each with its name and the parameter that sets it."""
_OTHER_MODES: Final = {0: "null", 1: "expert"}
"""The other modes zfpy names, which numcodecs takes but cannot compress in."""
_INT32: Final = Interval(ge=-(2**31), le=2**31 - 1)


class ZarrV2ZfpyParameters(TypedDict, closed=True):
    """The parameters of zfpy.

    `mode` is 2 (fixed rate), 3 (fixed precision) or 4 (fixed accuracy,
    the default); only the parameter of the mode counts: `rate` (bits per
    value), `precision` (bit planes) or `tolerance` (the largest error).
    Each is -1 when absent, and a negative one compresses losslessly
    (zfp's reversible mode). numcodecs writes `compression_kwargs`, the
    parameter of the mode, but reads it back from the others alone.
    """

    mode: NotRequired[ReadOnly[Annotated[int, Default(_FIXED_ACCURACY)]]]
    tolerance: NotRequired[ReadOnly[Annotated[float, DOUBLE, Default(-1)]]]
    rate: NotRequired[ReadOnly[Annotated[float, DOUBLE, Default(-1)]]]
    precision: NotRequired[ReadOnly[Annotated[int, _INT32, Default(-1)]]]
    compression_kwargs: NotRequired[ReadOnly[JSONValue]]


def _zfpy_rules(
    configuration: ZarrV2ZfpyParameters, nested: Nested
) -> tuple[ValidationProblem, ...]:
    mode = configuration.get("mode", _FIXED_ACCURACY)
    if mode in _MODES:
        return ()
    listed = ", ".join(f"{code} ({name})" for code, (name, _) in _MODES.items())
    named = f" ({_OTHER_MODES[mode]})" if mode in _OTHER_MODES else ""
    message = f"expected a mode numcodecs compresses in: {listed}, got {mode}{named}"
    return (ValidationProblem(("mode",), message, "invalid_value", input=mode),)


def _zfpy_canonical(configuration: ZarrV2ZfpyParameters) -> ZarrV2ZfpyParameters:
    """More than the defaults, as numcodecs' `get_config()` writes them: the mode's parameter again in `compression_kwargs`."""
    filled = cast("Mapping[str, Any]", configuration)  # every default filled in
    _, parameter = _MODES[filled["mode"]]
    return cast(
        ZarrV2ZfpyParameters, {**filled, "compression_kwargs": {parameter: filled[parameter]}}
    )


ZFPY_CODEC_V2: Final = ZarrV2CodecDefinition(
    name="zfpy", configuration=ZarrV2ZfpyParameters, rules=_zfpy_rules, canonical=_zfpy_canonical
)
"""The definition of zfpy: numbers compressed by zfp, lossily in a fixed rate, precision or accuracy, or losslessly."""
