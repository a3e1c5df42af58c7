"""Definitions from other packages: entry points in the group zarr_metadata.definitions, and --definitions module:attribute."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

ARRAY = {
    "zarr_format": 3,
    "node_type": "array",
    "shape": [10],
    "data_type": "uint8",
    "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [5]}},
    "chunk_key_encoding": {"name": "default"},
    "fill_value": 0,
    "codecs": [{"name": "bytes"}, {"name": "acme.squash", "configuration": {"strength": 3}}],
}

PLUGIN = textwrap.dedent(
    '''
    """A package that defines the acme.squash codec for the checker."""

    from typing_extensions import TypedDict

    from zarr_metadata.v2.definition import ZarrV2CodecDefinition, ZarrV2Context
    from zarr_metadata.v3.definition import CodecDefinition


    class SquashConfiguration(TypedDict, closed=True):
        strength: int


    SQUASH = CodecDefinition(name="acme.squash", configuration=SquashConfiguration, kind="bytes_bytes", size="dynamic")
    DEFINITIONS = [SQUASH, ZarrV2CodecDefinition(name="acme.squash", configuration=SquashConfiguration)]
    SCOPE_V2 = ZarrV2Context(codecs=[DEFINITIONS[1]])
    OTHER_ZSTD = CodecDefinition(name="zstd", configuration=SquashConfiguration, kind="bytes_bytes", size="dynamic")
    CLASHING = [OTHER_ZSTD]
    NOT_DEFINITIONS = [1, 2]
    '''
)


def run(*args: str, cwd: Path, path: Path | None = None) -> subprocess.CompletedProcess[str]:
    environment = dict(os.environ)
    if path is not None:
        environment["PYTHONPATH"] = os.pathsep.join(
            filter(None, [str(path), environment.get("PYTHONPATH", "")])
        )
    return subprocess.run(
        [sys.executable, "-m", "zarr_metadata", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=environment,
        check=False,
    )


@pytest.fixture
def store(tmp_path: Path) -> Path:
    """A store whose one array uses acme.squash, and a folder on the path holding the plugin module."""
    (tmp_path / "store").mkdir()
    (tmp_path / "store" / "zarr.json").write_text(json.dumps(ARRAY), encoding="utf-8")
    (tmp_path / "plugins").mkdir()
    (tmp_path / "plugins" / "acme_squash.py").write_text(PLUGIN, encoding="utf-8")
    return tmp_path


def test_without_the_plugin_the_codec_is_an_unknown_name(store: Path) -> None:
    result = run("check", "store", cwd=store, path=store / "plugins")
    assert "unknown_name" in result.stdout
    assert result.returncode == 1


def test_definitions_from_the_command_line_claim_the_name(store: Path) -> None:
    result = run(
        "check",
        "--definitions",
        "acme_squash:DEFINITIONS",
        "store",
        cwd=store,
        path=store / "plugins",
    )
    assert result.stdout.splitlines() == ["1 document, 0 problems, 0 warnings"]
    assert result.returncode == 0


def test_the_plugin_checks_what_it_claims(store: Path) -> None:
    broken = {
        **ARRAY,
        "codecs": [
            {"name": "bytes"},
            {"name": "acme.squash", "configuration": {"strength": "high"}},
        ],
    }
    (store / "store" / "zarr.json").write_text(json.dumps(broken), encoding="utf-8")
    result = run(
        "check",
        "--definitions",
        "acme_squash:DEFINITIONS",
        "store",
        cwd=store,
        path=store / "plugins",
    )
    assert "/codecs/1/configuration/strength invalid_type" in result.stdout


def test_a_v2_scope_from_the_command_line_claims_a_v2_codec(store: Path) -> None:
    zarray = {"zarr_format": 2, "shape": [4], "chunks": [4], "dtype": "|u1", "compressor": {"id": "acme.squash", "strength": 1},
              "fill_value": 0, "order": "C", "filters": None}  # fmt: skip
    (store / "v2").mkdir()
    (store / "v2" / ".zarray").write_text(json.dumps(zarray), encoding="utf-8")
    assert run("check", "v2", cwd=store, path=store / "plugins").returncode == 1
    result = run(
        "check", "--definitions", "acme_squash:SCOPE_V2", "v2", cwd=store, path=store / "plugins"
    )
    assert result.stdout.splitlines() == ["1 document, 0 problems, 0 warnings"]


@pytest.mark.parametrize(
    ("reference", "said"),
    [
        ("acme_missing:DEFINITIONS", "ModuleNotFoundError"),
        ("acme_squash:NOWHERE", "AttributeError"),
        ("acme_squash", "expected module:attribute"),
        ("acme_squash:CLASHING", "conflicts with the scope"),
        ("acme_squash:NOT_DEFINITIONS", "which is not a definition"),
        ("acme_squash:SQUASH", "not a scope or an iterable of definitions"),
    ],
)
def test_a_plugin_that_cannot_be_used_is_a_usage_error_that_names_it(
    store: Path, reference: str, said: str
) -> None:
    result = run("check", "--definitions", reference, "store", cwd=store, path=store / "plugins")
    assert result.returncode == 2
    assert result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert reference in line and said in line, line


def _install_entry_point(folder: Path, value: str) -> None:
    """A distribution on `folder` whose entry point in zarr_metadata.definitions names `value`, as an installed package has."""
    info = folder / "acme_squash-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: acme-squash\nVersion: 1.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        f"[zarr_metadata.definitions]\nsquash = {value}\n", encoding="utf-8"
    )


def test_an_installed_entry_point_adds_its_definitions(store: Path) -> None:
    _install_entry_point(store / "plugins", "acme_squash:DEFINITIONS")
    result = run("check", "store", cwd=store, path=store / "plugins")
    assert result.stdout.splitlines() == ["1 document, 0 problems, 0 warnings"]
    assert result.returncode == 0


def test_an_installed_entry_point_that_fails_is_a_usage_error_that_names_it(store: Path) -> None:
    _install_entry_point(store / "plugins", "acme_missing:DEFINITIONS")
    result = run("check", "store", cwd=store, path=store / "plugins")
    assert result.returncode == 2
    assert "squash (acme_missing:DEFINITIONS)" in result.stderr
