"""Reading a v3 array's `zarr.json`: every problem of every stage in one pass, located in the document, and every field as the scope read it."""

# No `from __future__ import annotations`: the TypedDict below is read for
# its NotRequired members from evaluated annotations.

import dataclasses
from collections import Counter
from typing import Any, Literal, NotRequired

import pytest
from typing_extensions import TypedDict

from _v3_documents import (
    LITTLE_BYTES,
    array_document,
    deep_list,
    document_positions,
    group_document,
    sharding_codec,
    without,
)
from zarr_metadata.definition import AcceptedField, EmptyConfiguration, RefusedField, UnclaimedField
from zarr_metadata.model import (
    UNSET,
    ZarrV3ArrayMetadata,
    ZarrV3ArrayMetadataReading,
    ZarrV3GroupMetadataReading,
    ZarrV3UnknownNodeMetadataReading,
    read_array_metadata_v3,
    read_node_metadata_v3,
)
from zarr_metadata.v3.data_type.float64 import FLOAT64_DATA_TYPE
from zarr_metadata.v3.data_type.raw import RAW_BYTES_DATA_TYPE
from zarr_metadata.v3.data_type.uint64 import UINT64_DATA_TYPE
from zarr_metadata.v3.definition import (
    CORE,
    CORE_AND_EXTENSIONS,
    ArrayExtraFieldDefinition,
    Chunk,
    CodecDefinition,
)

Loc = tuple[str | int, ...]

GZIP: dict[str, Any] = {"name": "gzip", "configuration": {"level": 1}}
TRANSPOSE: dict[str, Any] = {"name": "transpose", "configuration": {"order": [1, 0]}}


def problems(document: object, context: Any = None) -> Counter[tuple[Loc, str]]:
    """The problems a reading of `document` reports, as a multiset of (location, kind)."""
    reading = read_array_metadata_v3(document, context=context)
    return Counter((problem.loc, problem.kind) for problem in reading.problems)


def one(loc: Loc, kind: str) -> Counter[tuple[Loc, str]]:
    return Counter({(loc, kind): 1})


def lengths(*per_axis: set[int] | None) -> tuple[frozenset[int] | None, ...]:
    return tuple(None if axis is None else frozenset(axis) for axis in per_axis)


# A valid document


def test_a_valid_document_has_no_problem_and_its_reading_holds_the_model() -> None:
    reading = read_array_metadata_v3(array_document())
    assert reading.problems == ()
    assert isinstance(reading.metadata, ZarrV3ArrayMetadata)
    assert (
        reading.metadata.reading == reading
        and reading.metadata.reading.metadata is reading.metadata
    )


def test_a_reading_holds_each_field_as_the_scope_read_it() -> None:
    reading = read_array_metadata_v3(array_document())
    assert isinstance(reading.data_type, AcceptedField)
    assert reading.data_type.definition is FLOAT64_DATA_TYPE
    assert isinstance(reading.chunk_grid, AcceptedField)
    assert reading.chunk_grid.name == "regular"
    assert reading.chunk_grid.configuration == {"chunk_shape": (10, 10)}
    assert isinstance(reading.chunk_key_encoding, AcceptedField)
    assert reading.chunk_key_encoding.configuration == {"separator": "/"}
    assert [stage.codec.name for stage in reading.pipeline] == ["bytes"]
    assert reading.storage_transformers == ()
    assert dict(reading.extra_fields) == {}


def test_the_default_scope_is_core_and_extensions() -> None:
    document = array_document(
        codecs=[LITTLE_BYTES, {"name": "zstd", "configuration": {"level": 3}}]
    )
    default = read_array_metadata_v3(document)
    assert default.metadata is not None and default.metadata.context == CORE_AND_EXTENSIONS
    assert isinstance(default.pipeline[1].codec, AcceptedField)
    core = read_array_metadata_v3(document, context=CORE)
    assert isinstance(core.pipeline[1].codec, UnclaimedField)


def test_a_reading_cannot_be_changed() -> None:
    reading = read_array_metadata_v3(array_document(acme={"must_understand": False}))
    with pytest.raises(dataclasses.FrozenInstanceError):
        reading.problems = ()  # type: ignore[misc]
    with pytest.raises(TypeError):
        reading.extra_fields["other"] = reading.extra_fields["acme"]  # type: ignore[index]


# The document's shape


@pytest.mark.parametrize("value", [None, [1, 2], "zarr.json", 3, True])
def test_a_document_that_is_not_an_object_is_one_invalid_type_at_the_root(value: object) -> None:
    reading = read_array_metadata_v3(value)
    assert problems(value) == one((), "invalid_type")
    assert reading.metadata is None
    assert list(reading.fields()) == []


def test_each_missing_member_is_a_missing_key_at_the_member() -> None:
    document = without(array_document(), "shape", "fill_value", "codecs", "chunk_key_encoding")
    assert problems(document) == Counter(
        {
            (("shape",), "missing_key"): 1,
            (("fill_value",), "missing_key"): 1,
            (("codecs",), "missing_key"): 1,
            (("chunk_key_encoding",), "missing_key"): 1,
        }
    )


def test_zarr_format_and_node_type_are_fixed_values() -> None:
    assert problems(array_document(zarr_format=2)) == one(("zarr_format",), "invalid_value")
    assert problems(array_document(node_type="group")) == one(("node_type",), "invalid_value")


@pytest.mark.parametrize(
    ("member", "value"),
    [
        ("attributes", [1]),
        ("codecs", "bytes"),
        ("storage_transformers", {"name": "acme"}),
    ],
)
def test_a_member_of_the_wrong_json_type_is_an_invalid_type_at_the_member(
    member: str, value: object
) -> None:
    assert problems(array_document(**{member: value})) == one((member,), "invalid_type")


# Shape and dimension names: one problem at the member


@pytest.mark.parametrize(
    ("shape", "expected"),
    [
        ([1, -1, "a"], {(("shape", 1), "invalid_value"): 1, (("shape", 2), "invalid_type"): 1}),
        ([True, 1], {(("shape", 0), "invalid_type"): 1}),
        ([1.0, 1], {(("shape", 0), "invalid_type"): 1}),
        (5, {(("shape",), "invalid_type"): 1}),
        ([-1, -2], {(("shape", 0), "invalid_value"): 1, (("shape", 1), "invalid_value"): 1}),
    ],
)
def test_a_shape_problem_is_located_at_the_item_at_fault(
    shape: object, expected: dict[Any, int]
) -> None:
    """Each bad length is a problem of its own, at its item; only a shape that is no array is a problem of the whole member."""
    assert problems(array_document(shape=shape)) == Counter(expected)


def test_a_shape_problem_holds_the_item_at_fault() -> None:
    (problem,) = read_array_metadata_v3(array_document(shape=[1, -1])).problems
    assert problem.input == -1 and problem.loc == ("shape", 1)
    (problem,) = read_array_metadata_v3(array_document(dimension_names=["x", 3])).problems
    assert problem.input == 3 and problem.loc == ("dimension_names", 1)


def test_a_shape_that_is_no_json_is_a_problem_without_an_input() -> None:
    (problem,) = read_array_metadata_v3(array_document(shape={1, 2})).problems
    assert (problem.loc, problem.kind, problem.input) == (("shape",), "invalid_type", None)


def test_arrays_may_arrive_as_tuples() -> None:
    document = array_document(
        shape=(100, 100),
        chunk_grid={"name": "regular", "configuration": {"chunk_shape": (10, 10)}},
        codecs=({"name": "transpose", "configuration": {"order": (1, 0)}}, LITTLE_BYTES),
        dimension_names=("y", None),
    )
    assert problems(document) == Counter()


def test_a_boolean_is_never_a_number() -> None:
    assert problems(array_document(fill_value=True)) == one(("fill_value",), "invalid_type")
    assert problems(array_document(shape=[True, 10])) == one(("shape", 0), "invalid_type")
    gzip = {"name": "gzip", "configuration": {"level": False}}
    assert problems(array_document(codecs=[LITTLE_BYTES, gzip])) == one(
        ("codecs", 1, "configuration", "level"), "invalid_type"
    )


def test_an_empty_shape_is_a_scalar_array() -> None:
    document = array_document(
        shape=[], chunk_grid={"name": "regular", "configuration": {"chunk_shape": []}}
    )
    reading = read_array_metadata_v3(document)
    assert reading.problems == ()
    assert reading.chunk.lengths == ()


@pytest.mark.parametrize(
    ("names", "at", "kind"),
    [
        (["x", 3], ("dimension_names", 1), "invalid_type"),
        ("xy", ("dimension_names",), "invalid_type"),
        (["x"], ("dimension_names",), "invalid_value"),
        (["x", "y", "z"], ("dimension_names",), "invalid_value"),
    ],
)
def test_a_dimension_names_problem_is_at_the_name_or_at_the_member_as_a_whole(
    names: object, at: Loc, kind: str
) -> None:
    assert problems(array_document(dimension_names=names)) == one(at, kind)


def test_dimension_names_are_strings_or_nulls_one_per_dimension() -> None:
    assert problems(array_document(dimension_names=["x", None])) == Counter()


def test_dimension_names_are_not_counted_against_a_shape_that_is_refused() -> None:
    assert problems(array_document(shape=[-1], dimension_names=["x", "y", "z"])) == one(
        ("shape", 0), "invalid_value"
    )


# The chunk grid against the shape, and the chunk it gives the first codec


def test_the_first_codec_receives_the_grid_chunk_and_the_data_type() -> None:
    reading = read_array_metadata_v3(array_document())
    assert reading.chunk.lengths == lengths({10}, {10})
    assert reading.chunk.data_type is reading.data_type
    assert reading.pipeline[0].incoming == reading.chunk


def test_a_rectilinear_grid_gives_every_length_it_lists_along_each_dimension() -> None:
    grid = {
        "name": "rectilinear",
        "configuration": {"kind": "inline", "chunk_shapes": [[3, 3, 4], 4, [[2, 3], 1]]},
    }
    reading = read_array_metadata_v3(array_document(shape=[10, 7, 7], chunk_grid=grid))
    assert reading.problems == ()
    assert reading.chunk.lengths == lengths({3, 4}, {4}, {1, 2})


def test_a_grid_nothing_claims_leaves_each_dimension_unknown() -> None:
    grid = {"name": "acme.tiles", "configuration": {"tile": 7}}
    reading = read_array_metadata_v3(array_document(chunk_grid=grid))
    assert reading.problems == ()
    assert isinstance(reading.chunk_grid, UnclaimedField)
    assert reading.chunk.lengths == (None, None)
    assert reading.chunk.rank == 2


def test_without_a_shape_even_the_number_of_dimensions_is_unknown() -> None:
    reading = read_array_metadata_v3(without(array_document(), "shape"))
    assert reading.chunk.lengths is None


def test_a_regular_grid_of_another_rank_is_a_problem_in_its_configuration() -> None:
    grid = {"name": "regular", "configuration": {"chunk_shape": [10]}}
    reading = read_array_metadata_v3(array_document(chunk_grid=grid))
    assert problems(array_document(chunk_grid=grid)) == one(
        ("chunk_grid", "configuration", "chunk_shape"), "invalid_value"
    )
    assert reading.chunk.lengths == (None, None)


def test_a_rectilinear_grid_that_does_not_cover_a_dimension_is_a_problem_at_that_axis() -> None:
    grid = {
        "name": "rectilinear",
        "configuration": {"kind": "inline", "chunk_shapes": [[2, 2], 10]},
    }
    assert problems(array_document(shape=[10, 10], chunk_grid=grid)) == one(
        ("chunk_grid", "configuration", "chunk_shapes", 0), "invalid_value"
    )


def test_a_zero_chunk_length_is_a_problem_at_that_length() -> None:
    grid = {"name": "regular", "configuration": {"chunk_shape": [10, 0]}}
    assert problems(array_document(chunk_grid=grid)) == one(
        ("chunk_grid", "configuration", "chunk_shape", 1), "invalid_value"
    )


def test_the_grid_is_not_judged_against_a_shape_that_is_refused() -> None:
    grid = {"name": "regular", "configuration": {"chunk_shape": [10, 10, 10]}}
    assert problems(array_document(shape="big", chunk_grid=grid)) == one(("shape",), "invalid_type")


# The fill value against the data type


@pytest.mark.parametrize(
    ("data_type", "fill_value", "expected"),
    [
        ("int8", 200, one(("fill_value",), "invalid_value")),
        ("int8", True, one(("fill_value",), "invalid_type")),
        ("bool", 0, one(("fill_value",), "invalid_type")),
        ("float64", "zero", one(("fill_value",), "invalid_value")),
        ("float32", "0x7fc0", one(("fill_value",), "invalid_value")),
        ("float64", float("nan"), one(("fill_value",), "invalid_value")),
        ("complex64", [1.0], one(("fill_value",), "invalid_value")),
    ],
)
def test_the_fill_value_is_judged_by_the_data_type(
    data_type: str, fill_value: object, expected: Counter[Any]
) -> None:
    codecs = [LITTLE_BYTES]
    assert (
        problems(array_document(data_type=data_type, fill_value=fill_value, codecs=codecs))
        == expected
    )


@pytest.mark.parametrize(
    ("data_type", "fill_value"),
    [
        ("float32", "NaN"),
        ("float32", "0x7fc00000"),
        ("float64", "-Infinity"),
        ("float16", 65504.0),
        ("int64", -(2**63)),
        ("uint64", 2**64 - 1),
        ("complex128", ["NaN", -0.0]),
        ("bool", False),
        ("acme.unit", {"any": ["json", 1]}),
    ],
)
def test_a_fill_value_the_data_type_takes_is_no_problem(data_type: str, fill_value: object) -> None:
    assert problems(array_document(data_type=data_type, fill_value=fill_value)) == Counter()


def test_the_fill_value_is_judged_against_a_data_type_refused_only_for_an_undeclared_member() -> (
    None
):
    # Every problem in one pass: the declared members of the data type are
    # sound, so the fill value is judged against them, as a codec refused
    # for an undeclared member is still judged against its chunk.
    data_type = {"name": "int8", "configuration": {"signed": True}}
    assert problems(array_document(data_type=data_type, fill_value="zero")) == Counter(
        {
            (("data_type", "configuration", "signed"), "unknown_key"): 1,
            (("fill_value",), "invalid_type"): 1,
        }
    )


def test_the_fill_value_is_not_judged_against_a_data_type_whose_own_members_are_refused() -> None:
    data_type = {
        "name": "numpy.datetime64",
        "configuration": {"unit": "fortnight", "scale_factor": 1},
    }
    assert problems(array_document(data_type=data_type, fill_value="zero")) == one(
        ("data_type", "configuration", "unit"), "invalid_value"
    )


# Raw bits


def test_raw_bits_r16_are_read_as_r_star_with_16_bits() -> None:
    reading = read_array_metadata_v3(
        array_document(data_type="r16", fill_value=[0, 255], codecs=["bytes"])
    )
    assert reading.problems == ()
    field = reading.data_type
    assert isinstance(field, AcceptedField)
    assert field.definition is RAW_BYTES_DATA_TYPE
    assert field.definition.name == "r*"
    assert field.name == "r16"
    assert field.configuration == {"bits": 16}


def test_a_raw_bits_fill_value_has_one_byte_per_8_bits() -> None:
    assert problems(array_document(data_type="r16", fill_value=[1, 2, 3], codecs=["bytes"])) == one(
        ("fill_value",), "invalid_value"
    )


def test_raw_bits_need_no_endian() -> None:
    assert (
        problems(array_document(data_type="r24", fill_value=[0, 0, 0], codecs=["bytes"]))
        == Counter()
    )


def test_r_star_is_notation_that_no_document_can_use_as_a_name() -> None:
    reading = read_array_metadata_v3(array_document(data_type="r*", fill_value=[0]))
    assert problems(array_document(data_type="r*", fill_value=[0])) == one(
        ("data_type",), "invalid_value"
    )
    assert isinstance(reading.data_type, RefusedField)
    assert reading.data_type.definition is None


def test_a_raw_bits_name_carries_its_configuration_and_takes_none_written() -> None:
    data_type = {"name": "r16", "configuration": {"bits": 16}}
    assert problems(array_document(data_type=data_type, fill_value=[0, 0])) == one(
        ("data_type", "configuration"), "invalid_value"
    )


def test_raw_bits_of_a_size_that_is_not_whole_bytes_are_refused() -> None:
    found = read_array_metadata_v3(array_document(data_type="r12", fill_value=[0])).problems
    assert [(problem.loc[0], problem.kind) for problem in found] == [("data_type", "invalid_value")]


# Struct


def struct(*fields: tuple[str, object]) -> dict[str, Any]:
    return {
        "name": "struct",
        "configuration": {
            "fields": [{"name": name, "data_type": data_type} for name, data_type in fields]
        },
    }


def test_a_struct_field_data_type_is_a_field_read_at_its_location() -> None:
    reading = read_array_metadata_v3(
        array_document(
            data_type=struct(("a", "int8"), ("b", "acme.unit")),
            fill_value={"a": 0, "b": "x"},
            codecs=["bytes"],
        )
    )
    assert reading.problems == ()
    fields = dict(reading.fields())
    assert isinstance(
        fields[("data_type", "configuration", "fields", 0, "data_type")], AcceptedField
    )
    assert isinstance(
        fields[("data_type", "configuration", "fields", 1, "data_type")], UnclaimedField
    )
    assert reading.metadata is not None
    assert list(reading.metadata.unclaimed_fields) == [
        ("data_type", "configuration", "fields", 1, "data_type")
    ]


def test_a_struct_field_of_variable_size_is_refused_at_its_location() -> None:
    document = array_document(
        data_type=struct(("a", "int8"), ("b", "string")), fill_value={"a": 0, "b": ""}
    )
    assert problems(document) == one(
        ("data_type", "configuration", "fields", 1, "data_type"), "invalid_value"
    )


def test_a_struct_field_data_type_problem_is_located_in_the_field() -> None:
    document = array_document(
        data_type=struct(("a", "int8"), ("b", "Int8")), fill_value={"a": 0, "b": 0}
    )
    assert problems(document) == one(
        ("data_type", "configuration", "fields", 1, "data_type"), "invalid_value"
    )


def test_a_struct_with_a_multi_byte_field_needs_an_endian() -> None:
    document = array_document(
        data_type=struct(("a", "int8"), ("b", "uint16")),
        fill_value={"a": 0, "b": 1},
        codecs=["bytes"],
    )
    assert problems(document) == one(("codecs", 0, "configuration", "endian"), "missing_key")


def test_a_struct_of_single_bytes_needs_no_endian() -> None:
    document = array_document(
        data_type=struct(("a", "int8"), ("b", "bool")),
        fill_value={"a": 0, "b": True},
        codecs=["bytes"],
    )
    assert problems(document) == Counter()


def test_a_struct_fill_value_has_a_valid_member_for_each_field_and_no_other() -> None:
    data_type = struct(("a", "int8"), ("b", "float32"), ("c", "bool"))
    document = array_document(data_type=data_type, fill_value={"a": "x", "b": "NaN", "zz": 1})
    assert problems(document) == Counter(
        {
            (("fill_value", "a"), "invalid_type"): 1,
            (("fill_value", "c"), "missing_key"): 1,
            (("fill_value", "zz"), "unknown_key"): 1,
        }
    )


# Fields: envelopes, names, configurations


@pytest.mark.parametrize(
    ("member", "field", "at"),
    [
        ("data_type", {"name": "float64", "must_understand": False}, ("data_type",)),
        (
            "chunk_grid",
            {
                "name": "regular",
                "configuration": {"chunk_shape": [10, 10]},
                "must_understand": False,
            },
            ("chunk_grid",),
        ),
        (
            "chunk_key_encoding",
            {"name": "default", "must_understand": False},
            ("chunk_key_encoding",),
        ),
        (
            "codecs",
            [{"name": "bytes", "configuration": {"endian": "little"}, "must_understand": False}],
            ("codecs", 0),
        ),
        ("codecs", [{"name": "acme.codec", "must_understand": False}], ("codecs", 0)),
        (
            "storage_transformers",
            [{"name": "acme.transform", "must_understand": False}],
            ("storage_transformers", 0),
        ),
    ],
)
def test_must_understand_false_is_refused_at_every_extension_point(
    member: str, field: object, at: Loc
) -> None:
    assert problems(array_document(**{member: field})) == one(
        (*at, "must_understand"), "invalid_value"
    )


def test_must_understand_true_is_no_problem() -> None:
    document = array_document(
        data_type={"name": "float64", "must_understand": True},
        codecs=[{"name": "bytes", "configuration": {"endian": "little"}, "must_understand": True}],
    )
    assert problems(document) == Counter()


def test_a_key_a_closed_configuration_does_not_declare_is_an_unknown_key() -> None:
    document = array_document(
        codecs=[LITTLE_BYTES, {"name": "gzip", "configuration": {"level": 1, "fast": True}}]
    )
    assert problems(document) == one(("codecs", 1, "configuration", "fast"), "unknown_key")


def test_a_key_a_field_envelope_does_not_declare_is_an_unknown_key() -> None:
    document = array_document(
        codecs=[{"name": "bytes", "configuration": {"endian": "little"}, "note": "x"}]
    )
    assert problems(document) == one(("codecs", 0, "note"), "unknown_key")


def test_a_codec_object_without_a_name_is_a_missing_key() -> None:
    document = array_document(codecs=[{"configuration": {"endian": "little"}}])
    assert problems(document) == one(("codecs", 0, "name"), "missing_key")


@pytest.mark.parametrize("name", ["Bytes", "1codec", "a", "my codec"])
def test_a_name_that_breaks_the_extension_name_rule_is_refused_before_any_definition(
    name: str,
) -> None:
    document = array_document(codecs=[{"name": name}])
    reading = read_array_metadata_v3(document)
    assert problems(document) == one(("codecs", 0, "name"), "invalid_value")
    assert isinstance(reading.pipeline[0].codec, RefusedField)
    assert reading.pipeline[0].codec.definition is None


def test_a_uri_names_a_field_nothing_claims() -> None:
    reading = read_array_metadata_v3(
        array_document(data_type="https://example.com/dtypes/half", fill_value=0)
    )
    assert reading.problems == ()
    assert isinstance(reading.data_type, UnclaimedField)


def test_a_configuration_that_is_not_an_object_is_an_invalid_type() -> None:
    document = array_document(codecs=[LITTLE_BYTES, {"name": "gzip", "configuration": 5}])
    assert problems(document) == one(("codecs", 1, "configuration"), "invalid_type")


def test_a_configuration_member_out_of_range_is_located_at_the_member() -> None:
    document = array_document(
        codecs=[LITTLE_BYTES, {"name": "gzip", "configuration": {"level": 99}}]
    )
    reading = read_array_metadata_v3(document)
    assert problems(document) == one(("codecs", 1, "configuration", "level"), "invalid_value")
    (problem,) = reading.problems
    assert problem.input == 99
    assert problem.message == "expected an integer in [0, 9], got 99"


def test_a_chunk_key_encoding_separator_is_one_of_two() -> None:
    encoding = {"name": "default", "configuration": {"separator": "|"}}
    assert problems(array_document(chunk_key_encoding=encoding)) == one(
        ("chunk_key_encoding", "configuration", "separator"), "invalid_value"
    )


# Codecs as a pipeline


def test_without_an_array_to_bytes_codec_the_problem_is_at_codecs() -> None:
    assert problems(array_document(codecs=[GZIP])) == one(("codecs",), "invalid_value")
    assert problems(array_document(codecs=[])) == one(("codecs",), "invalid_value")


def test_a_codec_out_of_order_is_a_problem_at_that_codec() -> None:
    """A codec out of order is one whose kind comes before the kind the codecs before it reached."""
    assert problems(array_document(codecs=[GZIP, LITTLE_BYTES])) == one(
        ("codecs", 1), "invalid_value"
    )
    assert problems(array_document(codecs=[LITTLE_BYTES, TRANSPOSE])) == one(
        ("codecs", 1), "invalid_value"
    )
    assert problems(array_document(codecs=[LITTLE_BYTES, "bytes"])) == one(
        ("codecs", 1), "invalid_value"
    )


def test_bytes_without_endian_for_a_multi_byte_type_is_a_missing_endian() -> None:
    expected = one(("codecs", 0, "configuration", "endian"), "missing_key")
    assert problems(array_document(codecs=["bytes"])) == expected
    assert problems(array_document(codecs=[{"name": "bytes"}])) == expected
    assert problems(array_document(codecs=[{"name": "bytes", "configuration": {}}])) == expected


def test_bytes_without_endian_for_a_single_byte_type_is_no_problem() -> None:
    assert problems(array_document(data_type="uint8", fill_value=0, codecs=["bytes"])) == Counter()


def test_bytes_cannot_write_values_of_variable_size() -> None:
    found = read_array_metadata_v3(
        array_document(data_type="string", fill_value="", codecs=["bytes"])
    ).problems
    assert [(problem.loc[:2], problem.kind) for problem in found] == [
        (("codecs", 0), "invalid_value")
    ]


def test_each_codec_is_checked_against_the_chunk_it_receives() -> None:
    transpose = {"name": "transpose", "configuration": {"order": [0]}}
    assert problems(array_document(codecs=[transpose, LITTLE_BYTES])) == one(
        ("codecs", 0, "configuration", "order"), "invalid_value"
    )


def test_a_stage_records_the_chunk_each_codec_receives() -> None:
    document = array_document(
        shape=[100, 50],
        chunk_grid={"name": "regular", "configuration": {"chunk_shape": [10, 5]}},
        codecs=[TRANSPOSE, LITTLE_BYTES, GZIP],
    )
    reading = read_array_metadata_v3(document)
    assert reading.problems == ()
    first, second, third = reading.pipeline
    assert first.incoming == Chunk(lengths({10}, {5}), reading.data_type)  # type: ignore[arg-type]
    assert second.incoming == Chunk(lengths({5}, {10}), reading.data_type)  # type: ignore[arg-type]
    assert third.incoming is None


def test_after_a_codec_nothing_claims_the_next_codec_receives_an_unknown_chunk() -> None:
    # float64 needs an endian, but what the unclaimed codec passes on is unknown.
    reading = read_array_metadata_v3(array_document(codecs=[{"name": "acme.shuffle"}, "bytes"]))
    assert reading.problems == ()
    assert isinstance(reading.pipeline[0].codec, UnclaimedField)
    assert reading.pipeline[0].incoming == reading.chunk
    assert reading.pipeline[1].incoming == Chunk()


def test_an_unknown_chunk_never_causes_a_problem() -> None:
    transpose = {"name": "transpose", "configuration": {"order": [2, 1, 0]}}
    assert (
        problems(array_document(codecs=[{"name": "acme.shuffle"}, transpose, "bytes"])) == Counter()
    )


def test_after_a_refused_codec_the_next_codec_receives_an_unknown_chunk() -> None:
    refused = {"name": "transpose", "configuration": {"order": [0, 0]}}
    reading = read_array_metadata_v3(array_document(codecs=[refused, "bytes"]))
    assert Counter((problem.loc, problem.kind) for problem in reading.problems) == one(
        ("codecs", 0, "configuration", "order"), "invalid_value"
    )
    assert reading.pipeline[1].incoming == Chunk()


def test_a_later_codec_still_declares_its_own_output() -> None:
    cast_value = {"name": "cast_value", "configuration": {"data_type": "uint16"}}
    reading = read_array_metadata_v3(
        array_document(codecs=[{"name": "acme.shuffle"}, cast_value, "bytes"])
    )
    assert reading.pipeline[1].incoming == Chunk()
    incoming = reading.pipeline[2].incoming
    assert incoming is not None and incoming.lengths is None
    assert incoming.data_type is not None and incoming.data_type.name == "uint16"
    assert Counter((problem.loc, problem.kind) for problem in reading.problems) == one(
        ("codecs", 2, "configuration", "endian"), "missing_key"
    )


def test_a_codec_that_receives_bytes_or_an_input_not_known_to_be_an_array_records_none() -> None:
    reading = read_array_metadata_v3(
        array_document(codecs=[{"name": "acme.a"}, {"name": "acme.b"}])
    )
    assert reading.problems == ()
    assert reading.pipeline[0].incoming == reading.chunk
    assert reading.pipeline[1].incoming is None
    after_bytes = read_array_metadata_v3(
        array_document(codecs=[LITTLE_BYTES, {"name": "acme.b"}, GZIP])
    )
    assert [stage.incoming for stage in after_bytes.pipeline[1:]] == [None, None]


SILENT = CodecDefinition(
    name="acme.silent", configuration=EmptyConfiguration, kind="array_array", size="static"
)
"""An array -> array codec that does not declare its output."""


def test_after_a_codec_that_does_not_declare_its_output_the_next_receives_an_unknown_chunk() -> (
    None
):
    scope = CORE_AND_EXTENSIONS.update(codecs=[*CORE_AND_EXTENSIONS.codecs.values(), SILENT])
    reading = read_array_metadata_v3(array_document(codecs=["acme.silent", "bytes"]), context=scope)
    assert reading.problems == ()
    assert isinstance(reading.pipeline[0].codec, AcceptedField)
    assert reading.pipeline[1].incoming == Chunk()


def test_a_data_type_of_unknown_storage_needs_no_endian() -> None:
    assert (
        problems(array_document(data_type="acme.half", fill_value=0, codecs=["bytes"])) == Counter()
    )


def test_blosc_needs_a_typesize_to_shuffle() -> None:
    blosc = {
        "name": "blosc",
        "configuration": {"cname": "zstd", "clevel": 5, "shuffle": "shuffle", "blocksize": 0},
    }
    assert problems(array_document(codecs=[LITTLE_BYTES, blosc])) == one(
        ("codecs", 1, "configuration", "typesize"), "missing_key"
    )
    unshuffled = {**blosc, "configuration": {**blosc["configuration"], "shuffle": "noshuffle"}}
    assert problems(array_document(codecs=[LITTLE_BYTES, unshuffled])) == Counter()


def test_a_codec_nothing_claims_may_be_the_array_to_bytes_codec() -> None:
    assert (
        problems(
            array_document(codecs=[{"name": "vlen-utf8"}, GZIP], data_type="string", fill_value="")
        )
        == Counter()
    )


# Sharding: pipelines inside a codec


def test_a_shard_records_the_stages_of_its_inner_and_index_pipelines() -> None:
    shard = sharding_codec(
        [5, 2], codecs=[LITTLE_BYTES, GZIP], index_codecs=[LITTLE_BYTES, "crc32c"]
    )
    reading = read_array_metadata_v3(array_document(codecs=[shard]))
    assert reading.problems == ()
    (stage,) = reading.pipeline
    assert set(stage.inner) == {"codecs", "index_codecs"}
    inner, compressor = stage.inner["codecs"]
    assert inner.incoming == Chunk(lengths({5}, {2}), reading.data_type)  # type: ignore[arg-type]
    assert compressor.codec.name == "gzip" and compressor.incoming is None
    index, checksum = stage.inner["index_codecs"]
    assert index.incoming is not None
    assert index.incoming.lengths == lengths({2}, {5}, {2})
    assert isinstance(index.incoming.data_type, AcceptedField)
    assert index.incoming.data_type.definition is UINT64_DATA_TYPE
    assert checksum.codec.name == "crc32c" and checksum.incoming is None


def test_a_shard_index_refuses_a_codec_of_dynamic_size_at_its_location() -> None:
    shard = sharding_codec([5, 5], index_codecs=[LITTLE_BYTES, GZIP])
    assert problems(array_document(codecs=[shard])) == one(
        ("codecs", 0, "configuration", "index_codecs", 1), "invalid_value"
    )
    zstd = sharding_codec(
        [5, 5], index_codecs=[LITTLE_BYTES, {"name": "zstd", "configuration": {"level": 1}}]
    )
    assert problems(array_document(codecs=[zstd])) == one(
        ("codecs", 0, "configuration", "index_codecs", 1), "invalid_value"
    )


def test_a_shard_index_codec_nothing_claims_is_not_checked() -> None:
    shard = sharding_codec([5, 5], index_codecs=[LITTLE_BYTES, {"name": "acme.deflate"}])
    assert problems(array_document(codecs=[shard])) == Counter()


def test_a_shard_inner_pipeline_problem_is_located_inside_the_shard() -> None:
    shard = sharding_codec([5, 5], codecs=["bytes"])
    assert problems(array_document(codecs=[shard])) == one(
        ("codecs", 0, "configuration", "codecs", 0, "configuration", "endian"), "missing_key"
    )
    unordered = sharding_codec([5, 5], codecs=[GZIP, LITTLE_BYTES])
    assert problems(array_document(codecs=[unordered])) == one(
        ("codecs", 0, "configuration", "codecs", 1), "invalid_value"
    )


def test_a_shard_inner_chunk_divides_the_shard_along_each_axis() -> None:
    assert problems(array_document(codecs=[sharding_codec([5, 3])])) == one(
        ("codecs", 0, "configuration", "chunk_shape", 1), "invalid_value"
    )
    assert problems(array_document(codecs=[sharding_codec([5])])) == one(
        ("codecs", 0, "configuration", "chunk_shape"), "invalid_value"
    )


# Storage transformers and extra fields


def test_a_storage_transformer_nothing_claims_is_kept_and_unclaimed() -> None:
    transformer = {"name": "acme.transform", "configuration": {"level": 2}}
    reading = read_array_metadata_v3(array_document(storage_transformers=[transformer]))
    assert reading.problems == ()
    (field,) = reading.storage_transformers
    assert isinstance(field, UnclaimedField) and field.json == transformer
    assert reading.metadata is not None
    assert list(reading.metadata.unclaimed_fields) == [("storage_transformers", 0)]


def test_an_extra_member_nothing_claims_is_kept_as_written_with_any_number() -> None:
    member = {"values": [float("nan"), float("inf")]}
    reading = read_array_metadata_v3(
        array_document(acme=member, attributes={}, dimension_names=["y", "x"])
    )
    assert reading.problems == ()
    assert list(reading.extra_fields) == ["acme"]
    assert isinstance(reading.extra_fields["acme"], UnclaimedField)


class Checksum(TypedDict, closed=True):
    algorithm: Literal["sha256"]
    must_understand: NotRequired[bool]


CHECKSUM = ArrayExtraFieldDefinition(name="acme.checksum", configuration=Checksum)
WITH_CHECKSUM = CORE_AND_EXTENSIONS.update(array_extra_fields=[CHECKSUM])


def test_an_extra_member_a_definition_claims_is_read_by_it() -> None:
    reading = read_array_metadata_v3(
        array_document(**{"acme.checksum": {"algorithm": "sha256"}}), context=WITH_CHECKSUM
    )
    assert reading.problems == ()
    field = reading.extra_fields["acme.checksum"]
    assert isinstance(field, AcceptedField) and field.definition is CHECKSUM
    refused = array_document(**{"acme.checksum": {"algorithm": "md5", "salt": 1}})
    assert problems(refused, WITH_CHECKSUM) == Counter(
        {
            (("acme.checksum", "algorithm"), "invalid_value"): 1,
            (("acme.checksum", "salt"), "unknown_key"): 1,
        }
    )
    assert problems(array_document(**{"acme.checksum": 3}), WITH_CHECKSUM) == one(
        ("acme.checksum",), "invalid_type"
    )


# Every problem in one pass


def test_every_problem_of_every_stage_is_reported_in_one_pass() -> None:
    document = array_document(
        chunk_grid={"name": "regular", "configuration": {"chunk_shape": [0, 10]}},
        fill_value="zero",
        codecs=[{"name": "gzip", "configuration": {"level": 10}}, "bytes"],
        dimension_names=["x"],
        attributes=[],
    )
    assert problems(document) == Counter(
        {
            (("chunk_grid", "configuration", "chunk_shape", 0), "invalid_value"): 1,
            (("fill_value",), "invalid_value"): 1,
            (("codecs", 0, "configuration", "level"), "invalid_value"): 1,
            (("codecs", 1), "invalid_value"): 1,
            (("codecs", 1, "configuration", "endian"), "missing_key"): 1,
            (("dimension_names",), "invalid_value"): 1,
            (("attributes",), "invalid_type"): 1,
        }
    )


def test_a_reading_with_problems_has_no_model_but_keeps_the_fields_it_read() -> None:
    reading = read_array_metadata_v3(array_document(fill_value="zero"))
    assert reading.metadata is None
    assert isinstance(reading.data_type, AcceptedField)
    assert [loc for loc, _ in reading.fields()] == [
        ("data_type",),
        ("chunk_grid",),
        ("chunk_key_encoding",),
        ("codecs", 0),
    ]


# Numbers and nesting


def test_attributes_may_hold_nan_and_the_infinities() -> None:
    attributes = {"nan": float("nan"), "range": [float("-inf"), float("inf")]}
    assert problems(array_document(attributes=attributes)) == Counter()


def test_a_non_finite_number_in_a_configuration_is_a_problem_there() -> None:
    grid = {"name": "regular", "configuration": {"chunk_shape": [float("nan"), 10]}}
    # NaN is a float, and a chunk length is an integer.
    assert problems(array_document(chunk_grid=grid)) == one(
        ("chunk_grid", "configuration", "chunk_shape", 0), "invalid_type"
    )
    unknown = {"name": "acme.grid", "configuration": {"step": float("inf")}}
    assert problems(array_document(chunk_grid=unknown)) == one(
        ("chunk_grid", "configuration", "step"), "invalid_value"
    )


def test_nesting_past_the_limit_is_one_invalid_value_and_no_crash() -> None:
    found = read_array_metadata_v3(array_document(attributes={"deep": deep_list(400)})).problems
    assert [(problem.loc[:2], problem.kind) for problem in found] == [
        (("attributes", "deep"), "invalid_value")
    ]


def test_nesting_within_the_limit_is_user_data() -> None:
    assert problems(array_document(attributes={"deep": deep_list(200)})) == Counter()


# Dispatch on node_type


def test_a_node_reader_reads_an_array_as_an_array_and_a_group_as_a_group() -> None:
    assert isinstance(read_node_metadata_v3(array_document()), ZarrV3ArrayMetadataReading)
    assert isinstance(read_node_metadata_v3(group_document()), ZarrV3GroupMetadataReading)
    array_problem = read_node_metadata_v3(array_document(fill_value="zero"))
    assert isinstance(array_problem, ZarrV3ArrayMetadataReading)
    assert [problem.loc for problem in array_problem.problems] == [("fill_value",)]


@pytest.mark.parametrize(
    ("document", "kind"),
    [
        (array_document(node_type="table"), "invalid_value"),
        (without(array_document(), "node_type"), "missing_key"),
    ],
)
def test_a_document_of_no_known_node_type_is_an_unknown_node(
    document: dict[str, Any], kind: str
) -> None:
    reading = read_node_metadata_v3(document)
    assert isinstance(reading, ZarrV3UnknownNodeMetadataReading)
    assert reading.metadata is None
    assert list(reading.fields()) == []
    assert Counter((problem.loc, problem.kind) for problem in reading.problems) == one(
        ("node_type",), kind
    )


def test_a_node_reader_reads_what_is_not_an_object_as_an_unknown_node() -> None:
    reading = read_node_metadata_v3([1, 2])
    assert isinstance(reading, ZarrV3UnknownNodeMetadataReading)
    assert [(problem.loc, problem.kind) for problem in reading.problems] == [((), "invalid_type")]


# fields(): every field at any depth, in document order


def test_fields_are_every_field_at_any_depth_with_its_location() -> None:
    document = array_document(
        data_type=struct(("a", "uint8"), ("b", "acme.unit")),
        fill_value={"a": 0, "b": 0},
        codecs=[
            sharding_codec([5, 5], codecs=["bytes"], index_codecs=[LITTLE_BYTES, "crc32c"]),
            GZIP,
        ],
        storage_transformers=[{"name": "acme.transform"}],
        acme={"must_understand": False},
    )
    reading = read_array_metadata_v3(document)
    assert reading.problems == ()
    assert [loc for loc, _ in reading.fields()] == [
        ("data_type",),
        ("data_type", "configuration", "fields", 0, "data_type"),
        ("data_type", "configuration", "fields", 1, "data_type"),
        ("chunk_grid",),
        ("chunk_key_encoding",),
        ("codecs", 0),
        ("codecs", 0, "configuration", "codecs", 0),
        ("codecs", 0, "configuration", "index_codecs", 0),
        ("codecs", 0, "configuration", "index_codecs", 1),
        ("codecs", 1),
        ("storage_transformers", 0),
        ("acme",),
    ]
    assert all(loc in document_positions(document) for loc, _ in reading.fields())


def test_fields_follow_the_order_the_document_writes_members_in() -> None:
    shard = {
        "name": "sharding_indexed",
        "configuration": {
            "index_codecs": [LITTLE_BYTES],
            "chunk_shape": [5, 5],
            "codecs": [LITTLE_BYTES],
        },
    }
    document = {"codecs": [shard], **without(array_document(), "codecs"), "acme": 1}
    reading = read_array_metadata_v3(document)
    assert reading.problems == ()
    assert [loc for loc, _ in reading.fields()] == [
        ("codecs", 0),
        ("codecs", 0, "configuration", "index_codecs", 0),
        ("codecs", 0, "configuration", "codecs", 0),
        ("data_type",),
        ("chunk_grid",),
        ("chunk_key_encoding",),
        ("acme",),
    ]


def test_fields_of_a_reading_with_problems_follow_the_document_order_too() -> None:
    document = {"codecs": [LITTLE_BYTES], **without(array_document(fill_value="zero"), "codecs")}
    reading = read_array_metadata_v3(document)
    assert reading.problems != ()
    assert [loc for loc, _ in reading.fields()] == [
        ("codecs", 0),
        ("data_type",),
        ("chunk_grid",),
        ("chunk_key_encoding",),
    ]


def test_fields_of_a_refused_field_are_listed_at_its_location() -> None:
    document = array_document(
        codecs=[LITTLE_BYTES, {"name": "gzip", "configuration": {"level": 99}}]
    )
    fields = dict(read_array_metadata_v3(document).fields())
    assert isinstance(fields[("codecs", 1)], RefusedField)
    assert fields[("codecs", 1)].name == "gzip"


def test_a_reading_of_a_document_without_a_data_type_holds_unset() -> None:
    reading = read_array_metadata_v3(without(array_document(), "data_type"))
    assert reading.data_type is UNSET
    assert reading.chunk.data_type is None
    assert ("data_type",) not in dict(reading.fields())
