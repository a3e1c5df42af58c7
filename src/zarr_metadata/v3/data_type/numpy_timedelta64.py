"""The numpy.timedelta64 data type (zarr-extensions): numpy's durations, counted in ticks of a unit times a scale factor."""

# No `from __future__ import annotations`: TypedDict reads ReadOnly and
# NotRequired from evaluated annotations only, for its __readonly_keys__
# and __optional_keys__.

from typing import Final, Literal, NotRequired

from typing_extensions import ReadOnly, TypedDict

from zarr_metadata.v3.data_type._numpy_time import (
    NumpyTimeFillValue,
    NumpyTimeUnit,
    ScaleFactor,
    numpy_time_data_type,
)

__all__ = [
    "NUMPY_TIMEDELTA64_DATA_TYPE",
    "NUMPY_TIMEDELTA64_DATA_TYPE_NAME",
    "NumpyTimedelta64",
    "NumpyTimedelta64Configuration",
    "NumpyTimedelta64DataTypeName",
    "NumpyTimedelta64FillValue",
]

NUMPY_TIMEDELTA64_DATA_TYPE_NAME: Final = "numpy.timedelta64"
NumpyTimedelta64DataTypeName = Literal["numpy.timedelta64"]


class NumpyTimedelta64Configuration(TypedDict, closed=True):
    """The configuration of numpy.timedelta64: `m8[10s]` in numpy is `{"unit": "s", "scale_factor": 10}`."""

    unit: ReadOnly[NumpyTimeUnit]
    scale_factor: ReadOnly[ScaleFactor]


class NumpyTimedelta64(TypedDict, closed=True):
    """A numpy.timedelta64 data type field as a document writes it."""

    name: Literal["numpy.timedelta64"]
    configuration: NumpyTimedelta64Configuration
    must_understand: NotRequired[bool]


NumpyTimedelta64FillValue = NumpyTimeFillValue
"""A fill value of numpy.timedelta64: a count of ticks as an int64, or "NaT" (its spelling of not-a-time, also for the int64 minimum)."""

NUMPY_TIMEDELTA64_DATA_TYPE: Final = numpy_time_data_type(
    NUMPY_TIMEDELTA64_DATA_TYPE_NAME, NumpyTimedelta64Configuration
)
"""The definition of numpy.timedelta64."""
