"""Tests of codecs read as a pipeline: their order, and the chunk each codec receives."""

from __future__ import annotations

from typing import Any

import pytest

from zarr_metadata._json import ValidationProblem
from zarr_metadata.definition import AcceptedField, EmptyConfiguration, UnclaimedField, resolve
from zarr_metadata.v3._pipeline import CodecAt, read_pipeline
from zarr_metadata.v3.definition import (
    CORE_AND_EXTENSIONS,
    Chunk,
    CodecDefinition,
    DataTypeDefinition,
    Stage,
)

SCOPE = CORE_AND_EXTENSIONS
LITTLE = {"name": "bytes", "configuration": {"endian": "little"}}
GZIP = {"name": "gzip", "configuration": {"level": 1}}
TRANSPOSE = {"name": "transpose", "configuration": {"order": [1, 0]}}


def data_type(name: str) -> Any:
    field, problems = resolve(name, DataTypeDefinition, SCOPE, ("data_type",))
    assert problems == ()
    return field


def chunk(*lengths: int | None, of: str = "int16") -> Chunk:
    return Chunk(
        tuple(None if length is None else frozenset({length}) for length in lengths), data_type(of)
    )


def codecs(*written: object) -> list[CodecAt]:
    read: list[CodecAt] = []
    for index, item in enumerate(written):
        field, problems = resolve(item, CodecDefinition, SCOPE, ("codecs", index))
        assert problems == (), problems
        read.append((("codecs", index), field))
    return read


def problems_of(
    *written: object, incoming: Chunk | None = None
) -> set[tuple[tuple[str | int, ...], str]]:
    found: list[ValidationProblem] = []
    read_pipeline(codecs(*written), incoming or chunk(10, 10), ("codecs",), found)
    return {(problem.loc, problem.kind) for problem in found}


def stages_of(*written: object, incoming: Chunk | None = None) -> tuple[Stage, ...]:
    return read_pipeline(codecs(*written), incoming or chunk(10, 10), ("codecs",), [])


# Order


def test_a_pipeline_in_order_has_no_problem() -> None:
    assert problems_of(TRANSPOSE, LITTLE, GZIP, "crc32c") == set()


def test_no_array_to_bytes_codec_is_a_problem_at_the_codecs() -> None:
    assert problems_of(GZIP) == {(("codecs",), "invalid_value")}
    assert problems_of() == {(("codecs",), "invalid_value")}


def test_an_array_to_bytes_codec_after_a_bytes_codec_is_a_problem_at_it() -> None:
    """The bytes -> bytes codec is where the walk has reached; the codec that comes too late is the one out of order."""
    assert problems_of(GZIP, LITTLE) == {(("codecs", 1), "invalid_value")}


def test_each_codec_behind_the_stage_reached_is_one_problem() -> None:
    assert problems_of(GZIP, LITTLE, TRANSPOSE) == {
        (("codecs", 1), "invalid_value"),
        (("codecs", 2), "invalid_value"),
    }


def test_an_array_codec_after_the_array_to_bytes_codec_is_a_problem_at_it() -> None:
    assert problems_of(LITTLE, TRANSPOSE) == {(("codecs", 1), "invalid_value")}


def test_a_second_array_to_bytes_codec_is_a_problem_at_it() -> None:
    assert problems_of(LITTLE, GZIP, LITTLE) == {(("codecs", 2), "invalid_value")}


@pytest.mark.parametrize(
    "written",
    [
        ("acme.unknown",),
        ("acme.unknown", GZIP),
        (TRANSPOSE, "acme.unknown", GZIP),
        ("acme.unknown", LITTLE, GZIP),
        (LITTLE, "acme.unknown", GZIP),
        (LITTLE, GZIP, "acme.unknown"),
    ],
)
def test_an_unclaimed_codec_anywhere_causes_no_order_problem(written: tuple[object, ...]) -> None:
    assert problems_of(*written) == set()


def test_after_an_unclaimed_codec_the_next_receives_nothing_known() -> None:
    stages = stages_of("acme.unknown", TRANSPOSE, LITTLE)
    assert isinstance(stages[0].codec, UnclaimedField)
    assert stages[0].incoming == chunk(10, 10)
    assert stages[1].incoming == Chunk()
    assert stages[2].incoming == Chunk()


def test_an_unclaimed_codec_after_the_array_to_bytes_codec_receives_bytes() -> None:
    stages = stages_of(LITTLE, "acme.unknown", GZIP)
    assert stages[1].incoming is None and stages[2].incoming is None


# The chunk each codec receives


def test_bytes_without_endian_for_a_multi_byte_type_is_a_missing_endian() -> None:
    assert problems_of("bytes") == {(("codecs", 0, "configuration", "endian"), "missing_key")}
    assert problems_of({"name": "bytes"}) == {
        (("codecs", 0, "configuration", "endian"), "missing_key")
    }


def test_bytes_without_endian_for_single_bytes_is_fine() -> None:
    assert problems_of("bytes", incoming=chunk(10, of="uint8")) == set()
    assert problems_of("bytes", incoming=chunk(10, of="r16")) == set()


def test_bytes_refuses_values_of_variable_length() -> None:
    assert problems_of(LITTLE, incoming=chunk(10, of="string")) == {
        (("codecs", 0, "configuration"), "invalid_value")
    }


def test_a_bare_bytes_refusing_variable_length_values_is_a_problem_at_the_codec() -> None:
    # The document writes no configuration to point into.
    assert problems_of("bytes", incoming=chunk(10, of="string")) == {
        (("codecs", 0), "invalid_value")
    }


def test_bytes_with_an_unknown_data_type_is_fine() -> None:
    assert problems_of("bytes", incoming=Chunk(lengths=(frozenset({4}),))) == set()


def test_transpose_with_the_wrong_number_of_axes_is_a_problem_in_its_order() -> None:
    found = problems_of(TRANSPOSE, LITTLE, incoming=chunk(10, 10, 10))
    assert found == {(("codecs", 0, "configuration", "order"), "invalid_value")}
    stages = stages_of(TRANSPOSE, LITTLE, incoming=chunk(10, 10, 10))
    assert stages[1].incoming is not None and stages[1].incoming.lengths is None


def test_transpose_permutes_the_axes_it_passes_on() -> None:
    stages = stages_of(TRANSPOSE, LITTLE, incoming=chunk(4, 6))
    assert stages[1].incoming == chunk(6, 4)


def shard(
    inner: list[int], inner_codecs: list[object], index_codecs: list[object]
) -> dict[str, object]:
    return {
        "name": "sharding_indexed",
        "configuration": {
            "chunk_shape": inner,
            "codecs": inner_codecs,
            "index_codecs": index_codecs,
        },
    }


def test_a_shard_whose_inner_chunks_do_not_divide_it_is_a_problem() -> None:
    found = problems_of(shard([3, 5], [LITTLE], [LITTLE, "crc32c"]), incoming=chunk(10, 10))
    assert {loc[:4] for loc, _ in found} == {("codecs", 0, "configuration", "chunk_shape")}
    assert {kind for _, kind in found} == {"invalid_value"}


def test_a_shard_with_the_wrong_number_of_axes_is_a_problem() -> None:
    found = problems_of(shard([5], [LITTLE], [LITTLE]), incoming=chunk(10, 10))
    assert found == {(("codecs", 0, "configuration", "chunk_shape"), "invalid_value")}


def test_a_shard_hands_inner_chunks_to_its_codecs_and_the_index_to_its_index_codecs() -> None:
    (stage,) = stages_of(shard([5, 2], [LITTLE, GZIP], [LITTLE, "crc32c"]), incoming=chunk(10, 10))
    inner, index = stage.inner["codecs"], stage.inner["index_codecs"]
    assert inner[0].incoming == chunk(5, 2)
    assert inner[1].incoming is None
    assert index[0].incoming is not None
    assert index[0].incoming.lengths == (frozenset({2}), frozenset({5}), frozenset({2}))
    assert isinstance(index[0].incoming.data_type, AcceptedField)
    assert index[0].incoming.data_type.name == "uint64"


def test_the_index_of_a_shard_needs_an_endian_too() -> None:
    found = problems_of(shard([5, 5], [LITTLE], ["bytes"]), incoming=chunk(10, 10))
    assert found == {
        (
            ("codecs", 0, "configuration", "index_codecs", 0, "configuration", "endian"),
            "missing_key",
        )
    }


def test_a_shard_with_no_array_to_bytes_codec_inside_is_a_problem_at_its_codecs() -> None:
    found = problems_of(shard([5, 5], [GZIP], [LITTLE]), incoming=chunk(10, 10))
    assert (("codecs", 0, "configuration", "codecs"), "invalid_value") in found


def test_a_dynamic_codec_in_the_index_codecs_is_refused_at_its_location() -> None:
    written = shard([5, 5], [LITTLE], [LITTLE, GZIP])
    _, problems = resolve(written, CodecDefinition, SCOPE, ("codecs", 0))
    assert {(problem.loc, problem.kind) for problem in problems} == {
        (("codecs", 0, "configuration", "index_codecs", 1), "invalid_value")
    }


def test_nested_shards_are_read_with_nested_locations() -> None:
    outer = shard([10, 10], [shard([5, 5], ["bytes"], [LITTLE])], [LITTLE])
    found = problems_of(outer, incoming=chunk(20, 20))
    assert found == {
        (
            (
                "codecs",
                0,
                "configuration",
                "codecs",
                0,
                "configuration",
                "codecs",
                0,
                "configuration",
                "endian",
            ),
            "missing_key",
        )
    }
    (stage,) = stages_of(outer, incoming=chunk(20, 20))
    (inner_shard,) = stage.inner["codecs"]
    assert inner_shard.incoming == chunk(10, 10)
    assert inner_shard.inner["codecs"][0].incoming == chunk(5, 5)


def test_a_codec_added_to_a_scope_takes_its_place_in_the_pipeline() -> None:
    scope = SCOPE.update(
        codecs=[
            *SCOPE.codecs.values(),
            CodecDefinition(
                name="acme.codec",
                configuration=EmptyConfiguration,
                kind="bytes_bytes",
                size="dynamic",
            ),
        ]
    )
    field, problems = resolve("acme.codec", CodecDefinition, scope, ("codecs", 0))
    assert isinstance(field, AcceptedField) and problems == ()
    little, _ = resolve(LITTLE, CodecDefinition, scope, ("codecs", 1))
    found: list[ValidationProblem] = []
    read_pipeline([(("codecs", 0), field), (("codecs", 1), little)], chunk(4), ("codecs",), found)
    assert [(problem.loc, problem.kind) for problem in found] == [(("codecs", 1), "invalid_value")]
