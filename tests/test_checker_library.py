"""The checker as a library: `zarr_metadata.checker.check` gives what the command prints, as values."""

from __future__ import annotations

import dataclasses
import io
import json
import pickle
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from zarr_metadata.checker import CheckOptions, Finding, Summary, check
from zarr_metadata.cli._main import main

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "examples"


def _command_json(*arguments: str) -> list[dict[str, object]]:
    out = io.StringIO()
    with redirect_stdout(out):
        main(["check", "--isolated", "--format", "json", *arguments])
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_check_yields_the_findings_the_command_prints_in_its_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(REPO)
    printed = _command_json("examples")
    run = check(["examples"])
    found = [finding.to_json() for finding in run]
    assert found == printed[:-1]
    assert {"summary": run.summary.to_json()} == printed[-1]
    assert run.summary == Summary(documents=23, problems=11, warnings=4)


def test_a_finding_has_a_declared_json_form_with_every_member() -> None:
    (first, *_) = check(str(EXAMPLES / "broken" / "counts"))
    assert isinstance(first, Finding)
    assert first.to_json() == {
        "path": str(EXAMPLES / "broken" / "counts" / "zarr.json"),
        "line": 11,
        "column": 17,
        "loc": ["fill_value"],
        "kind": "invalid_type",
        "message": 'expected an integer, got "0"',
        "severity": "error",
    }


def test_a_name_that_is_not_utf8_is_written_as_an_escape_in_the_json_form() -> None:
    finding = Finding(
        path="a\udcffb/zarr.json",
        line=1,
        column=1,
        loc=("x\udcff",),
        kind="io_error",
        message="cannot read a\udcffb",
        severity="error",
    )
    assert json.dumps(finding.to_json())  # encodes: a lone surrogate would not
    assert finding.to_json()["path"] == "a\\xffb/zarr.json"
    assert finding.to_json()["loc"] == ["x\\xff"]


def test_the_summary_read_first_checks_everything_and_counts_it() -> None:
    run = check(str(EXAMPLES / "broken"))
    assert run.summary == Summary(documents=5, problems=4, warnings=1)
    assert list(run) == []  # what was counted is no longer given
    assert not run.summary.valid


def test_the_options_choose_what_is_reported_and_counted() -> None:
    broken = str(EXAMPLES / "broken")
    strict = check(broken, options=CheckOptions(strict=True)).summary
    assert (strict.problems, strict.warnings) == (5, 0)
    selected = list(check(broken, options=CheckOptions(select=("invalid_value",))))
    assert {finding.kind for finding in selected} == {"invalid_value"}
    ignored = check(broken, options=CheckOptions(ignore=("repairable",)))
    assert [finding.kind for finding in ignored].count("repairable") == 0
    assert ignored.summary.warnings == 0
    repaired = check(broken, options=CheckOptions(repair=True)).summary
    assert repaired.repairs == 1
    excluded = check(broken, options=CheckOptions(exclude=("*/counts/*",))).summary
    assert excluded.documents == 4


def test_a_target_that_cannot_be_opened_is_an_io_error_and_the_check_goes_on(
    tmp_path: Path,
) -> None:
    run = check([str(tmp_path / "missing"), str(EXAMPLES / "valid")])
    (finding,) = list(run)
    assert (finding.kind, finding.path) == ("io_error", str(tmp_path / "missing"))
    assert (run.opened, run.unopened) == (1, 1)
    assert run.summary.documents == 3


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"select": ("invalid_valeu",)}, 'did you mean "invalid_value"'),
        ({"write": True}, "write needs repair"),
        ({"repair": True, "backup_dir": "x"}, "backup_dir needs write"),
        ({"context": "everything"}, "context is one of"),
    ],
)
def test_options_that_cannot_be_are_refused_when_made(
    given: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        CheckOptions(**given)  # pyright: ignore[reportArgumentType]


def test_the_options_are_immutable_plain_data_that_travel_to_workers() -> None:
    options = CheckOptions(
        context="core", allow=("mine",), exclude=("*/tmp/*",), jobs=4, timeout=2.5
    )
    assert pickle.loads(pickle.dumps(options)) == options
    assert hash(options) == hash(dataclasses.replace(options))
    with pytest.raises(dataclasses.FrozenInstanceError):
        options.strict = True  # pyright: ignore[reportAttributeAccessIssue]


def test_the_check_is_lazy_and_can_stop_early() -> None:
    run = check(str(EXAMPLES))
    first = next(iter(run))
    run.close()
    assert first.path.endswith("zarr.json")
