"""A reading says whether a field it holds, at any depth, is unclaimed: the checker lists unknown names only when one is, so the answer must be exact, whatever the readers kept."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import _v3_documents as documents
import zarr_metadata
from zarr_metadata.checker import check
from zarr_metadata.definition import AcceptedField, ResolvedField, UnclaimedField
from zarr_metadata.model import read_array_metadata_v3, read_node_metadata_v3
from zarr_metadata.model._read import with_nested
from zarr_metadata.v3 import KNOWN
from zarr_metadata.v3.codec.sharding_indexed import SHARDING_INDEXED_CODEC
from zarr_metadata.v3.data_type.struct import STRUCT_DATA_TYPE
from zarr_metadata.v3.definition import CORE_AND_EXTENSIONS

HOLDERS_ALONE = KNOWN.update(codecs=[SHARDING_INDEXED_CODEC], data_types=[STRUCT_DATA_TYPE])
"""A scope claiming, of the codecs and data types, only those that hold others: what they hold is unclaimed."""

ACME = {"name": "acme.squeeze", "configuration": {"level": 1}}


def unclaimed_within(field: ResolvedField[Any]) -> bool:
    """Whether `field`, or one it holds at any depth, is unclaimed, found by listing them."""
    return any(isinstance(held, UnclaimedField) for _, held in with_nested((), field))


def shard_holding(*codecs: Any) -> dict[str, Any]:
    return documents.sharding_codec([5, 5], [documents.LITTLE_BYTES, *codecs])


def test_an_unclaimed_codec_inside_a_shard() -> None:
    reading = read_array_metadata_v3(
        documents.array_document(codecs=[shard_holding(ACME)]), context=CORE_AND_EXTENSIONS
    )
    assert reading.problems == ()
    assert reading.pipeline[0].codec.any_unclaimed
    assert reading.any_unclaimed


def test_an_unclaimed_data_type() -> None:
    reading = read_array_metadata_v3(
        documents.array_document(data_type="acme.unit", fill_value=0), context=CORE_AND_EXTENSIONS
    )
    assert reading.any_unclaimed


def test_an_unclaimed_data_type_of_a_struct_field() -> None:
    struct = {
        "name": "struct",
        "configuration": {
            "fields": [
                {"name": "x", "data_type": "int8"},
                {"name": "y", "data_type": "acme.unit"},
            ]
        },
    }
    reading = read_array_metadata_v3(
        documents.array_document(data_type=struct, fill_value={"x": 0, "y": 0}), context=KNOWN
    )
    assert isinstance(reading.data_type, AcceptedField)
    assert reading.data_type.any_unclaimed
    assert reading.any_unclaimed


def test_an_unclaimed_extra_member_even_one_that_may_be_ignored() -> None:
    for member in ({"x": 1}, {"must_understand": False}):
        array = read_node_metadata_v3(documents.array_document(custom=member))
        group = read_node_metadata_v3(documents.group_document(custom=member))
        assert array.any_unclaimed and group.any_unclaimed


def test_a_document_of_claimed_fields_holds_none() -> None:
    reading = read_array_metadata_v3(documents.array_document(codecs=[shard_holding("crc32c")]))
    assert reading.problems == ()
    assert not reading.any_unclaimed
    assert not read_node_metadata_v3(documents.group_document(attributes={"a": 1})).any_unclaimed


def test_a_document_read_again_from_what_the_readers_kept_still_holds_its_unclaimed_field() -> None:
    zarr_metadata.clear_caches()
    document = documents.array_document(codecs=[shard_holding(ACME)])
    readings = [read_array_metadata_v3(document) for _ in range(3)]
    # The third reading's structure is the one the second kept.
    assert readings[2].pipeline is readings[1].pipeline
    assert [reading.any_unclaimed for reading in readings] == [True, True, True]


def test_the_checker_reports_an_unclaimed_codec_inside_a_shard_in_every_array_that_writes_it(
    tmp_path: Path,
) -> None:
    store = tmp_path / "store.zarr"
    store.mkdir()
    (store / "zarr.json").write_text(json.dumps(documents.group_document()), encoding="utf-8")
    for name in ("a", "b", "c"):
        (store / name).mkdir()
        (store / name / "zarr.json").write_text(
            json.dumps(documents.array_document(codecs=[shard_holding(ACME)])), encoding="utf-8"
        )
    found = [(finding.path, finding.loc, finding.kind) for finding in check([str(store)])]
    at = ("codecs", 0, "configuration", "codecs", 1)
    assert found == [(str(store / name / "zarr.json"), at, "unknown_name") for name in "abc"]


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.one_of(documents.array_documents(), documents.array_documents().flatmap(documents.mutations))
)
def test_a_reading_and_each_field_say_they_hold_an_unclaimed_field_exactly_when_they_do(
    document: Any,
) -> None:
    for context in (HOLDERS_ALONE, KNOWN):
        reading = read_node_metadata_v3(document, context=context)
        fields = list(reading.fields())
        for _, field in fields:
            assert field.any_unclaimed == unclaimed_within(field)
        assert reading.any_unclaimed == any(
            isinstance(field, UnclaimedField) for _, field in fields
        )
