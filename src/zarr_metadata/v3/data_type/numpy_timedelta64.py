"""The numpy.timedelta64 data type (zarr-extensions): numpy's durations, counted in ticks of a unit times a scale factor."""

# No `from __future__ import annotations`: TypedDict reads ReadOnly and
# NotRequired from evaluated annotations only, for its __readonly_keys__
# and __optional_keys__.

from typing import Annotated, Final, Literal, NotRequired

from annotated_types import Interval
from typing_extensions import ReadOnly, TypedDict

from zarr_metadata.v3._definition import DataTypeDefinition
from zarr_metadata.v3.data_type._integer import multi_byte
from zarr_metadata.v3.data_type._numpy_time import (
    NumpyTimeUnit,
    ScaleFactor,
    canonical_time_fill,
    canonical_unit,
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
    """The configuration of numpy.timedelta64: `M8[10s]` in numpy is `{"unit": "s", "scale_factor": 10}`."""

    unit: ReadOnly[NumpyTimeUnit]
    scale_factor: ReadOnly[ScaleFactor]


class NumpyTimedelta64(TypedDict, closed=True):
    """A numpy.timedelta64 data type field as a document writes it."""

    name: Literal["numpy.timedelta64"]
    configuration: NumpyTimedelta64Configuration
    must_understand: NotRequired[bool]


NumpyTimedelta64FillValue = Annotated[int, Interval(ge=-(2**63), le=2**63 - 1)] | Literal["NaT"]
"""A fill value of numpy.timedelta64: a count of ticks as an int64, or "NaT".

Its canonical spelling of not-a-time is "NaT", also for the int64 minimum,
which is how numpy stores NaT.
"""


def _canonical(configuration: NumpyTimedelta64Configuration) -> NumpyTimedelta64Configuration:
    return {
        "unit": canonical_unit(configuration["unit"]),
        "scale_factor": configuration["scale_factor"],
    }


NUMPY_TIMEDELTA64_DATA_TYPE: Final = DataTypeDefinition(
    name=NUMPY_TIMEDELTA64_DATA_TYPE_NAME,
    configuration=NumpyTimedelta64Configuration,
    canonical=_canonical,
    fill_value=NumpyTimedelta64FillValue,
    fill_value_canonical=canonical_time_fill,
    storage=multi_byte,
)
"""The definition of numpy.timedelta64."""
