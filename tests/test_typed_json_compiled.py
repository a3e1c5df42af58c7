"""The compiled checkers themselves: how many are kept, and what a person debugging one sees."""

from __future__ import annotations

import ast
import gc
import keyword
import linecache
import traceback
from collections.abc import Iterator
from typing import Annotated, Any, Literal, NotRequired

import pytest
from typing_extensions import TypedDict

from zarr_metadata import _refuse, typed_json
from zarr_metadata.typed_json import JSONValue, check, checker_source, clear_caches


class Inner(TypedDict):
    name: str
    size: NotRequired[int]


class Outer(TypedDict):
    label: str
    inners: tuple[Inner, ...]
    grid: tuple[tuple[int, ...], ...]


class Hostile(str):
    """A key that refuses to be compared, so that a checker fails inside its own code."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("this key refuses to be compared")

    __hash__ = str.__hash__


def _kept_lines() -> set[str]:
    gc.collect()  # a generated module is a cycle: its functions hold its namespace
    return {name for name in linecache.cache if name.startswith("<zarr_metadata checker of ")}


def _function_names(source: str) -> list[str]:
    return [node.name for node in ast.walk(ast.parse(source)) if isinstance(node, ast.FunctionDef)]


@pytest.fixture(autouse=True)
def _fresh_caches() -> Iterator[None]:
    clear_caches()
    yield
    clear_caches()


# The bounded table


def test_equal_shapes_made_afresh_do_not_grow_the_tables() -> None:
    for _ in range(10_000):
        # Each `tuple[int, ...]` is a new object, equal to the last.
        assert check([1, 2], tuple[int, ...]) == ((1, 2), ())
    assert len(typed_json._checkers) == 1


def test_distinct_shapes_past_the_bound_are_forgotten(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(typed_json, "_MOST_CHECKERS", 8)
    before = _kept_lines()
    for number in range(50):
        shape: Any = tuple[Literal[number], ...]
        assert check([number], shape) == ((number,), ())
        assert check([number + 1], shape)[0] is None
        assert len(typed_json._checkers) <= 8
    # The lines of forgotten checkers leave `linecache` with them.
    assert len(_kept_lines() - before) <= 8


def test_clear_caches_forgets_every_checker_and_checking_goes_on() -> None:
    assert check({"name": "a"}, Inner) == ({"name": "a"}, ())
    assert typed_json.refine({"name": "a"}, Inner)[1] == ()
    assert check([1], tuple[int, ...])[1] == ()
    assert len(typed_json._checkers) == 3
    clear_caches()
    assert typed_json._checkers == {}
    assert check({"name": "a"}, Inner) == ({"name": "a"}, ())
    assert check({"name": 1}, Inner)[1][0].loc == ("name",)
    assert len(typed_json._checkers) == 1


def test_a_class_is_found_once_compiled() -> None:
    checker = typed_json.checker_of(Outer, True)
    assert typed_json.checker_of(Outer, True) is checker
    assert typed_json.checker_of(Outer) is not checker


def test_an_unhashable_shape_leaves_no_lines_behind() -> None:
    shape: Any = Annotated[tuple[int, ...], ["unhashable metadata"]]
    before = _kept_lines()
    for _ in range(20):
        assert check([1, 2], shape) == ((1, 2), ())
    assert _kept_lines() - before == set()
    assert typed_json._checkers == {}


# Debugging a checker


def test_a_traceback_shows_the_generated_line_and_the_shape() -> None:
    try:
        check({"label": "x", "inners": [{Hostile("name"): "y"}], "grid": []}, Outer)
    except RuntimeError:
        linecache.checkcache()  # lines kept for a generated module survive it
        text = traceback.format_exc()
    else:
        pytest.fail("the checker never compared the key")
    assert "<zarr_metadata checker of Outer #" in text
    assert "in check_Outer\n" in text
    assert "in check_Outer_inners\n" in text
    assert "in check_Inner\n" in text
    assert "if k == 'name':" in text


def test_a_traceback_shows_the_line_calling_a_failing_helper(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(*args: object) -> object:
        raise RuntimeError("a broken helper")

    monkeypatch.setattr(_refuse, "missing", broken)

    class Required(TypedDict):  # compiled after the patch, so it calls the broken helper
        size: int

    try:
        check({}, Required)
    except RuntimeError:
        text = traceback.format_exc()
    else:
        pytest.fail("the checker never called the helper")
    assert "in check_Required\n" in text
    assert "missing(v, loc, p, k1)" in text


def test_checker_source_shows_functions_named_after_the_shape() -> None:
    source = checker_source(Outer)
    assert "def check_Outer(v, loc, p, d):" in source
    assert "def check_Outer_inners(v, loc, p, d):" in source
    assert "def check_Outer_grid_items(v, loc, p, d):" in source
    assert "def check_Inner(v, loc, p, d):" in source
    assert source.startswith("# The checker of Outer,")
    assert "FrozenObject(out)" not in source
    assert "FrozenObject(out)" in checker_source(Outer, frozen=True)
    assert checker_source(Outer) == source
    compile(source, "<source>", "exec")


def test_checker_source_of_a_scalar_tests_it_inline_before_the_slow_path() -> None:
    source = checker_source(int)
    assert "def check_int(v, loc, p, d):" in source
    assert "if (type(v) is int" in source and "return k1(v, loc, p, d)" in source
    assert "def check_tuple_int(" in checker_source(tuple[int, ...])
    assert "def check_JSONValue(" in checker_source(JSONValue)


def test_odd_names_make_valid_distinct_function_names() -> None:
    odd: Any = TypedDict(
        "odd name-1/é",
        {
            "a b": tuple[int, ...],
            "a_b": tuple[str, ...],
            "class": tuple[int, ...],
            "": tuple[int, ...],
            "e\u0301": tuple[int, ...],
            "ﬁ": tuple[int, ...],
            "日本": tuple[int, ...],
            "x" * 500: tuple[int, ...],
            "1st": tuple[bool, ...],
        },
    )
    names = _function_names(checker_source(odd))
    assert len(names) == len(set(names)) == 10
    for name in names:
        assert name.isidentifier() and not keyword.iskeyword(name), name
        assert name.startswith("check_odd_name_1_é"), name
        assert len(name) <= len("check_") + 80
    assert {"check_odd_name_1_é_a_b", "check_odd_name_1_é_a_b_2", "check_odd_name_1_é_日本"} <= set(
        names
    )
    value = {
        "a b": [1],
        "a_b": ["s"],
        "class": [2],
        "": [],
        "e\u0301": [3],
        "ﬁ": [4],
        "日本": [5],
        "x" * 500: [],
        "1st": [True],
    }
    refined, problems = check(value, odd)
    assert problems == ()
    assert refined is not None and refined["a_b"] == ("s",)
    assert check({**value, "a_b": [1]}, odd)[1][0].loc == ("a_b", 0)


def test_a_shape_named_by_a_keyword_gets_a_valid_name() -> None:
    shape: Any = TypedDict("class", {"for": tuple[int, ...]})
    names = _function_names(checker_source(shape))
    assert names == ["check_class_for", "check_class"]
    assert check({"for": [1]}, shape) == ({"for": (1,)}, ())
