"""The v2 time families: datetime64 ("<M8[ns]") and timedelta64 ("<m8[10s]"), counted in ticks of a unit times a scale factor.

A type string carries `{"byteorder", "itemsize"}`, the `unit` in brackets
and, when written before it, the `scale_factor`: `"<M8[10s]"` counts ticks
of ten seconds. A tick count is an int64, so the size is 8 and the byte
order `<` or `>`. The unit is required: `"<M8"` is NumPy's generic time,
which holds no time but NaT, and zarr-python refuses it. The units are
NumPy's: Y, M, W, D, h, m, s, ms, us (also written μs), ns, ps, fs, as.
A scale factor of 1 is the unit alone, so `"<M8[1s]"` is spelled
`"<M8[s]"`.

A fill value is a count of ticks as an int64, as zarr-python writes it,
`"NaT"` (not a time), which NumPy reads too, or `null` for none. NumPy
stores NaT as the int64 minimum, so that integer and "NaT" are one value,
spelled "NaT".
"""

# No `from __future__ import annotations`: TypedDict reads ReadOnly and
# NotRequired from evaluated annotations only, for its __readonly_keys__
# and __optional_keys__.

from typing import Annotated, Final, Literal, NotRequired

from annotated_types import Ge, Interval
from typing_extensions import ReadOnly, TypedDict

from zarr_metadata.definition import Default, Nested
from zarr_metadata.problems import ValidationProblem, shown
from zarr_metadata.typed_json import JSONValue
from zarr_metadata.v2._field_kinds import type_string_of
from zarr_metadata.v2.data_type.scalar import byteorder_problems, itemsize_problems
from zarr_metadata.v2.definition import ZarrV2DataTypeDefinition

__all__ = [
    "DATETIME64_DATA_TYPE_V2",
    "TIMEDELTA64_DATA_TYPE_V2",
    "ZarrV2TimeConfiguration",
    "ZarrV2TimeFillValue",
]

_TIME_UNITS: Final = ("Y", "M", "W", "D", "h", "m", "s", "ms", "us", "μs", "ns", "ps", "fs", "as")
"""The units NumPy counts times in; "us" and "μs" both name microseconds."""

_NAT: Final = -(2**63)
"""The int64 NumPy stores for NaT (not a time)."""


class ZarrV2TimeConfiguration(TypedDict, closed=True):
    """What a time type string carries: `"<M8[10s]"` carries `{"byteorder": "<", "itemsize": 8, "unit": "s", "scale_factor": 10}`."""

    byteorder: ReadOnly[Literal["<", ">", "|"]]
    itemsize: ReadOnly[Annotated[int, Ge(0)]]
    unit: NotRequired[ReadOnly[str]]
    """The unit in brackets; a type string without one is refused."""
    scale_factor: NotRequired[ReadOnly[Annotated[int, Interval(ge=1, le=2147483647), Default(1)]]]
    """How many units a tick counts, written before the unit; absent, one."""


ZarrV2TimeFillValue = Annotated[int, Interval(ge=-(2**63), le=2**63 - 1)] | Literal["NaT"] | None
"""A fill value of datetime64 or timedelta64: a count of ticks as an int64, "NaT", or null for none."""


def _time_rules(
    family: str, configuration: ZarrV2TimeConfiguration, example: str
) -> tuple[ValidationProblem, ...]:
    text = type_string_of(family, configuration)
    wrong_size = itemsize_problems(family, configuration, (8,), example)
    if wrong_size:
        return wrong_size
    unit = configuration.get("unit")
    if unit is None:
        message = f"expected a unit in brackets, such as {shown(text + '[ns]')}, got {shown(text)}, which names no unit"
        return (ValidationProblem(("unit",), message, "invalid_value", input=text),)
    if unit not in _TIME_UNITS:
        message = f"expected a unit of {', '.join(_TIME_UNITS)}, got {shown(unit)} in {shown(text)}"
        return (
            ValidationProblem(
                ("unit",), message, "invalid_value", input=text, ctx={"expected": list(_TIME_UNITS)}
            ),
        )
    return byteorder_problems(family, configuration, f"a {family}, an int64,")


def _datetime64_rules(
    configuration: ZarrV2TimeConfiguration, nested: Nested
) -> tuple[ValidationProblem, ...]:
    return _time_rules("datetime64", configuration, "<M8[ns]")


def _timedelta64_rules(
    configuration: ZarrV2TimeConfiguration, nested: Nested
) -> tuple[ValidationProblem, ...]:
    return _time_rules("timedelta64", configuration, "<m8[ns]")


def _canonical(configuration: ZarrV2TimeConfiguration) -> ZarrV2TimeConfiguration:
    """One spelling per unit ("μs" is "us"), as NumPy writes it: more than the default scale factor."""
    if configuration.get("unit") != "μs":
        return configuration
    return {**configuration, "unit": "us"}


def _fill_value_canonical(
    configuration: ZarrV2TimeConfiguration, nested: Nested, value: int | str | None
) -> JSONValue:
    """Not a time is spelled "NaT", also when written as the int64 minimum, which is how NumPy stores it and zarr-python writes it."""
    return "NaT" if value == _NAT else value


DATETIME64_DATA_TYPE_V2: Final = ZarrV2DataTypeDefinition(
    name="datetime64",
    configuration=ZarrV2TimeConfiguration,
    rules=_datetime64_rules,
    canonical=_canonical,
    fill_value=ZarrV2TimeFillValue,
    fill_value_canonical=_fill_value_canonical,
)
"""The definition of datetime64 ("<M8[ns]"): instants, as ticks since 1970-01-01T00:00."""

TIMEDELTA64_DATA_TYPE_V2: Final = ZarrV2DataTypeDefinition(
    name="timedelta64",
    configuration=ZarrV2TimeConfiguration,
    rules=_timedelta64_rules,
    canonical=_canonical,
    fill_value=ZarrV2TimeFillValue,
    fill_value_canonical=_fill_value_canonical,
)
"""The definition of timedelta64 ("<m8[ns]"): durations, as ticks."""
