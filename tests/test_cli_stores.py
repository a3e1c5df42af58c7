"""The checker's stores and targets: `.zip` files read in place, standard input, the tree of a store, and excluded keys."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parent.parent
VALID = REPO / "examples" / "valid"

ARRAY: dict[str, Any] = {
    "zarr_format": 3,
    "node_type": "array",
    "shape": [10],
    "data_type": "uint8",
    "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [5]}},
    "chunk_key_encoding": {"name": "default"},
    "fill_value": 0,
    "codecs": [{"name": "bytes"}],
}
GROUP: dict[str, Any] = {"zarr_format": 3, "node_type": "group"}


def check(
    *args: str, cwd: Path = REPO, stdin: str | None = None
) -> tuple[list[tuple[str, str, str]], int]:
    """The findings of the command as (path, pointer-free kind, message), and its exit status."""
    result = subprocess.run(
        [sys.executable, "-m", "zarr_metadata", "check", "--format", "json", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        input=stdin,
        check=False,
    )
    assert "Traceback" not in result.stderr, result.stderr
    found = [json.loads(line) for line in result.stdout.splitlines()]
    return [
        (item["path"], item["kind"], item["message"]) for item in found if "path" in item
    ], result.returncode


def write_store(root: Path, documents: dict[str, Any]) -> None:
    for key, document in documents.items():
        path = root / key
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(document), encoding="utf-8")


def zip_store(path: Path, documents: dict[str, Any], *, chunks: bool = True) -> Path:
    """A zip file laid out as zarr-python's ZipStore writes one: every key a member at the archive's root, chunks beside metadata."""
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_STORED) as archive:
        for key, document in documents.items():
            archive.writestr(key, json.dumps(document))
            if chunks and document.get("node_type") == "array":
                directory = key.rpartition("/")[0]
                archive.writestr(f"{directory}/c/0" if directory else "c/0", bytes(range(256)))
    return path


# --- .zip stores ---------------------------------------------------------------------------


def test_a_zip_store_is_read_in_place(tmp_path: Path) -> None:
    zip_store(
        tmp_path / "data.zip",
        {"zarr.json": GROUP, "a/zarr.json": ARRAY, "b/zarr.json": {**ARRAY, "fill_value": "0"}},
    )
    found, status = check("data.zip", cwd=tmp_path)
    assert found == [("data.zip/b/zarr.json", "invalid_type", 'expected an integer, got "0"')]
    assert status == 1
    assert sorted(path.name for path in tmp_path.iterdir()) == ["data.zip"]  # nothing extracted


def test_a_valid_zip_store_of_real_metadata_has_no_finding(tmp_path: Path) -> None:
    store = REPO / "tests" / "data" / "stores" / "zarr-python-3" / "v3"
    documents = {
        path.relative_to(store).as_posix(): json.loads(path.read_text())
        for path in store.rglob("zarr.json")
    }
    zip_store(tmp_path / "real.zip", documents)
    assert check("real.zip", cwd=tmp_path) == ([], 0)


def test_a_zip_store_without_a_root_node_is_a_broken_tree(tmp_path: Path) -> None:
    zip_store(tmp_path / "data.zip", {"a/zarr.json": ARRAY})
    found, status = check("data.zip", cwd=tmp_path)
    assert [(path, kind) for path, kind, _ in found] == [
        ("data.zip/a/zarr.json", "invalid_hierarchy")
    ]
    assert "the store's root" in found[0][2]
    assert status == 1


def test_a_file_named_zip_that_is_not_a_zip_archive_is_a_broken_archive(tmp_path: Path) -> None:
    # A zip file cut short has lost the directory at its end: it is an archive that cannot be read, not a document.
    (tmp_path / "fake.zip").write_bytes(b"PK\x03\x04 truncated")
    found, status = check("fake.zip", cwd=tmp_path)
    assert [(path, kind) for path, kind, _ in found] == [("fake.zip", "io_error")]
    assert status == 2


# --- standard input ------------------------------------------------------------------------


def test_a_document_on_standard_input_is_read_as_what_it_holds() -> None:
    assert check("-", stdin=json.dumps(ARRAY)) == ([], 0)
    found, status = check("-", stdin=json.dumps({**ARRAY, "shape": [-1]}))
    assert [(path, kind) for path, kind, _ in found] == [("-", "invalid_value")]
    assert status == 1
    v2 = {
        "zarr_format": 2,
        "shape": [4],
        "chunks": [2],
        "dtype": "<i4",
        "compressor": None,
        "fill_value": "0",
        "order": "C",
        "filters": None,
    }
    found, _ = check("-", stdin=json.dumps(v2))
    assert [(path, kind) for path, kind, _ in found] == [("-", "invalid_type")]


def test_standard_input_that_is_not_json_is_located() -> None:
    found, status = check("-", stdin='{"zarr_format": 3,')
    assert [(path, kind) for path, kind, _ in found] == [("-", "invalid_json")]
    assert status == 1


# --- every target judged -------------------------------------------------------------------


def test_a_target_named_twice_is_read_once() -> None:
    once, _ = check("examples/broken")
    twice, _ = check("examples/broken", "examples/broken/counts/zarr.json", "examples/broken/")
    assert twice == once


def test_a_store_without_metadata_says_so_and_the_others_are_checked(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    write_store(tmp_path / "full", {"zarr.json": GROUP})
    found, status = check("empty", "full", cwd=tmp_path)
    assert found == [("empty", "no_metadata", "no Zarr metadata found in empty")]
    assert status == 1


# --- the tree of a store -------------------------------------------------------------------


def test_a_missing_intermediate_group_is_reported_at_the_node_below_it(tmp_path: Path) -> None:
    write_store(tmp_path / "s.zarr", {"zarr.json": GROUP, "a/b/zarr.json": ARRAY})
    found, _ = check("s.zarr", cwd=tmp_path)
    assert found == [
        (
            "s.zarr/a/b/zarr.json",
            "invalid_hierarchy",
            'the directory "a" above this node holds no group metadata (zarr.json or .zgroup); every node\'s parent is a group',
        )
    ]


def test_a_missing_root_of_a_zarr_directory_is_reported(tmp_path: Path) -> None:
    write_store(tmp_path / "s.zarr", {"a/zarr.json": ARRAY})
    found, _ = check("s.zarr", cwd=tmp_path)
    assert [(path, kind) for path, kind, _ in found] == [
        ("s.zarr/a/zarr.json", "invalid_hierarchy")
    ]


def test_a_folder_of_stores_needs_no_root(tmp_path: Path) -> None:
    write_store(
        tmp_path, {"one/zarr.json": GROUP, "one/x/zarr.json": ARRAY, "two/zarr.json": ARRAY}
    )
    assert check(".", cwd=tmp_path) == ([], 0)


def test_an_array_below_an_array_is_reported(tmp_path: Path) -> None:
    write_store(
        tmp_path / "s.zarr", {"zarr.json": GROUP, "a/zarr.json": ARRAY, "a/b/zarr.json": ARRAY}
    )
    found, _ = check("s.zarr", cwd=tmp_path)
    assert found == [
        (
            "s.zarr/a/b/zarr.json",
            "invalid_hierarchy",
            'its parent "a" is an array; an array has no children',
        )
    ]


def test_a_v2_array_below_a_v2_array_is_reported(tmp_path: Path) -> None:
    zarray = {
        "zarr_format": 2,
        "shape": [4],
        "chunks": [2],
        "dtype": "<i4",
        "compressor": None,
        "fill_value": 0,
        "order": "C",
        "filters": None,
    }
    write_store(
        tmp_path / "s.zarr",
        {".zgroup": {"zarr_format": 2}, "a/.zarray": zarray, "a/b/.zarray": zarray},
    )
    found, _ = check("s.zarr", cwd=tmp_path)
    assert [(path, kind) for path, kind, _ in found] == [
        ("s.zarr/a/b/.zarray", "invalid_hierarchy")
    ]


@pytest.mark.parametrize(("name", "rule"), [("__meta", "reserves"), ("a b", None)])
def test_a_node_name_the_spec_refuses_is_reported(
    tmp_path: Path, name: str, rule: str | None
) -> None:
    write_store(tmp_path / "s.zarr", {"zarr.json": GROUP, f"{name}/zarr.json": ARRAY})
    found, _ = check("s.zarr", cwd=tmp_path)
    if rule is None:
        assert found == []  # a space is a character a name may hold
    else:
        assert [(path, kind) for path, kind, _ in found] == [
            (f"s.zarr/{name}/zarr.json", "invalid_hierarchy")
        ]
        assert rule in found[0][2]


def test_the_examples_have_a_sound_tree() -> None:
    found, _ = check("examples/valid", "examples/valid_v2")
    assert found == []


# --- excluded keys -------------------------------------------------------------------------


def test_excluded_keys_are_not_read(tmp_path: Path) -> None:
    write_store(
        tmp_path / "s.zarr",
        {"zarr.json": GROUP, "a/zarr.json": {**ARRAY, "shape": [-1]}, "b/zarr.json": ARRAY},
    )
    found, _ = check("s.zarr", cwd=tmp_path)
    assert [path for path, _, _ in found] == ["s.zarr/a/zarr.json"]
    excluded = subprocess.run(
        [sys.executable, "-c", _RUN_EXCLUDING, "s.zarr", "a/*"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=True,
    )
    assert excluded.stdout.split() == ["2"]


_RUN_EXCLUDING = """
import sys
from zarr_metadata.cli._check import Options
from zarr_metadata.cli._run import run
from zarr_metadata.v3 import KNOWN
found = []
outcome = run([sys.argv[1]], Options(KNOWN, exclude=(sys.argv[2],)), found.append)
assert found == [], found
print(outcome.documents)
"""


# --- the JSON text itself ------------------------------------------------------------------


def test_a_key_written_twice_is_a_problem_at_the_later_copy(tmp_path: Path) -> None:
    text = '{\n  "zarr_format": 3,\n  "node_type": "group",\n  "attributes": {"units": "K", "units": "C"}\n}\n'
    (tmp_path / "zarr.json").write_text(text, encoding="utf-8")
    found, status = check("zarr.json", cwd=tmp_path)
    assert found == [
        (
            "zarr.json",
            "duplicate_key",
            'the key "units" is written twice in this object (first at line 4, column 18); '
            "most parsers keep the last value silently, so readers may disagree",
        )
    ]
    assert status == 1


def test_a_trailing_comma_is_reported_at_the_comma_in_the_tools_words(tmp_path: Path) -> None:
    (tmp_path / "zarr.json").write_text(
        '{"zarr_format": 3, "node_type": "group",}', encoding="utf-8"
    )
    result = subprocess.run(
        [sys.executable, "-m", "zarr_metadata", "check", "zarr.json"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    )
    assert result.stdout.splitlines()[0] == (
        "zarr.json:1:40: / invalid_json: a comma after the last member of an object is not allowed in JSON; remove it"
    )


# --- links ---------------------------------------------------------------------------------


def test_a_linked_directory_is_followed_as_zarr_python_follows_it(tmp_path: Path) -> None:
    # zarr-python's LocalStore lists the link among the group's members and opens the
    # array behind it, which fails on its fill value ("Invalid type: x. Expected an integer").
    write_store(
        tmp_path / "s.zarr",
        {"zarr.json": GROUP, "g/zarr.json": GROUP, "g/a/zarr.json": {**ARRAY, "fill_value": "x"}},
    )
    (tmp_path / "s.zarr" / "linked").symlink_to(
        tmp_path / "s.zarr" / "g" / "a", target_is_directory=True
    )
    found, status = check("s.zarr", cwd=tmp_path)
    assert found == [
        ("s.zarr/g/a/zarr.json", "invalid_type", 'expected an integer, got "x"'),
        ("s.zarr/linked/zarr.json", "invalid_type", 'expected an integer, got "x"'),
    ]
    assert status == 1


def test_a_linked_directory_that_leaves_the_store_is_not_read_unless_asked(tmp_path: Path) -> None:
    # What lies outside the store is someone else's: the link is said, not walked.
    write_store(tmp_path / "elsewhere", {"zarr.json": {**ARRAY, "fill_value": "x"}})
    write_store(tmp_path / "s.zarr", {"zarr.json": GROUP})
    (tmp_path / "s.zarr" / "linked").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    found, status = check("s.zarr", cwd=tmp_path)
    assert [(path, kind) for path, kind, _ in found] == [("s.zarr/linked", "io_error")]
    assert "outside the store (--follow-external-links follows it)" in found[0][2]
    assert status == 1
    followed, _ = check("--follow-external-links", "s.zarr", cwd=tmp_path)
    assert followed == [("s.zarr/linked/zarr.json", "invalid_type", 'expected an integer, got "x"')]


def test_a_link_back_up_the_tree_is_not_followed_around_the_loop(tmp_path: Path) -> None:
    write_store(
        tmp_path / "s.zarr",
        {"zarr.json": GROUP, "g/zarr.json": GROUP, "g/a/zarr.json": {**ARRAY, "fill_value": "x"}},
    )
    (tmp_path / "s.zarr" / "g" / "back").symlink_to(
        "..", target_is_directory=True
    )  # to the store's root
    (tmp_path / "s.zarr" / "g" / "a" / "here").symlink_to(
        ".", target_is_directory=True
    )  # to itself
    (tmp_path / "s.zarr" / "other").symlink_to(
        "g", target_is_directory=True
    )  # a second name for g, not a loop
    found, _ = check("s.zarr", cwd=tmp_path)
    assert [path for path, _, _ in found] == ["s.zarr/g/a/zarr.json", "s.zarr/other/a/zarr.json"]


def test_a_broken_link_named_zarr_json_is_an_io_error(tmp_path: Path) -> None:
    write_store(tmp_path / "s.zarr", {"zarr.json": GROUP})
    (tmp_path / "s.zarr" / "a").mkdir()
    (tmp_path / "s.zarr" / "a" / "zarr.json").symlink_to(tmp_path / "gone")
    (tmp_path / "s.zarr" / "b").symlink_to(tmp_path / "gone-too", target_is_directory=True)
    found, _ = check("s.zarr", cwd=tmp_path)
    assert [(path, kind) for path, kind, _ in found] == [("s.zarr/a/zarr.json", "io_error")]


def _consolidated_store(root: Path) -> None:
    """A group `sub` holding an array, an array `temperature`, and the root's consolidated metadata listing all three, as zarr-python writes it."""
    documents: dict[str, Any] = {
        "sub/zarr.json": GROUP,
        "sub/temperature/zarr.json": ARRAY,
        "temperature/zarr.json": ARRAY,
    }
    listing = {key.rpartition("/")[0]: document for key, document in documents.items()}
    consolidated = {"kind": "inline", "must_understand": False, "metadata": listing}
    write_store(root, {"zarr.json": {**GROUP, "consolidated_metadata": consolidated}, **documents})


@pytest.mark.parametrize(
    ("pattern", "broken"),
    [
        ("s.zarr/sub/zarr.json", ["sub/zarr.json"]),
        ("temperature/zarr.json", ["temperature/zarr.json"]),
        ("sub/*", ["sub/zarr.json", "sub/temperature/zarr.json"]),
    ],
)
def test_an_excluded_document_is_there_unchecked_for_the_tree_and_the_consolidated_listing(
    tmp_path: Path, pattern: str, broken: list[str]
) -> None:
    _consolidated_store(tmp_path / "s.zarr")
    assert check("s.zarr", cwd=tmp_path) == ([], 0)
    for key in broken:
        (tmp_path / "s.zarr" / key).write_text("not JSON", encoding="utf-8")
    # An excluded file is not read: neither a broken one, nor its difference from its listed copy.
    found, status = check("s.zarr", "--exclude", pattern, cwd=tmp_path)
    assert (found, status) == ([], 0)


def test_an_excluded_group_is_still_the_parent_of_the_nodes_below_it(tmp_path: Path) -> None:
    _consolidated_store(tmp_path / "s.zarr")
    (tmp_path / "s.zarr" / "sub" / "temperature" / "zarr.json").write_text(
        json.dumps({**ARRAY, "fill_value": "x"}), encoding="utf-8"
    )
    found, _ = check("s.zarr", "--exclude", "s.zarr/sub/zarr.json", cwd=tmp_path)
    assert [(path, kind) for path, kind, _ in found] == [
        (
            "s.zarr/zarr.json",
            "invalid_value",
        ),  # the listed copy of sub/temperature differs from its file
        ("s.zarr/sub/temperature/zarr.json", "invalid_type"),
    ]


def test_an_excluded_v2_array_file_leaves_out_its_node_and_the_listing_does_not_miss_it(
    tmp_path: Path,
) -> None:
    zarray = {
        "zarr_format": 2,
        "shape": [4],
        "chunks": [2],
        "dtype": "<i4",
        "compressor": None,
        "fill_value": 0,
        "order": "C",
        "filters": None,
    }
    files: dict[str, Any] = {
        ".zgroup": {"zarr_format": 2},
        "a/.zarray": zarray,
        "a/.zattrs": {"units": "K"},
    }
    write_store(
        tmp_path / "s.zarr",
        {**files, ".zmetadata": {"zarr_consolidated_format": 1, "metadata": files}},
    )
    assert check("s.zarr", cwd=tmp_path) == ([], 0)
    (tmp_path / "s.zarr" / "a" / ".zarray").write_text("not JSON", encoding="utf-8")
    assert check("s.zarr", "--exclude", "*/.zarray", cwd=tmp_path) == ([], 0)


def test_a_store_whose_every_document_is_excluded_is_not_said_to_hold_no_metadata(
    tmp_path: Path,
) -> None:
    _consolidated_store(tmp_path / "s.zarr")
    assert check("s.zarr", "--exclude", "*zarr.json", cwd=tmp_path) == ([], 0)
