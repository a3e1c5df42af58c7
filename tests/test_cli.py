"""The `zarr-metadata` command, run as users run it: as a process, on the examples and on stores built here."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import cast

import pytest

from zarr_metadata.cli._main import main

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "examples"

BROKEN_REPORT = [
    'examples/broken/counts/zarr.json:11:17: /fill_value invalid_type: expected an integer, got "0"',
    "examples/broken/counts/zarr.json:13:5: /codecs/0/configuration/endian missing_key: expected an endian for the data type 'int32', whose values take several bytes each, got none",
    "examples/broken/empty/zarr.json:8:39: /chunk_grid/configuration/chunk_shape/0 warning repairable: a chunk length of 0 along a dimension of length 0 (zarr-python 3.0 and 3.1 write it, and read it); --repair --write writes the repair zero_chunk_length, which makes it 1",
    "examples/broken/labels/zarr.json:14:5: /codecs/1 invalid_value: 'bytes' is an array -> bytes codec, so it comes before the bytes -> bytes codec 'gzip'",
    "examples/broken/temperature/zarr.json:14:49: /codecs/1/configuration/level invalid_value: expected an integer in [0, 9], got 12",
]

# The most common v2 mistakes: a .zmetadata that zarr-python 3 wrote into and
# that went stale when an array was resized, empty filters, a v3 data type name,
# an object data type without an object codec, and a bare NaN fill value.
BROKEN_V2_REPORT = [
    "examples/broken_v2/.zmetadata:4:13: /metadata/.zgroup/consolidated_metadata warning repairable: a .zgroup has no member consolidated_metadata (zarr-python 3 and xarray write it here, and readers ignore it); --repair --write writes the repair consolidated_metadata_in_zgroup_entry, which removes it",
    "examples/broken_v2/.zmetadata:18:24: /metadata/counts~1.zarray/filters invalid_value: expected null for an array without filters, got an empty array",
    'examples/broken_v2/.zmetadata:36:22: /metadata/embeddings~1.zarray/dtype invalid_value: expected a NumPy type string such as "<f8", got "bfloat16", the name of a Zarr v3 data type, which a v2 document cannot hold',
    "examples/broken_v2/.zmetadata:58:24: /metadata/labels~1.zarray/filters invalid_value: expected a codec that encodes objects (such as vlen-utf8) among the filters of an object (O) data type, got none",
    'examples/broken_v2/.zmetadata:77:27: /metadata/pressure~1.zarray/fill_value warning repairable: a bare NaN is not JSON: write the string "NaN" (zarr-python reads the bare number, strict JSON parsers refuse the file); --repair --write writes the repair non_finite_fill_value',
    "examples/broken_v2/.zmetadata:106:17: /metadata/temperature~1.zarray/shape/0 invalid_value: differs from temperature/.zarray, which has 730 here",
    "examples/broken_v2/counts/.zarray:12:16: /filters invalid_value: expected null for an array without filters, got an empty array",
    'examples/broken_v2/embeddings/.zarray:12:14: /dtype invalid_value: expected a NumPy type string such as "<f8", got "bfloat16", the name of a Zarr v3 data type, which a v2 document cannot hold',
    "examples/broken_v2/labels/.zarray:12:16: /filters invalid_value: expected a codec that encodes objects (such as vlen-utf8) among the filters of an object (O) data type, got none",
    'examples/broken_v2/pressure/.zarray:13:19: /fill_value warning repairable: a bare NaN is not JSON: write the string "NaN" (zarr-python reads the bare number, strict JSON parsers refuse the file); --repair --write writes the repair non_finite_fill_value',
]

ARRAY = {
    "zarr_format": 3,
    "node_type": "array",
    "shape": [10],
    "data_type": "uint8",
    "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [5]}},
    "chunk_key_encoding": {"name": "default"},
    "fill_value": 0,
    "codecs": [{"name": "bytes"}],
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


def write(path: Path, text: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def assert_usage_failure(result: subprocess.CompletedProcess[str]) -> str:
    """The process exited 2 with one line on stderr, nothing on stdout, and no traceback; returns the line."""
    assert result.returncode == 2
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    assert len(result.stderr.splitlines()) == 1
    return result.stderr.strip()


# The examples


def test_the_examples_report_the_broken_store_and_exit_1() -> None:
    result = run("check", "examples/")
    assert lines(result) == [
        *BROKEN_REPORT,
        *BROKEN_V2_REPORT,
        "23 documents, 11 problems, 4 warnings",
    ]
    assert result.returncode == 1
    assert result.stderr == ""


def test_the_valid_example_is_valid() -> None:
    result = run("check", "examples/valid")
    assert lines(result) == ["3 documents, 0 problems, 0 warnings"]
    assert result.returncode == 0


def test_a_file_is_checked_alone() -> None:
    result = run("check", "examples/broken/temperature/zarr.json")
    assert lines(result) == [BROKEN_REPORT[-1], "1 document, 1 problem, 0 warnings"]
    assert result.returncode == 1


def test_a_codec_the_scope_does_not_claim_is_an_unknown_name_in_the_file_and_in_the_consolidated_metadata() -> (
    None
):
    # zstd is no core codec: a reader of the core spec alone cannot open these arrays.
    result = run("check", "--context", "core", "examples/valid")
    assert lines(result) == [
        "examples/valid/zarr.json:30:17: /consolidated_metadata/metadata/images/codecs/0/configuration/codecs/1 "
        'unknown_name: nothing in scope claims the codec "zstd", so no reader limited to this scope can open the node; '
        "the known scope claims it (--context known)",
        "examples/valid/images/zarr.json:22:11: /codecs/0/configuration/codecs/1 "
        'unknown_name: nothing in scope claims the codec "zstd", so no reader limited to this scope can open the node; '
        "the known scope claims it (--context known)",
        "3 documents, 2 problems, 0 warnings",
    ]
    assert result.returncode == 1


def test_allow_accepts_a_private_name_without_checking_it() -> None:
    result = run("check", "--context", "core", "--allow", "zstd", "examples/valid")
    assert lines(result) == ["3 documents, 0 problems, 0 warnings"]
    assert result.returncode == 0


def test_a_misspelled_name_is_an_unknown_name_with_the_closest_claimed_name(tmp_path: Path) -> None:
    write(
        tmp_path / "zarr.json",
        json.dumps(
            {
                **ARRAY,
                "codecs": [{"name": "bytes"}, {"name": "zstdd", "configuration": {"level": 1}}],
            }
        ),
    )
    result = run("check", "zarr.json", cwd=tmp_path)
    (finding, summary) = lines(result)
    assert finding.endswith(
        'unknown_name: nothing in scope claims the codec "zstdd", so no reader can open the node; did you mean "zstd"?'
    )
    assert summary == "1 document, 1 problem, 0 warnings"


def test_strict_makes_the_warnings_errors(tmp_path: Path) -> None:
    shutil.copytree(EXAMPLES / "valid", tmp_path / "valid")
    write(tmp_path / "valid" / "extra" / "zarr.json", json.dumps(ARRAY))
    assert lines(run("check", "valid", cwd=tmp_path))[-1] == "4 documents, 0 problems, 1 warning"
    result = run("check", "--strict", "valid", cwd=tmp_path)
    assert lines(result)[-1] == "4 documents, 1 problem, 0 warnings"
    assert "unlisted:" in lines(result)[0]
    assert result.returncode == 1


def test_strict_changes_nothing_when_there_is_no_warning() -> None:
    result = run("check", "--strict", "examples/valid")
    assert lines(result) == ["3 documents, 0 problems, 0 warnings"]
    assert result.returncode == 0


def test_repair_reports_the_zero_chunk_length_instead_of_the_problem() -> None:
    empty = "examples/broken/empty"
    # zarr-python reads the 0 it wrote, so unrepaired it is a warning, an error under --strict.
    assert run("check", empty).returncode == 0
    assert run("check", "--strict", empty).returncode == 1
    result = run("check", "--repair", empty)
    assert lines(result) == [
        "examples/broken/empty/zarr.json:8:39: /chunk_grid/configuration/chunk_shape/0 repair zero_chunk_length: "
        "changed the chunk length along dimension 0, whose length is 0, from 0 to 1",
        "1 document, 0 problems, 0 warnings, 1 repair",
    ]
    assert result.returncode == 0


def test_repair_writes_nothing(tmp_path: Path) -> None:
    shutil.copytree(EXAMPLES / "broken" / "empty", tmp_path / "empty")
    before = (tmp_path / "empty" / "zarr.json").read_bytes()
    assert run("check", "--repair", "empty", cwd=tmp_path).returncode == 0
    assert (tmp_path / "empty" / "zarr.json").read_bytes() == before


def test_repair_leaves_other_problems_standing() -> None:
    result = run("check", "--repair", "examples/broken")
    assert lines(result)[-1] == "5 documents, 4 problems, 0 warnings, 1 repair"
    assert result.returncode == 1


# --format json


def test_json_format_gives_one_object_per_finding_and_agrees_with_the_text() -> None:
    text = run("check", "--context", "core", "--repair", "examples/")
    result = run("check", "--context", "core", "--repair", "--format", "json", "examples/")
    assert result.returncode == text.returncode == 1
    *records, summary = [json.loads(line) for line in lines(result)]
    assert all(
        list(record) == ["path", "line", "column", "loc", "kind", "message", "severity"]
        for record in records
    )
    assert {record["severity"] for record in records} == {"error", "repair"}
    # Each line but the last is a finding, and together they are the text report's lines.
    assert [_as_text(record) for record in records] == lines(text)[:-1]
    assert lines(text)[-1] == "23 documents, 13 problems, 0 warnings, 4 repairs"
    assert summary == {"summary": {"documents": 23, "problems": 13, "warnings": 0, "repairs": 4}}


def _as_text(record: dict[str, object]) -> str:
    loc = record["loc"]
    assert isinstance(loc, list)
    steps = [str(step).replace("~", "~0").replace("/", "~1") for step in cast("list[object]", loc)]
    pointer = "".join(f"/{step}" for step in steps) or "/"
    label = (
        record["kind"]
        if record["severity"] == "error"
        else f"{record['severity']} {record['kind']}"
    )
    return f"{record['path']}:{record['line']}:{record['column']}: {pointer} {label}: {record['message']}"


def test_json_format_prints_only_the_summary_for_a_valid_store() -> None:
    result = run("check", "--format", "json", "examples/valid")
    assert [json.loads(line) for line in lines(result)] == [
        {"summary": {"documents": 3, "problems": 0, "warnings": 0, "repairs": 0}}
    ]
    assert result.returncode == 0


# Files that are not UTF-8 JSON


def test_invalid_json_is_a_problem_at_its_line_and_column(tmp_path: Path) -> None:
    write(tmp_path / "bad" / "zarr.json", '{\n  "zarr_format": 3,\n  "node_type": \n}\n')
    result = run("check", "bad", cwd=tmp_path)
    assert lines(result) == [
        "bad/zarr.json:4:1: / invalid_json: expected the value of the key \"node_type\", found '}'",
        "1 document, 1 problem, 0 warnings",
    ]
    assert result.returncode == 1


def test_an_empty_file_is_invalid_json(tmp_path: Path) -> None:
    write(tmp_path / "zarr.json", "")
    result = run("check", "zarr.json", cwd=tmp_path)
    assert lines(result)[0] == "zarr.json:1:1: / invalid_json: the file is empty"
    assert result.returncode == 1


def test_a_file_that_is_not_utf8_is_invalid_json_at_its_first_bad_byte(tmp_path: Path) -> None:
    # The column counts code points, as JSON positions do: "é" before the bad byte is one.
    write(tmp_path / "zarr.json", '{\n  "zarr_format": 3,\n  "é": "a'.encode() + b'\xffb"\n}\n')
    result = run("check", "zarr.json", cwd=tmp_path)
    assert lines(result) == [
        "zarr.json:3:10: / invalid_json: expected UTF-8 text, found the byte 0xff",
        "1 document, 1 problem, 0 warnings",
    ]
    assert result.returncode == 1
    assert "Traceback" not in result.stderr


def test_a_document_that_is_not_an_object_is_a_problem(tmp_path: Path) -> None:
    write(tmp_path / "zarr.json", "[1, 2]\n")
    result = run("check", "zarr.json", cwd=tmp_path)
    assert lines(result)[0].startswith("zarr.json:1:1: / invalid_type: ")
    assert result.returncode == 1


# Where problems are located


def test_an_unknown_key_is_located_at_the_key_and_its_pointer_is_escaped(tmp_path: Path) -> None:
    document = {
        **ARRAY,
        "codecs": [{"name": "bytes"}, {"name": "gzip", "configuration": {"level": 1, "a/b~c": 1}}],
    }
    write(tmp_path / "zarr.json", json.dumps(document, indent=2))
    result = run("check", "zarr.json", cwd=tmp_path)
    (line, summary) = lines(result)
    assert line.startswith("zarr.json:28:9: /codecs/1/configuration/a~1b~0c unknown_key: ")
    assert (tmp_path / "zarr.json").read_text().splitlines()[27][8:15] == '"a/b~c"'
    assert summary == "1 document, 1 problem, 0 warnings"


def test_an_unknown_member_is_an_error_at_its_key_unless_it_may_be_ignored(tmp_path: Path) -> None:
    write(
        tmp_path / "zarr.json",
        '{\n  "zarr_format": 3,\n  "node_type": "group",\n'
        '  "spatial": {"must_understand": false},\n  "custom": {"x": 1}\n}\n',
    )
    result = run("check", "zarr.json", cwd=tmp_path)
    assert lines(result) == [
        'zarr.json:5:3: /custom unknown_name: unknown member "custom", which nothing in scope claims '
        'and which does not say "must_understand": false',
        "1 document, 1 problem, 0 warnings",
    ]
    assert result.returncode == 1


def test_a_misspelled_member_of_the_spec_names_the_member(tmp_path: Path) -> None:
    write(tmp_path / "zarr.json", json.dumps({**ARRAY, "dimension_name": ["x"]}))
    (finding, _) = lines(run("check", "zarr.json", cwd=tmp_path))
    assert finding.endswith('did you mean "dimension_names"?')


# Consolidated metadata against the files on disk


@pytest.fixture
def store(tmp_path: Path) -> Path:
    """A copy of the valid example, to break."""
    shutil.copytree(EXAMPLES / "valid", tmp_path / "valid")
    return tmp_path


def test_a_file_that_differs_from_its_consolidated_entry_is_reported_where_it_differs(
    store: Path,
) -> None:
    file = store / "valid" / "temperature" / "zarr.json"
    file.write_text(file.read_text().replace('"level": 5', '"level": 6'))
    result = run("check", "valid", cwd=store)
    assert lines(result) == [
        "valid/zarr.json:59:55: /consolidated_metadata/metadata/temperature/codecs/1/configuration/level "
        "invalid_value: differs from temperature/zarr.json, which has 6 here",
        "3 documents, 1 problem, 0 warnings",
    ]
    assert result.returncode == 1


def test_a_member_only_the_file_has_is_reported_at_the_entry(store: Path) -> None:
    file = store / "valid" / "images" / "zarr.json"
    file.write_text(file.read_text().replace('"attributes": {}', '"attributes": {"a": 1}'))
    result = run("check", "valid/zarr.json", cwd=store)
    assert lines(result) == [
        "valid/zarr.json:40:23: /consolidated_metadata/metadata/images/attributes/a "
        "invalid_value: differs from images/zarr.json, which has this member, set to 1",
        "1 document, 1 problem, 0 warnings",
    ]


def test_a_listed_node_without_a_file_is_a_problem(store: Path) -> None:
    shutil.rmtree(store / "valid" / "images")
    result = run("check", "valid", cwd=store)
    assert lines(result) == [
        "valid/zarr.json:9:17: /consolidated_metadata/metadata/images invalid_value: "
        'lists the node "images", but images/zarr.json does not exist',
        "2 documents, 1 problem, 0 warnings",
    ]
    assert result.returncode == 1


def test_a_node_the_consolidated_metadata_does_not_list_is_a_warning(store: Path) -> None:
    write(store / "valid" / "extra" / "zarr.json", json.dumps(ARRAY))
    result = run("check", "valid", cwd=store)
    assert lines(result) == [
        "valid/zarr.json:8:17: /consolidated_metadata/metadata/extra warning unlisted: "
        'does not list the node "extra", whose extra/zarr.json is in the store',
        "4 documents, 0 problems, 1 warning",
    ]
    assert result.returncode == 0
    assert run("check", "--strict", "valid", cwd=store).returncode == 1


def test_the_repairs_apply_to_both_sides_of_the_comparison(tmp_path: Path) -> None:
    # zarr-python 3.0 wrote a bare NaN fill value into consolidated metadata, and "NaN" into the file.
    little = [{"name": "bytes", "configuration": {"endian": "little"}}]
    on_disk = {**ARRAY, "data_type": "float32", "fill_value": "NaN", "codecs": little}
    listed = {**on_disk, "fill_value": float("nan")}
    consolidated = {"kind": "inline", "must_understand": False, "metadata": {"a": listed}}
    write(
        tmp_path / "zarr.json",
        json.dumps(
            {"zarr_format": 3, "node_type": "group", "consolidated_metadata": consolidated},
            indent=2,
        ),
    )
    write(tmp_path / "a" / "zarr.json", json.dumps(on_disk, indent=2))
    assert (tmp_path / "zarr.json").read_text().splitlines()[25] == '        "fill_value": NaN,'
    plain = run("check", ".", cwd=tmp_path)
    # One warning for the one cause: the listing, once repaired, agrees with the file.
    assert lines(plain) == [
        "./zarr.json:26:23: /consolidated_metadata/metadata/a/fill_value warning repairable: "
        'a bare NaN is not JSON: write the string "NaN" (zarr-python reads the bare number, strict JSON parsers refuse the file); '
        "--repair --write writes the repair non_finite_fill_value",
        "2 documents, 0 problems, 1 warning",
    ]
    repaired = run("check", "--repair", ".", cwd=tmp_path)
    assert lines(repaired) == [
        "./zarr.json:26:23: /consolidated_metadata/metadata/a/fill_value repair non_finite_fill_value: "
        'changed the fill value from the bare number NaN to the string "NaN"',
        "2 documents, 0 problems, 0 warnings, 1 repair",
    ]
    assert repaired.returncode == 0


# Unreadable paths and usage errors


def test_a_path_that_does_not_exist_is_a_finding_and_the_other_targets_are_checked() -> None:
    result = run("check", "examples/valid", "no/such/store")
    assert lines(result) == [
        "no/such/store:1:1: / io_error: cannot read no/such/store: No such file or directory",
        "3 documents, 1 problem, 0 warnings",
    ]
    assert result.returncode == 1
    assert result.stderr == ""


def test_exit_2_when_no_target_can_be_opened_at_all() -> None:
    result = run("check", "no/such/store", "nor/this")
    assert lines(result) == [
        "no/such/store:1:1: / io_error: cannot read no/such/store: No such file or directory",
        "nor/this:1:1: / io_error: cannot read nor/this: No such file or directory",
        "0 documents, 2 problems, 0 warnings",
    ]
    assert result.returncode == 2


def test_an_unreadable_file_in_a_store_is_named_and_the_rest_is_checked(tmp_path: Path) -> None:
    write(tmp_path / "s" / "a" / "zarr.json", json.dumps(ARRAY))
    (tmp_path / "s" / "b").mkdir()
    (tmp_path / "s" / "b" / "zarr.json").symlink_to(tmp_path / "s" / "nowhere")
    result = run("check", "s", cwd=tmp_path)
    assert lines(result) == [
        "s/b/zarr.json:1:1: / io_error: cannot read s/b/zarr.json: No such file or directory",
        "2 documents, 1 problem, 0 warnings",
    ]
    assert result.returncode == 1


@pytest.mark.skipif(
    os.name != "posix" or os.geteuid() == 0,
    reason="permissions do not stop root, or apply off POSIX",
)
def test_a_file_without_read_permission_is_an_io_error(tmp_path: Path) -> None:
    file = write(tmp_path / "zarr.json", json.dumps(ARRAY))
    file.chmod(0)
    result = run("check", "zarr.json", cwd=tmp_path)
    assert lines(result) == [
        "zarr.json:1:1: / io_error: cannot read zarr.json: Permission denied",
        "1 document, 1 problem, 0 warnings",
    ]
    assert result.returncode == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            (),
            "zarr-metadata: the following arguments are required: COMMAND (see zarr-metadata --help)",
        ),
        (
            ("check",),
            "zarr-metadata: the following arguments are required: TARGET (see zarr-metadata --help)",
        ),
        (
            ("lint", "x"),
            "zarr-metadata: argument COMMAND: invalid choice: 'lint' (choose from 'check', 'schema', 'convert') (see zarr-metadata --help)",
        ),
        (
            ("check", "--context", "all", "examples"),
            "zarr-metadata: argument --context: invalid choice: 'all' "
            "(choose from 'core', 'extensions', 'known') (see zarr-metadata --help)",
        ),
        (
            ("check", "--fast", "examples"),
            "zarr-metadata: unrecognized arguments: --fast (see zarr-metadata --help)",
        ),
    ],
)
def test_usage_errors_exit_2_with_one_line(args: tuple[str, ...], message: str) -> None:
    assert assert_usage_failure(run(*args)) == message


def test_help_and_version_exit_0() -> None:
    assert run("check", "--help").returncode == 0
    version = run("--version")
    assert version.returncode == 0
    assert version.stdout.startswith("zarr-metadata ")


def test_a_directory_without_metadata_says_so(tmp_path: Path) -> None:
    write(tmp_path / "notes.txt", "not metadata")
    result = run("check", ".", cwd=tmp_path)
    assert lines(result) == [
        ".:1:1: / no_metadata: no Zarr metadata found in .",
        "0 documents, 1 problem, 0 warnings",
    ]
    assert result.returncode == 1


# The entry point and the library's independence of it


def test_main_returns_the_exit_status(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(EXAMPLES / "valid")]) == 0
    assert main(["check", str(EXAMPLES / "broken")]) == 1
    assert main(["check", str(EXAMPLES / "nothing-here")]) == 2
    assert main([]) == 2
    capsys.readouterr()


def test_the_library_does_not_import_the_command() -> None:
    probe = (
        "import sys, zarr_metadata, zarr_metadata.model, zarr_metadata.v3.definition, zarr_metadata.json_schema\n"
        "print(sorted(name for name in sys.modules if name.startswith('zarr_metadata.cli')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"


def test_the_guide_shows_what_the_examples_report() -> None:
    guide = (REPO / "docs" / "guides" / "command-line.md").read_text(encoding="utf-8")
    shown = guide.split("$ zarr-metadata check examples\n", 1)[1].split("$ ", 1)[0]
    result = run("check", "examples")
    assert shown == result.stdout


# Modules a check of a one-document directory store must not import: each is for
# a kind of run (a zip store, many documents, a remote store, a config file, a
# plugin) or a subcommand this run is not.
NOT_FOR_ONE_DOCUMENT = (
    "zipfile",
    "multiprocessing",
    "concurrent.futures",
    "importlib.metadata",
    "tomllib",
    "zarr_metadata.json_schema",
    "zarr_metadata.convert",
    "zarr_metadata.cli._sarif",
    "zarr_metadata.cli._catalog_command",
    "csv",
    "difflib",
    "pathlib",
    # The v2 readers, the conventions, and every definition: the one document is a
    # v3 group, which names none.
    "zarr_metadata.cli._check_v2",
    "zarr_metadata.model._array_v2",
    "zarr_metadata.model._group_v2",
    "zarr_metadata.v2.codec",
    "zarr_metadata.v2.data_type",
    "zarr_metadata.conventions",
    "zarr_metadata.v3.codec.zstd",
    "zarr_metadata.v3.codec.numcodecs",
    "zarr_metadata.v3.data_type.float64",
    "zarr_metadata.v3.data_type._extension_floats",
)


def test_a_check_of_one_document_imports_only_what_it_uses(tmp_path: Path) -> None:
    store = tmp_path / "store"
    store.mkdir()
    (store / "zarr.json").write_text('{"zarr_format": 3, "node_type": "group"}', encoding="utf-8")
    # What the interpreter imported as it started (a site-packages .pth may import zipfile) is not the run's.
    program = (
        "import sys\n"
        "started = set(sys.modules)\n"
        "from zarr_metadata.cli._main import main\n"
        f"status = main(['check', '--quiet', {str(store)!r}])\n"
        f"print(status, [name for name in {NOT_FOR_ONE_DOCUMENT!r} if name in sys.modules and name not in started])\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, cwd=tmp_path, check=False
    )
    assert result.stdout.strip() == "0 []", result.stdout + result.stderr
