"""The command on v2 stores: each node's files read together, each finding in the file that holds it, and `.zmetadata` against the files it lists."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

ARRAY = {
    "zarr_format": 2,
    "shape": [10],
    "chunks": [5],
    "dtype": "<i4",
    "compressor": None,
    "fill_value": 0,
    "order": "C",
    "filters": None,
}


def run(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "zarr_metadata", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        check=False,
    )


def lines(result: subprocess.CompletedProcess[str]) -> list[str]:
    return result.stdout.splitlines()


def write(path: Path, value: object, *, indent: int | None = 4) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        value if isinstance(value, str) else json.dumps(value, indent=indent), encoding="utf-8"
    )
    return path


def consolidate(root: Path, edits: dict[str, object] | None = None) -> None:
    """Write the `.zmetadata` of every v2 metadata file under `root`, with `edits` (by store key) applied to the listing."""
    listing: dict[str, object] = {}
    for file in sorted(root.rglob(".z*")):
        if file.name in (".zarray", ".zgroup", ".zattrs"):
            listing[file.relative_to(root).as_posix()] = json.loads(
                file.read_text(encoding="utf-8")
            )
    listing.update(edits or {})
    write(root / ".zmetadata", {"zarr_consolidated_format": 1, "metadata": listing})


def test_the_valid_v2_example_is_valid() -> None:
    result = run("check", "examples/valid_v2")
    assert lines(result) == ["7 documents, 0 problems, 0 warnings"]
    assert result.returncode == 0


def test_each_file_of_a_node_is_a_document_and_a_problem_is_in_the_file_that_holds_it(
    tmp_path: Path,
) -> None:
    write(tmp_path / "a" / ".zarray", {**ARRAY, "chunks": [0]})
    write(tmp_path / "a" / ".zattrs", {"units": "K", "valid_range": [0, 10]})
    result = run("check", "a", cwd=tmp_path)
    assert lines(result) == [
        "a/.zarray:7:9: /chunks/0 invalid_value: expected an integer >= 1, got 0",
        "2 documents, 1 problem, 0 warnings",
    ]
    assert result.returncode == 1


def test_naming_any_file_of_a_node_checks_the_whole_node_once(tmp_path: Path) -> None:
    write(tmp_path / ".zarray", {**ARRAY, "order": "X"})
    write(tmp_path / ".zattrs", {"units": "K"})
    for named in ([".zarray"], [".zattrs"], [".zarray", ".zattrs", "."]):
        result = run("check", *named, cwd=tmp_path)
        assert lines(result) == [
            '.zarray:12:14: /order invalid_value: expected one of "C", "F", got "X"',
            "2 documents, 1 problem, 0 warnings",
        ], named


def test_an_attributes_member_in_a_zarray_with_a_zattrs_beside_it_is_located_in_the_zarray(
    tmp_path: Path,
) -> None:
    write(tmp_path / ".zarray", {**ARRAY, "attributes": {"a": 1}}, indent=None)
    write(tmp_path / ".zattrs", {"b": 2}, indent=None)
    result = run("check", ".zarray", cwd=tmp_path)
    assert lines(result)[0].startswith(".zarray:1:134: /attributes unknown_key: ")


def test_zattrs_that_is_not_an_object_is_located_in_the_zattrs(tmp_path: Path) -> None:
    write(tmp_path / ".zgroup", {"zarr_format": 2})
    write(tmp_path / ".zattrs", [1, 2])
    result = run("check", ".", cwd=tmp_path)
    assert lines(result) == [
        "./.zattrs:1:1: / invalid_type: expected an object, got [1, 2]",
        "2 documents, 1 problem, 0 warnings",
    ]


def test_a_zattrs_without_its_node_is_a_problem(tmp_path: Path) -> None:
    write(tmp_path / "a" / ".zattrs", {"units": "K"})
    result = run("check", "a", cwd=tmp_path)
    assert lines(result) == [
        "a/.zattrs:1:1: / missing_key: expected a .zarray or a .zgroup among the files of a node, found neither",
        "1 document, 1 problem, 0 warnings",
    ]


def test_broken_json_attributes_leave_the_array_checked(tmp_path: Path) -> None:
    write(tmp_path / ".zarray", {**ARRAY, "dtype": "<i3"})
    write(tmp_path / ".zattrs", '{"units": ')
    result = run("check", ".zarray", cwd=tmp_path)
    assert [line.split(": ")[0] for line in lines(result)[:-1]] == [".zarray:9:14", ".zattrs:1:11"]
    assert "invalid_json" in lines(result)[1]


def test_a_broken_json_zarray_is_its_only_problem(tmp_path: Path) -> None:
    write(tmp_path / ".zarray", "{")
    write(tmp_path / ".zattrs", [])
    result = run("check", ".zattrs", cwd=tmp_path)
    assert [line.split(": ")[1].split()[1] for line in lines(result)[:-1]] == ["invalid_json"]


def test_a_directory_with_a_v2_and_a_v3_node_is_a_warning(tmp_path: Path) -> None:
    # Neither spec forbids both in one directory; zarr-python 3 opens the v3 node, zarr-python 2 the v2 one.
    write(tmp_path / ".zgroup", {"zarr_format": 2})
    write(tmp_path / "zarr.json", {"zarr_format": 3, "node_type": "group"})
    result = run("check", ".", cwd=tmp_path)
    assert lines(result) == [
        "./.zgroup:1:1: / warning v2_beside_v3: the directory holds a Zarr v2 node (.zgroup) and a v3 node (zarr.json): "
        "zarr-python opens the v3 node and a v2 reader the v2 one, so the two must say the same (convert --remove-v2 "
        "removes the v2 files)",
        "2 documents, 0 problems, 1 warning",
    ]
    assert result.returncode == 0


def test_a_v3_data_type_in_a_zarray_says_so(tmp_path: Path) -> None:
    write(tmp_path / ".zarray", {**ARRAY, "dtype": "bfloat16"})
    (message,) = lines(run("check", ".zarray", cwd=tmp_path))[:-1]
    assert message.startswith(".zarray:9:14: /dtype invalid_value: ")
    assert "Zarr v3 data type" in message


def test_zmetadata_reports_every_difference_from_the_files(tmp_path: Path) -> None:
    write(tmp_path / ".zgroup", {"zarr_format": 2})
    write(tmp_path / "a" / ".zarray", ARRAY)
    consolidate(tmp_path, {"a/.zarray": {**ARRAY, "shape": [20], "chunks": [4], "order": "F"}})
    found = [line for line in lines(run("check", ".zmetadata", cwd=tmp_path)) if "differs" in line]
    assert [line.split(" invalid_value")[0].split(": ")[1] for line in found] == [
        "/metadata/a~1.zarray/shape/0",
        "/metadata/a~1.zarray/chunks/0",
        "/metadata/a~1.zarray/order",
    ]
    assert found[0].endswith("differs from a/.zarray, which has 10 here")


def test_zmetadata_listing_a_missing_file_is_a_problem_and_an_unlisted_file_a_warning(
    tmp_path: Path,
) -> None:
    write(tmp_path / ".zgroup", {"zarr_format": 2})
    write(tmp_path / "a" / ".zarray", ARRAY)
    consolidate(tmp_path)
    (tmp_path / "a" / ".zarray").unlink()
    write(tmp_path / "b" / ".zgroup", {"zarr_format": 2})
    result = run("check", ".zmetadata", cwd=tmp_path)
    assert sorted(line.split(": ", 1)[1] for line in lines(result)[:-1]) == [
        '/metadata/a~1.zarray invalid_value: lists "a/.zarray", but a/.zarray does not exist',
        "/metadata/b~1.zgroup warning unlisted: does not list b/.zgroup, which is in the store",
    ]
    assert lines(result)[-1] == "1 document, 1 problem, 1 warning"


def test_zmetadata_problems_are_located_at_the_listed_file(tmp_path: Path) -> None:
    write(tmp_path / ".zgroup", {"zarr_format": 2})
    write(tmp_path / "a" / ".zarray", ARRAY)
    write(tmp_path / "a" / ".zattrs", {"units": "K"})
    consolidate(tmp_path, {"a/.zattrs": [1]})
    result = run("check", "--format", "json", ".zmetadata", cwd=tmp_path)
    records = [json.loads(line) for line in lines(result)][:-1]  # the last is the summary
    assert [(record["loc"], record["kind"]) for record in records] == [
        (["metadata", "a/.zattrs"], "invalid_type"),
        (["metadata", "a/.zattrs"], "invalid_value"),
    ]


def test_repair_undoes_a_bare_nan_in_the_node_and_in_its_listing(tmp_path: Path) -> None:
    write(tmp_path / ".zgroup", {"zarr_format": 2})
    write(tmp_path / "a" / ".zarray", {**ARRAY, "dtype": "<f8", "fill_value": float("nan")})
    consolidate(tmp_path, {".zgroup": {"zarr_format": 2, "consolidated_metadata": None}})
    before = (tmp_path / "a" / ".zarray").read_bytes()
    plain = run("check", ".", cwd=tmp_path)
    # zarr-python 3 and 2.18 open this store: each bug is one warning, once, where it is.
    assert [line.split(" warning ")[1].split(":")[0] for line in lines(plain)[:-1]] == [
        "repairable"
    ] * 3
    assert lines(plain)[-1] == "3 documents, 0 problems, 3 warnings"
    assert plain.returncode == 0
    assert (
        lines(run("check", "--strict", ".", cwd=tmp_path))[-1]
        == "3 documents, 3 problems, 0 warnings"
    )
    repaired = run("check", "--repair", ".", cwd=tmp_path)
    assert [line.split(" repair ")[1].split(":")[0] for line in lines(repaired)[:-1]] == [
        "consolidated_metadata_in_zgroup_entry",
        "non_finite_fill_value",
        "non_finite_fill_value",
    ]
    assert lines(repaired)[-1] == "3 documents, 0 problems, 0 warnings, 3 repairs"
    assert repaired.returncode == 0
    assert (tmp_path / "a" / ".zarray").read_bytes() == before  # a repair is reported, not written


STORES = REPO / "tests" / "data" / "stores"


def test_stores_written_by_zarr_python_have_no_problem_in_the_default_scope() -> None:
    result = run("check", "--strict", str(STORES.relative_to(REPO)))
    assert lines(result)[-1].endswith(" 0 problems, 0 warnings"), "\n".join(lines(result)[:20])
    assert result.returncode == 0


def test_stores_written_by_zarr_python_name_what_the_registry_scope_lacks() -> None:
    result = run("check", "--context", "extensions", str(STORES.relative_to(REPO)))
    unknown = {
        match.group(1)
        for line in lines(result)
        if (
            match := re.search(r'unknown_name: nothing in scope claims the [a-z ]+ "([^"]+)"', line)
        )
    }
    assert {
        "vlen-utf8",
        "vlen-bytes",
        "fixed_length_utf32",
        "numcodecs.zlib",
        "null_terminated_bytes",
    } <= unknown
    assert result.returncode == 1
