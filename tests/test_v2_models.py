"""The models of valid v2 documents: built only from a valid one, immutable, equal to another that means the same, and written back to JSON and to the files of a store."""

from __future__ import annotations

import copy
import json
import math
import pickle
from collections.abc import Mapping
from typing import Any

import pytest

import zarr_metadata
from zarr_metadata.definition import AcceptedField, ScopeConflictError, UnclaimedField
from zarr_metadata.model import (
    UNSET,
    ZarrV2ArrayMetadata,
    ZarrV2ConsolidatedMetadata,
    ZarrV2GroupMetadata,
    node_metadata_from_key_value_v2,
    read_array_metadata_v2,
    read_consolidated_metadata_v2,
)
from zarr_metadata.problems import MetadataValidationError
from zarr_metadata.v2 import CORE_V2, ZarrV2Context
from zarr_metadata.v2.codec import CODECS_V2
from zarr_metadata.v2.codec.compression import ZarrV2ZlibParameters
from zarr_metadata.v2.data_type import DATA_TYPES_V2
from zarr_metadata.v2.definition import ZarrV2CodecDefinition

GROUP: dict[str, Any] = {"zarr_format": 2}
ZSTD: Any = {"id": "zstd", "level": 3}
WITHOUT_ZSTD = ZarrV2Context(
    data_types=DATA_TYPES_V2, codecs=[codec for codec in CODECS_V2 if codec.name != "zstd"]
)


def _no_rules(configuration: object, nested: object) -> tuple[()]:
    return ()


# Of the same name and configuration as zlib, but another hook: another definition.
OTHER_ZLIB = ZarrV2CodecDefinition(name="zlib", configuration=ZarrV2ZlibParameters, rules=_no_rules)
WITH_OTHER_ZLIB = CORE_V2.update(codecs={**CORE_V2.codecs, "zlib": OTHER_ZLIB})


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


def model(**members: Any) -> ZarrV2ArrayMetadata:
    return ZarrV2ArrayMetadata(array(**members))


def zmetadata(listing: dict[str, Any]) -> dict[str, Any]:
    return {"zarr_consolidated_format": 1, "metadata": listing}


def hierarchy() -> dict[str, Any]:
    """The listing of a store: a root group, an array `a` of a structured type with attributes, a group `g` holding an array `g/b`."""
    return {
        ".zgroup": GROUP,
        ".zattrs": {"title": "root"},
        "a/.zarray": array(dtype=[["x", "<i2"], ["y", "<f4", [2]]], fill_value=None),
        "a/.zattrs": {"n": math.nan},
        "g/.zgroup": GROUP,
        "g/b/.zarray": array(compressor=ZSTD, filters=[{"id": "crc32"}]),
    }


# Construction


def test_an_array_model_is_built_from_a_valid_document_in_core_v2() -> None:
    metadata = model(attributes={"a": 1})
    assert type(metadata) is zarr_metadata.ZarrV2ArrayMetadata
    assert metadata.context == CORE_V2
    assert metadata.zarr_format == 2 and metadata.node_type == "array"
    assert metadata.reading.metadata is metadata
    assert (metadata.shape, metadata.chunks, metadata.dtype.to_json(), metadata.order) == (
        (10, 10),
        (5, 5),
        "<f8",
        "C",
    )
    # The members that hold fields give them as the scope read them.
    assert isinstance(metadata.dtype, AcceptedField) and metadata.dtype.name == "<f8"
    assert metadata.dtype.definition is CORE_V2.data_types["float"]
    assert metadata.dtype.configuration == {"byteorder": "<", "itemsize": 8}
    assert isinstance(metadata.compressor, AcceptedField) and metadata.compressor.name == "zlib"
    assert (
        metadata.compressor.configuration == {"level": 1}
        and metadata.compressor.definition is CORE_V2.codecs["zlib"]
    )
    assert metadata.compressor.to_json() == {"id": "zlib", "level": 1} and metadata.filters is None
    assert metadata.fill_value == 0.0 and metadata.dimension_separator == "."
    assert metadata.attributes == {"a": 1} and dict(metadata.extra_fields) == {}


def test_a_group_model_is_built_from_a_valid_document() -> None:
    metadata = ZarrV2GroupMetadata({"zarr_format": 2, "attributes": {"a": [1]}})
    assert metadata.zarr_format == 2 and metadata.node_type == "group"
    assert metadata.attributes == {"a": (1,)}
    assert dict(metadata.unclaimed_fields) == {}
    assert dict(ZarrV2GroupMetadata(GROUP).attributes) == {}


def test_an_invalid_document_raises_every_problem_the_reader_finds() -> None:
    document = array(chunks=[0], fill_value="zero", order="K")
    with pytest.raises(MetadataValidationError) as raised:
        ZarrV2ArrayMetadata(document)
    assert raised.value.problems == read_array_metadata_v2(document).problems
    assert [problem.loc for problem in raised.value.problems] == [
        ("chunks", 0),
        ("fill_value",),
        ("order",),
    ]
    with pytest.raises(MetadataValidationError):
        ZarrV2GroupMetadata({"zarr_format": 2, "attributes": []})
    with pytest.raises(MetadataValidationError):
        ZarrV2ConsolidatedMetadata(zmetadata({"a/.zarray": array()}))


def test_from_json_reads_in_the_scope_given() -> None:
    document = array(compressor={"id": "zstd", "level": 3})
    assert ZarrV2ArrayMetadata.from_json(document).unclaimed_fields == {}
    in_scope = ZarrV2ArrayMetadata.from_json(document, context=WITHOUT_ZSTD)
    assert in_scope.context is WITHOUT_ZSTD
    assert list(in_scope.unclaimed_fields) == [("compressor",)]


# Immutable at every level


def test_a_model_refuses_attribute_assignment() -> None:
    for metadata in (
        model(),
        ZarrV2GroupMetadata(GROUP),
        ZarrV2ConsolidatedMetadata(zmetadata(hierarchy())),
    ):
        with pytest.raises(AttributeError):
            metadata.attributes = {}  # type: ignore[misc, union-attr]
        with pytest.raises(AttributeError):
            metadata.anything = 1  # type: ignore[union-attr]


def test_the_views_of_a_model_refuse_item_assignment_at_every_level() -> None:
    metadata = model(
        compressor={"id": "blosc", "cname": "lz4", "clevel": 5, "shuffle": 1},
        filters=[{"id": "delta", "dtype": "<f8"}],
        attributes={"list": [1, {"k": 2}]},
        acme={"k": [1]},
    )
    compressor: Any = metadata.compressor
    filters: Any = metadata.filters
    assert compressor is not None and filters is not None
    compressor, filters = compressor.to_json(), tuple(field.to_json() for field in filters)
    attributes: Any = metadata.attributes
    extra: Any = metadata.extra_fields
    targets: list[tuple[Any, Any]] = [
        (metadata.shape, 0),
        (compressor, "clevel"),
        (filters, 0),
        (filters[0], "dtype"),
        (attributes, "new"),
        (attributes["list"], 0),
        (attributes["list"][1], "k"),
        (extra, "acme"),
        (extra["acme"], "k"),
    ]
    for target, key in targets:
        with pytest.raises(TypeError):
            target[key] = 0
    consolidated = ZarrV2ConsolidatedMetadata(zmetadata(hierarchy()))
    with pytest.raises(TypeError):
        consolidated.metadata["a"] = ZarrV2GroupMetadata(GROUP)  # type: ignore[index]


def test_a_model_shares_nothing_mutable_with_the_document_it_was_read_from() -> None:
    document = array(filters=[{"id": "crc32"}], attributes={"list": [1]})
    metadata = ZarrV2ArrayMetadata(document)
    document["filters"][0]["id"] = "adler32"
    document["attributes"]["list"].append(2)
    assert [field.to_json() for field in metadata.filters or ()] == [{"id": "crc32"}]
    assert metadata.attributes == {"list": (1,)}


def test_to_json_is_a_fresh_plain_document_the_caller_may_change() -> None:
    metadata = model(filters=[{"id": "crc32"}], attributes={"nested": {"k": 1}}, acme={"k": 1})
    written: Any = metadata.to_json()
    assert type(written) is dict
    assert (
        type(written["compressor"]) is dict
        and type(written["filters"]) is tuple
        and type(written["filters"][0]) is dict
    )
    assert type(written["attributes"]["nested"]) is dict and type(written["acme"]) is dict
    written["compressor"]["level"] = 9
    written["attributes"]["nested"]["k"] = 2
    written["acme"]["k"] = 2
    assert metadata.compressor is not None and metadata.compressor.to_json() == {
        "id": "zlib",
        "level": 1,
    }
    assert metadata.attributes["nested"] == {"k": 1}
    assert metadata.extra_fields["acme"] == {"k": 1}
    assert metadata.to_json() != written


def test_to_json_is_the_document_as_given_in_its_order() -> None:
    written_last_first = array(dimension_separator="/", attributes={"a": [1]}, acme=None)
    document = dict(reversed(list(written_last_first.items())))
    written = ZarrV2ArrayMetadata(document).to_json()
    assert list(written) == list(document)
    assert json.loads(json.dumps(written)) == document
    group = {"attributes": {"b": 1}, "zarr_format": 2}
    assert ZarrV2GroupMetadata(group).to_json() == group


# Equal by meaning


SAME_MEANING: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    (
        "a one-byte int with either byte order",
        {"dtype": "<i1", "fill_value": 0},
        {"dtype": "|i1", "fill_value": 0},
    ),
    (
        "a bool with either byte order",
        {"dtype": "<b1", "fill_value": False},
        {"dtype": "|b1", "fill_value": False},
    ),
    ("a float fill value 0 and 0.0", {"fill_value": 0}, {"fill_value": 0.0}),
    (
        "a complex fill value of ints and of floats",
        {"dtype": "<c16", "fill_value": [0, 1]},
        {"dtype": "<c16", "fill_value": [0.0, 1.0]},
    ),
    ("NaN written twice", {"fill_value": "NaN"}, {"fill_value": "NaN"}),
    ("no dimension_separator and the default one", {}, {"dimension_separator": "."}),
    (
        "zlib with its default level written and not",
        {"compressor": {"id": "zlib", "level": 1}},
        {"compressor": {"id": "zlib"}},
    ),
    (
        "blosc with its default blocksize written and not",
        {"compressor": {"id": "blosc", "cname": "lz4", "clevel": 5, "shuffle": 1}},
        {"compressor": {"id": "blosc", "cname": "lz4", "clevel": 5, "shuffle": 1, "blocksize": 0}},
    ),
    (
        "a structured field's type spelled two ways",
        {"dtype": [["a", "<i1"]], "fill_value": None},
        {"dtype": [["a", "|i1"]], "fill_value": None},
    ),
    (
        "attributes in another key order",
        {"attributes": {"a": 1, "b": [2]}},
        {"attributes": {"b": [2], "a": 1}},
    ),
    ("NaN in attributes", {"attributes": {"a": math.nan}}, {"attributes": {"a": math.nan}}),
    ("no attributes and empty attributes", {}, {"attributes": {}}),
    (
        "an object type with either byte order",
        {"dtype": "<O", "fill_value": None, "filters": [{"id": "vlen-utf8"}]},
        {"dtype": "|O", "fill_value": None, "filters": [{"id": "vlen-utf8"}]},
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


OTHER_MEANING: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    ("0.0 and -0.0", {"fill_value": 0.0}, {"fill_value": -0.0}),
    ("NaN and Infinity", {"fill_value": "NaN"}, {"fill_value": "Infinity"}),
    (
        "two byte orders of a wide int",
        {"dtype": "<i4", "fill_value": 0},
        {"dtype": ">i4", "fill_value": 0},
    ),
    ("two separators", {}, {"dimension_separator": "/"}),
    ("two orders", {}, {"order": "F"}),
    (
        "two zlib levels",
        {"compressor": {"id": "zlib", "level": 1}},
        {"compressor": {"id": "zlib", "level": 2}},
    ),
    ("a compressor and none", {}, {"compressor": None}),
    ("a filter more", {}, {"filters": [{"id": "crc32"}]}),
    ("two shapes", {}, {"shape": [10, 5]}),
    ("two chunk shapes", {}, {"chunks": [10, 10]}),
    (
        "a scalar field and a block of one",
        {"dtype": [["a", "<i1", [1]]], "fill_value": None},
        {"dtype": [["a", "<i1"]], "fill_value": None},
    ),
    ("an integer and a float in attributes", {"attributes": {"a": 1}}, {"attributes": {"a": 1.0}}),
    ("an extra member more", {}, {"acme": 1}),
    (
        "no bytes fill value and an empty one",
        {"dtype": "|S4", "fill_value": None},
        {"dtype": "|S4", "fill_value": ""},
    ),
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


def test_groups_are_equal_when_their_attributes_are() -> None:
    assert ZarrV2GroupMetadata(GROUP) == ZarrV2GroupMetadata({"zarr_format": 2, "attributes": {}})
    assert hash(ZarrV2GroupMetadata(GROUP)) == hash(
        ZarrV2GroupMetadata({"zarr_format": 2, "attributes": {}})
    )
    assert ZarrV2GroupMetadata({"zarr_format": 2, "attributes": {"a": 0.0}}) != ZarrV2GroupMetadata(
        {"zarr_format": 2, "attributes": {"a": -0.0}}
    )


def test_a_model_is_not_equal_to_its_json_nor_to_a_model_of_another_kind() -> None:
    assert model() != model().to_json()
    assert ZarrV2GroupMetadata(GROUP) != GROUP
    assert ZarrV2GroupMetadata(GROUP) != ZarrV2ConsolidatedMetadata(zmetadata({".zgroup": GROUP}))


# Store keys and bytes


def test_to_key_value_writes_a_zattrs_only_when_the_document_has_attributes() -> None:
    assert list(model().to_key_value()) == [".zarray"]
    assert list(ZarrV2GroupMetadata(GROUP).to_key_value()) == [".zgroup"]
    written = model(attributes={"title": "été", "n": math.nan}).to_key_value()
    assert list(written) == [".zarray", ".zattrs"]
    assert "attributes" not in json.loads(written[".zarray"])
    text = written[".zattrs"].decode("utf-8")
    assert "été" in text and '"n": NaN' in text
    assert ZarrV2GroupMetadata({"zarr_format": 2, "attributes": {"a": 1}}).to_key_value() == {
        ".zgroup": b'{"zarr_format": 2}',
        ".zattrs": b'{"a": 1}',
    }


@pytest.mark.parametrize("indent", [None, 2, "\t"])
def test_to_key_value_indents_as_asked_and_reads_back(indent: int | str | None) -> None:
    metadata = model(attributes={"a": [1, 2]}, dimension_separator="/", acme={"k": 1})
    written = metadata.to_key_value(indent=indent)
    assert all((b"\n" in text) == (indent is not None) for text in written.values())
    assert ZarrV2ArrayMetadata.from_key_value(written) == metadata


def test_from_key_value_reads_a_node_with_and_without_its_zattrs() -> None:
    zarray = json.dumps(array()).encode()
    assert ZarrV2ArrayMetadata.from_key_value({".zarray": zarray}) == model()
    with_attributes = ZarrV2ArrayMetadata.from_key_value(
        {".zarray": zarray, ".zattrs": b'{"a": NaN}', "0.0": b"chunk"}
    )
    assert math.isnan(with_attributes.attributes["a"])  # type: ignore[arg-type]
    group = ZarrV2GroupMetadata.from_key_value(
        {".zgroup": b'{"zarr_format": 2}', ".zattrs": b'{"a": 1}'}
    )
    assert group == ZarrV2GroupMetadata({"zarr_format": 2, "attributes": {"a": 1}})


def test_from_key_value_refuses_a_node_file_with_attributes_of_its_own() -> None:
    zarray = json.dumps({**array(), "attributes": {"a": 1}}).encode()
    for files in ({".zarray": zarray, ".zattrs": b"{}"}, {".zarray": zarray}):
        with pytest.raises(MetadataValidationError) as raised:
            ZarrV2ArrayMetadata.from_key_value(files)
        assert [(problem.loc, problem.kind) for problem in raised.value.problems] == [
            (("attributes",), "unknown_key")
        ]


@pytest.mark.parametrize(
    ("files", "loc", "kind"),
    [
        ({".zgroup": b'{"zarr_format": 2}'}, (), "missing_key"),
        ({".zarray": b"{not json"}, (), "invalid_json"),
        ({".zarray": b"\xff"}, (), "invalid_json"),
        (
            {".zarray": json.dumps(array()).encode(), ".zattrs": b"[1]"},
            ("attributes",),
            "invalid_type",
        ),
    ],
    ids=["no .zarray", "not JSON", "not UTF-8", "a .zattrs not an object"],
)
def test_from_key_value_refuses_files_it_cannot_read(
    files: dict[str, bytes], loc: tuple[str, ...], kind: str
) -> None:
    with pytest.raises(MetadataValidationError) as raised:
        ZarrV2ArrayMetadata.from_key_value(files)
    assert [(problem.loc, problem.kind) for problem in raised.value.problems] == [(loc, kind)]


def test_node_metadata_from_key_value_makes_the_model_of_the_node_the_files_name() -> None:
    as_array = node_metadata_from_key_value_v2(
        {".zarray": json.dumps(array()).encode(), ".zattrs": b'{"a": 1}'}
    )
    assert as_array == model(attributes={"a": 1})
    as_group = node_metadata_from_key_value_v2(
        {".zgroup": b'{"zarr_format": 2}', "a/.zarray": b"ignored"}
    )
    assert as_group == ZarrV2GroupMetadata(GROUP)


@pytest.mark.parametrize(
    ("files", "says"),
    [
        ({".zarray": b"{}", ".zgroup": b"{}"}, "got both"),
        ({".zattrs": b"{}"}, "found neither"),
        ({}, "found neither"),
    ],
    ids=["both", "only a .zattrs", "nothing"],
)
def test_node_metadata_from_key_value_refuses_files_of_no_one_node_type(
    files: dict[str, bytes], says: str
) -> None:
    with pytest.raises(MetadataValidationError) as raised:
        node_metadata_from_key_value_v2(files)
    (problem,) = raised.value.problems
    assert problem.loc == () and says in problem.message


# Pickling and copying


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_a_model_pickles_to_an_equal_model_in_the_same_scope(protocol: int) -> None:
    metadata = ZarrV2ArrayMetadata(
        array(compressor=ZSTD, attributes={"n": math.nan}), context=WITHOUT_ZSTD
    )
    restored = pickle.loads(pickle.dumps(metadata, protocol=protocol))
    assert restored == metadata and hash(restored) == hash(metadata)
    assert restored.context == WITHOUT_ZSTD
    assert list(restored.unclaimed_fields) == [("compressor",)]
    assert restored.to_key_value() == metadata.to_key_value()
    for other in (
        ZarrV2GroupMetadata({"zarr_format": 2, "attributes": {"a": 1}}),
        ZarrV2ConsolidatedMetadata(zmetadata(hierarchy())),
    ):
        again = pickle.loads(pickle.dumps(other, protocol=protocol))
        assert again == other and hash(again) == hash(other)


def test_a_copy_is_the_model_itself() -> None:
    for metadata in (
        model(),
        ZarrV2GroupMetadata(GROUP),
        ZarrV2ConsolidatedMetadata(zmetadata(hierarchy())),
    ):
        assert copy.copy(metadata) is metadata
        assert copy.deepcopy(metadata) is metadata
        assert copy.deepcopy({"m": [metadata]})["m"][0] is metadata


# Changed copies


def test_update_sets_members_by_name_and_leaves_the_model_unchanged() -> None:
    metadata = model()
    updated = metadata.update(
        dtype="<i2", fill_value=-1, chunks=(10, 10), compressor=None, attributes={"a": 1}
    )
    assert (updated.dtype.to_json(), updated.fill_value, updated.chunks, updated.compressor) == (
        "<i2",
        -1,
        (10, 10),
        None,
    )
    assert updated.attributes == {"a": 1}
    assert metadata.dtype.to_json() == "<f8" and dict(metadata.attributes) == {}
    assert updated.context is metadata.context


def test_update_with_unset_removes_the_separator_and_the_attributes() -> None:
    metadata = model(dimension_separator="/", attributes={"a": 1})
    updated = metadata.update(dimension_separator=UNSET, attributes=UNSET)
    assert set(updated.to_json()) == set(array())
    assert updated.dimension_separator == "." and dict(updated.attributes) == {}
    assert list(updated.to_key_value()) == [".zarray"]
    group = ZarrV2GroupMetadata({"zarr_format": 2, "attributes": {"a": 1}})
    assert group.update(attributes=UNSET).to_json() == GROUP


def test_update_sets_and_removes_extra_members_in_extra_fields() -> None:
    metadata = model(acme={"k": 1})
    added = metadata.update(extra_fields={"other": [1]})
    assert dict(added.extra_fields) == {"acme": {"k": 1}, "other": (1,)}
    removed = added.update(extra_fields={"acme": UNSET})
    assert dict(removed.extra_fields) == {"other": (1,)}


def test_update_refuses_a_name_it_does_not_know() -> None:
    metadata = model()
    with pytest.raises(TypeError):
        metadata.update(colour="red")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        metadata.update(zarr_format=3)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        metadata.update(extra_fields={"dtype": "<i4"})
    group = ZarrV2GroupMetadata(GROUP)
    with pytest.raises(TypeError):
        group.update(colour="red")  # type: ignore[call-arg]
    # A v2 group has no extra members to set.
    with pytest.raises(TypeError):
        group.update(extra_fields={"acme": 1})  # type: ignore[call-arg]


def test_update_reads_the_changed_document_and_raises_its_problems() -> None:
    with pytest.raises(MetadataValidationError) as raised:
        model().update(shape=(3,))
    assert [problem.loc for problem in raised.value.problems] == [("chunks",)]
    with pytest.raises(MetadataValidationError) as raised:
        model().update(extra_fields={"acme": {1, 2}})  # type: ignore[dict-item]
    assert [problem.loc for problem in raised.value.problems] == [("acme",)]
    # A member the v2 spec does not define is ignored, v3 names too: kept and written back.
    assert model().update(extra_fields={"node_type": "array"}).to_json()["node_type"] == "array"  # type: ignore[typeddict-item]


def test_update_reads_in_the_scope_of_the_model() -> None:
    updated = ZarrV2ArrayMetadata(array(compressor=ZSTD), context=WITHOUT_ZSTD).update(
        attributes={"a": 1}
    )
    assert updated.context is WITHOUT_ZSTD
    assert list(updated.unclaimed_fields) == [("compressor",)]


def test_create_default_is_a_valid_uncompressed_uint8_scalar_filled_with_zero() -> None:
    default = ZarrV2ArrayMetadata.create_default()
    assert (default.shape, default.chunks, default.dtype.to_json(), default.fill_value) == (
        (),
        (),
        "|u1",
        0,
    )
    assert type(default.fill_value) is int
    assert default.compressor is None and default.filters is None and default.order == "C"
    assert default.context == CORE_V2


@pytest.mark.parametrize(
    ("overrides", "fill_value"),
    [
        ({"dtype": "|b1"}, False),
        ({"dtype": ">i2"}, 0),
        ({"dtype": "|u1"}, 0),
        ({"dtype": "<f4"}, 0.0),
        ({"dtype": "<c16"}, (0.0, 0.0)),
        ({"dtype": "|S4"}, None),
        ({"dtype": "<U3"}, None),
        ({"dtype": "|V8"}, None),
        ({"dtype": "<M8[ns]"}, None),
        ({"dtype": "|O", "filters": ({"id": "vlen-utf8"},)}, None),
        ({"dtype": (("a", "<i4"), ("b", "<f8", (2,)))}, None),
    ],
    ids=lambda value: json.dumps(value["dtype"]) if isinstance(value, dict) else None,
)
def test_create_default_makes_an_array_of_each_data_type_with_a_fill_value_it_takes(
    overrides: dict[str, Any], fill_value: object
) -> None:
    made = ZarrV2ArrayMetadata.create_default(**overrides)
    assert made.dtype.to_json() == overrides["dtype"]
    assert made.fill_value == fill_value


def test_create_default_takes_a_shape_overrides_and_a_scope() -> None:
    made = ZarrV2ArrayMetadata.create_default(
        shape=(3, 0), dtype="<i1", fill_value=-1, compressor=ZSTD, context=WITHOUT_ZSTD
    )
    assert made.shape == (3, 0) and made.chunks == (3, 1)
    assert made.fill_value == -1 and made.context is WITHOUT_ZSTD
    assert list(made.unclaimed_fields) == [("compressor",)]
    with pytest.raises(TypeError):
        ZarrV2ArrayMetadata.create_default(colour="red")  # type: ignore[call-arg]
    with pytest.raises(MetadataValidationError):
        ZarrV2ArrayMetadata.create_default(fill_value="zero")
    group = ZarrV2GroupMetadata.create_default(attributes={"a": 1})
    assert group.to_json() == {"zarr_format": 2, "attributes": {"a": 1}}
    assert ZarrV2GroupMetadata.create_default().to_json() == GROUP


# Scopes: fields nothing claims, reading in another scope, refining


def test_a_codec_nothing_in_scope_claims_is_unclaimed_where_it_sits() -> None:
    metadata = ZarrV2ArrayMetadata(
        array(compressor=ZSTD, filters=[{"id": "zstd", "level": 1}, {"id": "crc32"}]),
        context=WITHOUT_ZSTD,
    )
    unclaimed = metadata.unclaimed_fields
    assert list(unclaimed) == [("compressor",), ("filters", 0)]
    assert all(isinstance(field, UnclaimedField) for field in unclaimed.values())
    assert unclaimed[("compressor",)].name == "zstd"
    assert isinstance(unclaimed, Mapping)
    assert dict(model(compressor=ZSTD).unclaimed_fields) == {}


def test_a_structured_field_of_a_type_nothing_claims_is_unclaimed_inside_the_dtype() -> None:
    without_int = ZarrV2Context(
        data_types=[d for d in DATA_TYPES_V2 if d.name != "int"], codecs=CODECS_V2
    )
    metadata = ZarrV2ArrayMetadata(
        array(dtype=[["a", "<i4"], ["b", "<f8"]], fill_value=None), context=without_int
    )
    assert list(metadata.unclaimed_fields) == [("dtype", 0, 1)]


def test_with_context_reads_the_document_in_another_scope() -> None:
    document = array(compressor={"id": "zlib", "level": 1}, filters=[{"id": "zstd", "level": 3}])
    metadata = ZarrV2ArrayMetadata(document, context=WITHOUT_ZSTD)
    assert metadata.with_context(CORE_V2).context is CORE_V2
    assert metadata.with_context().context is CORE_V2
    other = metadata.with_context(WITH_OTHER_ZLIB)
    compressor = other.reading.compressor
    assert isinstance(compressor, AcceptedField) and compressor.definition is OTHER_ZLIB
    bad = array(compressor={"id": "zlib", "level": 99})
    with pytest.raises(MetadataValidationError) as raised:
        ZarrV2ArrayMetadata(bad, context=ZarrV2Context(data_types=DATA_TYPES_V2)).with_context(
            CORE_V2
        )
    assert [problem.loc for problem in raised.value.problems] == [("compressor", "level")]


def test_refined_in_a_scope_that_claims_more_reads_what_was_unclaimed() -> None:
    narrow = ZarrV2ArrayMetadata(array(compressor=ZSTD), context=WITHOUT_ZSTD)
    refined = narrow.refined_in(CORE_V2)
    assert refined.context is CORE_V2
    assert dict(refined.unclaimed_fields) == {}
    assert refined.refines(narrow) and not narrow.refines(refined)
    assert narrow.refines(narrow) and refined.refines(refined)
    assert narrow.refined_in().context is CORE_V2


def test_refined_in_a_scope_that_claims_less_is_a_scope_conflict() -> None:
    with pytest.raises(ScopeConflictError) as raised:
        model(compressor=ZSTD, filters=[{"id": "crc32"}, ZSTD]).refined_in(WITHOUT_ZSTD)
    assert [(conflict.loc, conflict.found) for conflict in raised.value.conflicts] == [
        (("compressor",), None),
        (("filters", 1), None),
    ]


def test_refined_in_a_scope_that_files_another_definition_under_a_name_is_a_scope_conflict() -> (
    None
):
    metadata = model()
    with pytest.raises(ScopeConflictError) as raised:
        metadata.refined_in(WITH_OTHER_ZLIB)
    (conflict,) = raised.value.conflicts
    assert conflict.loc == ("compressor",)
    assert conflict.claimed is CORE_V2.codecs["zlib"] and conflict.found is OTHER_ZLIB


def test_refines_agrees_with_equality_for_documents_that_mean_the_same() -> None:
    # numcodecs' Zlib compresses at level 1 when none is given: one codec, two spellings.
    one, other = model(compressor={"id": "zlib"}), model(compressor={"id": "zlib", "level": 1})
    assert one == other
    assert one.refines(other) and other.refines(one)
    assert not one.refines(model(compressor={"id": "zlib", "level": 2}))
    assert ZarrV2GroupMetadata(GROUP).refines(ZarrV2GroupMetadata(GROUP))
    empty = ZarrV2GroupMetadata({"zarr_format": 2, "attributes": {}})
    assert ZarrV2GroupMetadata(GROUP) == empty and ZarrV2GroupMetadata(GROUP).refines(empty)
    assert not ZarrV2GroupMetadata(GROUP).refines(
        ZarrV2GroupMetadata({"zarr_format": 2, "attributes": {"a": 1}})
    )


# Where the fields of a reading sit


def test_the_fields_of_an_array_are_located_in_document_order_at_any_depth() -> None:
    metadata = model(
        dtype=[["a", "<i4"], ["b", [["c", "<f8"]]], ["d", "|u1", [2]]],
        fill_value=None,
        filters=[{"id": "delta", "dtype": "<f8"}, {"id": "crc32"}],
    )
    assert [(loc, field.name) for loc, field in metadata.reading.fields()] == [
        (("dtype",), "struct"),
        (("dtype", 0, 1), "<i4"),
        (("dtype", 1, 1), "struct"),
        (("dtype", 1, 1, 0, 1), "<f8"),
        (("dtype", 2, 1), "|u1"),
        (("compressor",), "zlib"),
        (("filters", 0), "delta"),
        (("filters", 1), "crc32"),
    ]


def test_the_reading_of_a_model_is_the_reading_it_was_built_from() -> None:
    reading = read_array_metadata_v2(array())
    assert reading.metadata is not None
    assert reading.metadata.reading == reading
    assert reading.metadata.reading.metadata is reading.metadata
    assert reading.metadata.reading.dtype is reading.dtype


# Consolidated metadata


def test_a_consolidated_model_maps_each_node_path_to_its_model() -> None:
    consolidated = ZarrV2ConsolidatedMetadata(zmetadata(hierarchy()))
    assert consolidated.zarr_consolidated_format == 1 and consolidated.context == CORE_V2
    nodes = consolidated.metadata
    assert list(nodes) == ["", "a", "g", "g/b"]
    assert nodes[""] == ZarrV2GroupMetadata({"zarr_format": 2, "attributes": {"title": "root"}})
    assert nodes["g"] == ZarrV2GroupMetadata(GROUP)
    assert isinstance(nodes["a"], ZarrV2ArrayMetadata) and nodes["a"].dtype.to_json() == (
        ("x", "<i2"),
        ("y", "<f4", (2,)),
    )
    assert nodes["g/b"] == model(compressor=ZSTD, filters=[{"id": "crc32"}])
    assert consolidated.reading.metadata is consolidated


def test_consolidated_models_are_equal_when_their_nodes_mean_the_same() -> None:
    listing = hierarchy()
    respelled = dict(
        reversed(
            list(
                {
                    **listing,
                    "g/b/.zarray": array(
                        compressor={**ZSTD, "checksum": False},
                        filters=[{"id": "crc32", "location": "start"}],
                    ),
                }.items()
            )
        )
    )
    one, other = (
        ZarrV2ConsolidatedMetadata(zmetadata(listing)),
        ZarrV2ConsolidatedMetadata(zmetadata(respelled)),
    )
    assert one == other and hash(one) == hash(other)
    changed = ZarrV2ConsolidatedMetadata(zmetadata({**listing, "g/.zattrs": {"a": 1}}))
    assert changed != one
    fewer = ZarrV2ConsolidatedMetadata(
        zmetadata({key: value for key, value in listing.items() if not key.startswith("g/b")})
    )
    assert fewer != one


def test_a_consolidated_model_writes_zmetadata_and_reads_back() -> None:
    consolidated = ZarrV2ConsolidatedMetadata(zmetadata(hierarchy()))
    written = consolidated.to_key_value()
    assert list(written) == [".zmetadata"]
    assert b'"n": NaN' in written[".zmetadata"]
    assert ZarrV2ConsolidatedMetadata.from_key_value(written) == consolidated
    assert (
        ZarrV2ConsolidatedMetadata.from_key_value(consolidated.to_key_value(indent=1))
        == consolidated
    )
    document = consolidated.to_json()
    assert list(document["metadata"]) == list(hierarchy())
    assert ZarrV2ConsolidatedMetadata.from_json(document) == consolidated
    document["metadata"]["g/.zgroup"]["zarr_format"] = 3
    assert consolidated.to_json()["metadata"]["g/.zgroup"] == GROUP


def test_the_fields_of_a_consolidated_model_are_located_at_the_key_of_their_file() -> None:
    consolidated = ZarrV2ConsolidatedMetadata(zmetadata(hierarchy()))
    assert [loc for loc, _ in consolidated.reading.fields()] == [
        ("metadata", "a/.zarray", "dtype"),
        ("metadata", "a/.zarray", "dtype", 0, 1),
        ("metadata", "a/.zarray", "dtype", 1, 1),
        ("metadata", "a/.zarray", "compressor"),
        ("metadata", "g/b/.zarray", "dtype"),
        ("metadata", "g/b/.zarray", "compressor"),
        ("metadata", "g/b/.zarray", "filters", 0),
    ]
    assert (
        read_consolidated_metadata_v2(zmetadata(hierarchy())).nodes.keys()
        == consolidated.metadata.keys()
    )


def test_a_consolidated_model_refines_one_read_in_a_scope_that_claims_less() -> None:
    narrow = ZarrV2ConsolidatedMetadata(zmetadata(hierarchy()), context=WITHOUT_ZSTD)
    assert list(narrow.metadata["g/b"].unclaimed_fields) == [("compressor",)]  # type: ignore[union-attr]
    refined = narrow.refined_in(CORE_V2)
    assert refined.context is CORE_V2
    assert refined.refines(narrow) and not narrow.refines(refined)
    with pytest.raises(ScopeConflictError) as raised:
        refined.refined_in(WITHOUT_ZSTD)
    assert [conflict.loc for conflict in raised.value.conflicts] == [
        ("metadata", "g/b/.zarray", "compressor")
    ]
    assert narrow.with_context(CORE_V2) == refined
