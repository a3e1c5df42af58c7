"""Every Python snippet of the README and of docs/ runs as written: the blocks of one file in order, in one namespace, in a directory holding a copy of examples/."""

from __future__ import annotations

import contextlib
import io
import os
import re
import shutil
import sys
import types
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
DOCUMENTS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def snippets(path: Path) -> list[tuple[int, str]]:
    """Each ```python block of the file, with the line its code starts on."""
    text = path.read_text(encoding="utf-8")
    return [
        (text.count("\n", 0, match.start(1)) + 1, match.group(1)) for match in BLOCK.finditer(text)
    ]


WITH_SNIPPETS = [path for path in DOCUMENTS if snippets(path)]


def test_the_documents_hold_snippets() -> None:
    assert {path.name for path in WITH_SNIPPETS} >= {"README.md", "extending.md", "reading.md"}


@pytest.mark.parametrize("path", WITH_SNIPPETS, ids=lambda path: str(path.relative_to(REPO)))
def test_every_snippet_runs_as_written(
    path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copytree(REPO / "examples", tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    # A module of its own, so that the annotations of the classes a snippet
    # defines resolve in its namespace, as they would in a user's module.
    module = types.ModuleType("snippets_of_" + re.sub(r"\W", "_", path.stem))
    monkeypatch.setitem(sys.modules, module.__name__, module)
    for line, code in snippets(path):
        compiled = compile(code, f"{path.relative_to(REPO)}:{line}", "exec")
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compiled, module.__dict__)
    assert os.getcwd() == str(tmp_path)
