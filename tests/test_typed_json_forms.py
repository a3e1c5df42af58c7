"""Annotation forms: each shape `typed_json.check` reads, accepted and refused with the exact location and kind of each problem."""

import enum
import importlib.util
import math
import sys
import textwrap
import typing
from collections import Counter, OrderedDict, UserDict
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Annotated, Any, Literal, NewType, NotRequired, Optional, Required

import pytest
from annotated_types import Ge, Gt, Interval, Le, Len, Lt, MaxLen, MinLen
from typing_extensions import ReadOnly, TypeAliasType, TypedDict

from zarr_metadata.typed_json import JSONValue, Loc, UserJSONValue, check

Found = Counter[tuple[Loc, str]]


def found(value: object, shape: Any, loc: Loc = ()) -> Found:
    """Each problem `check` reports, as (loc, kind), after asserting that a refused value refines to None."""
    refined, problems = check(value, shape, loc)
    if problems:
        assert refined is None
    return Counter((problem.loc, problem.kind) for problem in problems)


def accepted(value: object, shape: Any) -> Any:
    """The refined value, after asserting `check` accepts `value`."""
    refined, problems = check(value, shape)
    assert problems == ()
    return refined


def problems_of(*pairs: tuple[Loc, str]) -> Found:
    return Counter(pairs)


# TypedDict


class Codec(TypedDict):
    name: str
    level: int


class Sparse(TypedDict, total=False):
    name: str
    level: int


class SparseWithRequired(TypedDict, total=False):
    name: Required[str]
    level: int


class WithOptional(TypedDict):
    name: str
    level: NotRequired[int]


class WithReadOnly(TypedDict):
    name: ReadOnly[str]
    level: ReadOnly[NotRequired[int]]


class Closed(TypedDict, closed=True):
    name: str
    level: NotRequired[int]


class ExtraInts(TypedDict, extra_items=Annotated[int, Ge(0)]):
    name: str


class ClosedEmpty(TypedDict, closed=True):
    pass


def test_typeddict_accepts_its_members() -> None:
    assert accepted({"name": "gzip", "level": 5}, Codec) == {"name": "gzip", "level": 5}


def test_typeddict_reports_each_missing_required_member_at_the_member() -> None:
    assert found({}, Codec) == problems_of((("name",), "missing_key"), (("level",), "missing_key"))
    assert found({"name": "gzip"}, Codec) == problems_of((("level",), "missing_key"))


def test_typeddict_reports_a_wrong_member_at_the_member() -> None:
    assert found({"name": 1, "level": "5"}, Codec) == problems_of(
        (("name",), "invalid_type"), (("level",), "invalid_type")
    )


def test_typeddict_reports_every_problem_at_once() -> None:
    assert found({"level": 1.5}, Codec) == problems_of(
        (("name",), "missing_key"), (("level",), "invalid_type")
    )


@pytest.mark.parametrize("value", [[], "gzip", 3, None, True, ("name", "level"), {1, 2}])
def test_typeddict_refuses_a_value_that_is_not_an_object(value: object) -> None:
    assert found(value, Codec) == problems_of(((), "invalid_type"))


def test_total_false_makes_every_member_optional() -> None:
    assert accepted({}, Sparse) == {}
    assert accepted({"level": 1}, Sparse) == {"level": 1}
    assert found({"level": "1"}, Sparse) == problems_of((("level",), "invalid_type"))


def test_required_member_of_a_total_false_typeddict_is_required() -> None:
    assert found({"level": 1}, SparseWithRequired) == problems_of((("name",), "missing_key"))
    assert accepted({"name": "a"}, SparseWithRequired) == {"name": "a"}


def test_not_required_member_may_be_absent_but_is_checked_when_present() -> None:
    assert accepted({"name": "a"}, WithOptional) == {"name": "a"}
    assert found({"name": "a", "level": None}, WithOptional) == problems_of(
        (("level",), "invalid_type")
    )
    assert found({"level": 1}, WithOptional) == problems_of((("name",), "missing_key"))


def test_read_only_members_are_checked_like_any_other() -> None:
    assert accepted({"name": "a"}, WithReadOnly) == {"name": "a"}
    assert found({"name": 1, "level": "x"}, WithReadOnly) == problems_of(
        (("name",), "invalid_type"), (("level",), "invalid_type")
    )
    assert found({}, WithReadOnly) == problems_of((("name",), "missing_key"))


def test_closed_typeddict_refuses_an_undeclared_member_at_that_member() -> None:
    assert accepted({"name": "a", "level": 1}, Closed) == {"name": "a", "level": 1}
    assert found({"name": "a", "fast": True, "slow": False}, Closed) == problems_of(
        (("fast",), "unknown_key"), (("slow",), "unknown_key")
    )


def test_closed_typeddict_reports_unknown_and_missing_members_together() -> None:
    assert found({"fast": True}, Closed) == problems_of(
        (("fast",), "unknown_key"), (("name",), "missing_key")
    )


def test_closed_typeddict_without_members_takes_only_the_empty_object() -> None:
    assert accepted({}, ClosedEmpty) == {}
    assert found({"a": 1}, ClosedEmpty) == problems_of((("a",), "unknown_key"))


def test_extra_items_checks_each_undeclared_member_against_its_shape() -> None:
    assert accepted({"name": "a", "x": 1, "y": 0}, ExtraInts) == {"name": "a", "x": 1, "y": 0}
    assert found({"name": "a", "x": "1", "y": -1}, ExtraInts) == problems_of(
        (("x",), "invalid_type"), (("y",), "invalid_value")
    )


def test_extra_items_does_not_apply_to_declared_members() -> None:
    assert found({"name": 5}, ExtraInts) == problems_of((("name",), "invalid_type"))


def test_open_typeddict_takes_any_json_as_an_undeclared_member() -> None:
    value = {"name": "a", "level": 1, "extra": [1, {"deep": None}], "flag": True}
    assert accepted(value, Codec) == {
        "name": "a",
        "level": 1,
        "extra": (1, {"deep": None}),
        "flag": True,
    }


def test_open_typeddict_refuses_an_undeclared_member_that_is_not_json() -> None:
    assert found(
        {"name": "a", "level": 1, "x": math.nan, "y": {1, 2}, "z": [math.inf]}, Codec
    ) == problems_of(
        (("x",), "invalid_value"), (("y",), "invalid_type"), (("z", 0), "invalid_value")
    )


def test_typeddict_refuses_a_key_that_is_not_a_string_at_the_object() -> None:
    assert found({"name": "a", "level": 1, 7: "x"}, Codec) == problems_of(((), "invalid_type"))
    assert found({"name": "a", None: 1}, Closed) == problems_of(((), "invalid_type"))


def test_typeddict_takes_any_mapping_and_refines_it_to_a_fresh_mapping() -> None:
    for value in (
        {"name": "a", "level": 1},
        OrderedDict(name="a", level=1),
        MappingProxyType({"name": "a", "level": 1}),
        UserDict({"name": "a", "level": 1}),
    ):
        refined = accepted(value, Codec)
        assert isinstance(refined, Mapping)
        assert refined is not value
        assert dict(refined) == {"name": "a", "level": 1}


class PlainTypingCodec(typing.TypedDict):
    name: str
    level: NotRequired[int]


def test_typeddict_from_the_typing_module_is_read_the_same() -> None:
    assert accepted({"name": "a", "other": [1]}, PlainTypingCodec) == {"name": "a", "other": (1,)}
    assert found({"level": "1"}, PlainTypingCodec) == problems_of(
        (("name",), "missing_key"), (("level",), "invalid_type")
    )


class Inner(TypedDict, closed=True):
    level: Annotated[int, Interval(ge=0, le=9)]
    name: str


class Middle(TypedDict):
    inner: Inner
    items: tuple[Inner, ...]


class Outer(TypedDict):
    middle: Middle


def test_typeddict_nested_three_deep_reports_problems_at_full_locations() -> None:
    value = {
        "middle": {
            "inner": {"level": 99, "bogus": 1},
            "items": [{"level": 1, "name": "ok"}, {"level": "1", "name": 2}],
        }
    }
    assert found(value, Outer) == problems_of(
        (("middle", "inner", "level"), "invalid_value"),
        (("middle", "inner", "bogus"), "unknown_key"),
        (("middle", "inner", "name"), "missing_key"),
        (("middle", "items", 1, "level"), "invalid_type"),
        (("middle", "items", 1, "name"), "invalid_type"),
    )


def test_typeddict_nested_three_deep_accepts_a_valid_value() -> None:
    value = {"middle": {"inner": {"level": 0, "name": "a"}, "items": [{"level": 9, "name": "b"}]}}
    assert accepted(value, Outer) == {
        "middle": {"inner": {"level": 0, "name": "a"}, "items": ({"level": 9, "name": "b"},)}
    }


def test_missing_member_of_a_nested_typeddict_is_located_at_the_member() -> None:
    assert found({"middle": {"inner": {"name": "a"}}}, Outer) == problems_of(
        (("middle", "inner", "level"), "missing_key"), (("middle", "items"), "missing_key")
    )


# Literal


def test_literal_of_strings() -> None:
    # The JSON type decides the kind: a string that is not named is the wrong value, anything else the wrong type.
    shape = Literal["little", "big"]
    assert accepted("big", shape) == "big"
    assert found("middle", shape) == problems_of(((), "invalid_value"))
    assert found(1, shape) == problems_of(((), "invalid_type"))
    assert found(None, shape) == problems_of(((), "invalid_type"))


def test_literal_int_refuses_a_bool_as_the_wrong_type_and_a_float_as_another_value() -> None:
    # A boolean is never a number; 1.0 is a number, just not the integer 1.
    shape = Literal[1]
    assert accepted(1, shape) == 1
    assert found(True, shape) == problems_of(((), "invalid_type"))
    assert found(1.0, shape) == problems_of(((), "invalid_value"))
    assert found(2.5, shape) == problems_of(((), "invalid_value"))
    assert found(2, shape) == problems_of(((), "invalid_value"))


def test_literal_int_refuses_nan_and_the_infinities_as_the_wrong_type() -> None:
    # NaN is no JSON number: where an integer belongs it is the wrong type.
    for value in (math.nan, math.inf, -math.inf):
        assert found(value, Literal[1]) == problems_of(((), "invalid_type"))
        assert found(value, Literal[1] | bool) == problems_of(((), "invalid_type"))


def test_literal_int_in_a_union_refuses_a_float_as_another_value() -> None:
    shape = Literal[-1, 0, 1, 2] | bool
    assert found(1.5, shape) == problems_of(((), "invalid_value"))
    assert found(3, shape) == problems_of(((), "invalid_value"))
    assert found("1", shape) == problems_of(((), "invalid_type"))


def test_literal_bool_refuses_an_int() -> None:
    shape = Literal[True]
    assert accepted(True, shape) is True
    assert found(1, shape) == problems_of(((), "invalid_type"))
    assert found(False, shape) == problems_of(((), "invalid_value"))


def test_literal_none() -> None:
    assert accepted(None, Literal[None]) is None
    assert found(0, Literal[None]) == problems_of(((), "invalid_type"))


def test_literal_of_mixed_types() -> None:
    shape = Literal["a", 1, None, False]
    for value in ("a", 1, None, False):
        assert accepted(value, shape) == value
    assert found("b", shape) == problems_of(((), "invalid_value"))
    assert found(2, shape) == problems_of(((), "invalid_value"))
    assert found(True, shape) == problems_of(((), "invalid_value"))
    assert found(0, shape) == problems_of(((), "invalid_value"))
    assert found(1.0, shape) == problems_of(((), "invalid_value"))


def test_literal_of_mixed_types_refuses_arrays_and_objects_as_the_wrong_type() -> None:
    shape = Literal["a", 1]
    assert found([1], shape) == problems_of(((), "invalid_type"))
    assert found({"a": 1}, shape) == problems_of(((), "invalid_type"))
    assert found([[1], {"a": 1}, "a"], tuple[shape, ...]) == problems_of(
        ((0,), "invalid_type"), ((1,), "invalid_type")
    )


# Annotated with annotated-types bounds


@pytest.mark.parametrize(
    ("shape", "inside", "outside", "ctx"),
    [
        (Annotated[int, Ge(0)], [0, 7, 10**30], [-1, -(10**30)], {"ge": 0}),
        (Annotated[int, Gt(0)], [1], [0, -1], {"gt": 0}),
        (Annotated[int, Le(9)], [9, -5], [10], {"le": 9}),
        (Annotated[int, Lt(10)], [9], [10, 11], {"lt": 10}),
        (Annotated[int, Interval(ge=0, le=9)], [0, 9], [-1, 10, 99], {"ge": 0, "le": 9}),
        (Annotated[int, Interval(gt=0, lt=10)], [1, 9], [0, 10], {"gt": 0, "lt": 10}),
        (Annotated[int, Ge(0), Le(255)], [0, 255], [256], {"ge": 0, "le": 255}),
        (Annotated[float, Ge(0.5)], [0.5, 1, 2.5], [0.25, 0], {"ge": 0.5}),
        (Annotated[float, Gt(0)], [1e-300, 3], [0.0, -0.0, -1], {"gt": 0}),
        (Annotated[float, Le(1.0)], [1.0, -1e300], [1.0000001, 2], {"le": 1.0}),
        (Annotated[float, Lt(1)], [0.999], [1, 1.0], {"lt": 1}),
        (Annotated[float, Interval(ge=-1, le=1)], [-1, 0.0, 1], [-1.5, 1.5], {"ge": -1, "le": 1}),
    ],
)
def test_number_bounds(
    shape: Any, inside: list[object], outside: list[object], ctx: dict[str, object]
) -> None:
    for value in inside:
        assert accepted(value, shape) == value
    for value in outside:
        refined, problems = check(value, shape)
        assert refined is None
        assert [(problem.loc, problem.kind) for problem in problems] == [((), "invalid_value")]
        assert dict(problems[0].ctx) == ctx


def test_bounded_integer_still_refuses_the_wrong_type_as_invalid_type() -> None:
    shape = Annotated[int, Ge(0)]
    assert found(-1.0, shape) == problems_of(((), "invalid_type"))
    assert found(True, shape) == problems_of(((), "invalid_type"))
    assert found("1", shape) == problems_of(((), "invalid_type"))


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_bounded_float_refuses_non_finite_values(value: float) -> None:
    assert found(value, Annotated[float, Interval(ge=-1, le=1)]) == problems_of(
        ((), "invalid_value")
    )


def test_bounds_message_says_what_was_expected_and_what_was_found() -> None:
    _, problems = check(99, Annotated[int, Interval(ge=0, le=9)])
    assert "99" in problems[0].message
    assert "0" in problems[0].message
    assert "9" in problems[0].message


@pytest.mark.parametrize(
    ("shape", "inside", "outside", "ctx"),
    [
        (Annotated[str, MinLen(1)], ["a", "abc"], [""], {"min_length": 1}),
        (Annotated[str, MaxLen(3)], ["", "abc"], ["abcd"], {"max_length": 3}),
        (
            Annotated[str, Len(2, 3)],
            ["ab", "abc"],
            ["a", "abcd"],
            {"min_length": 2, "max_length": 3},
        ),
        (Annotated[tuple[int, ...], MinLen(1)], [[1], (1, 2)], [[], ()], {"min_length": 1}),
        (Annotated[tuple[int, ...], MaxLen(2)], [[], [1, 2]], [[1, 2, 3]], {"max_length": 2}),
        (
            Annotated[tuple[int, ...], Len(2, 2)],
            [[1, 2]],
            [[1], [1, 2, 3]],
            {"min_length": 2, "max_length": 2},
        ),
        (Annotated[Sequence[str], MinLen(1)], [["a"]], [[]], {"min_length": 1}),
    ],
)
def test_length_bounds(
    shape: Any, inside: list[object], outside: list[object], ctx: dict[str, object]
) -> None:
    for value in inside:
        refined = accepted(value, shape)
        assert refined == (tuple(value) if isinstance(value, list | tuple) else value)
    for value in outside:
        refined, problems = check(value, shape)
        assert refined is None
        assert [(problem.loc, problem.kind) for problem in problems] == [((), "invalid_value")]
        assert dict(problems[0].ctx) == ctx


def test_array_out_of_length_bounds_still_has_its_items_checked() -> None:
    assert found([1, "x", 3], Annotated[tuple[int, ...], MaxLen(2)]) == problems_of(
        ((), "invalid_value"), ((1,), "invalid_type")
    )


def test_length_bounded_string_refuses_the_wrong_type_as_invalid_type() -> None:
    assert found(["a"], Annotated[str, MinLen(1)]) == problems_of(((), "invalid_type"))


def test_metadata_that_is_no_constraint_is_ignored() -> None:
    shape = Annotated[int, "a note for readers"]
    assert accepted(3, shape) == 3
    assert found("3", shape) == problems_of(((), "invalid_type"))


@pytest.mark.parametrize(
    "shape",
    [Annotated[int, MinLen(1)], Annotated[str, Ge(0)], Annotated[tuple[int, int], MinLen(1)]],
    ids=["length_on_int", "bound_on_str", "length_on_fixed_tuple"],
)
def test_constraint_that_does_not_apply_to_its_shape_is_a_type_error(shape: Any) -> None:
    with pytest.raises(TypeError):
        check(1, shape)


# Unions


def test_optional_takes_null_and_the_member() -> None:
    for shape in (int | None, Optional[int]):  # noqa: UP045
        assert accepted(None, shape) is None
        assert accepted(3, shape) == 3
        assert found("3", shape) == problems_of(((), "invalid_type"))
        assert found(3.5, shape) == problems_of(((), "invalid_type"))


def test_union_with_no_member_for_the_json_type_is_one_invalid_type() -> None:
    shape = int | str
    assert found(1.5, shape) == problems_of(((), "invalid_type"))
    assert found(True, shape) == problems_of(((), "invalid_type"))
    assert found([1, "a"], shape) == problems_of(((), "invalid_type"))
    assert found({1, 2}, shape) == problems_of(((), "invalid_type"))


def test_union_reports_the_problems_of_the_only_member_that_takes_the_json_type() -> None:
    shape = Annotated[int, Ge(0)] | str
    refined, problems = check(-1, shape)
    assert refined is None
    assert [(problem.loc, problem.kind) for problem in problems] == [((), "invalid_value")]
    assert dict(problems[0].ctx) == {"ge": 0}


def test_optional_typeddict_reports_the_problems_of_the_typeddict() -> None:
    assert accepted(None, Codec | None) is None
    assert found({"name": 1}, Codec | None) == problems_of(
        (("name",), "invalid_type"), (("level",), "missing_key")
    )


def test_union_of_int_and_float_keeps_an_int_an_int() -> None:
    refined = accepted(1, int | float)
    assert refined == 1
    assert type(refined) is int
    assert accepted(1.5, int | float) == 1.5


def test_union_takes_the_first_member_that_fits() -> None:
    shape = tuple[int, int] | tuple[int, ...]
    assert accepted([1, 2], shape) == (1, 2)
    assert accepted([1, 2, 3], shape) == (1, 2, 3)


def test_union_with_equally_good_members_reports_the_first_declared() -> None:
    assert found([1, "a"], tuple[int, int] | tuple[str, ...]) == problems_of(((1,), "invalid_type"))
    assert found([1, "a"], tuple[str, ...] | tuple[int, int]) == problems_of(((0,), "invalid_type"))


class Deep(TypedDict, closed=True):
    a: Inner


class Shallow(TypedDict, closed=True):
    c: int


def test_union_reports_the_member_whose_shallowest_problem_lies_deepest() -> None:
    value = {"a": {"level": "x", "name": "n"}}
    expected = problems_of((("a", "level"), "invalid_type"))
    assert found(value, Deep | Shallow) == expected
    assert found(value, Shallow | Deep) == expected


def test_union_prefers_the_member_with_fewer_problems_at_the_same_depth() -> None:
    value = [1, 2, "x"]
    expected = problems_of(((2,), "invalid_type"))
    assert found(value, tuple[str, str, str] | tuple[int, ...]) == expected
    assert found(value, tuple[int, ...] | tuple[str, str, str]) == expected


def test_union_of_literals_reports_one_invalid_value() -> None:
    assert found("c", Literal["a"] | Literal["b"]) == problems_of(((), "invalid_value"))


def test_union_in_a_typeddict_member_reports_at_the_member() -> None:
    class Field(TypedDict):
        data_type: str | Codec

    assert accepted({"data_type": "int8"}, Field) == {"data_type": "int8"}
    assert found({"data_type": {"name": "x"}}, Field) == problems_of(
        (("data_type", "level"), "missing_key")
    )
    assert found({"data_type": 8}, Field) == problems_of((("data_type",), "invalid_type"))


# Arrays


def test_variadic_tuple_takes_lists_and_tuples_and_refines_to_a_tuple() -> None:
    shape = tuple[int, ...]
    assert accepted([1, 2], shape) == (1, 2)
    assert accepted((1, 2), shape) == (1, 2)
    assert accepted([], shape) == ()
    assert type(accepted([1], shape)) is tuple


def test_variadic_tuple_reports_each_wrong_item_at_its_index() -> None:
    assert found([1, "a", 2.5, True], tuple[int, ...]) == problems_of(
        ((1,), "invalid_type"), ((2,), "invalid_type"), ((3,), "invalid_type")
    )


@pytest.mark.parametrize("value", ["ab", {"a": 1}, 1, None, {1, 2}, b"ab"])
def test_array_refuses_a_value_that_is_not_an_array(value: object) -> None:
    assert found(value, tuple[int, ...]) == problems_of(((), "invalid_type"))
    assert found(value, Sequence[int]) == problems_of(((), "invalid_type"))


def test_subclass_of_list_is_an_array_refined_to_a_plain_tuple() -> None:
    class Items(list[int]):
        pass

    refined = accepted(Items([1, 2]), tuple[int, ...])
    assert refined == (1, 2)
    assert type(refined) is tuple


def test_fixed_tuple_checks_each_item_in_order() -> None:
    shape = tuple[int, str]
    assert accepted([1, "a"], shape) == (1, "a")
    assert found(["a", 1], shape) == problems_of(((0,), "invalid_type"), ((1,), "invalid_type"))


@pytest.mark.parametrize("value", [[], [1], [1, "a", "b"]])
def test_fixed_tuple_of_the_wrong_length_is_invalid_value_at_the_array(value: list[object]) -> None:
    assert found(value, tuple[int, str]) == problems_of(((), "invalid_value"))


def test_empty_fixed_tuple_takes_only_the_empty_array() -> None:
    assert accepted([], tuple[()]) == ()
    assert found([1], tuple[()]) == problems_of(((), "invalid_value"))


def test_sequence_and_list_are_arrays_refined_to_tuples() -> None:
    assert accepted([1, 2], Sequence[int]) == (1, 2)
    assert accepted(("a",), list[str]) == ("a",)
    assert found([1, None], Sequence[int]) == problems_of(((1,), "invalid_type"))


# Mappings


def test_mapping_of_str_checks_each_member() -> None:
    shape = Mapping[str, int]
    assert accepted({"a": 1, "b": 2}, shape) == {"a": 1, "b": 2}
    assert accepted({}, shape) == {}
    assert found({"a": "1", "b": 2, "c": None}, shape) == problems_of(
        (("a",), "invalid_type"), (("c",), "invalid_type")
    )


def test_mapping_refuses_a_key_that_is_not_a_string_at_the_object() -> None:
    assert found({1: 1}, Mapping[str, int]) == problems_of(((), "invalid_type"))
    assert found({"a": {(1, 2): 1}}, Mapping[str, Mapping[str, int]]) == problems_of(
        (("a",), "invalid_type")
    )


@pytest.mark.parametrize("value", [[("a", 1)], "a", 1, None])
def test_mapping_refuses_a_value_that_is_not_an_object(value: object) -> None:
    assert found(value, Mapping[str, int]) == problems_of(((), "invalid_type"))


def test_mapping_refines_any_mapping_to_a_fresh_mapping() -> None:
    for value in ({"a": 1}, MappingProxyType({"a": 1}), UserDict({"a": 1})):
        refined = accepted(value, Mapping[str, int])
        assert isinstance(refined, Mapping)
        assert refined is not value
        assert dict(refined) == {"a": 1}


# NewType and TypeAliasType

Count = NewType("Count", int)
Label = NewType("Label", str)


def test_new_type_is_checked_as_its_supertype() -> None:
    assert accepted(3, Count) == 3
    assert found(3.0, Count) == problems_of(((), "invalid_type"))
    assert accepted("a", Label) == "a"
    assert found(1, Label) == problems_of(((), "invalid_type"))


Pair = TypeAliasType("Pair", tuple[int, int])
Level = TypeAliasType("Level", Annotated[int, Interval(ge=0, le=9)])
PairOfLevels = TypeAliasType("PairOfLevels", tuple[Level, Level])
Tree = TypeAliasType("Tree", "int | tuple[Tree, ...]")
Settings = TypeAliasType("Settings", "str | Mapping[str, Settings]")


def test_type_alias_is_checked_as_its_value() -> None:
    assert accepted([1, 2], Pair) == (1, 2)
    assert found([1], Pair) == problems_of(((), "invalid_value"))
    assert found(10, Level) == problems_of(((), "invalid_value"))


def test_alias_of_aliases() -> None:
    assert accepted([0, 9], PairOfLevels) == (0, 9)
    assert found([0, 10], PairOfLevels) == problems_of(((1,), "invalid_value"))


def test_recursive_alias_of_arrays() -> None:
    assert accepted([1, [2, [3, []]]], Tree) == (1, (2, (3, ())))
    assert accepted(5, Tree) == 5
    assert found([1, [2, ["x"]]], Tree) == problems_of(((1, 1, 0), "invalid_type"))
    assert found([1, [2, [None]], "y"], Tree) == problems_of(
        ((1, 1, 0), "invalid_type"), ((2,), "invalid_type")
    )


def test_recursive_alias_of_objects() -> None:
    assert accepted({"a": {"b": "c"}}, Settings) == {"a": {"b": "c"}}
    assert found({"a": {"b": 1}}, Settings) == problems_of((("a", "b"), "invalid_type"))


def test_recursive_alias_inside_a_typeddict() -> None:
    class Holder(TypedDict):
        tree: Tree

    assert accepted({"tree": [1, [2]]}, Holder) == {"tree": (1, (2,))}
    assert found({"tree": [1, [2.5]]}, Holder) == problems_of((("tree", 1, 0), "invalid_type"))


def test_recursive_alias_defined_in_a_function() -> None:
    nested = TypeAliasType("nested", "str | tuple[nested, ...]")
    assert accepted(["a", ["b"]], nested) == ("a", ("b",))
    assert found(["a", [1]], nested) == problems_of(((1, 0), "invalid_type"))


Whole = TypeAliasType("Whole", "int | Word")
Word = TypeAliasType("Word", "str | Whole | None")


def test_mutually_recursive_aliases_take_what_either_names() -> None:
    for shape in (Whole, Word):
        for value in (1, "a", None):
            assert accepted(value, shape) == value
        _, problems = check(1.5, shape)
        assert [(problem.loc, problem.kind) for problem in problems] == [((), "invalid_type")]
        assert "array" not in problems[0].message
        assert found([1], shape) == problems_of(((), "invalid_type"))


# JSON scalars


def test_bool_is_never_a_number() -> None:
    assert accepted(True, bool) is True
    assert accepted(False, bool) is False
    assert found(1, bool) == problems_of(((), "invalid_type"))
    assert found("true", bool) == problems_of(((), "invalid_type"))
    for shape in (int, float):
        assert found(True, shape) == problems_of(((), "invalid_type"))
        assert found(False, shape) == problems_of(((), "invalid_type"))


def test_int_refuses_a_float_even_a_whole_one() -> None:
    assert accepted(3, int) == 3
    assert accepted(-(10**40), int) == -(10**40)
    assert found(1.0, int) == problems_of(((), "invalid_type"))
    assert found("1", int) == problems_of(((), "invalid_type"))
    assert found(None, int) == problems_of(((), "invalid_type"))


def test_an_int_is_a_float() -> None:
    refined = accepted(3, float)
    assert refined == 3
    assert type(refined) is int
    assert accepted(2.5, float) == 2.5
    assert accepted(10**40, float) == 10**40


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_float_refuses_non_finite_values_as_invalid_value(value: float) -> None:
    assert found(value, float) == problems_of(((), "invalid_value"))


def test_float_refuses_a_string_spelling_of_a_number() -> None:
    assert found("1.5", float) == problems_of(((), "invalid_type"))
    assert found("NaN", float) == problems_of(((), "invalid_type"))


def test_str_and_none() -> None:
    assert accepted("", str) == ""
    assert found(1, str) == problems_of(((), "invalid_type"))
    assert found(None, str) == problems_of(((), "invalid_type"))
    assert accepted(None, None) is None
    assert found(0, None) == problems_of(((), "invalid_type"))
    assert found(False, type(None)) == problems_of(((), "invalid_type"))


def test_subclasses_of_int_and_str_are_refined_to_the_plain_types() -> None:
    class Level(enum.IntEnum):
        HIGH = 9

    class Name(str):
        pass

    level = accepted(Level.HIGH, int)
    assert level == 9
    assert type(level) is int
    name = accepted(Name("gzip"), str)
    assert name == "gzip"
    assert type(name) is str


# JSONValue and UserJSONValue


def test_json_value_takes_any_json_and_refines_arrays_to_tuples() -> None:
    value = {"a": [1, 2.5, "x", None, True, {"b": []}], "c": {}}
    assert accepted(value, JSONValue) == {"a": (1, 2.5, "x", None, True, {"b": ()}), "c": {}}


@pytest.mark.parametrize(
    ("value", "loc"),
    [
        (math.nan, ()),
        ([1, math.inf], (1,)),
        ({"a": {"b": -math.inf}}, ("a", "b")),
    ],
)
def test_json_value_refuses_non_finite_numbers_as_invalid_value(value: object, loc: Loc) -> None:
    assert found(value, JSONValue) == problems_of((loc, "invalid_value"))


@pytest.mark.parametrize("shape", [JSONValue, Mapping[str, JSONValue], Mapping[str, UserJSONValue]])
def test_strings_and_numbers_are_judged_alike_wherever_they_sit(shape: Any) -> None:
    # An array of strings and a finite float are taken by quicker tests than
    # other values: what they take must be what the full check takes.
    value = {"names": ["x", "y"], "mixed": ["x", "y", 1.5, ["z", 2]], "n": 2.5, "m": -0.0}
    refined = accepted(value, shape)
    assert refined["names"] == ("x", "y") and type(refined["names"]) is tuple
    assert refined["n"] == 2.5 and math.copysign(1, refined["m"]) == -1
    if shape == Mapping[str, UserJSONValue]:
        assert accepted({"x": math.nan, "y": ["a", math.inf]}, shape)["y"] == ("a", math.inf)
    else:
        assert found({"x": math.nan, "y": ["a", "b", -math.inf], "z": 1.0}, shape) == problems_of(
            (("x",), "invalid_value"), (("y", 2), "invalid_value")
        )


def test_user_json_value_takes_non_finite_numbers() -> None:
    refined = accepted({"a": [math.nan, math.inf, -math.inf]}, UserJSONValue)
    nan, inf, minus_inf = refined["a"]
    assert math.isnan(nan)
    assert inf == math.inf
    assert minus_inf == -math.inf


def test_user_json_value_as_a_typeddict_member() -> None:
    class Document(TypedDict):
        fill_value: JSONValue
        attributes: NotRequired[Mapping[str, UserJSONValue]]

    assert found({"fill_value": math.nan, "attributes": {"x": math.nan}}, Document) == problems_of(
        (("fill_value",), "invalid_value")
    )
    refined = accepted({"fill_value": 0, "attributes": {"x": math.nan}}, Document)
    assert math.isnan(refined["attributes"]["x"])


@pytest.mark.parametrize("shape", [JSONValue, UserJSONValue])
def test_json_value_refuses_what_json_cannot_hold(shape: Any) -> None:
    assert found({1, 2}, shape) == problems_of(((), "invalid_type"))
    assert found([1, b"x", object()], shape) == problems_of(
        ((1,), "invalid_type"), ((2,), "invalid_type")
    )
    assert found({"a": {1: "x"}}, shape) == problems_of((("a",), "invalid_type"))
    assert found({"a": 1 + 2j}, shape) == problems_of((("a",), "invalid_type"))


# The loc argument


def test_loc_prefixes_every_location() -> None:
    prefix: Loc = ("codecs", 2, "configuration")
    assert found("x", int, prefix) == problems_of((prefix, "invalid_type"))
    assert found({"name": 1}, Closed, prefix) == problems_of(((*prefix, "name"), "invalid_type"))
    assert found({"x": 1}, Closed, prefix) == problems_of(
        ((*prefix, "x"), "unknown_key"), ((*prefix, "name"), "missing_key")
    )
    assert found([1, "a"], tuple[int, ...], prefix) == problems_of(((*prefix, 1), "invalid_type"))
    assert found({1: 1}, Mapping[str, int], prefix) == problems_of((prefix, "invalid_type"))
    assert found({"a": [math.nan]}, JSONValue, prefix) == problems_of(
        ((*prefix, "a", 0), "invalid_value")
    )


# Refined values share nothing mutable with the input


def test_refined_value_is_unchanged_when_the_input_is_mutated() -> None:
    class Document(TypedDict):
        shape: tuple[int, ...]
        codecs: tuple[Mapping[str, JSONValue], ...]
        attributes: Mapping[str, UserJSONValue]

    value: dict[str, Any] = {
        "shape": [10, 20],
        "codecs": [{"name": "gzip", "configuration": {"level": [1]}}],
        "attributes": {"a": [1, {"b": [2]}], "c": {}},
        "extra": {"d": [3]},
    }
    refined = accepted(value, Document)
    snapshot = {
        "shape": (10, 20),
        "codecs": ({"name": "gzip", "configuration": {"level": (1,)}},),
        "attributes": {"a": (1, {"b": (2,)}), "c": {}},
        "extra": {"d": (3,)},
    }
    assert refined == snapshot

    value["shape"].append(30)
    value["codecs"][0]["configuration"]["level"].append(2)
    value["codecs"][0]["name"] = "zstd"
    value["attributes"]["a"][1]["b"].append(4)
    value["attributes"]["c"]["new"] = 1
    value["extra"]["d"].clear()
    value["new"] = 1
    assert refined == snapshot


def test_refined_objects_are_fresh_mappings() -> None:
    inner = {"level": 1, "name": "a"}
    value = {"middle": {"inner": inner, "items": [inner]}}
    refined = accepted(value, Outer)
    assert refined is not value
    assert refined["middle"] is not value["middle"]
    assert refined["middle"]["inner"] is not inner
    assert refined["middle"]["items"][0] is not inner


# Shapes the checker cannot read


class UserClass:
    pass


class WithClassMember(TypedDict):
    name: str
    member: UserClass


class WithSetMember(TypedDict):
    member: set[int]


class WithIntKeys(TypedDict):
    member: Mapping[int, str]


class WithUnreadableNested(TypedDict):
    inner: NotRequired[WithClassMember]


@pytest.mark.parametrize(
    ("shape", "named"),
    [
        (WithClassMember, "WithClassMember.member"),
        (WithSetMember, "WithSetMember.member"),
        (WithIntKeys, "WithIntKeys.member"),
        (WithUnreadableNested, "WithClassMember.member"),
    ],
)
def test_unreadable_member_raises_type_error_naming_it_at_the_first_check(
    shape: Any, named: str
) -> None:
    # An empty object would pass a checker that skipped the member; the shape is refused anyway.
    for _ in range(2):
        with pytest.raises(TypeError, match=named.replace(".", r"\.")):
            check({}, shape)


@pytest.mark.parametrize(
    "shape",
    [
        set[int],
        frozenset[str],
        Mapping[int, str],
        dict[bytes, int],
        UserClass,
        bytes,
        complex,
        Literal[1.5],
    ],
    ids=str,
)
def test_unreadable_shape_raises_type_error(shape: Any) -> None:
    with pytest.raises(TypeError):
        check([], shape)


# Modules written with `from __future__ import annotations`

FUTURE_MODULE = """

from collections.abc import Mapping
from typing import Annotated, Literal

from annotated_types import Ge
from typing_extensions import NotRequired, ReadOnly, Required, TypeAliasType, TypedDict


class FutureCodec(TypedDict, closed=True):
    name: str
    level: NotRequired[Annotated[int, Ge(0)]]
    flags: ReadOnly[NotRequired[tuple[str, ...]]]


class FutureSparse(TypedDict, total=False):
    kind: Required[Literal["a", "b"]]
    size: int


FutureTree = TypeAliasType("FutureTree", "int | tuple[FutureTree, ...]")


class FutureHolder(TypedDict):
    codec: FutureCodec
    sparse: NotRequired[FutureSparse]
    trees: NotRequired[Mapping[str, FutureTree]]
"""


@pytest.fixture(scope="module")
def future_module(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A module whose annotations are all strings, imported from a file as any user module would be."""
    name = "typed_json_future_shapes"
    path = Path(tmp_path_factory.mktemp("future")) / f"{name}.py"
    path.write_text(textwrap.dedent(FUTURE_MODULE))
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    yield module
    del sys.modules[name]


def test_future_annotations_not_required_members_may_be_absent(future_module: Any) -> None:
    codec = future_module.FutureCodec
    assert accepted({"name": "gzip"}, codec) == {"name": "gzip"}
    assert found({}, codec) == problems_of((("name",), "missing_key"))


def test_future_annotations_members_are_checked(future_module: Any) -> None:
    codec = future_module.FutureCodec
    assert accepted({"name": "a", "level": 0, "flags": ["x"]}, codec) == {
        "name": "a",
        "level": 0,
        "flags": ("x",),
    }
    assert found({"name": "a", "level": -1, "flags": [1], "other": 1}, codec) == problems_of(
        (("level",), "invalid_value"), (("flags", 0), "invalid_type"), (("other",), "unknown_key")
    )


def test_future_annotations_required_in_a_total_false_typeddict(future_module: Any) -> None:
    sparse = future_module.FutureSparse
    assert found({"size": 1}, sparse) == problems_of((("kind",), "missing_key"))
    assert accepted({"kind": "a"}, sparse) == {"kind": "a"}
    assert found({"kind": "c"}, sparse) == problems_of((("kind",), "invalid_value"))


def test_future_annotations_nested_shapes(future_module: Any) -> None:
    holder = future_module.FutureHolder
    assert accepted({"codec": {"name": "a"}}, holder) == {"codec": {"name": "a"}}
    assert found({"codec": {}, "sparse": {}, "trees": {"t": [1, ["x"]]}}, holder) == problems_of(
        (("codec", "name"), "missing_key"),
        (("sparse", "kind"), "missing_key"),
        (("trees", "t", 1, 0), "invalid_type"),
    )


def test_a_union_of_fixed_arrays_names_every_length_it_takes() -> None:
    shape = tuple[str, int] | tuple[str, int, tuple[int, ...]]
    assert accepted(["a", 1], shape) == ("a", 1)
    for value in (["a"], ["a", 1, (), 2]):
        refined, problems = check(value, shape)
        assert refined is None
        assert [(problem.loc, problem.kind, problem.message) for problem in problems] == [
            ((), "invalid_value", f"expected an array of 2 or 3 items, got {len(value)}")
        ]
    # A value of the right length is judged by the member of that length.
    assert found(["a", "b"], shape) == problems_of(((1,), "invalid_type"))
