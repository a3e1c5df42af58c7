"""The v3 codecs: configurations, canonical spellings, and the chunk rules, transitions and pipelines each declares."""

from __future__ import annotations

import pickle
from collections.abc import Mapping
from typing import Any

import pytest

from zarr_metadata._frozen import FrozenObject
from zarr_metadata._json import JSONValue, Loc, Problems
from zarr_metadata.definition import (
    AcceptedField,
    EmptyConfiguration,
    RefusedField,
    ResolvedField,
    UnclaimedField,
    canonical_of,
    resolve,
)
from zarr_metadata.v3._context import ZarrV3Context
from zarr_metadata.v3._field_kinds import (
    Chunk,
    CodecDefinition,
    DataTypeDefinition,
    StorageClass,
    storage_of,
)
from zarr_metadata.v3.codec.blosc import BLOSC_CODEC
from zarr_metadata.v3.codec.bytes import BYTES_CODEC
from zarr_metadata.v3.codec.cast_value import CAST_VALUE_CODEC
from zarr_metadata.v3.codec.crc32c import CRC32C_CODEC
from zarr_metadata.v3.codec.gzip import GZIP_CODEC
from zarr_metadata.v3.codec.scale_offset import SCALE_OFFSET_CODEC
from zarr_metadata.v3.codec.sharding_indexed import SHARDING_INDEXED_CODEC
from zarr_metadata.v3.codec.transpose import TRANSPOSE_CODEC
from zarr_metadata.v3.codec.zstd import ZSTD_CODEC
from zarr_metadata.v3.data_type.int16 import INT16_DATA_TYPE
from zarr_metadata.v3.data_type.uint8 import UINT8_DATA_TYPE
from zarr_metadata.v3.data_type.uint16 import UINT16_DATA_TYPE
from zarr_metadata.v3.data_type.uint64 import UINT64_DATA_TYPE


def _variable_length(configuration: object, nested: object) -> StorageClass:
    return "variable_length"


VLEN_DATA_TYPE = DataTypeDefinition(
    name="test.vlen", configuration=EmptyConfiguration, storage=_variable_length
)
"""A data type whose values vary in size, as a string's do."""

ACME_CODEC = CodecDefinition(
    name="acme.codec", configuration=EmptyConfiguration, kind="bytes_bytes", size="dynamic"
)

CODECS = (
    BLOSC_CODEC,
    BYTES_CODEC,
    CAST_VALUE_CODEC,
    CRC32C_CODEC,
    GZIP_CODEC,
    SCALE_OFFSET_CODEC,
    SHARDING_INDEXED_CODEC,
    TRANSPOSE_CODEC,
    ZSTD_CODEC,
)
SCOPE = ZarrV3Context(
    data_types=[
        INT16_DATA_TYPE,
        UINT8_DATA_TYPE,
        UINT16_DATA_TYPE,
        UINT64_DATA_TYPE,
        VLEN_DATA_TYPE,
    ],
    codecs=CODECS,
)
AT: Loc = ("codecs", 0)
CONFIGURATION: Loc = (*AT, "configuration")


def read(
    json: object, scope: ZarrV3Context = SCOPE
) -> tuple[ResolvedField[CodecDefinition[Any]], Problems]:
    return resolve(json, CodecDefinition, scope, AT)


def kinds(problems: Problems) -> list[tuple[Loc, str]]:
    return [(problem.loc, problem.kind) for problem in problems]


def accepted(json: object) -> AcceptedField[CodecDefinition[Any]]:
    field, problems = read(json)
    assert problems == ()
    assert isinstance(field, AcceptedField)
    return field


def data_type(name: str) -> ResolvedField[DataTypeDefinition[Any]]:
    field, problems = resolve(name, DataTypeDefinition, SCOPE, ("data_type",))
    assert problems == ()
    return field


def chunk(*lengths: int | set[int] | None, dtype: str | None = None) -> Chunk:
    return Chunk(
        lengths=tuple(
            None if axis is None else frozenset({axis} if isinstance(axis, int) else axis)
            for axis in lengths
        ),
        data_type=None if dtype is None else data_type(dtype),
    )


def chunk_kinds(json: object, incoming: Chunk) -> list[tuple[Loc, str]]:
    field = accepted(json)
    return kinds(tuple(field.definition.chunk_rules(field.configuration, field.nested, incoming)))


def transition(json: object, incoming: Chunk) -> Chunk:
    field = accepted(json)
    return field.definition.transition(field.configuration, field.nested, incoming)


def pipelines(json: object, incoming: Chunk) -> Mapping[str, Chunk]:
    field = accepted(json)
    return field.definition.pipelines(field.configuration, field.nested, incoming)


def shard(**configuration: JSONValue) -> dict[str, JSONValue]:
    members: dict[str, JSONValue] = {
        "chunk_shape": [16, 16],
        "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}],
        "index_codecs": [{"name": "bytes", "configuration": {"endian": "little"}}, "crc32c"],
    }
    members.update(configuration)
    return {"name": "sharding_indexed", "configuration": members}


@pytest.mark.parametrize("definition", [*CODECS, ACME_CODEC, VLEN_DATA_TYPE])
def test_definitions_pickle(definition: object) -> None:
    assert pickle.loads(pickle.dumps(definition)) == definition


@pytest.mark.parametrize(
    ("definition", "kind", "size"),
    [
        (BLOSC_CODEC, "bytes_bytes", "dynamic"),
        (BYTES_CODEC, "array_bytes", "static"),
        (CAST_VALUE_CODEC, "array_array", "static"),
        (CRC32C_CODEC, "bytes_bytes", "static"),
        (GZIP_CODEC, "bytes_bytes", "dynamic"),
        (SCALE_OFFSET_CODEC, "array_array", "static"),
        (SHARDING_INDEXED_CODEC, "array_bytes", "dynamic"),
        (TRANSPOSE_CODEC, "array_array", "static"),
        (ZSTD_CODEC, "bytes_bytes", "dynamic"),
    ],
)
def test_kind_and_size(definition: CodecDefinition[Any], kind: str, size: str) -> None:
    assert (definition.kind, definition.size) == (kind, size)


# Configurations and canonical spellings

BLOSC: dict[str, JSONValue] = {
    "cname": "zstd",
    "clevel": 5,
    "shuffle": "shuffle",
    "typesize": 2,
    "blocksize": 0,
}
NOSHUFFLE: dict[str, JSONValue] = {
    "cname": "lz4",
    "clevel": 1,
    "shuffle": "noshuffle",
    "blocksize": 0,
}


@pytest.mark.parametrize(
    ("json", "canonical"),
    [
        ("bytes", "bytes"),
        ({"name": "bytes", "configuration": {}}, "bytes"),
        (
            {"name": "bytes", "configuration": {"endian": "big"}},
            {"name": "bytes", "configuration": {"endian": "big"}},
        ),
        ("crc32c", "crc32c"),
        ({"name": "crc32c", "configuration": {}}, "crc32c"),
        (
            {"name": "gzip", "configuration": {"level": 0}},
            {"name": "gzip", "configuration": {"level": 0}},
        ),
        (
            {"name": "zstd", "configuration": {"level": -131072, "checksum": False}},
            {"name": "zstd", "configuration": {"level": -131072}},
        ),
        (
            {"name": "zstd", "configuration": {"level": 22, "checksum": True}},
            {"name": "zstd", "configuration": {"level": 22, "checksum": True}},
        ),
        ({"name": "blosc", "configuration": BLOSC}, {"name": "blosc", "configuration": BLOSC}),
        (
            {"name": "blosc", "configuration": NOSHUFFLE},
            {"name": "blosc", "configuration": NOSHUFFLE},
        ),
        # Without a shuffle the typesize has no effect, so it is dropped.
        (
            {"name": "blosc", "configuration": {**NOSHUFFLE, "typesize": 4}},
            {"name": "blosc", "configuration": NOSHUFFLE},
        ),
        (
            {"name": "transpose", "configuration": {"order": [1, 0, 2]}},
            {"name": "transpose", "configuration": {"order": (1, 0, 2)}},
        ),
        (
            {"name": "transpose", "configuration": {"order": []}},
            {"name": "transpose", "configuration": {"order": ()}},
        ),
        ("scale_offset", "scale_offset"),
        (
            {"name": "scale_offset", "configuration": {"offset": 1, "scale": 0.5}},
            {"name": "scale_offset", "configuration": {"offset": 1, "scale": 0.5}},
        ),
        (
            {
                "name": "cast_value",
                "configuration": {
                    "data_type": {"name": "uint8"},
                    "rounding": "towards-zero",
                    "out_of_range": "clamp",
                    "scalar_map": {"encode": [["NaN", 0]], "decode": []},
                },
            },
            {
                "name": "cast_value",
                "configuration": {
                    "data_type": "uint8",
                    "rounding": "towards-zero",
                    "out_of_range": "clamp",
                    "scalar_map": {"encode": (("NaN", 0),), "decode": ()},
                },
            },
        ),
    ],
)
def test_accepted_and_canonical(json: JSONValue, canonical: JSONValue) -> None:
    field, problems = read(json)
    assert problems == ()
    assert isinstance(field, AcceptedField)
    assert canonical_of(field, problems) == canonical


def test_sharding_canonical_drops_the_default_location_and_spells_nested_codecs() -> None:
    json = shard(
        codecs=[
            {"name": "bytes", "configuration": {}},
            {"name": "zstd", "configuration": {"level": 3, "checksum": False}},
        ],
        index_codecs=[{"name": "bytes", "configuration": {"endian": "little"}}, {"name": "crc32c"}],
        index_location="end",
    )
    field, problems = read(json)
    assert problems == ()
    assert canonical_of(field, problems) == {
        "name": "sharding_indexed",
        "configuration": {
            "chunk_shape": (16, 16),
            "codecs": ("bytes", {"name": "zstd", "configuration": {"level": 3}}),
            "index_codecs": ({"name": "bytes", "configuration": {"endian": "little"}}, "crc32c"),
        },
    }
    start = canonical_of(*read(shard(index_location="start")))
    assert isinstance(start, Mapping)
    assert start["configuration"]["index_location"] == "start"  # type: ignore[index]


@pytest.mark.parametrize(
    ("json", "expected"),
    [
        (
            {"name": "bytes", "configuration": {"endian": "middle"}},
            [((*CONFIGURATION, "endian"), "invalid_value")],
        ),
        (
            {"name": "bytes", "configuration": {"order": "C"}},
            [((*CONFIGURATION, "order"), "unknown_key")],
        ),
        ({"name": "crc32c", "configuration": {"x": 1}}, [((*CONFIGURATION, "x"), "unknown_key")]),
        ("gzip", [(CONFIGURATION, "missing_key")]),
        (
            {"name": "gzip", "configuration": {"level": 10}},
            [((*CONFIGURATION, "level"), "invalid_value")],
        ),
        (
            {"name": "gzip", "configuration": {"level": -1}},
            [((*CONFIGURATION, "level"), "invalid_value")],
        ),
        (
            {"name": "gzip", "configuration": {"level": 1.0}},
            [((*CONFIGURATION, "level"), "invalid_type")],
        ),
        ({"name": "gzip", "configuration": {}}, [((*CONFIGURATION, "level"), "missing_key")]),
        (
            {"name": "zstd", "configuration": {"level": 23}},
            [((*CONFIGURATION, "level"), "invalid_value")],
        ),
        (
            {"name": "zstd", "configuration": {"level": -131073}},
            [((*CONFIGURATION, "level"), "invalid_value")],
        ),
        (
            {"name": "zstd", "configuration": {"level": 1, "checksum": 0}},
            [((*CONFIGURATION, "checksum"), "invalid_type")],
        ),
        (
            {"name": "blosc", "configuration": {**BLOSC, "clevel": 10}},
            [((*CONFIGURATION, "clevel"), "invalid_value")],
        ),
        (
            {"name": "blosc", "configuration": {**BLOSC, "cname": "lzma"}},
            [((*CONFIGURATION, "cname"), "invalid_value")],
        ),
        (
            {"name": "blosc", "configuration": {**BLOSC, "shuffle": "byteshuffle"}},
            [((*CONFIGURATION, "shuffle"), "invalid_value")],
        ),
        (
            {"name": "blosc", "configuration": {**BLOSC, "blocksize": -1}},
            [((*CONFIGURATION, "blocksize"), "invalid_value")],
        ),
        (
            {"name": "blosc", "configuration": NOSHUFFLE | {"shuffle": "bitshuffle"}},
            [((*CONFIGURATION, "typesize"), "missing_key")],
        ),
        (
            {"name": "blosc", "configuration": {**BLOSC, "typesize": 0}},
            [((*CONFIGURATION, "typesize"), "invalid_value")],
        ),
        (
            {"name": "blosc", "configuration": {**NOSHUFFLE, "typesize": 0}},
            [((*CONFIGURATION, "typesize"), "invalid_value")],
        ),
        (
            {"name": "transpose", "configuration": {"order": [0, 0]}},
            [((*CONFIGURATION, "order"), "invalid_value")],
        ),
        (
            {"name": "transpose", "configuration": {"order": [1, 2]}},
            [((*CONFIGURATION, "order"), "invalid_value")],
        ),
        (
            {"name": "transpose", "configuration": {"order": [-1, 0]}},
            [((*CONFIGURATION, "order"), "invalid_value")],
        ),
        (
            {"name": "transpose", "configuration": {"order": "F"}},
            [((*CONFIGURATION, "order"), "invalid_type")],
        ),
        (
            {"name": "scale_offset", "configuration": {"factor": 2}},
            [((*CONFIGURATION, "factor"), "unknown_key")],
        ),
        (
            {"name": "cast_value", "configuration": {"data_type": "uint8", "rounding": "up"}},
            [((*CONFIGURATION, "rounding"), "invalid_value")],
        ),
        (
            {
                "name": "cast_value",
                "configuration": {"data_type": "uint8", "out_of_range": "error"},
            },
            [((*CONFIGURATION, "out_of_range"), "invalid_value")],
        ),
        (
            {
                "name": "cast_value",
                "configuration": {"data_type": "uint8", "scalar_map": {"encode": [[1]]}},
            },
            [((*CONFIGURATION, "scalar_map", "encode", 0), "invalid_value")],
        ),
        (
            {"name": "cast_value", "configuration": {"data_type": 8}},
            [((*CONFIGURATION, "data_type"), "invalid_type")],
        ),
        (
            {"name": "cast_value", "configuration": {"data_type": "Uint8"}},
            [((*CONFIGURATION, "data_type"), "invalid_value")],
        ),
        (
            {"name": "cast_value", "configuration": {}},
            [((*CONFIGURATION, "data_type"), "missing_key")],
        ),
        (shard(chunk_shape=[16, 0]), [((*CONFIGURATION, "chunk_shape", 1), "invalid_value")]),
        (shard(index_location="middle"), [((*CONFIGURATION, "index_location"), "invalid_value")]),
        (
            {
                "name": "sharding_indexed",
                "configuration": {"chunk_shape": [1], "codecs": ["bytes"]},
            },
            [((*CONFIGURATION, "index_codecs"), "missing_key")],
        ),
        # A nested codec's problem is located where it sits.
        (
            shard(codecs=["bytes", {"name": "gzip", "configuration": {"level": 99}}]),
            [((*CONFIGURATION, "codecs", 1, "configuration", "level"), "invalid_value")],
        ),
        # The index is located from a size known before reading it: no dynamic codec.
        (
            shard(index_codecs=["bytes", {"name": "gzip", "configuration": {"level": 1}}]),
            [((*CONFIGURATION, "index_codecs", 1), "invalid_value")],
        ),
        (
            shard(index_codecs=[{"name": "zstd", "configuration": {"level": 1}}, "crc32c"]),
            [((*CONFIGURATION, "index_codecs", 0), "invalid_value")],
        ),
    ],
)
def test_configuration_problems(json: JSONValue, expected: list[tuple[Loc, str]]) -> None:
    field, problems = read(json)
    assert kinds(problems) == expected
    assert canonical_of(field, problems) is None


def test_a_nested_codec_problem_leaves_the_shard_accepted() -> None:
    field, problems = read(
        shard(codecs=["bytes", {"name": "gzip", "configuration": {"level": 99}}])
    )
    assert isinstance(field, AcceptedField)
    assert isinstance(field.nested[("codecs", 1)], RefusedField)
    assert len(problems) == 1


def test_an_unclaimed_codec_in_index_codecs_is_not_judged() -> None:
    field, problems = read(shard(index_codecs=["bytes", "acme.codec"]))
    assert problems == ()
    assert isinstance(field, AcceptedField)
    assert isinstance(field.nested[("index_codecs", 1)], UnclaimedField)


def test_nested_sharding_is_read_with_nested_locations() -> None:
    inner = shard(
        chunk_shape=[4, 4], codecs=["bytes", {"name": "gzip", "configuration": {"level": 10}}]
    )
    outer = shard(codecs=[{"name": "transpose", "configuration": {"order": [1, 0]}}, inner])
    field, problems = read(outer)
    inner_at = (*CONFIGURATION, "codecs", 1, "configuration")
    assert kinds(problems) == [
        ((*inner_at, "codecs", 1, "configuration", "level"), "invalid_value")
    ]
    assert isinstance(field, AcceptedField)
    inner_field = field.nested[("codecs", 1)]
    assert isinstance(inner_field, AcceptedField)
    assert inner_field.definition is SHARDING_INDEXED_CODEC
    assert set(inner_field.nested) == {
        ("codecs", 0),
        ("codecs", 1),
        ("index_codecs", 0),
        ("index_codecs", 1),
    }
    assert isinstance(inner_field.nested[("codecs", 1)], RefusedField)

    dynamic_index = shard(
        chunk_shape=[4, 4], index_codecs=[{"name": "blosc", "configuration": BLOSC}]
    )
    field, problems = read(shard(codecs=[dynamic_index]))
    assert kinds(problems) == [
        ((*CONFIGURATION, "codecs", 0, "configuration", "index_codecs", 0), "invalid_value")
    ]


def test_a_custom_codec_is_claimed_once_added_to_a_scope() -> None:
    field, problems = read("acme.codec")
    assert problems == ()
    assert isinstance(field, UnclaimedField)
    scope = SCOPE.update(codecs=[*SCOPE.codecs.values(), ACME_CODEC])
    field, problems = read("acme.codec", scope)
    assert problems == ()
    assert isinstance(field, AcceptedField)
    assert field.definition is ACME_CODEC
    assert canonical_of(field, problems) == "acme.codec"
    assert kinds(read({"name": "acme.codec", "configuration": {"x": 1}}, scope)[1]) == [
        ((*CONFIGURATION, "x"), "unknown_key")
    ]


# Chunk rules, transitions and pipelines


def test_bytes_chunk_rules() -> None:
    bare, little = "bytes", {"name": "bytes", "configuration": {"endian": "little"}}
    assert chunk_kinds(bare, chunk(4, dtype="int16")) == [(("endian",), "missing_key")]
    assert chunk_kinds(bare, chunk(4, dtype="uint16")) == [(("endian",), "missing_key")]
    assert chunk_kinds(little, chunk(4, dtype="int16")) == []
    assert chunk_kinds(bare, chunk(4, dtype="uint8")) == []
    assert chunk_kinds(bare, chunk(4, dtype="test.vlen")) == [((), "invalid_value")]
    assert chunk_kinds(little, chunk(4, dtype="test.vlen")) == [((), "invalid_value")]
    # Nothing known, nothing wrong: no data type, or one nothing claims.
    assert chunk_kinds(bare, Chunk()) == []
    assert chunk_kinds(bare, chunk(4, dtype="acme.float")) == []


def test_bytes_chunk_rules_messages() -> None:
    field = accepted("bytes")
    (missing,) = field.definition.chunk_rules(
        field.configuration, field.nested, chunk(4, dtype="int16")
    )
    assert "int16" in missing.message
    (refused,) = field.definition.chunk_rules(
        field.configuration, field.nested, chunk(4, dtype="test.vlen")
    )
    assert "vary in size" in refused.message


def test_transpose_chunk_rules() -> None:
    json = {"name": "transpose", "configuration": {"order": [1, 0]}}
    assert chunk_kinds(json, chunk(2, 3)) == []
    assert chunk_kinds(json, chunk(2, 3, 4)) == [(("order",), "invalid_value")]
    assert chunk_kinds(json, chunk(2)) == [(("order",), "invalid_value")]
    assert chunk_kinds(json, Chunk()) == []


def test_transpose_transition() -> None:
    json = {"name": "transpose", "configuration": {"order": [2, 0, 1]}}
    incoming = chunk(2, {3, 5}, None, dtype="int16")
    assert transition(json, incoming) == Chunk(
        lengths=(None, frozenset({2}), frozenset({3, 5})), data_type=incoming.data_type
    )
    # An order that does not fit the chunk leaves the lengths unknown, not the data type.
    mismatched = chunk(2, 3, dtype="int16")
    assert transition(json, mismatched) == Chunk(lengths=None, data_type=mismatched.data_type)
    assert transition(json, Chunk()) == Chunk()


def test_cast_value_transition_changes_the_data_type() -> None:
    json = {"name": "cast_value", "configuration": {"data_type": "uint8"}}
    field = accepted(json)
    nested = field.nested[("data_type",)]
    assert isinstance(nested, AcceptedField)
    assert nested.definition is UINT8_DATA_TYPE
    after = transition(json, chunk(4, 5, dtype="int16"))
    assert after.lengths == (frozenset({4}), frozenset({5}))
    assert after.data_type == nested
    assert after.data_type is not None
    assert storage_of(after.data_type) == "single_byte"
    # A data type nothing claims is passed on as the scope read it.
    unknown = transition(
        {"name": "cast_value", "configuration": {"data_type": "acme.float"}}, Chunk()
    )
    assert isinstance(unknown.data_type, UnclaimedField)
    assert unknown.lengths is None


def test_scale_offset_transition_keeps_the_chunk() -> None:
    incoming = chunk(4, {1, 2}, dtype="int16")
    assert transition("scale_offset", incoming) == incoming


@pytest.mark.parametrize(
    ("incoming", "expected"),
    [
        (chunk(32, 64), []),
        (chunk(16, 16), []),
        (chunk(32, 30), [(("chunk_shape", 1), "invalid_value")]),
        (
            chunk(8, 30),
            [(("chunk_shape", 0), "invalid_value"), (("chunk_shape", 1), "invalid_value")],
        ),
        # Shards of a rectilinear grid: every length along an axis must be divisible.
        (chunk({32, 16}, {48, 64}), []),
        (chunk({32, 24}, 16), [(("chunk_shape", 0), "invalid_value")]),
        (chunk(None, 16), []),
        (chunk(32), [(("chunk_shape",), "invalid_value")]),
        (chunk(32, 32, 32), [(("chunk_shape",), "invalid_value")]),
        (Chunk(), []),
    ],
)
def test_sharding_chunk_rules(incoming: Chunk, expected: list[tuple[Loc, str]]) -> None:
    assert chunk_kinds(shard(), incoming) == expected


def test_sharding_pipelines() -> None:
    incoming = chunk(32, {64, 48}, dtype="int16")
    found = pipelines(shard(), incoming)
    assert set(found) == {"codecs", "index_codecs"}
    assert found["codecs"] == Chunk(
        lengths=(frozenset({16}), frozenset({16})), data_type=incoming.data_type
    )
    index = found["index_codecs"]
    assert index.lengths == (frozenset({2}), frozenset({4, 3}), frozenset({2}))
    assert isinstance(index.data_type, AcceptedField)
    assert index.data_type.definition is UINT64_DATA_TYPE
    assert index.data_type.name == index.data_type.json == "uint64"
    assert index.data_type.configuration == FrozenObject()
    assert storage_of(index.data_type) == "multi_byte"
    # So the index's bytes codec needs an endian.
    assert chunk_kinds("bytes", index) == [(("endian",), "missing_key")]


@pytest.mark.parametrize(
    ("incoming", "index_lengths"),
    [
        (chunk(32, 30), (frozenset({2}), None, frozenset({2}))),
        (chunk(None, 32), (None, frozenset({2}), frozenset({2}))),
        (Chunk(), (None, None, frozenset({2}))),
    ],
)
def test_sharding_index_with_unknown_or_undivided_shards(
    incoming: Chunk, index_lengths: tuple[frozenset[int] | None, ...]
) -> None:
    found = pipelines(shard(), incoming)
    assert found["index_codecs"].lengths == index_lengths
    # The inner chunks are the configured ones whatever the lengths of the shard.
    assert found["codecs"].lengths == (frozenset({16}), frozenset({16}))
    assert found["codecs"].data_type is incoming.data_type


def test_a_shard_of_another_rank_hands_its_inner_codecs_chunks_of_unknown_shape() -> None:
    """The rank mismatch is the shard's one problem; its inner codecs are not judged against a shape it cannot hold."""
    incoming = chunk(32)
    found = pipelines(shard(), incoming)
    assert found["index_codecs"].lengths == (None, None, frozenset({2}))
    assert found["codecs"].lengths is None
    assert found["codecs"].data_type is incoming.data_type


def test_a_shard_of_variable_length_values_hands_them_to_its_inner_codecs() -> None:
    found = pipelines(shard(), chunk(32, 32, dtype="test.vlen"))
    assert chunk_kinds("bytes", found["codecs"]) == [((), "invalid_value")]
