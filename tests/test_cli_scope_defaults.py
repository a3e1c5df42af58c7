"""What the command says of its scope: `schema` defaults to the scope `check` judges in, and an unknown name in a narrowed scope is no claim about readers beyond it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

ARRAY = {
    "zarr_format": 3,
    "node_type": "array",
    "shape": [4],
    "data_type": "uint8",
    "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [2]}},
    "chunk_key_encoding": {"name": "default"},
    "fill_value": 0,
    "codecs": [{"name": "bytes"}],
}


def run(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "zarr_metadata", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        check=False,
    )


@pytest.mark.parametrize("document", ["node", "zarray"])
def test_schema_defaults_to_the_scope_check_judges_in(document: str) -> None:
    default = run("schema", document)
    assert default.returncode == 0
    assert json.loads(default.stdout) == json.loads(
        run("schema", document, "--context", "known").stdout
    )
    assert json.loads(default.stdout) != json.loads(
        run("schema", document, "--context", "core").stdout
    )


def test_schema_without_arguments_claims_what_known_claims() -> None:
    # float8_e4m3fn is claimed by KNOWN alone.
    assert '"float8_e4m3fn"' in run("schema").stdout


def test_check_and_schema_say_the_same_default() -> None:
    assert "default: known" in " ".join(run("schema", "--help").stdout.split())
    assert "KNOWN and KNOWN_V2, the default" in " ".join(run("check", "--help").stdout.split())


def write_array(directory: Path, **members: object) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "zarr.json").write_text(json.dumps({**ARRAY, **members}))
    return directory / "zarr.json"


def finding(*args: str) -> str:
    result = run("check", *args)
    assert result.returncode == 1
    return result.stdout.splitlines()[0]


def test_a_name_the_known_scope_claims_is_unknown_only_to_readers_limited_to_core(
    tmp_path: Path,
) -> None:
    path = write_array(
        tmp_path / "a",
        data_type="bfloat16",
        codecs=[{"name": "bytes", "configuration": {"endian": "little"}}],
    )
    assert finding("--context", "core", str(path)).endswith(
        '/data_type unknown_name: nothing in scope claims the data type "bfloat16", so no reader limited to this '
        "scope can open the node; the known scope claims it (--context known)"
    )


def test_a_name_nothing_claims_in_a_narrowed_scope_still_says_the_readers_are_those_of_the_scope(
    tmp_path: Path,
) -> None:
    path = write_array(tmp_path / "a", codecs=[{"name": "bytes"}, {"name": "zstdd"}])
    assert finding("--context", "extensions", str(path)).endswith(
        'unknown_name: nothing in scope claims the codec "zstdd", so no reader limited to this scope can open the node; '
        'did you mean "zstd"?'
    )


def test_in_the_known_scope_an_unknown_name_is_one_no_reader_claims(tmp_path: Path) -> None:
    path = write_array(tmp_path / "a", codecs=[{"name": "bytes"}, {"name": "zstdd"}])
    assert finding(str(path)).endswith(
        'unknown_name: nothing in scope claims the codec "zstdd", so no reader can open the node; did you mean "zstd"?'
    )


def test_a_v2_codec_core_v2_lacks_is_unknown_only_to_readers_limited_to_it(tmp_path: Path) -> None:
    zarray = {
        "zarr_format": 2,
        "shape": [4],
        "chunks": [2],
        "dtype": "|u1",
        "compressor": {"id": "base64"},
        "fill_value": 0,
        "order": "C",
        "filters": None,
    }
    (tmp_path / ".zarray").write_text(json.dumps(zarray))
    assert finding("--context", "core", str(tmp_path / ".zarray")).endswith(
        'nothing in scope claims the codec "base64", so no reader limited to this scope can open the node; '
        "the known scope claims it (--context known)"
    )
