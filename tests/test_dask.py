"""A catalog checked on a Dask cluster: the same report as one process, finding for finding, whatever dies or is split.

The cluster is a real `distributed.LocalCluster` (worker processes, on
loopback), and the stores are on a real S3 API (moto) and on disk.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed")
fsspec = pytest.importorskip("fsspec")
pytest.importorskip("s3fs")

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _catalog_stores import large_store, objects, small_store, write_files  # noqa: E402
from _servers import S3Server  # noqa: E402
from zarr_metadata.checker import CheckOptions, StoreCheck, check_catalog  # noqa: E402
from zarr_metadata.cli import _split  # noqa: E402
from zarr_metadata.cli._library import check_store  # noqa: E402
from zarr_metadata.cli._main import main  # noqa: E402
from zarr_metadata.cli._run import PART_ROOT  # noqa: E402
from zarr_metadata.cli._split import Split, check_or_split, check_part, joined  # noqa: E402

FAKE_AWS = {
    "AWS_ACCESS_KEY_ID": "testing",
    "AWS_SECRET_ACCESS_KEY": "testing",
    "AWS_DEFAULT_REGION": "us-east-1",
    "AWS_EC2_METADATA_DISABLED": "true",
    "AWS_CONFIG_FILE": os.devnull,
    "AWS_SHARED_CREDENTIALS_FILE": os.devnull,
}
STORES = 200


def _report(
    stores: Iterator[StoreCheck] | list[StoreCheck],
) -> list[tuple[str, tuple[object, ...], object]]:
    return [(store.target, store.findings, store.summary) for store in stores]


# -- splitting, without a cluster: the parts of a store give the findings of the whole


@pytest.mark.parametrize("name", ["store.zarr", "folder"])
def test_the_parts_of_a_split_directory_give_the_findings_of_the_whole(
    tmp_path: Path, name: str
) -> None:
    root = str(write_files(tmp_path / name, large_store()))
    options = CheckOptions()
    whole = check_store(root, options)
    split = check_or_split(root, options, split_from=10)
    assert isinstance(split, Split)
    assert split.parts[0] == PART_ROOT
    assert list(split.parts[1:]) == sorted(split.parts[1:])
    parts = [check_part(root, part, options) for part in split.parts]
    assert joined(root, parts, options) == whole
    assert {finding.kind for finding in whole.findings} >= {"invalid_hierarchy", "invalid_value"}


def test_the_parts_of_a_split_remote_store_give_the_findings_of_the_whole() -> None:
    fs = fsspec.filesystem("memory")
    for key, data in objects("/split-me", large_store()):
        fs.pipe(key, data)
    try:
        options = CheckOptions()
        whole = check_store("memory://split-me", options)
        split = check_or_split("memory://split-me", options, split_from=10)
        assert isinstance(split, Split)
        assert (
            joined(
                "memory://split-me",
                [check_part("memory://split-me", part, options) for part in split.parts],
                options,
            )
            == whole
        )
    finally:
        fs.rm("/split-me", recursive=True)


def test_a_store_with_consolidated_metadata_at_its_root_is_checked_whole(tmp_path: Path) -> None:
    # The comparison reads every document it lists and needs the whole store's listing of nodes, so no part could make it.
    files = large_store()
    files["zarr.json"] = (
        b'{"zarr_format": 3, "node_type": "group", "consolidated_metadata": {"kind": "inline", "must_understand": false, "metadata": {}}}'
    )
    root = str(write_files(tmp_path / "store.zarr", files))
    found = check_or_split(root, CheckOptions(), split_from=10)
    assert isinstance(found, StoreCheck)
    assert found == check_store(root, CheckOptions())
    assert any(finding.kind == "unlisted" for finding in found.findings)


def test_a_small_store_and_a_store_under_repair_are_checked_whole(tmp_path: Path) -> None:
    root = str(write_files(tmp_path / "store.zarr", large_store()))
    assert isinstance(check_or_split(root, CheckOptions()), StoreCheck)
    assert isinstance(check_or_split(root, CheckOptions(repair=True), split_from=10), StoreCheck)


# -- a real cluster and a real S3 API


@pytest.fixture(scope="module")
def catalog() -> Iterator[list[str]]:
    """A few hundred stores on moto: valid, broken, a bucket whose listing is refused, stores and a bucket that do not exist."""
    saved = dict(os.environ)
    with S3Server() as server:
        os.environ.update(FAKE_AWS, AWS_ENDPOINT_URL=server.endpoint)
        fs = fsspec.filesystem("s3", endpoint_url=server.endpoint, skip_instance_cache=True)
        fs.mkdir("stores")
        fs.mkdir("locked")
        targets: list[str] = []
        for number in range(STORES):
            files = small_store(number)
            fs.pipe(dict(objects(f"stores/s{number:04d}", files)))
            targets.append(f"s3://stores/s{number:04d}")
            if number % 10 == 4:
                targets.append(f"s3://stores/missing{number}")
        fs.pipe(dict(objects("locked/one", small_store(1))))
        server.refused.add("/locked")  # its listing is refused, and it has no consolidated metadata
        targets[5:5] = ["s3://locked/one", "s3://no-such-bucket/store"]
        try:
            yield targets
        finally:
            os.environ.clear()
            os.environ.update(saved)


@pytest.fixture(scope="module")
def cluster(catalog: list[str]) -> Iterator[object]:
    # Started after the server, so that its workers inherit the endpoint and the credentials from the environment.
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=2,
            processes=True,
            host="127.0.0.1",
            dashboard_address="127.0.0.1:0",
            silence_logs=40,
        ) as running,
        distributed.Client(running) as client,
    ):
        yield client


@pytest.fixture(scope="module")
def here(catalog: list[str]) -> list[tuple[str, tuple[object, ...], object]]:
    return _report(check_catalog(catalog))


def test_the_cluster_reports_what_one_process_reports_finding_for_finding(
    catalog: list[str], cluster: object, here: list[tuple[str, tuple[object, ...], object]]
) -> None:
    run = check_catalog(catalog, cluster)
    there = _report(run)
    assert there == here
    assert [target for target, _, _ in there] == catalog
    kinds = {finding.kind for _, findings, _ in here for finding in findings}  # pyright: ignore[reportAttributeAccessIssue]
    assert {"invalid_value", "invalid_hierarchy", "invalid_json", "io_error"} <= kinds
    assert run.summary.stores == len(catalog)


def test_a_missing_bucket_is_reported_and_the_run_goes_on(
    here: list[tuple[str, tuple[object, ...], object]],
) -> None:
    by_target = {target: findings for target, findings, _ in here}
    (missing,) = by_target["s3://no-such-bucket/store"]
    assert missing.kind == "io_error"  # pyright: ignore[reportAttributeAccessIssue]
    assert by_target["s3://stores/s0001"] == ()
    assert [finding.kind for finding in by_target["s3://locked/one"]] != []  # pyright: ignore[reportAttributeAccessIssue]


def test_a_worker_killed_mid_run_loses_no_store(
    catalog: list[str], cluster: object, here: list[tuple[str, tuple[object, ...], object]]
) -> None:
    client = cluster
    pids = client.run(os.getpid)  # pyright: ignore[reportAttributeAccessIssue]
    victim = next(iter(pids.values()))
    there: list[StoreCheck] = []
    half = len(catalog) // 2
    for store in check_catalog(catalog[:half], client):
        there.append(store)
        if len(there) == 10:
            os.kill(victim, signal.SIGKILL)  # its nanny starts another; its tasks are sent again
    assert _report(there) == here[:half]
    client.wait_for_workers(2, timeout=30)  # pyright: ignore[reportAttributeAccessIssue]
    assert victim not in client.run(os.getpid).values()  # pyright: ignore[reportAttributeAccessIssue]


def test_ctrl_c_cancels_the_clusters_tasks_and_gives_the_stores_checked(
    catalog: list[str], cluster: object, here: list[tuple[str, tuple[object, ...], object]]
) -> None:
    client = cluster
    run = check_catalog(catalog, client)
    stores = iter(run)
    given = [next(stores) for _ in range(3)]
    given += list(run.interrupt())  # as if Ctrl-C came while the third was reported
    assert run.interrupted
    assert [store.target for store in given] == [
        target for target in catalog if target in {store.target for store in given}
    ]
    assert _report(given) == [
        checked for checked in here if checked[0] in {store.target for store in given}
    ]
    assert run.summary.stores == len(given)
    assert run.summary.stores_not_checked == len(catalog) - len(given) > 0
    deadline = time.monotonic() + 10
    while any(client.processing().values()) and time.monotonic() < deadline:  # pyright: ignore[reportAttributeAccessIssue]
        time.sleep(0.1)
    assert not any(client.processing().values())  # pyright: ignore[reportAttributeAccessIssue]


def test_a_large_store_is_split_on_the_cluster_with_the_findings_of_one_process(
    tmp_path: Path, cluster: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    targets = [str(write_files(tmp_path / name, large_store())) for name in ("one.zarr", "two")]
    monkeypatch.setattr(_split, "SPLIT_FROM", 10)
    assert _report(check_catalog(targets, cluster)) == _report(check_catalog(targets))


class _Future:
    def __init__(self, status: str = "pending", error: BaseException | None = None) -> None:
        self.status = status
        self.error = error

    def exception(self) -> BaseException | None:
        return self.error


class _Client:
    """Records what is sent, as a `distributed.Client` would take it."""

    def __init__(self) -> None:
        self.sent: list[tuple[object, ...]] = []

    def nthreads(self) -> dict[str, int]:
        return {"worker": 1}

    def submit(self, function: object, *arguments: object, retries: int, pure: bool) -> _Future:
        self.sent.append(arguments)
        return _Future()

    def cancel(self, futures: object) -> None:
        pass


class _Completed:
    def add(self, future: object) -> None:
        pass


def test_a_batch_whose_workers_die_is_sent_again_a_store_a_task_and_a_store_that_still_fails_is_an_io_error() -> (
    None
):
    from zarr_metadata.cli._dask import _Sending  # pyright: ignore[reportPrivateUsage]

    killed = distributed.scheduler.KilledWorker("task", "worker", 3)
    client = _Client()
    sending = _Sending(client, CheckOptions(), _Completed())
    sending.fill(iter(enumerate(["a", "b"])), 0)
    ((batch, _, _),) = client.sent
    assert batch == ["a", "b"]
    (future,) = list(sending.out)
    sending.collect(_dead(future, killed))
    assert [arguments[0] for arguments in client.sent[1:]] == [["a"], ["b"]]
    for future in list(sending.out):
        sending.collect(_dead(future, killed))
    assert sorted(sending.ready) == [0, 1]
    (finding,) = sending.ready[1].findings
    assert (finding.path, finding.kind) == ("b", "io_error")
    assert "every worker that ran it died" in finding.message


def _dead(future: object, error: BaseException) -> object:
    future.status = "error"  # pyright: ignore[reportAttributeAccessIssue]
    future.error = error  # pyright: ignore[reportAttributeAccessIssue]
    return future


def test_the_command_checks_a_catalog_on_a_local_cluster(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stores = [write_files(tmp_path / f"s{number}.zarr", small_store(number)) for number in range(4)]
    listing = tmp_path / "catalog.txt"
    listing.write_text("".join(f"{store}\n" for store in stores), encoding="utf-8")
    assert main(["check", "--isolated", "--catalog", str(listing)]) == 1
    alone = capsys.readouterr().out
    started = time.monotonic()
    assert main(["check", "--isolated", "--catalog", str(listing), "--dask", "local:1"]) == 1
    assert capsys.readouterr().out == alone
    assert time.monotonic() - started < 30


def test_dask_without_the_extra_is_a_usage_error_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(
        sys.modules, "distributed", None
    )  # as if not installed: importing it raises ImportError
    assert main(["check", "--isolated", str(tmp_path), "--dask", "local:2"]) == 2
    assert "zarr-metadata[dask]" in capsys.readouterr().err


def test_a_local_cluster_of_no_number_of_workers_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", "--isolated", str(tmp_path), "--dask", "local:x"]) == 2
    assert "--dask local:N takes a number of workers >= 1, got 'local:x'" in capsys.readouterr().err
