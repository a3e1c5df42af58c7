"""The pydantic field types: read by the readers, errors where the problems are, scopes, serialising, JSON Schema."""

from __future__ import annotations

import copy
import json
import math
import warnings
from typing import Annotated, Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from zarr_metadata.model import (
    ZarrV2ArrayMetadata,
    ZarrV2ConsolidatedMetadata,
    ZarrV2GroupMetadata,
    ZarrV3ArrayMetadata,
    ZarrV3ConsolidatedMetadata,
    ZarrV3GroupMetadata,
    read_array_metadata_v3,
    read_group_metadata_v3,
)
from zarr_metadata.pydantic import (
    CONTEXT_KEY,
    CONTEXT_KEY_V2,
    InScope,
    ZarrV2ArrayMetadataField,
    ZarrV2ConsolidatedMetadataField,
    ZarrV2GroupMetadataField,
    ZarrV3ArrayMetadataField,
    ZarrV3ConsolidatedMetadataField,
    ZarrV3GroupMetadataField,
)
from zarr_metadata.v2 import KNOWN_V2
from zarr_metadata.v3 import KNOWN


def as_json(value: object) -> Any:
    """`value` as JSON text reads it back: tuples as lists."""
    return json.loads(json.dumps(value))


# Document A of benchmarks/read.py, and its v2 array; benchmarks/ is not put on the
# path, where benchmarks/pydantic.py would shadow pydantic.
ARRAY: dict[str, Any] = {
    "zarr_format": 3,
    "node_type": "array",
    "shape": [100, 100],
    "data_type": "float64",
    "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [10, 10]}},
    "chunk_key_encoding": {"name": "default", "configuration": {"separator": "/"}},
    "fill_value": 0.0,
    "codecs": [
        {"name": "bytes", "configuration": {"endian": "little"}},
        {"name": "zstd", "configuration": {"level": 0, "checksum": False}},
    ],
    "attributes": {},
    "storage_transformers": [],
}
GROUP = {"zarr_format": 3, "node_type": "group", "attributes": {"title": "root"}}
CONSOLIDATED = {
    "kind": "inline",
    "must_understand": False,
    "metadata": {"a": ARRAY, "g": {"zarr_format": 3, "node_type": "group"}},
}
ARRAY_V2: dict[str, Any] = {
    "zarr_format": 2,
    "shape": [365, 180, 360],
    "chunks": [73, 90, 90],
    "dtype": "<f4",
    "compressor": {"id": "blosc", "cname": "lz4", "clevel": 5, "shuffle": 1, "blocksize": 0},
    "fill_value": "NaN",
    "order": "C",
    "filters": None,
    "dimension_separator": "/",
    "attributes": {"_ARRAY_DIMENSIONS": ["time", "lat", "lon"], "units": "K"},
}
GROUP_V2 = {"zarr_format": 2, "attributes": {"title": "root"}}
ZMETADATA = {
    "zarr_consolidated_format": 1,
    "metadata": {
        ".zgroup": {"zarr_format": 2},
        "a/.zarray": {k: v for k, v in ARRAY_V2.items() if k != "attributes"},
    },
}

# (field type, model, a valid document)
KINDS: list[tuple[Any, type, dict[str, Any]]] = [
    (ZarrV3ArrayMetadataField, ZarrV3ArrayMetadata, ARRAY),
    (ZarrV3GroupMetadataField, ZarrV3GroupMetadata, GROUP),
    (ZarrV3ConsolidatedMetadataField, ZarrV3ConsolidatedMetadata, CONSOLIDATED),
    (ZarrV2ArrayMetadataField, ZarrV2ArrayMetadata, ARRAY_V2),
    (ZarrV2GroupMetadataField, ZarrV2GroupMetadata, GROUP_V2),
    (ZarrV2ConsolidatedMetadataField, ZarrV2ConsolidatedMetadata, ZMETADATA),
]
KIND_IDS = [model.__name__ for _, model, _ in KINDS]


class Node(BaseModel):
    array: ZarrV3ArrayMetadataField
    group: ZarrV3GroupMetadataField | None = None


class StrictNode(BaseModel):
    model_config = ConfigDict(strict=True)
    array: ZarrV3ArrayMetadataField


def with_codec(document: dict[str, Any], index: int, codec: object) -> dict[str, Any]:
    changed = copy.deepcopy(document)
    changed["codecs"][index] = codec
    return changed


ZLIB = with_codec(ARRAY, 1, {"name": "numcodecs.zlib", "configuration": {"level": 99}})
"""Unclaimed, and so accepted, in the default scope; refused in `KNOWN`, which claims it."""


# Reading


@pytest.mark.parametrize(("field", "model", "document"), KINDS, ids=KIND_IDS)
def test_a_valid_document_becomes_the_model_the_constructor_makes(
    field: Any, model: type, document: dict[str, Any]
) -> None:
    read = TypeAdapter(field).validate_python(document)
    assert type(read) is model
    assert read == model(document)


@pytest.mark.parametrize(("field", "model", "document"), KINDS, ids=KIND_IDS)
def test_json_text_and_bytes_are_read_as_the_document(
    field: Any, model: type, document: dict[str, Any]
) -> None:
    adapter = TypeAdapter(field)
    text = json.dumps(document)
    assert adapter.validate_python(text) == model(document)
    assert adapter.validate_python(text.encode()) == model(document)


@pytest.mark.parametrize(("field", "model", "document"), KINDS, ids=KIND_IDS)
def test_a_model_passes_through_as_it_is(field: Any, model: type, document: dict[str, Any]) -> None:
    built = model(document)
    assert TypeAdapter(field).validate_python(built) is built


@pytest.mark.parametrize("strict", [False, True])
def test_a_document_is_read_in_strict_and_lax_mode(strict: bool) -> None:
    adapter = TypeAdapter(ZarrV3ArrayMetadataField)
    assert adapter.validate_python(ARRAY, strict=strict) == ZarrV3ArrayMetadata(ARRAY)
    assert adapter.validate_json(json.dumps(ARRAY), strict=strict) == ZarrV3ArrayMetadata(ARRAY)
    assert StrictNode.model_validate({"array": ARRAY}).array == ZarrV3ArrayMetadata(ARRAY)


@pytest.mark.parametrize("strict", [False, True])
def test_strict_mode_coerces_nothing_the_reader_refuses(strict: bool) -> None:
    # Lax pydantic would take "3" for 3; the reader does not, in either mode.
    document = {**ARRAY, "zarr_format": "3"}
    with pytest.raises(ValidationError) as raised:
        TypeAdapter(ZarrV3ArrayMetadataField).validate_python(document, strict=strict)
    assert [error["loc"] for error in raised.value.errors()] == [("zarr_format",)]


def test_a_model_of_another_kind_is_read_as_a_document_and_refused() -> None:
    with pytest.raises(ValidationError):
        TypeAdapter(ZarrV3ArrayMetadataField).validate_python(ZarrV3GroupMetadata(GROUP))


# Errors


def test_every_problem_is_an_error_at_its_location_below_the_field() -> None:
    document = with_codec(
        ARRAY, 1, {"name": "zstd", "configuration": {"level": "high", "checksum": False}}
    )
    document["shape"] = [-1, 100]
    with pytest.raises(ValidationError) as raised:
        Node.model_validate({"array": document})
    problems = read_array_metadata_v3(document).problems
    errors = raised.value.errors()
    assert len(errors) == len(problems) == 2
    assert {error["loc"] for error in errors} == {
        ("array", "codecs", 1, "configuration", "level"),
        ("array", "shape", 0),
    }
    for error, problem in zip(errors, problems, strict=True):
        assert error["loc"] == ("array", *problem.loc)
        assert error["type"] == problem.kind
        assert error["msg"] == problem.message
        assert error["input"] == problem.input


def test_a_missing_member_is_an_error_of_its_kind_with_the_document_as_input() -> None:
    document = {k: v for k, v in ARRAY.items() if k != "codecs"}
    with pytest.raises(ValidationError) as raised:
        TypeAdapter(ZarrV3ArrayMetadataField).validate_python(document)
    [error] = raised.value.errors()
    assert (error["type"], error["loc"], error["input"]) == ("missing_key", ("codecs",), document)


def test_a_message_with_braces_is_kept_as_written() -> None:
    with pytest.raises(ValidationError) as raised:
        TypeAdapter(ZarrV3GroupMetadataField).validate_python([{"a": 1}])
    [error] = raised.value.errors()
    assert error["msg"] == read_group_metadata_v3([{"a": 1}]).problems[0].message
    assert "{" in error["msg"]


def test_text_that_is_not_json_is_an_invalid_json_error() -> None:
    with pytest.raises(ValidationError) as raised:
        TypeAdapter(ZarrV3ArrayMetadataField).validate_python('{"zarr_format": 3,')
    assert [error["type"] for error in raised.value.errors()] == ["invalid_json"]


def test_errors_of_a_field_in_a_list_are_below_its_index() -> None:
    class Many(BaseModel):
        arrays: list[ZarrV3ArrayMetadataField]

    with pytest.raises(ValidationError) as raised:
        Many.model_validate({"arrays": [ARRAY, {**ARRAY, "fill_value": "x"}]})
    assert [error["loc"] for error in raised.value.errors()] == [("arrays", 1, "fill_value")]


# Scopes


def test_the_default_scope_accepts_a_codec_it_does_not_claim() -> None:
    assert TypeAdapter(ZarrV3ArrayMetadataField).validate_python(ZLIB) == ZarrV3ArrayMetadata(ZLIB)


def test_in_scope_reads_the_field_in_its_scope() -> None:
    class Scoped(BaseModel):
        array: Annotated[ZarrV3ArrayMetadataField, InScope(KNOWN)]

    with pytest.raises(ValidationError) as raised:
        Scoped.model_validate({"array": ZLIB})
    errors = raised.value.errors()
    assert [(error["type"], error["loc"], error["input"]) for error in errors] == [
        ("invalid_value", ("array", "codecs", 1, "configuration", "level"), 99)
    ]
    assert Scoped.model_validate({"array": ARRAY}).array.context is KNOWN


def test_the_context_key_sets_the_scope() -> None:
    with pytest.raises(ValidationError) as raised:
        Node.model_validate({"array": ZLIB}, context={CONTEXT_KEY: KNOWN})
    assert [error["loc"] for error in raised.value.errors()] == [
        ("array", "codecs", 1, "configuration", "level")
    ]
    assert (
        Node.model_validate({"array": ARRAY}, context={CONTEXT_KEY: KNOWN}).array.context is KNOWN
    )


def test_in_scope_comes_before_the_context_key() -> None:
    from zarr_metadata.v3 import CORE_AND_EXTENSIONS

    adapter = TypeAdapter(Annotated[ZarrV3ArrayMetadataField, InScope(CORE_AND_EXTENSIONS)])
    assert adapter.validate_python(ZLIB, context={CONTEXT_KEY: KNOWN}) == ZarrV3ArrayMetadata(ZLIB)


def test_the_v2_context_key_scopes_v2_fields_only() -> None:
    document = {**ARRAY_V2, "filters": [{"id": "pickle", "protocol": "x"}]}
    adapter = TypeAdapter(ZarrV2ArrayMetadataField)
    assert adapter.validate_python(document, context={CONTEXT_KEY: KNOWN}) == ZarrV2ArrayMetadata(
        document
    )
    with pytest.raises(ValidationError) as raised:
        adapter.validate_python(document, context={CONTEXT_KEY_V2: KNOWN_V2})
    assert [error["loc"] for error in raised.value.errors()] == [("filters", 0, "protocol")]
    scoped = TypeAdapter(Annotated[ZarrV2ArrayMetadataField, InScope(KNOWN_V2)])
    with pytest.raises(ValidationError):
        scoped.validate_python(document)


def test_a_context_that_is_not_a_mapping_leaves_the_default_scope() -> None:
    assert TypeAdapter(ZarrV3ArrayMetadataField).validate_python(
        ZLIB, context="KNOWN"
    ) == ZarrV3ArrayMetadata(ZLIB)


def test_in_scope_refuses_a_scope_of_the_other_version() -> None:
    with pytest.raises(TypeError, match="ZarrV2Context"):
        TypeAdapter(Annotated[ZarrV2ArrayMetadataField, InScope(KNOWN)])


def test_in_scope_refuses_a_type_it_cannot_read() -> None:
    with pytest.raises(TypeError, match="InScope"):
        TypeAdapter(Annotated[int, InScope(KNOWN)])


# Serialising


@pytest.mark.parametrize(("field", "model", "document"), KINDS, ids=KIND_IDS)
def test_dumping_gives_to_json(field: Any, model: type, document: dict[str, Any]) -> None:
    adapter = TypeAdapter(field)
    read = adapter.validate_python(document)
    assert adapter.dump_python(read) == read.to_json()
    assert adapter.dump_python(read, mode="json") == as_json(read.to_json()) == as_json(document)


def test_a_fastapi_style_round_trip_gives_the_document_back() -> None:
    class Request(BaseModel):
        array: ZarrV3ArrayMetadataField
        group: ZarrV3GroupMetadataField

    extra = {**ARRAY, "my_extension": {"must_understand": False, "value": [1, 2]}}
    text = json.dumps({"array": extra, "group": GROUP})
    request = Request.model_validate_json(text)
    assert request.model_dump(mode="json") == {"array": extra, "group": GROUP}
    assert json.loads(request.model_dump_json()) == {"array": extra, "group": GROUP}


def test_a_closed_document_keeps_every_member_when_dumped() -> None:
    # The consolidated metadata's TypedDict names its members; none is dropped.
    adapter = TypeAdapter(ZarrV3ConsolidatedMetadataField)
    assert adapter.dump_python(adapter.validate_python(CONSOLIDATED), mode="json") == CONSOLIDATED


@given(
    st.lists(st.integers(min_value=0, max_value=2**40), min_size=1, max_size=4), st.text(max_size=8)
)
def test_any_valid_shape_and_attribute_round_trip(shape: list[int], title: str) -> None:
    document = {
        **ARRAY,
        "shape": shape,
        "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [1] * len(shape)}},
        "attributes": {"title": title},
    }
    adapter = TypeAdapter(ZarrV3ArrayMetadataField)
    assert adapter.dump_python(adapter.validate_json(json.dumps(document)), mode="json") == document


# Build and JSON Schema


def test_building_a_model_with_every_field_warns_of_nothing() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")

        class Everything(BaseModel):
            a: ZarrV3ArrayMetadataField
            b: ZarrV3GroupMetadataField
            c: ZarrV3ConsolidatedMetadataField
            d: ZarrV2ArrayMetadataField
            e: ZarrV2GroupMetadataField
            f: ZarrV2ConsolidatedMetadataField

        Everything.model_json_schema()


@pytest.mark.parametrize("mode", ["validation", "serialization"])
@pytest.mark.parametrize(("field", "model", "document"), KINDS, ids=KIND_IDS)
def test_the_json_schema_is_draft_2020_12_and_takes_the_document(
    field: Any, model: type, document: dict[str, Any], mode: Any
) -> None:
    schema = TypeAdapter(field).json_schema(mode=mode)
    Draft202012Validator.check_schema(schema)
    assert Draft202012Validator(schema).is_valid(document)


def test_the_json_schema_of_a_model_refuses_what_is_no_document() -> None:
    schema = Node.model_json_schema()
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    assert validator.is_valid({"array": ARRAY, "group": GROUP})
    assert not validator.is_valid({"array": {**ARRAY, "zarr_format": 2}})
    assert not validator.is_valid({"array": {k: v for k, v in ARRAY.items() if k != "shape"}})


def test_a_non_finite_attribute_reads_and_dumps_in_python_mode() -> None:
    document = {**ARRAY, "attributes": {"scale": math.inf}}
    adapter = TypeAdapter(ZarrV3ArrayMetadataField)
    assert adapter.dump_python(adapter.validate_python(document))["attributes"] == {
        "scale": math.inf
    }


def test_the_json_schema_of_an_array_field_refuses_a_group() -> None:
    validator = Draft202012Validator(TypeAdapter(ZarrV3ArrayMetadataField).json_schema())
    assert validator.is_valid(ARRAY)
    assert not validator.is_valid(GROUP)
    assert not Draft202012Validator(TypeAdapter(ZarrV3GroupMetadataField).json_schema()).is_valid(
        ARRAY
    )


def test_the_json_schema_of_a_field_in_scope_judges_as_its_reader_does() -> None:
    class Scoped(BaseModel):
        default: ZarrV3ArrayMetadataField
        known: Annotated[ZarrV3ArrayMetadataField, InScope(KNOWN)]

    schema = Scoped.model_json_schema()
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    assert validator.is_valid({"default": ZLIB, "known": ARRAY})
    assert not validator.is_valid({"default": ARRAY, "known": ZLIB})


def test_the_json_schema_of_a_zmetadata_field_refuses_a_bad_listing() -> None:
    validator = Draft202012Validator(TypeAdapter(ZarrV2ConsolidatedMetadataField).json_schema())
    assert validator.is_valid(ZMETADATA)
    assert not validator.is_valid({**ZMETADATA, "zarr_consolidated_format": 2})


V2_ARRAY: dict[str, Any] = {
    "zarr_format": 2,
    "shape": [4],
    "chunks": [2],
    "dtype": "<f8",
    "compressor": None,
    "fill_value": 0,
    "order": "C",
    "filters": None,
    "attributes": {"units": "K"},
}


@pytest.mark.parametrize(
    ("field", "valid", "invalid"),
    [
        (ZarrV2ArrayMetadataField, V2_ARRAY, {**V2_ARRAY, "order": "X"}),
        (
            ZarrV2ArrayMetadataField,
            V2_ARRAY,
            {**V2_ARRAY, "compressor": {"id": "zlib", "level": 12}},
        ),
        (
            ZarrV2GroupMetadataField,
            {"zarr_format": 2, "attributes": {}},
            {"zarr_format": 2, "attributes": []},
        ),
        (
            ZarrV3ConsolidatedMetadataField,
            {"kind": "inline", "must_understand": False, "metadata": {}},
            {
                "kind": "inline",
                "must_understand": False,
                "metadata": {"a": {"zarr_format": 3, "node_type": "tree"}},
            },
        ),
    ],
)
def test_every_field_schema_is_the_packages_own_not_the_loose_typeddicts(
    field: Any, valid: Any, invalid: Any
) -> None:
    validator = Draft202012Validator(TypeAdapter(field).json_schema())
    assert validator.is_valid(valid)
    assert not validator.is_valid(invalid)


def test_a_context_key_that_is_not_a_scope_is_a_clear_mistake() -> None:
    adapter = TypeAdapter(ZarrV3ArrayMetadataField)
    with pytest.raises(TypeError, match="must be a ZarrV3Context, got ZarrV2Context"):
        adapter.validate_python({"zarr_format": 3}, context={CONTEXT_KEY: KNOWN_V2})


# The published API: model classes, instances read again, scopes as context, mistakes refused


MODEL_SCOPES = [
    (ZarrV3ArrayMetadata, ARRAY, KNOWN),
    (ZarrV3GroupMetadata, GROUP, KNOWN),
    (ZarrV3ConsolidatedMetadata, CONSOLIDATED, KNOWN),
    (ZarrV2ArrayMetadata, ARRAY_V2, KNOWN_V2),
    (ZarrV2GroupMetadata, GROUP_V2, KNOWN_V2),
    (ZarrV2ConsolidatedMetadata, ZMETADATA, KNOWN_V2),
]


@pytest.mark.parametrize(
    ("model", "document", "scope"),
    MODEL_SCOPES,
    ids=[model.__name__ for model, _, _ in MODEL_SCOPES],
)
def test_in_scope_annotates_a_model_class_as_it_does_its_field_type(
    model: type, document: dict[str, Any], scope: Any
) -> None:
    adapter = TypeAdapter(Annotated[model, InScope(scope)])
    read = adapter.validate_python(document)
    assert type(read) is model
    assert read.context is scope  # type: ignore[attr-defined]
    assert adapter.validate_json(json.dumps(document)).context is scope
    assert adapter.dump_python(read, mode="json") == as_json(read.to_json())  # type: ignore[attr-defined]
    schema = adapter.json_schema()
    Draft202012Validator.check_schema(schema)
    assert Draft202012Validator(schema).is_valid(document)


def test_a_model_class_in_scope_reports_problems_as_its_field_type_does() -> None:
    class Scoped(BaseModel):
        array: Annotated[ZarrV3ArrayMetadata, InScope(KNOWN)]

    with pytest.raises(ValidationError) as raised:
        Scoped.model_validate({"array": ZLIB})
    assert [error["loc"] for error in raised.value.errors()] == [
        ("array", "codecs", 1, "configuration", "level")
    ]


def test_a_model_given_to_a_field_in_scope_is_read_again_in_that_scope() -> None:
    adapter = TypeAdapter(Annotated[ZarrV3ArrayMetadataField, InScope(KNOWN)])
    model = ZarrV3ArrayMetadata(ARRAY)
    read = adapter.validate_python(model)
    assert read.context is KNOWN
    assert read == model.refined_in(KNOWN)
    in_known = ZarrV3ArrayMetadata(ARRAY, KNOWN)
    assert adapter.validate_python(in_known) is in_known


def test_a_model_that_has_problems_in_the_fields_scope_is_a_validation_error() -> None:
    # Unclaimed, and so accepted, in the default scope; KNOWN claims the codec and refuses its level.
    with pytest.raises(ValidationError) as raised:
        TypeAdapter(Annotated[ZarrV3ArrayMetadataField, InScope(KNOWN)]).validate_python(
            ZarrV3ArrayMetadata(ZLIB)
        )
    [error] = raised.value.errors()
    assert (error["type"], error["loc"], error["input"]) == (
        "invalid_value",
        ("codecs", 1, "configuration", "level"),
        99,
    )


def test_a_model_whose_scope_the_fields_contradicts_is_a_validation_error() -> None:
    from zarr_metadata.v3 import CORE

    model = ZarrV3ArrayMetadata(ARRAY, KNOWN)  # KNOWN claims zstd; CORE does not
    with pytest.raises(ValidationError) as raised:
        TypeAdapter(Annotated[ZarrV3ArrayMetadataField, InScope(CORE)]).validate_python(model)
    [error] = raised.value.errors()
    assert (error["type"], error["loc"]) == ("scope_conflict", ("codecs", 1))
    assert error["input"] == ARRAY["codecs"][1]
    assert error["ctx"] == {"kind": "codec", "name": "zstd"}
    assert "zstd" in error["msg"]


def test_a_v2_model_given_to_a_field_in_scope_is_read_again_in_that_scope() -> None:
    document = {**ARRAY_V2, "filters": [{"id": "pickle", "protocol": "x"}]}
    with pytest.raises(ValidationError) as raised:
        TypeAdapter(Annotated[ZarrV2ArrayMetadata, InScope(KNOWN_V2)]).validate_python(
            ZarrV2ArrayMetadata(document)
        )
    assert [error["loc"] for error in raised.value.errors()] == [("filters", 0, "protocol")]


def test_a_model_given_with_a_context_key_passes_as_it_is() -> None:
    # Only a field InScope binds reads a model again; the validation context scopes documents.
    model = ZarrV3ArrayMetadata(ZLIB)
    assert (
        TypeAdapter(ZarrV3ArrayMetadataField).validate_python(model, context={CONTEXT_KEY: KNOWN})
        is model
    )


def test_a_bare_scope_as_validation_context_is_used() -> None:
    adapter = TypeAdapter(ZarrV3ArrayMetadataField)
    with pytest.raises(ValidationError) as raised:
        adapter.validate_python(ZLIB, context=KNOWN)
    assert [error["loc"] for error in raised.value.errors()] == [
        ("codecs", 1, "configuration", "level")
    ]
    assert adapter.validate_python(ARRAY, context=KNOWN).context is KNOWN
    assert Node.model_validate({"array": ARRAY}, context=KNOWN).array.context is KNOWN


def test_a_bare_scope_scopes_the_fields_of_its_version_only() -> None:
    document = {**ARRAY_V2, "filters": [{"id": "pickle", "protocol": "x"}]}
    v2 = TypeAdapter(ZarrV2ArrayMetadataField)
    assert v2.validate_python(document, context=KNOWN) == ZarrV2ArrayMetadata(document)
    with pytest.raises(ValidationError):
        v2.validate_python(document, context=KNOWN_V2)
    assert TypeAdapter(ZarrV3ArrayMetadataField).validate_python(
        ZLIB, context=KNOWN_V2
    ) == ZarrV3ArrayMetadata(ZLIB)


@pytest.mark.parametrize(
    "context",
    [
        pytest.param({"zarr_metadata_contxt": KNOWN}, id="a misspelled key holding a scope"),
        pytest.param({"scope": KNOWN}, id="a scope under a key of the program's own"),
        pytest.param({CONTEXT_KEY_V2: KNOWN}, id="a v3 scope under the v2 key"),
        pytest.param({CONTEXT_KEY: KNOWN_V2}, id="a v2 scope under the v3 key"),
        pytest.param({"Zarr-Metadata-Context": KNOWN}, id="the key cased and separated otherwise"),
        pytest.param(
            {"zarr_metadata_scope": "known"}, id="a key in the package's name that it does not read"
        ),
        pytest.param({CONTEXT_KEY: "KNOWN"}, id="the key holding a name, not a scope"),
        pytest.param({"zarr_metdata_context": None}, id="a misspelled key holding nothing"),
        pytest.param({"zarr_scope": "known"}, id="a key naming a zarr scope"),
    ],
)
def test_a_mistaken_validation_context_is_a_type_error(context: dict[str, Any]) -> None:
    with pytest.raises(TypeError, match="validation context"):
        TypeAdapter(ZarrV3ArrayMetadataField).validate_python(ARRAY, context=context)


def test_a_validation_context_with_the_programs_own_keys_is_left_to_it() -> None:
    context = {
        "user": "me",
        "zarr_path": "a/b",
        "limits": {"depth": 3},
        CONTEXT_KEY: KNOWN,
        CONTEXT_KEY_V2: None,
    }
    assert (
        TypeAdapter(ZarrV3ArrayMetadataField).validate_python(ARRAY, context=context).context
        is KNOWN
    )
    assert TypeAdapter(ZarrV2ArrayMetadataField).validate_python(
        ARRAY_V2, context=context
    ) == ZarrV2ArrayMetadata(ARRAY_V2)


@pytest.mark.parametrize(
    "context", [None, "KNOWN", 3, object()], ids=["None", "a name", "a number", "an object"]
)
def test_in_scope_takes_only_a_scope(context: Any) -> None:
    with pytest.raises(TypeError, match="InScope takes a ZarrV3Context or a ZarrV2Context"):
        InScope(context)


def test_each_error_carries_the_problems_input_and_ctx() -> None:
    document = copy.deepcopy(ARRAY)
    document["shape"] = [-1, 100]
    document["codecs"][0] = {"name": "bytes", "configuration": {}}
    document["chunk_grid"] = {"name": "regular", "configuration": {"chunk_shape": [10, 10], "x": 3}}
    problems = read_array_metadata_v3(document).problems
    with pytest.raises(ValidationError) as raised:
        TypeAdapter(ZarrV3ArrayMetadataField).validate_python(document)
    errors = {error["loc"]: error for error in raised.value.errors()}
    assert errors.keys() == {problem.loc for problem in problems}
    for problem in problems:
        error = errors[problem.loc]
        assert error["msg"] == problem.message
        assert error.get("ctx", {}) == dict(problem.ctx)
    assert errors[("shape", 0)]["ctx"] == {"ge": 0}
    assert errors[("shape", 0)]["input"] == -1
    assert errors[("chunk_grid", "configuration", "x")]["input"] == 3
    # A member missing: the object that lacks it, as pydantic's own errors give.
    assert errors[("codecs", 0, "configuration", "endian")]["input"] == {}


def test_building_fields_in_many_scopes_keeps_nothing_per_scope() -> None:
    import zarr_metadata._pydantic_schema as kept
    from zarr_metadata.v3 import CORE, ZarrV3Context

    def held() -> dict[str, int]:
        found = {
            name: len(value)
            for name, value in vars(kept).items()
            if isinstance(value, dict | list | set)
        }
        found |= {
            name: value.cache_info().currsize
            for name, value in vars(kept).items()
            if hasattr(value, "cache_info")
        }
        return found

    TypeAdapter(Annotated[ZarrV3ArrayMetadataField, InScope(KNOWN)]).json_schema()
    before = held()
    for _ in range(5):
        scope = ZarrV3Context(data_types=CORE.data_types.values(), codecs=CORE.codecs.values())
        TypeAdapter(Annotated[ZarrV3ArrayMetadataField, InScope(scope)]).json_schema()
    assert held() == before


def test_the_field_schemas_name_their_definitions_after_the_json_typeddicts() -> None:
    class Everything(BaseModel):
        a: ZarrV3ArrayMetadataField
        b: ZarrV3GroupMetadataField
        c: ZarrV3ConsolidatedMetadataField
        d: ZarrV2ArrayMetadataField
        e: ZarrV2GroupMetadataField
        f: ZarrV2ConsolidatedMetadataField

    schema = Everything.model_json_schema()
    Draft202012Validator.check_schema(schema)
    names = {
        "a": "ZarrV3ArrayMetadataJSON",
        "b": "ZarrV3GroupMetadataJSON",
        "c": "ZarrV3ConsolidatedMetadataJSON",
        "d": "ZarrV2ArrayMetadataJSON",
        "e": "ZarrV2GroupMetadataJSON",
        "f": "ZarrV2ConsolidatedMetadataJSON",
    }
    for member, name in names.items():
        assert schema["properties"][member]["allOf"] == [{"$ref": f"#/$defs/{name}"}]
        assert name in schema["$defs"]
    assert TypeAdapter(ZarrV3ArrayMetadataField).json_schema()["allOf"] == [
        {"$ref": "#/$defs/ZarrV3ArrayMetadataJSON"}
    ]


def test_all_lists_the_public_names() -> None:
    import zarr_metadata.pydantic as module

    assert module.__all__ == sorted(module.__all__)
    assert all(hasattr(module, name) for name in module.__all__)
    assert {
        "CONTEXT_KEY",
        "CONTEXT_KEY_V2",
        "InScope",
        "ZarrV3ArrayMetadataField",
        "ZarrV2ConsolidatedMetadataField",
    } <= set(module.__all__)


def test_an_in_scope_over_another_overrides_it() -> None:
    from zarr_metadata.v3 import CORE_AND_EXTENSIONS

    Extended = Annotated[ZarrV3ArrayMetadataField, InScope(CORE_AND_EXTENSIONS)]
    adapter = TypeAdapter(Annotated[Extended, InScope(KNOWN)])
    assert adapter.validate_python(ARRAY).context is KNOWN
    assert adapter.validate_python(ZarrV3ArrayMetadata(ARRAY)).context is KNOWN
    with pytest.raises(ValidationError):
        adapter.validate_python(ZLIB)
