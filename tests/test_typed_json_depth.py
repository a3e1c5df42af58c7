"""The depth limit: arrays and objects may nest 256 levels; the first container past that is one problem, and nothing is read below it."""

import math
import time
from collections.abc import Callable, Mapping
from typing import Any, Literal, NotRequired

import pytest
from typing_extensions import TypeAliasType, TypedDict

from zarr_metadata.typed_json import JSONValue, Loc, UserJSONValue, check

MAX_DEPTH = 256

Nested = TypeAliasType("Nested", "int | tuple[Nested, ...] | Mapping[str, Nested]")
# Two members take arrays, so each level of an array goes through the union's best fit.
Branching = TypeAliasType(
    "Branching", "int | tuple[Branching, ...] | tuple[Literal['pair'], Branching]"
)

# A union whose member names another union: each level goes through both.
Chain = TypeAliasType("Chain", "Links | int")
Links = TypeAliasType("Links", "tuple[Chain, ...] | tuple[Literal['pair'], Chain]")

SHAPES: list[Any] = [JSONValue, UserJSONValue, Nested, Branching, Chain]
SHAPE_IDS = ["JSONValue", "UserJSONValue", "Nested", "Branching", "Chain"]


class Document(TypedDict):
    attributes: NotRequired[Mapping[str, UserJSONValue]]
    tree: NotRequired[Nested]


def in_lists(levels: int, leaf: object = 0) -> object:
    """`leaf` inside `levels` lists; the outermost list has depth 0."""
    value = leaf
    for _ in range(levels):
        value = [value]
    return value


def in_objects(levels: int, leaf: object = 0) -> object:
    """`leaf` inside `levels` objects, each holding the next as "a"."""
    value = leaf
    for _ in range(levels):
        value = {"a": value}
    return value


def in_both(levels: int, leaf: object = 0) -> object:
    """`leaf` inside `levels` containers, arrays and objects in turn from the outside in."""
    value = leaf
    for level in reversed(range(levels)):
        value = [value] if level % 2 == 0 else {"a": value}
    return value


def path_of(levels: int, nest: Callable[[int, object], object]) -> Loc:
    """The location, from the value root, of the container at depth `levels`."""
    if nest is in_lists:
        return (0,) * levels
    if nest is in_objects:
        return ("a",) * levels
    return tuple(0 if level % 2 == 0 else "a" for level in range(levels))


def refined_form(levels: int, nest: Callable[[int, object], object], leaf: object = 0) -> object:
    """What `check` refines `nest(levels, leaf)` to: tuples for lists."""
    value = leaf
    for level in reversed(range(levels)):
        as_array = nest is in_lists or (nest is in_both and level % 2 == 0)
        value = (value,) if as_array else {"a": value}
    return value


NESTS = [in_lists, in_objects, in_both]
NEST_IDS = ["arrays", "objects", "arrays_and_objects"]


def nests_for(shape: Any) -> list[Callable[[int, object], object]]:
    # Branching and Chain take no objects, so only arrays can nest in them.
    return [in_lists] if shape is Branching or shape is Chain else NESTS


def cases() -> list[Any]:
    return [
        pytest.param(shape, nest, id=f"{shape_id}-{nest_id}")
        for shape, shape_id in zip(SHAPES, SHAPE_IDS, strict=True)
        for nest, nest_id in zip(NESTS, NEST_IDS, strict=True)
        if nest in nests_for(shape)
    ]


@pytest.mark.parametrize(("shape", "nest"), cases())
def test_containers_at_depths_up_to_255_are_accepted(
    shape: Any, nest: Callable[[int, object], object]
) -> None:
    refined, problems = check(nest(MAX_DEPTH), shape)
    assert problems == ()
    assert refined == refined_form(MAX_DEPTH, nest)


@pytest.mark.parametrize(("shape", "nest"), cases())
def test_container_at_depth_256_is_one_invalid_value_located_at_it(
    shape: Any, nest: Callable[[int, object], object]
) -> None:
    refined, problems = check(nest(MAX_DEPTH + 1), shape)
    assert refined is None
    assert [(problem.loc, problem.kind) for problem in problems] == [
        (path_of(MAX_DEPTH, nest), "invalid_value")
    ]
    assert len(problems[0].loc) == MAX_DEPTH


@pytest.mark.parametrize(("shape", "nest"), cases())
def test_an_empty_container_at_depth_256_is_refused_too(
    shape: Any, nest: Callable[[int, object], object]
) -> None:
    empty: object = [] if nest is in_lists or (nest is in_both and MAX_DEPTH % 2 == 0) else {}
    _, problems = check(nest(MAX_DEPTH, empty), shape)
    assert [(problem.loc, problem.kind) for problem in problems] == [
        (path_of(MAX_DEPTH, nest), "invalid_value")
    ]


@pytest.mark.parametrize("shape", SHAPES, ids=SHAPE_IDS)
def test_loc_prefixes_the_location_of_the_depth_problem(shape: Any) -> None:
    prefix: Loc = ("attributes", "deep", 3)
    _, problems = check(in_lists(MAX_DEPTH + 1), shape, prefix)
    assert [(problem.loc, problem.kind) for problem in problems] == [
        ((*prefix, *(0,) * MAX_DEPTH), "invalid_value")
    ]


@pytest.mark.parametrize("shape", SHAPES, ids=SHAPE_IDS)
def test_nothing_below_the_limit_is_read(shape: Any) -> None:
    # Each of these leaves is a problem of its own if the checker reaches it.
    for leaf in (math.nan, "not an int", {1, 2}, [{1: "x"}]):
        _, problems = check(in_lists(MAX_DEPTH + 10, leaf), shape)
        assert [(problem.loc, problem.kind) for problem in problems] == [
            ((0,) * MAX_DEPTH, "invalid_value")
        ]


@pytest.mark.parametrize("shape", SHAPES, ids=SHAPE_IDS)
def test_each_container_past_the_limit_is_reported_once(shape: Any) -> None:
    value = [in_lists(MAX_DEPTH - 1), in_lists(MAX_DEPTH + 5), 7, in_lists(MAX_DEPTH)]
    _, problems = check(value, shape)
    assert [(problem.loc, problem.kind) for problem in problems] == [
        ((1, *(0,) * (MAX_DEPTH - 1)), "invalid_value"),
        ((3, *(0,) * (MAX_DEPTH - 1)), "invalid_value"),
    ]


def test_depth_counts_every_container_from_the_checked_value_through_the_shape() -> None:
    # The document is depth 0, `attributes` depth 1, and its member "x" depth 2.
    _, problems = check({"attributes": {"x": in_lists(MAX_DEPTH - 2)}}, Document)
    assert problems == ()
    _, problems = check({"attributes": {"x": in_lists(MAX_DEPTH - 1)}}, Document)
    assert [(problem.loc, problem.kind) for problem in problems] == [
        (("attributes", "x", *(0,) * (MAX_DEPTH - 2)), "invalid_value")
    ]
    _, problems = check({"tree": in_objects(MAX_DEPTH)}, Document)
    assert [(problem.loc, problem.kind) for problem in problems] == [
        (("tree", *("a",) * (MAX_DEPTH - 1)), "invalid_value")
    ]


def in_pairs(levels: int, leaf: object) -> object:
    """`leaf` inside `levels` arrays `["pair", ...]`, each of which both array members of Branching recurse into."""
    value = leaf
    for _ in range(levels):
        value = ["pair", value]
    return value


def test_union_whose_members_both_recurse_costs_linear_time() -> None:
    # Trying both members at each level, each trying both at the next, would
    # take about 3**18 steps here: several seconds rather than a millisecond.
    start = time.perf_counter()
    _, problems = check(in_pairs(18, "bad"), Branching)
    elapsed = time.perf_counter() - start
    assert [(problem.loc, problem.kind) for problem in problems] == [((1,) * 18, "invalid_type")]
    assert elapsed < 0.5


def test_depth_limit_in_a_union_whose_members_both_recurse() -> None:
    start = time.perf_counter()
    _, problems = check(in_pairs(MAX_DEPTH + 50, 0), Branching)
    elapsed = time.perf_counter() - start
    assert [(problem.loc, problem.kind) for problem in problems] == [
        ((1,) * MAX_DEPTH, "invalid_value")
    ]
    assert elapsed < 1.0


# 10,000 levels


@pytest.mark.parametrize(
    "shape", [*SHAPES, Document, tuple[int, ...]], ids=[*SHAPE_IDS, "Document", "int_array"]
)
def test_ten_thousand_levels_raise_no_recursion_error(shape: Any) -> None:
    value = {"attributes": {"x": in_lists(10_000)}} if shape is Document else in_lists(10_000)
    refined, problems = check(value, shape)
    assert refined is None
    assert len(problems) == 1


@pytest.mark.parametrize("shape", SHAPES, ids=SHAPE_IDS)
def test_a_list_that_holds_itself_is_cut_at_the_limit(shape: Any) -> None:
    loop: list[object] = []
    loop.append(loop)
    refined, problems = check(loop, shape)
    assert refined is None
    assert [(problem.loc, problem.kind) for problem in problems] == [
        ((0,) * MAX_DEPTH, "invalid_value")
    ]


def test_an_object_that_holds_itself_is_cut_at_the_limit() -> None:
    loop: dict[str, object] = {}
    loop["a"] = loop
    for shape in (JSONValue, UserJSONValue, Nested):
        _, problems = check(loop, shape)
        assert [(problem.loc, problem.kind) for problem in problems] == [
            (("a",) * MAX_DEPTH, "invalid_value")
        ]


def timed(value: object, shape: Any) -> float:
    """The best of a few timings of checking `value`, which is less noisy than one."""
    best = math.inf
    for _ in range(5):
        start = time.perf_counter()
        check(value, shape)
        best = min(best, time.perf_counter() - start)
    return best


@pytest.mark.parametrize(("shape", "nest"), cases())
def test_deep_nesting_costs_no_more_than_linear_time(
    shape: Any, nest: Callable[[int, object], object]
) -> None:
    small, large = nest(2_500), nest(10_000)
    check(small, shape)  # compiles the shape, so neither timing includes it
    small_time, large_time = timed(small, shape), timed(large, shape)
    # Generous bounds: a loaded two-core machine must not fail this, while
    # a quadratic checker (16x) or one that walks past the limit would.
    assert large_time < 1.0
    assert large_time <= 20 * max(small_time, 1e-4)


class Link(TypedDict):
    kind: Literal["link"]
    next: NotRequired["Link | None"]


def test_nested_input_with_a_typeddict_at_every_level_stops_at_the_limit() -> None:
    value: object = None
    for _ in range(10_000):
        value = {"kind": "link", "next": value}
    _, problems = check(value, Link)
    assert [(problem.loc, problem.kind) for problem in problems] == [
        (("next",) * MAX_DEPTH, "invalid_value")
    ]
