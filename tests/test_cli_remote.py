"""Stores behind a URL, checked through fsspec against real servers on loopback: moto's S3 API and `http.server`."""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import sys
import time
import zipfile
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import fsspec
import fsspec.config
import pytest

from _servers import HTTPServer, S3Server, files_under, in_a_process, refusing_url
from zarr_metadata.cli._check import Options
from zarr_metadata.cli._findings import Finding
from zarr_metadata.cli._main import main
from zarr_metadata.cli._remote import FsspecStore, open_url
from zarr_metadata.cli._report import text_line
from zarr_metadata.cli._run import run
from zarr_metadata.cli._store import StoreError
from zarr_metadata.v2 import KNOWN_V2
from zarr_metadata.v3 import KNOWN

REPO = Path(__file__).resolve().parent.parent
STORES = REPO / "tests" / "data" / "stores"
V3 = STORES / "zarr-python-3" / "v3"  # 22 documents, with consolidated metadata
V2 = STORES / "zarr-python-2"  # 26 documents, with a .zmetadata

BROKEN_V3 = json.dumps(
    {
        "zarr_format": 3,
        "node_type": "array",
        "shape": [10],
        "data_type": "int32",
        "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [5]}},
        "chunk_key_encoding": {"name": "default"},
        "fill_value": "0",
        "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}],
    },
    indent=2,
).encode()
BROKEN_V2 = json.dumps(
    {
        "zarr_format": 2,
        "shape": [10],
        "chunks": [5],
        "dtype": "<i4",
        "compressor": None,
        "fill_value": 0,
        "order": "C",
        "filters": [],
    },
    indent=2,
).encode()

FAKE_AWS = {
    "AWS_ACCESS_KEY_ID": "testing",
    "AWS_SECRET_ACCESS_KEY": "testing",
    "AWS_DEFAULT_REGION": "us-east-1",
    "AWS_EC2_METADATA_DISABLED": "true",
    "AWS_CONFIG_FILE": os.devnull,
    "AWS_SHARED_CREDENTIALS_FILE": os.devnull,
}


class Bucket:
    """A moto S3 server holding the bucket `bucket`, and the environment a process needs to reach it through fsspec's configuration."""

    def __init__(self, server: S3Server) -> None:
        self.server = server
        self.env = {**os.environ, **FAKE_AWS, "FSSPEC_S3_ENDPOINT_URL": server.endpoint}
        self.fs = fsspec.filesystem("s3", endpoint_url=server.endpoint, skip_instance_cache=True)
        self.fs.mkdir("bucket")

    def put(self, prefix: str, files: dict[str, bytes]) -> None:
        self.fs.pipe({f"bucket/{prefix}/{key}": data for key, data in files.items()})
        self.server.requests.reset()


@pytest.fixture
def s3(monkeypatch: pytest.MonkeyPatch) -> Iterator[Bucket]:
    """A fresh moto S3 server, reached in this process and in a child process through fsspec's configuration and fake AWS credentials."""
    for name, value in FAKE_AWS.items():
        monkeypatch.setenv(name, value)
    with S3Server() as server:
        monkeypatch.setitem(fsspec.config.conf, "s3", {"endpoint_url": server.endpoint})
        yield Bucket(server)


def command(
    *args: str, env: dict[str, str] | None = None, cwd: Path = REPO
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "zarr_metadata", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        check=False,
        timeout=120,
    )


def lines(result: subprocess.CompletedProcess[str]) -> list[str]:
    assert "Traceback" not in result.stderr
    return result.stdout.splitlines()


def checked(*names: str) -> list[str]:
    """The findings of a run over `names` in this process, as text lines."""
    found: list[Finding] = []
    run(names, Options(KNOWN, context_v2=KNOWN_V2), found.append)
    return [text_line(finding) for finding in found]


V3_WITH_BROKEN = {**dict(files_under(V3)), "broken/zarr.json": BROKEN_V3}
V2_WITH_BROKEN = {**dict(files_under(V2)), "broken/.zarray": BROKEN_V2}


def v3_report(url: str) -> list[str]:
    """What checking the v3 store with a broken node at the URL `url` reports."""
    return [
        f'{url}/zarr.json:9:17: /consolidated_metadata/metadata/broken warning unlisted: does not list the node "broken", whose broken/zarr.json is in the store',
        f'{url}/broken/zarr.json:19:17: /fill_value invalid_type: expected an integer, got "0"',
    ]


def v2_report(url: str) -> list[str]:
    """What checking the v2 store with a broken node at the URL `url` reports."""
    return [
        f"{url}/.zmetadata:2:17: /metadata/broken~1.zarray warning unlisted: does not list broken/.zarray, which is in the store",
        f"{url}/broken/.zarray:13:14: /filters invalid_value: expected null for an array without filters, got an empty array",
    ]


# S3


def test_a_v3_and_a_v2_store_in_a_bucket_are_checked_through_s3(s3: Bucket) -> None:
    s3.put("v3.zarr", V3_WITH_BROKEN)
    s3.put("v2.zarr", V2_WITH_BROKEN)
    result = command(
        "check", "--jobs", "8", "s3://bucket/v3.zarr", "s3://bucket/v2.zarr/", env=s3.env
    )
    assert lines(result) == [
        *v3_report("s3://bucket/v3.zarr"),
        *v2_report("s3://bucket/v2.zarr"),
        "50 documents, 2 problems, 2 warnings",
    ]
    assert result.returncode == 1


def test_at_most_jobs_requests_are_in_flight_and_each_document_is_one_request(s3: Bucket) -> None:
    s3.put("v3.zarr", V3_WITH_BROKEN)
    s3.put("v2.zarr", V2_WITH_BROKEN)
    s3.server.latency = 0.02  # so that requests overlap
    result = command(
        "check", "--quiet", "--jobs", "8", "s3://bucket/v3.zarr", "s3://bucket/v2.zarr", env=s3.env
    )
    assert lines(result) == [*v3_report("s3://bucket/v3.zarr"), *v2_report("s3://bucket/v2.zarr")]
    assert 1 < s3.server.requests.most_at_once <= 8
    reads = Counter(path for path in s3.server.requests.paths if path != "/bucket")
    expected = Counter(
        [
            *(f"/bucket/v3.zarr/{key}" for key in V3_WITH_BROKEN),
            *(f"/bucket/v2.zarr/{key}" for key in V2_WITH_BROKEN),
        ]
    )
    assert set(reads) == set(expected)
    # The run may read the root node's files for their own target, then again to compare the .zmetadata beside them.
    assert set(reads - expected) <= {"/bucket/v2.zarr/.zgroup", "/bucket/v2.zarr/.zattrs"}


def test_one_job_is_one_request_at_a_time(s3: Bucket) -> None:
    s3.put("v3.zarr", dict(files_under(V3)))
    s3.server.latency = 0.01
    assert (
        command("check", "--quiet", "--jobs", "1", "s3://bucket/v3.zarr", env=s3.env).returncode
        == 0
    )
    assert s3.server.requests.most_at_once == 1


def test_by_default_sixteen_requests_are_in_flight(s3: Bucket) -> None:
    # botocore's connection pool holds 10 unless it is made larger.
    s3.put("v3.zarr", dict(files_under(V3)))
    s3.server.latency = 0.2
    assert command("check", "--quiet", "s3://bucket/v3.zarr", env=s3.env).returncode == 0
    assert s3.server.requests.most_at_once == 16


def test_a_url_naming_a_metadata_file_checks_that_node(s3: Bucket) -> None:
    s3.put("v2.zarr", V2_WITH_BROKEN)
    result = command(
        "check", "s3://bucket/v2.zarr/broken/.zarray", "s3://bucket/v2.zarr/.zattrs", env=s3.env
    )
    assert lines(result) == [
        "s3://bucket/v2.zarr/broken/.zarray:13:14: /filters invalid_value: expected null for an array without filters, got an empty array",
        "3 documents, 1 problem, 0 warnings",
    ]


def test_a_bucket_that_does_not_exist_is_an_io_error_and_exit_2_alone(s3: Bucket) -> None:
    result = command("check", "s3://nope/store", env=s3.env)
    assert lines(result) == [
        "s3://nope/store:1:1: / io_error: cannot list s3://nope/store: The specified bucket does not exist",
        "0 documents, 1 problem, 0 warnings",
    ]
    assert result.returncode == 2
    s3.put("v3.zarr", dict(files_under(V3)))
    beside = command("check", "s3://nope/store", "s3://bucket/v3.zarr", env=s3.env)
    assert lines(beside) == [lines(result)[0], "22 documents, 1 problem, 0 warnings"]
    assert beside.returncode == 1


def test_an_empty_prefix_has_no_metadata(s3: Bucket) -> None:
    result = command("check", "s3://bucket/nothing", env=s3.env)
    assert lines(result) == [
        "s3://bucket/nothing:1:1: / no_metadata: no Zarr metadata found in s3://bucket/nothing",
        "0 documents, 1 problem, 0 warnings",
    ]
    assert result.returncode == 1


def test_a_document_that_times_out_is_an_io_error_and_the_rest_is_checked(s3: Bucket) -> None:
    s3.put("v3.zarr", dict(files_under(V3)))
    s3.server.delays["/bucket/v3.zarr/lzma/zarr.json"] = 5.0
    result = command("check", "--timeout", "0.5", "s3://bucket/v3.zarr", env=s3.env)
    assert lines(result) == [
        "s3://bucket/v3.zarr/zarr.json:535:15: /consolidated_metadata/metadata/lzma invalid_value: "
        "cannot be compared with lzma/zarr.json: cannot read s3://bucket/v3.zarr/lzma/zarr.json: no answer within 0.5 s",
        "s3://bucket/v3.zarr/lzma/zarr.json:1:1: / io_error: cannot read s3://bucket/v3.zarr/lzma/zarr.json: no answer within 0.5 s",
        "22 documents, 2 problems, 0 warnings",
    ]


def test_a_document_the_store_refuses_is_an_io_error_and_the_rest_is_checked(s3: Bucket) -> None:
    s3.put("v2.zarr", dict(files_under(V2)))
    s3.server.refused.add("/bucket/v2.zarr/ints/.zarray")
    result = command("check", "s3://bucket/v2.zarr", env=s3.env)
    assert lines(result) == [
        "s3://bucket/v2.zarr/.zmetadata:216:25: /metadata/ints~1.zarray invalid_value: "
        "cannot be compared with ints/.zarray: cannot read s3://bucket/v2.zarr/ints/.zarray: Access Denied",
        "s3://bucket/v2.zarr/ints/.zarray:1:1: / io_error: cannot read s3://bucket/v2.zarr/ints/.zarray: Access Denied",
        "26 documents, 2 problems, 0 warnings",
    ]


def test_a_bucket_that_refuses_to_be_listed_is_read_through_its_consolidated_metadata(
    s3: Bucket,
) -> None:
    s3.put("v3.zarr", V3_WITH_BROKEN)
    s3.put("chunks", {"c/0": b"\0" * 8})
    s3.server.refused.add("/bucket")  # ListObjects; each GetObject asks for /bucket/<key>
    # The broken node is not in the consolidated metadata, so nothing finds it.
    assert checked("s3://bucket/v3.zarr") == []
    assert "/bucket/v3.zarr/broken/zarr.json" not in s3.server.requests.paths
    assert (
        len(s3.server.requests.paths) == 1 + 4 + 21
    )  # the listing, the root's four files, the nodes listed
    assert checked("s3://bucket/chunks") == [
        "s3://bucket/chunks:1:1: / io_error: cannot list s3://bucket/chunks: Access Denied"
    ]


# Writing, for --repair --write


@pytest.fixture
def s3_store(s3: Bucket) -> FsspecStore:
    s3.put("store", {"zarr.json": b'{"zarr_format": 3, "node_type": "group"}'})
    opened = open_url("s3://bucket/store", Options(KNOWN))
    assert not isinstance(opened, StoreError)
    assert isinstance(opened.store, FsspecStore)
    return opened.store


def test_write_puts_the_bytes_in_place_and_leaves_no_temporary_key(
    s3: Bucket, s3_store: FsspecStore
) -> None:
    s3_store.write("zarr.json", b'{"zarr_format": 3, "node_type": "group", "attributes": {}}')
    s3_store.write("a/zarr.json", b"{}")
    assert (
        s3.fs.cat_file("bucket/store/zarr.json")
        == b'{"zarr_format": 3, "node_type": "group", "attributes": {}}'
    )
    assert s3.fs.cat_file("bucket/store/a/zarr.json") == b"{}"
    assert sorted(s3.fs.find("bucket/store")) == [
        "bucket/store/a/zarr.json",
        "bucket/store/zarr.json",
    ]
    # Each was written beside its key first, then moved into place.
    partial = {
        path.rsplit(".", 2)[0] for path in s3.server.requests.paths if path.endswith(".partial")
    }
    assert partial == {"/bucket/store/zarr.json", "/bucket/store/a/zarr.json"}


def test_a_write_the_store_refuses_is_a_store_error(s3: Bucket, s3_store: FsspecStore) -> None:
    s3.fs.rm("bucket", recursive=True)
    with pytest.raises(
        StoreError,
        match=r"^cannot write s3://bucket/store/zarr.json: The specified bucket does not exist$",
    ):
        s3_store.write("zarr.json", b"{}")


def test_repair_write_puts_the_cured_document_in_the_bucket_and_keeps_the_original(
    s3: Bucket,
) -> None:
    # zarr-python 3.0 wrote 0 for the chunk length of an empty dimension, which repair makes 1.
    empty = json.loads(BROKEN_V3) | {
        "shape": [0],
        "fill_value": 0,
        "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [0]}},
    }
    original = json.dumps(empty, indent=2).encode()
    s3.put(
        "repaired.zarr",
        {"a/zarr.json": original, "zarr.json": b'{"zarr_format": 3, "node_type": "group"}'},
    )
    result = command("check", "--repair", "--write", "s3://bucket/repaired.zarr", env=s3.env)
    assert lines(result)[-1] == "2 documents, 0 problems, 0 warnings, 1 repair"
    assert result.returncode == 0
    assert s3.fs.cat_file("bucket/repaired.zarr/a/zarr.json.orig") == original
    assert json.loads(s3.fs.cat_file("bucket/repaired.zarr/a/zarr.json"))["chunk_grid"][
        "configuration"
    ]["chunk_shape"] == [1]
    assert sorted(s3.fs.find("bucket/repaired.zarr")) == [
        "bucket/repaired.zarr/a/zarr.json",
        "bucket/repaired.zarr/a/zarr.json.orig",
        "bucket/repaired.zarr/zarr.json",
    ]
    assert lines(command("check", "s3://bucket/repaired.zarr", env=s3.env)) == [
        "2 documents, 0 problems, 0 warnings"
    ]


# HTTP


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """The zarr-python 3 stores (`v3/`, `v2/`), with a node their consolidated metadata leaves out and a listed node whose file is gone."""
    shutil.copytree(STORES / "zarr-python-3", tmp_path / "site")
    (tmp_path / "site" / "v3" / "unlisted").mkdir()
    (tmp_path / "site" / "v3" / "unlisted" / "zarr.json").write_bytes(BROKEN_V3)
    (tmp_path / "site" / "v2" / "floats" / ".zarray").unlink()
    return tmp_path / "site"


def site_report(url: str) -> list[str]:
    """What checking the site's two stores reports when they are read through their consolidated metadata alone."""
    return [
        f'{url}/v2/.zmetadata:1:1220: /metadata/floats~1.zarray invalid_value: lists "floats/.zarray", but floats/.zarray does not exist',
        f"{url}/v2/floats/.zattrs:1:1: / missing_key: expected a .zarray or a .zgroup among the files of a node, found neither",
    ]


def unlisted_report(url: str) -> list[str]:
    """What checking the site's v3 store reports of the node only a listing finds."""
    return [
        f'{url}/v3/zarr.json:9:17: /consolidated_metadata/metadata/unlisted warning unlisted: does not list the node "unlisted", whose unlisted/zarr.json is in the store',
        f'{url}/v3/unlisted/zarr.json:19:17: /fill_value invalid_type: expected an integer, got "0"',
    ]


def test_http_with_directory_pages_is_listed(site: Path) -> None:
    with HTTPServer(site) as server:
        result = command("check", f"{server.url}/v3", f"{server.url}/v2/")
    assert lines(result) == [
        *unlisted_report(server.url),
        *site_report(server.url),
        "45 documents, 3 problems, 1 warning",
    ]
    assert result.returncode == 1


def test_http_without_directory_pages_is_read_through_consolidated_metadata(site: Path) -> None:
    # The unlisted node cannot be found; every node the consolidated metadata lists is read.
    with HTTPServer(site, listings=False) as server:
        result = command("check", f"{server.url}/v3", f"{server.url}/v2/", f"{server.url}/nothing")
    assert lines(result) == [
        *site_report(server.url),
        f"{server.url}/nothing:1:1: / no_metadata: no Zarr metadata found in {server.url}/nothing",
        "44 documents, 3 problems, 0 warnings",
    ]


def test_http_a_slow_document_times_out_and_the_rest_is_checked(site: Path) -> None:
    with HTTPServer(site, slow={"/v3/sharded/zarr.json": 5.0}) as server:
        result = command("check", "--quiet", "--timeout", "0.5", f"{server.url}/v3")
    timed_out = f"cannot read {server.url}/v3/sharded/zarr.json: no answer within 0.5 s"
    assert lines(result) == [
        unlisted_report(server.url)[0],
        f"{server.url}/v3/zarr.json:612:18: /consolidated_metadata/metadata/sharded invalid_value: cannot be compared with sharded/zarr.json: {timed_out}",
        f"{server.url}/v3/sharded/zarr.json:1:1: / io_error: {timed_out}",
        unlisted_report(server.url)[1],
    ]


def test_http_names_that_a_directory_page_percent_encodes_are_read_as_named(tmp_path: Path) -> None:
    (tmp_path / "store" / "a b%c").mkdir(parents=True)
    (tmp_path / "store" / "zarr.json").write_text(
        '{"zarr_format": 3, "node_type": "group"}', encoding="utf-8"
    )
    (tmp_path / "store" / "a b%c" / "zarr.json").write_bytes(BROKEN_V3)
    with HTTPServer(tmp_path) as server:
        result = command("check", f"{server.url}/store")
    assert lines(result) == [
        f'{server.url}/store/a b%c/zarr.json:19:17: /fill_value invalid_type: expected an integer, got "0"',
        "2 documents, 1 problem, 0 warnings",
    ]


def test_a_second_run_in_one_process_sees_what_changed_in_the_store(
    site: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(
        fsspec.config.conf, "http", {"use_listings_cache": True}
    )  # the file system keeps what it listed
    shutil.rmtree(site / "v3" / "unlisted")
    with HTTPServer(site) as server:
        assert checked(f"{server.url}/v3") == []
        (site / "v3" / "unlisted").mkdir()
        (site / "v3" / "unlisted" / "zarr.json").write_bytes(BROKEN_V3)
        assert checked(f"{server.url}/v3") == unlisted_report(server.url)


def test_http_cannot_be_written(site: Path) -> None:
    with HTTPServer(site) as server:
        opened = open_url(f"{server.url}/v3", Options(KNOWN))
        assert not isinstance(opened, StoreError)
        assert isinstance(opened.store, FsspecStore)
        with pytest.raises(StoreError, match=rf"^cannot write {server.url}/v3/zarr.json: "):
            opened.store.write("zarr.json", b"{}")


# What could not be seen


GROUP = b'{"zarr_format": 3, "node_type": "group"}'


def unconsolidated(directory: Path, groups: int = 2) -> Path:
    """A store without consolidated metadata: a root group holding `groups` groups `g0`, `g1`, ..., each holding a broken array `a`."""
    (directory / "store").mkdir(parents=True)
    (directory / "store" / "zarr.json").write_bytes(GROUP)
    for number in range(groups):
        (directory / "store" / f"g{number}" / "a").mkdir(parents=True)
        (directory / "store" / f"g{number}" / "zarr.json").write_bytes(GROUP)
        (directory / "store" / f"g{number}" / "a" / "zarr.json").write_bytes(BROKEN_V3)
    return directory


def broken_at(url: str, *nodes: str) -> list[str]:
    return [
        f'{url}/{node}/zarr.json:19:17: /fill_value invalid_type: expected an integer, got "0"'
        for node in nodes
    ]


def test_http_a_directory_page_that_fails_is_an_io_error_and_the_rest_is_checked(
    tmp_path: Path,
) -> None:
    # Before, the failure stopped the whole listing: "1 document, 0 problems", exit 0.
    with HTTPServer(unconsolidated(tmp_path), failing={"/store/g0/"}) as server:
        result = command("check", f"{server.url}/store")
    url = f"{server.url}/store"
    assert lines(result) == [
        f"{url}/g0:1:1: / io_error: cannot list {url}/g0/: 500, message='Internal Server Error', url='{url}/g0/'",
        *broken_at(url, "g1/a"),
        "3 documents, 2 problems, 0 warnings, 1 directory not listed",
    ]
    assert result.returncode == 1


def test_http_what_a_failed_directory_page_holds_is_read_through_consolidated_metadata(
    site: Path,
) -> None:
    with HTTPServer(site, failing={"/v3/lzma/"}) as server:
        result = command("check", "--format", "json", f"{server.url}/v3")
    found = [json.loads(line) for line in lines(result)]
    assert [(item["path"], item["kind"]) for item in found[:-1]] == [
        (f"{server.url}/v3/zarr.json", "unlisted"),
        (f"{server.url}/v3/lzma", "io_error"),
        (f"{server.url}/v3/unlisted/zarr.json", "invalid_type"),
    ]
    assert found[-1] == {
        "summary": {"documents": 23, "problems": 2, "warnings": 1, "repairs": 0, "not_listed": 1}
    }


def test_http_a_directory_page_that_stalls_is_an_io_error_within_the_timeout(
    tmp_path: Path,
) -> None:
    with HTTPServer(unconsolidated(tmp_path), slow={"/store/g0/": 10.0}) as server:
        started = time.monotonic()
        result = command("check", "--timeout", "0.5", f"{server.url}/store")
        took = time.monotonic() - started
    url = f"{server.url}/store"
    assert lines(result) == [
        f"{url}/g0:1:1: / io_error: cannot list {url}/g0/: no answer within 0.5 s",
        *broken_at(url, "g1/a"),
        "3 documents, 2 problems, 0 warnings, 1 directory not listed",
    ]
    assert took < 8, took


def test_http_without_directory_pages_or_consolidated_metadata_is_incomplete(
    tmp_path: Path,
) -> None:
    # Before: "1 document, 0 problems", exit 0, for a store of five documents.
    with HTTPServer(unconsolidated(tmp_path), listings=False) as server:
        result = command("check", f"{server.url}/store")
    url = f"{server.url}/store"
    assert lines(result) == [
        f"{url}:1:1: / incomplete: {url} cannot be listed (it gives no listing of its files) and holds no consolidated metadata, "
        "so only what its root holds (zarr.json) was checked; the nodes below it cannot be found",
        "1 document, 1 problem, 0 warnings, 1 directory not listed",
    ]
    assert result.returncode == 1


def test_http_a_root_page_that_fails_without_consolidated_metadata_is_incomplete(
    tmp_path: Path,
) -> None:
    with HTTPServer(unconsolidated(tmp_path), failing={"/store/"}) as server:
        result = command("check", f"{server.url}/store/")
    url = f"{server.url}/store/"
    assert lines(result)[0].startswith(
        f"{url}:1:1: / incomplete: {url} cannot be listed (500, message='Internal Server Error'"
    )
    assert lines(result)[1:] == ["1 document, 1 problem, 0 warnings, 1 directory not listed"]


def test_http_a_refused_connection_before_anything_is_read_is_one_finding_and_exit_2() -> None:
    # Before: four findings, four "documents", exit 1.
    url = f"{refusing_url()}/store"
    result = command("check", url)
    assert lines(result) == [
        f"{url}:1:1: / io_error: cannot list {url}: Connect call failed ('127.0.0.1', {url.rpartition(':')[2].partition('/')[0]})",
        "0 documents, 1 problem, 0 warnings",
    ]
    assert result.returncode == 2


STOPPED = re.compile(
    r"^(?P<url>\S+):1:1: / io_error: (?P=url) stopped answering: \d+ requests in a row could not reach it \(.+\); (?P<left>\d+) documents? not checked$"
)


def test_http_a_server_that_dies_mid_crawl_is_one_finding_that_says_so(tmp_path: Path) -> None:
    unconsolidated(tmp_path, groups=20)
    # The root's page (asked for without its "/", so after a redirect) and two of the twenty groups' pages.
    with in_a_process(lambda: HTTPServer(tmp_path, answers=4)) as url:
        result = command("check", "--timeout", "2", f"{url}/store")
    found = lines(result)
    assert len(found) == 2, found
    stopped = STOPPED.match(found[0])
    assert stopped is not None, found[0]
    assert found[1].startswith(f"0 documents, 1 problem, 0 warnings, {stopped['left']} document")
    assert found[1].endswith(" directories not listed")
    assert result.returncode == 1


def test_http_a_server_that_dies_while_documents_are_read_is_one_finding_with_what_was_left(
    tmp_path: Path,
) -> None:
    unconsolidated(tmp_path, groups=20)
    # Two requests for the root's page, one for each of twenty groups' and each of twenty arrays' pages, then three documents.
    with in_a_process(lambda: HTTPServer(tmp_path, answers=2 + 40 + 3)) as url:
        result = command("check", "--timeout", "2", f"{url}/store")
    assert lines(result) == [
        f"{url}/store:1:1: / io_error: {url}/store stopped answering: 8 requests in a row could not reach it "
        f"(Connect call failed ('127.0.0.1', {url.rpartition(':')[2]})); "
        "41 documents not checked",
        "0 documents, 1 problem, 0 warnings, 41 documents not checked",
    ]
    assert result.returncode == 1


def test_s3_killed_mid_run_is_one_finding_and_the_run_ends_within_a_few_timeouts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Before: moto killed 7 s into a run of 2,000 documents with --timeout 10 went on for 12 minutes, 1,497 io_error lines.
    for name, value in FAKE_AWS.items():
        monkeypatch.setenv(name, value)
    with in_a_process(
        lambda: S3Server(answers=1 + 5)
    ) as endpoint:  # the listing, and five documents
        fs = fsspec.filesystem("s3", endpoint_url=endpoint, skip_instance_cache=True)
        fs.mkdir("bucket")
        fs.pipe(
            {
                f"bucket/store/{key}": data
                for key, data in files_under(unconsolidated(tmp_path, groups=30) / "store")
            }
        )
        env = {**os.environ, **FAKE_AWS, "FSSPEC_S3_ENDPOINT_URL": endpoint}
        started = time.monotonic()
        result = command("check", "--timeout", "2", "--jobs", "4", "s3://bucket/store", env=env)
        took = time.monotonic() - started
    found = lines(result)
    assert len(found) == 2, found
    assert STOPPED.match(found[0]) is not None, found[0]
    assert found[1].startswith("0 documents, 1 problem, 0 warnings, ")
    assert result.returncode == 1
    assert took < 20, (
        took
    )  # a few timeouts, and starting Python; before, 32 s for these 61 documents


# memory:// and zip::


def test_a_memory_store_is_checked_in_this_process(capsys: pytest.CaptureFixture[str]) -> None:
    memory = fsspec.filesystem("memory")
    memory.pipe({f"/checked/{key}": data for key, data in V3_WITH_BROKEN.items()})
    try:
        assert main(["check", "memory://checked"]) == 1
    finally:
        memory.rm("/checked", recursive=True)
    assert capsys.readouterr().out.splitlines() == [
        *v3_report("memory://checked"),
        "23 documents, 1 problem, 1 warning",
    ]


def test_an_excluded_document_of_a_listed_store_is_there_and_unchecked() -> None:
    # The consolidated metadata lists lzma; its file, broken here, is left out and not missed.
    memory = fsspec.filesystem("memory")
    memory.pipe(
        {f"/excluded/{key}": data for key, data in files_under(V3)}
        | {"/excluded/lzma/zarr.json": b"not JSON"}
    )
    try:
        found: list[Finding] = []
        outcome = run(
            ["memory://excluded"],
            Options(KNOWN, context_v2=KNOWN_V2, exclude=("lzma/*",)),
            found.append,
        )
    finally:
        memory.rm("/excluded", recursive=True)
    assert found == []
    assert outcome.documents == 21


def zipped(files: dict[str, bytes]) -> bytes:
    """A `.zip` file holding `files`, each under its key, as zarr-python's ZipStore writes a store."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as written:
        for key, data in files.items():
            written.writestr(key, data)
    return buffer.getvalue()


def test_a_zip_store_in_a_bucket_through_a_chained_url(s3: Bucket) -> None:
    s3.fs.pipe_file("bucket/store.zip", zipped(V2_WITH_BROKEN))
    result = command("check", "zip::s3://bucket/store.zip", env=s3.env)
    assert lines(result) == [
        *v2_report("zip::s3://bucket/store.zip"),
        "27 documents, 1 problem, 1 warning",
    ]


def test_a_url_that_names_a_zip_file_in_a_bucket_is_a_zip_store(s3: Bucket) -> None:
    # s3://bucket/store.zip was listed as a directory, found empty, and could not be opened.
    s3.fs.pipe_file("bucket/store.zip", zipped(V2_WITH_BROKEN))
    result = command("check", "s3://bucket/store.zip", env=s3.env)
    assert lines(result) == [
        *v2_report("s3://bucket/store.zip"),
        "27 documents, 1 problem, 1 warning",
    ]


def test_a_url_that_names_a_zip_file_is_a_zip_store(tmp_path: Path) -> None:
    archive = tmp_path / "store.zip"
    archive.write_bytes(zipped(V2_WITH_BROKEN))
    result = command("check", f"file://{archive}")
    assert lines(result) == [*v2_report(f"file://{archive}"), "27 documents, 1 problem, 1 warning"]


def test_a_zip_store_through_a_chained_url(tmp_path: Path) -> None:
    archive = tmp_path / "store.zip"
    archive.write_bytes(zipped(V2_WITH_BROKEN))
    url = f"zip::file://{archive}"
    result = command("check", url, f"zip::file://{tmp_path}/none.zip")
    assert lines(result) == [
        *v2_report(url),
        f"zip::file://{tmp_path}/none.zip:1:1: / io_error: cannot open zip::file://{tmp_path}/none.zip: No such file or directory",
        "27 documents, 2 problems, 1 warning",
    ]


# What is not installed, or not known


def test_without_fsspec_a_url_is_a_usage_error_naming_the_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "fsspec", None)  # import fsspec now raises ImportError
    assert main(["check", str(REPO / "examples" / "valid"), "s3://bucket/store"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        "zarr-metadata: cannot open s3://bucket/store: URLs need the remote extra (pip install 'zarr-metadata[remote]')\n"
    )


def test_a_protocol_no_file_system_knows_is_a_usage_error() -> None:
    result = command("check", "nosuch://bucket/store")
    assert result.returncode == 2
    assert result.stdout == ""
    assert (
        result.stderr
        == "zarr-metadata: cannot open nosuch://bucket/store: no installed file system opens nosuch:// URLs\n"
    )
