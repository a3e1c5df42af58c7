"""Reading a v3 group's `zarr.json` and the documents its consolidated metadata lists: the group reads the envelope, the consolidated reader reads the tree."""

# No `from __future__ import annotations`: the TypedDict below is read
# from evaluated annotations.

import copy
import json
import math
import pickle
from collections import Counter
from typing import Any, NotRequired

import pytest
from typing_extensions import TypedDict

from _v3_documents import (
    LITTLE_BYTES,
    array_document,
    consolidated_member,
    document_positions,
    group_document,
)
from zarr_metadata._json import JSONValue
from zarr_metadata.definition import AcceptedField, ScopeConflictError, UnclaimedField
from zarr_metadata.model import (
    UNSET,
    ZarrV3ArrayMetadata,
    ZarrV3ArrayMetadataReading,
    ZarrV3ConsolidatedMetadata,
    ZarrV3GroupMetadata,
    ZarrV3GroupMetadataReading,
    ZarrV3UnknownNodeMetadataReading,
    node_metadata_from_json_v3,
    node_metadata_from_key_value_v3,
    read_consolidated_metadata_v3,
    read_group_metadata_v3,
    read_node_metadata_v3,
)
from zarr_metadata.problems import MetadataValidationError
from zarr_metadata.v3.definition import (
    CORE,
    CORE_AND_EXTENSIONS,
    GroupExtraFieldDefinition,
    ZarrV3Context,
)

Loc = tuple[str | int, ...]
AT: Loc = ("consolidated_metadata", "metadata")
"""Where the listed documents sit in a group's document."""
LISTED: Loc = ("metadata",)
"""Where the listed documents sit in the member, from which the consolidated reader locates."""
ZSTD: dict[str, Any] = {"name": "zstd", "configuration": {"level": 3}}


def group_problems(document: object, context: Any = None) -> Counter[tuple[Loc, str]]:
    reading = read_group_metadata_v3(document, context=context)
    return Counter((problem.loc, problem.kind) for problem in reading.problems)


def consolidated_problems(member: object, context: Any = None) -> Counter[tuple[Loc, str]]:
    reading = read_consolidated_metadata_v3(member, context=context)
    return Counter((problem.loc, problem.kind) for problem in reading.problems)


def one(loc: Loc, kind: str) -> Counter[tuple[Loc, str]]:
    return Counter({(loc, kind): 1})


def hierarchy() -> dict[str, Any]:
    """The documents below a group: a group `g` holding an array, and an array beside it."""
    return {
        "g": group_document(attributes={"title": "g"}),
        "g/a": array_document(attributes={"nan": math.nan}),
        "b": array_document(data_type="int8", fill_value=-1),
    }


# The group reader


def test_a_valid_group_has_no_problem_and_its_reading_holds_the_model() -> None:
    reading = read_group_metadata_v3(group_document(attributes={"a": [1]}))
    assert reading.problems == ()
    assert isinstance(reading.metadata, ZarrV3GroupMetadata)
    assert (
        reading.metadata.reading == reading
        and reading.metadata.reading.metadata is reading.metadata
    )
    assert list(reading.fields()) == []


@pytest.mark.parametrize(
    ("document", "expected"),
    [
        (None, one((), "invalid_type")),
        ([], one((), "invalid_type")),
        (group_document(zarr_format=2), one(("zarr_format",), "invalid_value")),
        (group_document(node_type="array"), one(("node_type",), "invalid_value")),
        ({"zarr_format": 3}, one(("node_type",), "missing_key")),
        (group_document(attributes=[1]), one(("attributes",), "invalid_type")),
        (
            group_document(attributes={"deep": [[[[1]]]], 1: 2}),
            one(("attributes",), "invalid_type"),
        ),
    ],
)
def test_a_group_problem_is_located_at_its_member(document: object, expected: Counter[Any]) -> None:
    assert group_problems(document) == expected


def test_group_attributes_may_hold_nan_and_the_infinities() -> None:
    assert (
        group_problems(group_document(attributes={"a": math.nan, "b": [math.inf, -math.inf]}))
        == Counter()
    )


def test_an_extra_member_nothing_claims_is_kept_as_written() -> None:
    reading = read_group_metadata_v3(
        group_document(acme={"must_understand": False, "x": math.nan}, other=3)
    )
    assert reading.problems == ()
    assert isinstance(reading.extra_fields["acme"], UnclaimedField)
    assert [loc for loc, _ in reading.fields()] == [("acme",), ("other",)]
    metadata = reading.metadata
    assert metadata is not None
    assert metadata.must_understand_fields == ("other",)
    # A reader may ignore a member that says must_understand false whole, so it is no unclaimed field.
    assert list(metadata.unclaimed_fields) == [("other",)]
    extra: Any = {key: field.to_json()[key] for key, field in metadata.extra_fields.items()}  # pyright: ignore[reportIndexIssue, reportOptionalSubscript]
    assert extra == {"acme": {"must_understand": False, "x": extra["acme"]["x"]}, "other": 3}
    assert all(isinstance(field, UnclaimedField) for field in metadata.extra_fields.values())


class Owner(TypedDict, closed=True):
    name: str
    must_understand: NotRequired[bool]


OWNER = GroupExtraFieldDefinition(name="acme.owner", configuration=Owner)
WITH_OWNER = CORE_AND_EXTENSIONS.update(
    group_extra_fields=[*CORE_AND_EXTENSIONS.group_extra_fields.values(), OWNER]
)


def test_an_extra_member_a_definition_claims_is_read_by_it() -> None:
    reading = read_group_metadata_v3(
        group_document(**{"acme.owner": {"name": "me"}}), context=WITH_OWNER
    )
    assert reading.problems == ()
    assert isinstance(reading.extra_fields["acme.owner"], AcceptedField)
    assert reading.metadata is not None and reading.metadata.must_understand_fields == ()
    assert group_problems(group_document(**{"acme.owner": {"name": 1}}), WITH_OWNER) == one(
        ("acme.owner", "name"), "invalid_type"
    )


# The group reader and consolidated metadata: the envelope only


def test_consolidated_metadata_is_a_field_the_core_scope_claims() -> None:
    for context in (CORE, CORE_AND_EXTENSIONS):
        reading = read_group_metadata_v3(
            group_document(consolidated_metadata=consolidated_member({})), context=context
        )
        assert reading.problems == ()
        ((loc, field),) = reading.fields()
        assert loc == ("consolidated_metadata",)
        assert isinstance(field, AcceptedField)
        assert reading.metadata is not None and reading.metadata.must_understand_fields == ()


def test_consolidated_metadata_null_is_refused() -> None:
    assert group_problems(group_document(consolidated_metadata=None)) == one(
        ("consolidated_metadata",), "invalid_type"
    )


def test_consolidated_metadata_null_is_only_an_unclaimed_member_in_a_scope_without_it() -> None:
    reading = read_group_metadata_v3(
        group_document(consolidated_metadata=None), context=ZarrV3Context()
    )
    assert reading.problems == ()
    assert isinstance(reading.extra_fields["consolidated_metadata"], UnclaimedField)


ENVELOPES: list[tuple[object, Counter[tuple[Loc, str]]]] = [
    (
        {"kind": "table", "must_understand": False, "metadata": {}},
        one(("consolidated_metadata", "kind"), "invalid_value"),
    ),
    (
        {"kind": "inline", "must_understand": True, "metadata": {}},
        one(("consolidated_metadata", "must_understand"), "invalid_value"),
    ),
    (
        {"kind": "inline", "must_understand": False},
        one(("consolidated_metadata", "metadata"), "missing_key"),
    ),
    (
        {"kind": "inline", "must_understand": False, "metadata": {}, "extra": 1},
        one(("consolidated_metadata", "extra"), "unknown_key"),
    ),
    (
        {"kind": "inline", "must_understand": False, "metadata": []},
        one(("consolidated_metadata", "metadata"), "invalid_type"),
    ),
    ([], one(("consolidated_metadata",), "invalid_type")),
]


@pytest.mark.parametrize(("member", "expected"), ENVELOPES)
def test_the_envelope_is_judged_by_both_readers_at_the_same_location(
    member: object, expected: Counter[Any]
) -> None:
    """The same place: in the group's document for the group reader, in the member for the consolidated reader."""
    assert group_problems(group_document(consolidated_metadata=member)) == expected
    assert consolidated_problems(member) == Counter(
        {(loc[1:], kind): count for (loc, kind), count in expected.items()}
    )


def test_the_group_reader_does_not_read_the_listed_documents() -> None:
    member = consolidated_member(
        {
            "a": array_document(fill_value="zero"),
            "b": array_document(fill_value=math.nan),
            "c/d": {"node_type": 1},
        }
    )
    reading = read_group_metadata_v3(group_document(consolidated_metadata=member))
    assert reading.problems == ()
    assert reading.metadata is not None
    with pytest.raises(MetadataValidationError):
        reading.metadata.consolidated()


# The consolidated reader


def test_every_listed_document_is_read_in_the_scope_given() -> None:
    documents = {**hierarchy(), "z": array_document(codecs=[LITTLE_BYTES, ZSTD])}
    reading = read_consolidated_metadata_v3(consolidated_member(documents), context=CORE)
    assert reading.problems == ()
    assert set(reading.nodes) == {"g", "g/a", "b", "z"}
    assert isinstance(reading.nodes["g"], ZarrV3GroupMetadataReading)
    assert isinstance(reading.nodes["g/a"], ZarrV3ArrayMetadataReading)
    assert reading.metadata is not None and reading.metadata.context == CORE
    assert isinstance(reading.nodes["z"], ZarrV3ArrayMetadataReading)
    assert isinstance(reading.nodes["z"].pipeline[1].codec, UnclaimedField)


def test_a_problem_in_a_listed_document_is_located_under_its_path() -> None:
    documents = {
        "a": array_document(fill_value="zero"),
        "g": group_document(attributes=3),
        "g/b": array_document(
            codecs=[LITTLE_BYTES, {"name": "gzip", "configuration": {"level": 99}}]
        ),
    }
    assert consolidated_problems(consolidated_member(documents)) == Counter(
        {
            ((*LISTED, "a", "fill_value"), "invalid_value"): 1,
            ((*LISTED, "g", "attributes"), "invalid_type"): 1,
            ((*LISTED, "g/b", "codecs", 1, "configuration", "level"), "invalid_value"): 1,
        }
    )


def test_a_listed_document_of_no_known_node_type_is_a_problem_at_its_node_type() -> None:
    member = consolidated_member(
        {"a": {"zarr_format": 3, "node_type": "table"}, "b": {"zarr_format": 3}}
    )
    reading = read_consolidated_metadata_v3(member)
    assert isinstance(reading.nodes["a"], ZarrV3UnknownNodeMetadataReading)
    assert Counter((problem.loc, problem.kind) for problem in reading.problems) == Counter(
        {
            ((*LISTED, "a", "node_type"), "invalid_value"): 1,
            ((*LISTED, "b", "node_type"), "missing_key"): 1,
        }
    )


def test_a_bare_nan_fill_value_in_a_listed_document_is_a_problem_but_nan_attributes_are_not() -> (
    None
):
    documents = {
        "a": array_document(fill_value=math.nan),
        "b": array_document(attributes={"x": math.nan}),
    }
    assert consolidated_problems(consolidated_member(documents)) == one(
        (*LISTED, "a", "fill_value"), "invalid_value"
    )


def test_consolidated_metadata_null_is_refused_by_the_consolidated_reader() -> None:
    assert consolidated_problems(None) == one((), "invalid_type")


def test_the_documents_form_a_tree_in_any_listing_order() -> None:
    documents = {"g/h/a": array_document(), "g/h": group_document(), "g": group_document()}
    assert consolidated_problems(consolidated_member(documents)) == Counter()


def test_a_document_whose_parent_is_not_listed_is_a_problem_at_its_path() -> None:
    documents = {"g/a": array_document(), "x/y/z": group_document(), "x": group_document()}
    assert consolidated_problems(consolidated_member(documents)) == Counter(
        {((*LISTED, "g/a"), "invalid_value"): 1, ((*LISTED, "x/y/z"), "invalid_value"): 1}
    )


def test_only_a_group_holds_children() -> None:
    documents = {"a": array_document(), "a/b": array_document()}
    assert consolidated_problems(consolidated_member(documents)) == one(
        (*LISTED, "a/b"), "invalid_value"
    )


@pytest.mark.parametrize(
    "key", ["", "/", "/abs", "a/", "a//b", ".", "..", "g/..", "__zarr", "g/__x"]
)
def test_a_key_that_is_no_relative_node_path_is_one_problem_at_the_key(key: str) -> None:
    documents = {"g": group_document(), key: group_document()}
    assert consolidated_problems(consolidated_member(documents)) == one(
        (*LISTED, key), "invalid_value"
    )


def test_the_fields_of_every_listed_document_are_located_in_the_member() -> None:
    documents = {
        "a": array_document(codecs=[{"name": "acme.pack"}, "bytes"]),
        "g": group_document(acme=1),
    }
    member = consolidated_member(documents)
    reading = read_consolidated_metadata_v3(member)
    locs = [loc for loc, _ in reading.fields()]
    assert locs == [
        (*LISTED, "a", "data_type"),
        (*LISTED, "a", "chunk_grid"),
        (*LISTED, "a", "chunk_key_encoding"),
        (*LISTED, "a", "codecs", 0),
        (*LISTED, "a", "codecs", 1),
        (*LISTED, "g", "acme"),
    ]
    positions = document_positions(member)
    assert [positions[loc] for loc in locs] == sorted(positions[loc] for loc in locs)


def test_the_consolidated_reader_takes_models_as_listed_documents() -> None:
    as_json = {
        "a": array_document(),
        "g": group_document(attributes={"x": 1}),
        "g/b": array_document(data_type="uint8", fill_value=0, codecs=["bytes"]),
    }
    as_models = {
        "a": ZarrV3ArrayMetadata(as_json["a"]),
        "g": ZarrV3GroupMetadata(as_json["g"]),
        "g/b": as_json["g/b"],
    }
    reading = read_consolidated_metadata_v3(consolidated_member(as_models))
    assert reading.problems == ()
    expected = ZarrV3ConsolidatedMetadata(consolidated_member(as_json))
    assert reading.metadata == expected
    assert read_consolidated_metadata_v3(expected).metadata == expected
    assert (
        ZarrV3GroupMetadata(group_document(consolidated_metadata=expected)).consolidated()
        == expected
    )


# The group model


def group(**members: Any) -> ZarrV3GroupMetadata:
    return ZarrV3GroupMetadata(group_document(**members))


def test_an_invalid_group_raises_every_problem() -> None:
    with pytest.raises(MetadataValidationError) as raised:
        ZarrV3GroupMetadata(
            group_document(zarr_format=2, attributes=[], consolidated_metadata=None)
        )
    assert {problem.loc for problem in raised.value.problems} == {
        ("zarr_format",),
        ("attributes",),
        ("consolidated_metadata",),
    }


def test_a_group_has_read_only_views_of_its_members() -> None:
    member = consolidated_member({"a": array_document()})
    metadata = group(attributes={"a": 1}, consolidated_metadata=member, acme=2)
    assert metadata.attributes == {"a": 1}
    assert json.loads(json.dumps(metadata.consolidated_metadata)) == json.loads(json.dumps(member))
    extra: Any = {key: field.to_json()[key] for key, field in metadata.extra_fields.items()}  # pyright: ignore[reportIndexIssue, reportOptionalSubscript]
    assert extra == {"consolidated_metadata": metadata.consolidated_metadata, "acme": 2}
    assert isinstance(metadata.extra_fields["consolidated_metadata"], AcceptedField)
    assert metadata.zarr_format == 3 and metadata.node_type == "group"
    empty = group()
    assert dict(empty.attributes) == {} and empty.consolidated_metadata is None


def test_a_group_is_immutable_at_every_level() -> None:
    metadata = group(
        attributes={"a": [1]}, consolidated_metadata=consolidated_member({"a": array_document()})
    )
    with pytest.raises(AttributeError):
        metadata.attributes = {}  # type: ignore[misc]
    attributes: Any = metadata.attributes
    member: Any = metadata.consolidated_metadata
    for target, key in [
        (attributes, "a"),
        (member, "kind"),
        (member["metadata"], "b"),
    ]:
        with pytest.raises(TypeError):
            target[key] = 0
    with pytest.raises((TypeError, AttributeError)):
        attributes["a"].append(0)


def test_the_documents_a_group_lists_refuse_item_assignment_too() -> None:
    metadata = group(consolidated_metadata=consolidated_member({"a": array_document()}))
    member: Any = metadata.consolidated_metadata
    with pytest.raises(TypeError):
        member["metadata"]["a"]["shape"] = 0


def test_to_json_is_a_fresh_plain_document_the_caller_may_change() -> None:
    metadata = group(
        attributes={"a": [1]}, consolidated_metadata=consolidated_member({"a": array_document()})
    )
    written: Any = metadata.to_json()
    assert type(written) is dict and type(written["attributes"]) is dict
    assert type(written["consolidated_metadata"]["metadata"]["a"]["chunk_grid"]) is dict
    written["attributes"]["a"] = 0
    written["consolidated_metadata"]["metadata"]["a"]["shape"] = (5,)
    assert metadata.attributes == {"a": (1,)}
    assert metadata.to_json()["consolidated_metadata"]["metadata"]["a"]["shape"] == (100, 100)


def test_groups_that_mean_the_same_are_equal_with_equal_hashes() -> None:
    pairs = [
        (group(attributes={"a": 1, "b": 2}), group(attributes={"b": 2, "a": 1})),
        (group(attributes={"a": math.nan}), group(attributes={"a": math.nan})),
        (group(), group(attributes={})),
        (
            ZarrV3GroupMetadata({"attributes": {"a": 1}, "node_type": "group", "zarr_format": 3}),
            group(attributes={"a": 1}),
        ),
    ]
    for one_group, other in pairs:
        assert one_group == other and hash(one_group) == hash(other)
    assert group(attributes={"a": 1}) != group(attributes={"a": 2})
    assert group() != group(acme=1)
    assert group() != group(consolidated_metadata=consolidated_member({}))


def test_a_group_writes_itself_to_zarr_json_with_bare_non_finite_tokens() -> None:
    metadata = group(
        attributes={"a": math.nan}, consolidated_metadata=consolidated_member(hierarchy())
    )
    written = metadata.to_key_value()
    assert list(written) == ["zarr.json"]
    text = written["zarr.json"].decode("utf-8")
    assert '"a": NaN' in text and '"nan": NaN' in text
    assert ZarrV3GroupMetadata.from_key_value(written) == metadata
    assert ZarrV3GroupMetadata.from_key_value(metadata.to_key_value(indent=2)) == metadata


def test_a_group_pickles_and_copies() -> None:
    metadata = ZarrV3GroupMetadata(
        group_document(
            attributes={"a": math.nan}, consolidated_metadata=consolidated_member(hierarchy())
        ),
        context=CORE,
    )
    restored = pickle.loads(pickle.dumps(metadata))
    assert restored == metadata and hash(restored) == hash(metadata)
    assert restored.context == CORE
    assert copy.deepcopy(metadata) is metadata and copy.copy(metadata) is metadata


def test_group_update_sets_and_removes_members() -> None:
    metadata = group(attributes={"a": 1})
    consolidated = ZarrV3ConsolidatedMetadata(consolidated_member(hierarchy()))
    updated = metadata.update(consolidated_metadata=consolidated, extra_fields={"acme": 1})
    assert updated.consolidated() == consolidated
    assert updated.extra_fields["acme"].to_json() == {"acme": 1}
    assert dict(metadata.extra_fields) == {}
    as_json = metadata.update(consolidated_metadata=consolidated_member(hierarchy()))
    assert as_json == updated.update(extra_fields={"acme": UNSET})
    removed = updated.update(
        attributes=UNSET, consolidated_metadata=UNSET, extra_fields={"acme": UNSET}
    )
    assert removed == group() and set(removed.to_json()) == {"zarr_format", "node_type"}
    with pytest.raises(TypeError):
        metadata.update(shape=(1,))  # type: ignore[call-arg]
    with pytest.raises(MetadataValidationError):
        metadata.update(consolidated_metadata={"kind": "inline"})


def test_group_create_default_is_a_group_with_no_attributes() -> None:
    assert ZarrV3GroupMetadata.create_default().to_json() == {
        "zarr_format": 3,
        "node_type": "group",
    }
    made = ZarrV3GroupMetadata.create_default(attributes={"a": 1}, context=CORE)
    assert made.attributes == {"a": 1} and made.context == CORE
    with pytest.raises(TypeError):
        ZarrV3GroupMetadata.create_default(colour="red")  # type: ignore[call-arg]


def test_consolidated_reads_the_listed_documents_in_the_group_scope() -> None:
    member = consolidated_member({"a": array_document(codecs=[LITTLE_BYTES, ZSTD])})
    core = ZarrV3GroupMetadata(group_document(consolidated_metadata=member), context=CORE)
    consolidated = core.consolidated()
    assert consolidated is not None and consolidated.context == CORE
    array = consolidated.metadata["a"]
    assert isinstance(array, ZarrV3ArrayMetadata)
    assert list(array.unclaimed_fields) == [("codecs", 1)]
    assert group().consolidated() is None


def test_consolidated_raises_problems_located_in_the_group_document() -> None:
    member = consolidated_member({"a": array_document(fill_value="zero"), "a/b": group_document()})
    with pytest.raises(MetadataValidationError) as raised:
        group(consolidated_metadata=member).consolidated()
    assert {(problem.loc, problem.kind) for problem in raised.value.problems} == {
        ((*AT, "a", "fill_value"), "invalid_value"),
        ((*AT, "a/b"), "invalid_value"),
    }


def test_a_group_refined_in_a_scope_without_consolidated_metadata_is_a_scope_conflict() -> None:
    metadata = group(consolidated_metadata=consolidated_member({}))
    with pytest.raises(ScopeConflictError) as raised:
        metadata.refined_in(ZarrV3Context())
    assert [conflict.loc for conflict in raised.value.conflicts] == [("consolidated_metadata",)]
    refined = metadata.refined_in(WITH_OWNER)
    assert refined.refines(metadata) and metadata.refines(refined)


def test_a_group_read_in_a_scope_that_claims_more_refines_it() -> None:
    plain = ZarrV3GroupMetadata(group_document(**{"acme.owner": {"name": "me"}}))
    owned = plain.refined_in(WITH_OWNER)
    assert isinstance(owned.reading.extra_fields["acme.owner"], AcceptedField)
    assert owned.refines(plain) and not plain.refines(owned)
    assert owned.must_understand_fields == () and plain.must_understand_fields == ("acme.owner",)
    assert plain.with_context(WITH_OWNER).context == WITH_OWNER


# The consolidated model


def test_a_consolidated_model_holds_a_model_of_each_listed_document() -> None:
    consolidated = ZarrV3ConsolidatedMetadata(consolidated_member(hierarchy()))
    assert set(consolidated.metadata) == {"g", "g/a", "b"}
    assert isinstance(consolidated.metadata["g"], ZarrV3GroupMetadata)
    assert consolidated.metadata["b"] == ZarrV3ArrayMetadata(
        array_document(data_type="int8", fill_value=-1)
    )
    assert consolidated.kind == "inline" and consolidated.must_understand is False
    assert consolidated.context == CORE_AND_EXTENSIONS
    assert consolidated.reading.metadata is consolidated
    written: Any = consolidated.to_json()
    assert set(written) == {"kind", "must_understand", "metadata"}
    written["metadata"]["c"] = group_document()
    assert set(consolidated.to_json()["metadata"]) == {"g", "g/a", "b"}
    with pytest.raises(AttributeError):
        consolidated.kind = "other"  # type: ignore[misc]


def test_an_invalid_consolidated_member_raises_every_problem() -> None:
    with pytest.raises(MetadataValidationError) as raised:
        ZarrV3ConsolidatedMetadata.from_json(
            consolidated_member({"a": array_document(fill_value="zero"), "x/y": group_document()})
        )
    assert len(raised.value.problems) == 2


def test_consolidated_models_that_mean_the_same_are_equal() -> None:
    listed = hierarchy()
    respelled = {
        "b": array_document(
            data_type={"name": "int8"}, fill_value=-1, chunk_key_encoding="default"
        ),
        "g/a": array_document(attributes={"nan": math.nan}, fill_value="0x0000000000000000"),
        "g": group_document(attributes={"title": "g"}),
    }
    one_set = ZarrV3ConsolidatedMetadata(consolidated_member(listed))
    other = ZarrV3ConsolidatedMetadata(consolidated_member(respelled))
    assert one_set == other and hash(one_set) == hash(other)
    assert one_set != ZarrV3ConsolidatedMetadata(
        consolidated_member({**listed, "c": group_document()})
    )


def test_a_consolidated_model_pickles_and_copies() -> None:
    consolidated = ZarrV3ConsolidatedMetadata(consolidated_member(hierarchy()), context=CORE)
    restored = pickle.loads(pickle.dumps(consolidated))
    assert restored == consolidated and restored.context == CORE
    assert copy.deepcopy(consolidated) is consolidated


def test_a_consolidated_model_reads_in_another_scope() -> None:
    member = consolidated_member({"a": array_document(codecs=[LITTLE_BYTES, ZSTD])})
    core = ZarrV3ConsolidatedMetadata(member, context=CORE)
    refined = core.refined_in(CORE_AND_EXTENSIONS)
    assert refined.refines(core) and not core.refines(refined)
    with pytest.raises(ScopeConflictError):
        refined.refined_in(CORE)
    assert refined.with_context(CORE) == core


# Models of either node type


def test_a_node_model_is_an_array_or_a_group_as_node_type_says() -> None:
    assert isinstance(node_metadata_from_json_v3(array_document()), ZarrV3ArrayMetadata)
    assert isinstance(node_metadata_from_json_v3(group_document()), ZarrV3GroupMetadata)
    written = json.dumps(group_document(attributes={"a": 1})).encode()
    assert node_metadata_from_key_value_v3({"zarr.json": written}) == group(attributes={"a": 1})
    with pytest.raises(MetadataValidationError) as raised:
        node_metadata_from_json_v3({"zarr_format": 3})
    assert [(problem.loc, problem.kind) for problem in raised.value.problems] == [
        (("node_type",), "missing_key")
    ]
    with pytest.raises(MetadataValidationError):
        node_metadata_from_key_value_v3({"zarr.json": b"[1"})


def test_the_node_reader_reads_a_group_with_consolidated_metadata_as_a_group() -> None:
    reading = read_node_metadata_v3(
        group_document(consolidated_metadata=consolidated_member(hierarchy()))
    )
    assert isinstance(reading, ZarrV3GroupMetadataReading)
    assert reading.problems == ()


class Level(TypedDict, closed=True):
    level: int
    must_understand: NotRequired[bool]


LEVEL = GroupExtraFieldDefinition(name="acme.level", configuration=Level)
WITH_LEVEL = CORE_AND_EXTENSIONS.update(
    group_extra_fields=[*CORE_AND_EXTENSIONS.group_extra_fields.values(), LEVEL]
)


def test_a_claimed_extra_member_is_kept_as_written() -> None:
    for _ in range(3):  # the third time from what the reader kept
        reading = read_group_metadata_v3(
            group_document(**{"acme.level": {"level": 1}}), context=WITH_LEVEL
        )
        assert reading.problems == ()
        assert reading.extra_fields["acme.level"].json == {"acme.level": {"level": 1}}


def test_a_member_named_name_is_no_field_named_by_its_value() -> None:
    """An extra member is named by its key: a member `"name"` whose value names a claimed member is still the member `name`."""
    read_group_metadata_v3(group_document(**{"acme.level": {"level": 1}}), context=WITH_LEVEL)
    reading = read_group_metadata_v3(group_document(name="acme.level"), context=WITH_LEVEL)
    assert reading.problems == ()
    assert isinstance(reading.extra_fields["name"], UnclaimedField)
    assert reading.extra_fields["name"].json == {"name": "acme.level"}


class Stats(TypedDict, closed=True):
    mean: JSONValue
    must_understand: NotRequired[bool]


def test_an_extra_member_of_user_data_takes_non_finite_numbers_as_its_definition_says() -> None:
    document = group_document(**{"acme.stats": {"mean": math.nan}})
    for finite, expected in (
        (True, one(("acme.stats", "mean"), "invalid_value")),
        (False, Counter()),
    ):
        stats = GroupExtraFieldDefinition(name="acme.stats", configuration=Stats, finite=finite)
        scope = CORE_AND_EXTENSIONS.update(
            group_extra_fields=[*CORE_AND_EXTENSIONS.group_extra_fields.values(), stats]
        )
        assert group_problems(document, scope) == expected
