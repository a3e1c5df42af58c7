"""What a writer got right is never a problem: known writer bugs zarr-python reads are warnings, chosen with --select and --ignore.

The evidence that each is read: zarr-python 3.1.6 and 2.18.7 open these
stores and read their arrays (a v2 `.zmetadata` whose `.zgroup` entry holds
`consolidated_metadata`, as zarr-python 3.4.2 and xarray write it; bare `NaN`
fill values in `.zarray` and `zarr.json`; bare `NaN` attributes; a lone
surrogate escape in attributes; a 0 chunk length along an empty dimension).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from zarr_metadata.cli._main import main

FLOAT_ZARRAY: dict[str, Any] = {
    "chunks": [10],
    "compressor": None,
    "dtype": "<f8",
    "fill_value": 0.0,
    "filters": None,
    "order": "C",
    "shape": [10],
    "zarr_format": 2,
}
ARRAY_V3: dict[str, Any] = {
    "zarr_format": 3,
    "node_type": "array",
    "shape": [10],
    "data_type": "float32",
    "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [10]}},
    "chunk_key_encoding": {"name": "default"},
    "fill_value": 0.0,
    "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}],
}


def write(path: Path, value: object) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        value if isinstance(value, str) else json.dumps(value, indent=4), encoding="utf-8"
    )
    return path


def report(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    status = main(["check", "--isolated", *argv])
    return status, capsys.readouterr().out.splitlines()


def kinds(lines: list[str]) -> list[str]:
    """The pointer and the label of each finding line."""
    return [line.split(": ", 2)[1] for line in lines[:-1]]


def xarray_store(root: Path) -> Path:
    """A v2 store consolidated as zarr-python 3.4.2 and xarray write it: each group's `.zgroup` entry holds `consolidated_metadata`."""
    groups = ["", "a", "a/b"]
    listing: dict[str, object] = {}
    for group in groups:
        prefix = f"{group}/" if group else ""
        write(root / prefix / ".zgroup", {"zarr_format": 2})
        listing[f"{prefix}.zgroup"] = {
            "zarr_format": 2,
            "consolidated_metadata": {"kind": "inline", "must_understand": False, "metadata": {}},
        }
    write(root / "a" / "b" / "x" / ".zarray", FLOAT_ZARRAY)
    listing["a/b/x/.zarray"] = FLOAT_ZARRAY
    write(root / ".zmetadata", {"metadata": listing, "zarr_consolidated_format": 1})
    return root


def test_the_consolidated_metadata_zarr_python_writes_into_zgroup_entries_is_one_warning_per_group(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before: an unknown_key and a "differs from .zgroup" error per group, exit 1.
    store = xarray_store(tmp_path / "s.zarr")
    status, lines = report([str(store)], capsys)
    assert kinds(lines) == [
        f"/metadata/{key}/consolidated_metadata warning repairable"
        for key in (".zgroup", "a~1.zgroup", "a~1b~1.zgroup")
    ]
    assert "--repair --write" in lines[0] and "consolidated_metadata_in_zgroup_entry" in lines[0]
    assert (status, lines[-1]) == (0, "5 documents, 0 problems, 3 warnings")
    status, lines = report(["--strict", str(store)], capsys)
    assert (status, lines[-1]) == (1, "5 documents, 3 problems, 0 warnings")
    assert kinds(lines)[0] == "/metadata/.zgroup/consolidated_metadata repairable"


def test_a_bare_nan_fill_value_of_a_v3_array_says_how_to_write_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(
        tmp_path / "zarr.json", json.dumps({**ARRAY_V3, "fill_value": float("nan")}, indent=2)
    )
    status, lines = report([str(path)], capsys)
    assert status == 0
    assert lines[0].startswith(f"{path}:19:17: /fill_value warning repairable: ")
    assert 'write the string "NaN"' in lines[0]
    assert "--repair --write writes the repair non_finite_fill_value" in lines[0]


def test_a_bare_infinity_fill_value_is_spelled_as_its_own_string(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path / "zarr.json", json.dumps({**ARRAY_V3, "fill_value": float("-inf")}))
    _, lines = report([str(path)], capsys)
    assert 'a bare -Infinity is not JSON: write the string "-Infinity"' in lines[0]


def test_a_bare_nan_of_a_type_without_non_finite_values_stays_a_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(
        tmp_path / "zarr.json",
        json.dumps(
            {
                **ARRAY_V3,
                "data_type": "int32",
                "codecs": ARRAY_V3["codecs"],
                "fill_value": float("nan"),
            }
        ),
    )
    status, lines = report([str(path)], capsys)
    assert status == 1
    assert kinds(lines) == ["/fill_value invalid_type"] or kinds(lines) == [
        "/fill_value invalid_value"
    ]


def test_select_and_ignore_choose_the_kinds_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = xarray_store(tmp_path / "s.zarr")
    write(store / "a" / "b" / "x" / ".zattrs", "[1]")  # not an object: an error
    status, lines = report([str(store)], capsys)
    assert status == 1
    assert "invalid_type" in " ".join(kinds(lines))
    status, lines = report(
        ["--ignore", "invalid_type", "--ignore", "repairable", "--ignore", "unlisted", str(store)],
        capsys,
    )
    assert (status, lines) == (0, ["6 documents, 0 problems, 0 warnings"])
    status, lines = report(["--select", "repairable", "--strict", str(store)], capsys)
    assert status == 1
    assert {kind.rsplit(" ", 1)[1] for kind in kinds(lines)} == {"repairable"}
    status, lines = report(["--select", "repairable", "--ignore", "repairable", str(store)], capsys)
    assert lines == ["6 documents, 0 problems, 0 warnings"]


def test_bare_nan_in_user_attributes_is_a_non_standard_json_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # zarr-python writes bare NaN attributes and reads them; zarrita.js and serde_json refuse the file.
    write(
        tmp_path / "s.zarr" / "zarr.json",
        '{"zarr_format": 3, "node_type": "group", "attributes": {"a": [1, NaN, Infinity]}}',
    )
    write(tmp_path / "s.zarr" / "v2" / ".zgroup", {"zarr_format": 2})
    write(tmp_path / "s.zarr" / "v2" / ".zattrs", '{"scale": -Infinity}')
    status, lines = report([str(tmp_path / "s.zarr")], capsys)
    assert status == 0
    assert kinds(lines) == [
        "/attributes/a/1 warning non_standard_json",
        "/scale warning non_standard_json",
    ]
    assert "2 bare non-finite numbers" in lines[0] and "1 bare non-finite number," in lines[1]
    assert "strict JSON parsers" in lines[0]


def test_bare_nan_attributes_listed_in_consolidated_metadata_are_warned_about_where_they_are(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path / "s" / ".zgroup", {"zarr_format": 2})
    write(tmp_path / "s" / ".zattrs", '{"a": NaN}')
    write(
        tmp_path / "s" / ".zmetadata",
        '{"metadata": {".zgroup": {"zarr_format": 2}, ".zattrs": {"a": NaN}}, "zarr_consolidated_format": 1}',
    )
    _, lines = report([str(tmp_path / "s")], capsys)
    assert kinds(lines) == [
        "/metadata/.zattrs/a warning non_standard_json",
        "/a warning non_standard_json",
    ]


@pytest.mark.parametrize("escape", ["\\udfff", "\\ud800", "x\\udc00y"])
def test_a_lone_surrogate_escape_is_a_non_standard_json_warning(
    escape: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Valid JSON text, read by Python and zarr-python; strict parsers refuse unpaired surrogates.
    path = write(
        tmp_path / "zarr.json",
        '{"zarr_format": 3, "node_type": "group", "attributes": {"name": "' + escape + '"}}',
    )
    status, lines = report([str(path)], capsys)
    assert status == 0
    assert kinds(lines) == ["/attributes/name warning non_standard_json"]
    assert "lone surrogate" in lines[0]


def test_a_surrogate_pair_and_a_key_with_a_lone_surrogate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pair = write(
        tmp_path / "a" / "zarr.json",
        '{"zarr_format": 3, "node_type": "group", "attributes": {"smile": "\\ud83d\\ude00"}}',
    )
    assert report([str(pair)], capsys) == (0, ["1 document, 0 problems, 0 warnings"])
    key = write(
        tmp_path / "b" / "zarr.json",
        '{"zarr_format": 3, "node_type": "group", "attributes": {"\\udfff": 1, "x": "\\udfff"}}',
    )
    _, lines = report([str(key)], capsys)
    assert kinds(lines) == ["/attributes/\\udfff warning non_standard_json"]
    assert "2 strings hold" in lines[0]
    assert lines[0].startswith(f"{key}:1:57:")  # at the key


def test_members_a_v2_document_does_not_define_are_ignored_member_warnings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The v2 spec: keys beyond those it defines SHOULD be ignored, and zarr-python ignores them.
    write(tmp_path / "s" / ".zgroup", '{"zarr_format": 2, "foo": 1}')
    write(
        tmp_path / "s" / "a" / ".zarray",
        json.dumps({**FLOAT_ZARRAY, "storage_transformers": [], "data_type": "float64"}),
    )
    _, lines = report([str(tmp_path / "s")], capsys)
    warnings = [line for line in lines if "ignored_member" in line]
    assert [line.split(": ", 2)[1] for line in warnings] == [
        "/storage_transformers warning ignored_member",
        "/data_type warning ignored_member",
        "/foo warning ignored_member",
    ] or [line.split(": ", 2)[1] for line in warnings] == [
        "/foo warning ignored_member",
        "/storage_transformers warning ignored_member",
        "/data_type warning ignored_member",
    ]
    assert (
        'a v2 array has no member "data_type", a member of Zarr v3 documents, so readers ignore it'
        in " ".join(warnings)
    )
    assert 'a v2 group has no member "foo", so readers ignore it' in " ".join(warnings)


def test_a_member_of_a_listed_zarray_that_v2_does_not_define_is_an_ignored_member_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    zarray = {**FLOAT_ZARRAY, "codecs": []}
    write(tmp_path / "s" / ".zgroup", {"zarr_format": 2})
    write(tmp_path / "s" / "a" / ".zarray", zarray)
    write(
        tmp_path / "s" / ".zmetadata",
        {
            "metadata": {".zgroup": {"zarr_format": 2}, "a/.zarray": zarray},
            "zarr_consolidated_format": 1,
        },
    )
    _, lines = report([str(tmp_path / "s")], capsys)
    assert [line.split(": ", 2)[1] for line in lines if "ignored_member" in line] == [
        "/metadata/a~1.zarray/codecs warning ignored_member",
        "/codecs warning ignored_member",
    ]


def test_bare_nan_attributes_of_a_document_v3_consolidated_metadata_lists(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    child = {**ARRAY_V3, "attributes": {"offset": float("nan")}}
    group = {
        "zarr_format": 3,
        "node_type": "group",
        "consolidated_metadata": {
            "kind": "inline",
            "must_understand": False,
            "metadata": {"a": child},
        },
    }
    write(tmp_path / "s" / "zarr.json", json.dumps(group))
    write(tmp_path / "s" / "a" / "zarr.json", json.dumps(child))
    status, lines = report([str(tmp_path / "s")], capsys)
    assert status == 0
    assert kinds(lines) == [
        "/consolidated_metadata/metadata/a/attributes/offset warning non_standard_json",
        "/attributes/offset warning non_standard_json",
    ]
