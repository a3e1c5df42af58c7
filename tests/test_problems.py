"""Problems: the ValidationProblem value, the error that carries problems, and how values are shown in messages."""

from __future__ import annotations

import copy as copy_module
import dataclasses
import json
import math
import pickle
from collections.abc import Mapping
from typing import get_args

import pytest
from hypothesis import given
from hypothesis import strategies as st

from zarr_metadata import UNSET
from zarr_metadata.problems import (
    MetadataValidationError,
    ProblemKind,
    Problems,
    ValidationProblem,
    shown,
)

SHOWN_LIMIT = 80


class BrokenRepr:
    """An object whose repr raises, as a careless user type might."""

    def __repr__(self) -> str:
        raise RuntimeError("repr is broken")


def nested_lists(levels: int) -> object:
    """`levels` lists, each holding the next, around a 0."""
    value: object = 0
    for _ in range(levels):
        value = [value]
    return value


# ValidationProblem


def test_problem_kinds_are_the_five_the_spec_names() -> None:
    assert set(get_args(ProblemKind)) == {
        "missing_key",
        "invalid_type",
        "invalid_value",
        "invalid_json",
        "unknown_key",
    }


def test_problems_alias_is_a_tuple_of_problems() -> None:
    assert Problems == tuple[ValidationProblem, ...]


def test_problem_holds_loc_message_and_kind() -> None:
    problem = ValidationProblem(("codecs", 1), "expected an object, got 3", "invalid_type")
    assert problem.loc == ("codecs", 1)
    assert problem.message == "expected an object, got 3"
    assert problem.kind == "invalid_type"


def test_problem_input_defaults_to_unset_and_ctx_to_empty() -> None:
    problem = ValidationProblem((), "missing required member", "missing_key")
    assert problem.input is UNSET
    assert isinstance(problem.ctx, Mapping)
    assert dict(problem.ctx) == {}


def test_problem_input_and_ctx_are_keyword_only() -> None:
    with pytest.raises(TypeError):
        ValidationProblem((), "m", "invalid_value", 99)  # type: ignore[misc]
    problem = ValidationProblem((), "m", "invalid_value", input=99, ctx={"ge": 0, "le": 9})
    assert problem.input == 99
    assert dict(problem.ctx) == {"ge": 0, "le": 9}


def test_input_may_hold_null_distinct_from_unset() -> None:
    problem = ValidationProblem((), "m", "invalid_type", input=None)
    assert problem.input is None
    assert problem != ValidationProblem((), "m", "invalid_type")


def test_problem_is_frozen() -> None:
    problem = ValidationProblem(("a",), "m", "invalid_value")
    with pytest.raises(dataclasses.FrozenInstanceError):
        problem.message = "other"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        problem.loc = ()  # type: ignore[misc]


def test_problems_compare_by_every_field() -> None:
    base = ValidationProblem(("a",), "m", "invalid_value", input=1, ctx={"ge": 0})
    assert base == ValidationProblem(("a",), "m", "invalid_value", input=1, ctx={"ge": 0})
    assert base != ValidationProblem(("b",), "m", "invalid_value", input=1, ctx={"ge": 0})
    assert base != ValidationProblem(("a",), "n", "invalid_value", input=1, ctx={"ge": 0})
    assert base != ValidationProblem(("a",), "m", "invalid_type", input=1, ctx={"ge": 0})
    assert base != ValidationProblem(("a",), "m", "invalid_value", input=2, ctx={"ge": 0})
    assert base != ValidationProblem(("a",), "m", "invalid_value", input=1, ctx={"ge": 1})


def test_problem_with_unhashable_input_and_ctx_is_hashable() -> None:
    problem = ValidationProblem(
        ("a",), "m", "invalid_value", input=[1, {"b": 2}], ctx={"allowed": [1, 2]}
    )
    twin = ValidationProblem(
        ("a",), "m", "invalid_value", input=[1, {"b": 2}], ctx={"allowed": [1, 2]}
    )
    assert hash(problem) == hash(twin)
    assert len({problem, twin}) == 1


def test_distinct_problems_are_kept_apart_in_a_set() -> None:
    problems = {
        ValidationProblem(("a",), "m", "invalid_value"),
        ValidationProblem(("b",), "m", "invalid_value"),
        ValidationProblem(("a",), "m", "unknown_key"),
    }
    assert len(problems) == 3


@pytest.mark.parametrize(
    "problem",
    [
        ValidationProblem(("a", 0), "m", "missing_key"),
        ValidationProblem((), "m", "invalid_value", input=[1, {"b": None}], ctx={"ge": 0, "le": 9}),
    ],
    ids=["defaults", "input_and_ctx"],
)
def test_problem_survives_pickling_and_deep_copying(problem: ValidationProblem) -> None:
    for copy in (pickle.loads(pickle.dumps(problem)), copy_module.deepcopy(problem)):
        assert copy == problem
        assert copy.input == problem.input or copy.input is problem.input
        assert dict(copy.ctx) == dict(problem.ctx)


# MetadataValidationError

GZIP_LEVEL = ValidationProblem(
    ("codecs", 1, "configuration", "level"),
    "expected an integer in [0, 9], got 99",
    "invalid_value",
    input=99,
    ctx={"ge": 0, "le": 9},
)
ROOT = ValidationProblem((), "expected an object, got 3", "invalid_type", input=3)
MISSING_SHAPE = ValidationProblem(("shape",), 'missing required member "shape"', "missing_key")


def test_error_is_a_value_error_carrying_its_problems() -> None:
    error = MetadataValidationError([GZIP_LEVEL, MISSING_SHAPE])
    assert isinstance(error, ValueError)
    assert error.problems == (GZIP_LEVEL, MISSING_SHAPE)
    assert isinstance(error.problems, tuple)


def test_error_text_lists_each_problem_as_loc_and_message() -> None:
    text = str(MetadataValidationError([GZIP_LEVEL, ROOT, MISSING_SHAPE]))
    lines = [line.strip() for line in text.splitlines()]
    assert "codecs[1].configuration.level: expected an integer in [0, 9], got 99" in lines
    assert "(root): expected an object, got 3" in lines
    assert 'shape: missing required member "shape"' in lines


def test_error_text_keeps_the_order_of_the_problems() -> None:
    text = str(MetadataValidationError([MISSING_SHAPE, GZIP_LEVEL]))
    assert text.index("shape:") < text.index("codecs[1]")


def test_error_survives_pickling_with_its_problems() -> None:
    error = MetadataValidationError([GZIP_LEVEL, MISSING_SHAPE])
    copy = pickle.loads(pickle.dumps(error))
    assert isinstance(copy, MetadataValidationError)
    assert copy.problems == error.problems
    assert str(copy) == str(error)


def test_error_can_be_raised_and_caught_as_value_error() -> None:
    with pytest.raises(ValueError, match=r"codecs\[1\]\.configuration\.level"):
        raise MetadataValidationError([GZIP_LEVEL])


# shown


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (None, "null"),
        (True, "true"),
        (False, "false"),
        (0, "0"),
        (-12, "-12"),
        (1.5, "1.5"),
        ("gzip", '"gzip"'),
        ("", '""'),
        ([1, "a"], '[1, "a"]'),
        ((1, 2), "[1, 2]"),
        ((), "[]"),
        ({"a": 1}, '{"a": 1}'),
        ({"a": (None, [True])}, '{"a": [null, [true]]}'),
    ],
)
def test_shown_writes_json_text(value: object, text: str) -> None:
    assert shown(value) == text


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (math.nan, "NaN"),
        (math.inf, "Infinity"),
        (-math.inf, "-Infinity"),
        ([math.nan, -math.inf], "[NaN, -Infinity]"),
    ],
)
def test_shown_writes_non_finite_floats_bare(value: object, text: str) -> None:
    assert shown(value) == text


@pytest.mark.parametrize(
    "text", ['say "hi"', "back\\slash", "line\nbreak", "tab\there", "\x00\x1f"]
)
def test_shown_quotes_and_escapes_strings_as_json(text: str) -> None:
    written = shown(text)
    assert written.startswith('"')
    assert written.endswith('"')
    assert json.loads(written) == text


def test_shown_writes_a_non_string_key_as_a_string() -> None:
    assert shown({1: "a"}) == '{"1": "a"}'


def test_shown_shortens_a_long_string() -> None:
    written = shown("x" * 1000)
    assert written.startswith('"xxxx')
    assert written.endswith("...")
    assert len(written) <= SHOWN_LIMIT


def test_shown_shortens_a_long_array() -> None:
    written = shown(list(range(10_000)))
    assert written.startswith("[0, 1, 2, 3")
    assert written.endswith("...")
    assert len(written) <= SHOWN_LIMIT


def test_shown_shortens_a_long_object() -> None:
    written = shown({f"key{index}": index for index in range(10_000)})
    assert written.startswith('{"key0": 0, "key1": 1')
    assert written.endswith("...")
    assert len(written) <= SHOWN_LIMIT


def test_shown_does_not_shorten_a_value_that_fits() -> None:
    value = ["a" * 30, "b" * 30]
    assert shown(value) == json.dumps(value)


def test_shown_survives_deep_nesting() -> None:
    written = shown(nested_lists(100_000))
    assert written.startswith("[[[[")
    assert len(written) <= SHOWN_LIMIT


def test_shown_survives_a_huge_int() -> None:
    written = shown(10**10_000)
    assert 0 < len(written) <= SHOWN_LIMIT


def test_shown_survives_a_huge_int_as_a_key() -> None:
    written = shown({10**10_000: 1})
    assert 0 < len(written) <= SHOWN_LIMIT


@pytest.mark.parametrize(
    "value",
    [
        {1, 2, 3},
        frozenset({"a"}),
        b"bytes",
        1 + 2j,
        object(),
        BrokenRepr(),
        [BrokenRepr()],
        {BrokenRepr(): 1},
        {"a": BrokenRepr()},
        {10**10_000},
        set(range(100_000)),
    ],
    ids=lambda value: type(value).__name__,
)
def test_shown_never_raises_on_values_json_cannot_hold(value: object) -> None:
    written = shown(value)
    assert 0 < len(written) <= SHOWN_LIMIT


def test_shown_names_the_type_of_an_object_whose_repr_raises() -> None:
    assert "BrokenRepr" in shown(BrokenRepr())


odd_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=10**5000, max_value=10**5000 + 10)
    | st.floats()
    | st.text()
    | st.binary()
    | st.complex_numbers()
    | st.builds(BrokenRepr)
    | st.builds(object),
    lambda children: (
        st.lists(children)
        | st.lists(children).map(tuple)
        | st.sets(st.integers() | st.text())
        | st.dictionaries(st.text() | st.integers() | st.builds(BrokenRepr), children)
    ),
    max_leaves=40,
)


@given(odd_values)
def test_shown_never_raises_and_stays_short(value: object) -> None:
    written = shown(value)
    assert isinstance(written, str)
    assert len(written) <= SHOWN_LIMIT


finite_json = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**20), max_value=10**20)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=10),
    lambda children: (
        st.lists(children, max_size=4)
        | st.lists(children, max_size=4).map(tuple)
        | st.dictionaries(st.text(max_size=5), children, max_size=4)
    ),
    max_leaves=8,
)


@given(finite_json)
def test_shown_text_that_is_not_shortened_reads_back_as_the_value(value: object) -> None:
    written = shown(value)
    if written.endswith("..."):
        return
    assert json.loads(written) == json.loads(json.dumps(value))
