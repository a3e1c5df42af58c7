"""The conventions library: definitions, scopes, the report, and a convention a plugin defines."""

from __future__ import annotations

import json
import pickle
import subprocess
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pytest
from typing_extensions import TypedDict

from zarr_metadata.cli._plugins import convention_definitions, with_plugins
from zarr_metadata.conventions import (
    DEFAULT_CONVENTIONS,
    OME_NGFF_04,
    XARRAY,
    ConventionConflictError,
    ConventionDefinition,
    ConventionIssue,
    ConventionScope,
    Hierarchy,
    NodeView,
    check_conventions,
    declared,
)
from zarr_metadata.model import read_node_metadata_v2, read_node_metadata_v3
from zarr_metadata.v2.definition import CORE_V2
from zarr_metadata.v3.definition import CORE_AND_EXTENSIONS


def group_v3(attributes: dict[str, Any] | None = None) -> Any:
    document: dict[str, Any] = {"zarr_format": 3, "node_type": "group"}
    if attributes is not None:
        document["attributes"] = attributes
    return read_node_metadata_v3(document).metadata


def array_v3(
    shape: list[int], names: list[str] | None = None, attributes: dict[str, Any] | None = None
) -> Any:
    document: dict[str, Any] = {
        "zarr_format": 3,
        "node_type": "array",
        "shape": shape,
        "data_type": "uint8",
        "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": shape}},
        "chunk_key_encoding": {"name": "default"},
        "fill_value": 0,
        "codecs": [{"name": "bytes"}],
    }
    if names is not None:
        document["dimension_names"] = names
    if attributes is not None:
        document["attributes"] = attributes
    reading = read_node_metadata_v3(document)
    assert not reading.problems
    return reading.metadata


def array_v2(shape: list[int], attributes: dict[str, Any]) -> Any:
    zarray = {
        "zarr_format": 2,
        "shape": shape,
        "chunks": shape,
        "dtype": "|u1",
        "compressor": None,
        "fill_value": 0,
        "order": "C",
        "filters": None,
    }
    return read_node_metadata_v2({".zarray": zarray, ".zattrs": attributes}).metadata


class TagAttributes(TypedDict):
    """The attributes of the made-up tag convention: a tag, which names a sibling node."""

    acme_tag: str


def _tag_hierarchy_rules(
    followers: Mapping[str, TagAttributes], hierarchy: Hierarchy
) -> Iterable[ConventionIssue]:
    return [
        ConventionIssue(
            path=path,
            loc=("attributes", "acme_tag"),
            message=f"expected a node {attributes['acme_tag']!r}",
            input=attributes["acme_tag"],
        )
        for path, attributes in followers.items()
        if hierarchy.node(attributes["acme_tag"]) is None
    ]


def _tag_rules(attributes: TagAttributes, node: NodeView) -> Iterable[ConventionIssue]:
    if attributes["acme_tag"].islower():
        return ()
    return [
        ConventionIssue(
            path=node.path,
            loc=("attributes", "acme_tag"),
            message="a tag should be lowercase",
            level="should",
        )
    ]


TAG = ConventionDefinition[TagAttributes](
    name="acme-tag",
    title="The acme tag convention",
    section="Tags",
    attributes=TagAttributes,
    markers=frozenset({"acme_tag"}),
    rules=_tag_rules,
    hierarchy_rules=_tag_hierarchy_rules,
)


def test_a_store_that_follows_no_convention_has_nothing_to_judge() -> None:
    report = check_conventions({"": group_v3({"title": "plain"}), "a": array_v3([3])})
    assert report.followed == {}
    assert report.findings == ()
    assert report.ok


def test_a_node_is_a_candidate_only_when_it_holds_a_marker() -> None:
    # Detection is one look-up per marker: a node without any is never handed to a definition.
    assert DEFAULT_CONVENTIONS.candidates({"title": "plain", "units": "m"}, False) == ()
    assert DEFAULT_CONVENTIONS.candidates({}, True) == (XARRAY,)
    assert DEFAULT_CONVENTIONS.candidates({"multiscales": []}, False)[0] is OME_NGFF_04[0]


def test_a_plugin_convention_is_judged_with_the_others() -> None:
    scope = DEFAULT_CONVENTIONS.union(ConventionScope([TAG]))
    hierarchy = {
        "": group_v3(),
        "a": group_v3({"acme_tag": "c"}),
        "b": group_v3({"acme_tag": "A"}),
    }
    report = check_conventions(hierarchy, conventions=scope)
    assert [
        (finding.path, finding.problem.loc, finding.severity) for finding in report.findings
    ] == [
        ("a", ("attributes", "acme_tag"), "error"),
        ("b", ("attributes", "acme_tag"), "warning"),
        ("b", ("attributes", "acme_tag"), "error"),
    ]
    assert (
        report.findings[0].problem.message == "The acme tag convention, Tags: expected a node 'c'"
    )
    assert report.findings[0].problem.ctx == {"convention": "acme-tag", "section": "Tags"}
    assert [finding.path for finding in report.problems] == ["a", "b"]
    assert [finding.path for finding in report.warnings] == ["b"]


def test_attributes_that_do_not_fit_are_located_and_skip_the_rules() -> None:
    report = check_conventions({"": group_v3({"acme_tag": 3})}, conventions=ConventionScope([TAG]))
    assert [(finding.problem.loc, finding.problem.kind) for finding in report.findings] == [
        (("attributes", "acme_tag"), "invalid_type")
    ]


def test_rules_across_nodes_can_be_left_out() -> None:
    report = check_conventions(
        {"a": group_v3({"acme_tag": "zzz"})}, conventions=ConventionScope([TAG]), across_nodes=False
    )
    assert report.findings == ()


def test_a_v2_array_with_dimension_names_of_the_wrong_length() -> None:
    report = check_conventions({"x": array_v2([2, 3], {"_ARRAY_DIMENSIONS": ["a"]})})
    assert [
        (finding.path, finding.problem.loc, finding.convention) for finding in report.problems
    ] == [("x", ("attributes", "_ARRAY_DIMENSIONS"), "xarray")]


def test_nan_in_attributes_a_convention_does_not_read_is_no_problem() -> None:
    # Attributes are user data: a bare NaN elsewhere is not the convention's business.
    report = check_conventions(
        {"x": array_v2([2], {"_ARRAY_DIMENSIONS": ["a"], "scale": float("nan")})}
    )
    assert report.findings == ()


def test_the_scope_selects_conventions_by_name() -> None:
    assert DEFAULT_CONVENTIONS.select("xarray").definitions == {"xarray": XARRAY}
    assert set(DEFAULT_CONVENTIONS.select("ome-ngff-0.4").definitions) == {
        definition.name for definition in OME_NGFF_04
    }
    with pytest.raises(
        ValueError, match=r"no convention named 'nope'; known: xarray, ome-ngff-0\.4"
    ):
        DEFAULT_CONVENTIONS.select("nope")


def test_scopes_are_values() -> None:
    assert ConventionScope([TAG, XARRAY]) == ConventionScope([XARRAY, TAG])
    assert hash(ConventionScope([TAG, XARRAY])) == hash(ConventionScope([XARRAY, TAG]))
    assert pickle.loads(pickle.dumps(DEFAULT_CONVENTIONS)) == DEFAULT_CONVENTIONS
    assert DEFAULT_CONVENTIONS.union(DEFAULT_CONVENTIONS) == DEFAULT_CONVENTIONS


def test_two_definitions_under_one_name_conflict() -> None:
    other = ConventionDefinition[TagAttributes](
        name="xarray", title="x", section="s", attributes=TagAttributes, markers=frozenset({"t"})
    )
    with pytest.raises(
        ConventionConflictError, match="two different convention definitions named 'xarray'"
    ):
        DEFAULT_CONVENTIONS.union(ConventionScope([other]))


def test_two_definitions_declared_by_one_identifier_conflict() -> None:
    first = ConventionDefinition[TagAttributes](
        name="a",
        title="a",
        section="s",
        attributes=TagAttributes,
        markers=frozenset({"zarr_conventions"}),
        identifiers=frozenset({"u"}),
        detect=declared,
    )
    second = ConventionDefinition[TagAttributes](
        name="b",
        title="b",
        section="s",
        attributes=TagAttributes,
        markers=frozenset({"zarr_conventions"}),
        identifiers=frozenset({"u"}),
        detect=declared,
    )
    with pytest.raises(ConventionConflictError, match="'u' declares both 'a' and 'b'"):
        ConventionScope([first, second])


@pytest.mark.parametrize(
    ("members", "said"),
    [
        ({"name": ""}, "a convention definition's name is a non-empty string"),
        ({"attributes": dict}, "its attributes shape is a TypedDict"),
        ({"markers": frozenset()}, "it names no marker"),
        ({"markers": ["acme_tag"]}, "markers is a frozenset of strings"),
        ({"rules": 3}, "rules is a function"),
    ],
)
def test_a_definition_that_could_never_be_used_is_refused_when_made(
    members: dict[str, Any], said: str
) -> None:
    arguments: dict[str, Any] = {
        "name": "acme-tag",
        "title": "t",
        "section": "s",
        "attributes": TagAttributes,
        "markers": frozenset({"acme_tag"}),
        **members,
    }
    with pytest.raises(TypeError, match=said):
        ConventionDefinition(**arguments)


def test_what_is_not_a_node_model_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="expected a node model"):
        check_conventions({"": {"zarr_format": 3}})  # type: ignore[dict-item]
    with pytest.raises(TypeError, match="conventions is a ConventionScope"):
        check_conventions({}, conventions=[XARRAY])  # type: ignore[arg-type]


def test_a_hook_that_raises_is_named() -> None:
    def broken(attributes: TagAttributes, node: NodeView) -> Iterable[ConventionIssue]:
        raise RuntimeError("boom")

    definition = ConventionDefinition[TagAttributes](
        name="acme-broken",
        title="t",
        section="s",
        attributes=TagAttributes,
        markers=frozenset({"acme_tag"}),
        rules=broken,
    )
    with pytest.raises(RuntimeError) as raised:
        check_conventions(
            {"": group_v3({"acme_tag": "x"})}, conventions=ConventionScope([definition])
        )
    assert (
        "raised by the rules of the convention definition 'acme-broken'"
        in raised.value.__notes__[0]
    )


def test_a_plugin_that_holds_convention_definitions_is_accepted() -> None:
    found = [*OME_NGFF_04, XARRAY]
    v3, v2, conventions = with_plugins(
        CORE_AND_EXTENSIONS,
        CORE_V2,
        ["zarr_metadata.conventions:OME_NGFF_04", "zarr_metadata.conventions:DEFAULT_CONVENTIONS"],
    )
    assert (v3, v2) == (CORE_AND_EXTENSIONS, CORE_V2)
    assert conventions == tuple(
        dict.fromkeys([*OME_NGFF_04, *DEFAULT_CONVENTIONS.definitions.values()])
    )
    assert convention_definitions(found) == found
    assert convention_definitions(DEFAULT_CONVENTIONS) == list(
        DEFAULT_CONVENTIONS.definitions.values()
    )
    assert convention_definitions(CORE_V2) == []


def test_the_checker_accepts_a_plugin_of_conventions(tmp_path: Path) -> None:
    (tmp_path / "zarr.json").write_text(
        json.dumps({"zarr_format": 3, "node_type": "group"}), encoding="utf-8"
    )
    command = [
        sys.executable,
        "-m",
        "zarr_metadata",
        "check",
        "--definitions",
        "zarr_metadata.conventions:OME_NGFF_04",
        str(tmp_path),
    ]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr


SPATIAL_DECLARED = {"uuid": "689b58e2-cf7b-45e0-9fff-9cfc0883d6b4", "name": "spatial:"}
MULTISCALES_DECLARED = {"uuid": "d35379db-88df-4056-af3a-620245f8e347", "name": "multiscales"}


def test_spatial_dimensions_that_the_array_does_not_name() -> None:
    # "Each entry in spatial:dimensions MUST match one of the names declared in the array's dimension_names"
    attributes = {"zarr_conventions": [SPATIAL_DECLARED], "spatial:dimensions": ["lat", "x"]}
    report = check_conventions({"a": array_v3([2, 3], ["y", "x"], attributes)})
    assert [(finding.problem.loc, finding.convention) for finding in report.problems] == [
        (("attributes", "spatial:dimensions", 0), "spatial")
    ]


def test_spatial_on_an_array_that_names_no_dimensions() -> None:
    # "Arrays using this convention MUST therefore declare dimension_names."
    attributes = {"zarr_conventions": [SPATIAL_DECLARED], "spatial:dimensions": ["y", "x"]}
    report = check_conventions({"a": array_v3([2, 3], None, attributes)})
    assert [finding.problem.loc for finding in report.problems] == [
        ("attributes", "spatial:dimensions")
    ]


def test_spatial_properties_without_the_declaration_are_not_judged() -> None:
    # "No implicit Conventions; Conventions must be declared explicitly"
    report = check_conventions({"a": array_v3([2, 3], None, {"spatial:dimensions": ["y"]})})
    assert report.problems == ()


def test_multiscales_on_an_array() -> None:
    attributes = {
        "zarr_conventions": [MULTISCALES_DECLARED],
        "multiscales": {"layout": [{"asset": "0"}]},
    }
    report = check_conventions({"": array_v3([2], None, attributes)}, across_nodes=False)
    assert [(finding.problem.loc, finding.convention) for finding in report.problems] == [
        (("attributes", "multiscales"), "multiscales")
    ]


def test_the_hierarchy_tells_a_rule_what_is_below_a_node() -> None:
    seen: list[tuple[str, ...]] = []

    def rules(
        followers: Mapping[str, TagAttributes], hierarchy: Hierarchy
    ) -> Iterable[ConventionIssue]:
        seen.extend(tuple(node.path for node in hierarchy.children(path)) for path in followers)
        seen.append(hierarchy.followed("g"))
        return ()

    definition = ConventionDefinition[TagAttributes](
        name="acme-below",
        title="t",
        section="s",
        attributes=TagAttributes,
        markers=frozenset({"acme_tag"}),
        hierarchy_rules=rules,
    )
    hierarchy = {
        "": group_v3(),
        "g": group_v3({"acme_tag": "x"}),
        "g/a": array_v3([1]),
        "g/b": group_v3(),
        "h": group_v3(),
    }
    check_conventions(hierarchy, conventions=ConventionScope([definition]))
    assert seen == [("g/a", "g/b"), ("acme-below",)]


@pytest.mark.parametrize(
    ("path", "attributes"),
    [
        ("a", {"plate": "P001"}),
        ("a", {"labels": ["cat", "dog"]}),
        ("a", {"well": 3, "omero": "yes"}),
        ("", {"multiscales": {"levels": 3}}),
    ],
)
def test_a_common_word_that_is_not_ome_ngff_0_4_metadata_is_not_judged_by_it(
    path: str, attributes: dict[str, Any]
) -> None:
    # OME-NGFF 0.4 has no namespace: its keys are words other metadata uses too.
    report = check_conventions({"": group_v3(), path: node_v2_group(attributes)})
    assert report.followed == {}


def test_ome_ngff_0_4_labels_are_those_of_the_labels_group() -> None:
    report = check_conventions({"": group_v3(), "labels": node_v2_group({"labels": ["cells"]})})
    assert report.followed == {"labels": ("ome-ngff-0.4/labels",)}
    assert [finding.problem.loc for finding in report.problems] == [("attributes", "labels", 0)]


def node_v2_group(attributes: dict[str, Any]) -> Any:
    return read_node_metadata_v2({".zgroup": {"zarr_format": 2}, ".zattrs": attributes}).metadata
