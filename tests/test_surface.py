"""Every public name the API surface lists exists where it lists it (the parts built so far)."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

SURFACE = Path(__file__).resolve().parents[1].parent / "shared" / "spec" / "api-surface.md"

# Parts of the surface no issue has asked for yet; each is skipped by name, so
# the list shrinks as they are built.
NOT_YET = {
    "zarr_metadata.pydantic": "the pydantic integration has no issue yet",
}
NOT_YET_PREFIXES = {
    "zarr_metadata.v2": "Zarr v2 has no issue yet",
}
NOT_YET_NAMES = {
    "node_metadata_json_schema_v3": "document schemas have no issue yet",
    "field_json_schema_v3": "field schemas have no issue yet",
}


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


def _is_v2(name: str) -> bool:
    """Whether `name` is a Zarr v2 name listed in a shared module (such as `read_array_metadata_v2`)."""
    return "ZarrV2" in name or name.startswith("ZARR_V2_") or name.endswith(("_V2", "_v2"))


@pytest.mark.skipif(not SURFACE.exists(), reason=f"the API surface is not beside the repository ({SURFACE})")
@pytest.mark.parametrize(("module", "names"), SECTIONS, ids=[module for module, _ in SECTIONS])
def test_every_listed_name_exists(module: str, names: list[str]) -> None:
    if module in NOT_YET:
        pytest.skip(NOT_YET[module])
    for prefix, reason in NOT_YET_PREFIXES.items():
        if module == prefix or module.startswith(prefix + "."):
            pytest.skip(reason)
    imported = importlib.import_module(module)
    missing = [
        name
        for name in names
        if not hasattr(imported, name) and name not in NOT_YET_NAMES and not _is_v2(name)
    ]
    assert missing == []


def test_the_surface_is_found_when_the_shared_folder_is_there() -> None:
    if not SURFACE.parent.parent.exists():
        pytest.skip("../shared is not beside the repository")
    assert SECTIONS, "the surface lists no module"
