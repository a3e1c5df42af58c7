"""Readers keep what they read for the next document written the same; what they keep must never change an answer."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import _v3_documents as documents
import zarr_metadata.definition._resolve as resolving
import zarr_metadata.model._array_v3 as array_reading
from zarr_metadata.model import read_consolidated_metadata_v3, read_node_metadata_v3


def answer(document: Any) -> list[tuple[object, ...]]:
    return sorted(
        (problem.loc, problem.kind, problem.message)
        for problem in read_node_metadata_v3(document).problems
    )


def forgetting(document: Any) -> list[tuple[object, ...]]:
    resolving._READ_FIELDS.clear()  # pyright: ignore[reportPrivateUsage]
    array_reading._STRUCTURES.clear()  # pyright: ignore[reportPrivateUsage]
    return answer(document)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.lists(
        st.one_of(documents.array_documents(), documents.group_documents()).flatmap(
            documents.mutations
        ),
        min_size=1,
        max_size=4,
    )
)
def test_a_document_reads_the_same_with_or_without_what_was_read_before(written: list[Any]) -> None:
    remembered = [answer(document) for document in written]
    assert remembered == [forgetting(document) for document in written]
    assert remembered == [answer(document) for document in written]


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(documents.consolidated_group_documents())
def test_consolidated_documents_read_the_same_from_a_model_as_from_json(written: Any) -> None:
    from zarr_metadata.model import ZarrV3GroupMetadata

    group = ZarrV3GroupMetadata(written)
    member = group.consolidated_metadata
    assert member is not None
    from_model = read_consolidated_metadata_v3(member, context=group.context)
    from_json = read_consolidated_metadata_v3(
        written["consolidated_metadata"], context=group.context
    )
    assert [(p.loc, p.kind) for p in from_model.problems] == [
        (p.loc, p.kind) for p in from_json.problems
    ]
    assert (from_model.metadata is None) == (from_json.metadata is None)
    if from_model.metadata is not None and from_json.metadata is not None:
        assert from_model.metadata == from_json.metadata
