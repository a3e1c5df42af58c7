"""What numpy.datetime64 and numpy.timedelta64 share: a time unit, and a fill value that is an int64 or "NaT"."""

from __future__ import annotations

from typing import Annotated, Final, Literal

from annotated_types import Interval

from zarr_metadata._json import JSONValue
from zarr_metadata.definition._fields import Nested

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

NAT: Final = -(2**63)
"""The int64 that numpy stores for NaT ("not a time")."""


def canonical_unit(unit: NumpyTimeUnit) -> NumpyTimeUnit:
    """One spelling per unit: numpy reads "μs" as "us"."""
    return "us" if unit == "μs" else unit


def canonical_time_fill(configuration: object, nested: Nested, value: int | str) -> JSONValue:
    """The one spelling of a fill value: "NaT" for not-a-time, also when written as the int64 minimum, which is how numpy stores NaT."""
    return "NaT" if value == NAT else value
