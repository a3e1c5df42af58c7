"""Every example of the README and of the site (docs/**/*.md) runs as written, and prints what the page shows.

The conventions, which docs/contributing.md states for authors:

- Each ```python block runs on its own, in a fresh namespace: its own imports
  and names. A block whose fence follows a line `<!-- continues -->` runs in
  the namespace of the page's previous ```python block instead.
- A ```python block followed by a line `Output:` and then a ```text block
  prints exactly that text on standard output.
- A ```console block holds commands, each on a line starting with `$ `,
  each followed by exactly what it prints on standard output. They run in one
  bash session, so `$ echo $?` shows the status of the command before it.
- ```sh blocks are shown, never run, and show no output.

The blocks of one page run in order, in one directory holding a copy of
examples/, so a command can check a store a Python block of the page wrote.
"""

from __future__ import annotations

import contextlib
import dataclasses
import difflib
import io
import itertools
import os
import re
import shutil
import subprocess
import sys
import traceback
import types
from pathlib import Path
from typing import Literal

import pytest

REPO = Path(__file__).resolve().parent.parent
PAGES = [REPO / "README.md", *sorted((REPO / "docs").rglob("*.md"))]
CONTINUES = "<!-- continues -->"
OUTPUT = "Output:"
FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```[ \t]*$", re.S | re.M)
PROMPT = "$ "
# Separates the output of one command of a console block from the next's.
END_OF_COMMAND = "\0"
WORD_BREAK = re.compile(r"\W")


@dataclasses.dataclass(frozen=True)
class Block:
    """One example of a page: what it runs, and what the page says it prints."""

    kind: Literal["python", "console"]
    line: int
    code: str
    continues: bool = False
    output: str | None = None


def blocks(text: str) -> list[Block]:
    """The examples of a page, in order: its ```python and ```console blocks."""
    fences = list(FENCE.finditer(text))
    found: list[Block] = []
    for index, fence in enumerate(fences):
        language, body = fence.group(1), fence.group(2)
        line = text.count("\n", 0, fence.start(2)) + 1
        if language == "python":
            before = text[: fence.start()].rstrip().rsplit("\n", 1)[-1].strip()
            found.append(
                Block("python", line, body, before == CONTINUES, _output_after(text, fences, index))
            )
        elif language == "console":
            found.append(Block("console", line, body))
    return found


def _output_after(text: str, fences: list[re.Match[str]], index: int) -> str | None:
    """The text of the ```text block that an `Output:` line puts after fence `index`, if any."""
    if index + 1 == len(fences) or fences[index + 1].group(1) != "text":
        return None
    between = text[fences[index].end() : fences[index + 1].start()].strip()
    return fences[index + 1].group(2) if between == OUTPUT else None


def commands(console: str) -> list[tuple[str, str]]:
    """Each command of a console block, with the output the page shows for it."""
    pairs: list[tuple[str, list[str]]] = []
    for line in console.splitlines():
        if line.startswith(PROMPT):
            pairs.append((line[len(PROMPT) :], []))
        elif pairs:
            pairs[-1][1].append(line)
        else:
            raise ValueError(f"a console block starts with {line!r}, not a {PROMPT!r} command")
    return [(command, "".join(out + "\n" for out in shown)) for command, shown in pairs]


def mismatch(where: str, what: str, shown: str, got: str) -> str:
    """A message that says how what ran differs from what the page shows."""
    diff = difflib.unified_diff(
        shown.splitlines(keepends=True), got.splitlines(keepends=True), "page", "ran"
    )
    return f"{where}: {what} differs from the page:\n{''.join(diff)}"


def run_python(block: Block, where: str, namespace: types.ModuleType) -> list[str]:
    """Run a python block in `namespace`; what is wrong with it, if anything."""
    printed = io.StringIO()
    try:
        with contextlib.redirect_stdout(printed):
            exec(compile(block.code, where, "exec"), namespace.__dict__)
    except Exception:
        return [f"{where}: raised\n{traceback.format_exc()}"]
    if block.output is not None and printed.getvalue() != block.output:
        return [mismatch(where, "what it prints", block.output, printed.getvalue())]
    return []


def run_console(block: Block, where: str, directory: Path) -> list[str]:
    """Run the commands of a console block in one bash session; what is wrong, if anything."""
    pairs = commands(block.code)
    # Prints what `$?` held, so the separator leaves `echo $?` its meaning.
    script = "".join(
        f"{command}\n__status=$?; printf '\\0'; (exit $__status)\n" for command, _ in pairs
    )
    shims = directory / ".bin"
    shims.mkdir(exist_ok=True)
    shim = shims / "zarr-metadata"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m zarr_metadata "$@"\n')
    shim.chmod(0o755)
    environment = {
        **os.environ,
        "PATH": f"{shims}{os.pathsep}{os.environ['PATH']}",
        "PYTHONUNBUFFERED": "1",
        "COLUMNS": "100",
    }
    done = subprocess.run(
        ["bash", "-c", script],
        cwd=directory,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    outputs = done.stdout.split(END_OF_COMMAND)
    problems = [
        mismatch(f"{where}: $ {command}", "what it prints", shown, got)
        for (command, shown), got in zip(pairs, outputs, strict=False)
        if shown != got
    ]
    if problems and done.stderr:
        problems.append(f"{where}: standard error:\n{done.stderr}")
    return problems


def check_page(text: str, name: str, directory: Path) -> list[str]:
    """Run every example of a page, in `directory`; what is wrong with them, or nothing."""
    problems: list[str] = []
    namespace: types.ModuleType | None = None
    shutil.copytree(REPO / "examples", directory / "examples", dirs_exist_ok=True)
    start = os.getcwd()
    os.chdir(directory)
    try:
        for number, block in enumerate(blocks(text)):
            where = f"{name}:{block.line}"
            if block.kind == "console":
                problems += run_console(block, where, directory)
                continue
            if namespace is None or not block.continues:
                # A module of its own, so that the annotations of the classes a block
                # defines resolve in its namespace, as they would in a user's module.
                namespace = types.ModuleType(f"example_{WORD_BREAK.sub('_', name)}_{number}")
                sys.modules[namespace.__name__] = namespace
            problems += run_python(block, where, namespace)
    finally:
        os.chdir(start)
    return problems


def page_id(path: Path) -> str:
    return str(path.relative_to(REPO))


WITH_EXAMPLES = [path for path in PAGES if blocks(path.read_text(encoding="utf-8"))]


def test_the_pages_hold_examples() -> None:
    names = {page_id(path) for path in WITH_EXAMPLES}
    assert {"README.md", "docs/index.md", "docs/guides/pipeline.md"} <= names
    kinds = {block.kind for path in WITH_EXAMPLES for block in blocks(path.read_text())}
    assert kinds == {"python", "console"}


@pytest.mark.parametrize("path", WITH_EXAMPLES, ids=page_id)
def test_every_example_runs_and_prints_what_the_page_shows(path: Path, tmp_path: Path) -> None:
    problems = check_page(path.read_text(encoding="utf-8"), page_id(path), tmp_path)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("path", PAGES, ids=page_id)
def test_no_output_is_shown_that_no_test_compares(path: Path) -> None:
    """Output shown after a ```sh block, or an `Output:` line after anything but a ```python block, would go unchecked."""
    text = path.read_text(encoding="utf-8")
    fences = list(FENCE.finditer(text))
    for before, after in itertools.pairwise(fences):
        between = text[before.end() : after.start()].strip()
        line = text.count("\n", 0, after.start()) + 1
        if before.group(1) == "sh":
            assert between or after.group(1) not in {"text", "json", ""}, (
                f"{page_id(path)}:{line}: output after a sh block: show it in a console block"
            )
        if between == OUTPUT:
            assert (before.group(1), after.group(1)) == ("python", "text"), (
                f"{page_id(path)}:{line}: an Output: line must sit between a python and a text block"
            )


# The test of the test: a page whose example is wrong is reported.

PRINTS = '```python\nprint("valid")\n```\n\nOutput:\n\n```text\n{shown}\n```\n'


def test_a_python_block_that_prints_other_than_the_page_shows_is_reported(
    tmp_path: Path,
) -> None:
    assert check_page(PRINTS.format(shown="valid"), "page.md", tmp_path) == []
    (problem,) = check_page(PRINTS.format(shown="invalid"), "page.md", tmp_path)
    assert problem.startswith("page.md:2: what it prints differs")
    assert "-invalid\n+valid\n" in problem


def test_a_python_block_that_raises_is_reported(tmp_path: Path) -> None:
    (problem,) = check_page("```python\nimport json\njson.loads('{')\n```\n", "page.md", tmp_path)
    assert problem.startswith("page.md:2: raised") and "JSONDecodeError" in problem


def test_a_block_uses_the_names_of_the_one_before_only_when_the_page_says_it_continues(
    tmp_path: Path,
) -> None:
    first = "```python\nstore = 'examples/valid'\n```\n\n"
    second = "```python\nprint(store)\n```\n\nOutput:\n\n```text\nexamples/valid\n```\n"
    (problem,) = check_page(first + second, "page.md", tmp_path)
    assert "NameError" in problem
    assert check_page(first + CONTINUES + "\n\n" + second, "page.md", tmp_path) == []


CHECKS = "```console\n$ zarr-metadata check --quiet examples/broken/temperature\n{shown}\n$ echo $?\n{status}\n```\n"
TEMPERATURE = "examples/broken/temperature/zarr.json:14:49: /codecs/1/configuration/level invalid_value: expected an integer in [0, 9], got 12"


def test_a_command_that_prints_other_than_the_page_shows_is_reported(tmp_path: Path) -> None:
    assert check_page(CHECKS.format(shown=TEMPERATURE, status=1), "page.md", tmp_path) == []
    wrong = TEMPERATURE.replace("got 12", "got 13")
    (problem,) = check_page(CHECKS.format(shown=wrong, status=1), "page.md", tmp_path)
    assert problem.startswith("page.md:2: $ zarr-metadata check --quiet")
    assert "-" + wrong + "\n+" + TEMPERATURE + "\n" in problem


def test_a_command_whose_status_is_other_than_the_page_shows_is_reported(tmp_path: Path) -> None:
    problems = check_page(CHECKS.format(shown=TEMPERATURE, status=0), "page.md", tmp_path)
    assert problems and problems[0].startswith("page.md:2: $ echo $?")
    assert "-0\n+1\n" in problems[0]


def test_a_command_sees_what_a_python_block_of_the_page_wrote(tmp_path: Path) -> None:
    page = (
        "```python\nfrom pathlib import Path\n\n"
        "Path('a.zarr').mkdir()\nPath('a.zarr/zarr.json').write_text('{}')\n```\n\n"
        "```console\n$ zarr-metadata check --quiet --select missing_key a.zarr\n"
        'a.zarr/zarr.json:1:1: /zarr_format missing_key: missing required member "zarr_format"\n'
        'a.zarr/zarr.json:1:1: /node_type missing_key: missing required member "node_type"\n'
        "```\n"
    )
    assert check_page(page, "page.md", tmp_path) == []
