"""Settings from config files (`zarr-metadata.toml`, `[tool.zarr-metadata]` in `pyproject.toml`), and the pre-commit hook."""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from zarr_metadata.cli import _library
from zarr_metadata.cli._check import Options
from zarr_metadata.cli._config import KEYS, find_config
from zarr_metadata.cli._main import main
from zarr_metadata.cli._settings import COMMAND_LINE_ONLY, FIELDS

REPO = Path(__file__).resolve().parent.parent

ARRAY = {
    "zarr_format": 3,
    "node_type": "array",
    "shape": [10],
    "data_type": "float32",
    "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [5]}},
    "chunk_key_encoding": {"name": "default"},
    "fill_value": 0,
    "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}],
}


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def store(tmp_path: Path) -> Path:
    """A store that each setting changes the report of: a node its listing leaves out, a bare NaN fill value, a misspelled codec, a zstd codec."""
    group = {
        "zarr_format": 3,
        "node_type": "group",
        "consolidated_metadata": {
            "kind": "inline",
            "must_understand": False,
            "metadata": {"a": ARRAY},
        },
    }
    documents = {
        "zarr.json": json.dumps(group, indent=2),
        "a/zarr.json": json.dumps(ARRAY, indent=2),
        "b/zarr.json": json.dumps(
            {**ARRAY, "codecs": [*ARRAY["codecs"], {"name": "zstdd"}]}, indent=2
        ),
        "c/zarr.json": json.dumps(
            {
                **ARRAY,
                "fill_value": float("nan"),
                "codecs": [
                    *ARRAY["codecs"],
                    {"name": "zstd", "configuration": {"level": 1, "checksum": False}},
                ],
            }
        ),
    }
    for key, text in documents.items():
        write(tmp_path / "s" / key, text)
    return tmp_path


def report(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_every_config_key_is_a_setting_and_every_setting_a_key() -> None:
    assert {key.replace("-", "_") for key in KEYS} == FIELDS - COMMAND_LINE_ONLY


@pytest.mark.parametrize(
    ("setting", "flags"),
    [
        ('context = "core"', ["--context", "core"]),
        ("strict = true", ["--strict"]),
        ('allow = ["zstdd"]', ["--allow", "zstdd"]),
        (
            'definitions = ["no_such_module:DEFINITIONS"]',
            ["--definitions", "no_such_module:DEFINITIONS"],
        ),
        ('exclude = ["*/b/*"]', ["--exclude", "*/b/*"]),
        ('format = "github"', ["--format", "github"]),
        ("quiet = true", ["--quiet"]),
        ("exit-zero = true", ["--exit-zero"]),
        ("statistics = true", ["--statistics"]),
        ("repair = true", ["--repair"]),
        ('ignore = ["repairable"]', ["--ignore", "repairable"]),
        (
            'select = ["unknown_name", "unlisted"]',
            ["--select", "unknown_name", "--select", "unlisted"],
        ),
        ("max-document-size = 8", ["--max-document-size", "8"]),
    ],
)
def test_each_setting_in_a_config_file_does_what_its_option_does(
    setting: str,
    flags: list[str],
    store: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(store)
    plain = report(["check", "s"], capsys)
    with_flags = report(["check", *flags, "s"], capsys)
    assert with_flags != plain  # the setting changes something here
    write(store / "zarr-metadata.toml", setting + "\n")
    assert report(["check", "s"], capsys) == with_flags


def test_a_kind_no_finding_has_in_the_config_file_is_a_usage_error(
    store: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(store)
    write(store / "zarr-metadata.toml", 'ignore = ["repairabel"]\n')
    status, out, err = report(["check", "s"], capsys)
    assert (status, out) == (2, "")
    assert err == (
        'zarr-metadata: zarr-metadata.toml: ignore: expected an array of finding kinds (no finding has the kind "repairabel"; '
        'did you mean "repairable"?), got ["repairabel"]\n'
    )


def test_the_command_line_overrides_the_config_file(
    store: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(store)
    write(store / "zarr-metadata.toml", 'format = "json"\nexit-zero = true\nexclude = ["*/b/*"]\n')
    status, out, _ = report(
        ["check", "--format", "text", "--no-exit-zero", "--exclude", "*/c/*", "s"], capsys
    )
    assert status == 1
    assert (
        out.splitlines()[-1] == "3 documents, 1 problem, 1 warning"
    )  # b, which the config left out, is back
    assert "s/b/zarr.json" in out and "s/c/zarr.json" not in out


def test_a_pyproject_table_in_a_parent_directory_is_found(
    store: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    write(
        store / "pyproject.toml",
        '[project]\nname = "x"\n\n[tool.zarr-metadata]\nquiet = true\nformat = "json"\n',
    )
    monkeypatch.chdir(store / "s")
    status, out, _ = report(["check", "a"], capsys)
    assert (status, out) == (0, "")


def test_zarr_metadata_toml_wins_over_pyproject_toml_in_the_same_directory(tmp_path: Path) -> None:
    write(tmp_path / "pyproject.toml", "[tool.zarr-metadata]\nquiet = true\n")
    write(tmp_path / "zarr-metadata.toml", "strict = true\n")
    assert find_config(str(tmp_path / "deeper" / "still")) == str(tmp_path / "zarr-metadata.toml")


def test_the_nearest_config_wins_and_a_pyproject_without_the_table_does_not_count(
    tmp_path: Path,
) -> None:
    write(tmp_path / "zarr-metadata.toml", "strict = true\n")
    nearer = write(tmp_path / "a" / "pyproject.toml", "[tool.zarr-metadata]\nquiet = true\n")
    write(
        tmp_path / "a" / "b" / "pyproject.toml",
        '[project]\nname = "zarr-metadata"\n\n[tool.ruff]\nline-length = 100\n',
    )
    write(
        tmp_path / "a" / "b" / "c" / "pyproject.toml", "this is [not TOML\n"
    )  # says nothing of zarr-metadata, so it is not read
    assert find_config(str(tmp_path / "a" / "b" / "c")) == str(nearer)
    assert find_config(str(tmp_path)) == str(tmp_path / "zarr-metadata.toml")


def test_isolated_reads_no_config_and_config_reads_the_one_named(
    store: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(store)
    write(store / "zarr-metadata.toml", "quiet = true\n")
    write(store / "elsewhere" / "pyproject.toml", '[tool.zarr-metadata]\nformat = "json"\n')
    assert report(["check", "s/a"], capsys)[1] == ""
    assert (
        report(["check", "--isolated", "s/a"], capsys)[1] == "1 document, 0 problems, 0 warnings\n"
    )
    named = report(["check", "--config", "elsewhere/pyproject.toml", "s/a"], capsys)[1]
    assert json.loads(named) == {
        "summary": {"documents": 1, "problems": 0, "warnings": 0, "repairs": 0}
    }


def test_paths_in_a_config_file_are_read_from_its_directory_and_limits_reach_the_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seen: list[Options] = []

    class Outcome:
        documents, opened, unopened, not_checked, not_listed = 0, 1, 0, 0, 0

    def fake_findings(
        names: object, options: Options, *rest: object, **keywords: object
    ) -> Iterator[object]:
        seen.append(options)
        return Outcome()
        yield  # a generator, as the run is

    monkeypatch.setattr(_library, "findings", fake_findings)
    write(
        tmp_path / "zarr-metadata.toml",
        'repair = true\nwrite = true\nbackup-dir = "originals"\njobs = 3\ntimeout = 5\n',
    )
    (tmp_path / "deep").mkdir()
    monkeypatch.chdir(tmp_path / "deep")
    assert main(["check", "x"]) == 0
    (options,) = seen
    assert Path(options.backup_dir or "") == tmp_path.resolve() / "originals"
    assert (options.repair, options.write, options.jobs, options.timeout) == (True, True, 3, 5.0)
    capsys.readouterr()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "strict = true\nexit_zero = true\n",
            'zarr-metadata: zarr-metadata.toml: unknown key "exit_zero"; did you mean "exit-zero"?',
        ),
        (
            'jobs = "many"\n',
            'zarr-metadata: zarr-metadata.toml: jobs: expected an integer >= 1, got "many"',
        ),
        ("jobs = 0\n", "zarr-metadata: zarr-metadata.toml: jobs: expected an integer >= 1, got 0"),
        (
            "timeout = true\n",
            "zarr-metadata: zarr-metadata.toml: timeout: expected a number of seconds > 0, got true",
        ),
        (
            'format = "xml"\n',
            'zarr-metadata: zarr-metadata.toml: format: expected one of "text", "json", "github", "sarif", got "xml"',
        ),
        (
            'allow = "zstdd"\n',
            'zarr-metadata: zarr-metadata.toml: allow: expected an array of strings, got "zstdd"',
        ),
        ("quiet = 1\n", "zarr-metadata: zarr-metadata.toml: quiet: expected true or false, got 1"),
        (
            "quiet = \n",
            "zarr-metadata: zarr-metadata.toml: invalid TOML: Invalid value (at line 1, column 9)",
        ),
        ("write = true\n", "zarr-metadata: --write needs --repair"),
    ],
)
def test_a_bad_config_file_is_a_usage_error_naming_the_file_and_the_key(
    text: str,
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "zarr-metadata.toml", text)
    assert report(["check", str(REPO / "examples" / "valid")], capsys) == (2, "", message + "\n")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["--config", "missing.toml"],
            "zarr-metadata: missing.toml: cannot read the config file: No such file or directory",
        ),
        (
            ["--config", "pyproject.toml", "--isolated"],
            "zarr-metadata: --config and --isolated exclude each other",
        ),
        (
            ["--config", "pyproject.toml"],
            'zarr-metadata: pyproject.toml: unknown key "colour" in [tool.zarr-metadata]',
        ),
        (
            ["--config", "other/pyproject.toml"],
            "zarr-metadata: other/pyproject.toml: tool.zarr-metadata must be a table",
        ),
    ],
)
def test_a_config_file_that_cannot_be_used_is_a_usage_error(
    argv: list[str],
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "pyproject.toml", '[tool.zarr-metadata]\ncolour = "blue"\n')
    write(tmp_path / "other" / "pyproject.toml", "[tool]\nzarr-metadata = 3\n")
    assert report(["check", *argv, str(REPO / "examples" / "valid")], capsys) == (
        2,
        "",
        message + "\n",
    )


# The pre-commit hook


def hooks() -> list[dict[str, object]]:
    offered = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert isinstance(offered, list)
    return offered


def test_the_repository_offers_a_pre_commit_hook_that_runs_the_command() -> None:
    (hook,) = hooks()
    assert (hook["id"], hook["entry"], hook["language"]) == (
        "zarr-metadata",
        "zarr-metadata check",
        "python",
    )
    scripts = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "scripts"
    ]
    assert str(hook["entry"]).split()[0] in scripts


@pytest.mark.parametrize(
    ("path", "matches"),
    [
        ("zarr.json", True),
        ("data/store.zarr/a/b/zarr.json", True),
        (".zarray", True),
        ("x/.zgroup", True),
        ("x/y/.zattrs", True),
        ("store/.zmetadata", True),
        ("notzarr.json", False),
        ("zarr.json.orig", False),
        ("x/.zarray.bak", False),
        ("x/zarr_json", False),
        ("x/a.zattrs", False),
        ("zarray", False),
    ],
)
def test_the_hook_runs_on_the_metadata_files_and_no_other(path: str, matches: bool) -> None:
    (hook,) = hooks()
    assert (
        re.search(str(hook["files"]), path) is not None
    ) == matches  # pre-commit matches with re.search


def test_the_hook_checks_the_files_pre_commit_names(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(REPO)
    (hook,) = hooks()
    staged = sorted(
        str(path.relative_to(REPO))
        for path in (REPO / "examples").rglob("*")
        if re.search(str(hook["files"]), str(path.relative_to(REPO)))
    )
    assert len(staged) == 23
    status, out, _ = report([*str(hook["entry"]).split()[1:], "--isolated", *staged], capsys)
    assert status == 1
    assert out.splitlines()[-1] == "23 documents, 11 problems, 4 warnings"


def test_the_ci_guide_shows_a_pre_commit_config_that_uses_the_hook() -> None:
    guide = (REPO / "docs" / "guides" / "ci.md").read_text(encoding="utf-8")
    block = guide.split("```yaml\nrepos:", 1)[1].split("```", 1)[0]
    block = "repos:" + block
    config = yaml.safe_load(block)
    (repo,) = config["repos"]
    assert [hook["id"] for hook in repo["hooks"]] == [hook["id"] for hook in hooks()]
    assert repo["repo"] == "local"  # no rev to pin: the repository has no tags
