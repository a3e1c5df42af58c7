"""Properties of `typed_json.check` that hold for every input: it never raises, it locates every problem in the value, and what it accepts it accepts again unchanged."""

import math
from collections.abc import Mapping
from typing import Annotated, Any, Literal, NewType, NotRequired

import jsonschema
import pytest
from annotated_types import Ge, Interval, MinLen
from hypothesis import assume, given
from hypothesis import strategies as st
from typing_extensions import TypeAliasType, TypedDict

from zarr_metadata.json_schema import json_schema
from zarr_metadata.problems import ValidationProblem
from zarr_metadata.typed_json import JSONValue, Loc, UserJSONValue, check

# A shape like a v3 array `zarr.json`, with its fields written as plain TypedDicts.


class NamedConfiguration(TypedDict, closed=True):
    name: str
    configuration: NotRequired[Mapping[str, JSONValue]]
    must_understand: NotRequired[bool]


class GzipConfiguration(TypedDict, closed=True):
    level: Annotated[int, Interval(ge=0, le=9)]


class GzipCodec(TypedDict, closed=True):
    name: Literal["gzip"]
    configuration: GzipConfiguration


HexFloat = NewType("HexFloat", str)
FillValue = float | Literal["NaN", "Infinity", "-Infinity"] | HexFloat
Field = str | NamedConfiguration


class ArrayMetadata(TypedDict, extra_items=JSONValue):
    zarr_format: Literal[3]
    node_type: Literal["array"]
    shape: tuple[Annotated[int, Ge(0)], ...]
    data_type: Field
    chunk_grid: Field
    chunk_key_encoding: Field
    fill_value: FillValue
    codecs: Annotated[tuple[GzipCodec | Field, ...], MinLen(1)]
    attributes: NotRequired[Mapping[str, UserJSONValue]]
    storage_transformers: NotRequired[tuple[Field, ...]]
    dimension_names: NotRequired[tuple[str | None, ...]]


Tree = TypeAliasType("Tree", "int | str | tuple[Tree, ...] | Mapping[str, Tree]")
# Two members take arrays, so every level of an array goes through the union's best fit.
Branching = TypeAliasType(
    "Branching", "int | tuple[Branching, ...] | tuple[Literal['pair'], Branching, Branching]"
)

SHAPES: list[Any] = [
    ArrayMetadata,
    NamedConfiguration,
    JSONValue,
    UserJSONValue,
    FillValue,
    int | str | None,
    tuple[int, int] | tuple[str, ...] | Mapping[str, int],
    Literal["a", 1, None, True] | tuple[Literal["a", 1], ...],
    Tree,
    Branching,
]
SHAPE_IDS = [
    "ArrayMetadata",
    "NamedConfiguration",
    "JSONValue",
    "UserJSONValue",
    "FillValue",
    "int_str_none",
    "arrays_or_mapping",
    "mixed_literals",
    "Tree",
    "Branching",
]

KINDS = {"missing_key", "invalid_type", "invalid_value", "invalid_json", "unknown_key"}


class BrokenRepr:
    """A value JSON cannot hold, whose repr raises."""

    def __repr__(self) -> str:
        raise RuntimeError("repr is broken")


# Inputs

huge_ints = st.integers(min_value=10**5000, max_value=10**5000 + 5) | st.integers(
    max_value=-(10**5000), min_value=-(10**5000) - 5
)
json_scalars = (
    st.none() | st.booleans() | st.integers() | huge_ints | st.floats() | st.text(max_size=8)
)
not_json = (
    st.sets(st.integers(), max_size=3)
    | st.frozensets(st.text(max_size=3), max_size=3)
    | st.binary(max_size=4)
    | st.complex_numbers()
    | st.builds(object)
    | st.builds(BrokenRepr)
    | st.decimals(allow_nan=False)
)
keys = st.text(max_size=6) | st.sampled_from(["name", "configuration", "shape", "codecs", "level"])
odd_keys = st.integers() | st.none() | st.tuples(st.integers()) | st.builds(BrokenRepr) | huge_ints


def wrapped(value: object, levels: int, style: str) -> object:
    """`value` inside `levels` containers: lists, tuples, objects, or all three in turn."""
    for level in range(levels):
        pick = style if style != "mixed" else ("list", "tuple", "dict")[level % 3]
        if pick == "list":
            value = [value]
        elif pick == "tuple":
            value = (value,)
        else:
            value = {"a": value}
    return value


json_like = st.recursive(
    json_scalars | not_json,
    lambda children: (
        st.lists(children, max_size=4)
        | st.lists(children, max_size=4).map(tuple)
        | st.dictionaries(keys, children, max_size=4)
        | st.dictionaries(keys | odd_keys, children, max_size=3)
    ),
    max_leaves=25,
)
deeply_nested = st.builds(
    wrapped,
    json_like,
    st.integers(min_value=0, max_value=400),
    st.sampled_from(["list", "tuple", "dict", "mixed"]),
)


def finite_json(finite: bool = True) -> st.SearchStrategy[Any]:
    """JSON values as a parser returns them, with non-finite numbers only when `finite` is False."""
    floats = st.floats(allow_nan=not finite, allow_infinity=not finite)
    return st.recursive(
        st.none() | st.booleans() | st.integers() | floats | st.text(max_size=8),
        lambda children: (
            st.lists(children, max_size=4)
            | st.lists(children, max_size=4).map(tuple)
            | st.dictionaries(st.text(max_size=6), children, max_size=4)
        ),
        max_leaves=20,
    )


names = st.from_regex(r"[a-z][a-z0-9_.-]{1,10}", fullmatch=True)
fields = names | st.fixed_dictionaries(
    {"name": names},
    optional={
        "configuration": st.dictionaries(st.text(max_size=6), finite_json(), max_size=3),
        "must_understand": st.booleans(),
    },
)
gzip_codecs = st.fixed_dictionaries(
    {"name": st.just("gzip"), "configuration": st.fixed_dictionaries({"level": st.integers(0, 9)})}
)
fill_values = (
    st.floats(allow_nan=False, allow_infinity=False)
    | st.integers()
    | st.sampled_from(["NaN", "Infinity", "-Infinity", "0x7fc00000"])
)
array_documents = st.fixed_dictionaries(
    {
        "zarr_format": st.just(3),
        "node_type": st.just("array"),
        "shape": st.lists(st.integers(min_value=0), max_size=4),
        "data_type": fields,
        "chunk_grid": fields,
        "chunk_key_encoding": fields,
        "fill_value": fill_values,
        "codecs": st.lists(gzip_codecs | fields, min_size=1, max_size=4),
    },
    optional={
        "attributes": st.dictionaries(st.text(max_size=6), finite_json(finite=False), max_size=3),
        "storage_transformers": st.lists(fields, max_size=2),
        "dimension_names": st.lists(st.text(max_size=4) | st.none(), max_size=4),
        "extra_member": finite_json(),
    },
)
trees: st.SearchStrategy[Any] = st.recursive(
    st.integers() | st.text(max_size=4),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=4), children, max_size=3)
    ),
    max_leaves=20,
)
branchings: st.SearchStrategy[Any] = st.recursive(
    st.integers(),
    lambda children: (
        st.lists(children, max_size=3) | st.tuples(st.just("pair"), children, children)
    ),
    max_leaves=20,
)

VALID: list[tuple[Any, st.SearchStrategy[Any]]] = [
    (ArrayMetadata, array_documents),
    (NamedConfiguration, fields.filter(lambda field: isinstance(field, dict))),
    (JSONValue, finite_json()),
    (UserJSONValue, finite_json(finite=False)),
    (FillValue, fill_values),
    (int | str | None, st.integers() | st.text() | st.none()),
    (
        tuple[int, int] | tuple[str, ...] | Mapping[str, int],
        st.tuples(st.integers(), st.integers())
        | st.lists(st.text())
        | st.dictionaries(st.text(), st.integers()),
    ),
    (Tree, trees),
    (Branching, branchings),
]
VALID_IDS = [
    "ArrayMetadata",
    "NamedConfiguration",
    "JSONValue",
    "UserJSONValue",
    "FillValue",
    "int_str_none",
    "arrays_or_mapping",
    "Tree",
    "Branching",
]

prefixes = st.lists(st.text(max_size=3) | st.integers(min_value=0, max_value=5), max_size=3).map(
    tuple
)


# Helpers


def resolved(value: object, path: Loc) -> object:
    """The part of `value` found by following `path`; KeyError or IndexError when it is not there."""
    for part in path:
        if isinstance(value, Mapping):
            value = value[part]
        elif isinstance(value, list | tuple):
            assert isinstance(part, int)
            value = value[part]
        else:
            raise KeyError(part)
    return value


def assert_located_in(value: object, problem: ValidationProblem, prefix: Loc) -> None:
    """Assert that `problem` lies under `prefix` and names a place in `value` (a missing member's object, for missing_key)."""
    assert problem.loc[: len(prefix)] == prefix
    path = problem.loc[len(prefix) :]
    if problem.kind == "missing_key":
        holder = resolved(value, path[:-1])
        assert isinstance(holder, Mapping)
        assert path[-1] not in holder
    else:
        resolved(value, path)


def containers(value: object) -> list[object]:
    """Every array and object in `value`, itself included, found without recursion since values nest deep."""
    found: list[object] = []
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, list | tuple):
            found.append(item)
            pending.extend(item)
        elif isinstance(item, Mapping):
            found.append(item)
            pending.extend(item.values())
    return found


def hashable(value: object) -> bool:
    """Whether `value` hashes, as immutable containers do and mutable ones (lists, dicts) do not."""
    try:
        hash(value)
    except TypeError:
        return False
    return True


def assert_refined_form(refined: object, value: object) -> None:
    """Assert that `refined` holds tuples for arrays, mappings with string keys for objects, and plain scalars, none of them taken from `value`."""
    taken = {id(item) for item in containers(value) if not hashable(item)}
    pending = [refined]
    while pending:
        item = pending.pop()
        if isinstance(item, list | tuple | Mapping):
            assert id(item) not in taken, "the refined value shares a container with the input"
        if isinstance(item, Mapping):
            for key in item:
                assert type(key) is str
            pending.extend(item.values())
        elif isinstance(item, list | tuple):
            assert type(item) is tuple
            pending.extend(item)
        else:
            assert item is None or type(item) in (bool, int, float, str), type(item)


def same_json(left: object, right: object) -> bool:
    """Whether two values are the same JSON: arrays as lists or tuples, NaN the same as NaN."""
    if isinstance(left, list | tuple) and isinstance(right, list | tuple):
        return len(left) == len(right) and all(
            same_json(a, b) for a, b in zip(left, right, strict=True)
        )
    if isinstance(left, Mapping) and isinstance(right, Mapping):
        return list(left) == list(right) and all(same_json(left[key], right[key]) for key in left)
    if (
        isinstance(left, float)
        and isinstance(right, float)
        and math.isnan(left)
        and math.isnan(right)
    ):
        return True
    return type(left) is type(right) and left == right


# Properties


@pytest.mark.parametrize("shape", SHAPES, ids=SHAPE_IDS)
@given(value=json_like | deeply_nested, prefix=prefixes)
def test_check_never_raises_and_locates_every_problem_in_the_value(
    shape: Any, value: object, prefix: Loc
) -> None:
    refined, problems = check(value, shape, prefix)
    assert isinstance(problems, tuple)
    if problems:
        assert refined is None
    for problem in problems:
        assert isinstance(problem, ValidationProblem)
        assert problem.kind in KINDS
        assert problem.message
        assert_located_in(value, problem, prefix)


@pytest.mark.parametrize(("shape", "valid"), VALID, ids=VALID_IDS)
@given(data=st.data())
def test_valid_values_are_accepted_as_the_same_json(
    shape: Any, valid: st.SearchStrategy[Any], data: st.DataObject
) -> None:
    value = data.draw(valid)
    refined, problems = check(value, shape)
    assert problems == ()
    assert same_json(refined, value)
    assert_refined_form(refined, value)


@pytest.mark.parametrize(("shape", "valid"), VALID, ids=VALID_IDS)
@given(data=st.data())
def test_what_check_accepts_it_accepts_again_unchanged(
    shape: Any, valid: st.SearchStrategy[Any], data: st.DataObject
) -> None:
    value = data.draw(valid | json_like | deeply_nested)
    refined, problems = check(value, shape)
    if problems:
        return
    again, problems_again = check(refined, shape)
    assert problems_again == ()
    assert same_json(again, refined)
    assert_refined_form(again, refined)


# JSON Schema agreement


def as_json(value: object) -> object:
    """`value` with tuples as lists and mappings as dicts, as a JSON parser gives it."""
    if isinstance(value, Mapping):
        return {key: as_json(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [as_json(item) for item in value]
    return value


def has_huge_int(value: object) -> bool:
    if isinstance(value, int):
        return value.bit_length() > 10_000
    if isinstance(value, Mapping):
        return any(has_huge_int(item) for item in value.values())
    if isinstance(value, list | tuple):
        return any(has_huge_int(item) for item in value)
    return False


@pytest.mark.parametrize(("shape", "valid"), VALID, ids=VALID_IDS)
@given(data=st.data())
def test_what_check_accepts_the_json_schema_accepts(
    shape: Any, valid: st.SearchStrategy[Any], data: st.DataObject
) -> None:
    value = data.draw(valid | json_like)
    refined, problems = check(value, shape)
    # jsonschema writes the instance into its error messages, and Python
    # refuses to write an int of more than 4300 digits.
    assume(not problems and not has_huge_int(refined))
    validator = jsonschema.Draft202012Validator(json_schema(shape))
    assert validator.is_valid(as_json(refined)), list(validator.iter_errors(as_json(refined)))


@pytest.mark.parametrize(("shape", "valid"), VALID, ids=VALID_IDS)
def test_the_json_schema_is_a_valid_draft_2020_12_schema(shape: Any, valid: object) -> None:
    jsonschema.Draft202012Validator.check_schema(json_schema(shape))
