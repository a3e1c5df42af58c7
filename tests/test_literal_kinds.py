"""The JSON type decides the kind of a problem, for a literal too: properties over mutated documents, v3 and v2.

A member that takes fixed values (`zarr_format`, `node_type`, `order`, an
enum of strings, any `Literal` of a TypedDict) given a value of another JSON
type is `invalid_type`; given the right type but another value,
`invalid_value`. A bare NaN, which is no JSON number, is `invalid_type`
where an integer, string, boolean, array or object belongs, and
`invalid_value` where a number belongs.

The members are found from the shapes the readers read, and from the
configuration TypedDict of each field's definition in scope, so a literal
added to any of them is covered without being listed here.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from _v3_documents import array_documents, consolidated_group_documents, group_documents, replaced
from test_v2_reader_properties import v2_arrays, v2_listings
from zarr_metadata._shapes import (
    Alias,
    AnnotationReader,
    Array,
    Choice,
    FixedArray,
    Node,
    Object,
    Record,
    Scalar,
    Union,
)
from zarr_metadata.definition._positions import kind_of_alias
from zarr_metadata.model import (
    read_array_metadata_v2,
    read_array_metadata_v3,
    read_consolidated_metadata_v2,
    read_group_metadata_v2,
    read_group_metadata_v3,
)
from zarr_metadata.v2 import ZarrV2Context
from zarr_metadata.v2._field_json import ZarrV2CodecMetadata
from zarr_metadata.v2._field_kinds import ZarrV2CodecDefinition
from zarr_metadata.v2._scopes import CORE_V2 as V2_SCOPE
from zarr_metadata.v2.array import ZarrV2ArrayMetadataJSON, ZarrV2ZArrayJSON
from zarr_metadata.v2.consolidated import ZarrV2ConsolidatedMetadataJSON
from zarr_metadata.v2.group import ZarrV2GroupMetadataJSON, ZarrV2ZGroupJSON
from zarr_metadata.v3 import ZarrV3Context
from zarr_metadata.v3._documents import ZarrV3ArrayMetadataJSON, ZarrV3GroupMetadataJSON
from zarr_metadata.v3._scopes import CORE_AND_EXTENSIONS as V3_SCOPE
from zarr_metadata.v3.consolidated import ZarrV3ConsolidatedMetadataEnvelopeJSON

Loc = tuple[str | int, ...]
Scope = ZarrV3Context | ZarrV2Context

SETTINGS = settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def json_type(value: object) -> str:
    """The JSON type of a value as the kind rule reads it: integers are numbers, a boolean is none, and NaN is no JSON number."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "number"
    if isinstance(value, float):
        return "number" if math.isfinite(value) else "non-finite"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list | tuple):
        return "array"
    return "object"


def types_of(node: Node) -> frozenset[str]:
    return frozenset("number" if kind == "integer" else kind for kind in node.kinds)


def leaves(node: Node, seen: frozenset[int] = frozenset()) -> list[Node]:
    """The members a value at `node` may fit: unions spread, aliases followed, a field alias kept as it is."""
    if isinstance(node, Alias) and kind_of_alias(node.origin) is None:  # pyright: ignore[reportArgumentType]
        if id(node) in seen or node.target is None:
            return []
        return leaves(node.target, seen | {id(node)})
    if isinstance(node, Union):
        return [leaf for member in node.members for leaf in leaves(member, seen)]
    return [node]


@dataclasses.dataclass(frozen=True)
class Place:
    """A place in a document, and what the shapes say may sit there."""

    loc: Loc
    value: object
    leaves: tuple[Node, ...]

    def literal(self) -> Choice | None:
        """The literal that holds the value here, when it is the one member that takes the value's JSON type."""
        takers = [leaf for leaf in self.leaves if json_type(self.value) in types_of(leaf)]
        if len(takers) != 1 or not isinstance(takers[0], Choice):
            return None
        return takers[0]

    def admitted(self) -> frozenset[str]:
        return frozenset().union(*(types_of(leaf) for leaf in self.leaves))

    def judged_by_shape(self) -> bool:
        """Whether the shapes alone judge the JSON type here: no member takes any value, and none is judged by a reader its own way."""
        return all(
            isinstance(leaf, Scalar | Choice | Record | Array | FixedArray | Object | Alias)
            for leaf in self.leaves
        )


def places(node: Node, value: object, loc: Loc, scope: Scope) -> Iterator[Place]:
    """Every place in `value` (read against `node`) below `loc`, the fields' configurations included as their definitions in `scope` read them."""
    found = leaves(node)
    if loc:
        yield Place(loc, value, tuple(found))
    kind = json_type(value)
    for leaf in found:
        if kind not in types_of(leaf):
            continue
        if isinstance(leaf, Alias):
            yield from _field_places(leaf, value, loc, scope)
        elif isinstance(leaf, Record) and leaf.origin is ZarrV2CodecMetadata:
            yield from _configuration_places(ZarrV2CodecDefinition, value, loc, scope)
        elif isinstance(leaf, Record) and isinstance(value, Mapping):
            for member in leaf.members:
                if member.key in value:
                    yield from places(member.node, value[member.key], (*loc, member.key), scope)
        elif isinstance(leaf, Array) and isinstance(value, list):
            for index, item in enumerate(value):
                yield from places(leaf.item, item, (*loc, index), scope)
        elif (
            isinstance(leaf, FixedArray)
            and isinstance(value, list)
            and len(value) == len(leaf.items)
        ):
            for index, item in enumerate(value):
                yield from places(leaf.items[index], item, (*loc, index), scope)
        elif isinstance(leaf, Object) and isinstance(value, Mapping):
            for key, item in value.items():
                yield from places(leaf.value, item, (*loc, key), scope)


def _field_places(alias: Alias, value: object, loc: Loc, scope: Scope) -> Iterator[Place]:
    kind = kind_of_alias(alias.origin)  # pyright: ignore[reportArgumentType]
    assert kind is not None
    yield from _configuration_places(kind, value, loc, scope)


def _configuration_places(kind: Any, value: object, loc: Loc, scope: Scope) -> Iterator[Place]:
    name, configuration = kind.read_envelope(value, loc, [])
    if name is None or not isinstance(configuration, Mapping):
        return
    definition = scope.claimant(kind, name)
    if definition is None:
        return
    node = AnnotationReader().read(definition.configuration, name)
    yield from places(node, configuration, kind.configuration_loc(loc), scope)


@dataclasses.dataclass(frozen=True)
class Target:
    """A kind of document: how to draw one, where its places are, and how to read it."""

    name: str
    documents: st.SearchStrategy[Any]
    shape: object
    scope: Scope
    read: Callable[[Any], Any]
    also: Callable[[Any], Iterator[Place]] = lambda document: iter(())


def _v3_group_places(document: Any) -> Iterator[Place]:
    if "consolidated_metadata" in document:
        node = AnnotationReader().read(ZarrV3ConsolidatedMetadataEnvelopeJSON, "envelope")
        yield from places(
            node, document["consolidated_metadata"], ("consolidated_metadata",), V3_SCOPE
        )


def _listed_places(document: Any) -> Iterator[Place]:
    for key, listed in document["metadata"].items():
        shape = (
            ZarrV2ZArrayJSON
            if key.endswith(".zarray")
            else ZarrV2ZGroupJSON
            if key.endswith(".zgroup")
            else None
        )
        if shape is not None:
            yield from places(
                AnnotationReader().read(shape, key), listed, ("metadata", key), V2_SCOPE
            )


def _v2_groups(attributes: Any) -> dict[str, Any]:
    return {"zarr_format": 2, **({} if attributes is None else {"attributes": attributes})}


TARGETS = [
    Target(
        "v3 array", array_documents(), ZarrV3ArrayMetadataJSON, V3_SCOPE, read_array_metadata_v3
    ),
    Target(
        "v3 group", group_documents(), ZarrV3GroupMetadataJSON, V3_SCOPE, read_group_metadata_v3
    ),
    Target(
        "v3 group with consolidated metadata",
        consolidated_group_documents(),
        ZarrV3GroupMetadataJSON,
        V3_SCOPE,
        read_group_metadata_v3,
        _v3_group_places,
    ),
    Target("v2 array", v2_arrays(), ZarrV2ArrayMetadataJSON, V2_SCOPE, read_array_metadata_v2),
    Target(
        "v2 group",
        st.builds(
            _v2_groups, st.none() | st.dictionaries(st.text(max_size=3), st.integers(), max_size=2)
        ),
        ZarrV2GroupMetadataJSON,
        V2_SCOPE,
        read_group_metadata_v2,
    ),
    Target(
        "v2 .zmetadata",
        v2_listings(),
        ZarrV2ConsolidatedMetadataJSON,
        V2_SCOPE,
        read_consolidated_metadata_v2,
        _listed_places,
    ),
]


def every_place(target: Target, document: Any) -> list[Place]:
    node = AnnotationReader().read(target.shape, target.name)
    return [*places(node, document, (), target.scope), *target.also(document)]


OTHER_TYPES: dict[str, st.SearchStrategy[Any]] = {
    "null": st.none(),
    "boolean": st.booleans(),
    "number": st.integers(min_value=-(2**40), max_value=2**40)
    | st.floats(allow_nan=False, allow_infinity=False),
    "string": st.text(max_size=4),
    "array": st.sampled_from([[], [1], ["C"], [None]]),
    "object": st.sampled_from([{}, {"a": 1}, {"name": "x"}]),
    "non-finite": st.sampled_from([math.nan, math.inf, -math.inf]),
}


def another_value(literal: Choice, value: object) -> st.SearchStrategy[Any] | None:
    """A value of the same JSON type as `value` that `literal` does not name, or None when there is none."""
    kind = json_type(value)
    named = [item for item in literal.values if json_type(item) == kind]

    def unnamed(candidate: object) -> bool:
        return not any(type(candidate) is type(item) and candidate == item for item in named)

    if kind == "string":
        return st.text(max_size=6).filter(unnamed)
    if kind == "number":
        return (
            st.integers(min_value=-(2**40), max_value=2**40)
            | st.floats(allow_nan=False, allow_infinity=False)
        ).filter(unnamed)
    if kind == "boolean":
        rest = [flag for flag in (True, False) if unnamed(flag)]
        return st.sampled_from(rest) if rest else None
    return None


def problems_at(reading: Any, loc: Loc) -> list[str]:
    return [problem.kind for problem in reading.problems if problem.loc == loc]


def shown(reading: Any) -> str:
    return "\n".join(
        f"{problem.loc} {problem.kind}: {problem.message}" for problem in reading.problems
    )


@pytest.mark.parametrize("target", TARGETS, ids=[target.name for target in TARGETS])
@SETTINGS
@given(data=st.data())
def test_a_literal_given_another_json_type_is_invalid_type_and_another_value_invalid_value(
    target: Target, data: st.DataObject
) -> None:
    document = data.draw(target.documents, label="document")
    literals = [
        (place, literal)
        for place in every_place(target, document)
        if (literal := place.literal()) is not None
    ]
    assert literals, "every document holds a literal member"
    place, literal = data.draw(st.sampled_from(literals), label="literal")
    other_types = sorted(set(OTHER_TYPES) - place.admitted() - {json_type(place.value)})
    same = another_value(literal, place.value)
    if same is not None and data.draw(st.booleans(), label="same type"):
        new, kind = data.draw(same, label="another value"), "invalid_value"
    else:
        other = data.draw(st.sampled_from(other_types), label="other type")
        new, kind = data.draw(OTHER_TYPES[other], label="value of another type"), "invalid_type"
    reading = target.read(replaced(document, place.loc, lambda _: new))
    assert problems_at(reading, place.loc) == [kind], shown(reading)


@pytest.mark.parametrize("target", TARGETS, ids=[target.name for target in TARGETS])
@SETTINGS
@given(data=st.data())
def test_a_bare_nan_is_invalid_type_where_no_number_belongs(
    target: Target, data: st.DataObject
) -> None:
    document = data.draw(target.documents, label="document")
    judged = [
        place
        for place in every_place(target, document)
        if place.judged_by_shape() and "number" not in place.admitted() - _literal_numbers(place)
    ]
    if not judged:
        return
    place = data.draw(st.sampled_from(judged), label="place")
    nan = data.draw(OTHER_TYPES["non-finite"], label="nan")
    reading = target.read(replaced(document, place.loc, lambda _: nan))
    assert problems_at(reading, place.loc) == ["invalid_type"], shown(reading)


def _literal_numbers(place: Place) -> frozenset[str]:
    """The number type, when only literals take numbers here: NaN is none of their values, nor a JSON number at all."""
    takers = [leaf for leaf in place.leaves if "number" in types_of(leaf)]
    return (
        frozenset({"number"})
        if takers and all(isinstance(leaf, Choice) for leaf in takers)
        else frozenset()
    )


@pytest.mark.parametrize("target", TARGETS, ids=[target.name for target in TARGETS])
@SETTINGS
@given(data=st.data())
def test_a_bare_nan_is_invalid_value_where_a_number_belongs(
    target: Target, data: st.DataObject
) -> None:
    document = data.draw(target.documents, label="document")
    numbers = [
        place
        for place in every_place(target, document)
        if place.judged_by_shape()
        and [leaf for leaf in place.leaves if "number" in types_of(leaf)]
        and all(
            isinstance(leaf, Scalar) and leaf.type is float
            for leaf in place.leaves
            if "number" in types_of(leaf)
        )
    ]
    if not numbers:
        return
    place = data.draw(st.sampled_from(numbers), label="place")
    nan = data.draw(OTHER_TYPES["non-finite"], label="nan")
    reading = target.read(replaced(document, place.loc, lambda _: nan))
    assert problems_at(reading, place.loc) == ["invalid_value"], shown(reading)


@pytest.mark.parametrize(
    ("document", "read", "loc", "kind"),
    [
        (
            {"zarr_format": "3", "node_type": "group"},
            read_group_metadata_v3,
            ("zarr_format",),
            "invalid_type",
        ),
        (
            {"zarr_format": None, "node_type": "group"},
            read_group_metadata_v3,
            ("zarr_format",),
            "invalid_type",
        ),
        (
            {"zarr_format": True, "node_type": "group"},
            read_group_metadata_v3,
            ("zarr_format",),
            "invalid_type",
        ),
        (
            {"zarr_format": {}, "node_type": "group"},
            read_group_metadata_v3,
            ("zarr_format",),
            "invalid_type",
        ),
        (
            {"zarr_format": math.nan, "node_type": "group"},
            read_group_metadata_v3,
            ("zarr_format",),
            "invalid_type",
        ),
        (
            {"zarr_format": 4, "node_type": "group"},
            read_group_metadata_v3,
            ("zarr_format",),
            "invalid_value",
        ),
        (
            {"zarr_format": 3.0, "node_type": "group"},
            read_group_metadata_v3,
            ("zarr_format",),
            "invalid_value",
        ),
        (
            {"zarr_format": 3, "node_type": 5},
            read_group_metadata_v3,
            ("node_type",),
            "invalid_type",
        ),
        (
            {"zarr_format": 3, "node_type": "array"},
            read_group_metadata_v3,
            ("node_type",),
            "invalid_value",
        ),
        ({"zarr_format": "2"}, read_group_metadata_v2, ("zarr_format",), "invalid_type"),
        ({"zarr_format": 2.5}, read_group_metadata_v2, ("zarr_format",), "invalid_value"),
    ],
)
def test_the_kind_of_a_wrong_format_or_node_type(
    document: Any, read: Callable[[Any], Any], loc: Loc, kind: str
) -> None:
    reading = read(document)
    assert problems_at(reading, loc) == [kind], shown(reading)


V2_ARRAY: dict[str, Any] = {
    "zarr_format": 2,
    "shape": [10],
    "chunks": [5],
    "dtype": "<f8",
    "compressor": None,
    "fill_value": 0.0,
    "order": "C",
    "filters": None,
}


@pytest.mark.parametrize(
    ("members", "loc", "kind"),
    [
        ({"order": 0}, ("order",), "invalid_type"),
        ({"order": "K"}, ("order",), "invalid_value"),
        ({"dimension_separator": 1}, ("dimension_separator",), "invalid_type"),
        ({"dimension_separator": "-"}, ("dimension_separator",), "invalid_value"),
        ({"compressor": {"id": "blosc", "cname": 1}}, ("compressor", "cname"), "invalid_type"),
        (
            {"compressor": {"id": "blosc", "shuffle": "1"}},
            ("compressor", "shuffle"),
            "invalid_type",
        ),
        (
            {"compressor": {"id": "blosc", "shuffle": 1.5}},
            ("compressor", "shuffle"),
            "invalid_value",
        ),
    ],
)
def test_the_kind_of_a_wrong_v2_literal(members: dict[str, Any], loc: Loc, kind: str) -> None:
    reading = read_array_metadata_v2({**V2_ARRAY, **members})
    assert problems_at(reading, loc) == [kind], shown(reading)
