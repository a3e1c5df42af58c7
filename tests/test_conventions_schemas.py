"""The JSON Schemas of the conventions as test data: every example they hold is accepted, and each example broken as a schema refuses it is refused, located.

The schemas and examples are copied into `../shared/conventions/` (SOURCE.md
there says from where). OME-NGFF examples are attributes objects: one node
holding them is judged. The Zarr conventions examples are whole `zarr.json`
documents. Each node is judged alone (`across_nodes=False`): a schema judges
one attributes object, and knows nothing of the arrays a path names.

A strict OME-NGFF schema adds what the specification says a document SHOULD
hold: what only the strict schema refuses is a warning, what the base schema
refuses an error.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft7Validator, Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT7, DRAFT202012

from _conventions import SPECIFICATIONS, needs_specifications
from zarr_metadata.conventions import ConventionProblem, check_conventions
from zarr_metadata.model import read_node_metadata_v2, read_node_metadata_v3

pytestmark = needs_specifications

OME = SPECIFICATIONS / "ome-ngff"
ZARR_CONVENTIONS = SPECIFICATIONS / "zarr-conventions"


def _json_with_comments(path: Path) -> Any:
    """The attributes an OME-NGFF example holds: the 0.4 ones are attributes, the 0.5 ones whole `zarr.json` documents."""
    # The OME-NGFF 0.4 examples explain themselves in `//` lines, which JSON does not allow.
    lines = [
        line
        for line in path.read_text(encoding="utf-8").splitlines()
        if not line.strip().startswith("//")
    ]
    example = json.loads("\n".join(lines))
    return example["attributes"] if "zarr_format" in example else example


def _ome_registry(version: str) -> Registry:
    resources = []
    for schema_path in sorted((OME / version / "schemas").glob("*.schema")):
        schema = json.loads(schema_path.read_text(encoding="utf-8"))
        resources.append(
            (schema["$id"], Resource.from_contents(schema, default_specification=DRAFT202012))
        )
    return Registry().with_resources(resources)


def _ome_validator(version: str, schema_name: str) -> Draft202012Validator:
    schema = json.loads((OME / version / "schemas" / schema_name).read_text(encoding="utf-8"))
    return Draft202012Validator(schema, registry=_ome_registry(version))


def _ome_examples() -> list[tuple[str, str, str]]:
    """Each OME-NGFF example: (version, example path below the version, its schema)."""
    found: list[tuple[str, str, str]] = []
    for version in ("0.4", "0.5"):
        for config in sorted((OME / version / "examples").glob("*/.config.json")):
            schema = Path(json.loads(config.read_text(encoding="utf-8"))["schema"]).name
            for example in sorted(
                path for path in config.parent.glob("*.json") if not path.name.startswith(".")
            ):
                found.append((version, example.relative_to(OME / version).as_posix(), schema))
    return found


def _ome_node(version: str, attributes: Any) -> Any:
    """A group holding `attributes`: a v2 node's `.zattrs` (0.4) or a v3 `zarr.json` (0.5)."""
    if version == "0.4":
        reading: Any = read_node_metadata_v2({".zgroup": {"zarr_format": 2}, ".zattrs": attributes})
    else:
        reading = read_node_metadata_v3(
            {"zarr_format": 3, "node_type": "group", "attributes": attributes}
        )
    assert not reading.problems, reading.problems
    return reading.metadata


def _judged(model: Any) -> tuple[list[ConventionProblem], list[ConventionProblem]]:
    report = check_conventions({"": model}, across_nodes=False)
    return list(report.problems), list(report.warnings)


OME_EXAMPLES = _ome_examples() if OME.exists() else []


@pytest.mark.parametrize(
    ("version", "example", "schema"), OME_EXAMPLES, ids=[f"{v}/{e}" for v, e, _ in OME_EXAMPLES]
)
def test_every_ome_example_is_accepted(version: str, example: str, schema: str) -> None:
    attributes = _json_with_comments(OME / version / example)
    assert (
        list(_ome_validator(version, schema).iter_errors(attributes)) == []
    )  # the example is what its schema accepts
    problems, warnings = _judged(_ome_node(version, attributes))
    assert problems == []
    if schema.startswith("strict_"):
        assert warnings == []  # valid under the strict schema: nothing recommended is missing


Edit = Callable[[Any], None]


def _at(document: Any, pointer: tuple[str | int, ...]) -> Any:
    for step in pointer:
        document = document[step]
    return document


def deleted(*pointer: str | int) -> Edit:
    return lambda document: _at(document, pointer[:-1]).__delitem__(pointer[-1])


def replaced(value: Any, *pointer: str | int) -> Edit:
    return lambda document: _at(document, pointer[:-1]).__setitem__(pointer[-1], value)


def appended(value: Any, *pointer: str | int) -> Edit:
    return lambda document: _at(document, pointer).append(value)


MULTISCALES_04 = "examples/multiscales_strict/multiscales_example.json"
PLATE_04 = "examples/plate_strict/plate_2wells.json"
WELL_04 = "examples/well_strict/well_2fields.json"
LABEL_04 = "examples/label_strict/colors_properties.json"
MULTISCALES_05 = "examples/multiscales_strict/multiscales_example.json"
PLATE_05 = "examples/plate_strict/plate_6wells.json"
WELL_05 = "examples/well_strict/well_4fields.json"
LABEL_05 = "examples/label_strict/colors_properties.json"

_SCALE = ("datasets", 0, "coordinateTransformations")
_ONE_SPACE_AXIS = [
    {"name": "t", "type": "time"},
    {"name": "c", "type": "channel"},
    {"name": "z", "type": "channel"},
    {"name": "y", "type": "channel"},
    {"name": "x", "type": "space"},
]

# (version, example, edit, where the problem is, relative to the metadata object; "error" or "warning")
OME_BROKEN: list[tuple[str, str, Edit, tuple[str | int, ...], str]] = [
    ("0.4", MULTISCALES_04, deleted("multiscales", 0, "axes"), ("multiscales", 0, "axes"), "error"),
    (
        "0.4",
        MULTISCALES_04,
        replaced(5, "multiscales", 0, "axes", 0, "type"),
        ("multiscales", 0, "axes", 0, "type"),
        "error",
    ),
    (
        "0.4",
        MULTISCALES_04,
        replaced([{"name": "x", "type": "space"}], "multiscales", 0, "axes"),
        ("multiscales", 0, "axes"),
        "error",
    ),
    (
        "0.4",
        MULTISCALES_04,
        replaced(_ONE_SPACE_AXIS, "multiscales", 0, "axes"),
        ("multiscales", 0, "axes"),
        "error",
    ),
    (
        "0.4",
        MULTISCALES_04,
        replaced([], "multiscales", 0, "datasets"),
        ("multiscales", 0, "datasets"),
        "error",
    ),
    ("0.4", MULTISCALES_04, replaced([], "multiscales"), ("multiscales",), "error"),
    (
        "0.4",
        MULTISCALES_04,
        deleted("multiscales", 0, *_SCALE),
        ("multiscales", 0, *_SCALE),
        "error",
    ),
    (
        "0.4",
        MULTISCALES_04,
        replaced("rotation", "multiscales", 0, *_SCALE, 0, "type"),
        ("multiscales", 0, *_SCALE, 0),
        "error",
    ),
    (
        "0.4",
        MULTISCALES_04,
        appended({"type": "scale", "scale": [1, 1, 1, 1, 1]}, "multiscales", 0, *_SCALE),
        ("multiscales", 0, *_SCALE),
        "error",
    ),
    (
        "0.4",
        MULTISCALES_04,
        replaced(["a", 1, 1, 1, 1], "multiscales", 0, *_SCALE, 0, "scale"),
        ("multiscales", 0, *_SCALE, 0, "scale", 0),
        "error",
    ),
    (
        "0.4",
        MULTISCALES_04,
        replaced(4, "multiscales", 0, "version"),
        ("multiscales", 0, "version"),
        "error",
    ),
    (
        "0.4",
        MULTISCALES_04,
        replaced({"channels": [{"color": "FF0000"}]}, "omero"),
        ("omero", "channels", 0, "window"),
        "error",
    ),
    (
        "0.4",
        MULTISCALES_04,
        deleted("multiscales", 0, "name"),
        ("multiscales", 0, "name"),
        "warning",
    ),
    (
        "0.4",
        MULTISCALES_04,
        deleted("multiscales", 0, "version"),
        ("multiscales", 0, "version"),
        "warning",
    ),
    (
        "0.4",
        MULTISCALES_04,
        deleted("multiscales", 0, "type"),
        ("multiscales", 0, "type"),
        "warning",
    ),
    (
        "0.4",
        MULTISCALES_04,
        deleted("multiscales", 0, "metadata"),
        ("multiscales", 0, "metadata"),
        "warning",
    ),
    ("0.4", PLATE_04, deleted("plate", "columns"), ("plate", "columns"), "error"),
    (
        "0.4",
        PLATE_04,
        replaced(-1, "plate", "wells", 0, "rowIndex"),
        ("plate", "wells", 0, "rowIndex"),
        "error",
    ),
    (
        "0.4",
        PLATE_04,
        replaced("a-b", "plate", "columns", 0, "name"),
        ("plate", "columns", 0, "name"),
        "error",
    ),
    (
        "0.4",
        PLATE_04,
        replaced("C5", "plate", "wells", 0, "path"),
        ("plate", "wells", 0, "path"),
        "error",
    ),
    (
        "0.4",
        PLATE_04,
        replaced(0, "plate", "acquisitions", 0, "maximumfieldcount"),
        ("plate", "acquisitions", 0, "maximumfieldcount"),
        "error",
    ),
    ("0.4", PLATE_04, replaced([], "plate", "wells"), ("plate", "wells"), "error"),
    ("0.4", PLATE_04, deleted("plate", "name"), ("plate", "name"), "warning"),
    ("0.4", PLATE_04, deleted("plate", "version"), ("plate", "version"), "warning"),
    (
        "0.4",
        PLATE_04,
        deleted("plate", "acquisitions", 0, "name"),
        ("plate", "acquisitions", 0, "name"),
        "warning",
    ),
    ("0.4", WELL_04, deleted("well", "images"), ("well", "images"), "error"),
    (
        "0.4",
        WELL_04,
        replaced("a/b", "well", "images", 0, "path"),
        ("well", "images", 0, "path"),
        "error",
    ),
    ("0.4", WELL_04, replaced([], "well", "images"), ("well", "images"), "error"),
    (
        "0.4",
        WELL_04,
        replaced({"acquisition": 0, "path": "0"}, "well", "images", 1),
        ("well", "images", 1, "path"),
        "error",
    ),
    ("0.4", WELL_04, deleted("well", "version"), ("well", "version"), "warning"),
    (
        "0.4",
        LABEL_04,
        replaced([255, 255, 255], "image-label", "colors", 0, "rgba"),
        ("image-label", "colors", 0, "rgba"),
        "error",
    ),
    (
        "0.4",
        LABEL_04,
        replaced([256, 0, 0, 0], "image-label", "colors", 0, "rgba"),
        ("image-label", "colors", 0, "rgba", 0),
        "error",
    ),
    (
        "0.4",
        LABEL_04,
        deleted("image-label", "colors", 0, "label-value"),
        ("image-label", "colors", 0, "label-value"),
        "error",
    ),
    (
        "0.4",
        LABEL_04,
        replaced("x", "image-label", "properties", 0, "label-value"),
        ("image-label", "properties", 0, "label-value"),
        "error",
    ),
    ("0.4", LABEL_04, deleted("image-label", "colors"), ("image-label", "colors"), "warning"),
    ("0.4", LABEL_04, deleted("image-label", "version"), ("image-label", "version"), "warning"),
    ("0.5", MULTISCALES_05, deleted("ome", "version"), ("ome", "version"), "error"),
    (
        "0.5",
        MULTISCALES_05,
        deleted("ome", "multiscales", 0, "axes"),
        ("ome", "multiscales", 0, "axes"),
        "error",
    ),
    (
        "0.5",
        MULTISCALES_05,
        replaced([], "ome", "multiscales", 0, "datasets"),
        ("ome", "multiscales", 0, "datasets"),
        "error",
    ),
    (
        "0.5",
        MULTISCALES_05,
        deleted("ome", "multiscales", 0, *_SCALE),
        ("ome", "multiscales", 0, *_SCALE),
        "error",
    ),
    (
        "0.5",
        MULTISCALES_05,
        deleted("ome", "multiscales", 0, "name"),
        ("ome", "multiscales", 0, "name"),
        "warning",
    ),
    ("0.5", PLATE_05, deleted("ome", "plate", "rows"), ("ome", "plate", "rows"), "error"),
    (
        "0.5",
        PLATE_05,
        replaced("A-1", "ome", "plate", "wells", 0, "path"),
        ("ome", "plate", "wells", 0, "path"),
        "error",
    ),
    ("0.5", PLATE_05, deleted("ome", "plate", "name"), ("ome", "plate", "name"), "warning"),
    ("0.5", WELL_05, replaced([], "ome", "well", "images"), ("ome", "well", "images"), "error"),
    ("0.5", WELL_05, deleted("ome", "version"), ("ome", "version"), "error"),
    (
        "0.5",
        LABEL_05,
        replaced([1, 2, 3, 4, 5], "ome", "image-label", "colors", 0, "rgba"),
        ("ome", "image-label", "colors", 0, "rgba"),
        "error",
    ),
    (
        "0.5",
        LABEL_05,
        deleted("ome", "image-label", "colors"),
        ("ome", "image-label", "colors"),
        "warning",
    ),
]


@pytest.mark.parametrize(
    ("version", "example", "edit", "where", "severity"),
    OME_BROKEN,
    ids=[f"{v}/{e.split('/')[1]}:{'.'.join(map(str, w))}:{s}" for v, e, _, w, s in OME_BROKEN],
)
def test_each_ome_example_broken_is_refused_where_the_schema_refuses_it(
    version: str, example: str, edit: Edit, where: tuple[str | int, ...], severity: str
) -> None:
    attributes = copy.deepcopy(_json_with_comments(OME / version / example))
    edit(attributes)
    schema = Path(
        json.loads(
            (OME / version / Path(example).parent / ".config.json").read_text(encoding="utf-8")
        )["schema"]
    ).name
    strict_refuses = bool(list(_ome_validator(version, schema).iter_errors(attributes)))
    base_refuses = bool(
        list(_ome_validator(version, schema.removeprefix("strict_")).iter_errors(attributes))
    )
    assert strict_refuses  # the edit breaks the example, as its schema says
    assert base_refuses == (
        severity == "error"
    )  # an edit only the strict schema refuses breaks a SHOULD
    problems, warnings = _judged(_ome_node(version, attributes))
    found = problems if severity == "error" else warnings
    loc = ("attributes", *where)
    assert any(finding.problem.loc[: len(loc)] == loc for finding in found), [
        str(finding) for finding in [*problems, *warnings]
    ]
    if severity == "warning":
        assert problems == []


def test_another_ome_version_is_not_judged_by_0_4() -> None:
    # The 0.4 schema refuses "0.3"; but 0.3 metadata follows 0.3's rules, which the package does not hold.
    attributes = _json_with_comments(OME / "0.4" / MULTISCALES_04)
    attributes["multiscales"][0]["version"] = "0.3"
    report = check_conventions({"": _ome_node("0.4", attributes)}, across_nodes=False)
    assert report.followed == {}
    assert report.findings == ()


def _zarr_conventions_validator(folder: str, name: str) -> Draft7Validator:
    schema = json.loads((ZARR_CONVENTIONS / folder / name).read_text(encoding="utf-8"))
    registry = Registry().with_resource(
        schema["$id"], Resource.from_contents(schema, default_specification=DRAFT7)
    )
    return Draft7Validator(schema, registry=registry)


_SCHEMAS = {
    "multiscales": "schema.json",
    "spatial": "schema.json",
    "zarr-conventions-spec": "zarr-conventions-schema.json",
}


def _completed(document: dict[str, Any]) -> dict[str, Any]:
    """An example array document with the members a v3 array needs and the example leaves out."""
    if document.get("node_type") != "array":
        return document
    rank = len(document.get("dimension_names", [None]))
    return {
        "shape": [4] * rank,
        "data_type": "float32",
        "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [4] * rank}},
        "chunk_key_encoding": {"name": "default"},
        "fill_value": 0,
        "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}],
        **document,
    }


def _zarr_conventions_node(document: dict[str, Any]) -> Any:
    reading: Any = read_node_metadata_v3(_completed(document))
    assert not reading.problems, reading.problems
    return reading.metadata


ZARR_CONVENTIONS_EXAMPLES = (
    sorted(
        path.relative_to(ZARR_CONVENTIONS).as_posix()
        for path in ZARR_CONVENTIONS.glob("*/examples/*.json")
    )
    if ZARR_CONVENTIONS.exists()
    else []
)


@pytest.mark.parametrize("example", ZARR_CONVENTIONS_EXAMPLES)
def test_every_zarr_conventions_example_is_accepted(example: str) -> None:
    document = json.loads((ZARR_CONVENTIONS / example).read_text(encoding="utf-8"))
    folder = example.split("/")[0]
    assert list(_zarr_conventions_validator(folder, _SCHEMAS[folder]).iter_errors(document)) == []
    problems, _ = _judged(_zarr_conventions_node(document))
    assert problems == []


POWER_OF_2 = "multiscales/examples/power-of-2-pyramid.json"
SPATIAL_ARRAY = "spatial/examples/proj.json"
MINIMAL = "zarr-conventions-spec/examples/minimal.json"
_LAYOUT = ("attributes", "multiscales", "layout")

# (example, edit, the loc of the problem in the document)
ZARR_CONVENTIONS_BROKEN: list[tuple[str, Edit, tuple[str | int, ...]]] = [
    (POWER_OF_2, deleted(*_LAYOUT), _LAYOUT),
    (POWER_OF_2, replaced([], *_LAYOUT), _LAYOUT),
    (POWER_OF_2, deleted(*_LAYOUT, 1, "transform"), (*_LAYOUT, 1, "transform")),
    (POWER_OF_2, replaced("/0", *_LAYOUT, 0, "asset"), (*_LAYOUT, 0, "asset")),
    (POWER_OF_2, replaced("../0", *_LAYOUT, 1, "derived_from"), (*_LAYOUT, 1, "derived_from")),
    (POWER_OF_2, replaced(3, *_LAYOUT, 0, "asset"), (*_LAYOUT, 0, "asset")),
    (
        POWER_OF_2,
        replaced(["a", 1], *_LAYOUT, 0, "transform", "scale"),
        (*_LAYOUT, 0, "transform", "scale", 0),
    ),
    (
        POWER_OF_2,
        replaced(1, "attributes", "zarr_conventions", 0, "extra"),
        ("attributes", "zarr_conventions", 0, "extra"),
    ),
    (
        SPATIAL_ARRAY,
        replaced(["y"], "attributes", "spatial:dimensions"),
        ("attributes", "spatial:dimensions"),
    ),
    (
        SPATIAL_ARRAY,
        deleted("attributes", "spatial:dimensions"),
        ("attributes", "spatial:dimensions"),
    ),
    (
        SPATIAL_ARRAY,
        replaced([1, 2, 3], "attributes", "spatial:bbox"),
        ("attributes", "spatial:bbox"),
    ),
    (
        SPATIAL_ARRAY,
        replaced("corner", "attributes", "spatial:registration"),
        ("attributes", "spatial:registration"),
    ),
    (
        SPATIAL_ARRAY,
        replaced([0, 1], "attributes", "spatial:shape"),
        ("attributes", "spatial:shape", 0),
    ),
    (
        MINIMAL,
        replaced({"name": "unnamed"}, "attributes", "zarr_conventions", 0),
        ("attributes", "zarr_conventions", 0),
    ),
    (
        MINIMAL,
        replaced("NOT-A-UUID", "attributes", "zarr_conventions", 0, "uuid"),
        ("attributes", "zarr_conventions", 0, "uuid"),
    ),
]


@pytest.mark.parametrize(
    ("example", "edit", "where"),
    ZARR_CONVENTIONS_BROKEN,
    ids=[f"{e.split('/')[-1]}:{'.'.join(map(str, w))}" for e, _, w in ZARR_CONVENTIONS_BROKEN],
)
def test_each_zarr_conventions_example_broken_is_refused_where_the_schema_refuses_it(
    example: str, edit: Edit, where: tuple[str | int, ...]
) -> None:
    document = copy.deepcopy(json.loads((ZARR_CONVENTIONS / example).read_text(encoding="utf-8")))
    edit(document)
    folder = example.split("/")[0]
    assert list(_zarr_conventions_validator(folder, _SCHEMAS[folder]).iter_errors(document))
    problems, _ = _judged(_zarr_conventions_node(document))
    assert any(finding.problem.loc[: len(where)] == where for finding in problems), [
        str(finding) for finding in problems
    ]
