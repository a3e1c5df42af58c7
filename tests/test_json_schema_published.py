"""The document schemas as validators use them: a broken document's best match is its wrong member, `codecs` is never empty, `.zmetadata` is closed, and definitions are named after the JSON TypedDicts."""

from __future__ import annotations

import copy
import functools
import json
import re
import string
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema.exceptions import best_match

from _v3_documents import finite_json
from test_v2_reader_properties import v2_listings
from zarr_metadata import json_schema
from zarr_metadata._schema_v3 import consolidated_metadata_json_schema_v3
from zarr_metadata.json_schema import (
    consolidated_metadata_json_schema_v2,
    node_metadata_json_schema_v2,
    node_metadata_json_schema_v3,
)
from zarr_metadata.model import (
    read_consolidated_metadata_v2,
    read_consolidated_metadata_v3,
    read_node_metadata_v3,
)

ROOT = Path(__file__).resolve().parents[1]
SURFACE = ROOT.parent / "shared" / "spec" / "api-surface.md"
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

ARRAY: dict[str, Any] = json.loads(
    (ROOT / "examples" / "valid" / "temperature" / "zarr.json").read_text(encoding="utf-8")
)
GROUP: dict[str, Any] = {"zarr_format": 3, "node_type": "group", "attributes": {"title": "root"}}


@functools.cache
def v3_validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(node_metadata_json_schema_v3())


@functools.cache
def zmetadata_validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(consolidated_metadata_json_schema_v2())


def changed(document: dict[str, Any], member: str, value: object) -> dict[str, Any]:
    """`document` with `member` set to `value`, or dropped when `value` is `...`."""
    found = copy.deepcopy(document)
    if value is ...:
        del found[member]
    else:
        found[member] = value
    return found


def best_path(document: object) -> tuple[str | int, ...]:
    """Where in `document` the best match of the node schema's errors points, as check-jsonschema reports it."""
    error = best_match(v3_validator().iter_errors(document))
    assert error is not None, "the schema accepts the document"
    return tuple(error.absolute_path)


# The node schema chooses by `node_type`: a broken document is judged as the kind it says it is.


BROKEN_ARRAYS = [
    ("shape", [-1, 4], ("shape", 0)),
    ("shape", "big", ("shape",)),
    ("data_type", 7, ("data_type",)),
    ("chunk_grid", "regular", ("chunk_grid",)),
    ("codecs", [], ("codecs",)),
    ("fill_value", {"a": 1}, ("fill_value",)),
    ("dimension_names", [1, None, None], ("dimension_names", 0)),
    ("zarr_format", 2, ("zarr_format",)),
    ("attributes", 5, ("attributes",)),
]


@pytest.mark.parametrize(
    ("member", "value", "path"),
    BROKEN_ARRAYS,
    ids=[f"{m}={json.dumps(v)}" for m, v, _ in BROKEN_ARRAYS],
)
def test_the_best_match_on_a_broken_array_is_its_wrong_member(
    member: str, value: object, path: tuple[Any, ...]
) -> None:
    # Chosen with anyOf, the best match was the group branch's `'group' was expected` at node_type.
    document = changed(ARRAY, member, value)
    assert read_node_metadata_v3(document).problems != ()
    assert best_path(document) == path


@pytest.mark.parametrize("member", ["shape", "codecs", "data_type", "fill_value"])
def test_the_best_match_on_an_array_lacking_a_member_names_it(member: str) -> None:
    error = best_match(v3_validator().iter_errors(changed(ARRAY, member, ...)))
    assert error is not None
    assert (tuple(error.absolute_path), error.validator) == ((), "required")
    assert repr(member) in error.message


BROKEN_GROUPS = [
    ("attributes", 5, ("attributes",)),
    ("zarr_format", "3", ("zarr_format",)),
    (
        "consolidated_metadata",
        {"kind": "inline", "must_understand": True, "metadata": {}},
        ("consolidated_metadata", "must_understand"),
    ),
    (
        "consolidated_metadata",
        {"kind": "inline", "must_understand": False, "metadata": []},
        ("consolidated_metadata", "metadata"),
    ),
]


@pytest.mark.parametrize(
    ("member", "value", "path"),
    BROKEN_GROUPS,
    ids=[f"{m}-{i}" for i, (m, _, _) in enumerate(BROKEN_GROUPS)],
)
def test_the_best_match_on_a_broken_group_is_its_wrong_member(
    member: str, value: object, path: tuple[Any, ...]
) -> None:
    document = changed(GROUP, member, value)
    assert read_node_metadata_v3(document).problems != ()
    assert best_path(document) == path


def test_a_group_is_judged_by_the_envelope_of_its_consolidated_metadata_as_its_reader_judges_it() -> (
    None
):
    # The group reader reads only the envelope; the documents it lists are read_consolidated_metadata_v3's.
    listing = {
        "kind": "inline",
        "must_understand": False,
        "metadata": {"a": changed(ARRAY, "shape", [-1, 4])},
    }
    document = changed(GROUP, "consolidated_metadata", listing)
    assert read_node_metadata_v3(document).problems == ()
    assert v3_validator().is_valid(document)
    consolidated = jsonschema.Draft202012Validator(consolidated_metadata_json_schema_v3())
    assert read_consolidated_metadata_v3(listing).problems != ()
    error = best_match(consolidated.iter_errors(listing))
    assert error is not None
    assert tuple(error.absolute_path) == ("metadata", "a", "shape", 0)


@pytest.mark.parametrize("node_type", ["table", 5, None])
def test_a_node_type_that_is_neither_kind_is_the_one_error(node_type: object) -> None:
    document = changed(ARRAY, "node_type", node_type)
    assert [tuple(error.absolute_path) for error in v3_validator().iter_errors(document)] == [
        ("node_type",)
    ]


def test_a_document_without_node_type_is_told_it_lacks_one() -> None:
    errors = list(v3_validator().iter_errors(changed(GROUP, "node_type", ...)))
    assert [(error.validator, tuple(error.absolute_path)) for error in errors] == [("required", ())]
    assert "'node_type'" in errors[0].message


def test_the_node_schema_still_takes_every_kind_and_refuses_what_is_no_object() -> None:
    assert v3_validator().is_valid(ARRAY)
    assert v3_validator().is_valid(GROUP)
    assert not v3_validator().is_valid([ARRAY])


# codecs


def test_the_array_schema_refuses_an_array_without_codecs() -> None:
    # The reader needs a codec that turns the array into bytes.
    document = changed(ARRAY, "codecs", [])
    assert read_node_metadata_v3(document).problems != ()
    assert not v3_validator().is_valid(document)
    codecs = node_metadata_json_schema_v3()["$defs"]["ZarrV3ArrayMetadataJSON"]["properties"][
        "codecs"
    ]  # type: ignore[index]
    assert codecs["minItems"] == 1  # type: ignore[index]


# .zmetadata is closed


ZARRAY: dict[str, Any] = {
    "zarr_format": 2,
    "shape": [4],
    "chunks": [2],
    "dtype": "<f8",
    "compressor": None,
    "fill_value": 0,
    "order": "C",
    "filters": None,
}
ZMETADATA: dict[str, Any] = {
    "zarr_consolidated_format": 1,
    "metadata": {".zgroup": {"zarr_format": 2}, "a/.zarray": ZARRAY, "a/.zattrs": {"units": "K"}},
}


@pytest.mark.parametrize(
    "document",
    [
        pytest.param({**ZMETADATA, "zarr_consolidated_version": 1}, id="a member beside the two"),
        pytest.param(
            {**ZMETADATA, "metadata": {**ZMETADATA["metadata"], "a/0.0": {}}},
            id="a listed key that names no metadata file",
        ),
        pytest.param(
            {**ZMETADATA, "metadata": {**ZMETADATA["metadata"], "a/.zarray.bak": ZARRAY}},
            id="a listed key that only begins like one",
        ),
    ],
)
def test_the_zmetadata_schema_refuses_what_the_reader_refuses_beside_the_files(
    document: dict[str, Any],
) -> None:
    assert read_consolidated_metadata_v2(document).problems != ()
    assert not zmetadata_validator().is_valid(document)


def test_the_zmetadata_schema_is_closed_at_both_levels() -> None:
    schema: Any = consolidated_metadata_json_schema_v2()
    root = schema["$defs"]["ZarrV2ConsolidatedMetadataJSON"]
    assert root["additionalProperties"] is False
    assert root["properties"]["metadata"]["additionalProperties"] is False


EXTRA_KEYS = st.text(alphabet=string.ascii_lowercase + "_", min_size=1, max_size=8)


@st.composite
def zmetadata_as_written(draw: st.DrawFn) -> dict[str, Any]:
    """A valid `.zmetadata`, perhaps with members no v2 spec defines in its files, or with keys written loosely."""
    document = draw(v2_listings())
    listing: dict[str, Any] = dict(document["metadata"])
    files = sorted(key for key in listing if not key.endswith(".zattrs"))
    for key in draw(st.lists(st.sampled_from(files), max_size=2, unique=True)):
        # Members beyond those the v2 spec defines: ignored, as its readers ignore them.
        listing[key] = {**listing[key], draw(EXTRA_KEYS): draw(finite_json)}
    respell = draw(st.sampled_from(["as written", "leading slash", "doubled slash"]))
    if respell == "leading slash":
        listing = {f"/{key}": value for key, value in listing.items()}
    elif respell == "doubled slash":
        listing = {key.replace("/", "//"): value for key, value in listing.items()}
    return {**document, "metadata": listing}


@SETTINGS
@given(document=zmetadata_as_written())
def test_a_zmetadata_the_reader_accepts_the_closed_schema_accepts(document: dict[str, Any]) -> None:
    if read_consolidated_metadata_v2(document).problems:
        return
    assert [error.message for error in zmetadata_validator().iter_errors(document)] == []


@SETTINGS
@given(
    document=zmetadata_as_written(),
    member=EXTRA_KEYS.filter(lambda key: key not in {"metadata", "zarr_consolidated_format"}),
)
def test_a_member_beside_the_listing_is_refused_by_reader_and_schema_alike(
    document: dict[str, Any], member: str
) -> None:
    document = {**document, member: 1}
    assert read_consolidated_metadata_v2(document).problems != ()
    assert not zmetadata_validator().is_valid(document)


def test_a_v2_group_file_with_a_member_no_spec_defines_is_taken() -> None:
    # The v2 spec: members it does not define SHOULD be ignored; so a reader that ignores them is right.
    validator = jsonschema.Draft202012Validator(node_metadata_json_schema_v2())
    assert validator.is_valid({"zarr_format": 2, "my_tool": {"version": 1}})
    assert validator.is_valid({**ZARRAY, "my_tool": 1})
    assert not validator.is_valid({"zarr_format": 3})


# Names


def test_the_definitions_are_named_after_the_json_typeddicts() -> None:
    v3 = node_metadata_json_schema_v3()["$defs"]
    assert {
        "ZarrV3ArrayMetadataJSON",
        "ZarrV3GroupMetadataJSON",
        "ZarrV3ConsolidatedMetadataEnvelopeJSON",
    } <= set(v3)  # type: ignore[arg-type]
    assert (
        consolidated_metadata_json_schema_v3()["$ref"] == "#/$defs/ZarrV3ConsolidatedMetadataJSON"
    )
    v2 = consolidated_metadata_json_schema_v2()["$defs"]
    assert {"ZarrV2ConsolidatedMetadataJSON", "ZarrV2ZArrayJSON", "ZarrV2ZGroupJSON"} <= set(v2)  # type: ignore[arg-type]
    assert (
        consolidated_metadata_json_schema_v2()["$ref"] == "#/$defs/ZarrV2ConsolidatedMetadataJSON"
    )


def _surface_names(module: str) -> list[str]:
    names: list[str] = []
    inside = False
    for line in SURFACE.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            inside = line == f"## `{module}`"
        elif inside and line.startswith("- `"):
            names.append(re.split(r"[`(]", line[3:], maxsplit=1)[0])
    return names


@pytest.mark.skipif(not SURFACE.exists(), reason="the API surface is not beside the repository")
def test_all_lists_every_public_name_of_the_module_and_nothing_it_lacks() -> None:
    exported = json_schema.__all__
    assert set(_surface_names("zarr_metadata.json_schema")) <= set(exported)
    assert all(hasattr(json_schema, name) for name in exported)
    assert sorted(exported) == exported
