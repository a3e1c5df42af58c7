"""The v3 repair reader: each known writer bug undone and reported, and nothing else touched."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zarr_metadata.model import (
    Repair,
    ZarrV3RepairedNodeMetadataReading,
    read_consolidated_metadata_v3,
    read_node_metadata_v3,
    read_repaired_node_metadata_v3,
    repair_node_metadata_v3,
)

CHUNK_LENGTH_0 = ("chunk_grid", "configuration", "chunk_shape", 0)


def array(**members: object) -> dict[str, Any]:
    """A valid float32 array document, with `members` replaced."""
    document: dict[str, Any] = {
        "zarr_format": 3,
        "node_type": "array",
        "shape": [0, 5],
        "data_type": "float32",
        "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [1, 5]}},
        "chunk_key_encoding": {"name": "default"},
        "fill_value": 0.0,
        "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}],
    }
    document.update(members)
    return document


def grid(*lengths: object) -> dict[str, Any]:
    return {"name": "regular", "configuration": {"chunk_shape": list(lengths)}}


def group(consolidated: dict[str, Any] | None = None, **members: object) -> dict[str, Any]:
    """A group document, with consolidated metadata listing `consolidated` when given."""
    document: dict[str, Any] = {"zarr_format": 3, "node_type": "group", "attributes": {}}
    if consolidated is not None:
        document["consolidated_metadata"] = {
            "kind": "inline",
            "must_understand": False,
            "metadata": consolidated,
        }
    document.update(members)
    return document


def text(value: object) -> str:
    # JSON text compares NaN with NaN, which `==` on the values does not.
    return json.dumps(value)


def at(document: object, loc: tuple[str | int, ...]) -> object:
    for part in loc:
        document = cast(Any, document)[part]
    return document


def locs_and_kinds(repairs: tuple[Repair, ...]) -> list[tuple[tuple[str | int, ...], str]]:
    return [(repair.loc, repair.kind) for repair in repairs]


# -- zero_chunk_length --------------------------------------------------------


def test_a_zero_chunk_length_along_an_empty_dimension_becomes_one() -> None:
    document = array(chunk_grid=grid(0, 5))
    assert read_node_metadata_v3(document).problems  # the bug is a problem until repaired
    repaired, repairs = repair_node_metadata_v3(document)
    assert locs_and_kinds(repairs) == [(CHUNK_LENGTH_0, "zero_chunk_length")]
    assert "from 0 to 1" in repairs[0].message
    assert at(repaired, ("chunk_grid", "configuration", "chunk_shape")) == [1, 5]
    assert read_node_metadata_v3(repaired).problems == ()
    assert document["chunk_grid"]["configuration"]["chunk_shape"] == [0, 5]


def test_every_empty_dimension_is_repaired_and_arrays_keep_their_kind() -> None:
    document = array(shape=(0, 3, 0), chunk_grid=grid(0, 3, 0))
    document["chunk_grid"]["configuration"]["chunk_shape"] = (0, 3, 0)
    repaired, repairs = repair_node_metadata_v3(document)
    assert [repair.loc[-1] for repair in repairs] == [0, 2]
    assert {repair.kind for repair in repairs} == {"zero_chunk_length"}
    assert at(repaired, ("chunk_grid", "configuration", "chunk_shape")) == (1, 3, 1)
    assert read_node_metadata_v3(repaired).problems == ()


@pytest.mark.parametrize(
    ("description", "members"),
    [
        (
            "a 0 chunk length along a dimension that is not empty",
            {"shape": [3, 5], "chunk_grid": grid(0, 5)},
        ),
        ("a false chunk length, which is not a number", {"chunk_grid": grid(False, 5)}),
        (
            "a false dimension length, which is not a number",
            {"shape": [False, 5], "chunk_grid": grid(0, 5)},
        ),
        ("a 0.0 chunk length, which is not an integer", {"chunk_grid": grid(0.0, 5)}),
        (
            "a grid that is not the regular one",
            {"chunk_grid": {"name": "rectilinear", "configuration": {"chunk_shape": [0, 5]}}},
        ),
        ("one chunk length too many", {"chunk_grid": grid(0, 5, 1)}),
    ],
)
def test_a_zero_chunk_length_is_left_alone_otherwise(
    description: str, members: dict[str, object]
) -> None:
    document = array(**members)
    before = read_node_metadata_v3(document).problems
    repaired, repairs = repair_node_metadata_v3(document)
    assert repaired is document, description
    assert repairs == ()
    assert read_node_metadata_v3(repaired).problems == before != ()


# -- null_consolidated_metadata -----------------------------------------------


def test_null_consolidated_metadata_is_removed() -> None:
    document = group(consolidated_metadata=None)
    repaired, repairs = repair_node_metadata_v3(document)
    assert repairs == (
        Repair(
            ("consolidated_metadata",),
            "null_consolidated_metadata",
            "removed the member consolidated_metadata, which was null",
        ),
    )
    assert repaired == {"zarr_format": 3, "node_type": "group", "attributes": {}}
    assert read_node_metadata_v3(repaired).problems == ()
    assert document["consolidated_metadata"] is None


def test_empty_consolidated_metadata_is_not_repaired() -> None:
    document = group(consolidated_metadata={})
    repaired, repairs = repair_node_metadata_v3(document)
    assert repaired is document
    assert repairs == ()
    assert read_repaired_node_metadata_v3(document).reading.problems != ()


def test_null_consolidated_metadata_is_only_a_group_bug() -> None:
    document = array(consolidated_metadata=None)
    assert repair_node_metadata_v3(document) == (document, ())


# -- non_finite_fill_value ----------------------------------------------------


@pytest.mark.parametrize(
    ("token", "spelled"), [("NaN", "NaN"), ("Infinity", "Infinity"), ("-Infinity", "-Infinity")]
)
def test_a_bare_non_finite_float_fill_value_inside_consolidated_metadata_is_spelled(
    token: str, spelled: str
) -> None:
    child = json.dumps(array()).replace('"fill_value": 0.0', f'"fill_value": {token}')
    document = group({"a": json.loads(child)})
    repaired, repairs = repair_node_metadata_v3(document)
    loc = ("consolidated_metadata", "metadata", "a", "fill_value")
    assert locs_and_kinds(repairs) == [(loc, "non_finite_fill_value")]
    assert (
        repairs[0].message
        == f'changed the fill value from the bare number {token} to the string "{spelled}"'
    )
    assert at(repaired, loc) == spelled
    assert read_consolidated_metadata_v3(at(repaired, ("consolidated_metadata",))).problems == ()


def test_each_bare_non_finite_component_of_a_complex_fill_value_is_spelled() -> None:
    child = array(data_type="complex64", fill_value=[math.inf, 1.5])
    other = array(data_type="complex128", fill_value=[-math.inf, math.nan])
    document = group({"a": child, "b": other})
    assert read_consolidated_metadata_v3(document["consolidated_metadata"]).problems
    repaired, repairs = repair_node_metadata_v3(document)
    fill_a = ("consolidated_metadata", "metadata", "a", "fill_value")
    fill_b = ("consolidated_metadata", "metadata", "b", "fill_value")
    assert locs_and_kinds(repairs) == [
        ((*fill_a, 0), "non_finite_fill_value"),
        ((*fill_b, 0), "non_finite_fill_value"),
        ((*fill_b, 1), "non_finite_fill_value"),
    ]
    assert at(repaired, fill_a) == ["Infinity", 1.5]
    assert at(repaired, fill_b) == ["-Infinity", "NaN"]
    assert read_consolidated_metadata_v3(at(repaired, ("consolidated_metadata",))).problems == ()


@pytest.mark.parametrize(
    ("value", "spelled"), [(math.nan, "NaN"), (math.inf, "Infinity"), (-math.inf, "-Infinity")]
)
def test_a_bare_non_finite_fill_value_of_a_top_level_array_is_spelled(
    value: float, spelled: str
) -> None:
    # zarr-python writes the bare number into zarr.json as into consolidated metadata;
    # repairing only the copy would leave the store disagreeing with itself.
    document = array(fill_value=value)
    repaired, repairs = repair_node_metadata_v3(document)
    assert locs_and_kinds(repairs) == [(("fill_value",), "non_finite_fill_value")]
    assert at(repaired, ("fill_value",)) == spelled
    assert read_repaired_node_metadata_v3(document).reading.problems == ()


def test_a_bare_nan_fill_value_of_a_data_type_that_is_not_float_is_not_repaired() -> None:
    document = group({"a": array(data_type="int32", fill_value=math.nan)})
    assert repair_node_metadata_v3(document) == (document, ())


# -- together, and the repair reader ------------------------------------------


def test_every_repair_inside_consolidated_metadata_at_any_depth() -> None:
    inner = group(consolidated_metadata=None)
    inner_with_children = group({"c": array(chunk_grid=grid(0, 5), fill_value=math.nan)})
    document = group({"a": array(chunk_grid=grid(0, 5)), "b": inner, "d": inner_with_children})
    before = text(document)
    repaired, repairs = repair_node_metadata_v3(document)
    listed = ("consolidated_metadata", "metadata")
    assert locs_and_kinds(repairs) == [
        ((*listed, "a", *CHUNK_LENGTH_0), "zero_chunk_length"),
        ((*listed, "b", "consolidated_metadata"), "null_consolidated_metadata"),
        ((*listed, "d", *listed, "c", *CHUNK_LENGTH_0), "zero_chunk_length"),
        ((*listed, "d", *listed, "c", "fill_value"), "non_finite_fill_value"),
    ]
    assert text(document) == before
    assert read_consolidated_metadata_v3(at(repaired, ("consolidated_metadata",))).problems == ()
    # The untouched child is shared, not copied.
    assert at(repaired, (*listed, "d", "attributes")) is inner_with_children["attributes"]


def test_the_repair_reader_reads_the_repaired_document() -> None:
    document = array(chunk_grid=grid(0, 5))
    result = read_repaired_node_metadata_v3(document)
    assert isinstance(result, ZarrV3RepairedNodeMetadataReading)
    assert locs_and_kinds(result.repairs) == [(CHUNK_LENGTH_0, "zero_chunk_length")]
    assert result.reading.problems == ()
    assert result.reading.metadata is not None
    assert at(
        result.reading.metadata.to_json(), ("chunk_grid", "configuration", "chunk_shape")
    ) == (1, 5)


@pytest.mark.parametrize(
    "document",
    [
        array(),
        group(),
        group({"a": array(fill_value="NaN")}),
        {"node_type": "neither"},
        [],
        None,
        "zarr.json",
    ],
)
def test_a_document_that_needs_no_repair_is_returned_as_it_is(document: object) -> None:
    repaired, repairs = repair_node_metadata_v3(document)
    assert repaired is document
    assert repairs == ()


def test_consolidated_metadata_nested_past_the_depth_limit_is_not_walked() -> None:
    document: dict[str, Any] = group(consolidated_metadata=None)
    for _ in range(3000):
        document = group({"a": document})
    repaired, repairs = repair_node_metadata_v3(document)
    assert repaired is document
    assert repairs == ()

    shallow: dict[str, Any] = group(consolidated_metadata=None)
    for _ in range(20):
        shallow = group({"a": shallow})
    [repair] = repair_node_metadata_v3(shallow)[1]
    assert repair.loc == ("consolidated_metadata", "metadata", "a") * 20 + (
        "consolidated_metadata",
    )


# -- properties ---------------------------------------------------------------

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=2**64, max_value=2**4000),
    st.floats(),
    st.text(max_size=8),
)
keys = st.one_of(st.text(max_size=8), st.integers(), st.none(), st.floats(allow_nan=False))
json_like = st.recursive(
    scalars,
    lambda children: st.one_of(
        st.lists(children, max_size=4),
        st.lists(children, max_size=4).map(tuple),
        st.dictionaries(keys, children, max_size=4),
    ),
    max_leaves=30,
)

# Parts near the bugs, so generated documents reach every repair.
length = st.sampled_from([0, 1, 2, False, 0.0, -1, 2**70])
fill_values = st.one_of(
    st.sampled_from([math.nan, math.inf, -math.inf, 0.0, 1, "NaN", None]),
    st.lists(st.sampled_from([math.nan, math.inf, -math.inf, 0.0]), min_size=1, max_size=3),
)


@st.composite
def near_arrays(draw: st.DrawFn) -> object:
    shape = draw(st.lists(length, max_size=3))
    # Mostly one chunk length per dimension, as the repair requires.
    chunk_shape = draw(
        st.one_of(st.lists(length, min_size=len(shape), max_size=len(shape)), json_like)
    )
    return {
        "zarr_format": 3,
        "node_type": "array",
        "shape": draw(st.sampled_from([shape, tuple(shape)])),
        "data_type": draw(
            st.sampled_from(["float32", "complex64", "int8", {"name": "float64"}, None])
        ),
        "chunk_grid": {
            "name": draw(st.sampled_from(["regular", "rectilinear", 0])),
            "configuration": {"chunk_shape": chunk_shape},
        },
        "fill_value": draw(st.one_of(fill_values, fill_values, json_like)),
    }


@st.composite
def near_documents(draw: st.DrawFn, depth: int = 0) -> object:
    if depth >= 3 or draw(st.booleans()):
        return draw(near_arrays())
    document: dict[object, object] = {"zarr_format": 3, "node_type": "group"}
    paths = st.one_of(st.text(max_size=3), st.text(max_size=3), keys)
    child = near_documents(depth + 1)
    children = st.dictionaries(paths, st.one_of(child, child, json_like), min_size=1, max_size=3)
    member = st.fixed_dictionaries({"kind": st.just("inline"), "metadata": children})
    document["consolidated_metadata"] = draw(st.one_of(st.none(), member, member, json_like))
    return document


def _checked(value: object) -> None:
    before = text(value)
    repaired, repairs = repair_node_metadata_v3(value)
    assert text(value) == before  # the input is not changed
    assert (repaired is value) == (repairs == ())
    for repair in repairs:
        if repair.kind == "zero_chunk_length":
            assert at(repaired, repair.loc) == 1
        elif repair.kind == "non_finite_fill_value":
            assert at(repaired, repair.loc) in ("NaN", "Infinity", "-Infinity")
        else:
            assert repair.kind == "null_consolidated_metadata"
            assert repair.loc[-1] not in cast(
                Mapping[object, object], at(repaired, repair.loc[:-1])
            )
    again, more = repair_node_metadata_v3(repaired)
    assert again is repaired
    assert more == ()


@settings(max_examples=300)
@given(json_like)
def test_repair_never_raises_and_is_idempotent_on_any_json_like_value(value: object) -> None:
    _checked(value)


@settings(max_examples=300)
@given(near_documents())
def test_repair_never_raises_and_is_idempotent_on_documents_near_the_bugs(value: object) -> None:
    _checked(value)
