"""The data types a numcodecs filter's parameters name, and what the filter receives and passes on as NumPy types.

A parameter that names a data type (delta's `dtype`, ...) is a v2 type
string (`"<u4"`), as numcodecs writes it, or a name NumPy reads without a
byte order (`"uint32"`, `"u4"`), as zarr-python writes what it was given.
Such a name is judged as the type string of its family and size; it keeps
its own spelling, since NumPy reads it in the byte order of the machine.
Where the chunk holds a numeric data type of the core, a filter's `dtype`
must name that type; its byte order does not count, as numcodecs views
the values in memory, in the machine's order.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final, cast

from zarr_metadata._json import decimal
from zarr_metadata.definition import AcceptedField, Nested, ResolvedField, resolve
from zarr_metadata.problems import ValidationProblem, shown
from zarr_metadata.v2.codec.filters import read_type_string
from zarr_metadata.v3._field_kinds import chunk_of, one_length
from zarr_metadata.v3.data_type.complex64 import COMPLEX64_DATA_TYPE
from zarr_metadata.v3.data_type.complex128 import COMPLEX128_DATA_TYPE
from zarr_metadata.v3.data_type.float16 import FLOAT16_DATA_TYPE
from zarr_metadata.v3.data_type.float32 import FLOAT32_DATA_TYPE
from zarr_metadata.v3.data_type.float64 import FLOAT64_DATA_TYPE
from zarr_metadata.v3.data_type.int8 import INT8_DATA_TYPE
from zarr_metadata.v3.data_type.int16 import INT16_DATA_TYPE
from zarr_metadata.v3.data_type.int32 import INT32_DATA_TYPE
from zarr_metadata.v3.data_type.int64 import INT64_DATA_TYPE
from zarr_metadata.v3.data_type.uint8 import UINT8_DATA_TYPE
from zarr_metadata.v3.data_type.uint16 import UINT16_DATA_TYPE
from zarr_metadata.v3.data_type.uint32 import UINT32_DATA_TYPE
from zarr_metadata.v3.data_type.uint64 import UINT64_DATA_TYPE
from zarr_metadata.v3.definition import Chunk, DataTypeDefinition, Lengths, ZarrV3Context

__all__ = [
    "NumpyType",
    "flat_length",
    "numpy_type",
    "numpy_type_string",
    "received_type_problems",
    "type_field",
    "viewed_chunk",
    "with_numpy_names",
]

NumpyType = tuple[str, int]
"""A fixed-size data type as numcodecs reads it: its v2 family (`"int"`, `"float"`, ...) and its size in bytes."""


# Names of data types, as NumPy reads them

_SIZED_NAME: Final = re.compile(r"(uint|int|float|complex)([1-9][0-9]*)")
_TIME_NAME: Final = re.compile(r"(datetime64|timedelta64)(\[[0-9]*[A-Za-zμ]+\])")
_UNORDERED: Final = re.compile(r"[biufcmMSUV][1-9][0-9]*(?:\[[0-9]*[A-Za-zμ]+\])?|[SUV]0")
_KIND_CHARACTERS: Final = {
    "uint": "u",
    "int": "i",
    "float": "f",
    "complex": "c",
    "datetime64": "M",
    "timedelta64": "m",
}


def numpy_type_string(name: str) -> str | None:
    """The type string judged for `name`, a data type written without a byte order (`"float32"`, `"f4"`); None when it is not such a name."""
    if name == "bool":
        return "|b1"
    if name in ("object", "O"):
        return "|O"
    sized = _SIZED_NAME.fullmatch(name)
    if sized is not None:
        bits = decimal(sized.group(2))
        return (
            f"<{_KIND_CHARACTERS[sized.group(1)]}{bits // 8}"
            if bits is not None and bits % 8 == 0
            else None
        )
    timed = _TIME_NAME.fullmatch(name)
    if timed is not None:
        return f"<{_KIND_CHARACTERS[timed.group(1)]}8{timed.group(2)}"
    if _UNORDERED.fullmatch(name) is not None:
        return f"<{name}"
    return None


@functools.lru_cache(maxsize=256)
def numpy_type(value: str) -> NumpyType | None:
    """The family and size of the fixed-size data type a parameter names; None when it names none without problems."""
    field, problems = read_type_string(numpy_type_string(value) or value)
    if problems or not isinstance(field, AcceptedField):
        return None
    itemsize = field.configuration.get("itemsize")
    return None if not isinstance(itemsize, int) else (field.definition.name, itemsize)


def with_numpy_names(
    rules: Callable[[Any, Nested], Iterable[ValidationProblem]],
    configuration: Mapping[str, Any],
    nested: Nested,
    members: tuple[str, ...],
) -> list[ValidationProblem]:
    """The problems `rules` (a v2 codec's) find in `configuration`, each of `members` written as a NumPy name judged as its type string."""
    written: dict[str, tuple[str, str]] = {}
    for member in members:
        value = configuration.get(member)
        spelled = numpy_type_string(value) if isinstance(value, str) else None
        if isinstance(value, str) and spelled is not None:
            written[member] = (value, spelled)
    if not written:
        return list(rules(configuration, nested))
    translated = {**configuration, **{member: spelled for member, (_, spelled) in written.items()}}
    problems: list[ValidationProblem] = []
    for problem in rules(translated, nested):
        member = problem.loc[0] if problem.loc else None
        if isinstance(member, str) and member in written:
            value, spelled = written[member]
            message = problem.message.replace(shown(spelled), shown(value))
            problem = ValidationProblem(
                problem.loc, message, problem.kind, input=value, ctx=problem.ctx
            )
        problems.append(problem)
    return problems


# The v3 data types a numcodecs parameter can name

_V3_NUMERIC: Final[Mapping[str, NumpyType]] = {
    "int8": ("int", 1),
    "int16": ("int", 2),
    "int32": ("int", 4),
    "int64": ("int", 8),
    "uint8": ("uint", 1),
    "uint16": ("uint", 2),
    "uint32": ("uint", 4),
    "uint64": ("uint", 8),
    "float16": ("float", 2),
    "float32": ("float", 4),
    "float64": ("float", 8),
    "complex64": ("complex", 8),
    "complex128": ("complex", 16),
}
"""The numeric data types of the v3 core, by name, as NumPy types: the ones a numcodecs filter's `dtype` names."""
_V3_NAMES: Final[Mapping[NumpyType, str]] = {numpy: name for name, numpy in _V3_NUMERIC.items()}

_NUMERIC_TYPES: Final = ZarrV3Context(
    data_types=(
        INT8_DATA_TYPE, INT16_DATA_TYPE, INT32_DATA_TYPE, INT64_DATA_TYPE,
        UINT8_DATA_TYPE, UINT16_DATA_TYPE, UINT32_DATA_TYPE, UINT64_DATA_TYPE,
        FLOAT16_DATA_TYPE, FLOAT32_DATA_TYPE, FLOAT64_DATA_TYPE, COMPLEX64_DATA_TYPE, COMPLEX128_DATA_TYPE,
    )
)  # fmt: skip
"""The scope the data type a filter passes on is read in: the numeric types of the core, as numcodecs makes NumPy arrays of them."""


@functools.cache
def type_field(numpy: NumpyType) -> ResolvedField[DataTypeDefinition[Any]] | None:
    """The v3 data type field of a NumPy type a filter passes on; None when no core v3 data type is that type."""
    name = _V3_NAMES.get(numpy)
    if name is None:
        return None
    field, _ = resolve(
        name, cast("type[DataTypeDefinition[Any]]", DataTypeDefinition), _NUMERIC_TYPES
    )
    return field


def _type_string(numpy: NumpyType) -> str:
    family, itemsize = numpy
    return f"{'|' if itemsize == 1 else '<'}{family[0]}{itemsize}"


def received_type_problems(
    configuration: Mapping[str, Any], member: str, chunk: Chunk, codec: str
) -> tuple[ValidationProblem, ...]:
    """The problem of a `member` naming another data type than the numeric one the codec receives, located at it."""
    incoming = chunk.data_type
    if not isinstance(incoming, AcceptedField):
        return ()  # unknown, or refused with a problem of its own
    expected = _V3_NUMERIC.get(incoming.definition.name)
    value = configuration.get(member)
    if expected is None or not isinstance(value, str):
        return ()
    found = numpy_type(value)
    if found is None or found == expected:
        return ()  # a type string with problems has them reported by the rules
    message = (
        f"expected the {member} of {codec} to name the data type it receives, {shown(incoming.name)} "
        f"(such as {shown(_type_string(expected))}), got {shown(value)}"
    )
    return (ValidationProblem((member,), message, "invalid_value", input=value),)


def viewed_chunk(source: str, target: str, chunk: Chunk, *, flattened: bool) -> Chunk:
    """The chunk a filter passes on: the values it receives viewed as `source` and converted to `target` (parameters naming data types), on one axis when `flattened`.

    Viewing values of another width changes how many there are, so the
    lengths are kept only where the chunk's data type is known to be as
    wide as `source`; elsewhere the last axis (or the one axis) is unknown.
    """
    incoming = chunk.data_type
    received = (
        _V3_NUMERIC.get(incoming.definition.name) if isinstance(incoming, AcceptedField) else None
    )
    viewed, made = numpy_type(source), numpy_type(target)
    if received is not None and received == made:
        data_type = incoming  # the data type as the array's scope read it
    else:
        data_type = None if made is None else type_field(made)
    same_width = received is not None and viewed is not None and received[1] == viewed[1]
    lengths = chunk.lengths
    if flattened:
        lengths = (flat_length(lengths) if same_width else None,)
    elif lengths and not same_width:
        lengths = (*lengths[:-1], None)
    return chunk_of(lengths, data_type)


def flat_length(lengths: Lengths | None) -> frozenset[int] | None:
    """The length of a chunk flattened to one axis: known when every chunk has the same, known lengths."""
    if lengths is None:
        return None
    count = 1
    for axis in lengths:
        if axis is None or len(axis) != 1:
            return None
        (length,) = axis
        count *= length
    return one_length(count)
