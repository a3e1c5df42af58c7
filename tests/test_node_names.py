"""Zarr v3 node names and paths: each rule accepted and refused, with exact locations and kinds."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from zarr_metadata._names import (
    is_node_name_v3,
    is_node_path_v3,
    node_path_problems,
    parent_path,
    parse_node_name_v3,
    parse_node_path_v3,
    validate_node_name_v3,
    validate_node_path_v3,
)
from zarr_metadata.problems import MetadataValidationError, ValidationProblem

VALID_NAMES = [
    "",
    "a",
    "array-1",
    "A_b.c",
    "é",
    "x" * 300,
    "_a",
    "a__",
    "a.",
    ".a",
    "..a",
    "_",
    "a b",
    "0",
]
BAD_NAMES = {
    "a/b": '"/"',
    "/": '"/"',
    ".": "periods",
    "..": "periods",
    "...": "periods",
    "__": '"__"',
    "__a": '"__"',
    "__.": '"__"',
}
NOT_STRINGS: list[object] = [None, 1, 1.5, True, b"a", ["a"], {"a": 1}, object()]

VALID_PATHS = ["/", "a", "a/b", "/a", "/a/b", "a/b/c", "/é/x.y", "a/..b", "_/a__"]
# Each bad path with the (message fragment, ctx) of each of its problems, in order.
BAD_PATHS: dict[str, list[tuple[str, dict[str, int]]]] = {
    "": [("must not be empty", {})],
    "a//b": [('segment 1 is empty: a path must not hold "//"', {"segment": 1})],
    "a/": [('must not end with "/"', {})],
    "/a/": [('must not end with "/"', {})],
    "//": [('must not end with "/"', {}), ("segment 0 is empty", {"segment": 0})],
    "//a": [("segment 0 is empty", {"segment": 0})],
    ".": [('segment 0, ".": a name must not be made only of periods', {"segment": 0})],
    "a/..": [('segment 1, "..": a name must not be made only of periods', {"segment": 1})],
    "/a/./b": [('segment 1, ".": a name must not be made only of periods', {"segment": 1})],
    "/__x": [('segment 0, "__x": a name must not start with "__"', {"segment": 0})],
    "a/__x/...": [
        ('segment 1, "__x": a name must not start with "__"', {"segment": 1}),
        ('segment 2, "...": a name must not be made only of periods', {"segment": 2}),
    ],
}


@pytest.mark.parametrize("name", VALID_NAMES)
def test_valid_names_are_accepted(name: str) -> None:
    assert validate_node_name_v3(name) == ()
    assert is_node_name_v3(name)
    assert parse_node_name_v3(name) == name


@pytest.mark.parametrize(("name", "fragment"), BAD_NAMES.items())
def test_bad_names_are_invalid_values_at_the_root(name: str, fragment: str) -> None:
    problems = validate_node_name_v3(name)
    assert [(problem.loc, problem.kind) for problem in problems] == [((), "invalid_value")]
    assert fragment in problems[0].message
    assert problems[0] == ValidationProblem((), problems[0].message, "invalid_value", input=name)
    assert not is_node_name_v3(name)
    with pytest.raises(MetadataValidationError) as raised:
        parse_node_name_v3(name)
    assert raised.value.problems == problems


@pytest.mark.parametrize("value", NOT_STRINGS, ids=repr)
def test_a_name_that_is_not_a_string_is_an_invalid_type(value: object) -> None:
    problems = validate_node_name_v3(value)
    assert [(problem.loc, problem.kind) for problem in problems] == [((), "invalid_type")]
    assert not is_node_name_v3(value)
    with pytest.raises(MetadataValidationError):
        parse_node_name_v3(value)


@pytest.mark.parametrize("path", VALID_PATHS)
def test_valid_paths_are_accepted(path: str) -> None:
    assert validate_node_path_v3(path) == ()
    assert is_node_path_v3(path)
    assert parse_node_path_v3(path) == path


@pytest.mark.parametrize(("path", "expected"), BAD_PATHS.items())
def test_bad_paths_name_the_rule_and_the_segment(
    path: str, expected: list[tuple[str, dict[str, int]]]
) -> None:
    problems = validate_node_path_v3(path)
    assert [(problem.loc, problem.kind) for problem in problems] == [((), "invalid_value")] * len(
        expected
    )
    for problem, (fragment, ctx) in zip(problems, expected, strict=True):
        assert fragment in problem.message
        # Equality covers every field, input and ctx included.
        assert problem == ValidationProblem(
            (), problem.message, "invalid_value", input=path, ctx=ctx
        )
    assert not is_node_path_v3(path)
    with pytest.raises(MetadataValidationError) as raised:
        parse_node_path_v3(path)
    assert raised.value.problems == problems


@pytest.mark.parametrize("value", NOT_STRINGS, ids=repr)
def test_a_path_that_is_not_a_string_is_an_invalid_type(value: object) -> None:
    problems = validate_node_path_v3(value)
    assert [(problem.loc, problem.kind) for problem in problems] == [((), "invalid_type")]
    assert not is_node_path_v3(value)
    with pytest.raises(MetadataValidationError):
        parse_node_path_v3(value)


def test_path_problems_are_located_where_the_caller_says() -> None:
    loc = ("consolidated_metadata", "metadata", "a//__b")
    problems = node_path_problems("a//__b", loc)
    assert problems == tuple(
        ValidationProblem(
            loc, problem.message, "invalid_value", input="a//__b", ctx={"segment": segment}
        )
        for problem, segment in zip(problems, [1, 2], strict=True)
    )
    assert node_path_problems("a/b", loc) == ()


@pytest.mark.parametrize(
    ("path", "parent"),
    [
        ("a/b/c", "a/b"),
        ("a/b", "a"),
        ("a", ""),
        ("/a/b", "/a"),
        ("/a", "/"),
        ("/", None),
        ("", None),
    ],
)
def test_parent_path_keeps_the_spelling_and_stops_at_the_root(
    path: str, parent: str | None
) -> None:
    assert parent_path(path) == parent


def test_the_parent_of_a_valid_path_is_a_path_or_the_root() -> None:
    for path in VALID_PATHS:
        parent = parent_path(path)
        assert parent is None or parent == "" or is_node_path_v3(parent)


NAME_CHARACTERS = st.characters(blacklist_characters="/", blacklist_categories=("Cs",))


@st.composite
def node_names(draw: st.DrawFn) -> str:
    name = draw(st.text(NAME_CHARACTERS, min_size=1, max_size=12))
    if name.startswith("__") or name.strip(".") == "":
        name = "n" + name
    return name


@st.composite
def node_paths(draw: st.DrawFn) -> str:
    names = draw(st.lists(node_names(), max_size=5))
    if not names:
        return "/"
    prefix = draw(st.sampled_from(["", "/"]))
    return prefix + "/".join(names)


@given(node_names())
def test_every_generated_name_parses_to_itself(name: str) -> None:
    assert parse_node_name_v3(name) == name
    assert is_node_name_v3(name)


@given(node_paths())
def test_every_generated_path_parses_to_itself(path: str) -> None:
    assert parse_node_path_v3(path) == path
    assert is_node_path_v3(path)
    parent = parent_path(path)
    assert parent is None or parent == "" or is_node_path_v3(parent)


@given(
    st.one_of(
        st.text(st.sampled_from("ab_./é"), max_size=8),
        st.text(max_size=8),
        st.integers(),
        st.none(),
    )
)
def test_is_agrees_with_validate(value: object) -> None:
    assert is_node_name_v3(value) == (validate_node_name_v3(value) == ())
    assert is_node_path_v3(value) == (validate_node_path_v3(value) == ())


@given(st.text(st.sampled_from("ab_./"), max_size=10))
def test_a_path_is_valid_exactly_when_each_segment_is_a_non_empty_name(path: str) -> None:
    body = path.removeprefix("/")
    segments = body.split("/")
    expected = path == "/" or all(
        segment != "" and is_node_name_v3(segment) for segment in segments
    )
    assert is_node_path_v3(path) == expected


@given(st.text(st.sampled_from("ab_./é"), max_size=12))
def test_a_path_where_no_name_is_reserved_is_good_exactly_when_no_segment_is_empty_or_periods(
    path: str,
) -> None:
    # As a v2 store's paths are judged: it reserves no name.
    segments = path.removeprefix("/").split("/")
    expected = path == "/" or all(segment.strip(".") for segment in segments)
    assert (node_path_problems(path, (), reserved=False) == ()) == expected
