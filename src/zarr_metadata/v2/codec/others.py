"""The other numcodecs codecs: base64, categorize and jenkins_lookup3."""

# No `from __future__ import annotations`: TypedDict reads ReadOnly and
# NotRequired from evaluated annotations only, for its __readonly_keys__
# and __optional_keys__.

from typing import Annotated, Final, NotRequired

from annotated_types import Interval
from typing_extensions import ReadOnly, TypedDict

from zarr_metadata.definition import AcceptedField, Default, EmptyConfiguration, Nested
from zarr_metadata.problems import ValidationProblem, shown
from zarr_metadata.typed_json import JSONValue
from zarr_metadata.v2.codec.filters import (
    NUMERIC,
    canonical_type_string,
    data_type_problems,
    read_type_string,
)
from zarr_metadata.v2.definition import ZarrV2CodecDefinition

__all__ = [
    "BASE64_CODEC_V2",
    "CATEGORIZE_CODEC_V2",
    "JENKINS_LOOKUP3_CODEC_V2",
    "ZarrV2CategorizeParameters",
    "ZarrV2JenkinsLookup3Parameters",
]


# base64

BASE64_CODEC_V2: Final = ZarrV2CodecDefinition(name="base64", configuration=EmptyConfiguration)
"""The definition of base64: bytes written as standard base64 text."""


# categorize

_CATEGORIZE_DEFAULT_ASTYPE: Final = "|u1"
_NULL_ASTYPE: Final = "<f8"
"""The type NumPy makes of a null astype: float64."""
_EXACT_INTEGERS: Final = {"float": {2: 2**11, 4: 2**24, 8: 2**53}, "complex": {8: 2**24, 16: 2**53}}
"""The largest integer up to which every integer is held exactly, for the float and complex types of each size."""


class ZarrV2CategorizeParameters(TypedDict, closed=True):
    """The parameters of categorize: the labels, the type of the values (a string or object type), and the type of their numbers.

    A value is stored as its label's place in `labels` counted from 1, and
    as 0 when it is no label. The numbers are of `astype` ("|u1" when
    absent; NumPy reads null as float64).
    """

    labels: ReadOnly[tuple[str, ...]]
    dtype: ReadOnly[str]
    astype: NotRequired[ReadOnly[Annotated[str | None, Default(_CATEGORIZE_DEFAULT_ASTYPE)]]]


def _categorize_rules(
    configuration: ZarrV2CategorizeParameters, nested: Nested
) -> list[ValidationProblem]:
    problems = [
        *data_type_problems(
            configuration,
            "dtype",
            ("str", "object"),
            "a string (U) or object (O) data type",
            "categorize",
        ),
        *data_type_problems(
            configuration,
            "astype",
            NUMERIC,
            "a numeric data type (int, uint, float or complex)",
            "categorize",
        ),
    ]
    astype = configuration.get("astype", _CATEGORIZE_DEFAULT_ASTYPE)
    if problems or astype is None:
        return problems
    most = _most_labels(astype)
    count = len(configuration["labels"])
    if most is not None and count > most:
        # NumPy refuses to store a number its type cannot hold.
        message = (
            f"expected at most {most} labels, as many as {shown(astype)} numbers from 1 (0 stands for a value "
            f"with no label), got {count}"
        )
        problems.append(
            ValidationProblem(("labels",), message, "invalid_value", ctx={"max_length": most})
        )
    return problems


def _most_labels(astype: str) -> int | None:
    """The most labels `astype` numbers, as a numeric type string without problems: its largest integer held exactly."""
    field, _ = read_type_string(astype)
    if not isinstance(field, AcceptedField):
        return None
    family, itemsize = field.definition.name, field.configuration.get("itemsize")
    if not isinstance(itemsize, int):
        return None  # every numeric family has a size; this one was read otherwise
    if family == "int":
        return 2 ** (8 * itemsize - 1) - 1
    if family == "uint":
        return 2 ** (8 * itemsize) - 1
    return _EXACT_INTEGERS[family].get(itemsize)


def _categorize_canonical(configuration: ZarrV2CategorizeParameters) -> ZarrV2CategorizeParameters:
    # More than the default: type strings as NumPy writes them, and a null astype the type NumPy makes of it.
    astype = configuration.get("astype")
    astype = _NULL_ASTYPE if astype is None else canonical_type_string(astype)
    return {
        "labels": configuration["labels"],
        "dtype": canonical_type_string(configuration["dtype"]),
        "astype": astype,
    }


CATEGORIZE_CODEC_V2: Final = ZarrV2CodecDefinition(
    name="categorize",
    configuration=ZarrV2CategorizeParameters,
    rules=_categorize_rules,
    canonical=_categorize_canonical,
)
"""The definition of categorize: strings, or objects, stored as the numbers of their labels."""


# jenkins_lookup3

_UINT32: Final = Interval(ge=0, le=2**32 - 1)


class ZarrV2JenkinsLookup3Parameters(TypedDict, closed=True):
    """The parameters of jenkins_lookup3: the hash's seed (0 when absent), and bytes hashed before the data (null: none).

    numcodecs reads the prefix as a buffer of bytes, which JSON cannot
    hold, so a document can only write it null.
    """

    initval: NotRequired[ReadOnly[Annotated[int, _UINT32, Default(0)]]]
    prefix: NotRequired[ReadOnly[Annotated[JSONValue, Default(None)]]]


def _jenkins_lookup3_rules(
    configuration: ZarrV2JenkinsLookup3Parameters, nested: Nested
) -> tuple[ValidationProblem, ...]:
    prefix = configuration.get("prefix")
    if prefix is None:
        return ()
    message = f"expected null: the prefix is a buffer of bytes, which JSON cannot hold, got {shown(prefix)}"
    return (ValidationProblem(("prefix",), message, "invalid_value", input=prefix),)


JENKINS_LOOKUP3_CODEC_V2: Final = ZarrV2CodecDefinition(
    name="jenkins_lookup3",
    configuration=ZarrV2JenkinsLookup3Parameters,
    rules=_jenkins_lookup3_rules,
)
"""The definition of jenkins_lookup3: the bytes followed by Bob Jenkins' lookup3 hash of them, as HDF5 computes it, little-endian."""
