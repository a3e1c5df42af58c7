"""A catalog's stores checked on a Dask cluster: a task per few stores, a large store split into parts, each reported in catalog order as its tasks end.

Each task checks its stores with the same code as one process, and returns
what it found: so the findings do not depend on how the work was split
(`_split.py`), only their arrival does, and the report buffers what arrives
early until the stores before it are in. At most a few tasks per worker are
out at once, and the catalog is read as tasks are sent, so the client holds
no more than those tasks' stores whatever the catalog's length.

A task whose worker dies is sent again by the scheduler (up to its
`allowed-failures`), and one that raises is retried (`retries`); a batch
that still fails is sent again a store per task, so that one store that
kills its workers is the only one lost, and that store is an `io_error`
saying so.
"""

from __future__ import annotations

import importlib
import itertools
import logging
from collections.abc import Callable, Generator, Iterable, Iterator
from typing import Any

from zarr_metadata.cli import _split
from zarr_metadata.cli._findings import Finding
from zarr_metadata.cli._library import Stop, StoreCheck, entry_check, unchecked
from zarr_metadata.cli._open import STDIN, UsageError
from zarr_metadata.cli._options import CheckOptions
from zarr_metadata.cli._split import PartCheck, Split, check_or_split, check_part, joined

EXTRA = "pip install 'zarr-metadata[dask]'"
LOCAL = "local"
BATCH = 8
"""How many stores of a catalog one task checks: enough that a task's overhead is small beside them, few enough to spread a short catalog."""
TASKS_PER_WORKER = 4
"""How many tasks each worker thread has out at once, so that none waits for the next."""
RETRIES = 2
THREADS = 2
"""Threads of each worker process of a local cluster: a store's check mostly waits on its requests, so two share a process's core."""


def dask_distributed() -> Any:
    """The `distributed` module; raises `UsageError` naming the extra when it is not installed."""
    try:
        # Imported by name: optional, and loaded only by a run that asks for a cluster.
        return importlib.import_module("distributed")
    except ImportError:
        raise UsageError(
            f"--dask needs Dask distributed: install the dask extra ({EXTRA})"
        ) from None


def connect(address: str) -> tuple[Any, Callable[[], None]]:
    """A client of the cluster `address` names, and what to call when done; `local` or `local:N` starts N worker processes here, on loopback.

    Raises `UsageError` when `distributed` is not installed, `local:N` is not
    a number of workers, or no scheduler answers at `address`.
    """
    distributed = dask_distributed()
    if address == LOCAL or address.startswith(f"{LOCAL}:"):
        count = address.partition(":")[2] or "2"
        if not count.isdigit() or int(count) < 1:
            raise UsageError(f"--dask local:N takes a number of workers >= 1, got {address!r}")
        cluster = distributed.LocalCluster(
            n_workers=int(count),
            threads_per_worker=THREADS,
            processes=True,
            host="127.0.0.1",
            dashboard_address="127.0.0.1:0",
            silence_logs=logging.ERROR,
        )
        client = distributed.Client(cluster)

        def close() -> None:
            client.close()
            cluster.close()

        return client, close
    try:
        client = distributed.Client(address, timeout="10s")
    except (OSError, TimeoutError, ValueError) as error:
        raise UsageError(f"--dask: cannot reach a Dask scheduler at {address}: {error}") from None
    return client, client.close


def stores_on_cluster(
    entries: Iterable[str | Finding], options: CheckOptions, client: Any, stop: Stop | None = None
) -> Generator[StoreCheck, None, None]:
    """Each store of `entries` checked on the cluster `client` reaches, in catalog order, each as soon as it and those before it are in.

    An entry that is a `Finding` (a catalog line that names no target) is
    reported as it is. On Ctrl-C (`KeyboardInterrupt`, raised here or
    thrown in), the cluster's tasks are cancelled, the stores already in are
    reported, and `stop` says how many were not.
    """
    distributed = dask_distributed()
    stop = stop or Stop()
    sending = _Sending(client, options, distributed.as_completed())
    numbered = enumerate(entries)
    reported = 0
    try:
        while True:
            sending.fill(numbered, reported)
            while reported in sending.ready:
                store = sending.ready.pop(reported)
                reported += 1
                yield store
            if not sending.out:
                if sending.exhausted:
                    return
                continue
            sending.collect(next(sending.completed))
    except KeyboardInterrupt:
        sending.cancel()
        stop.interrupted = True
        early = sorted(sending.ready.items())
        sending.ready.clear()
        # The stores already in are reported, in catalog order, though some before them are not.
        stop.left = sending.taken - reported - len(early) + sum(1 for _ in numbered)
        for _, store in early:
            yield store
    finally:
        sending.cancel()


class _Sending:
    """The tasks out on the cluster, what each stands for, and the stores in but not yet reported."""

    def __init__(self, client: Any, options: CheckOptions, completed: Any) -> None:
        self.client = client
        self.options = options
        self.completed = completed
        self.out: dict[Any, tuple[str, Any]] = {}
        """Each task out, by its future: `batch` and its numbered targets, or `part` and its store's number and place."""
        self.ready: dict[int, StoreCheck] = {}
        self.joining: dict[int, list[PartCheck | None]] = {}
        """The parts of each split store, by its number, as they come in."""
        self.split_targets: dict[int, str] = {}
        self.taken = 0
        self.exhausted = False
        self.split_from = _split.SPLIT_FROM
        """Read when the run starts, so that a test can make it small."""
        threads = sum(client.nthreads().values()) or 1
        self.most = TASKS_PER_WORKER * threads
        self.ahead = 8 * self.most * BATCH
        """The most stores taken from the catalog but not yet reported: a store that takes long holds back no more than these."""

    def fill(self, numbered: Iterator[tuple[int, str | Finding]], reported: int) -> None:
        """Send batches of the next stores until enough tasks are out, or the catalog ends."""
        while (
            not self.exhausted and len(self.out) < self.most and self.taken - reported < self.ahead
        ):
            taken = list(itertools.islice(numbered, BATCH))
            self.exhausted = len(taken) < BATCH
            self.taken += len(taken)
            batch: list[tuple[int, str]] = []
            for index, entry in taken:
                if isinstance(entry, Finding):
                    self.ready[index] = entry_check(entry)
                elif entry == STDIN:
                    self.ready[index] = unchecked(
                        entry, "standard input is this process's, and cannot be read on a cluster"
                    )
                else:
                    batch.append((index, entry))
            if batch:
                self._send(
                    "batch",
                    batch,
                    _check_batch,
                    [target for _, target in batch],
                    self.options,
                    self.split_from,
                )

    def _send(self, kind: str, what: Any, function: Callable[..., Any], *arguments: Any) -> None:
        future = self.client.submit(function, *arguments, retries=RETRIES, pure=False)
        self.out[future] = (kind, what)
        self.completed.add(future)

    def collect(self, future: Any) -> None:
        """Take in what the task of `future` found, or send its stores again a task each when it failed."""
        kind, what = self.out.pop(future)
        failed = future.status != "finished"
        why = _failure(future) if failed else ""
        if kind == "batch":
            if failed and len(what) > 1:
                for one in what:
                    self._send(
                        "batch", [one], _check_batch, [one[1]], self.options, self.split_from
                    )
                return
            results: list[StoreCheck | Split] = (
                [
                    unchecked(target, f"checking {target} failed on the cluster: {why}")
                    for _, target in what
                ]
                if failed
                else future.result()
            )
            for (index, target), result in zip(what, results, strict=True):
                if isinstance(result, Split):
                    self.joining[index] = [None] * len(result.parts)
                    self.split_targets[index] = target
                    for place, part in enumerate(result.parts):
                        self._send("part", (index, place), check_part, target, part, self.options)
                else:
                    self.ready[index] = result
            return
        index, place = what
        target = self.split_targets[index]
        parts = self.joining[index]
        parts[place] = (
            PartCheck(unchecked(target, f"checking part of {target} failed on the cluster: {why}"))
            if failed
            else future.result()
        )
        if all(part is not None for part in parts):
            del self.joining[index], self.split_targets[index]
            self.ready[index] = joined(
                target, [part for part in parts if part is not None], self.options
            )

    def cancel(self) -> None:
        if self.out:
            self.client.cancel(list(self.out))
            self.out.clear()


def _check_batch(
    targets: list[str], options: CheckOptions, split_from: int
) -> list[StoreCheck | Split]:
    """A task: each store of `targets` checked, or, when it holds `split_from` documents or more, how to split it."""
    return [check_or_split(target, options, split_from) for target in targets]


def _failure(future: Any) -> str:
    """Why the task of `future` failed: its worker died, or what it raised."""
    try:
        error = future.exception()
    except Exception as cancelled:  # a cancelled task has no exception to give
        return f"{type(cancelled).__name__}: {cancelled}"
    if type(error).__name__ == "KilledWorker":
        return "every worker that ran it died"
    return f"{type(error).__name__}: {error}"
