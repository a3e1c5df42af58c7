"""Repairs written back: only documents repair cures, each through a temporary file, the original kept byte for byte."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any

import pytest

from zarr_metadata.cli._check import Options
from zarr_metadata.cli._findings import Finding
from zarr_metadata.cli._rewrite import serialised
from zarr_metadata.cli._run import run
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
    {"chunks": [2], "compressor": None, "dtype": "<f8", "fill_value": float("nan"), "filters": None,
     "order": "C", "shape": [4], "zarr_format": 2},
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
    original = write_text(tmp_path / "zarr.json", json.dumps(EMPTY, indent=2, ensure_ascii=False) + "\n")
    found, _ = checked(tmp_path / "zarr.json", write=True)
    assert [(finding.kind, finding.severity) for finding in found] == [("zero_chunk_length", "repair")]
    assert (tmp_path / "zarr.json.orig").read_bytes() == original
    written = (tmp_path / "zarr.json").read_text(encoding="utf-8")
    assert json.loads(written)["chunk_grid"]["configuration"]["chunk_shape"] == REPAIRED_CHUNK_SHAPE
    assert written.startswith('{\n  "zarr_format": 3,')  # the writer's layout, its indentation and its text as written
    assert "température" in written and written.endswith("\n")
    assert checked(tmp_path / "zarr.json") == ([], [])  # cured
    assert sorted(path.name for path in tmp_path.iterdir()) == ["zarr.json", "zarr.json.orig"]  # no temporary left


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
        assert sorted(archive.namelist()) == ["a/c/0", "a/zarr.json", "a/zarr.json.orig", "zarr.json"]
        assert archive.read("a/zarr.json.orig") == original
        assert json.loads(archive.read("a/zarr.json"))["chunk_grid"]["configuration"]["chunk_shape"] == REPAIRED_CHUNK_SHAPE
        assert archive.getinfo("a/zarr.json").compress_type == zipfile.ZIP_DEFLATED
    assert sorted(item.name for item in tmp_path.iterdir()) == ["data.zip"]
    assert checked(path) == ([], [])


def test_a_v2_node_is_written_only_when_every_file_is_cured(tmp_path: Path) -> None:
    original = write_text(tmp_path / "a" / ".zarray", ZARRAY_TEXT)
    write_text(tmp_path / "a" / ".zattrs", "[1]")  # not an object: a problem repair does not cure
    found, _ = checked(tmp_path, write=True)
    assert {finding.severity for finding in found} == {"repair", "error"}
    assert (tmp_path / "a" / ".zarray").read_bytes() == original


@pytest.mark.parametrize("text", ['{"a": 1}', '{\n  "a": 1\n}\n', '{\n\t"a": 1\n}', '{\n    "a": [\n        1\n    ]\n}'])
def test_a_document_is_written_in_its_original_layout(text: str) -> None:
    assert serialised(text, json.loads(text)).decode() == text
