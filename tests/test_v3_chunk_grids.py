"""The regular and rectilinear chunk grids: configurations, shape rules, chunk lengths and canonical spellings."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from zarr_metadata._json import JSONValue, Loc, Problems
from zarr_metadata.definition import AcceptedField, ResolvedField, canonical_of, resolve
from zarr_metadata.v3._context import ZarrV3Context
from zarr_metadata.v3._field_kinds import ChunkGridDefinition
from zarr_metadata.v3.chunk_grid.rectilinear import (
    RECTILINEAR_CHUNK_GRID,
    RECTILINEAR_CHUNK_GRID_NAME,
    canonical_chunk_shapes,
    canonical_dim_spec,
)
from zarr_metadata.v3.chunk_grid.regular import REGULAR_CHUNK_GRID, REGULAR_CHUNK_GRID_NAME

SCOPE = ZarrV3Context(chunk_grids=[REGULAR_CHUNK_GRID, RECTILINEAR_CHUNK_GRID])
AT: Loc = ("chunk_grid",)


def read(json: object) -> tuple[ResolvedField[ChunkGridDefinition[Any]], Problems]:
    return resolve(json, ChunkGridDefinition, SCOPE, AT)


def kinds(problems: Problems) -> list[tuple[Loc, str]]:
    return [(problem.loc, problem.kind) for problem in problems]


def accepted(json: object) -> AcceptedField[ChunkGridDefinition[Any]]:
    field, problems = read(json)
    assert problems == ()
    assert isinstance(field, AcceptedField)
    return field


def shape_kinds(json: object, shape: tuple[int, ...]) -> list[tuple[Loc, str]]:
    field = accepted(json)
    found = field.definition.shape_rules(field.configuration, field.nested, shape)
    return kinds(tuple(found))


def lengths(json: object, shape: tuple[int, ...]) -> tuple[frozenset[int] | None, ...]:
    field = accepted(json)
    return field.definition.chunk_lengths(field.configuration, field.nested, shape)


def regular(*chunk_shape: int) -> dict[str, JSONValue]:
    return {"name": "regular", "configuration": {"chunk_shape": list(chunk_shape)}}


def rectilinear(*chunk_shapes: JSONValue) -> dict[str, JSONValue]:
    return {
        "name": "rectilinear",
        "configuration": {"kind": "inline", "chunk_shapes": list(chunk_shapes)},
    }


def test_names() -> None:
    assert REGULAR_CHUNK_GRID.name == REGULAR_CHUNK_GRID_NAME == "regular"
    assert RECTILINEAR_CHUNK_GRID.name == RECTILINEAR_CHUNK_GRID_NAME == "rectilinear"


@pytest.mark.parametrize("definition", [REGULAR_CHUNK_GRID, RECTILINEAR_CHUNK_GRID])
def test_definitions_pickle(definition: ChunkGridDefinition[Any]) -> None:
    assert pickle.loads(pickle.dumps(definition)) == definition


# Regular


def test_regular_accepted_and_canonical() -> None:
    json = regular(10, 20)
    field, problems = read(json)
    assert isinstance(field, AcceptedField)
    assert canonical_of(field, problems) == {
        "name": "regular",
        "configuration": {"chunk_shape": (10, 20)},
    }


@pytest.mark.parametrize(
    ("json", "expected"),
    [
        (regular(10, 0), [((*AT, "configuration", "chunk_shape", 1), "invalid_value")]),
        (regular(10, -1), [((*AT, "configuration", "chunk_shape", 1), "invalid_value")]),
        (
            {"name": "regular", "configuration": {"chunk_shape": [1.5]}},
            [((*AT, "configuration", "chunk_shape", 0), "invalid_type")],
        ),
        (
            {"name": "regular", "configuration": {}},
            [((*AT, "configuration", "chunk_shape"), "missing_key")],
        ),
        (
            {"name": "regular", "configuration": {"chunk_shape": [1], "x": 1}},
            [((*AT, "configuration", "x"), "unknown_key")],
        ),
        ("regular", [((*AT, "configuration"), "missing_key")]),
    ],
)
def test_regular_configuration_problems(json: object, expected: list[tuple[Loc, str]]) -> None:
    field, problems = read(json)
    assert kinds(problems) == expected
    assert canonical_of(field, problems) is None


def test_regular_shape_rules() -> None:
    assert shape_kinds(regular(10, 20), (100, 100)) == []
    # A chunk longer than its dimension, and a dimension of length 0, both fit.
    assert shape_kinds(regular(10, 20), (5, 0)) == []
    assert shape_kinds(regular(), ()) == []
    assert shape_kinds(regular(10, 20), (100,)) == [(("chunk_shape",), "invalid_value")]
    assert shape_kinds(regular(10), (100, 100)) == [(("chunk_shape",), "invalid_value")]


def test_regular_chunk_lengths() -> None:
    assert lengths(regular(10, 20), (100, 0)) == (frozenset({10}), frozenset({20}))
    assert lengths(regular(), ()) == ()


# Rectilinear


def test_rectilinear_accepted_and_canonical() -> None:
    json = rectilinear(4, [1, 2, [3, 2], 3, [5, 1]], [[2, 3]], [7])
    field, problems = read(json)
    assert isinstance(field, AcceptedField)
    assert canonical_of(field, problems) == {
        "name": "rectilinear",
        "configuration": {
            "kind": "inline",
            "chunk_shapes": (4, (1, 2, (3, 3), 5), ((2, 3),), (7,)),
        },
    }


@pytest.mark.parametrize(
    ("chunk_shapes", "expected"),
    [
        ([0], [((*AT, "configuration", "chunk_shapes", 0), "invalid_value")]),
        ([[4, 0]], [((*AT, "configuration", "chunk_shapes", 0, 1), "invalid_value")]),
        ([[[4, 0]]], [((*AT, "configuration", "chunk_shapes", 0, 0, 1), "invalid_value")]),
        ([[[0, 2]]], [((*AT, "configuration", "chunk_shapes", 0, 0, 0), "invalid_value")]),
        ([[[4, 2, 1]]], [((*AT, "configuration", "chunk_shapes", 0, 0), "invalid_value")]),
        (["4"], [((*AT, "configuration", "chunk_shapes", 0), "invalid_type")]),
    ],
)
def test_rectilinear_configuration_problems(
    chunk_shapes: list[JSONValue], expected: list[tuple[Loc, str]]
) -> None:
    field, problems = read(rectilinear(*chunk_shapes))
    assert kinds(problems) == expected
    assert canonical_of(field, problems) is None


def test_rectilinear_kind_is_inline() -> None:
    json = {"name": "rectilinear", "configuration": {"kind": "file", "chunk_shapes": [4]}}
    assert kinds(read(json)[1]) == [((*AT, "configuration", "kind"), "invalid_value")]
    json = {"name": "rectilinear", "configuration": {"chunk_shapes": [4]}}
    assert kinds(read(json)[1]) == [((*AT, "configuration", "kind"), "missing_key")]


@pytest.mark.parametrize(
    ("spec", "canonical"),
    [
        (5, 5),
        ((5,), (5,)),
        ((5, 5), ((5, 2),)),
        (((5, 1),), (5,)),
        (((5, 2), 5, (5, 3)), ((5, 6),)),
        ((1, 2, 2, 1), (1, (2, 2), 1)),
        ((), ()),
        # A list of equal lengths fixes the number of chunks, so it never becomes an integer.
        (((5, 4),), ((5, 4),)),
    ],
)
def test_canonical_dim_spec(spec: Any, canonical: Any) -> None:
    assert canonical_dim_spec(spec) == canonical
    assert canonical_dim_spec(canonical) == canonical


def test_canonical_chunk_shapes() -> None:
    assert canonical_chunk_shapes((3, (2, 2), ((1, 1), 4))) == (3, ((2, 2),), (1, 4))


def test_rectilinear_runs_are_never_expanded() -> None:
    huge = 10**15
    json = rectilinear([[1, huge], [3, huge]])
    assert canonical_of(*read(json)) == {
        "name": "rectilinear",
        "configuration": {"kind": "inline", "chunk_shapes": (((1, huge), (3, huge)),)},
    }
    assert shape_kinds(json, (4 * huge - 1,)) == []
    assert lengths(json, (4 * huge,)) == (frozenset({1, 3}),)


COVERAGE: list[tuple[list[JSONValue], tuple[int, ...], list[tuple[Loc, str]]]] = [
    ([4, [1, 2, 3]], (10, 6), []),  # an exact cover
    ([[4, 4]], (7,), []),  # the last chunk reaches past the end
    ([[[4, 2]]], (5,), []),
    ([[[4, 2]]], (9,), [(("chunk_shapes", 0), "invalid_value")]),  # short of the end
    # The README permits "overflowing L by multiple chunks" (its example lists
    # [4, 4, 4] for 6), and zarr-python 3.4.2 round-trips that example.
    ([[4, 4]], (4,), []),
    ([[[2, 3]]], (3,), []),
    ([[4, 4, 4]], (6,), []),
    ([[]], (0,), []),
    ([[5]], (0,), []),
    ([[5, 5]], (0,), []),
    ([[]], (1,), [(("chunk_shapes", 0), "invalid_value")]),
    ([4], (0,), []),
    ([4, [1]], (3, 5), [(("chunk_shapes", 1), "invalid_value")]),
    (
        [[1], [1]],
        (3, 5),
        [(("chunk_shapes", 0), "invalid_value"), (("chunk_shapes", 1), "invalid_value")],
    ),
    ([4, 4], (8,), [(("chunk_shapes",), "invalid_value")]),  # one entry per dimension
    ([4], (8, 8), [(("chunk_shapes",), "invalid_value")]),
]


@pytest.mark.parametrize(("chunk_shapes", "shape", "expected"), COVERAGE)
def test_rectilinear_shape_rules(
    chunk_shapes: list[JSONValue], shape: tuple[int, ...], expected: list[tuple[Loc, str]]
) -> None:
    assert shape_kinds(rectilinear(*chunk_shapes), shape) == expected


def test_rectilinear_chunk_lengths() -> None:
    json = rectilinear(4, [1, 2, [3, 2], 3], [[2, 3]], [])
    assert lengths(json, (10, 12, 6, 0)) == (
        frozenset({4}),
        frozenset({1, 2, 3}),
        frozenset({2}),
        frozenset(),
    )


def test_the_readme_example_of_the_rectilinear_grid_reads() -> None:
    # The zarr-extensions README's example, with its last axis overflowing the
    # dimension by two chunks ("Overflowing L by multiple chunks is permitted");
    # zarr-python 3.4.2 (with rectilinear chunks enabled) round-trips it.
    from zarr_metadata.model import read_array_metadata_v3

    document = {
        "zarr_format": 3,
        "node_type": "array",
        "shape": [6, 6, 6, 6, 6],
        "data_type": "uint8",
        "chunk_grid": rectilinear(4, [1, 2, 3], [[4, 2]], [[1, 3], 3], [4, 4, 4]),
        "chunk_key_encoding": {"name": "default"},
        "fill_value": 0,
        "codecs": [{"name": "bytes"}],
    }
    assert read_array_metadata_v3(document).problems == ()
