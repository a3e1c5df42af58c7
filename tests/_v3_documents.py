"""Documents for the v3 reader and model tests: builders for examples, hypothesis strategies built from valid parts, and ways to break them.

Every document strategy here (`array_documents`, `group_documents`,
`consolidated_members`, ...) draws a document that `CORE_AND_EXTENSIONS`
reads without a problem: a data type with a fill value it takes, a chunk grid
that fits the shape, and a codec pipeline in order whose every codec fits
the chunk it receives. Members are drawn in a random order, attributes may
hold NaN and the infinities, and some fields are named so that nothing in
scope claims them. `respellings` writes such a document another way that
means the same; `mutations` and `anything` make input no reader should
accept, or even expect.
"""

from __future__ import annotations

import base64
import copy
import math
import re
import string
import struct
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from hypothesis import strategies as st

# Builders of documents for example tests.

LITTLE_BYTES: dict[str, Any] = {"name": "bytes", "configuration": {"endian": "little"}}
"""The bytes codec with an endian, which every multi-byte data type needs."""


def array_document(**members: Any) -> dict[str, Any]:
    """A valid v3 array document: float64, shape (100, 100) in chunks of (10, 10), little-endian bytes; `members` replace or add members."""
    document: dict[str, Any] = {
        "zarr_format": 3,
        "node_type": "array",
        "shape": [100, 100],
        "data_type": "float64",
        "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [10, 10]}},
        "chunk_key_encoding": {"name": "default", "configuration": {"separator": "/"}},
        "fill_value": 0.0,
        "codecs": [copy.deepcopy(LITTLE_BYTES)],
    }
    # The members given are used as they are, not copied: a test may hand in
    # a value too deep to copy.
    document.update(members)
    return document


def without(document: Mapping[str, Any], *keys: str) -> dict[str, Any]:
    """`document` without the members `keys`."""
    return {key: value for key, value in document.items() if key not in keys}


def group_document(**members: Any) -> dict[str, Any]:
    """A valid v3 group document; `members` add members."""
    return {"zarr_format": 3, "node_type": "group", **members}


def consolidated_member(documents: Mapping[str, Any]) -> dict[str, Any]:
    """A group's `consolidated_metadata` member listing `documents` by relative path."""
    return {"kind": "inline", "must_understand": False, "metadata": dict(documents)}


def sharding_codec(
    chunk_shape: list[int],
    codecs: list[Any] | None = None,
    index_codecs: list[Any] | None = None,
    **configuration: Any,
) -> dict[str, Any]:
    """A sharding_indexed codec; by default its inner chunks and its index are written by little-endian bytes."""
    return {
        "name": "sharding_indexed",
        "configuration": {
            "chunk_shape": chunk_shape,
            "codecs": [copy.deepcopy(LITTLE_BYTES)] if codecs is None else codecs,
            "index_codecs": [copy.deepcopy(LITTLE_BYTES)] if index_codecs is None else index_codecs,
            **configuration,
        },
    }


def deep_list(depth: int) -> list[Any]:
    """A list nested `depth` levels deep, built without recursion."""
    value: list[Any] = []
    for _ in range(depth - 1):
        value = [value]
    return value


# Positions in a document, in the order they appear in its JSON text.


def document_positions(document: object) -> dict[tuple[str | int, ...], int]:
    """Every location in `document` (objects and arrays, at any depth), numbered in the order a JSON text writes them."""
    positions: dict[tuple[str | int, ...], int] = {}
    stack: list[tuple[tuple[str | int, ...], object]] = [((), document)]
    while stack:
        loc, value = stack.pop()
        positions[loc] = len(positions)
        children: list[tuple[tuple[str | int, ...], object]] = []
        if isinstance(value, Mapping):
            children = [((*loc, key), item) for key, item in value.items() if isinstance(key, str)]
        elif isinstance(value, list | tuple):
            children = [((*loc, index), item) for index, item in enumerate(value)]
        stack.extend(reversed(children))
    return positions


# Hypothesis strategies: JSON values.

SPEC_ARRAY_MEMBERS = frozenset(
    {
        "zarr_format",
        "node_type",
        "shape",
        "data_type",
        "chunk_grid",
        "chunk_key_encoding",
        "fill_value",
        "codecs",
        "attributes",
        "storage_transformers",
        "dimension_names",
    }
)

short_text = st.text(alphabet=string.ascii_letters + string.digits + "_-. /é", max_size=6)

finite_json_scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | short_text
)
"""JSON scalars as RFC 8259 allows them: every number finite."""

user_json_scalars = finite_json_scalars | st.sampled_from([math.nan, math.inf, -math.inf])
"""JSON scalars as user data may hold them: NaN and the infinities too."""


def json_values(scalars: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """JSON values (lists and objects of string keys) built on `scalars`."""
    return st.recursive(
        scalars,
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(short_text, inner, max_size=3),
        max_leaves=8,
    )


finite_json = json_values(finite_json_scalars)
user_json = json_values(user_json_scalars)

hashables = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=3)
    | st.binary(max_size=3),
    lambda inner: st.tuples(inner, inner) | st.frozensets(inner, max_size=2),
    max_leaves=4,
)


class Opaque:
    """An object of a type no JSON parser makes."""

    def __repr__(self) -> str:
        return "Opaque()"


anything = st.recursive(
    hashables
    | st.integers(min_value=-(10**400), max_value=10**400)
    | st.sampled_from([math.nan, math.inf, -math.inf, b"\xff", bytearray(b"{}")])
    | st.sampled_from([1, -1]).map(lambda sign: sign * 10**5000)
    | st.builds(Opaque),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.tuples(inner)
        | st.dictionaries(short_text, inner, max_size=3)
        | st.dictionaries(hashables, inner, max_size=3)
        | st.sets(hashables, max_size=3)
        | st.frozensets(hashables, max_size=3)
    ),
    max_leaves=12,
)
"""Any Python value a caller might hand a reader: dicts with keys of any type, sets, bytes, huge and non-finite numbers, objects."""


# Hypothesis strategies: data types with fill values.

INTEGER_RANGES: dict[str, tuple[int, int]] = {
    **{f"int{bits}": (-(2 ** (bits - 1)), 2 ** (bits - 1) - 1) for bits in (8, 16, 32, 64)},
    **{f"uint{bits}": (0, 2**bits - 1) for bits in (8, 16, 32, 64)},
}
FLOAT_WIDTHS: dict[str, int] = {"float16": 16, "float32": 32, "float64": 64}
_PACK = {16: ">e", 32: ">f", 64: ">d"}


def hex_of_float(value: float, width: int) -> str:
    """The IEEE bits of `value` at `width`, as a fill value spells them: "0x" and the hex digits, sign bit first."""
    return "0x" + struct.pack(_PACK[width], value).hex()


def float_fills(width: int) -> st.SearchStrategy[Any]:
    """Every spelling of a float fill value at `width`: a number, a special name, or any bit pattern in hex."""
    return st.one_of(
        st.floats(width=width, allow_nan=False, allow_infinity=False),
        st.integers(min_value=-1000, max_value=1000),
        st.sampled_from(["NaN", "Infinity", "-Infinity"]),
        st.integers(min_value=0, max_value=2**width - 1).map(
            lambda bits: f"0x{bits:0{width // 4}x}"
        ),
    )


class DataType:
    """A data type field drawn with a fill value it takes, and how its values are stored."""

    def __init__(self, field: Any, fill_value: Any, storage: str | None) -> None:
        self.field = field
        self.fill_value = fill_value
        self.storage = storage
        """How its values are stored: single_byte, multi_byte, variable_length, or None when unknown (a data type nothing claims)."""

    def __repr__(self) -> str:
        return f"DataType({self.field!r}, {self.fill_value!r}, {self.storage!r})"


@st.composite
def fixed_size_data_types(draw: st.DrawFn) -> DataType:
    """A core data type of fixed size (bool, integer, float, complex, raw bits) with a fill value."""
    kind = draw(st.sampled_from(["bool", "integer", "float", "complex", "raw"]))
    if kind == "bool":
        return DataType("bool", draw(st.booleans()), "single_byte")
    if kind == "integer":
        name = draw(st.sampled_from(sorted(INTEGER_RANGES)))
        low, high = INTEGER_RANGES[name]
        fill = draw(st.integers(min_value=low, max_value=high))
        return DataType(name, fill, "single_byte" if name.endswith("8") else "multi_byte")
    if kind == "float":
        name = draw(st.sampled_from(sorted(FLOAT_WIDTHS)))
        return DataType(name, draw(float_fills(FLOAT_WIDTHS[name])), "multi_byte")
    if kind == "complex":
        name, width = draw(st.sampled_from([("complex64", 32), ("complex128", 64)]))
        return DataType(name, [draw(float_fills(width)), draw(float_fills(width))], "multi_byte")
    size = draw(st.integers(min_value=1, max_value=4))
    fill = draw(st.lists(st.integers(min_value=0, max_value=255), min_size=size, max_size=size))
    return DataType(f"r{8 * size}", fill, "single_byte")


@st.composite
def data_types(draw: st.DrawFn) -> DataType:
    """Any data type of `CORE_AND_EXTENSIONS`, or one nothing claims, with a fill value it takes."""
    kind = draw(
        st.sampled_from(
            ["fixed", "fixed", "fixed", "string", "bytes", "time", "struct", "unclaimed"]
        )
    )
    if kind == "fixed":
        return draw(fixed_size_data_types())
    if kind == "string":
        return DataType("string", draw(st.text(max_size=5)), "variable_length")
    if kind == "bytes":
        data = draw(st.binary(max_size=6))
        fill = draw(st.sampled_from([list(data), base64.b64encode(data).decode("ascii")]))
        return DataType("bytes", fill, "variable_length")
    if kind == "time":
        name = draw(st.sampled_from(["numpy.datetime64", "numpy.timedelta64"]))
        unit = draw(
            st.sampled_from(["Y", "M", "W", "D", "h", "m", "s", "ms", "us", "μs", "ns", "generic"])
        )
        configuration = {
            "unit": unit,
            "scale_factor": draw(st.integers(min_value=1, max_value=2**31 - 1)),
        }
        fill = draw(st.integers(min_value=-(2**63), max_value=2**63 - 1) | st.just("NaT"))
        return DataType({"name": name, "configuration": configuration}, fill, "multi_byte")
    if kind == "struct":
        members = draw(st.lists(fixed_size_data_types(), min_size=1, max_size=3))
        names = draw(
            st.lists(
                short_text.filter(bool), min_size=len(members), max_size=len(members), unique=True
            )
        )
        fields = [
            {"name": name, "data_type": member.field}
            for name, member in zip(names, members, strict=True)
        ]
        fill = {name: member.fill_value for name, member in zip(names, members, strict=True)}
        storage = (
            "multi_byte"
            if any(member.storage == "multi_byte" for member in members)
            else "single_byte"
        )
        return DataType({"name": "struct", "configuration": {"fields": fields}}, fill, storage)
    field = draw(
        st.sampled_from(["acme.unit", {"name": "acme.thing", "configuration": {"size": 3}}])
    )
    return DataType(field, draw(finite_json), None)


# Hypothesis strategies: chunk grids, which fix the chunk lengths the first codec receives.


@st.composite
def covering_lengths(draw: st.DrawFn, dimension: int) -> list[int]:
    """Chunk lengths along a dimension as rectilinear lists them: they cover it, and only the last reaches past its end."""
    lengths = [draw(st.integers(min_value=1, max_value=max(dimension, 1) + 2))]
    while sum(lengths) < dimension:
        lengths.append(draw(st.integers(min_value=1, max_value=dimension)))
    return lengths


def _runs(lengths: list[int]) -> list[Any]:
    """`lengths` with each run of two or more equal lengths written as [length, count]."""
    written: list[Any] = []
    index = 0
    while index < len(lengths):
        end = index
        while end < len(lengths) and lengths[end] == lengths[index]:
            end += 1
        count = end - index
        written.append(lengths[index] if count == 1 else [lengths[index], count])
        index = end
    return written


@st.composite
def chunk_grids(draw: st.DrawFn, shape: list[int]) -> tuple[Any, list[set[int] | None]]:
    """A chunk grid that fits `shape`, and the chunk lengths it gives each dimension (None where unknown)."""
    kind = draw(st.sampled_from(["regular", "regular", "rectilinear", "unclaimed"]))
    if kind == "regular":
        chunk_shape = [
            draw(st.integers(min_value=1, max_value=max(length, 1) + 3)) for length in shape
        ]
        grid = {"name": "regular", "configuration": {"chunk_shape": chunk_shape}}
        return grid, [{length} for length in chunk_shape]
    if kind == "rectilinear":
        specs: list[Any] = []
        lengths: list[set[int] | None] = []
        for dimension in shape:
            if draw(st.booleans()):
                length = draw(st.integers(min_value=1, max_value=max(dimension, 1) + 3))
                specs.append(length)
                lengths.append({length})
            else:
                listed = draw(covering_lengths(dimension))
                specs.append(_runs(listed) if draw(st.booleans()) else listed)
                lengths.append(set(listed))
        grid = {"name": "rectilinear", "configuration": {"kind": "inline", "chunk_shapes": specs}}
        return grid, lengths
    return {"name": "acme.grid", "configuration": {"tiles": draw(finite_json)}}, [
        None for _ in shape
    ]


chunk_key_encodings = st.sampled_from(
    [
        "default",
        {"name": "default"},
        {"name": "default", "configuration": {"separator": "/"}},
        {"name": "default", "configuration": {"separator": "."}},
        "v2",
        {"name": "v2", "configuration": {"separator": "."}},
        {"name": "v2", "configuration": {"separator": "/"}},
        {"name": "acme.keys", "configuration": {"prefix": "c"}},
    ]
)


# Hypothesis strategies: codec pipelines.


@st.composite
def bytes_to_bytes_codecs(draw: st.DrawFn) -> list[Any]:
    """Zero or more bytes -> bytes codecs: compressors, a checksum, and codecs nothing claims."""
    blosc_configuration = st.fixed_dictionaries(
        {
            "cname": st.sampled_from(["lz4", "lz4hc", "blosclz", "snappy", "zlib", "zstd"]),
            "clevel": st.integers(min_value=0, max_value=9),
            "shuffle": st.sampled_from(["noshuffle", "shuffle", "bitshuffle"]),
            "blocksize": st.integers(min_value=0, max_value=2**20),
        }
    )
    codec = st.one_of(
        st.builds(
            lambda level: {"name": "gzip", "configuration": {"level": level}}, st.integers(0, 9)
        ),
        st.sampled_from(["crc32c", {"name": "crc32c"}]),
        st.builds(
            lambda level, checksum: {"name": "zstd", "configuration": {"level": level, **checksum}},
            st.integers(-(2**17), 22),
            st.sampled_from([{}, {"checksum": False}, {"checksum": True}]),
        ),
        st.builds(
            lambda configuration, typesize: {
                "name": "blosc",
                "configuration": {
                    **configuration,
                    **(
                        {}
                        if typesize is None and configuration["shuffle"] == "noshuffle"
                        else {"typesize": typesize or 4}
                    ),
                },
            },
            blosc_configuration,
            st.none() | st.integers(1, 16),
        ),
        st.builds(
            lambda extra: {"name": "acme.squeeze", "configuration": {"extra": extra}}, finite_json
        ),
    )
    return draw(st.lists(codec, max_size=3))


def _divisors(lengths: set[int] | None) -> list[int]:
    """The inner chunk lengths that divide every chunk length along an axis (any small length when unknown)."""
    if lengths is None:
        return list(range(1, 6))
    divisor = math.gcd(*lengths)
    return [length for length in range(1, divisor + 1) if divisor % length == 0]


@st.composite
def pipelines(
    draw: st.DrawFn, lengths: list[set[int] | None], data_type: DataType, depth: int = 0
) -> list[Any]:
    """A codec pipeline in order (array -> array, one array -> bytes, bytes -> bytes) whose every codec fits the chunk it receives."""
    codecs: list[Any] = []
    rank = len(lengths)
    if draw(st.booleans()):
        order = draw(st.permutations(list(range(rank))))
        codecs.append({"name": "transpose", "configuration": {"order": order}})
        lengths = [lengths[axis] for axis in order]
    if (
        data_type.storage in ("single_byte", "multi_byte")
        and isinstance(data_type.field, str)
        and data_type.field.startswith(("int", "uint", "float"))
        and draw(st.booleans())
    ):
        codecs.append(
            draw(st.sampled_from(["scale_offset", {"name": "scale_offset", "configuration": {}}]))
        )
    if data_type.storage == "variable_length":
        codecs.append({"name": "vlen-utf8" if data_type.field == "string" else "vlen-bytes"})
    elif depth < 1 and draw(st.integers(min_value=0, max_value=3)) == 0:
        inner_shape = [draw(st.sampled_from(_divisors(axis))) for axis in lengths]
        index_codecs = [copy.deepcopy(LITTLE_BYTES), *draw(st.sampled_from([[], ["crc32c"]]))]
        configuration: dict[str, Any] = {
            "chunk_shape": inner_shape,
            "codecs": draw(pipelines([{length} for length in inner_shape], data_type, depth + 1)),
            "index_codecs": index_codecs,
        }
        if draw(st.booleans()):
            configuration["index_location"] = draw(st.sampled_from(["start", "end"]))
        codecs.append({"name": "sharding_indexed", "configuration": configuration})
    elif data_type.storage == "multi_byte":
        codecs.append(
            {"name": "bytes", "configuration": {"endian": draw(st.sampled_from(["little", "big"]))}}
        )
    else:
        codecs.append(
            draw(
                st.sampled_from(
                    [
                        "bytes",
                        {"name": "bytes"},
                        {"name": "bytes", "configuration": {}},
                        copy.deepcopy(LITTLE_BYTES),
                    ]
                )
            )
        )
    codecs.extend(draw(bytes_to_bytes_codecs()))
    return codecs


# Hypothesis strategies: whole documents.

extra_member_keys = short_text.filter(
    lambda key: key not in SPEC_ARRAY_MEMBERS and key != "consolidated_metadata"
)

attributes = st.dictionaries(short_text, user_json, max_size=4)
"""User attributes, which may hold NaN and the infinities."""


@st.composite
def extra_members(draw: st.DrawFn) -> dict[str, Any]:
    """Members the spec does not define, which nothing in scope claims: some say `"must_understand": false`."""
    keys = draw(st.lists(extra_member_keys, max_size=2, unique=True))
    return {
        key: draw(
            st.one_of(
                user_json,
                st.builds(lambda value: {"must_understand": False, "value": value}, user_json),
            )
        )
        for key in keys
    }


@st.composite
def shuffled(draw: st.DrawFn, document: dict[str, Any]) -> dict[str, Any]:
    """`document` with its members in a random order."""
    keys = draw(st.permutations(list(document)))
    return {key: document[key] for key in keys}


@st.composite
def array_documents(draw: st.DrawFn) -> dict[str, Any]:
    """A valid v3 array document, built from valid parts, its members in a random order."""
    shape = draw(st.lists(st.integers(min_value=0, max_value=40), max_size=3))
    data_type = draw(data_types())
    grid, lengths = draw(chunk_grids(shape))
    document: dict[str, Any] = {
        "zarr_format": 3,
        "node_type": "array",
        "shape": shape,
        "data_type": data_type.field,
        "chunk_grid": grid,
        "chunk_key_encoding": draw(chunk_key_encodings),
        "fill_value": data_type.fill_value,
        "codecs": draw(pipelines(lengths, data_type)),
    }
    if draw(st.booleans()):
        document["attributes"] = draw(attributes)
    if draw(st.booleans()):
        document["dimension_names"] = draw(
            st.lists(st.none() | short_text, min_size=len(shape), max_size=len(shape))
        )
    if draw(st.integers(0, 3)) == 0:
        document["storage_transformers"] = draw(
            st.lists(
                st.builds(
                    lambda value: {"name": "acme.transform", "configuration": {"value": value}},
                    finite_json,
                ),
                max_size=2,
            )
        )
    document.update(draw(extra_members()))
    return draw(shuffled(document))


@st.composite
def group_documents(draw: st.DrawFn) -> dict[str, Any]:
    """A valid v3 group document without consolidated metadata, its members in a random order."""
    document: dict[str, Any] = {"zarr_format": 3, "node_type": "group"}
    if draw(st.booleans()):
        document["attributes"] = draw(attributes)
    document.update(draw(extra_members()))
    return draw(shuffled(document))


node_names = st.text(
    alphabet=string.ascii_lowercase + string.digits + "_-.", min_size=1, max_size=4
).filter(lambda name: name.strip(".") != "" and not name.startswith("__"))


@st.composite
def hierarchies(draw: st.DrawFn, depth: int = 0) -> dict[str, dict[str, Any]]:
    """The documents below a group, by relative path: a tree, where only groups hold children."""
    documents: dict[str, dict[str, Any]] = {}
    names = draw(st.lists(node_names, max_size=3 if depth == 0 else 2, unique=True))
    for name in names:
        if depth < 2 and draw(st.booleans()):
            documents[name] = draw(group_documents())
            for path, document in draw(hierarchies(depth + 1)).items():
                documents[f"{name}/{path}"] = document
        else:
            documents[name] = draw(array_documents())
    return documents


@st.composite
def consolidated_members(draw: st.DrawFn) -> dict[str, Any]:
    """A valid `consolidated_metadata` member: the documents of a tree below a group, listed in a random order."""
    documents = draw(shuffled(draw(hierarchies())))
    return draw(shuffled(consolidated_member(documents)))


@st.composite
def consolidated_group_documents(draw: st.DrawFn) -> dict[str, Any]:
    """A valid v3 group document, with consolidated metadata."""
    document = draw(group_documents())
    document["consolidated_metadata"] = draw(consolidated_members())
    return draw(shuffled(document))


# Respellings: the same document written another way.


CLAIMED_EMPTY_NAMES = frozenset(
    {
        "bool",
        *INTEGER_RANGES,
        *FLOAT_WIDTHS,
        "complex64",
        "complex128",
        "string",
        "bytes",
        "crc32c",
        "scale_offset",
    }
)
"""Names that `CORE_AND_EXTENSIONS` claims with nothing to configure (the bytes codec among them)."""


def _alternative_name(field: Any, draw: st.DrawFn) -> Any:
    """A claimed field with no configuration written as its bare name or as an object, with or without `"must_understand": true`.

    A field nothing claims is kept as written: its meaning is its JSON text.
    """
    if isinstance(field, str):
        name = field
    elif (
        isinstance(field, Mapping)
        and set(field) <= {"name", "configuration"}
        and not field.get("configuration")
    ):
        name = field["name"]
    else:
        return field
    if name not in CLAIMED_EMPTY_NAMES and not re.fullmatch(r"r[0-9]+", name):
        return field
    return draw(
        st.sampled_from(
            [
                name,
                {"name": name},
                {"name": name, "configuration": {}},
                {"name": name, "must_understand": True},
            ]
        )
    )


def _float_respelling(value: Any, width: int, draw: st.DrawFn) -> Any:
    """A float fill value written another way that means the same bits."""
    if isinstance(value, str) and not value.startswith("0x"):
        number = {"NaN": math.nan, "Infinity": math.inf, "-Infinity": -math.inf}[value]
        if math.isnan(number):
            # The canonical NaN, the one "NaN" denotes: a quiet NaN with no payload.
            return draw(
                st.sampled_from(
                    [value, {16: "0x7e00", 32: "0x7fc00000", 64: "0x7ff8000000000000"}[width]]
                )
            )
        return draw(st.sampled_from([value, hex_of_float(number, width)]))
    if isinstance(value, str):
        return draw(st.sampled_from([value, value.upper().replace("0X", "0x")]))
    if isinstance(value, int | float) and not isinstance(value, bool):
        return draw(st.sampled_from([value, float(value), hex_of_float(float(value), width)]))
    return value


def _codec_respelling(codec: Any, draw: st.DrawFn) -> Any:
    if not isinstance(codec, Mapping):
        return _alternative_name(codec, draw)
    name = codec.get("name")
    configuration = dict(codec.get("configuration", {}))
    if name == "zstd" and configuration.get("checksum", False) is False:
        configuration = {
            "level": configuration["level"],
            **draw(st.sampled_from([{}, {"checksum": False}])),
        }
    elif name == "blosc" and configuration["shuffle"] == "noshuffle":
        configuration.pop("typesize", None)
        configuration.update(draw(st.sampled_from([{}, {"typesize": 1}, {"typesize": 8}])))
    elif name == "sharding_indexed":
        configuration["codecs"] = [
            _codec_respelling(inner, draw) for inner in configuration["codecs"]
        ]
        configuration["index_codecs"] = [
            _codec_respelling(inner, draw) for inner in configuration["index_codecs"]
        ]
        if configuration.get("index_location", "end") == "end":
            configuration.pop("index_location", None)
            configuration.update(draw(st.sampled_from([{}, {"index_location": "end"}])))
    else:
        return _alternative_name(codec, draw)
    return {"name": name, "configuration": draw(shuffled(configuration))}


def _fill_respelling(data_type: Any, fill: Any, draw: st.DrawFn) -> Any:
    if isinstance(data_type, str) and data_type in FLOAT_WIDTHS:
        return _float_respelling(fill, FLOAT_WIDTHS[data_type], draw)
    if data_type in ("complex64", "complex128"):
        width = 32 if data_type == "complex64" else 64
        return [_float_respelling(part, width, draw) for part in fill]
    if isinstance(data_type, Mapping) and data_type.get("name") == "struct":
        fields = data_type["configuration"]["fields"]
        spelled = {
            field["name"]: _fill_respelling(field["data_type"], fill[field["name"]], draw)
            for field in fields
        }
        return draw(shuffled(spelled))
    if (
        isinstance(data_type, Mapping)
        and str(data_type.get("name")).startswith("numpy.")
        and fill in ("NaT", -(2**63))
    ):
        return draw(st.sampled_from(["NaT", -(2**63)]))
    return fill


def _data_type_respelling(data_type: Any, draw: st.DrawFn) -> Any:
    if isinstance(data_type, Mapping) and data_type.get("name") == "struct":
        fields = [
            {"name": field["name"], "data_type": _alternative_name(field["data_type"], draw)}
            for field in data_type["configuration"]["fields"]
        ]
        return {"name": "struct", "configuration": {"fields": fields}}
    if isinstance(data_type, Mapping) and str(data_type.get("name")).startswith("numpy."):
        configuration = dict(data_type["configuration"])
        if configuration["unit"] in ("us", "μs"):
            configuration["unit"] = draw(st.sampled_from(["us", "μs"]))
        return {"name": data_type["name"], "configuration": configuration}
    return _alternative_name(data_type, draw)


_ENCODING_DEFAULTS = {"default": "/", "v2": "."}


def _encoding_respelling(encoding: Any, draw: st.DrawFn) -> Any:
    name = encoding if isinstance(encoding, str) else encoding["name"]
    if name not in _ENCODING_DEFAULTS:
        return encoding
    separator = (
        _ENCODING_DEFAULTS[name]
        if isinstance(encoding, str)
        else encoding.get("configuration", {}).get("separator", _ENCODING_DEFAULTS[name])
    )
    if separator != _ENCODING_DEFAULTS[name]:
        return encoding
    return draw(
        st.sampled_from(
            [name, {"name": name}, {"name": name, "configuration": {"separator": separator}}]
        )
    )


def _shuffled_objects(value: Any, draw: st.DrawFn) -> Any:
    """`value` with the members of every object in a random order."""
    if isinstance(value, Mapping):
        return draw(shuffled({key: _shuffled_objects(item, draw) for key, item in value.items()}))
    if isinstance(value, list):
        return [_shuffled_objects(item, draw) for item in value]
    return value


@st.composite
def respellings(draw: st.DrawFn, document: dict[str, Any]) -> dict[str, Any]:
    """`document` written another way that means the same: other spellings of its fields and fill value, defaults written or dropped, members reordered."""
    spelled = dict(document)
    spelled["data_type"] = _data_type_respelling(document["data_type"], draw)
    spelled["fill_value"] = _fill_respelling(document["data_type"], document["fill_value"], draw)
    spelled["codecs"] = [_codec_respelling(codec, draw) for codec in document["codecs"]]
    spelled["chunk_key_encoding"] = _encoding_respelling(document["chunk_key_encoding"], draw)
    if "attributes" in spelled:
        spelled["attributes"] = _shuffled_objects(spelled["attributes"], draw)
        if not spelled["attributes"] and draw(st.booleans()):
            del spelled["attributes"]
    if spelled.get("storage_transformers") == [] and draw(st.booleans()):
        del spelled["storage_transformers"]
    return draw(shuffled(spelled))


# Mutations: a valid document with one part dropped, replaced or retyped.


def locations(value: object) -> Iterator[tuple[tuple[str | int, ...], object]]:
    """Every location below the root of a JSON document, with its value."""
    stack: list[tuple[tuple[str | int, ...], object]] = [((), value)]
    while stack:
        loc, item = stack.pop()
        if loc:
            yield loc, item
        if isinstance(item, Mapping):
            stack.extend(((*loc, key), child) for key, child in item.items())
        elif isinstance(item, list):
            stack.extend(((*loc, index), child) for index, child in enumerate(item))


def replaced(value: Any, loc: tuple[str | int, ...], change: Callable[[Any], Any] | None) -> Any:
    """A copy of `value` with the item at `loc` changed by `change`, or dropped when `change` is None."""
    if not loc:
        return value if change is None else change(value)
    step, rest = loc[0], loc[1:]
    if isinstance(value, Mapping):
        copy = dict(value)
        if not rest and change is None:
            del copy[step]
        else:
            copy[step] = replaced(copy[step], rest, change)
        return copy
    copy_list = list(value)
    if not rest and change is None:
        del copy_list[step]
    else:
        copy_list[step] = replaced(copy_list[step], rest, change)
    return copy_list


def retyped(value: Any) -> Any:
    """`value` as a JSON value of another type that says nearly the same: `[1]` for `1`, `"1"` for `1`, `{"0": x}` for `[x]`, ..."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return [value] if value % 2 or abs(value) > 10**100 else str(value)
    if isinstance(value, float):
        return math.nan if value == 0 else round(value) if math.isfinite(value) else str(value)
    if isinstance(value, str):
        return {"name": value} if value else None
    if isinstance(value, list):
        return {str(index): item for index, item in enumerate(value)}
    if isinstance(value, Mapping):
        return list(value.values())
    return False


@st.composite
def mutations(draw: st.DrawFn, document: dict[str, Any]) -> dict[str, Any]:
    """`document` with one to three of its parts, at any depth, dropped, replaced by any value, or retyped."""
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        found = list(locations(document))
        if not found:
            break
        loc, _ = draw(st.sampled_from(found))
        how = draw(st.sampled_from(["drop", "replace", "retype"]))
        if how == "drop":
            document = replaced(document, loc, None)
        elif how == "replace":
            new = draw(anything)
            document = replaced(document, loc, lambda _, new=new: new)
        else:
            document = replaced(document, loc, retyped)
    return document


def every_number_nan(value: Any) -> Any:
    """`value` with every number (not booleans) replaced by NaN."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float):
        return math.nan
    if isinstance(value, Mapping):
        return {key: every_number_nan(item) for key, item in value.items()}
    if isinstance(value, list):
        return [every_number_nan(item) for item in value]
    return value
