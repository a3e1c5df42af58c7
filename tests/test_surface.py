"""Every public name the API surface lists exists where it lists it (the parts built so far)."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

SURFACE = Path(__file__).resolve().parents[1].parent / "shared" / "spec" / "api-surface.md"

# Parts of the surface no issue has asked for yet; each is skipped by name, so
# the list shrinks as they are built.
NOT_YET: dict[str, str] = {}
NOT_YET_NAMES: dict[str, str] = {}


def _sections() -> list[tuple[str, list[str]]]:
    if not SURFACE.exists():
        return []
    sections: list[tuple[str, list[str]]] = []
    for line in SURFACE.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"^## `([\w.]+)`", line)
        if heading:
            sections.append((heading.group(1), []))
            continue
        name = re.match(r"^- `(\w+)`", line)
        if name and sections:
            sections[-1][1].append(name.group(1))
    return sections


SECTIONS = _sections()


@pytest.mark.skipif(not SURFACE.exists(), reason=f"the API surface is not beside the repository ({SURFACE})")
@pytest.mark.parametrize(("module", "names"), SECTIONS, ids=[module for module, _ in SECTIONS])
def test_every_listed_name_exists(module: str, names: list[str]) -> None:
    if module in NOT_YET:
        pytest.skip(NOT_YET[module])
    imported = importlib.import_module(module)
    missing = [
        name
        for name in names
        if not hasattr(imported, name) and name not in NOT_YET_NAMES
    ]
    assert missing == []


def test_the_surface_is_found_when_the_shared_folder_is_there() -> None:
    if not SURFACE.parent.parent.exists():
        pytest.skip("../shared is not beside the repository")
    assert SECTIONS, "the surface lists no module"


def _optional_members() -> list[tuple[str, str, str]]:
    """Each TypedDict member the surface marks optional: (module, TypedDict, member)."""
    if not SURFACE.exists():
        return []
    found: list[tuple[str, str, str]] = []
    module = typed_dict = None
    for line in SURFACE.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"^## `([\w.]+)`", line)
        if heading:
            module, typed_dict = heading.group(1), None
            continue
        name = re.match(r"^- `(\w+)`: (\w+)", line)
        if name:
            typed_dict = name.group(1) if name.group(2) == "TypedDict" else None
            continue
        member = re.match(r"^    - `(\w+)` \(optional\): ", line)
        if member and module and typed_dict and module not in NOT_YET:
            found.append((module, typed_dict, member.group(1)))
    return found


OPTIONAL_MEMBERS = _optional_members()


@pytest.mark.skipif(not SURFACE.exists(), reason=f"the API surface is not beside the repository ({SURFACE})")
def test_every_member_listed_as_optional_is_optional_at_run_time() -> None:
    # A TypedDict learns which keys are optional only from evaluated
    # annotations; a module that postpones them makes every key required.
    assert OPTIONAL_MEMBERS
    wrong = [
        f"{module}.{typed_dict}.{member}"
        for module, typed_dict, member in OPTIONAL_MEMBERS
        if member not in getattr(importlib.import_module(module), typed_dict).__optional_keys__
    ]
    assert wrong == []
