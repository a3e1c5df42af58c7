"""The default and v2 chunk key encodings: separators, and the canonical spelling that drops each one's default."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from zarr_metadata._json import JSONValue, Loc
from zarr_metadata.definition import AcceptedField, UnclaimedField, canonical_of, resolve
from zarr_metadata.v3._context import ZarrV3Context
from zarr_metadata.v3._field_kinds import ChunkKeyEncodingDefinition
from zarr_metadata.v3.chunk_key_encoding.default import (
    DEFAULT_CHUNK_KEY_ENCODING,
    DEFAULT_CHUNK_KEY_ENCODING_NAME,
    DEFAULT_CHUNK_KEY_ENCODING_SEPARATOR,
)
from zarr_metadata.v3.chunk_key_encoding.v2 import (
    V2_CHUNK_KEY_ENCODING,
    V2_CHUNK_KEY_ENCODING_NAME,
    V2_CHUNK_KEY_ENCODING_SEPARATOR,
)

SCOPE = ZarrV3Context(chunk_key_encodings=[DEFAULT_CHUNK_KEY_ENCODING, V2_CHUNK_KEY_ENCODING])
AT: Loc = ("chunk_key_encoding",)


def test_names_and_separators() -> None:
    assert DEFAULT_CHUNK_KEY_ENCODING.name == DEFAULT_CHUNK_KEY_ENCODING_NAME == "default"
    assert V2_CHUNK_KEY_ENCODING.name == V2_CHUNK_KEY_ENCODING_NAME == "v2"
    assert DEFAULT_CHUNK_KEY_ENCODING_SEPARATOR == V2_CHUNK_KEY_ENCODING_SEPARATOR == ("/", ".")


@pytest.mark.parametrize("definition", [DEFAULT_CHUNK_KEY_ENCODING, V2_CHUNK_KEY_ENCODING])
def test_definitions_pickle(definition: ChunkKeyEncodingDefinition[Any]) -> None:
    assert pickle.loads(pickle.dumps(definition)) == definition


@pytest.mark.parametrize(
    ("json", "canonical"),
    [
        ("default", "default"),
        ({"name": "default"}, "default"),
        ({"name": "default", "configuration": {}}, "default"),
        ({"name": "default", "configuration": {"separator": "/"}}, "default"),
        (
            {"name": "default", "configuration": {"separator": "."}},
            {"name": "default", "configuration": {"separator": "."}},
        ),
        ("v2", "v2"),
        ({"name": "v2", "configuration": {"separator": "."}}, "v2"),
        (
            {"name": "v2", "configuration": {"separator": "/"}},
            {"name": "v2", "configuration": {"separator": "/"}},
        ),
    ],
)
def test_accepted_and_canonical(json: JSONValue, canonical: JSONValue) -> None:
    field, problems = resolve(json, ChunkKeyEncodingDefinition, SCOPE, AT)
    assert problems == ()
    assert isinstance(field, AcceptedField)
    assert canonical_of(field, problems) == canonical


@pytest.mark.parametrize("name", ["default", "v2"])
@pytest.mark.parametrize(
    ("configuration", "expected"),
    [
        ({"separator": "-"}, [((*AT, "configuration", "separator"), "invalid_value")]),
        ({"separator": 1}, [((*AT, "configuration", "separator"), "invalid_type")]),
        ({"separator": "/", "x": 1}, [((*AT, "configuration", "x"), "unknown_key")]),
    ],
)
def test_configuration_problems(
    name: str, configuration: JSONValue, expected: list[tuple[Loc, str]]
) -> None:
    json = {"name": name, "configuration": configuration}
    field, problems = resolve(json, ChunkKeyEncodingDefinition, SCOPE, AT)
    assert [(problem.loc, problem.kind) for problem in problems] == expected
    assert canonical_of(field, problems) is None


def test_an_encoding_out_of_scope_is_unclaimed() -> None:
    field, problems = resolve("v2", ChunkKeyEncodingDefinition, ZarrV3Context(), AT)
    assert problems == ()
    assert isinstance(field, UnclaimedField)
