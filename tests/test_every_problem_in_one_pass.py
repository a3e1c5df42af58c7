"""Every problem in one pass, inside a field too: an undeclared member, a problem in a field's envelope or in one member never hides the problems the rest of the field has."""

from __future__ import annotations

import math
from typing import Any

import pytest

from zarr_metadata.model import read_array_metadata_v2, read_array_metadata_v3

Found = list[tuple[tuple[str | int, ...], str]]


def found(problems: Any) -> Found:
    return [(problem.loc, problem.kind) for problem in problems]


def v3(**members: Any) -> dict[str, Any]:
    document: dict[str, Any] = {
        "zarr_format": 3,
        "node_type": "array",
        "shape": [4],
        "data_type": "int32",
        "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [2]}},
        "chunk_key_encoding": {"name": "default"},
        "fill_value": 0,
        "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}],
    }
    return {**document, **members}


def v2(**members: Any) -> dict[str, Any]:
    document: dict[str, Any] = {
        "zarr_format": 2,
        "shape": [4],
        "chunks": [2],
        "dtype": "<i4",
        "compressor": None,
        "filters": None,
        "fill_value": 0,
        "order": "C",
    }
    return {**document, **members}


def shard(configuration: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"name": "sharding_indexed", "configuration": configuration}]


# A codec's rules, and the checks against its input, run beside an undeclared member.


def test_bytes_with_a_misspelled_endian_is_both_problems() -> None:
    reading = read_array_metadata_v3(
        v3(codecs=[{"name": "bytes", "configuration": {"endain": "little"}}])
    )
    assert found(reading.problems) == [
        (("codecs", 0, "configuration", "endain"), "unknown_key"),
        (("codecs", 0, "configuration", "endian"), "missing_key"),
    ]


def test_a_codec_refused_in_its_envelope_is_still_judged_against_its_input() -> None:
    reading = read_array_metadata_v3(v3(codecs=[{"name": "bytes", "must_understand": "yes"}]))
    assert found(reading.problems) == [
        (("codecs", 0, "must_understand"), "invalid_type"),
        (("codecs", 0, "configuration", "endian"), "missing_key"),
    ]


def test_transpose_with_an_undeclared_member_is_judged_against_the_chunk() -> None:
    codecs = [
        {"name": "transpose", "configuration": {"order": [0, 1], "x": 1}},
        {"name": "bytes", "configuration": {"endian": "little"}},
    ]
    assert found(read_array_metadata_v3(v3(codecs=codecs)).problems) == [
        (("codecs", 0, "configuration", "x"), "unknown_key"),
        (("codecs", 0, "configuration", "order"), "invalid_value"),
    ]


def test_a_member_with_a_problem_of_its_own_is_not_judged_again_as_absent() -> None:
    # lzma's filters are refused as written; its rules would call them missing.
    codec = {"id": "lzma", "format": 3, "filters": {"id": 33}}
    assert found(read_array_metadata_v2(v2(compressor=codec)).problems) == [
        (("compressor", "filters"), "invalid_type")
    ]


def test_a_v3_data_type_s_rules_run_beside_an_undeclared_member() -> None:
    data_type = {
        "name": "struct",
        "configuration": {"fields": [{"name": "a", "data_type": "int8"}] * 2, "x": 1},
    }
    reading = read_array_metadata_v3(
        v3(data_type=data_type, fill_value={"a": 0}, codecs=[{"name": "bytes"}])
    )
    assert found(reading.problems) == [
        (("data_type", "configuration", "x"), "unknown_key"),
        (("data_type", "configuration", "fields", 1, "name"), "invalid_value"),
    ]


def test_a_v2_codec_s_rules_run_beside_an_undeclared_member() -> None:
    reading = read_array_metadata_v2(v2(filters=[{"id": "delta", "dtype": "|b1", "x": 1}]))
    assert found(reading.problems) == [
        (("filters", 0, "x"), "unknown_key"),
        (("filters", 0, "dtype"), "invalid_value"),
    ]


# A shard's pipelines are read after a refused chunk_shape, handed Chunk().


@pytest.mark.parametrize(
    ("chunk_shape", "problem"),
    [
        ([0], (("chunk_shape", 0), "invalid_value")),
        ("x", (("chunk_shape",), "invalid_type")),
        (None, (("chunk_shape",), "missing_key")),
    ],
    ids=["zero", "not an array", "missing"],
)
def test_a_shard_s_codecs_are_read_after_a_refused_chunk_shape(
    chunk_shape: object, problem: tuple[tuple[str | int, ...], str]
) -> None:
    configuration: dict[str, Any] = {
        "codecs": [{"name": "gzip", "configuration": {"level": 99}}],
        "index_codecs": [{"name": "bytes", "configuration": {"endian": "little", "x": 1}}],
    }
    if chunk_shape is not None:
        configuration["chunk_shape"] = chunk_shape
    at = ("codecs", 0, "configuration")
    reading = read_array_metadata_v3(v3(codecs=shard(configuration)))
    assert found(reading.problems) == [
        ((*at, *problem[0]), problem[1]),
        ((*at, "codecs", 0, "configuration", "level"), "invalid_value"),
        ((*at, "index_codecs", 0, "configuration", "x"), "unknown_key"),
        # The inner pipeline is walked from Chunk(): its order is judged, nothing that needs the chunk.
        ((*at, "codecs"), "invalid_value"),
    ]


def test_a_shard_with_an_undeclared_member_is_judged_against_its_input_with_its_pipelines() -> None:
    configuration = {
        "chunk_shape": [2],
        "foo": 1,
        "codecs": [{"name": "bytes"}],
        "index_codecs": [{"name": "bytes"}],
    }
    at = ("codecs", 0, "configuration")
    assert found(read_array_metadata_v3(v3(codecs=shard(configuration))).problems) == [
        ((*at, "foo"), "unknown_key"),
        ((*at, "codecs", 0, "configuration", "endian"), "missing_key"),
        ((*at, "index_codecs", 0, "configuration", "endian"), "missing_key"),
    ]


# A bare non-finite fill value is reported whatever the data type's problems.


@pytest.mark.parametrize(
    "fill_value",
    [math.nan, math.inf, -math.inf, [math.nan, 0]],
    ids=["NaN", "Infinity", "-Infinity", "inside"],
)
@pytest.mark.parametrize(
    ("data_type", "problem"),
    [
        (
            {"name": "float32", "configuration": {"x": 1}},
            (("data_type", "configuration", "x"), "unknown_key"),
        ),
        (
            {"name": "float32", "must_understand": False},
            (("data_type", "must_understand"), "invalid_value"),
        ),
        (5, (("data_type",), "invalid_type")),
    ],
    ids=["undeclared member", "envelope", "not a field"],
)
def test_a_bare_non_finite_fill_value_is_reported_beside_a_refused_v3_data_type(
    data_type: object, problem: tuple[tuple[str | int, ...], str], fill_value: object
) -> None:
    # JSON has no NaN or Infinity; a fill value spells them as strings. A
    # float32 refused for its envelope or an undeclared member still judges
    # the fill value, which is then no float (a list): its shape is the problem.
    where: tuple[str | int, ...] = (
        ("fill_value",) if not isinstance(fill_value, list) else ("fill_value", 0)
    )
    if isinstance(fill_value, list) and isinstance(data_type, dict):
        assert found(
            read_array_metadata_v3(v3(data_type=data_type, fill_value=fill_value)).problems
        ) == [problem, (("fill_value",), "invalid_type")]
        return
    assert found(
        read_array_metadata_v3(v3(data_type=data_type, fill_value=fill_value)).problems
    ) == [problem, (where, "invalid_value")]


def test_a_bare_non_finite_fill_value_is_reported_beside_a_missing_or_refused_v2_dtype() -> None:
    assert found(read_array_metadata_v2(v2(dtype="<f9", fill_value=math.nan)).problems) == [
        (("dtype",), "invalid_value"),
        (("fill_value",), "invalid_value"),
    ]
    document = v2(fill_value=math.inf)
    del document["dtype"]
    assert found(read_array_metadata_v2(document).problems) == [
        (("dtype",), "missing_key"),
        (("fill_value",), "invalid_value"),
    ]


def test_a_grid_with_an_undeclared_member_is_still_judged_against_the_shape() -> None:
    grid = {"name": "regular", "configuration": {"chunk_shape": [2, 2], "x": 1}}
    assert found(read_array_metadata_v3(v3(chunk_grid=grid)).problems) == [
        (("chunk_grid", "configuration", "x"), "unknown_key"),
        (("chunk_grid", "configuration", "chunk_shape"), "invalid_value"),
    ]
    fine = {"name": "regular", "configuration": {"chunk_shape": [2], "x": 1}}
    assert found(read_array_metadata_v3(v3(chunk_grid=fine)).problems) == [
        (("chunk_grid", "configuration", "x"), "unknown_key")
    ]
