"""What numpy.datetime64 and numpy.timedelta64 share: a time unit, and a fill value that is an int64 or "NaT"."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Final, Literal

from annotated_types import Interval

from zarr_metadata.definition import Nested
from zarr_metadata.typed_json import JSONValue
from zarr_metadata.v3.data_type._integer import multi_byte
from zarr_metadata.v3.definition import DataTypeDefinition

NUMPY_TIME_UNIT: Final = (
    "Y",
    "M",
    "W",
    "D",
    "h",
    "m",
    "s",
    "ms",
    "us",
    "μs",
    "ns",
    "ps",
    "fs",
    "as",
    "generic",
)
NumpyTimeUnit = Literal[
    "Y", "M", "W", "D", "h", "m", "s", "ms", "us", "μs", "ns", "ps", "fs", "as", "generic"
]
"""The units of numpy's datetime64 and timedelta64; "us" and "μs" both name microseconds."""

ScaleFactor = Annotated[int, Interval(ge=1, le=2**31 - 1)]
"""How many units one tick counts: numpy's `M8[10s]` has unit "s" and scale factor 10."""

NumpyTimeFillValue = Annotated[int, Interval(ge=-(2**63), le=2**63 - 1)] | Literal["NaT"]
"""A fill value of numpy.datetime64 or numpy.timedelta64: a count of ticks as an int64, or "NaT".

Its canonical spelling of not-a-time is "NaT", also for the int64 minimum,
which is how numpy stores NaT.
"""

NAT: Final = -(2**63)
"""The int64 that numpy stores for NaT ("not a time")."""


def canonical_unit(unit: NumpyTimeUnit) -> NumpyTimeUnit:
    """One spelling per unit: numpy reads "μs" as "us"."""
    return "us" if unit == "μs" else unit


def canonical_time_fill(configuration: object, nested: Nested, value: int | str) -> JSONValue:
    """The one spelling of a fill value: "NaT" for not-a-time, also when written as the int64 minimum, which is how numpy stores NaT."""
    return "NaT" if value == NAT else value


def _canonical(configuration: Mapping[str, Any]) -> Any:
    return {
        "unit": canonical_unit(configuration["unit"]),
        "scale_factor": configuration["scale_factor"],
    }


def numpy_time_data_type(name: str, configuration: type[Any]) -> DataTypeDefinition[Any]:
    """The definition of numpy's datetime64 or timedelta64 under `name`, configured by a unit and a scale factor."""
    return DataTypeDefinition(
        name=name,
        configuration=configuration,
        canonical=_canonical,
        fill_value=NumpyTimeFillValue,
        fill_value_canonical=canonical_time_fill,
        storage=multi_byte,
    )
