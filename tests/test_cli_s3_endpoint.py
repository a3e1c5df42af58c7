"""An S3 endpoint other than AWS is named as the README says, by `AWS_ENDPOINT_URL` alone: checked against a moto server."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("moto")
fsspec = pytest.importorskip("fsspec")
pytest.importorskip("s3fs")

from _servers import S3Server  # noqa: E402

REPO = Path(__file__).resolve().parent.parent

FAKE_AWS = {
    "AWS_ACCESS_KEY_ID": "testing",
    "AWS_SECRET_ACCESS_KEY": "testing",
    "AWS_DEFAULT_REGION": "us-east-1",
    "AWS_EC2_METADATA_DISABLED": "true",
    "AWS_CONFIG_FILE": os.devnull,
    "AWS_SHARED_CREDENTIALS_FILE": os.devnull,
}


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[S3Server]:
    for name, value in FAKE_AWS.items():
        monkeypatch.setenv(name, value)
    with S3Server() as running:
        fs = fsspec.filesystem("s3", endpoint_url=running.endpoint, skip_instance_cache=True)
        fs.mkdir("bucket")
        fs.pipe({
            "bucket/store.zarr/zarr.json": b'{"zarr_format": 3, "node_type": "group"}',
            "bucket/store.zarr/a/zarr.json": b'{"zarr_format": 3, "node_type": "group", "attributes": 5}',
        })  # fmt: skip
        running.requests.reset()
        yield running


def test_the_guide_names_the_variable() -> None:
    guide = REPO / "docs" / "guides" / "command-line.md"
    assert "AWS_ENDPOINT_URL" in guide.read_text(encoding="utf-8")


def test_aws_endpoint_url_alone_reaches_the_endpoint(server: S3Server) -> None:
    # No fsspec configuration: only what the README tells a user to set.
    env = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("FSSPEC_", "AWS_"))
    }
    env.update(FAKE_AWS, AWS_ENDPOINT_URL=server.endpoint)
    result = subprocess.run(
        [sys.executable, "-m", "zarr_metadata", "check", "--timeout", "10", "s3://bucket/store.zarr"],
        capture_output=True, text=True, cwd=REPO, env=env, check=False, timeout=120,
    )  # fmt: skip
    assert result.stdout.splitlines() == [
        "s3://bucket/store.zarr/a/zarr.json:1:56: /attributes invalid_type: expected an object, got 5",
        "2 documents, 1 problem, 0 warnings",
    ]
    assert result.returncode == 1
    assert server.requests.paths, "the check reached the moto server"
