"""`zarr-metadata check --conventions`: the stores of tests/data/conventions checked whole, each convention finding at its file, line and column."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from tests._conventions import FIXTURES, hierarchy_of, store_documents, stores

from zarr_metadata.checker import CheckOptions, Finding, check
from zarr_metadata.cli._library import check_store
from zarr_metadata.cli._main import main
from zarr_metadata.cli._split import Split, check_or_split, check_part, joined
from zarr_metadata.conventions import check_conventions

Documents = dict[str, dict[str, Any]]


def written(root: Path, documents: Documents) -> Path:
    """`documents` (node path to {file name: JSON}) written below `root`, two spaces an indent, as the writers write them."""
    for path, files in documents.items():
        directory = root / path if path else root
        directory.mkdir(parents=True, exist_ok=True)
        for name, value in files.items():
            (directory / name).write_text(json.dumps(value, indent=2), encoding="utf-8")
    return root


def broken(tmp_path: Path, store: str, edit: Callable[[Documents], None]) -> tuple[Path, Documents]:
    documents = copy.deepcopy(store_documents(FIXTURES / store))
    edit(documents)
    return written(tmp_path / store, documents), documents


def convention_findings(target: Path, **options: Any) -> list[Finding]:
    return [
        finding
        for finding in check(str(target), options=CheckOptions(**options))
        if finding.kind == "convention"
    ]


def position(file: Path, token: str, nth: int = 0) -> tuple[int, int]:
    """The 1-based line and column where the `nth` copy of `token` starts in `file`."""
    text = file.read_text(encoding="utf-8")
    start = -1
    for _ in range(nth + 1):
        start = text.index(token, start + 1)
    line = text.count("\n", 0, start) + 1
    return line, start - (text.rfind("\n", 0, start) + 1) + 1


def attributes(documents: Documents, path: str) -> dict[str, Any]:
    files = documents[path]
    if "zarr.json" in files:
        return files["zarr.json"].setdefault("attributes", {})
    return files.setdefault(".zattrs", {})


@pytest.mark.parametrize("store", stores())
def test_each_store_a_real_writer_made_has_no_convention_problem_and_the_library_s_warnings(
    store: str,
) -> None:
    findings = convention_findings(FIXTURES / store)
    assert all(finding.severity == "warning" for finding in findings)
    report = check_conventions(hierarchy_of(store_documents(FIXTURES / store)))
    assert report.problems == ()
    assert [(finding.loc, finding.message) for finding in findings] == [
        (_in_file(warning.path, warning.problem.loc, store), warning.problem.message)
        for warning in report.warnings
    ]


def _in_file(path: str, loc: tuple[str | int, ...], store: str) -> tuple[str | int, ...]:
    v2 = not (FIXTURES / store / path / "zarr.json").exists()
    return loc[1:] if v2 and loc[:1] == ("attributes",) else loc


def test_a_level_that_names_no_array_is_an_error_at_its_path_in_the_zattrs(tmp_path: Path) -> None:
    def edit(documents: Documents) -> None:
        attributes(documents, "")["multiscales"][0]["datasets"][1]["path"] = "missing"

    root, _ = broken(tmp_path, "ome_image_0.4.zarr", edit)
    errors = [finding for finding in convention_findings(root) if finding.severity == "error"]
    assert len(errors) == 1
    error = errors[0]
    assert Path(error.path) == root / ".zattrs"
    assert error.loc == ("multiscales", 0, "datasets", 1, "path")
    assert (error.line, error.column) == position(root / ".zattrs", '"missing"')
    assert error.message.startswith(
        'OME-NGFF 0.4, "multiscales" metadata: expected an array at "missing"'
    )


def test_two_lengths_for_one_dimension_in_a_v3_group_is_an_error_in_the_zarr_json(
    tmp_path: Path,
) -> None:
    def edit(documents: Documents) -> None:
        documents["lon"]["zarr.json"]["shape"] = [7]
        documents["lon"]["zarr.json"]["chunk_grid"]["configuration"]["chunk_shape"] = [7]

    root, _ = broken(tmp_path, "xarray_v3.zarr", edit)
    errors = [finding for finding in convention_findings(root) if finding.severity == "error"]
    file = root / "lon" / "zarr.json"
    assert [(Path(error.path), error.loc) for error in errors] == [(file, ("dimension_names", 0))]
    assert errors[0].message.endswith(
        'dimension "lon" has length 7 here, but 6 in the array "elevation" of the same group'
    )
    text = file.read_text(encoding="utf-8")
    assert (errors[0].line, errors[0].column) == position(
        file, '"lon"', nth=text.count('"lon"') - 1
    )


def test_array_dimensions_of_the_wrong_length_in_a_v2_store(tmp_path: Path) -> None:
    def edit(documents: Documents) -> None:
        documents["temperature"][".zattrs"]["_ARRAY_DIMENSIONS"] = ["time", "lat"]

    root, _ = broken(tmp_path, "xarray_v2.zarr", edit)
    errors = [finding for finding in convention_findings(root) if finding.severity == "error"]
    assert [(Path(error.path), error.loc) for error in errors] == [
        (root / "temperature" / ".zattrs", ("_ARRAY_DIMENSIONS",))
    ]
    assert (errors[0].line, errors[0].column) == position(root / "temperature" / ".zattrs", "[")


def test_a_well_the_plate_lists_that_is_missing(tmp_path: Path) -> None:
    def edit(documents: Documents) -> None:
        for path in [path for path in documents if path == "B/2" or path.startswith("B/2/")]:
            del documents[path]

    root, _ = broken(tmp_path, "ome_plate_0.5.zarr", edit)
    errors = [finding for finding in convention_findings(root) if finding.severity == "error"]
    assert len(errors) == 1
    assert Path(errors[0].path) == root / "zarr.json"
    assert errors[0].loc[:4] == ("attributes", "ome", "plate", "wells")
    assert (errors[0].line, errors[0].column) == position(root / "zarr.json", '"B/2"')


def test_a_level_whose_document_has_problems_is_neither_found_nor_missing(tmp_path: Path) -> None:
    def edit(documents: Documents) -> None:
        documents["s1"][".zarray"]["shape"] = "not a shape"

    root, _ = broken(tmp_path, "ome_image_0.4.zarr", edit)
    found = list(check(str(root)))
    assert [finding.kind for finding in found if finding.severity == "error"] == ["invalid_type"]


def test_none_and_names_choose_the_conventions(tmp_path: Path) -> None:
    def edit(documents: Documents) -> None:
        attributes(documents, "")["multiscales"][0]["datasets"][1]["path"] = "missing"

    root, _ = broken(tmp_path, "ome_image_0.4.zarr", edit)
    assert convention_findings(root, conventions="none") == []
    assert convention_findings(root, conventions="xarray") == []
    assert len(convention_findings(root, conventions="ome-ngff-0.4")) == len(
        convention_findings(root)
    )
    assert len(convention_findings(root, conventions="ome-ngff-0.4/multiscales")) >= 1


def test_strict_makes_a_convention_warning_an_error() -> None:
    store = FIXTURES / "ome_image_0.4.zarr"
    assert {finding.severity for finding in convention_findings(store)} == {"warning"}
    assert {finding.severity for finding in convention_findings(store, strict=True)} == {"error"}


def test_select_and_ignore_take_the_convention_kind(capsys: pytest.CaptureFixture[str]) -> None:
    store = str(FIXTURES / "ome_image_0.4.zarr")
    assert (
        main(
            ["check", "--isolated", "--format", "json", "--quiet", "--ignore", "convention", store]
        )
        == 0
    )
    assert capsys.readouterr().out == ""
    assert (
        main(
            ["check", "--isolated", "--format", "json", "--quiet", "--select", "convention", store]
        )
        == 0
    )
    kinds = {json.loads(line)["kind"] for line in capsys.readouterr().out.splitlines()}
    assert kinds == {"convention"}


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        ("acme", "no convention named 'acme'"),
        ("xarray,,ome-ngff-0.4", "--conventions takes auto, none, or names separated by commas"),
    ],
)
def test_an_unknown_convention_is_a_usage_error(
    setting: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        main(["check", "--isolated", "--conventions", setting, str(FIXTURES / "xarray_v2.zarr")])
        == 2
    )
    assert message in capsys.readouterr().err


def test_a_split_store_gives_the_convention_findings_of_the_whole(tmp_path: Path) -> None:
    # The image at the root names levels that sit in other parts: the parts are judged together.
    def edit(documents: Documents) -> None:
        attributes(documents, "")["multiscales"][0]["datasets"][1]["path"] = "missing"

    root, _ = broken(tmp_path, "ome_image_0.4.zarr", edit)
    options = CheckOptions()
    whole = check_store(str(root), options)
    split = check_or_split(str(root), options, split_from=2)
    assert isinstance(split, Split)
    assert (
        joined(str(root), [check_part(str(root), part, options) for part in split.parts], options)
        == whole
    )
    assert any(
        finding.kind == "convention" and finding.severity == "error" for finding in whole.findings
    )


def test_a_plugin_adds_a_convention_the_checker_judges_by(tmp_path: Path) -> None:
    (tmp_path / "acme_tag.py").write_text(
        """
from typing_extensions import TypedDict
from zarr_metadata.conventions import ConventionDefinition, ConventionIssue, ConventionScope, joined


class Tag(TypedDict):
    acme_tag: str


def rules(followers, hierarchy):
    for path, attributes in followers.items():
        if hierarchy.node(joined(path, attributes["acme_tag"])) is None:
            yield ConventionIssue(path=path, loc=("attributes", "acme_tag"), message="expected the path of a node")


TAGS = ConventionScope([ConventionDefinition(name="acme-tag", title="Acme tags", section="Tags", attributes=Tag,
                                             markers=frozenset({"acme_tag"}), hierarchy_rules=rules)])
""",
        encoding="utf-8",
    )
    store = tmp_path / "store"
    store.mkdir()
    (store / "zarr.json").write_text(
        json.dumps({"zarr_format": 3, "node_type": "group", "attributes": {"acme_tag": "nowhere"}}),
        encoding="utf-8",
    )
    command = [
        sys.executable,
        "-m",
        "zarr_metadata",
        "check",
        "--isolated",
        "--definitions",
        "acme_tag:TAGS",
        str(store),
    ]
    result = subprocess.run(
        command, capture_output=True, text=True, check=False, cwd=tmp_path, env=_with_path(tmp_path)
    )
    assert result.returncode == 1, result.stderr
    assert "zarr.json:1:" in result.stdout
    assert (
        "/attributes/acme_tag convention: Acme tags, Tags: expected the path of a node"
        in result.stdout
    )


def _with_path(directory: Path) -> dict[str, str]:
    import os

    source = str(Path(__file__).resolve().parents[1] / "src")
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(directory), source])}


@pytest.mark.parametrize(
    ("value", "reported"), [('"none"', False), ('["xarray"]', False), ('["ome-ngff-0.4"]', True)]
)
def test_a_config_file_chooses_the_conventions(
    tmp_path: Path, value: str, reported: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "zarr-metadata.toml"
    config.write_text(f"conventions = {value}\n", encoding="utf-8")
    store = str(FIXTURES / "ome_image_0.4.zarr")
    assert main(["check", "--config", str(config), "--format", "json", "--quiet", store]) == 0
    kinds = [json.loads(line)["kind"] for line in capsys.readouterr().out.splitlines()]
    assert ("convention" in kinds) is reported


def test_a_config_file_naming_no_conventions_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "zarr-metadata.toml"
    config.write_text("conventions = 3\n", encoding="utf-8")
    assert main(["check", "--config", str(config), str(FIXTURES / "xarray_v2.zarr")]) == 2
    assert '"auto", "none", or an array of convention names' in capsys.readouterr().err


def test_a_file_named_alone_is_judged_by_its_own_document(tmp_path: Path) -> None:
    def edit(documents: Documents) -> None:
        image = attributes(documents, "")["multiscales"][0]
        image["axes"][1]["name"] = "x"  # two axes named "x": a MUST of the image's own metadata
        image["datasets"][1]["path"] = "missing"  # a level's array: known only from the store

    root, _ = broken(tmp_path, "ome_image_0.4.zarr", edit)
    whole = [finding for finding in convention_findings(root) if finding.severity == "error"]
    alone = [
        finding for finding in convention_findings(root / ".zattrs") if finding.severity == "error"
    ]
    assert len(whole) == 2
    assert [(finding.path, finding.loc) for finding in alone] == [
        (finding.path, finding.loc) for finding in whole if "missing" not in finding.message
    ]
    assert Path(alone[0].path) == root / ".zattrs"


def _xarray_v3_array(shape: list[int], names: list[str]) -> dict[str, Any]:
    return {
        "zarr_format": 3,
        "node_type": "array",
        "shape": shape,
        "data_type": "float32",
        "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": shape}},
        "chunk_key_encoding": {"name": "default"},
        "fill_value": 0,
        "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}],
        "dimension_names": names,
    }


def test_datasets_judged_as_the_walk_leaves_them_give_the_findings_of_the_whole_store(
    tmp_path: Path,
) -> None:
    # Arrays marked only by their dimension names are judged group by group as the walk goes,
    # the arrays of the root's group at the end; a split store judges them all at once.
    group = {"zarr.json": {"zarr_format": 3, "node_type": "group"}}
    documents: Documents = {"": group}
    for name in ("a", "b", "c"):
        documents[name] = group
        documents[f"{name}/x"] = {"zarr.json": _xarray_v3_array([4], ["x"])}
        documents[f"{name}/v"] = {"zarr.json": _xarray_v3_array([5, 2], ["x", "y"])}
    documents["top"] = {"zarr.json": _xarray_v3_array([3], ["x"])}
    documents["x"] = {"zarr.json": _xarray_v3_array([2], ["x"])}
    root = written(tmp_path / "store", documents)
    options = CheckOptions()
    whole = check_store(str(root), options)
    errors = [finding for finding in whole.findings if finding.kind == "convention"]
    assert [Path(finding.path).relative_to(root).as_posix() for finding in errors] == [
        "a/x/zarr.json",
        "b/x/zarr.json",
        "c/x/zarr.json",
        "x/zarr.json",
    ]
    split = check_or_split(str(root), options, split_from=2)
    assert isinstance(split, Split)
    assert (
        joined(str(root), [check_part(str(root), part, options) for part in split.parts], options)
        == whole
    )
