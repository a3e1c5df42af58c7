"""The numpy.datetime64 data type (zarr-extensions): numpy's dates and times, counted in ticks of a unit times a scale factor."""

# No `from __future__ import annotations`: TypedDict reads ReadOnly and
# NotRequired from evaluated annotations only, for its __readonly_keys__
# and __optional_keys__.

from typing import Final, Literal, NotRequired

from typing_extensions import ReadOnly, TypedDict

from zarr_metadata.v3.data_type._numpy_time import (
    NUMPY_TIME_UNIT,
    NumpyTimeFillValue,
    NumpyTimeUnit,
    ScaleFactor,
    numpy_time_data_type,
)

__all__ = [
    "NUMPY_DATETIME64_DATA_TYPE",
    "NUMPY_DATETIME64_DATA_TYPE_NAME",
    "NUMPY_TIME_UNIT",
    "NumpyDatetime64",
    "NumpyDatetime64Configuration",
    "NumpyDatetime64DataTypeName",
    "NumpyDatetime64FillValue",
    "NumpyTimeUnit",
]

NUMPY_DATETIME64_DATA_TYPE_NAME: Final = "numpy.datetime64"
NumpyDatetime64DataTypeName = Literal["numpy.datetime64"]


class NumpyDatetime64Configuration(TypedDict, closed=True):
    """The configuration of numpy.datetime64: `M8[10s]` in numpy is `{"unit": "s", "scale_factor": 10}`."""

    unit: ReadOnly[NumpyTimeUnit]
    scale_factor: ReadOnly[ScaleFactor]


class NumpyDatetime64(TypedDict, closed=True):
    """A numpy.datetime64 data type field as a document writes it."""

    name: Literal["numpy.datetime64"]
    configuration: NumpyDatetime64Configuration
    must_understand: NotRequired[bool]


NumpyDatetime64FillValue = NumpyTimeFillValue
"""A fill value of numpy.datetime64: a count of ticks as an int64, or "NaT" (its spelling of not-a-time, also for the int64 minimum)."""

NUMPY_DATETIME64_DATA_TYPE: Final = numpy_time_data_type(
    NUMPY_DATETIME64_DATA_TYPE_NAME, NumpyDatetime64Configuration
)
"""The definition of numpy.datetime64."""
