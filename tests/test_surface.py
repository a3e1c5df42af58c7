"""Every public name the API surface lists exists where it lists it, each public module exports exactly those names, and each alias is of the kind listed."""

from __future__ import annotations

import importlib
import re
import typing
from pathlib import Path

import pytest
import typing_extensions

import zarr_metadata

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
        # A name, then its kind (`- `X`: ...`) or its signature (`- `f(...)`: function`).
        name = re.match(r"^- `(\w+)[`(]", line)
        if name and sections:
            sections[-1][1].append(name.group(1))
    return sections


SECTIONS = _sections()


@pytest.mark.skipif(
    not SURFACE.exists(), reason=f"the API surface is not beside the repository ({SURFACE})"
)
@pytest.mark.parametrize(("module", "names"), SECTIONS, ids=[module for module, _ in SECTIONS])
def test_every_listed_name_exists(module: str, names: list[str]) -> None:
    if module in NOT_YET:
        pytest.skip(NOT_YET[module])
    imported = importlib.import_module(module)
    missing = [name for name in names if not hasattr(imported, name) and name not in NOT_YET_NAMES]
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


@pytest.mark.skipif(
    not SURFACE.exists(), reason=f"the API surface is not beside the repository ({SURFACE})"
)
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


@pytest.mark.skipif(
    not SURFACE.exists(), reason=f"the API surface is not beside the repository ({SURFACE})"
)
@pytest.mark.parametrize(("module", "names"), SECTIONS, ids=[module for module, _ in SECTIONS])
def test_all_lists_exactly_the_names_the_surface_lists(module: str, names: list[str]) -> None:
    # `from module import *` gives a program written against the surface the names it expects, and no others.
    exported = getattr(importlib.import_module(module), "__all__", None)
    assert exported is not None, f"{module} defines no __all__"
    assert sorted(exported) == sorted(names)
    assert len(set(exported)) == len(exported)


def _public_modules() -> list[str]:
    """Every module of the package whose dotted name has no part starting with `_`."""
    root = Path(zarr_metadata.__file__).resolve().parent
    found: list[str] = []
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        if not any(part.startswith("_") for part in parts):
            found.append(".".join(parts))
    return found


@pytest.mark.parametrize("module", _public_modules())
def test_every_public_module_defines_all_of_names_it_holds(module: str) -> None:
    imported = importlib.import_module(module)
    exported = getattr(imported, "__all__", None)
    assert isinstance(exported, list | tuple), f"{module} defines no __all__"
    assert [name for name in exported if not hasattr(imported, name)] == []


_ALIAS_KINDS: tuple[type, ...] = (typing_extensions.TypeAliasType,) + (
    (typing.TypeAliasType,) if hasattr(typing, "TypeAliasType") else ()  # pyright: ignore[reportAttributeAccessIssue]
)


def _aliases() -> list[tuple[str, str, bool]]:
    """Each alias the surface lists: (module, name, whether it is a `TypeAliasType`, listed as `type alias`, or a plain alias, `type`)."""
    if not SURFACE.exists():
        return []
    found: list[tuple[str, str, bool]] = []
    module = None
    for line in SURFACE.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"^## `([\w.]+)`", line)
        if heading:
            module = heading.group(1)
            continue
        alias = re.match(r"^- `(\w+)`: (type alias|type) = ", line)
        if alias and module:
            found.append((module, alias.group(1), alias.group(2) == "type alias"))
    return found


ALIASES = _aliases()


@pytest.mark.skipif(
    not SURFACE.exists(), reason=f"the API surface is not beside the repository ({SURFACE})"
)
def test_each_alias_is_of_the_kind_the_surface_lists() -> None:
    assert ("zarr_metadata.model", "ZarrV3NodeMetadata", True) in ALIASES
    wrong = [
        f"{module}.{name}"
        for module, name, type_alias in ALIASES
        if isinstance(getattr(importlib.import_module(module), name), _ALIAS_KINDS) != type_alias
    ]
    assert wrong == []
