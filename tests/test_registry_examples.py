"""Every example the zarr-extensions registry gives, in a README or an examples folder, reads in KNOWN with no problem."""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Any, cast

import jsonschema
import pytest

from zarr_metadata.definition import fill_value_problems, resolve
from zarr_metadata.json_schema import field_json_schema_v3, node_metadata_json_schema_v3
from zarr_metadata.model import read_array_metadata_v3, read_node_metadata_v3
from zarr_metadata.problems import ValidationProblem
from zarr_metadata.v3 import KNOWN
from zarr_metadata.v3.definition import (
    ChunkGridDefinition,
    ChunkKeyEncodingDefinition,
    CodecDefinition,
    DataTypeDefinition,
)

REGISTRY = Path(__file__).resolve().parents[1].parent / "shared" / "registry" / "zarr-extensions"

KINDS: dict[str, type[Any]] = {
    "codecs": CodecDefinition,
    "data-types": DataTypeDefinition,
    "chunk-grids": ChunkGridDefinition,
    "chunk-key-encodings": ChunkKeyEncodingDefinition,
}

needs_registry = pytest.mark.skipif(
    not REGISTRY.exists(),
    reason=f"the zarr-extensions registry is not beside the repository ({REGISTRY})",
)


def _readme_examples() -> list[tuple[str, int, str]]:
    """Each JSON block of each extension's README, with the extension it belongs to (`codecs/zstd`) and its place among the README's blocks."""
    found: list[tuple[str, int, str]] = []
    for readme in sorted(REGISTRY.glob("*/*/README.md")):
        extension = readme.parent.relative_to(REGISTRY).as_posix()
        for index, block in enumerate(
            re.findall(r"```json\s*\n(.*?)```", readme.read_text(encoding="utf-8"), re.DOTALL)
        ):
            found.append((extension, index, block))
    return found


ENDIAN = "bytes without endian for a multi-byte data type is a missing_key at (..., 'configuration', 'endian')"

# Each README example with problems: the rule of this package that finds
# them, and the problems it reports.
DEVIATIONS: dict[tuple[str, int], tuple[str, list[tuple[tuple[str | int, ...], str]]]] = {
    ("codecs/scale_offset", 0): (
        ENDIAN,
        [(("codecs", 1, "configuration", "endian"), "missing_key")],
    ),
}


def _example_files() -> list[Path]:
    """Each Zarr metadata file of each extension's examples folder."""
    return sorted(
        path for path in REGISTRY.glob("*/*/examples/**/*.json") if path.name != "attributes.json"
    )


README_EXAMPLES = _readme_examples() if REGISTRY.exists() else []
EXAMPLE_FILES = _example_files() if REGISTRY.exists() else []


def _parsed(block: str) -> object:
    """A README block as JSON, read as leniently as a person reads it: trailing commas dropped, a bare member taken as an object."""
    text = re.sub(r",(\s*[}\]])", r"\1", block.strip())
    if text.startswith('"'):
        text = "{" + text + "}"
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        pytest.skip(
            f"the example is not JSON even read leniently ({error.msg}); it illustrates prose"
        )


def _array(members: dict[str, Any]) -> dict[str, Any]:
    """A whole array document with `members`, the rest filled in: one dimension, one chunk, a fill value the data type takes."""
    document: dict[str, Any] = {
        "zarr_format": 3,
        "node_type": "array",
        "shape": [4],
        "data_type": "float32",
        "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [4]}},
        "chunk_key_encoding": {"name": "default"},
        "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}],
        **members,
    }
    if "fill_value" not in document:
        document["fill_value"] = _zero(document["data_type"])
    return document


def _zero(data_type: object) -> object:
    """The first of the usual zeros that the data type takes as a fill value."""
    field, problems = resolve(
        data_type, cast("type[DataTypeDefinition[Any]]", DataTypeDefinition), KNOWN
    )
    assert problems == (), problems
    zeros: tuple[object, ...] = (0, 0.0, False, "", [0.0, 0.0], "AAAA", {})
    for candidate in zeros:
        if not fill_value_problems(field, candidate):
            return candidate
    pytest.fail(f"no usual zero is a fill value of {data_type!r}")


def _problems(extension: str, example: object) -> list[ValidationProblem]:
    """The problems KNOWN finds in a README example: a whole document, part of an array, a field, a configuration, or a list of codecs."""
    kind = KINDS.get(extension.partition("/")[0])
    if isinstance(example, list):
        return [
            problem
            for item in cast("list[object]", example)
            for problem in resolve(item, CodecDefinition, KNOWN)[1]
        ]
    assert isinstance(example, dict), example
    members = cast("dict[str, Any]", example)
    if "zarr_format" in members:
        return list(read_node_metadata_v3(members, context=KNOWN).problems)
    if "data_type" in members:
        return list(read_array_metadata_v3(_array(members), context=KNOWN).problems)
    if "codecs" in members:
        return [
            problem
            for codec in members["codecs"]
            for problem in resolve(codec, CodecDefinition, KNOWN)[1]
        ]
    if "name" in members and kind is not None:
        return list(resolve(members, kind, KNOWN)[1])
    if "fields" in members:
        name = extension.partition("/")[2]
        return list(resolve({"name": name, "configuration": members}, DataTypeDefinition, KNOWN)[1])
    pytest.skip(f"the example is a fragment ({', '.join(members)}) that illustrates prose")


@needs_registry
@pytest.mark.parametrize(
    ("extension", "index", "block"),
    README_EXAMPLES,
    ids=[f"{extension}-{index}" for extension, index, _ in README_EXAMPLES],
)
def test_every_readme_example_reads_in_known_with_no_problem(
    extension: str, index: int, block: str
) -> None:
    found = [(problem.loc, problem.kind) for problem in _problems(extension, _parsed(block))]
    assert found == DEVIATIONS.get((extension, index), ("", []))[1]


@needs_registry
def test_every_deviation_names_a_readme_example() -> None:
    assert set(DEVIATIONS) <= {(extension, index) for extension, index, _ in README_EXAMPLES}


@needs_registry
@pytest.mark.parametrize(
    "path", EXAMPLE_FILES, ids=[path.relative_to(REGISTRY).as_posix() for path in EXAMPLE_FILES]
)
def test_every_example_file_reads_in_known_with_no_problem(path: Path) -> None:
    extension = path.relative_to(REGISTRY).parts
    assert (
        _problems(f"{extension[0]}/{extension[1]}", json.loads(path.read_text(encoding="utf-8")))
        == []
    )


@needs_registry
def test_every_registered_name_is_claimed_in_known() -> None:
    missing = [
        folder.relative_to(REGISTRY).as_posix()
        for category, kind in KINDS.items()
        for folder in sorted((REGISTRY / category).iterdir())
        if folder.is_dir()
        and KNOWN.claimant(kind, "r8" if folder.name == "r" else folder.name) is None
    ]
    assert missing == []


# --- the schemas take what the readers take ------------------------------------------------


@functools.cache
def _validator(kind: type[Any] | None) -> jsonschema.Draft202012Validator:
    schema = (
        node_metadata_json_schema_v3(context=KNOWN)
        if kind is None
        else field_json_schema_v3(kind, context=KNOWN)
    )
    return jsonschema.Draft202012Validator(schema)


def _schema_cases(extension: str, example: object) -> list[tuple[type[Any] | None, object]]:
    """What a schema must take of an example the readers take: each document or field in it, with its kind (None for a document)."""
    kind = KINDS.get(extension.partition("/")[0])
    if isinstance(example, list):
        return [(CodecDefinition, item) for item in cast("list[object]", example)]
    members = cast("dict[str, Any]", example)
    if "zarr_format" in members:
        return [(None, members)]
    if "data_type" in members:
        return [(None, _array(members))]
    if "codecs" in members:
        return [(CodecDefinition, codec) for codec in members["codecs"]]
    if "name" in members and kind is not None:
        return [(kind, members)]
    if "fields" in members:
        return [
            (DataTypeDefinition, {"name": extension.partition("/")[2], "configuration": members})
        ]
    return []


@needs_registry
@pytest.mark.parametrize(
    ("extension", "index", "block"),
    README_EXAMPLES,
    ids=[f"{extension}-{index}" for extension, index, _ in README_EXAMPLES],
)
def test_the_schema_takes_every_readme_example_the_readers_take(
    extension: str, index: int, block: str
) -> None:
    example = _parsed(block)
    if (extension, index) in DEVIATIONS or _problems(extension, example):
        pytest.skip("the readers refuse this example")
    for kind, value in _schema_cases(extension, example):
        errors = [error.message for error in _validator(kind).iter_errors(value)]
        assert errors == [], (kind, value)


@needs_registry
@pytest.mark.parametrize(
    "path", EXAMPLE_FILES, ids=[path.relative_to(REGISTRY).as_posix() for path in EXAMPLE_FILES]
)
def test_the_schema_takes_every_example_file(path: Path) -> None:
    extension = path.relative_to(REGISTRY).parts
    for kind, value in _schema_cases(
        f"{extension[0]}/{extension[1]}", json.loads(path.read_text(encoding="utf-8"))
    ):
        assert [error.message for error in _validator(kind).iter_errors(value)] == []
