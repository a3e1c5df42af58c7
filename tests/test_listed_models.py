"""The nodes of a consolidated listing get their readings and models when asked: each as it would be read alone, made once, with every problem found in the one read."""

from __future__ import annotations

import copy
import math
import pickle
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from _v3_documents import array_document, consolidated_member, group_document, mutations
from test_v2_reader_properties import SLOW, v2_listings
from zarr_metadata._frozen import FrozenObject
from zarr_metadata.model import (
    ZarrV2ArrayMetadata,
    ZarrV2ConsolidatedMetadata,
    ZarrV2GroupMetadata,
    ZarrV3ArrayMetadata,
    ZarrV3ConsolidatedMetadata,
    ZarrV3GroupMetadata,
    read_consolidated_metadata_v2,
    read_consolidated_metadata_v3,
    read_node_metadata_v2,
    read_node_metadata_v3,
)
from zarr_metadata.model._group_v2 import normalized_key

ARRAY_V2: dict[str, Any] = {
    "zarr_format": 2,
    "shape": [10],
    "chunks": [5],
    "dtype": "<f8",
    "compressor": {"id": "zlib", "level": 1},
    "fill_value": "NaN",
    "order": "C",
    "filters": None,
}


def zmetadata(listing: dict[str, Any]) -> dict[str, Any]:
    return {"zarr_consolidated_format": 1, "metadata": listing}


def store(count: int) -> dict[str, Any]:
    """A `.zmetadata` of a root group and `count` arrays below it, each with attributes."""
    listing: dict[str, Any] = {".zgroup": {"zarr_format": 2}, ".zattrs": {"title": "store"}}
    for index in range(count):
        listing[f"a{index}/.zarray"] = {**ARRAY_V2, "shape": [10 + index]}
        listing[f"a{index}/.zattrs"] = {"index": index, "nan": math.nan}
    return zmetadata(listing)


def files_by_node(listing: Mapping[Any, Any]) -> dict[str, dict[str, Any]]:
    """The files of each node a listing holds, by the node's path, as a store on disk holds them."""
    nodes: dict[str, dict[str, Any]] = {}
    for key, document in listing.items():
        if not isinstance(key, str):
            continue  # a key that is no string names no node: a problem of the listing
        node, _, file = normalized_key(key).rpartition("/")
        nodes.setdefault(node, {}).setdefault(file, document)
    return nodes


@pytest.fixture
def made(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[object]]:
    """Every node model made while the test runs, as it is made."""
    models: list[object] = []
    for kind in (
        ZarrV2ArrayMetadata,
        ZarrV2GroupMetadata,
        ZarrV3ArrayMetadata,
        ZarrV3GroupMetadata,
    ):

        def counted(cls: Any, read: object, context: object, made_by: Any = kind.made) -> Any:
            model = made_by.__func__(cls, read, context)
            models.append(model)
            return model

        monkeypatch.setattr(kind, "made", classmethod(counted))
    yield models


# v2


def test_reading_a_zmetadata_makes_no_node_model_until_one_is_asked_for(made: list[object]) -> None:
    reading = read_consolidated_metadata_v2(store(3))
    consolidated = reading.metadata
    assert consolidated is not None and reading.problems == ()
    assert made == []
    assert len(consolidated.metadata) == len(reading.nodes) == 4
    assert list(consolidated.metadata) == ["", "a0", "a1", "a2"] and "a1" in reading.nodes
    assert [loc[:2] for loc, _ in reading.fields()] == [
        ("metadata", f"a{i}/.zarray") for i in range(3) for _ in range(2)
    ]
    assert made == []
    one = consolidated.metadata["a1"]
    assert made == [one]
    assert consolidated.metadata["a1"] is one and reading.nodes["a1"].metadata is one
    assert consolidated.reading.nodes["a1"] is reading.nodes["a1"]
    assert made == [one]


def test_a_node_model_made_when_asked_for_is_the_node_read_from_its_files() -> None:
    written = store(3)
    consolidated = ZarrV2ConsolidatedMetadata(written)
    for path, files in files_by_node(written["metadata"]).items():
        alone = read_node_metadata_v2(files)
        assert consolidated.metadata[path] == alone.metadata
        assert consolidated.reading.nodes[path] == alone
        assert consolidated.metadata[path].reading == alone  # type: ignore[union-attr]
        assert consolidated.metadata[path].to_json() == alone.metadata.to_json()  # type: ignore[union-attr]


@SLOW
@given(st.data())
def test_each_listed_node_reads_as_its_files_alone_whether_valid_or_not(
    data: st.DataObject,
) -> None:
    written = data.draw(v2_listings())
    if data.draw(st.booleans()):
        written = data.draw(mutations(written))
    reading = read_consolidated_metadata_v2(written)
    problems = reading.problems
    fields = list(reading.fields())
    listing = written.get("metadata") if isinstance(written, dict) else None
    if not isinstance(listing, dict):
        return
    nodes = files_by_node(listing)
    for path in reading.nodes:
        listed, alone = reading.nodes[path], read_node_metadata_v2(nodes[path])
        # Compared by what they say: a field refused for a value no JSON holds
        # (an integer of 5,000 digits) has no meaning to compare by.
        assert type(listed) is type(alone) and listed.problems == alone.problems
        assert listed.metadata == alone.metadata
        assert [loc for loc, _ in listed.fields()] == [loc for loc, _ in alone.fields()]
    # Asking for every node changes nothing the listing's reading says.
    assert reading.problems == problems and list(reading.fields()) == fields
    assert read_consolidated_metadata_v2(written).problems == problems
    assert (reading.metadata is None) == bool(problems)


def test_the_problems_of_listed_nodes_are_found_in_the_read_itself(made: list[object]) -> None:
    listing = store(2)["metadata"]
    listing["a0/.zarray"] = {**ARRAY_V2, "chunks": [0]}
    listing["b/c/.zgroup"] = {"zarr_format": 2}
    reading = read_consolidated_metadata_v2(zmetadata(listing))
    assert [(problem.loc, problem.kind) for problem in reading.problems] == [
        (("metadata", "a0/.zarray", "chunks", 0), "invalid_value"),
        (("metadata", "b/c/.zgroup"), "invalid_value"),
    ]
    assert reading.metadata is None and made == []
    assert reading.nodes["a0"].metadata is None
    assert isinstance(reading.nodes["a1"].metadata, ZarrV2ArrayMetadata)
    assert len(made) == 1


def test_a_consolidated_model_equals_pickles_and_hashes_whatever_its_nodes_made() -> None:
    one, other = ZarrV2ConsolidatedMetadata(store(3)), ZarrV2ConsolidatedMetadata(store(3))
    assert one.metadata["a2"] == other.metadata["a2"]
    assert one == other and hash(one) == hash(other)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        again = pickle.loads(pickle.dumps(one, protocol=protocol))
        assert again == one and hash(again) == hash(one)
        assert again.to_key_value() == one.to_key_value()
        reading = pickle.loads(pickle.dumps(one.reading, protocol=protocol))
        assert reading == one.reading and hash(reading) == hash(one.reading)
        assert type(reading.nodes) is FrozenObject and reading.nodes == dict(one.reading.nodes)
        assert list(reading.fields()) == list(one.reading.fields())
    assert ZarrV2ConsolidatedMetadata(store(2)) != one


def test_the_listed_nodes_are_a_read_only_mapping_like_the_dict_they_stand_for() -> None:
    consolidated = ZarrV2ConsolidatedMetadata(store(2))
    nodes, models = consolidated.reading.nodes, consolidated.metadata
    plain_nodes, plain_models = dict(nodes), dict(models)
    assert nodes == plain_nodes and plain_nodes == nodes and models == plain_models
    assert hash(models) == hash(FrozenObject(plain_models))
    assert repr(models) == repr(plain_models)
    assert copy.copy(models) is models and copy.deepcopy(nodes) is nodes
    assert models.get("nowhere") is None and "nowhere" not in nodes
    with pytest.raises(KeyError):
        nodes["nowhere"]
    with pytest.raises(TypeError):
        models["a0"] = models["a1"]  # type: ignore[index]


def test_changing_the_listing_after_the_read_changes_no_model() -> None:
    written = store(2)
    consolidated = ZarrV2ConsolidatedMetadata(written)
    expected = ZarrV2ConsolidatedMetadata(store(2)).to_json()
    del written["metadata"]["a0/.zattrs"]
    written["metadata"]["a1/.zarray"]["shape"] = [99]
    written["metadata"]["z/.zgroup"] = {"zarr_format": 2}
    assert consolidated.to_json() == expected
    assert consolidated.metadata["a1"].to_json()["shape"] == (11,)  # type: ignore[union-attr]


# v3


def v3_member(count: int) -> dict[str, Any]:
    return consolidated_member(
        {
            "g": group_document(attributes={"title": "g"}),
            **{
                f"g/a{index}": array_document(attributes={"index": index}) for index in range(count)
            },
        }
    )


def test_a_v3_listing_makes_no_node_model_until_one_is_asked_for(made: list[object]) -> None:
    group = ZarrV3GroupMetadata(group_document(consolidated_metadata=v3_member(3)))
    made.clear()
    consolidated = group.consolidated()
    reading = read_consolidated_metadata_v3(v3_member(3))
    assert consolidated is not None and reading.metadata is not None
    assert made == [] and len(consolidated.metadata) == 4
    assert [loc[:2] for loc, _ in reading.fields()][:1] == [("metadata", "g/a0")]
    assert made == []
    one = consolidated.metadata["g/a1"]
    assert made == [one] and consolidated.metadata["g/a1"] is one


def test_a_v3_node_model_made_when_asked_for_is_the_document_read_alone() -> None:
    member = v3_member(2)
    consolidated = ZarrV3ConsolidatedMetadata(member)
    for path, document in member["metadata"].items():
        alone = read_node_metadata_v3(document)
        assert consolidated.metadata[path] == alone.metadata
        assert consolidated.reading.nodes[path] == alone


def test_a_v3_consolidated_model_equals_pickles_and_hashes_whatever_its_nodes_made() -> None:
    one, other = ZarrV3ConsolidatedMetadata(v3_member(3)), ZarrV3ConsolidatedMetadata(v3_member(3))
    assert one.metadata["g/a0"] == other.metadata["g/a0"]
    assert one == other and hash(one) == hash(other)
    again = pickle.loads(pickle.dumps(one))
    assert again == one and again.to_json() == one.to_json()
    reading = pickle.loads(pickle.dumps(one.reading))
    assert reading == one.reading and hash(reading) == hash(one.reading)
    assert ZarrV3ConsolidatedMetadata(v3_member(2)) != one
