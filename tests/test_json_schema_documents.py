"""The document and field schemas accept every document the readers accept, refuse much of what they refuse, and the CLI prints them."""

from __future__ import annotations

import functools
import json
import subprocess
import sys
from pathlib import Path
from typing import Any, cast

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from _corpus import CORPUS, cases
from _v3_documents import array_documents, consolidated_group_documents, group_documents
from test_v3_mutations import ARRAY_BREAKAGES, GROUP_BREAKAGES
from zarr_metadata.definition import resolve
from zarr_metadata.json_schema import (
    consolidated_metadata_json_schema_v2,
    field_json_schema_v2,
    field_json_schema_v3,
    node_metadata_json_schema_v2,
    node_metadata_json_schema_v3,
)
from zarr_metadata.model import (
    read_array_metadata_v2,
    read_consolidated_metadata_v2,
    read_group_metadata_v2,
    read_node_metadata_v3,
)
from zarr_metadata.v2.definition import ZarrV2CodecDefinition, ZarrV2DataTypeDefinition
from zarr_metadata.v3 import CORE, KNOWN
from zarr_metadata.v3.definition import (
    ChunkGridDefinition,
    ChunkKeyEncodingDefinition,
    CodecDefinition,
    DataTypeDefinition,
    StorageTransformerDefinition,
)

ROOT = Path(__file__).resolve().parents[1]
REGISTRY = ROOT.parent / "shared" / "registry" / "zarr-extensions"
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
V3_KINDS = (
    DataTypeDefinition,
    ChunkGridDefinition,
    ChunkKeyEncodingDefinition,
    CodecDefinition,
    StorageTransformerDefinition,
)


def accepts(validator: Any, value: object) -> bool:
    """Whether `validator` (a jsonschema validator) accepts `value`."""
    return bool(validator.is_valid(value))


def errors(validator: Any, value: object) -> list[str]:
    """The messages of every error `validator` finds in `value`."""
    return [str(error.message) for error in validator.iter_errors(value)]


@functools.cache
def v3_validator(scope: str = "default") -> jsonschema.Draft202012Validator:
    context = {"default": None, "known": KNOWN, "core": CORE}[scope]
    return jsonschema.Draft202012Validator(node_metadata_json_schema_v3(context=context))


def v3_documents(root: Path) -> list[Path]:
    return sorted(root.rglob("zarr.json")) if root.exists() else []


VALID_V3 = [
    *v3_documents(ROOT / "examples" / "valid"),
    *v3_documents(ROOT / "tests" / "data" / "stores"),
]


def test_there_are_valid_v3_documents_to_check() -> None:
    assert len(VALID_V3) >= 3


@pytest.mark.parametrize("path", VALID_V3, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_every_valid_v3_document_on_disk_is_accepted_by_the_schema(path: Path) -> None:
    document = json.loads(path.read_text(encoding="utf-8"))
    assert read_node_metadata_v3(document).problems == ()
    assert errors(v3_validator(), document) == []


CORPUS_V3 = [case for name in ("v3_array.json", "v3_group.json") for case in cases(name)]


@pytest.mark.skipif(
    not CORPUS.exists(), reason="the conformance corpus is not beside the repository"
)
@pytest.mark.parametrize(
    "case",
    [case for case in CORPUS_V3 if not case["problems"]],
    ids=lambda case: case["description"],
)
def test_every_conformance_case_without_problems_is_accepted(case: dict[str, Any]) -> None:
    if read_node_metadata_v3(case["document"]).problems:
        pytest.skip("this package finds problems the corpus does not")
    assert errors(v3_validator(), case["document"]) == []


@SETTINGS
@given(document=array_documents())
def test_a_generated_array_the_reader_accepts_the_schema_accepts(document: dict[str, Any]) -> None:
    if read_node_metadata_v3(document).problems:
        return
    assert errors(v3_validator(), document) == []


@SETTINGS
@given(document=group_documents() | consolidated_group_documents())
def test_a_generated_group_the_reader_accepts_the_schema_accepts(document: dict[str, Any]) -> None:
    if read_node_metadata_v3(document).problems:
        return
    assert errors(v3_validator(), document) == []


# The readers' refusals: how many the schema also refuses.


def _refused_documents() -> list[tuple[str, dict[str, Any]]]:
    """Documents the v3 reader refuses: each breakage of a valid array and group, and each corpus case with problems."""
    array = json.loads(
        (ROOT / "examples" / "valid" / "temperature" / "zarr.json").read_text(encoding="utf-8")
    )
    group = json.loads((ROOT / "examples" / "valid" / "zarr.json").read_text(encoding="utf-8"))
    found = [
        (f"array: {breakage.name}", breakage.apply(array))
        for breakage in ARRAY_BREAKAGES
        if breakage.applies(array)
    ]
    found += [(f"group: {breakage.name}", breakage.apply(group)) for breakage in GROUP_BREAKAGES]
    found += [
        (f"corpus: {case['description']}", case["document"])
        for case in CORPUS_V3
        if case["problems"]
    ]
    return [
        (name, document) for name, document in found if read_node_metadata_v3(document).problems
    ]


def test_the_schema_refuses_most_documents_the_reader_refuses(
    capsys: pytest.CaptureFixture[str],
) -> None:
    refused = _refused_documents()
    missed = [name for name, document in refused if accepts(v3_validator(), document)]
    with capsys.disabled():
        print(
            f"\nthe v3 schema refuses {len(refused) - len(missed)} of {len(refused)} documents the reader refuses; it accepts:"
        )
        for name in missed:
            print(f"  {name}")
    assert len(refused) >= len(ARRAY_BREAKAGES)
    # What is left needs a rule across members (chunk rank vs shape rank, codec order, ...).
    assert len(missed) <= len(refused) // 2


@pytest.mark.parametrize(
    ("member", "value"),
    [
        ("zarr_format", 2),
        ("node_type", "table"),
        ("shape", [-1]),
        ("chunk_grid", "regular"),
        ("chunk_grid", {"name": "regular", "configuration": {"chunk_shape": [2], "extra": 1}}),
        ("codecs", [{"name": "bytes", "must_understand": False}]),
        ("codecs", [{"name": "Bad Name"}]),
        (
            "codecs",
            [
                {
                    "name": "sharding_indexed",
                    "configuration": {
                        "chunk_shape": [2],
                        "codecs": [{"name": "gzip", "configuration": {"level": 99}}],
                        "index_codecs": ["bytes"],
                    },
                }
            ],
        ),
        ("fill_value", {"a": 1}),
        ("dimension_names", [1]),
    ],
)
def test_the_schema_refuses_a_member_the_reader_refuses(member: str, value: object) -> None:
    document: dict[str, Any] = json.loads(
        (ROOT / "examples" / "valid" / "temperature" / "zarr.json").read_text(encoding="utf-8")
    )
    document[member] = value
    assert read_node_metadata_v3(document).problems != ()
    assert not accepts(v3_validator(), document)


# Registry examples, in KNOWN.


REGISTRY_KINDS: dict[str, type[Any]] = {
    "codecs": CodecDefinition,
    "data-types": DataTypeDefinition,
    "chunk-grids": ChunkGridDefinition,
    "chunk-key-encodings": ChunkKeyEncodingDefinition,
}


def _registry_examples() -> list[Path]:
    if not REGISTRY.exists():
        return []
    return sorted(
        path for path in REGISTRY.glob("*/*/examples/**/*.json") if path.name != "attributes.json"
    )


@functools.cache
def known_field_validator(kind: type[Any]) -> Any:
    return jsonschema.Draft202012Validator(field_json_schema_v3(kind, context=KNOWN))


@pytest.mark.skipif(
    not REGISTRY.exists(), reason="the zarr-extensions registry is not beside the repository"
)
@pytest.mark.parametrize(
    "path", _registry_examples(), ids=lambda path: path.relative_to(REGISTRY).as_posix()
)
def test_every_registry_example_the_reader_accepts_in_known_the_schema_accepts(path: Path) -> None:
    loaded: object = json.loads(path.read_text(encoding="utf-8"))
    example: dict[str, Any] = cast("dict[str, Any]", loaded) if isinstance(loaded, dict) else {}
    kind = REGISTRY_KINDS.get(path.relative_to(REGISTRY).parts[0])
    if "zarr_format" in example:
        assert read_node_metadata_v3(example, context=KNOWN).problems == ()
        assert errors(v3_validator("known"), example) == []
    elif "name" in example and kind is not None:
        assert resolve(example, kind, KNOWN)[1] == ()
        assert errors(known_field_validator(kind), example) == []
    else:
        pytest.skip("the example is a fragment, not a document or a field")


# Field schemas.


@pytest.mark.parametrize("kind", V3_KINDS, ids=lambda kind: kind.__name__)
@pytest.mark.parametrize("context", [None, CORE, KNOWN], ids=["default", "core", "known"])
def test_each_field_schema_is_a_valid_schema_that_accepts_an_unclaimed_name(
    kind: type[Any], context: Any
) -> None:
    schema = field_json_schema_v3(kind, context=context)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    assert accepts(validator, "acme.unheard-of")
    assert accepts(validator, {"name": "acme.unheard-of", "configuration": {"anything": [1, 2]}})
    assert not accepts(validator, {"name": "acme.unheard-of", "configuration": 3})
    assert not accepts(validator, "Not A Name")
    assert not accepts(validator, 7)


@SETTINGS
@given(document=array_documents())
def test_each_generated_codec_fits_the_codec_schema(document: dict[str, Any]) -> None:
    if read_node_metadata_v3(document).problems:
        return
    validator = jsonschema.Draft202012Validator(field_json_schema_v3(CodecDefinition))
    for codec in document["codecs"]:
        assert errors(validator, codec) == []


def test_the_codec_schema_knows_claimed_configurations_and_nested_codecs() -> None:
    validator = jsonschema.Draft202012Validator(field_json_schema_v3(CodecDefinition))
    assert accepts(validator, {"name": "gzip", "configuration": {"level": 5}})
    assert not accepts(validator, {"name": "gzip", "configuration": {"level": 10}})
    assert not accepts(validator, "gzip")
    shard: Any = {
        "name": "sharding_indexed",
        "configuration": {
            "chunk_shape": [2],
            "codecs": ["bytes", {"name": "gzip"}],
            "index_codecs": ["bytes"],
        },
    }
    assert not accepts(validator, shard)
    shard["configuration"]["codecs"] = ["bytes", {"name": "gzip", "configuration": {"level": 1}}]
    assert accepts(validator, shard)


def test_the_schemas_describe_what_members_mean() -> None:
    schema: Any = field_json_schema_v3(CodecDefinition)
    definitions = schema["$defs"]
    assert "level" in json.dumps(definitions["GzipCodecConfiguration"])
    assert "description" in definitions["GzipCodecConfiguration"]
    node: Any = node_metadata_json_schema_v3()
    array = node["$defs"]["ZarrV3ArrayMetadataJSON"]
    assert array["properties"]["shape"]["description"]
    assert array["properties"]["fill_value"]["description"]


def test_the_default_scope_is_the_readers_and_a_scope_narrows_what_is_claimed() -> None:
    core = jsonschema.Draft202012Validator(field_json_schema_v3(DataTypeDefinition, context=CORE))
    default = jsonschema.Draft202012Validator(field_json_schema_v3(DataTypeDefinition))
    # In CORE, "string" is an unclaimed name, so any configuration goes.
    assert accepts(core, {"name": "string", "configuration": {"whatever": 1}})
    assert not accepts(default, {"name": "string", "configuration": {"whatever": 1}})
    with pytest.raises(TypeError):
        field_json_schema_v3(ZarrV2CodecDefinition)  # pyright: ignore[reportArgumentType]


# v2.


@functools.cache
def v2_validators() -> tuple[jsonschema.Draft202012Validator, jsonschema.Draft202012Validator]:
    return (
        jsonschema.Draft202012Validator(node_metadata_json_schema_v2()),
        jsonschema.Draft202012Validator(consolidated_metadata_json_schema_v2()),
    )


def v2_files(root: Path) -> list[Path]:
    if not root.exists():
        return []
    return sorted(
        path for name in (".zarray", ".zgroup", ".zmetadata") for path in root.rglob(name)
    )


VALID_V2 = [
    *v2_files(ROOT / "examples" / "valid_v2"),
    *v2_files(ROOT / "tests" / "data" / "stores"),
]


def v2_problems(name: str, document: object) -> tuple[Any, ...]:
    if name == ".zarray":
        return read_array_metadata_v2(document).problems
    if name == ".zgroup":
        return read_group_metadata_v2(document).problems
    return read_consolidated_metadata_v2(document).problems


def v2_accepted(name: str, document: object) -> bool:
    node, consolidated = v2_validators()
    return accepts((consolidated if name == ".zmetadata" else node), document)


def test_there_are_valid_v2_files_to_check() -> None:
    assert {path.name for path in VALID_V2} == {".zarray", ".zgroup", ".zmetadata"}


@pytest.mark.parametrize("path", VALID_V2, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_every_valid_v2_file_on_disk_is_accepted_by_the_schema(path: Path) -> None:
    document = json.loads(path.read_text(encoding="utf-8"))
    assert v2_problems(path.name, document) == ()
    assert v2_accepted(path.name, document)


CORPUS_V2 = [
    (file_name, case)
    for corpus, file_name in (
        ("v2_array.json", ".zarray"),
        ("v2_group.json", ".zgroup"),
        ("v2_consolidated.json", ".zmetadata"),
    )
    for case in cases(corpus)
]


@pytest.mark.skipif(
    not CORPUS.exists(), reason="the conformance corpus is not beside the repository"
)
@pytest.mark.parametrize(
    ("name", "case"), CORPUS_V2, ids=[case["description"] for _, case in CORPUS_V2]
)
def test_every_v2_conformance_case_the_reader_accepts_the_schema_accepts(
    name: str, case: dict[str, Any]
) -> None:
    document = case["document"]
    if v2_problems(name, document):
        return
    if name != ".zmetadata":
        # The reader's document holds the node's .zattrs as `attributes`; the file alone does not.
        document = {key: value for key, value in document.items() if key != "attributes"}
    assert v2_accepted(name, document)


def test_the_v2_schemas_refuse_what_no_v2_reader_reads() -> None:
    data_type = jsonschema.Draft202012Validator(field_json_schema_v2(ZarrV2DataTypeDefinition))
    assert (
        accepts(data_type, "<f8")
        and accepts(data_type, "<M8[ns]")
        and accepts(data_type, [["a", "<i4"], ["b", "|u1", [2]]])
    )
    assert not accepts(data_type, "float64") and not accepts(data_type, 8)
    codec = jsonschema.Draft202012Validator(field_json_schema_v2(ZarrV2CodecDefinition))
    assert accepts(codec, {"id": "acme", "anything": 1})
    assert not accepts(codec, {"level": 1}) and not accepts(codec, {"id": ""})
    node, _ = v2_validators()
    assert not accepts(node, {"zarr_format": 3})


@SETTINGS
@given(text=st.text(alphabet="<>|biufcSUVOMm0123456789[]ns", max_size=8))
def test_a_type_string_the_reader_accepts_the_schema_accepts(text: str) -> None:
    zarray = {
        "zarr_format": 2,
        "shape": [1],
        "chunks": [1],
        "dtype": text,
        "compressor": None,
        "fill_value": None,
        "order": "C",
        "filters": None,
    }
    if read_array_metadata_v2(zarray).problems:
        return
    assert v2_accepted(".zarray", zarray)


# The command.


@pytest.mark.parametrize("document", ["node", "array", "group", "zarray", "zgroup", "zmetadata"])
def test_the_command_prints_a_valid_schema(document: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "zarr_metadata", "schema", document, "--context", "known"],
        capture_output=True,
        text=True,
        check=True,
    )
    schema = json.loads(result.stdout)
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_the_command_refuses_an_unknown_document() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "zarr_metadata", "schema", "table"], capture_output=True, text=True
    )
    assert result.returncode == 2


def _descriptions(schema: object) -> list[str]:
    if isinstance(schema, dict):
        found = [schema["description"]] if isinstance(schema.get("description"), str) else []
        return found + [text for value in schema.values() for text in _descriptions(value)]
    if isinstance(schema, list):
        return [text for item in schema for text in _descriptions(item)]
    return []


@pytest.mark.parametrize(
    "schema",
    [
        node_metadata_json_schema_v3(context=KNOWN),
        node_metadata_json_schema_v2(),
        consolidated_metadata_json_schema_v2(),
    ],
    ids=["v3", "v2", "zmetadata"],
)
def test_descriptions_are_the_packages_own_not_those_of_builtin_types(
    schema: dict[str, Any],
) -> None:
    descriptions = _descriptions(schema)
    assert descriptions
    assert not [
        text
        for text in descriptions
        if text.startswith(("int(", "str(", "float(", "bool(", "dict(", "list(", "tuple("))
    ]
