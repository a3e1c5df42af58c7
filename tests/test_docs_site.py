"""The documentation site's reference covers the published surface, and its generated tables come from the code."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT / "docs" / "reference"
SURFACE = ROOT.parent / "shared" / "spec" / "api-surface.md"
HOOKS = ROOT / "docs_hooks" / "generated.py"


def _documented_modules() -> set[str]:
    """Every module a reference page renders with a `::: module` line."""
    return {
        match.group(1)
        for page in REFERENCE.glob("*.md")
        for match in re.finditer(r"^::: ([\w.]+)\s*$", page.read_text(encoding="utf-8"), re.M)
    }


def test_every_public_module_of_the_surface_has_a_reference_entry() -> None:
    if not SURFACE.exists():
        pytest.skip("the shared folder (../shared) holding the published surface is absent")
    published = set(re.findall(r"^## `([\w.]+)`", SURFACE.read_text(encoding="utf-8"), re.M))
    assert published, "no module found in the surface"
    assert published - _documented_modules() == set()


def test_every_reference_entry_names_a_module_that_exists() -> None:
    documented = _documented_modules()
    assert documented
    missing = {name for name in documented if importlib.util.find_spec(name) is None}
    assert missing == set()


def _hooks() -> object:
    spec = importlib.util.spec_from_file_location("docs_hooks_generated", HOOKS)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(spec.name, module)
    spec.loader.exec_module(module)
    return module


def test_the_finding_kinds_table_lists_every_kind_the_checker_defines() -> None:
    from zarr_metadata.cli._kinds import RULES

    table: str = _hooks().finding_kinds()  # type: ignore[attr-defined]
    listed = re.findall(r"^\| `(\w+)` \|", table, re.M)
    assert listed == list(RULES)


def test_the_exit_status_table_holds_the_statuses_of_check() -> None:
    table: str = _hooks().exit_statuses()  # type: ignore[attr-defined]
    for status, name in ((0, "EXIT_VALID"), (1, "EXIT_PROBLEMS"), (2, "EXIT_USAGE")):
        assert f"| `zarr-metadata check` | {status} | `{name}` |" in table


def test_a_page_that_asks_for_a_table_gets_it_in_place_of_its_placeholder() -> None:
    page = "# Kinds\n\n<!-- finding-kinds -->\n"
    written: str = _hooks().on_page_markdown(page)  # type: ignore[attr-defined]
    assert "<!-- finding-kinds -->" not in written
    assert "| `unknown_name` |" in written
