"""How `zarr-metadata check` reports: text, JSON, GitHub workflow commands and SARIF, the statistics, the progress line and the exit status."""

from __future__ import annotations

import io
import json
import os
import re
import select
import shlex
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

from zarr_metadata.cli import _library, _progress
from zarr_metadata.cli._check import Options
from zarr_metadata.cli._findings import Finding, Severity
from zarr_metadata.cli._github import workflow_command
from zarr_metadata.cli._main import main
from zarr_metadata.cli._report import text_line
from zarr_metadata.cli._sarif import sarif_log
from zarr_metadata.cli._statistics import Statistics, pointer_pattern

REPO = Path(__file__).resolve().parent.parent
SARIF_SCHEMA = json.loads(
    (REPO / "tests" / "data" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8")
)

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


def json_records(*args: str, cwd: Path = REPO) -> list[dict[str, Any]]:
    return [json.loads(line) for line in lines(run("check", "--format", "json", *args, cwd=cwd))]


@pytest.fixture
def unlisted(tmp_path: Path) -> Path:
    """A v3 store whose consolidated metadata lists one array and leaves out another."""
    group = {
        "zarr_format": 3,
        "node_type": "group",
        "consolidated_metadata": {
            "kind": "inline",
            "must_understand": False,
            "metadata": {"a": ARRAY},
        },
    }
    for key, document in {"zarr.json": group, "a/zarr.json": ARRAY, "b/zarr.json": ARRAY}.items():
        (tmp_path / key).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / key).write_text(json.dumps(document, indent=2), encoding="utf-8")
    return tmp_path


# Text: the kind slot holds the kind, and a severity other than error goes before it


def finding(
    severity: Severity,
    kind: str = "unlisted",
    path: str = "s/zarr.json",
    loc: tuple[str | int, ...] = ("a", 0),
) -> Finding:
    return Finding(
        path=path, line=3, column=7, loc=loc, kind=kind, message="the message", severity=severity
    )


def test_a_text_line_names_the_kind_and_the_severity_before_it_unless_it_is_an_error() -> None:
    assert (
        text_line(finding("error", "invalid_value"))
        == "s/zarr.json:3:7: /a/0 invalid_value: the message"
    )
    assert text_line(finding("warning")) == "s/zarr.json:3:7: /a/0 warning unlisted: the message"
    assert (
        text_line(finding("repair", "zero_chunk_length"))
        == "s/zarr.json:3:7: /a/0 repair zero_chunk_length: the message"
    )


def test_a_node_consolidated_metadata_leaves_out_is_a_warning_of_kind_unlisted_and_under_strict_an_error(
    unlisted: Path,
) -> None:
    plain = run("check", ".", cwd=unlisted)
    assert lines(plain) == [
        './zarr.json:7:17: /consolidated_metadata/metadata/b warning unlisted: does not list the node "b", whose b/zarr.json is in the store',
        "3 documents, 0 problems, 1 warning",
    ]
    strict = run("check", "--strict", ".", cwd=unlisted)
    assert lines(strict)[0] == plain.stdout.splitlines()[0].replace(
        " warning unlisted: ", " unlisted: "
    )
    assert strict.returncode == 1


# JSON: a finding per line, then the statistics and the summary


def test_json_ends_with_a_summary_that_counts_the_findings_above_it() -> None:
    *findings, summary = json_records("--repair", "examples")
    severities = [record["severity"] for record in findings]
    assert summary == {
        "summary": {
            "documents": 23,
            "problems": severities.count("error"),
            "warnings": severities.count("warning"),
            "repairs": severities.count("repair"),
        }
    }
    assert severities.count("repair") == 4


def test_json_statistics_come_before_the_summary_and_quiet_leaves_out_the_summary() -> None:
    records = json_records("--statistics", "--quiet", "examples/broken/temperature")
    assert records[1:] == [
        {
            "statistics": {
                "kinds": [{"kind": "invalid_value", "count": 1}],
                "pointers": [{"pointer": "/codecs/*/configuration/level", "count": 1}],
            }
        }
    ]
    assert json_records("--statistics", "examples/broken/temperature")[-1] == {
        "summary": {"documents": 1, "problems": 1, "warnings": 0, "repairs": 0}
    }


# GitHub workflow commands


def parse_command(line: str) -> tuple[str, dict[str, str], str]:
    """A workflow command as the runner reads it: split at the first `::` after the name, properties at `,` and their first `=`."""
    assert line.startswith("::")
    head, separator, data = line[2:].partition("::")
    assert separator
    command, _, properties = head.partition(" ")
    pairs = (item.split("=", 1) for item in properties.split(","))
    return command, {name: unescaped(value) for name, value in pairs}, unescaped(data)


def unescaped(text: str) -> str:
    for escape, character in (
        ("%0D", "\r"),
        ("%0A", "\n"),
        ("%3A", ":"),
        ("%2C", ","),
        ("%25", "%"),
    ):
        text = text.replace(escape, character)
    return text


def test_github_commands_annotate_each_finding_at_its_file_line_and_column() -> None:
    result = run("check", "--format", "github", "examples")
    *commands, summary = lines(result)
    findings = json_records("examples")[:-1]
    assert [parse_command(command) for command in commands] == [
        (
            record["severity"],
            {
                "file": record["path"],
                "line": str(record["line"]),
                "col": str(record["column"]),
                "title": record["kind"],
            },
            f"{pointer_of(record['loc'])}: {record['message']}",
        )
        for record in findings
    ]
    assert summary == "23 documents, 11 problems, 4 warnings"
    assert result.returncode == 1


def pointer_of(loc: list[str | int]) -> str:
    return "".join("/" + str(step).replace("~", "~0").replace("/", "~1") for step in loc) or "/"


def test_github_commands_are_a_warning_for_a_warning_and_a_notice_for_a_repair(
    unlisted: Path,
) -> None:
    assert lines(run("check", "--format", "github", ".", cwd=unlisted))[0].startswith(
        "::warning file=./zarr.json,line=7,col=17,title=unlisted::"
    )
    repaired = lines(run("check", "--format", "github", "--repair", "examples/broken/empty"))
    assert repaired[0].startswith(
        "::notice file=examples/broken/empty/zarr.json,line=8,col=39,title=zero_chunk_length::"
    )


awkward = st.text(alphabet=st.sampled_from("a%:,=\r\n ;/é\\"), max_size=12)
"""Text whose every character a workflow command gives back: its own escapes, CR and LF included; other controls are written as escapes."""


@given(
    path=awkward,
    kind=awkward,
    message=awkward,
    severity=st.sampled_from(["error", "warning", "repair"]),
)
def test_a_workflow_command_gives_back_every_field_whatever_characters_it_holds(
    path: str, kind: str, message: str, severity: Severity
) -> None:
    command = workflow_command(
        Finding(
            path=path, line=2, column=5, loc=("k",), kind=kind, message=message, severity=severity
        )
    )
    assert "\n" not in command and "\r" not in command
    name, properties, data = parse_command(command)
    assert name == {"error": "error", "warning": "warning", "repair": "notice"}[severity]
    assert properties == {"file": path, "line": "2", "col": "5", "title": kind}
    assert data == f"/k: {message}"


def test_a_workflow_command_writes_other_control_characters_as_escapes() -> None:
    # An ESC or a NUL in a file name reached the log raw.
    command = workflow_command(
        Finding(
            path="a\x1b[31m\x00b",
            line=2,
            column=5,
            loc=("k\x7f",),
            kind="kind",
            message="m\x1b",
            severity="error",
        )
    )
    assert command == "::error file=a\\x1b[31m\\x00b,line=2,col=5,title=kind::/k\\x7f: m\\x1b"


# SARIF


def valid_sarif(log: object) -> dict[str, Any]:
    jsonschema.Draft7Validator(SARIF_SCHEMA).validate(log)
    assert isinstance(log, dict)
    return log  # pyright: ignore[reportUnknownVariableType]


def test_the_sarif_schema_refuses_what_is_not_sarif() -> None:
    log = sarif_log([finding("error", "invalid_value")])
    valid_sarif(log)
    log["runs"][0]["results"][0]["level"] = "fatal"  # type: ignore[index]
    with pytest.raises(jsonschema.ValidationError):
        valid_sarif(log)


def test_sarif_is_one_valid_log_with_a_rule_per_kind_and_a_result_per_finding() -> None:
    result = run("check", "--format", "sarif", "--repair", "examples")
    assert result.returncode == 1
    log = valid_sarif(json.loads(result.stdout))
    findings = json_records("--repair", "examples")[:-1]
    (sarif_run,) = log["runs"]
    driver = sarif_run["tool"]["driver"]
    assert driver["name"] == "zarr-metadata"
    assert driver["version"] == run("--version").stdout.split()[1]
    kinds = sorted({record["kind"] for record in findings})
    assert [rule["id"] for rule in driver["rules"]] == kinds
    assert all(rule["shortDescription"]["text"] for rule in driver["rules"])
    level = {"error": "error", "warning": "warning", "repair": "note"}
    assert [
        (
            res["ruleId"],
            kinds[res["ruleIndex"]],
            res["level"],
            res["message"]["text"],
            res["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            res["locations"][0]["physicalLocation"]["region"],
        )
        for res in sarif_run["results"]
    ] == [
        (
            record["kind"],
            record["kind"],
            level[record["severity"]],
            f"{pointer_of(record['loc'])}: {record['message']}",
            record["path"],
            {"startLine": record["line"], "startColumn": record["column"]},
        )
        for record in findings
    ]
    assert {res["level"] for res in sarif_run["results"]} == {"error", "note"}


def test_sarif_gives_a_warning_the_level_warning(unlisted: Path) -> None:
    log = valid_sarif(json.loads(run("check", "--format", "sarif", ".", cwd=unlisted).stdout))
    assert [(res["ruleId"], res["level"]) for res in log["runs"][0]["results"]] == [
        ("unlisted", "warning")
    ]


def test_sarif_of_a_valid_store_is_a_valid_log_without_results() -> None:
    result = run("check", "--format", "sarif", "examples/valid")
    log = valid_sarif(json.loads(result.stdout))
    assert log["runs"][0]["results"] == []
    assert log["runs"][0]["tool"]["driver"]["rules"] == []
    assert result.returncode == 0


def test_sarif_keeps_a_relative_path_relative_and_a_url_a_url() -> None:
    paths = [
        "a/zarr.json",
        "s3://bucket/store.zarr/zarr.json",
        "/abs/data/.zmetadata",
        "my data/100%/zarr.json",
    ]
    log = valid_sarif(sarif_log([finding("error", "invalid_value", path=path) for path in paths]))
    uris = [
        res["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        for res in log["runs"][0]["results"]
    ]
    assert uris == [
        "a/zarr.json",
        "s3://bucket/store.zarr/zarr.json",
        "/abs/data/.zmetadata",
        "my%20data/100%25/zarr.json",
    ]


def test_sarif_holds_the_statistics_in_the_run_properties() -> None:
    log = valid_sarif(
        json.loads(
            run("check", "--format", "sarif", "--statistics", "examples/broken/counts").stdout
        )
    )
    assert log["runs"][0]["properties"]["statistics"]["kinds"] == [
        {"kind": "invalid_type", "count": 1},
        {"kind": "missing_key", "count": 1},
    ]


# --statistics


@pytest.mark.parametrize(
    ("path", "loc", "pattern"),
    [
        ("s/zarr.json", ("codecs", 1, "configuration", "level"), "/codecs/*/configuration/level"),
        (
            "s/.zmetadata",
            ("metadata", "a/b/.zarray", "filters", 0, "id"),
            "/metadata/*/filters/*/id",
        ),
        (
            "s/zarr.json",
            ("consolidated_metadata", "metadata", "a/b", "codecs", 0),
            "/consolidated_metadata/metadata/*/codecs/*",
        ),
        ("s/.zarray", ("dtype", 1, 1), "/dtype/*/*"),
        # An attribute is no node key, even when its name is one consolidated metadata uses.
        ("s/.zattrs", ("metadata", "units"), "/metadata/units"),
        ("s/zarr.json", ("attributes", "metadata", "x"), "/attributes/metadata/x"),
        ("s/zarr.json", (), "/"),
    ],
)
def test_a_pointer_pattern_hides_array_indices_and_node_keys(
    path: str, loc: tuple[str | int, ...], pattern: str
) -> None:
    assert (
        pointer_pattern(
            Finding(
                path=path,
                line=1,
                column=1,
                loc=loc,
                kind="invalid_value",
                message="",
                severity="error",
            )
        )
        == pattern
    )


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["invalid_value", "unlisted", "missing_key"]),
            st.lists(st.integers(0, 3) | st.sampled_from(["a", "b"]), max_size=3),
        )
    )
)
def test_statistics_count_every_finding_once_by_kind_and_once_by_pointer(
    found: list[tuple[str, list[str | int]]],
) -> None:
    statistics = Statistics()
    for kind, loc in found:
        statistics.count(
            Finding(
                path="zarr.json",
                line=1,
                column=1,
                loc=tuple(loc),
                kind=kind,
                message="",
                severity="error",
            )
        )
    for counted in (statistics.by_kind(), statistics.by_pointer()):
        assert sum(count for _, count in counted) == len(found)
        assert [count for _, count in counted] == sorted(
            (count for _, count in counted), reverse=True
        )


def test_statistics_follow_the_findings_and_precede_the_summary() -> None:
    result = run("check", "--statistics", "examples/broken")
    assert lines(result)[5:] == [
        "Findings by kind:",
        "  2  invalid_value",
        "  1  invalid_type",
        "  1  missing_key",
        "  1  repairable",
        "Findings by pointer:",
        "  1  /chunk_grid/configuration/chunk_shape/*",
        "  1  /codecs/*",
        "  1  /codecs/*/configuration/endian",
        "  1  /codecs/*/configuration/level",
        "  1  /fill_value",
        "5 documents, 4 problems, 1 warning",
    ]


# --quiet and --exit-zero


def test_quiet_prints_the_findings_and_no_summary() -> None:
    result = run("check", "--quiet", "examples/broken/temperature")
    assert lines(result) == [
        "examples/broken/temperature/zarr.json:14:49: /codecs/1/configuration/level invalid_value: expected an integer in [0, 9], got 12"
    ]
    assert result.returncode == 1
    assert run("check", "-q", "examples/valid").stdout == ""


def test_exit_zero_exits_0_with_problems_but_2_when_nothing_could_be_opened() -> None:
    broken = run("check", "--exit-zero", "examples/broken")
    assert broken.returncode == 0
    assert lines(broken)[-1] == "5 documents, 4 problems, 1 warning"
    assert run("check", "--exit-zero", "no/such/store").returncode == 2


# Options that reach the run


def test_store_and_repair_options_reach_the_run(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[Options] = []

    def fake_findings(
        names: object, options: Options, *rest: object, **keywords: object
    ) -> Iterator[Finding]:
        seen.append(options)
        return _FakeOutcome()
        yield  # a generator, as the run is

    monkeypatch.setattr(_library, "findings", fake_findings)
    argv = [
        "check",
        "--isolated",
        "--exclude",
        "*.zattrs",
        "--exclude",
        "tmp/*",
        "--jobs",
        "4",
        "--timeout",
        "2.5",
        "x",
    ]
    assert main([*argv, "--repair", "--write", "--backup-dir", "orig"]) == 0
    assert main(["check", "--isolated", "--repair", "--diff", "x"]) == 0
    assert main(["check", "--isolated", "x"]) == 0
    written, diffed, plain = seen
    assert (written.exclude, written.jobs, written.timeout) == (("*.zattrs", "tmp/*"), 4, 2.5)
    assert (written.repair, written.write, written.diff, written.backup_dir) == (
        True,
        True,
        False,
        "orig",
    )
    assert (diffed.write, diffed.diff) == (False, True)
    assert (plain.exclude, plain.jobs, plain.timeout, plain.write, plain.backup_dir) == (
        (),
        16,
        30.0,
        False,
        None,
    )


class _FakeOutcome:
    documents = 0
    opened = 1
    unopened = 0
    not_checked = 0
    not_listed = 0


def test_exclude_leaves_out_the_documents_it_matches() -> None:
    result = run("check", "--exclude", "broken_v2/*", "--exclude", "*/counts/*", "examples")
    assert all("broken_v2" not in line and "/counts/" not in line for line in lines(result))
    assert (
        lines(result)[-1] == "14 documents, 2 problems, 1 warning"
    )  # 23, less the 8 of broken_v2 and broken/counts


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--write",), "zarr-metadata: --write needs --repair"),
        (("--diff",), "zarr-metadata: --diff needs --repair"),
        (("--repair", "--write", "--diff"), "zarr-metadata: --write and --diff exclude each other"),
        (("--repair", "--backup-dir", "b"), "zarr-metadata: --backup-dir needs --write"),
        (
            ("--ignore", "repairabel"),
            'zarr-metadata: no finding has the kind "repairabel"; did you mean "repairable"?',
        ),
        (("--select", "nothing"), 'zarr-metadata: no finding has the kind "nothing"'),
        (
            ("--jobs", "0"),
            "zarr-metadata: argument --jobs/-j: expected an integer >= 1, got '0' (see zarr-metadata --help)",
        ),
        (
            ("--timeout", "nan"),
            "zarr-metadata: argument --timeout: expected a number of seconds > 0, got 'nan' (see zarr-metadata --help)",
        ),
        (
            ("--format", "xml"),
            "zarr-metadata: argument --format: invalid choice: 'xml' (choose from 'text', 'json', 'github', 'sarif') (see zarr-metadata --help)",
        ),
    ],
)
def test_options_that_cannot_go_together_are_a_usage_error(
    args: tuple[str, ...], message: str
) -> None:
    result = run("check", *args, "examples/valid")
    assert (result.returncode, result.stdout, result.stderr) == (2, "", message + "\n")


# The progress line


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def screen(written: str) -> list[str]:
    """What a terminal shows after `written`, which moves the cursor only with CR and LF."""
    rows: list[list[str]] = [[]]
    column = 0
    for character in written:
        if character == "\n":
            rows.append([])
            column = 0
        elif character == "\r":
            column = 0
        else:
            row = rows[-1]
            row[column : column + 1] = [character]
            column += 1
    return ["".join(row).rstrip() for row in rows]


@pytest.fixture
def at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Show the progress from the first batch on, rather than after a second, as on an ordinary terminal."""
    monkeypatch.setattr(_progress, "DELAY", 0.0)
    # rich draws nothing on a terminal it is told is dumb or not interactive.
    monkeypatch.setenv("TERM", "xterm-256color")
    for name in ("TTY_INTERACTIVE", "TTY_COMPATIBLE"):
        monkeypatch.delenv(name, raising=False)


def read_all(leader: int) -> str:
    """What the terminal whose leading end is `leader` has been sent, without waiting for more."""
    chunks: list[bytes] = []
    while select.select([leader], [], [], 0.5)[0]:
        chunk = os.read(leader, 1 << 16)
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks).decode("utf-8", errors="replace")


def test_the_progress_line_is_cleared_before_each_finding_and_at_the_end(
    at_once: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_progress, "painter", _progress.PlainPainter)
    terminal = Terminal()
    monkeypatch.setattr(sys, "stdout", terminal)
    monkeypatch.setattr(sys, "stderr", terminal)
    assert (
        main(["check", "--isolated", "examples/valid", "examples/broken", "examples/valid_v2"]) == 1
    )
    written = terminal.getvalue()
    assert "\rchecking: 3 of 3 documents, " in written  # shown after the first store...
    assert written.count("\rchecking: ") == 3  # ... and after each one
    report = run("check", "examples/valid", "examples/broken", "examples/valid_v2").stdout
    assert screen(written) == screen(report)  # and the screen ends up showing the report alone


def test_the_progress_line_is_drawn_only_after_a_second() -> None:
    terminal = Terminal()
    now = [100.0]
    line = _progress.ProgressLine(terminal, clock=lambda: now[0], plain=True)
    now[0] = 100.5
    line(10, 100)
    assert terminal.getvalue() == ""
    now[0] = 102.0
    line(40, 100)
    assert terminal.getvalue() == "\rchecking: 40 of 100 documents, 20/s"
    line.hide()
    assert screen(terminal.getvalue()) == [""]


def test_the_progress_line_is_a_rich_bar_when_rich_is_installed(
    at_once: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["check", "--isolated", "examples/valid", "examples/broken"]) == 1
    written = terminal.getvalue()
    assert "documents, " in written and "\x1b[" in written
    assert written.endswith("\x1b[2K")  # the last thing written erases the line
    assert "\x1b" not in capsys.readouterr().out


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_the_progress_line_goes_to_a_real_terminal(
    at_once: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    leader, follower = os.openpty()
    try:
        with open(follower, "w", encoding="utf-8", closefd=False) as stderr:
            monkeypatch.setattr(sys, "stderr", stderr)
            assert main(["check", "--isolated", "examples/valid", "examples/broken"]) == 1
        shown = read_all(leader)
    finally:
        os.close(leader)
        os.close(follower)
    assert "3/3" in shown and "documents" in shown
    assert capsys.readouterr().out == run("check", "examples/valid", "examples/broken").stdout


@pytest.mark.parametrize("quiet", [False, True])
def test_no_progress_line_goes_to_a_pipe_or_under_quiet(
    at_once: None, quiet: bool, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    stream: io.StringIO = Terminal() if quiet else io.StringIO()
    monkeypatch.setattr(sys, "stderr", stream)
    main(
        [
            "check",
            "--isolated",
            *(["--quiet"] if quiet else []),
            "examples/valid",
            "examples/broken",
        ]
    )
    assert stream.getvalue() == ""


def test_a_process_whose_standard_error_is_a_pipe_writes_nothing_there() -> None:
    result = run("check", "examples")
    assert result.stderr == ""


# The CI guide


GUIDE_EXAMPLE = re.compile(r"```console\n\$ (zarr-metadata check [^\n]*)\n(.*?)```", re.DOTALL)


def test_the_ci_guide_shows_what_each_format_prints() -> None:
    guide = (REPO / "docs" / "guides" / "ci.md").read_text(encoding="utf-8")
    examples = GUIDE_EXAMPLE.findall(guide)
    formats = {
        next(
            (word for word in ("json", "github", "sarif", "--statistics") if word in command),
            "text",
        )
        for command, _ in examples
    }
    assert formats >= {"json", "github", "sarif", "--statistics"}
    for command, shown in examples:
        result = run(*shlex.split(command)[1:])
        assert shown == result.stdout, command
