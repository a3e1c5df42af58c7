"""The v2 readers: a `.zarray` or `.zgroup` with its `.zattrs`, the files of one node, and a `.zmetadata`; every problem in one pass, located in the file that holds it."""

from __future__ import annotations

import math
from typing import Any

import pytest

from zarr_metadata.definition import AcceptedField, UnclaimedField
from zarr_metadata.model import (
    ZarrV2ArrayMetadata,
    ZarrV2ArrayMetadataReading,
    ZarrV2GroupMetadata,
    ZarrV2GroupMetadataReading,
    ZarrV2UnknownNodeMetadataReading,
    read_array_metadata_v2,
    read_consolidated_metadata_v2,
    read_group_metadata_v2,
    read_node_metadata_v2,
)
from zarr_metadata.model._group_v2 import ignored_members_v2
from zarr_metadata.problems import ValidationProblem
from zarr_metadata.v2 import ZarrV2Context
from zarr_metadata.v2.codec import CODECS_V2
from zarr_metadata.v2.data_type import DATA_TYPES_V2

Loc = tuple[str | int, ...]
GROUP: dict[str, Any] = {"zarr_format": 2}
VLEN_UTF8: dict[str, Any] = {"id": "vlen-utf8"}
WITHOUT_INT = ZarrV2Context(
    data_types=[d for d in DATA_TYPES_V2 if d.name != "int"], codecs=CODECS_V2
)


def array(**members: Any) -> dict[str, Any]:
    """A valid `.zarray` (float64, zlib-compressed, 10 by 10 in chunks of 5 by 5), with `members` replaced."""
    document: dict[str, Any] = {
        "zarr_format": 2,
        "shape": [10, 10],
        "chunks": [5, 5],
        "dtype": "<f8",
        "compressor": {"id": "zlib", "level": 1},
        "fill_value": 0.0,
        "order": "C",
        "filters": None,
    }
    document.update(members)
    return document


def zmetadata(listing: Any, **members: Any) -> dict[str, Any]:
    return {"zarr_consolidated_format": 1, "metadata": listing, **members}


def found(problems: tuple[ValidationProblem, ...]) -> list[tuple[Loc, str]]:
    return [(problem.loc, problem.kind) for problem in problems]


def array_problems(document: object, context: ZarrV2Context | None = None) -> list[tuple[Loc, str]]:
    return found(read_array_metadata_v2(document, context=context).problems)


# An array document


def test_a_valid_array_reads_to_a_model_with_its_fields() -> None:
    reading = read_array_metadata_v2(array(filters=[{"id": "crc32"}]))
    assert reading.problems == ()
    assert isinstance(reading.metadata, ZarrV2ArrayMetadata)
    assert isinstance(reading.dtype, AcceptedField) and reading.dtype.name == "<f8"
    assert isinstance(reading.compressor, AcceptedField) and reading.compressor.name == "zlib"
    assert reading.filters is not None and [field.name for field in reading.filters] == ["crc32"]  # type: ignore[union-attr]


def test_a_null_compressor_and_null_filters_read_as_none() -> None:
    reading = read_array_metadata_v2(array(compressor=None))
    assert reading.compressor is None and reading.filters is None
    assert [loc for loc, _ in reading.fields()] == [("dtype",)]


@pytest.mark.parametrize(
    "member",
    ["zarr_format", "shape", "chunks", "dtype", "compressor", "fill_value", "order", "filters"],
)
def test_a_missing_required_member_is_a_missing_key_at_that_member(member: str) -> None:
    document = array()
    del document[member]
    assert array_problems(document) == [((member,), "missing_key")]


def test_dimension_separator_and_attributes_may_be_absent() -> None:
    assert array_problems(array()) == []
    assert array_problems(array(dimension_separator="/", attributes={"a": 1})) == []


WRONG: list[tuple[str, dict[str, Any], list[tuple[Loc, str]]]] = [
    ("zarr_format 3", {"zarr_format": 3}, [(("zarr_format",), "invalid_value")]),
    (
        "zarr_format as text",
        {"zarr_format": "2"},
        [(("zarr_format",), "invalid_type")],
    ),  # another JSON type than the integer 2
    ("zarr_format as a float", {"zarr_format": 2.0}, [(("zarr_format",), "invalid_value")]),
    ("shape not an array", {"shape": "x"}, [(("shape",), "invalid_type")]),
    ("a negative length", {"shape": [-1, 10]}, [(("shape", 0), "invalid_value")]),
    ("a boolean length", {"shape": [True, 10]}, [(("shape", 0), "invalid_type")]),
    ("a text length", {"shape": [10, "x"]}, [(("shape", 1), "invalid_type")]),
    ("a float chunk length", {"chunks": [5.0, 5]}, [(("chunks", 0), "invalid_type")]),
    # zarr-python 2.18 fails on chunks of 0 (ZeroDivisionError); 3.4.2 warns
    # "The stored chunk shape [0] is invalid: chunk sizes must be integers of at least 1".
    ("a chunk length of 0", {"chunks": [0, 5]}, [(("chunks", 0), "invalid_value")]),
    # The v2 spec lists the type codes b i u f c m M S U V (and zarr-python adds O);
    # zarr-python 3.4.2 fails: "No Zarr data type found that matches {'name': '<x4', ...}".
    ("a data type of no NumPy kind", {"dtype": "<x4"}, [(("dtype",), "invalid_value")]),
    ("a data type that is a number", {"dtype": 8}, [(("dtype",), "invalid_type")]),
    (
        "a fill value of text for an int",
        {"dtype": "<i4", "fill_value": "0"},
        [(("fill_value",), "invalid_type")],
    ),
    (
        "a fill value out of range",
        {"dtype": "<i8", "fill_value": 2**63},
        [(("fill_value",), "invalid_value")],
    ),
    (
        "a boolean fill value of 0",
        {"dtype": "|b1", "fill_value": 0},
        [(("fill_value",), "invalid_type")],
    ),
    (
        "bytes not in base64",
        {"dtype": "|S4", "fill_value": "abc"},
        [(("fill_value",), "invalid_value")],
    ),
    # The v2 spec: datetime and timedelta types "MUST also include the units within
    # square brackets"; zarr-python 3.4.2 fails ("Cannot convert a NumPy datetime
    # value other than NaT with generic units"), 2.18 too (MetadataError).
    ("a datetime without a unit", {"dtype": "<M8"}, [(("dtype",), "invalid_value")]),
    ("order K", {"order": "K"}, [(("order",), "invalid_value")]),
    (
        "a dash separator",
        {"dimension_separator": "-"},
        [(("dimension_separator",), "invalid_value")],
    ),
    ("a compressor that is a number", {"compressor": 3}, [(("compressor",), "invalid_type")]),
    (
        "a compressor without id",
        {"compressor": {"level": 1}},
        [(("compressor", "id"), "missing_key")],
    ),
    (
        "a compressor with an id of a number",
        {"compressor": {"id": 5}},
        [(("compressor", "id"), "invalid_type")],
    ),
    (
        "a zlib level out of range",
        {"compressor": {"id": "zlib", "level": 99}},
        [(("compressor", "level"), "invalid_value")],
    ),
    (
        "a zlib parameter it lacks",
        {"compressor": {"id": "zlib", "extra": 2}},
        [(("compressor", "extra"), "unknown_key")],
    ),
    ("filters that are a number", {"filters": 5}, [(("filters",), "invalid_type")]),
    ("a null filter", {"filters": [None]}, [(("filters", 0), "invalid_type")]),
    (
        "a second filter without id",
        {"filters": [{"id": "crc32"}, {}]},
        [(("filters", 1, "id"), "missing_key")],
    ),
    ("attributes that are an array", {"attributes": [1]}, [(("attributes",), "invalid_type")]),
    ("an attribute key of a number", {"attributes": {1: 2}}, [(("attributes",), "invalid_type")]),
    (
        "a structured type with a name twice",
        {"dtype": [["a", "<i4"], ["a", "<f8"]], "fill_value": None},
        [(("dtype", 1, 0), "invalid_value")],
    ),
    (
        "a structured field of no NumPy kind",
        {"dtype": [["a", "<i4"], ["b", "<q8"]], "fill_value": None},
        [(("dtype", 1, 1), "invalid_value")],
    ),
]


@pytest.mark.parametrize(
    ("members", "expected"),
    [(members, expected) for _, members, expected in WRONG],
    ids=[name for name, _, _ in WRONG],
)
def test_each_wrong_member_is_one_problem_located_as_deep_as_it_goes(
    members: dict[str, Any], expected: list[tuple[Loc, str]]
) -> None:
    reading = read_array_metadata_v2(array(**members))
    assert found(reading.problems) == expected
    assert reading.metadata is None


def test_every_problem_is_found_in_one_pass() -> None:
    # node_type is no member of a v2 array: ignored, as the v2 spec says it should be.
    document = array(
        zarr_format=3,
        shape=5,
        chunks=[0],
        dtype="float32",
        fill_value="x",
        order="K",
        compressor=3,
        filters=[],
        attributes=1,
        node_type="array",
    )
    assert array_problems(document) == [
        (("zarr_format",), "invalid_value"),
        (("shape",), "invalid_type"),
        (("chunks", 0), "invalid_value"),
        (("dtype",), "invalid_value"),
        (("compressor",), "invalid_type"),
        (("filters",), "invalid_value"),
        (("order",), "invalid_value"),
        (("attributes",), "invalid_type"),
    ]


def test_a_document_that_is_not_an_object_is_one_problem_at_the_root() -> None:
    values: tuple[object, ...] = (None, [], "x", 5)
    for value in values:
        assert array_problems(value) == [((), "invalid_type")]


def test_chunks_need_one_length_per_dimension_of_the_shape() -> None:
    (problem,) = read_array_metadata_v2(array(chunks=[5])).problems
    assert (problem.loc, problem.kind) == (("chunks",), "invalid_value")
    assert "[10, 10]" in problem.message and problem.ctx["dimensions"] == 2
    assert array_problems(array(shape=[], chunks=[])) == []


def test_chunks_are_not_compared_with_a_shape_that_has_a_problem() -> None:
    assert array_problems(array(shape=[10, "x"], chunks=[5])) == [(("shape", 1), "invalid_type")]


def test_an_empty_filters_list_is_a_problem_null_says_no_filters() -> None:
    # zarr-python 3.4.2 warns: "Found an empty list of filters in the array metadata
    # document. This is contrary to the Zarr V2 specification"; the repair empty_filters writes null.
    (problem,) = read_array_metadata_v2(array(filters=[])).problems
    assert (problem.loc, problem.kind) == (("filters",), "invalid_value")
    assert "null" in problem.message


def test_the_fill_value_is_not_judged_against_a_data_type_with_a_problem() -> None:
    assert array_problems(array(dtype="<x4", fill_value={"not": "a number"})) == [
        (("dtype",), "invalid_value")
    ]


def test_the_fill_value_of_a_data_type_nothing_claims_may_be_any_json() -> None:
    reading = read_array_metadata_v2(
        array(dtype="<i4", fill_value={"any": [1, None]}), context=WITHOUT_INT
    )
    assert reading.problems == ()
    assert isinstance(reading.dtype, UnclaimedField)
    assert array_problems(array(dtype="<i4", fill_value=math.nan), context=WITHOUT_INT) == [
        (("fill_value",), "invalid_value")
    ]


def test_a_v3_data_type_name_is_a_problem_that_says_so() -> None:
    for name in ("bfloat16", "float64", "int32"):
        (problem,) = read_array_metadata_v2(array(dtype=name)).problems
        assert (problem.loc, problem.kind) == (("dtype",), "invalid_value")
        assert "Zarr v3 data type" in problem.message, problem.message
    # A name v3 does not have either gets the general message.
    (problem,) = read_array_metadata_v2(array(dtype="acme")).problems
    assert "Zarr v3" not in problem.message and "NumPy type string" in problem.message


# The object data type and its codec


@pytest.mark.parametrize(
    "filters",
    [
        [VLEN_UTF8],
        [{"id": "vlen-bytes"}],
        [{"id": "vlen-array", "dtype": "<i4"}],
        [{"id": "crc32"}, VLEN_UTF8],
        [{"id": "acme.objects"}],
    ],
    ids=[
        "vlen-utf8",
        "vlen-bytes",
        "vlen-array",
        "an object codec second",
        "an unknown filter, which might be one",
    ],
)
def test_an_object_data_type_reads_with_an_object_codec_among_its_filters(
    filters: list[Any],
) -> None:
    assert array_problems(array(dtype="|O", fill_value=None, filters=filters)) == []


@pytest.mark.parametrize(
    ("members", "named"),
    [
        ({"filters": None}, "none"),
        ({"filters": [{"id": "crc32"}]}, '["crc32"]'),
        ({"filters": None, "compressor": VLEN_UTF8}, "none"),
    ],
    ids=["no filters", "a filter that encodes no object", "the object codec as compressor"],
)
def test_an_object_data_type_without_an_object_codec_among_its_filters_is_a_problem(
    members: dict[str, Any], named: str
) -> None:
    # zarr-python 3.4.2 fails to open it: "No Zarr data type found that matches
    # {'name': '|O', 'object_codec_id': None}".
    (problem,) = read_array_metadata_v2(array(dtype="|O", fill_value=None, **members)).problems
    assert (problem.loc, problem.kind) == (("filters",), "invalid_value")
    assert "object (O) data type" in problem.message and problem.message.endswith(named)


def test_a_structured_type_with_an_object_field_needs_an_object_codec_too() -> None:
    nested = [["a", "<i4"], ["b", [["c", "|O"]]]]
    (problem,) = read_array_metadata_v2(array(dtype=nested, fill_value=None)).problems
    assert (problem.loc, problem.kind) == (("filters",), "invalid_value")
    assert "structured data type with an object (O) field" in problem.message
    assert (
        array_problems(array(dtype=nested, fill_value=None, filters=[{"id": "vlen-bytes"}])) == []
    )
    assert array_problems(array(dtype=[["a", "<i4"]], fill_value=None)) == []


def test_the_object_codec_is_not_asked_of_filters_with_a_problem() -> None:
    assert array_problems(array(dtype="|O", fill_value=None, filters=5)) == [
        (("filters",), "invalid_type")
    ]


# Members a v2 array does not define


V3_MEMBERS = [
    "node_type",
    "data_type",
    "chunk_grid",
    "chunk_key_encoding",
    "codecs",
    "storage_transformers",
    "dimension_names",
]


@pytest.mark.parametrize("member", V3_MEMBERS)
def test_a_member_only_v3_has_is_ignored_and_kept(member: str) -> None:
    # The v2 spec: other keys "SHOULD be ignored"; zarr-python 3.4.2 opens such
    # an array (storage_transformers, data_type and all) and round-trips a chunk.
    reading = read_array_metadata_v2(array(**{member: "array"}))
    assert reading.problems == ()
    assert reading.metadata is not None
    assert reading.metadata.extra_fields == {member: "array"}
    assert reading.metadata.to_json()[member] == "array"  # type: ignore[literal-required]


def test_a_v2_array_without_dtype_is_missing_dtype_whatever_else_it_holds() -> None:
    document = array(data_type="int32", storage_transformers=[])
    del document["dtype"]
    assert array_problems(document) == [(("dtype",), "missing_key")]


def test_ignored_members_are_listed_for_the_checker_in_document_order() -> None:
    document = {**array(), "storage_transformers": [], "acme": 1, "attributes": {}}
    assert ignored_members_v2(".zarray", document) == ("storage_transformers", "acme")
    assert ignored_members_v2(
        ".zgroup", {"zarr_format": 2, "consolidated_metadata": None, 1: 2}
    ) == ("consolidated_metadata",)
    assert ignored_members_v2(".zgroup", GROUP) == ()
    assert ignored_members_v2(".zattrs", {"a": 1}) == ()
    assert ignored_members_v2(".zarray", [1]) == ()


def test_other_unknown_members_are_kept_as_extra_fields() -> None:
    reading = read_array_metadata_v2(array(acme={"k": [1, 2.5]}, **{"zarr.extra": None}))
    assert reading.problems == ()
    assert reading.metadata is not None
    assert list(reading.metadata.extra_fields) == ["acme", "zarr.extra"]
    assert reading.metadata.extra_fields["zarr.extra"] is None


def test_an_unknown_member_that_is_not_json_is_a_problem_inside_it() -> None:
    assert array_problems(array(acme={"k": {1, 2}})) == [(("acme", "k"), "invalid_type")]
    # Nothing reads an ignored member, so like user data it may hold NaN.
    assert array_problems(array(acme={"k": [1, math.nan]})) == []


def test_a_member_key_that_is_not_a_string_is_a_problem_at_the_root() -> None:
    assert array_problems({1: 2, **array()}) == [((), "invalid_type")]


# A group document


def test_a_valid_group_reads_to_a_model_and_holds_no_field() -> None:
    reading = read_group_metadata_v2({"zarr_format": 2, "attributes": {"a": math.nan}})
    assert reading.problems == ()
    assert isinstance(reading.metadata, ZarrV2GroupMetadata)
    assert list(reading.fields()) == []


@pytest.mark.parametrize(
    ("document", "expected"),
    [
        ({}, [(("zarr_format",), "missing_key")]),
        ({"zarr_format": 3}, [(("zarr_format",), "invalid_value")]),
        ({"zarr_format": 2, "attributes": 5}, [(("attributes",), "invalid_type")]),
        ({"zarr_format": 2, 1: 2}, [((), "invalid_type")]),
        ({"zarr_format": 2, "acme": {1, 2}}, [(("acme",), "invalid_type")]),
        ([], [((), "invalid_type")]),
    ],
    ids=[
        "empty",
        "zarr_format 3",
        "attributes not an object",
        "a key not a string",
        "an ignored member not JSON",
        "an array",
    ],
)
def test_the_problems_of_a_group(document: object, expected: list[tuple[Loc, str]]) -> None:
    reading = read_group_metadata_v2(document)
    assert found(reading.problems) == expected
    assert reading.metadata is None


@pytest.mark.parametrize(
    "document",
    [
        {"zarr_format": 2, "shape": [1]},
        {"zarr_format": 2, "consolidated_metadata": None},
        {"zarr_format": 2, "node_type": "group", "acme": math.nan},
    ],
    ids=["an array member", "consolidated_metadata", "v3 and unknown members"],
)
def test_a_group_ignores_members_the_v2_spec_does_not_define(document: dict[str, Any]) -> None:
    # The v2 spec: other keys "SHOULD be ignored"; zarr-python 3.4.2 opens such
    # a group. A v2 group has only its attributes, so the model drops them.
    reading = read_group_metadata_v2({**document, "attributes": {"a": 1}})
    assert reading.problems == ()
    assert reading.metadata is not None
    assert reading.metadata.to_json() == {"zarr_format": 2, "attributes": {"a": 1}}


# The files of one node


def node_problems(files: object) -> list[tuple[Loc, str]]:
    return found(read_node_metadata_v2(files).problems)  # type: ignore[arg-type]


def test_the_files_of_a_node_read_as_the_node_they_name() -> None:
    as_array = read_node_metadata_v2({".zarray": array(), ".zattrs": {"title": "t"}})
    assert isinstance(as_array, ZarrV2ArrayMetadataReading)
    assert as_array.metadata is not None and as_array.metadata.attributes == {"title": "t"}
    as_group = read_node_metadata_v2({".zgroup": GROUP, ".zattrs": {"n": math.nan}})
    assert isinstance(as_group, ZarrV2GroupMetadataReading)
    assert as_group.metadata is not None and math.isnan(as_group.metadata.attributes["n"])  # type: ignore[arg-type]
    assert read_node_metadata_v2({".zgroup": GROUP}).metadata == ZarrV2GroupMetadata(GROUP)


def test_a_node_with_both_a_zarray_and_a_zgroup_is_neither() -> None:
    reading = read_node_metadata_v2({".zarray": array(), ".zgroup": GROUP})
    assert isinstance(reading, ZarrV2UnknownNodeMetadataReading)
    assert found(reading.problems) == [((), "invalid_value")]
    assert reading.metadata is None and list(reading.fields()) == []


@pytest.mark.parametrize("files", [{}, {".zattrs": {"a": 1}}], ids=["no files", "only a .zattrs"])
def test_a_node_with_neither_a_zarray_nor_a_zgroup_is_a_missing_key(files: dict[str, Any]) -> None:
    reading = read_node_metadata_v2(files)
    assert isinstance(reading, ZarrV2UnknownNodeMetadataReading)
    assert found(reading.problems) == [((), "missing_key")]
    assert "neither" in reading.problems[0].message


def test_files_that_are_not_a_mapping_are_one_problem() -> None:
    reading = read_node_metadata_v2([".zarray"])  # type: ignore[arg-type]
    assert isinstance(reading, ZarrV2UnknownNodeMetadataReading)
    assert found(reading.problems) == [((), "invalid_type")]


def test_other_file_keys_are_ignored() -> None:
    # A node's directory also holds its chunks: a node handed in whole reads.
    reading = read_node_metadata_v2(
        {".zarray": array(shape=5), "zarr.json": {}, "0": b"\x00", ".zattrs": {"a": 1}}
    )
    assert isinstance(reading, ZarrV2ArrayMetadataReading)
    assert found(reading.problems) == [(("shape",), "invalid_type")]
    as_group = read_node_metadata_v2({".zgroup": GROUP, 1: {}, "a/.zarray": array()})  # type: ignore[dict-item]
    assert as_group.problems == ()
    assert as_group.metadata == ZarrV2GroupMetadata(GROUP)
    chunks = read_node_metadata_v2({".zarray": array(), "0": b"\x00"})
    assert chunks.metadata == ZarrV2ArrayMetadata(array())


def test_a_zattrs_that_is_not_an_object_is_a_problem_at_the_attributes() -> None:
    for zattrs in ([1], 5, None, "x"):
        assert node_problems({".zarray": array(), ".zattrs": zattrs}) == [
            (("attributes",), "invalid_type")
        ]
        assert node_problems({".zgroup": GROUP, ".zattrs": zattrs}) == [
            (("attributes",), "invalid_type")
        ]


def test_a_problem_inside_the_zattrs_is_located_under_the_attributes() -> None:
    assert node_problems({".zarray": array(), ".zattrs": {"a": [0, {"b": {3}}]}}) == [
        (("attributes", "a", 1, "b"), "invalid_type")
    ]


@pytest.mark.parametrize("node_file", [".zarray", ".zgroup"])
def test_a_node_file_with_its_own_attributes_member_is_an_unknown_key(node_file: str) -> None:
    document = {**(array() if node_file == ".zarray" else GROUP), "attributes": {"a": 1}}
    for files in ({node_file: document}, {node_file: document, ".zattrs": {"b": 2}}):
        (problem,) = read_node_metadata_v2(files).problems
        assert (problem.loc, problem.kind) == (("attributes",), "unknown_key")
        assert ".zattrs" in problem.message and node_file in problem.message


def test_a_node_file_that_is_not_an_object_is_a_problem_at_the_root() -> None:
    assert node_problems({".zarray": 5, ".zattrs": {}}) == [((), "invalid_type")]
    assert node_problems({".zgroup": []}) == [((), "invalid_type")]


# A .zmetadata


def hierarchy() -> dict[str, Any]:
    """The listing of a store: a root group with attributes, an array `a`, a group `g` holding an array `g/b`."""
    return {
        ".zgroup": GROUP,
        ".zattrs": {"title": "root"},
        "a/.zarray": array(),
        "a/.zattrs": {"n": math.nan},
        "g/.zgroup": GROUP,
        "g/b/.zarray": array(dtype="<i2", fill_value=-1, compressor=None),
    }


def consolidated_problems(value: object) -> list[tuple[Loc, str]]:
    return found(read_consolidated_metadata_v2(value).problems)


def test_a_valid_zmetadata_reads_each_node_from_its_files_together() -> None:
    reading = read_consolidated_metadata_v2(zmetadata(hierarchy()))
    assert reading.problems == ()
    assert reading.metadata is not None
    nodes = reading.metadata.metadata
    assert list(nodes) == ["", "a", "g", "g/b"]
    assert nodes[""] == ZarrV2GroupMetadata({"zarr_format": 2, "attributes": {"title": "root"}})
    assert isinstance(nodes["a"], ZarrV2ArrayMetadata) and math.isnan(nodes["a"].attributes["n"])  # type: ignore[arg-type]
    assert isinstance(nodes["g/b"], ZarrV2ArrayMetadata) and nodes["g/b"].dtype.to_json() == "<i2"


def test_an_empty_listing_and_a_lone_root_array_are_valid() -> None:
    assert consolidated_problems(zmetadata({})) == []
    assert consolidated_problems(zmetadata({".zarray": array()})) == []


@pytest.mark.parametrize(
    ("document", "expected"),
    [
        ({"metadata": {}}, [(("zarr_consolidated_format",), "missing_key")]),
        (
            zmetadata({}, zarr_consolidated_format=2),
            [(("zarr_consolidated_format",), "invalid_value")],
        ),
        ({"zarr_consolidated_format": 1}, [(("metadata",), "missing_key")]),
        (zmetadata({}, extra=1), [(("extra",), "unknown_key")]),
        (zmetadata(5), [(("metadata",), "invalid_type")]),
        (zmetadata({".zgroup": GROUP, 5: {}}), [(("metadata",), "invalid_type")]),
        ("x", [((), "invalid_type")]),
    ],
    ids=[
        "no format",
        "format 2",
        "no metadata",
        "an unknown member",
        "metadata not an object",
        "a key not a string",
        "text",
    ],
)
def test_the_envelope_of_a_zmetadata_has_its_format_and_its_listing(
    document: object, expected: list[tuple[Loc, str]]
) -> None:
    assert consolidated_problems(document) == expected


def test_a_key_that_names_no_node_file_is_a_problem_at_the_key() -> None:
    (problem,) = read_consolidated_metadata_v2(
        zmetadata({".zgroup": GROUP, "a/zarr.json": {}})
    ).problems
    assert (problem.loc, problem.kind) == (("metadata", "a/zarr.json"), "invalid_value")
    assert ".zarray, .zgroup or .zattrs" in problem.message


@pytest.mark.parametrize(
    ("key", "why"),
    [
        ("../.zarray", "made only of periods"),
        ("./.zgroup", "made only of periods"),
        ("a/../.zgroup", "made only of periods"),
    ],
)
def test_a_key_whose_path_is_not_a_relative_node_path_is_a_problem_that_says_why(
    key: str, why: str
) -> None:
    listing = {".zgroup": GROUP, key: GROUP if key.endswith(".zgroup") else array()}
    reading = read_consolidated_metadata_v2(zmetadata(listing))
    (problem,) = reading.problems
    assert (problem.loc, problem.kind) == (("metadata", key), "invalid_value")
    assert why in problem.message, problem.message


def test_a_v2_store_reserves_no_names() -> None:
    # Only v3 reserves names that start with "__".
    reading = read_consolidated_metadata_v2(
        zmetadata({".zgroup": GROUP, "__a/.zgroup": GROUP, "__a/b/.zarray": array()})
    )
    assert reading.problems == ()


@pytest.mark.parametrize(
    "listing",
    [
        {"/.zgroup": GROUP, "/a/.zarray": array(), "/a/.zattrs": {"x": 1}},
        {".zgroup": GROUP, "a//.zarray": array(), "//a/.zattrs": {"x": 1}},
        {".zgroup": GROUP, "/.zattrs": {"x": 1}, "//a///.zarray": array()},
    ],
    ids=["leading slashes", "runs of slashes", "both"],
)
def test_keys_are_logical_paths_normalized_as_the_v2_spec_says(listing: dict[str, Any]) -> None:
    # The v2 spec normalizes a logical path: a leading "/" stripped, runs of "/" collapsed.
    reading = read_consolidated_metadata_v2(zmetadata(listing))
    assert reading.problems == ()
    assert list(reading.nodes) == ["", "a"]
    assert reading.metadata is not None
    assert set(reading.metadata.to_json()["metadata"]) == set(listing)  # written back as written


def test_problems_in_a_file_listed_under_an_unnormalized_key_are_located_at_that_key() -> None:
    listing = {".zgroup": GROUP, "/a//b/.zarray": array(shape=5), "a/.zgroup": GROUP}
    reading = read_consolidated_metadata_v2(zmetadata(listing))
    assert found(reading.problems) == [(("metadata", "/a//b/.zarray", "shape"), "invalid_type")]
    fine = read_consolidated_metadata_v2(zmetadata({**listing, "/a//b/.zarray": array()}))
    assert {loc[:2] for loc, _ in fine.fields()} == {("metadata", "/a//b/.zarray")}


@pytest.mark.parametrize(
    ("listing", "earlier", "later"),
    [
        ({".zgroup": GROUP, "/.zgroup": GROUP}, ".zgroup", "/.zgroup"),
        (
            {".zgroup": GROUP, "a/.zarray": array(), "a//.zarray": array()},
            "a/.zarray",
            "a//.zarray",
        ),
        (
            {"/.zgroup": GROUP, "//.zgroup": GROUP, "a/.zattrs": {}, "a/.zgroup": GROUP},
            "/.zgroup",
            "//.zgroup",
        ),
    ],
)
def test_two_keys_that_name_one_file_are_a_problem_at_the_later(
    listing: dict[str, Any], earlier: str, later: str
) -> None:
    (problem,) = read_consolidated_metadata_v2(zmetadata(listing)).problems
    assert (problem.loc, problem.kind) == (("metadata", later), "invalid_value")
    assert "listed once" in problem.message
    assert problem.message.endswith(f'as "{earlier}" does')


# A .zmetadata whose nodes do not form a tree from a listed root: zarr-python
# 3.4.2's open_consolidated lists none of the nodes of a listing without a root
# (a misreading), and fails on one whose array sits under an array (KeyError).


def test_children_without_a_listed_root_are_a_problem_each() -> None:
    reading = read_consolidated_metadata_v2(zmetadata({"a/.zarray": array(), "b/.zgroup": GROUP}))
    assert found(reading.problems) == [
        (("metadata", "a/.zarray"), "invalid_value"),
        (("metadata", "b/.zgroup"), "invalid_value"),
    ]
    assert all("root is not listed" in problem.message for problem in reading.problems)


def test_a_node_whose_parent_is_not_listed_is_a_problem_at_its_node_file() -> None:
    (problem,) = read_consolidated_metadata_v2(
        zmetadata({".zgroup": GROUP, "a/b/.zarray": array()})
    ).problems
    assert (problem.loc, problem.kind) == (("metadata", "a/b/.zarray"), "invalid_value")
    assert '"a" is not listed' in problem.message


def test_a_node_whose_parent_is_an_array_is_a_problem() -> None:
    listing = {".zgroup": GROUP, "a/.zarray": array(), "a/b/.zgroup": GROUP, "a/b/.zattrs": {}}
    (problem,) = read_consolidated_metadata_v2(zmetadata(listing)).problems
    assert (problem.loc, problem.kind) == (("metadata", "a/b/.zgroup"), "invalid_value")
    assert '"a" is not a group' in problem.message


def test_a_problem_of_a_listed_file_is_located_at_its_key() -> None:
    listing = {**hierarchy(), "a/.zarray": array(shape=5), "g/b/.zarray": array(dtype="bfloat16")}
    reading = read_consolidated_metadata_v2(zmetadata(listing))
    assert found(reading.problems) == [
        (("metadata", "a/.zarray", "shape"), "invalid_type"),
        (("metadata", "g/b/.zarray", "dtype"), "invalid_value"),
    ]
    assert "Zarr v3 data type" in reading.problems[1].message


def test_a_problem_of_the_attributes_is_located_in_the_zattrs_that_holds_them() -> None:
    listing = {**hierarchy(), ".zattrs": [1], "a/.zattrs": {"x": {1: 2}}}
    assert consolidated_problems(zmetadata(listing)) == [
        (("metadata", ".zattrs"), "invalid_type"),
        (("metadata", "a/.zattrs", "x"), "invalid_type"),
    ]


def test_a_node_file_with_its_own_attributes_is_a_problem_in_that_file() -> None:
    listing: dict[str, Any] = {**hierarchy(), "a/.zarray": {**array(), "attributes": {}}}
    assert consolidated_problems(zmetadata(listing)) == [
        (("metadata", "a/.zarray", "attributes"), "unknown_key")
    ]


def test_a_listed_node_with_both_node_files_or_only_its_zattrs_is_a_problem() -> None:
    both = {".zgroup": GROUP, "a/.zarray": array(), "a/.zgroup": GROUP}
    assert consolidated_problems(zmetadata(both)) == [(("metadata", "a/.zarray"), "invalid_value")]
    only_attributes = {".zgroup": GROUP, "a/.zattrs": {}}
    assert consolidated_problems(zmetadata(only_attributes)) == [
        (("metadata", "a/.zattrs"), "missing_key")
    ]


def test_a_zgroup_entry_with_consolidated_metadata_is_ignored_by_the_strict_reader() -> None:
    # What zarr-python 3 writes, and reads back: the member is one the v2 spec
    # does not define, so it is ignored (the repair still removes it).
    listing = {".zgroup": {"zarr_format": 2, "consolidated_metadata": None}}
    assert consolidated_problems(zmetadata(listing)) == []


def test_the_reading_of_a_zmetadata_holds_the_reading_of_each_node_even_with_problems() -> None:
    reading = read_consolidated_metadata_v2(
        zmetadata({**hierarchy(), "a/.zarray": array(chunks=[5])})
    )
    assert reading.metadata is None
    assert list(reading.nodes) == ["", "a", "g", "g/b"]
    assert found(reading.nodes["a"].problems) == [(("chunks",), "invalid_value")]
    assert isinstance(reading.nodes["g/b"].metadata, ZarrV2ArrayMetadata)


def test_the_fields_of_a_zmetadata_are_located_at_the_keys_of_the_arrays() -> None:
    listing: dict[str, Any] = {
        ".zarray": array(dtype=[["x", "<i2"]], fill_value=None, filters=[{"id": "crc32"}])
    }
    reading = read_consolidated_metadata_v2(zmetadata(listing))
    assert [loc for loc, _ in reading.fields()] == [
        ("metadata", ".zarray", "dtype"),
        ("metadata", ".zarray", "dtype", 0, 1),
        ("metadata", ".zarray", "compressor"),
        ("metadata", ".zarray", "filters", 0),
    ]


# Nesting is counted in each file, the same inside a .zmetadata as in a file.

MAX_DEPTH = 256


def nested_lists(levels: int) -> object:
    value: object = 0
    for _ in range(levels):
        value = [value]
    return value


@pytest.mark.parametrize("node_file", [".zarray", ".zgroup"])
def test_a_zattrs_nested_to_the_limit_reads_and_one_level_more_is_refused(node_file: str) -> None:
    node = array() if node_file == ".zarray" else GROUP
    # The .zattrs object sits at depth 0; its deepest list at depth MAX_DEPTH - 1.
    at_the_limit = {"a": nested_lists(MAX_DEPTH - 1)}
    assert node_problems({node_file: node, ".zattrs": at_the_limit}) == []
    (problem,) = read_node_metadata_v2(
        {node_file: node, ".zattrs": {"a": nested_lists(MAX_DEPTH)}}
    ).problems
    assert (problem.loc, problem.kind) == (
        ("attributes", "a", *(0,) * (MAX_DEPTH - 1)),
        "invalid_value",
    )


@pytest.mark.parametrize("node_file", [".zarray", ".zgroup"])
def test_a_zmetadata_counts_nesting_from_its_own_root_like_any_file(node_file: str) -> None:
    node = array() if node_file == ".zarray" else GROUP
    listing: dict[str, Any] = {".zgroup": GROUP, f"a/{node_file}": node}
    # The listed .zattrs sits at depth 2 (metadata, then its key): its deepest
    # list at depth MAX_DEPTH - 1 is at the limit, one more level past it.
    at_the_limit = {**listing, "a/.zattrs": {"x": nested_lists(MAX_DEPTH - 3)}}
    assert consolidated_problems(zmetadata(at_the_limit)) == []
    reading = read_consolidated_metadata_v2(
        zmetadata({**listing, "a/.zattrs": {"x": nested_lists(MAX_DEPTH - 2)}})
    )
    (problem,) = reading.problems
    assert (problem.loc, problem.kind) == (
        ("metadata", "a/.zattrs", "x", *(0,) * (MAX_DEPTH - 3)),
        "invalid_value",
    )
    assert len(problem.loc) == MAX_DEPTH
