"""What readers keep to read faster: it never changes an answer, it is bounded, and `clear_caches` forgets it."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import _v3_documents as documents
import zarr_metadata
from zarr_metadata.definition._kept import Kept
from zarr_metadata.definition._reader import readers_of
from zarr_metadata.model import read_array_metadata_v3, read_node_metadata_v3
from zarr_metadata.v3.definition import CORE_AND_EXTENSIONS, CodecDefinition


def answer(document: Any) -> list[tuple[object, ...]]:
    reading = read_node_metadata_v3(document)
    found = sorted((problem.loc, problem.kind, problem.message) for problem in reading.problems)
    model = reading.metadata
    return [*found, ("model", None if model is None else model.to_json())]


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.lists(
        st.one_of(documents.array_documents(), documents.group_documents()).flatmap(
            documents.mutations
        )
        | documents.array_documents(),
        min_size=1,
        max_size=5,
    )
)
def test_a_document_reads_the_same_whatever_was_read_before(written: list[Any]) -> None:
    """Each document is read three times (the third time from what was kept), then again with nothing kept."""
    first = [answer(document) for document in written]
    assert first == [answer(document) for document in written]
    assert first == [answer(document) for document in reversed(written)][::-1]
    zarr_metadata.clear_caches()
    assert first == [answer(document) for document in written]


def test_a_field_is_kept_the_second_time_it_is_read_and_never_with_a_problem() -> None:
    zarr_metadata.clear_caches()
    reader = readers_of(CORE_AND_EXTENSIONS).of(CodecDefinition)
    gzip = {"name": "gzip", "configuration": {"level": 1}}
    first = reader.read(gzip, ("codecs", 0), [], 2)
    second = reader.read(gzip, ("codecs", 0), [], 2)
    assert first is not second
    assert reader.read(dict(gzip), ("codecs", 1), [], 2) is second
    bad = {"name": "gzip", "configuration": {"level": 10}}
    problems: list[Any] = []
    for _ in range(3):
        reader.read(bad, ("codecs", 0), problems, 2)
    assert len(problems) == 3


def test_what_is_kept_is_bounded() -> None:
    kept = Kept(4)
    for index in range(100):
        key = str(index).encode()
        kept.keep(key, index)
        kept.keep(key, index)
        assert len(kept) <= 4 and len(kept.seen) <= 16
    assert kept[b"99"] == 99


def test_arrays_of_one_structure_read_to_shared_fields_and_their_own_attributes() -> None:
    zarr_metadata.clear_caches()
    readings = [
        read_array_metadata_v3(documents.array_document(attributes={"index": index}))
        for index in range(4)
    ]
    assert all(reading.problems == () for reading in readings)
    assert readings[3].chunk_grid is readings[2].chunk_grid
    assert [
        reading.metadata.attributes["index"] for reading in readings if reading.metadata is not None
    ] == [0, 1, 2, 3]
    changed = read_array_metadata_v3(documents.array_document(shape=[100, 99]))
    assert (
        changed.problems == ()
        and changed.metadata is not None
        and changed.metadata.shape == (100, 99)
    )
    wrong = read_array_metadata_v3(documents.array_document(shape=[100]))
    assert [problem.loc for problem in wrong.problems] == [
        ("chunk_grid", "configuration", "chunk_shape")
    ]


def test_after_many_keys_that_find_nothing_one_in_eight_is_keyed_until_keys_find_again() -> None:
    kept = Kept(1024)
    for index in range(64):
        assert kept.worth_a_key()
        assert kept.found(str(index).encode()) is None
        kept.keep(str(index).encode(), index)
    asked = [kept.worth_a_key() for _ in range(64)]
    assert asked.count(True) == 8
    kept.keep(b"0", 0)  # seen before: kept now
    assert kept.found(b"0") == 0 and kept.worth_a_key()


def test_keys_are_made_while_one_in_three_finds_something() -> None:
    kept = Kept(1024)
    kept.keep(b"hit", 1)
    kept.keep(b"hit", 1)
    for index in range(300):
        assert kept.worth_a_key()
        kept.found(b"hit" if index % 3 == 0 else str(index).encode())
    for index in range(300):  # one in four: keys fall behind
        if kept.worth_a_key():
            kept.found(b"hit" if index % 4 == 0 else str(index).encode())
    assert [kept.worth_a_key() for _ in range(16)].count(True) == 2


def test_alike_arrays_after_many_distinct_ones_are_still_read_from_what_was_kept() -> None:
    zarr_metadata.clear_caches()
    for index in range(200):
        assert (
            read_array_metadata_v3(documents.array_document(shape=[100 + index, 100])).problems
            == ()
        )
    alike = [
        read_array_metadata_v3(documents.array_document(attributes={"index": index}))
        for index in range(40)
    ]
    assert alike[-1].pipeline is alike[-2].pipeline
