"""Repairs written back: only documents repair cures, each through a temporary file, the original kept byte for byte."""

from __future__ import annotations

import difflib
import json
import math
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zarr_metadata.cli._check import Options
from zarr_metadata.cli._findings import Finding
from zarr_metadata.cli._rewrite import edited, serialised
from zarr_metadata.cli._run import run
from zarr_metadata.model import repair_node_metadata_v3
from zarr_metadata.v3 import KNOWN

# zarr-python 3.0 wrote 0 for the chunk length of an empty dimension.
EMPTY: dict[str, Any] = {
    "zarr_format": 3,
    "node_type": "array",
    "shape": [0],
    "data_type": "uint8",
    "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [0]}},
    "chunk_key_encoding": {"name": "default"},
    "fill_value": 0,
    "codecs": [{"name": "bytes"}],
    "attributes": {"title": "température"},
}
REPAIRED_CHUNK_SHAPE = [1]
# zarr-python 2 wrote a bare NaN as the fill value of a float array, in its layout.
ZARRAY_TEXT = json.dumps(
    {
        "chunks": [2],
        "compressor": None,
        "dtype": "<f8",
        "fill_value": float("nan"),
        "filters": None,
        "order": "C",
        "shape": [4],
        "zarr_format": 2,
    },
    indent=4,
    sort_keys=True,
)


def checked(target: Path | str, **options: Any) -> tuple[list[Finding], list[str]]:
    found: list[Finding] = []
    diffs: list[str] = []
    run([str(target)], Options(KNOWN, repair=True, **options), found.append, show_diff=diffs.append)
    return found, diffs


def write_text(path: Path, text: str) -> bytes:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path.read_bytes()


def test_a_cured_document_is_written_and_its_original_kept_beside_it(tmp_path: Path) -> None:
    original = write_text(
        tmp_path / "zarr.json", json.dumps(EMPTY, indent=2, ensure_ascii=False) + "\n"
    )
    found, _ = checked(tmp_path / "zarr.json", write=True)
    assert [(finding.kind, finding.severity) for finding in found] == [
        ("zero_chunk_length", "repair")
    ]
    assert (tmp_path / "zarr.json.orig").read_bytes() == original
    written = (tmp_path / "zarr.json").read_text(encoding="utf-8")
    assert json.loads(written)["chunk_grid"]["configuration"]["chunk_shape"] == REPAIRED_CHUNK_SHAPE
    assert written.startswith(
        '{\n  "zarr_format": 3,'
    )  # the writer's layout, its indentation and its text as written
    assert "température" in written and written.endswith("\n")
    assert checked(tmp_path / "zarr.json") == ([], [])  # cured
    assert sorted(path.name for path in tmp_path.iterdir()) == [
        "zarr.json",
        "zarr.json.orig",
    ]  # no temporary left


def test_a_document_with_a_problem_repair_does_not_cure_is_never_written(tmp_path: Path) -> None:
    original = write_text(tmp_path / "zarr.json", json.dumps({**EMPTY, "fill_value": "zero"}))
    found, _ = checked(tmp_path / "zarr.json", write=True)
    assert {finding.severity for finding in found} == {"repair", "error"}
    assert (tmp_path / "zarr.json").read_bytes() == original
    assert not (tmp_path / "zarr.json.orig").exists()


def test_the_originals_go_under_a_backup_directory_when_given(tmp_path: Path) -> None:
    original = write_text(tmp_path / "store" / "a" / ".zarray", ZARRAY_TEXT)
    checked(tmp_path / "store", write=True, backup_dir=str(tmp_path / "backup"))
    assert (tmp_path / "backup" / "a" / ".zarray").read_bytes() == original
    assert json.loads((tmp_path / "store" / "a" / ".zarray").read_text())["fill_value"] == "NaN"
    assert not (tmp_path / "store" / "a" / ".zarray.orig").exists()


def test_diff_prints_the_change_and_writes_nothing(tmp_path: Path) -> None:
    original = write_text(tmp_path / "s" / "a" / ".zarray", ZARRAY_TEXT)
    found, diffs = checked(tmp_path / "s", diff=True)
    assert [finding.kind for finding in found] == ["non_finite_fill_value"]
    path = str(tmp_path / "s" / "a" / ".zarray")
    assert diffs == [
        f"--- a/{path}\n+++ b/{path}\n@@ -4,7 +4,7 @@\n"
        '     ],\n     "compressor": null,\n     "dtype": "<f8",\n'
        '-    "fill_value": NaN,\n+    "fill_value": "NaN",\n'
        '     "filters": null,\n     "order": "C",\n     "shape": [\n'
    ]
    assert (tmp_path / "s" / "a" / ".zarray").read_bytes() == original


def test_without_write_or_diff_nothing_is_written(tmp_path: Path) -> None:
    original = write_text(tmp_path / "zarr.json", json.dumps(EMPTY))
    found, diffs = checked(tmp_path)
    assert [finding.kind for finding in found] == ["zero_chunk_length"]
    assert diffs == []
    assert (tmp_path / "zarr.json").read_bytes() == original


def test_a_zip_store_is_rewritten_whole_with_its_originals(tmp_path: Path) -> None:
    path = tmp_path / "data.zip"
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("zarr.json", json.dumps({"zarr_format": 3, "node_type": "group"}))
        archive.writestr("a/zarr.json", json.dumps(EMPTY))
        archive.writestr("a/c/0", b"")
    original = json.dumps(EMPTY).encode()
    found, _ = checked(path, write=True)
    assert [finding.path for finding in found] == [f"{path}/a/zarr.json"]
    with zipfile.ZipFile(path) as archive:
        assert sorted(archive.namelist()) == [
            "a/c/0",
            "a/zarr.json",
            "a/zarr.json.orig",
            "zarr.json",
        ]
        assert archive.read("a/zarr.json.orig") == original
        assert (
            json.loads(archive.read("a/zarr.json"))["chunk_grid"]["configuration"]["chunk_shape"]
            == REPAIRED_CHUNK_SHAPE
        )
        assert archive.getinfo("a/zarr.json").compress_type == zipfile.ZIP_DEFLATED
    assert sorted(item.name for item in tmp_path.iterdir()) == ["data.zip"]
    assert checked(path) == ([], [])


def test_a_v2_node_is_written_only_when_every_file_is_cured(tmp_path: Path) -> None:
    original = write_text(tmp_path / "a" / ".zarray", ZARRAY_TEXT)
    write_text(tmp_path / "a" / ".zattrs", "[1]")  # not an object: a problem repair does not cure
    found, _ = checked(tmp_path, write=True)
    assert {finding.severity for finding in found} == {"repair", "error"}
    assert (tmp_path / "a" / ".zarray").read_bytes() == original


@pytest.mark.parametrize(
    "text", ['{"a": 1}', '{\n  "a": 1\n}\n', '{\n\t"a": 1\n}', '{\n    "a": [\n        1\n    ]\n}']
)
def test_a_document_is_written_in_its_original_layout(text: str) -> None:
    assert serialised(text, json.loads(text)).decode() == text


# Only the bytes a repair mends


def test_a_repair_rewrites_only_the_value_it_changes(tmp_path: Path) -> None:
    # The writer's layout: short arrays on one line, which a whole re-layout would spread over three.
    text = (
        '{\n    "chunks": [10],\n    "compressor": null,\n    "dtype": "<f8",\n    "fill_value": NaN,\n'
        '    "filters": null,\n    "order": "C",\n    "shape": [10],\n    "zarr_format": 2\n}'
    )
    write_text(tmp_path / "a" / ".zarray", text)
    _, diffs = checked(tmp_path, diff=True)
    (diff,) = diffs
    assert [
        line for line in diff.splitlines() if line[:1] in "+-" and line[:3] not in ("+++", "---")
    ] == [
        '-    "fill_value": NaN,',
        '+    "fill_value": "NaN",',
    ]
    checked(tmp_path, write=True)
    assert (tmp_path / "a" / ".zarray").read_text() == text.replace("NaN", '"NaN"')


@pytest.mark.parametrize(
    ("entry", "repaired"),
    [
        ('{"consolidated_metadata": null, "zarr_format": 2}', '{"zarr_format": 2}'),
        (
            '{"zarr_format": 2, "consolidated_metadata": {"kind": "inline", "metadata": {}}}',
            '{"zarr_format": 2}',
        ),
    ],
)
def test_a_removed_member_takes_its_comma_and_nothing_else(
    tmp_path: Path, entry: str, repaired: str
) -> None:
    write_text(tmp_path / ".zgroup", '{"zarr_format": 2}')
    zmetadata = '{\n"metadata": {".zgroup": ' + entry + '},\n"zarr_consolidated_format": 1\n}\n'
    write_text(tmp_path / ".zmetadata", zmetadata)
    found, _ = checked(tmp_path, write=True)
    assert [finding.kind for finding in found if finding.severity == "repair"] == [
        "consolidated_metadata_in_zgroup_entry"
    ]
    assert (tmp_path / ".zmetadata").read_text() == zmetadata.replace(entry, repaired)


def test_a_member_removed_between_two_others_leaves_their_layout(tmp_path: Path) -> None:
    text = '{\n  "zarr_format": 3,\n  "consolidated_metadata": null,\n  "node_type": "group"\n}\n'
    write_text(tmp_path / "zarr.json", text)
    checked(tmp_path, write=True)
    assert (
        tmp_path / "zarr.json"
    ).read_text() == '{\n  "zarr_format": 3,\n  "node_type": "group"\n}\n'


def test_a_diff_is_a_patch_git_apply_takes(tmp_path: Path) -> None:
    store = tmp_path / "repo" / "s.zarr"
    write_text(store / "a" / ".zarray", ZARRAY_TEXT)
    write_text(
        store / "zarr.json",
        json.dumps(
            {"zarr_format": 3, "node_type": "group", "consolidated_metadata": None}, indent=2
        )
        + "\n",
    )
    repo = tmp_path / "repo"
    git = ["git", "-c", "user.email=a@b", "-c", "user.name=n"]
    subprocess.run([*git, "init", "-q"], cwd=repo, check=True)
    subprocess.run([*git, "add", "-A"], cwd=repo, check=True)
    subprocess.run([*git, "commit", "-qm", "store"], cwd=repo, check=True)
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "zarr_metadata",
            "check",
            "--isolated",
            "--repair",
            "--diff",
            "./s.zarr",
        ],
        cwd=repo,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0
    assert result.stdout.startswith("--- a/s.zarr/")  # no ./ in the paths
    assert "+++ b/s.zarr/a/.zarray" in result.stdout
    assert (
        "repair non_finite_fill_value" in result.stderr
        and "repair non_finite_fill_value" not in result.stdout
    )
    assert result.stderr.splitlines()[-1] == "2 documents, 0 problems, 0 warnings, 2 repairs"
    (tmp_path / "fix.patch").write_text(result.stdout)
    subprocess.run(["git", "apply", "--check", str(tmp_path / "fix.patch")], cwd=repo, check=True)
    subprocess.run(["git", "apply", str(tmp_path / "fix.patch")], cwd=repo, check=True)
    assert json.loads((store / "a" / ".zarray").read_text())["fill_value"] == "NaN"
    assert "consolidated_metadata" not in json.loads((store / "zarr.json").read_text())


def test_diff_takes_the_json_and_sarif_formats_on_standard_error(tmp_path: Path) -> None:
    write_text(tmp_path / "a" / ".zarray", ZARRAY_TEXT)
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "zarr_metadata",
            "check",
            "--isolated",
            "--repair",
            "--diff",
            "--format",
            "json",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.stdout.startswith("--- a/")
    assert json.loads(result.stderr.splitlines()[0])["kind"] == "non_finite_fill_value"


# A store's writes, planned together


def test_a_document_whose_consolidated_copy_cannot_be_repaired_is_not_written(
    tmp_path: Path,
) -> None:
    # Before: the .zarray was rewritten and its .zmetadata copy kept its bare NaN, so the store disagreed with itself.
    original = write_text(tmp_path / "a" / ".zarray", ZARRAY_TEXT)
    write_text(tmp_path / ".zgroup", '{"zarr_format": 2}')
    listing = {
        ".zgroup": {"zarr_format": 2},
        "a/.zarray": json.loads(ZARRAY_TEXT),
        "b/.zarray": {"zarr_format": 2},
    }
    zmetadata = write_text(
        tmp_path / ".zmetadata", json.dumps({"metadata": listing, "zarr_consolidated_format": 1})
    )
    found, _ = checked(tmp_path, write=True)
    refused = [finding for finding in found if finding.kind == "not_written"]
    assert [(finding.path, finding.severity) for finding in refused] == [
        (str(tmp_path / "a" / ".zarray"), "error")
    ]
    assert str(tmp_path / ".zmetadata") in refused[0].message
    assert (tmp_path / "a" / ".zarray").read_bytes() == original
    assert (tmp_path / ".zmetadata").read_bytes() == zmetadata
    assert not (tmp_path / "a" / ".zarray.orig").exists()


def test_a_document_and_its_consolidated_copy_are_written_together(tmp_path: Path) -> None:
    # zarr.json and the root's consolidated copy of it both hold a bare NaN: both are repaired, and the store agrees with itself.
    array = json.loads(
        json.dumps(
            {
                **EMPTY,
                "shape": [4],
                "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [2]}},
                "data_type": "float32",
                "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}],
            }
        )
    )
    array["fill_value"] = float("nan")
    group = {
        "zarr_format": 3,
        "node_type": "group",
        "consolidated_metadata": {
            "kind": "inline",
            "must_understand": False,
            "metadata": {"a": array},
        },
    }
    write_text(tmp_path / "zarr.json", json.dumps(group, indent=2))
    write_text(tmp_path / "a" / "zarr.json", json.dumps(array, indent=2))
    found, _ = checked(tmp_path, write=True)
    assert sorted(finding.path for finding in found) == [
        str(tmp_path / "a" / "zarr.json"),
        str(tmp_path / "zarr.json"),
    ]
    assert json.loads((tmp_path / "a" / "zarr.json").read_text())["fill_value"] == "NaN"
    assert (
        json.loads((tmp_path / "zarr.json").read_text())["consolidated_metadata"]["metadata"]["a"][
            "fill_value"
        ]
        == "NaN"
    )
    after: list[Finding] = []
    run([str(tmp_path)], Options(KNOWN, strict=True), after.append)
    assert after == []


# `edited`, on any layout


_FILLS = st.sampled_from([math.nan, math.inf, -math.inf, 0.5])


@st.composite
def _laid_out_stores(draw: st.DrawFn) -> tuple[str, object]:
    """The text of a v3 group that lists arrays with bare non-finite fill values, in a layout of a writer's, and the document."""
    arrays = {
        f"a{index}": {
            **EMPTY,
            "shape": [0],
            "data_type": "float32",
            "fill_value": draw(_FILLS),
            "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}],
        }
        for index in range(draw(st.integers(1, 3)))
    }
    if draw(st.booleans()):
        # zarr-python wrote `null` for a child group without consolidated metadata: the repair removes the member.
        arrays["g"] = dict(
            draw(
                st.permutations(
                    [("zarr_format", 3), ("node_type", "group"), ("consolidated_metadata", None)]
                )
            )
        )
    members: list[tuple[str, object]] = [
        ("zarr_format", 3),
        ("node_type", "group"),
        ("consolidated_metadata", {"kind": "inline", "must_understand": False, "metadata": arrays}),
        ("attributes", {"note": draw(st.text(max_size=5))}),
    ]
    if draw(st.booleans()):
        members.append(("extra", {"must_understand": False}))
    document = dict(draw(st.permutations(members)))
    indent = draw(st.sampled_from([None, 1, 2, 4, "\t"]))
    separators = draw(st.sampled_from([(", ", ": "), (",", ":"), (",", ": ")]))
    return json.dumps(
        document, indent=indent, separators=separators, ensure_ascii=draw(st.booleans())
    ), document


@settings(max_examples=150, deadline=None)
@given(_laid_out_stores())
def test_an_edited_document_reads_as_the_repaired_one_and_keeps_every_line_no_repair_touches(
    laid_out: tuple[str, object],
) -> None:
    text, document = laid_out
    repaired, repairs = repair_node_metadata_v3(document)
    result = edited(text, repaired, [repair.loc for repair in repairs])
    assert result is not None
    assert json.dumps(json.loads(result)) == json.dumps(repaired)
    changed = [
        line for line in difflib.ndiff(text.splitlines(), result.splitlines()) if line[:1] in "+-"
    ]
    # Each repair changes the one line that holds its value, or removes a member (and the comma of the line before).
    assert len(changed) <= 3 * len(repairs)
