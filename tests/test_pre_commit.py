"""The pre-commit hook: `.pre-commit-hooks.yaml` runs one check per commit, and the CI guide's snippet is a config that works as written (tests/test_cli_config.py checks the files the hook takes)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

REPO = Path(__file__).resolve().parent.parent


def hooks() -> list[dict[str, Any]]:
    return yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))


def readme_config() -> dict[str, Any]:
    text = (REPO / "docs" / "guides" / "ci.md").read_text(encoding="utf-8")
    section = text[text.index("## pre-commit") :]
    block = re.search(r"```yaml\n(.*?)```", section, re.S)
    assert block is not None
    return yaml.safe_load(block.group(1))


def test_the_repository_offers_one_hook_that_runs_the_check_once_per_commit() -> None:
    (hook,) = hooks()
    assert hook["id"] == "zarr-metadata"
    assert hook["entry"] == "zarr-metadata check"
    assert hook["language"] == "python"
    # Without it pre-commit splits the files over parallel runs, each with its own summary and verdict.
    assert hook["require_serial"] is True


def test_the_readme_snippet_is_a_config_with_the_repositorys_hook() -> None:
    config = readme_config()
    (repo,) = config["repos"]
    # A local hook needs no tag: the repository has none to pin.
    assert repo["repo"] == "local"
    assert "rev" not in repo
    (hook,) = repo["hooks"]
    offered = {offered["id"]: offered for offered in hooks()}
    assert hook["id"] in offered
    for key in ("entry", "files", "types", "require_serial"):
        assert hook[key] == offered[hook["id"]][key]
    assert hook["language"] == "system"  # the installed command, as the README says


@pytest.mark.skipif(
    shutil.which("pre-commit") is None or shutil.which("git") is None,
    reason="pre-commit or git is not installed",
)
def test_pre_commit_runs_the_readme_snippet_as_written(tmp_path: Path) -> None:
    store = tmp_path / "work"
    (store / "good").mkdir(parents=True)
    (store / "bad").mkdir()
    (store / ".pre-commit-config.yaml").write_text(yaml.safe_dump(readme_config()))
    (store / "good" / "zarr.json").write_text('{"zarr_format": 3, "node_type": "group"}')
    (store / "bad" / "zarr.json").write_text(
        '{"zarr_format": 3, "node_type": "group", "attributes": 5}'
    )
    (store / "notes.txt").write_text("not metadata")
    # The entry is the installed command; this interpreter's comes first.
    env = {
        **os.environ,
        "PRE_COMMIT_HOME": str(tmp_path / "cache"),
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
    }
    subprocess.run(["git", "init", "-q"], cwd=store, check=True)
    subprocess.run(["git", "add", "-A"], cwd=store, check=True)
    result = subprocess.run(
        ["pre-commit", "run", "--all-files"],
        cwd=store,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1
    assert (
        "bad/zarr.json:1:56: /attributes invalid_type: expected an object, got 5" in result.stdout
    )
    assert result.stdout.count("documents,") == 1
    assert "2 documents, 1 problem, 0 warnings" in result.stdout
