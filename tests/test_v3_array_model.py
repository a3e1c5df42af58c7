"""The model of a valid v3 array document: built only from a valid one, immutable, equal to another that means the same, and written back to JSON and store bytes."""

# No `from __future__ import annotations`: the TypedDicts below are read
# from evaluated annotations.

import copy
import json
import math
import pickle
from collections.abc import Mapping
from typing import Annotated, Any, NotRequired

import pytest
from annotated_types import Interval
from typing_extensions import TypedDict

from _v3_documents import LITTLE_BYTES, array_document, sharding_codec
from zarr_metadata.definition import AcceptedField, ScopeConflictError, UnclaimedField
from zarr_metadata.model import UNSET, ZarrV3ArrayMetadata, read_array_metadata_v3
from zarr_metadata.problems import MetadataValidationError
from zarr_metadata.v3.definition import (
    CORE,
    CORE_AND_EXTENSIONS,
    ArrayExtraFieldDefinition,
    CodecDefinition,
)

ZSTD: dict[str, Any] = {"name": "zstd", "configuration": {"level": 3}}
GZIP: dict[str, Any] = {"name": "gzip", "configuration": {"level": 1}}


def model(**members: Any) -> ZarrV3ArrayMetadata:
    return ZarrV3ArrayMetadata(array_document(**members))


# Construction


def test_a_model_is_built_from_a_valid_document() -> None:
    metadata = ZarrV3ArrayMetadata(array_document())
    assert metadata.shape == (100, 100)
    assert metadata.context == CORE_AND_EXTENSIONS
    assert metadata.reading.metadata is metadata
    assert metadata.zarr_format == 3 and metadata.node_type == "array"


def test_an_invalid_document_raises_every_problem_the_reader_finds() -> None:
    document = array_document(fill_value="zero", codecs=[GZIP, "bytes"])
    with pytest.raises(MetadataValidationError) as raised:
        ZarrV3ArrayMetadata(document)
    assert raised.value.problems == read_array_metadata_v3(document).problems
    assert len(raised.value.problems) == 3
    assert isinstance(raised.value, ValueError)
    assert "fill_value" in str(raised.value)


def test_from_json_reads_in_the_scope_given() -> None:
    document = array_document(
        codecs=[LITTLE_BYTES, {"name": "zstd", "configuration": {"level": 99}}]
    )
    with pytest.raises(MetadataValidationError):
        ZarrV3ArrayMetadata.from_json(document)
    core = ZarrV3ArrayMetadata.from_json(document, context=CORE)
    assert core.context == CORE
    assert list(core.unclaimed_fields) == [("codecs", 1)]


def test_from_key_value_reads_the_zarr_json_bytes() -> None:
    text = json.dumps(array_document(attributes={"title": "été"})).encode("utf-8")
    metadata = ZarrV3ArrayMetadata.from_key_value({"zarr.json": text})
    assert metadata == model(attributes={"title": "été"})


@pytest.mark.parametrize("data", [b"{not json", b"\xff\xfe{}", b"", "{}".encode("utf-16")])
def test_from_key_value_refuses_bytes_that_are_not_utf8_json(data: bytes) -> None:
    with pytest.raises(MetadataValidationError) as raised:
        ZarrV3ArrayMetadata.from_key_value({"zarr.json": data})
    assert [(problem.loc, problem.kind) for problem in raised.value.problems] == [
        ((), "invalid_json")
    ]


def test_from_key_value_refuses_json_python_cannot_read_as_invalid_json() -> None:
    too_long = (
        json.dumps(array_document())[:-1].encode() + b', "attributes": {"n": ' + b"1" * 5000 + b"}}"
    )
    too_deep = b"[" * 100_000 + b"]" * 100_000
    for data in (too_long, too_deep):
        with pytest.raises(MetadataValidationError) as raised:
            ZarrV3ArrayMetadata.from_key_value({"zarr.json": data})
        assert [(problem.loc, problem.kind) for problem in raised.value.problems] == [
            ((), "invalid_json")
        ]


def test_a_number_python_cannot_write_as_text_is_refused_or_round_trips() -> None:
    huge = 10**5000
    for document in (
        array_document(attributes={"n": huge}),
        array_document(acme={"n": huge}),
        array_document(data_type="acme.big", fill_value=huge),
    ):
        reading = read_array_metadata_v3(document)
        if reading.metadata is not None:
            metadata = reading.metadata
            assert ZarrV3ArrayMetadata.from_key_value(metadata.to_key_value()) == metadata
            assert hash(metadata) == hash(ZarrV3ArrayMetadata(document))
        else:
            assert all(repr(problem) for problem in reading.problems)


def test_from_key_value_without_zarr_json_is_a_missing_key() -> None:
    with pytest.raises(MetadataValidationError) as raised:
        ZarrV3ArrayMetadata.from_key_value({".zarray": b"{}"})
    assert [(problem.loc, problem.kind) for problem in raised.value.problems] == [
        ((), "missing_key")
    ]


def test_from_key_value_reads_bare_non_finite_tokens_in_attributes() -> None:
    text = (
        json.dumps(array_document(), allow_nan=True)[:-1]
        + ', "attributes": {"a": NaN, "b": -Infinity}}'
    )
    metadata = ZarrV3ArrayMetadata.from_key_value({"zarr.json": text.encode()})
    assert math.isnan(metadata.attributes["a"])  # type: ignore[arg-type]
    assert metadata.attributes["b"] == -math.inf


# Writing back


def test_to_json_is_the_document_as_given_with_tuples_for_arrays() -> None:
    written_last_first = array_document(
        fill_value="NaN", attributes={"axes": [1, 2]}, acme={"k": [1]}
    )
    document = dict(reversed(list(written_last_first.items())))
    written = ZarrV3ArrayMetadata(document).to_json()
    assert list(written) == list(document)
    assert written["shape"] == (100, 100)
    assert written["fill_value"] == "NaN"
    assert written["codecs"] == ({"name": "bytes", "configuration": {"endian": "little"}},)
    assert written["attributes"] == {"axes": (1, 2)}
    assert written["acme"] == {"k": (1,)}  # type: ignore[typeddict-item]
    assert json.loads(json.dumps(written)) == document


def test_to_json_keeps_each_field_spelled_as_written() -> None:
    document = array_document(
        data_type={"name": "uint8"},
        fill_value=0,
        codecs=[
            {"name": "bytes", "configuration": {}},
            {"name": "crc32c", "must_understand": True},
        ],
        chunk_key_encoding="default",
    )
    written = ZarrV3ArrayMetadata(document).to_json()
    assert written["data_type"] == {"name": "uint8"}
    assert written["codecs"] == (
        {"name": "bytes", "configuration": {}},
        {"name": "crc32c", "must_understand": True},
    )
    assert written["chunk_key_encoding"] == "default"


def test_to_key_value_writes_zarr_json_as_utf8_json() -> None:
    metadata = model(attributes={"title": "été"})
    written = metadata.to_key_value()
    assert list(written) == ["zarr.json"]
    assert json.loads(written["zarr.json"].decode("utf-8")) == json.loads(
        json.dumps(metadata.to_json())
    )
    assert "été" in written["zarr.json"].decode("utf-8")


def test_to_key_value_writes_non_finite_user_data_as_bare_tokens() -> None:
    metadata = model(attributes={"a": math.nan, "b": [math.inf, -math.inf]})
    text = metadata.to_key_value()["zarr.json"].decode("utf-8")
    assert '"a": NaN' in text and "[Infinity, -Infinity]" in text
    assert ZarrV3ArrayMetadata.from_key_value(metadata.to_key_value()) == metadata


@pytest.mark.parametrize("indent", [None, 2, "\t"])
def test_to_key_value_indents_as_asked_and_parses_back(indent: int | str | None) -> None:
    metadata = model(dimension_names=["y", None])
    written = metadata.to_key_value(indent=indent)["zarr.json"]
    assert (b"\n" in written) == (indent is not None)
    assert ZarrV3ArrayMetadata.from_key_value({"zarr.json": written}) == metadata


# Views of the members


def test_each_member_has_a_read_only_view() -> None:
    metadata = model(
        data_type="int16",
        fill_value=-1,
        attributes={"a": 1},
        storage_transformers=[{"name": "acme.transform"}],
        dimension_names=["y", None],
        acme={"must_understand": False},
    )
    assert metadata.shape == (100, 100)
    # Members that hold fields give them as the scope read them; to_json() gives each as written.
    assert isinstance(metadata.data_type, AcceptedField)
    assert (
        metadata.data_type.name == "int16"
        and metadata.data_type.definition is CORE_AND_EXTENSIONS.data_types["int16"]
    )
    assert metadata.data_type.to_json() == "int16"
    assert metadata.chunk_grid.name == "regular" and metadata.chunk_grid.configuration == {
        "chunk_shape": (10, 10)
    }
    assert metadata.chunk_grid.to_json() == {
        "name": "regular",
        "configuration": {"chunk_shape": (10, 10)},
    }
    assert metadata.chunk_key_encoding.to_json() == {
        "name": "default",
        "configuration": {"separator": "/"},
    }
    assert metadata.fill_value == -1
    assert [codec.to_json() for codec in metadata.codecs] == [LITTLE_BYTES]
    assert metadata.codecs[0].name == "bytes" and metadata.codecs[0].configuration == {
        "endian": "little"
    }
    assert metadata.attributes == {"a": 1}
    (transformer,) = metadata.storage_transformers
    assert (
        isinstance(transformer, UnclaimedField)
        and transformer.name == "acme.transform"
        and transformer.definition is None
    )
    assert metadata.dimension_names == ("y", None)
    assert list(metadata.extra_fields) == ["acme"]
    assert isinstance(metadata.extra_fields["acme"], UnclaimedField)
    # An extra field is read from the member with its key, which its JSON keeps.
    assert metadata.extra_fields["acme"].to_json() == {"acme": {"must_understand": False}}
    assert metadata.to_json()["data_type"] == "int16"


def test_optional_members_absent_have_empty_views() -> None:
    metadata = model()
    assert dict(metadata.attributes) == {}
    assert metadata.storage_transformers == ()
    assert metadata.dimension_names is None
    assert dict(metadata.extra_fields) == {}


# Immutable at every level


def test_a_model_refuses_attribute_assignment() -> None:
    metadata = model()
    with pytest.raises(AttributeError):
        metadata.shape = (1,)  # type: ignore[misc]
    with pytest.raises(AttributeError):
        metadata.anything = 1  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        del metadata.shape  # type: ignore[misc]


def test_the_views_of_the_document_refuse_item_assignment_at_every_level() -> None:
    metadata = model(attributes={"list": [1, 2]})
    chunk_grid: Any = metadata.chunk_grid.to_json()
    codecs: Any = tuple(codec.to_json() for codec in metadata.codecs)
    targets: list[tuple[Any, Any]] = [
        (metadata.shape, 0),
        (chunk_grid, "name"),
        (chunk_grid["configuration"], "chunk_shape"),
        (chunk_grid["configuration"]["chunk_shape"], 0),
        (codecs[0]["configuration"], "endian"),
        (metadata.codecs[0].configuration, "endian"),
        (metadata.attributes, "list"),
        (metadata.attributes["list"], 0),
        (metadata.attributes, "new"),
        (metadata.extra_fields, "new"),
    ]
    for target, key in targets:
        with pytest.raises(TypeError):
            target[key] = 0
    assert metadata == model(attributes={"list": [1, 2]})


def test_to_json_is_a_fresh_plain_document_the_caller_may_change() -> None:
    metadata = model(attributes={"list": [1, 2], "nested": {"k": 1}})
    written: Any = metadata.to_json()
    assert type(written) is dict
    for member in ("chunk_grid", "chunk_key_encoding", "attributes"):
        assert type(written[member]) is dict, member
    assert type(written["chunk_grid"]["configuration"]) is dict
    assert type(written["codecs"][0]) is dict and type(written["attributes"]["nested"]) is dict
    written["shape"] = (5,)
    written["chunk_grid"]["configuration"]["chunk_shape"] = (1,)
    written["attributes"]["nested"]["k"] = 2
    assert metadata.shape == (100, 100)
    assert metadata.to_json()["chunk_grid"]["configuration"]["chunk_shape"] == (10, 10)
    assert metadata.attributes["nested"] == {"k": 1}
    assert ZarrV3ArrayMetadata(written) != metadata


def test_objects_inside_user_data_refuse_item_assignment_too() -> None:
    struct = {"name": "struct", "configuration": {"fields": [{"name": "a", "data_type": "int8"}]}}
    metadata = model(
        data_type=struct,
        fill_value={"a": 0},
        codecs=["bytes", {"name": "acme.pack", "configuration": {"table": {"k": 1}}}],
        attributes={"nested": {"list": [1, {"deep": 2}]}},
        acme={"inner": {"k": 1}},
    )
    before = hash(metadata)
    fill_value: Any = metadata.fill_value
    codecs: Any = [codec.to_json() for codec in metadata.codecs]
    attributes: Any = metadata.attributes
    extra: Any = {key: field.to_json() for key, field in metadata.extra_fields.items()}["acme"]
    targets: list[tuple[Any, Any]] = [
        (fill_value, "a"),
        (codecs[1]["configuration"]["table"], "k"),
        (attributes["nested"], "list"),
        (attributes["nested"]["list"][1], "deep"),
        (extra["acme"]["inner"], "k"),
    ]
    refused = 0
    for target, key in targets:
        try:
            target[key] = 9
        except TypeError:
            refused += 1
    assert refused == len(targets)
    assert hash(metadata) == before


def test_a_model_shares_nothing_mutable_with_the_document_it_was_read_from() -> None:
    document = array_document(attributes={"list": [1, 2]})
    metadata = ZarrV3ArrayMetadata(document)
    document["attributes"]["list"].append(3)
    document["codecs"][0]["configuration"]["endian"] = "big"
    assert metadata.attributes == {"list": (1, 2)}
    assert metadata.codecs[0].to_json() == LITTLE_BYTES


# Equal by meaning


SAME_MEANING: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    (
        "NaN and its hex bits",
        {"data_type": "float32", "fill_value": "NaN"},
        {"data_type": "float32", "fill_value": "0x7fc00000"},
    ),
    (
        "hex digits in either case",
        {"data_type": "float32", "fill_value": "0x7FC00000"},
        {"data_type": "float32", "fill_value": "0x7fc00000"},
    ),
    ("Infinity and its hex bits", {"fill_value": "Infinity"}, {"fill_value": "0x7ff0000000000000"}),
    ("an integer and a float of one value", {"fill_value": 3}, {"fill_value": 3.0}),
    ("a number and its hex bits", {"fill_value": 0.5}, {"fill_value": "0x3fe0000000000000"}),
    (
        "a complex fill value",
        {"data_type": "complex64", "fill_value": ["NaN", 0]},
        {"data_type": "complex64", "fill_value": ["0x7fc00000", 0.0]},
    ),
    (
        "bytes as a bare name and as an object",
        {"data_type": "uint8", "fill_value": 0, "codecs": ["bytes"]},
        {"data_type": "uint8", "fill_value": 0, "codecs": [{"name": "bytes", "configuration": {}}]},
    ),
    (
        "a data type as a bare name and as an object",
        {"data_type": "float64"},
        {"data_type": {"name": "float64"}},
    ),
    (
        "must_understand true and no must_understand",
        {"data_type": {"name": "float64", "must_understand": True}},
        {"data_type": "float64"},
    ),
    (
        "the default separator written and dropped",
        {"chunk_key_encoding": {"name": "default", "configuration": {"separator": "/"}}},
        {"chunk_key_encoding": "default"},
    ),
    (
        "the v2 default separator written and dropped",
        {"chunk_key_encoding": {"name": "v2", "configuration": {"separator": "."}}},
        {"chunk_key_encoding": {"name": "v2"}},
    ),
    (
        "zstd without a checksum written and dropped",
        {
            "codecs": [
                LITTLE_BYTES,
                {"name": "zstd", "configuration": {"level": 3, "checksum": False}},
            ]
        },
        {"codecs": [LITTLE_BYTES, ZSTD]},
    ),
    (
        "blosc typesize under noshuffle",
        {
            "codecs": [
                LITTLE_BYTES,
                {
                    "name": "blosc",
                    "configuration": {
                        "cname": "lz4",
                        "clevel": 5,
                        "shuffle": "noshuffle",
                        "blocksize": 0,
                        "typesize": 8,
                    },
                },
            ]
        },
        {
            "codecs": [
                LITTLE_BYTES,
                {
                    "name": "blosc",
                    "configuration": {
                        "cname": "lz4",
                        "clevel": 5,
                        "shuffle": "noshuffle",
                        "blocksize": 0,
                    },
                },
            ]
        },
    ),
    (
        "a shard's spellings inside and its default index location",
        {
            "data_type": "uint8",
            "fill_value": 0,
            "codecs": [sharding_codec([5, 5], codecs=["bytes"], index_location="end")],
        },
        {
            "data_type": "uint8",
            "fill_value": 0,
            "codecs": [sharding_codec([5, 5], codecs=[{"name": "bytes"}])],
        },
    ),
    (
        "a struct field's data type spelled two ways, and its fill value",
        {
            "data_type": {
                "name": "struct",
                "configuration": {"fields": [{"name": "a", "data_type": "float32"}]},
            },
            "fill_value": {"a": "NaN"},
        },
        {
            "data_type": {
                "name": "struct",
                "configuration": {"fields": [{"name": "a", "data_type": {"name": "float32"}}]},
            },
            "fill_value": {"a": "0x7fc00000"},
        },
    ),
    (
        "NaT and the int64 minimum",
        {
            "data_type": {
                "name": "numpy.datetime64",
                "configuration": {"unit": "us", "scale_factor": 1},
            },
            "fill_value": "NaT",
        },
        {
            "data_type": {
                "name": "numpy.datetime64",
                "configuration": {"unit": "μs", "scale_factor": 1},
            },
            "fill_value": -(2**63),
        },
    ),
    (
        "attributes in another key order",
        {"attributes": {"a": 1, "b": [2]}},
        {"attributes": {"b": [2], "a": 1}},
    ),
    ("NaN in attributes", {"attributes": {"a": math.nan}}, {"attributes": {"a": math.nan}}),
    ("no attributes and empty attributes", {}, {"attributes": {}}),
    ("no storage transformers and none listed", {}, {"storage_transformers": []}),
    (
        "a rectilinear axis as runs and as lengths",
        {
            "chunk_grid": {
                "name": "rectilinear",
                "configuration": {"kind": "inline", "chunk_shapes": [[[10, 10]], [[50, 2]]]},
            }
        },
        {
            "chunk_grid": {
                "name": "rectilinear",
                "configuration": {
                    "kind": "inline",
                    "chunk_shapes": [[10] * 10, [[50, 1], [50, 1]]],
                },
            }
        },
    ),
]


@pytest.mark.parametrize(
    ("left", "right"),
    [(left, right) for _, left, right in SAME_MEANING],
    ids=[name for name, _, _ in SAME_MEANING],
)
def test_documents_that_mean_the_same_give_equal_models_with_equal_hashes(
    left: dict[str, Any], right: dict[str, Any]
) -> None:
    one, other = model(**left), model(**right)
    assert one == other
    assert hash(one) == hash(other)
    assert len({one, other}) == 1


def test_members_in_another_order_mean_the_same() -> None:
    document = array_document(attributes={"a": 1})
    reversed_document = dict(reversed(list(document.items())))
    assert ZarrV3ArrayMetadata(document) == ZarrV3ArrayMetadata(reversed_document)


OTHER_MEANING: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    ("0.0 and -0.0", {"fill_value": 0.0}, {"fill_value": -0.0}),
    ("two NaNs of different bits", {"fill_value": "NaN"}, {"fill_value": "0x7ff8000000000001"}),
    ("two data types", {"data_type": "float64"}, {"data_type": "float32"}),
    (
        "two separators",
        {"chunk_key_encoding": "default"},
        {"chunk_key_encoding": {"name": "default", "configuration": {"separator": "."}}},
    ),
    ("two shapes", {}, {"shape": [100, 101]}),
    (
        "two gzip levels",
        {"codecs": [LITTLE_BYTES, GZIP]},
        {"codecs": [LITTLE_BYTES, {"name": "gzip", "configuration": {"level": 2}}]},
    ),
    ("a codec more", {}, {"codecs": [LITTLE_BYTES, "crc32c"]}),
    ("two endians", {}, {"codecs": [{"name": "bytes", "configuration": {"endian": "big"}}]}),
    ("an integer and a float in attributes", {"attributes": {"a": 1}}, {"attributes": {"a": 1.0}}),
    ("two attributes", {"attributes": {"a": 1}}, {"attributes": {"a": 2}}),
    ("dimension names", {"dimension_names": ["y", "x"]}, {"dimension_names": ["x", "y"]}),
    (
        "an unclaimed codec written two ways",
        {"codecs": [{"name": "acme.shuffle"}, LITTLE_BYTES]},
        {"codecs": ["acme.shuffle", LITTLE_BYTES]},
    ),
    ("an extra member more", {}, {"acme": {"must_understand": False}}),
]


@pytest.mark.parametrize(
    ("left", "right"),
    [(left, right) for _, left, right in OTHER_MEANING],
    ids=[name for name, _, _ in OTHER_MEANING],
)
def test_documents_that_mean_different_things_give_different_models(
    left: dict[str, Any], right: dict[str, Any]
) -> None:
    assert model(**left) != model(**right)


def test_a_model_is_not_equal_to_its_json() -> None:
    metadata = model()
    assert metadata != metadata.to_json()
    assert metadata != array_document()


# Pickling and copying


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_a_model_pickles_to_an_equal_model_in_the_same_scope(protocol: int) -> None:
    metadata = ZarrV3ArrayMetadata(
        array_document(attributes={"nan": math.nan}, codecs=[LITTLE_BYTES, ZSTD]), context=CORE
    )
    restored = pickle.loads(pickle.dumps(metadata, protocol=protocol))
    assert restored == metadata and hash(restored) == hash(metadata)
    assert restored.context == CORE
    assert restored.to_key_value() == metadata.to_key_value()
    assert list(restored.unclaimed_fields) == [("codecs", 1)]


def test_a_copy_is_the_model_itself() -> None:
    metadata = model()
    assert copy.copy(metadata) is metadata
    assert copy.deepcopy(metadata) is metadata
    assert copy.deepcopy({"m": [metadata]})["m"][0] is metadata


# Changed copies


def test_update_sets_members_by_name_and_leaves_the_model_unchanged() -> None:
    metadata = model()
    updated = metadata.update(data_type="int8", fill_value=-1, attributes={"a": 1})
    assert (
        updated.data_type.name == "int8"
        and updated.fill_value == -1
        and updated.attributes == {"a": 1}
    )
    assert metadata.data_type.name == "float64" and dict(metadata.attributes) == {}
    assert updated.context is metadata.context


def test_update_with_unset_removes_an_optional_member() -> None:
    metadata = model(attributes={"a": 1}, dimension_names=["y", "x"], storage_transformers=[])
    updated = metadata.update(attributes=UNSET, dimension_names=UNSET, storage_transformers=UNSET)
    assert set(updated.to_json()) == set(array_document())


def test_update_sets_and_removes_extra_members_in_extra_fields() -> None:
    metadata = model(acme={"must_understand": False})
    added = metadata.update(extra_fields={"other": [1]})
    assert {key: field.to_json()[key] for key, field in added.extra_fields.items()} == {
        "acme": {"must_understand": False},
        "other": (1,),
    }
    removed = added.update(extra_fields={"acme": UNSET})
    assert {key: field.to_json()[key] for key, field in removed.extra_fields.items()} == {
        "other": (1,)
    }


def test_update_refuses_a_name_it_does_not_know() -> None:
    metadata = model()
    with pytest.raises(TypeError):
        metadata.update(colour="red")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        metadata.update(zarr_format=2)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        metadata.update(extra_fields={"shape": [1]})


def test_update_reads_the_changed_document_and_raises_its_problems() -> None:
    with pytest.raises(MetadataValidationError) as raised:
        model().update(shape=(100,))
    assert [problem.loc for problem in raised.value.problems] == [
        ("chunk_grid", "configuration", "chunk_shape")
    ]


def test_update_reads_in_the_model_scope() -> None:
    metadata = ZarrV3ArrayMetadata(array_document(codecs=[LITTLE_BYTES, ZSTD]), context=CORE)
    updated = metadata.update(attributes={"a": 1})
    assert updated.context == CORE
    assert list(updated.unclaimed_fields) == [("codecs", 1)]


def test_with_context_reads_the_document_in_another_scope() -> None:
    document = array_document(
        codecs=[LITTLE_BYTES, {"name": "zstd", "configuration": {"level": 99}}]
    )
    core = ZarrV3ArrayMetadata(document, context=CORE)
    with pytest.raises(MetadataValidationError) as raised:
        core.with_context(CORE_AND_EXTENSIONS)
    assert [problem.loc for problem in raised.value.problems] == [
        ("codecs", 1, "configuration", "level")
    ]
    assert core.with_context(CORE).context == CORE


def test_with_context_none_is_the_default_scope() -> None:
    core = ZarrV3ArrayMetadata(array_document(codecs=[LITTLE_BYTES, ZSTD]), context=CORE)
    assert core.with_context().context == CORE_AND_EXTENSIONS
    assert core.with_context(None).context == CORE_AND_EXTENSIONS


def test_refined_in_a_scope_that_claims_more_reads_what_was_unclaimed() -> None:
    core = ZarrV3ArrayMetadata(array_document(codecs=[LITTLE_BYTES, ZSTD]), context=CORE)
    refined = core.refined_in(CORE_AND_EXTENSIONS)
    assert refined.context == CORE_AND_EXTENSIONS
    assert isinstance(refined.reading.pipeline[1].codec, AcceptedField)
    assert dict(refined.unclaimed_fields) == {}
    assert refined.refines(core)
    assert not core.refines(refined)
    assert core.refines(core) and refined.refines(refined)
    assert core.refined_in().context == CORE_AND_EXTENSIONS


def test_refined_in_a_scope_that_claims_less_is_a_scope_conflict() -> None:
    metadata = model(codecs=[LITTLE_BYTES, ZSTD])
    with pytest.raises(ScopeConflictError) as raised:
        metadata.refined_in(CORE)
    (conflict,) = raised.value.conflicts
    assert conflict.loc == ("codecs", 1)
    assert conflict.found is None


class GzipLevel(TypedDict, closed=True):
    level: Annotated[int, Interval(ge=0, le=9)]


OTHER_GZIP = CodecDefinition(
    name="gzip", configuration=GzipLevel, kind="bytes_bytes", size="dynamic"
)
WITH_OTHER_GZIP = CORE_AND_EXTENSIONS.update(
    codecs={**CORE_AND_EXTENSIONS.codecs, "gzip": OTHER_GZIP}
)


def test_refined_in_a_scope_with_another_definition_of_a_field_is_a_scope_conflict() -> None:
    metadata = model(codecs=[LITTLE_BYTES, GZIP])
    with pytest.raises(ScopeConflictError) as raised:
        metadata.refined_in(WITH_OTHER_GZIP)
    (conflict,) = raised.value.conflicts
    assert conflict.loc == ("codecs", 1)
    assert conflict.claimed is CORE_AND_EXTENSIONS.codecs["gzip"] and conflict.found is OTHER_GZIP
    # The model reads there all the same when asked to, by with_context.
    assert metadata.with_context(WITH_OTHER_GZIP).reading.pipeline[1].codec.definition is OTHER_GZIP


def test_a_model_refines_what_means_the_same_and_nothing_else() -> None:
    # refines agrees with ==: two spellings of one document refine each other.
    assert not model(attributes={"a": 1}).refines(model())
    assert model(fill_value="NaN") == model(fill_value="0x7ff8000000000000")
    assert model(fill_value="NaN").refines(model(fill_value="0x7ff8000000000000"))
    assert model(fill_value="0x7ff8000000000000").refines(model(fill_value="NaN"))


def test_create_default_is_a_valid_uint8_scalar_filled_with_zero() -> None:
    default = ZarrV3ArrayMetadata.create_default()
    assert default.shape == ()
    assert default.data_type.name == "uint8" and default.fill_value == 0
    assert type(default.fill_value) is int
    assert [codec.to_json() for codec in default.codecs] == [LITTLE_BYTES]
    assert default.context == CORE_AND_EXTENSIONS
    # A single-byte type takes a bare bytes codec, which a float64 would refuse for want of an endian.
    bare = ZarrV3ArrayMetadata.create_default(shape=(4,), codecs=("bytes",))
    assert bare.codecs[0].to_json() == "bytes"


def test_create_default_takes_overrides_and_a_scope() -> None:
    made = ZarrV3ArrayMetadata.create_default(
        shape=(3, 0), data_type="int8", fill_value=-1, context=CORE
    )
    assert made.shape == (3, 0)
    assert made.reading.chunk.lengths == (frozenset({3}), frozenset({1}))
    assert made.fill_value == -1
    assert made.context == CORE
    with pytest.raises(TypeError):
        ZarrV3ArrayMetadata.create_default(colour="red")  # type: ignore[call-arg]
    with pytest.raises(MetadataValidationError):
        ZarrV3ArrayMetadata.create_default(fill_value="zero")


# Fields nothing claims, and members a reader must understand


def test_unclaimed_fields_are_every_field_nothing_claims_at_any_depth() -> None:
    metadata = model(
        data_type={
            "name": "struct",
            "configuration": {"fields": [{"name": "a", "data_type": "acme.half"}]},
        },
        fill_value={"a": 0},
        codecs=[sharding_codec([5, 5], codecs=["bytes", "acme.pack"]), "acme.deflate"],
        storage_transformers=[{"name": "acme.transform"}],
        acme=1,
    )
    unclaimed = metadata.unclaimed_fields
    assert list(unclaimed) == [
        ("data_type", "configuration", "fields", 0, "data_type"),
        ("codecs", 0, "configuration", "codecs", 1),
        ("codecs", 1),
        ("storage_transformers", 0),
        ("acme",),
    ]
    assert all(isinstance(field, UnclaimedField) for field in unclaimed.values())
    assert unclaimed[("codecs", 1)].name == "acme.deflate"
    assert isinstance(unclaimed, Mapping)


def test_a_model_in_a_scope_that_claims_everything_has_no_unclaimed_fields() -> None:
    assert dict(model(codecs=[LITTLE_BYTES, ZSTD]).unclaimed_fields) == {}


class Checksum(TypedDict, closed=True):
    algorithm: str
    must_understand: NotRequired[bool]


WITH_CHECKSUM = CORE_AND_EXTENSIONS.update(
    array_extra_fields=[ArrayExtraFieldDefinition(name="acme.checksum", configuration=Checksum)]
)


def test_must_understand_fields_are_the_unclaimed_extra_members_not_marked_optional() -> None:
    document = array_document(
        **{
            "acme.optional": {"must_understand": False, "x": 1},
            "acme.required": {"must_understand": True},
            "acme.plain": {"x": 1},
            "acme.number": 3,
            "acme.checksum": {"algorithm": "sha256"},
        }
    )
    assert ZarrV3ArrayMetadata(document).must_understand_fields == (
        "acme.required",
        "acme.plain",
        "acme.number",
        "acme.checksum",
    )
    assert ZarrV3ArrayMetadata(document, context=WITH_CHECKSUM).must_understand_fields == (
        "acme.required",
        "acme.plain",
        "acme.number",
    )
    assert model().must_understand_fields == ()


def test_the_reading_of_a_model_is_the_reading_it_was_built_from() -> None:
    """A model makes its reading when asked (keeping it would make a cycle), so it is an equal reading, naming the model."""
    reading = read_array_metadata_v3(array_document())
    assert reading.metadata is not None
    assert reading.metadata.reading == reading
    assert reading.metadata.reading.metadata is reading.metadata
    assert reading.metadata.reading.data_type is reading.data_type
    rebuilt = ZarrV3ArrayMetadata(array_document())
    assert rebuilt.reading.metadata is rebuilt
