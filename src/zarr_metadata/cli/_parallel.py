"""Checking a local store's targets in several processes, one per core, with the findings in the order one process gives.

Checking is pure Python, so threads would take turns; processes run at once.
Each worker is forked from the checker after it has checked a first batch
itself, so it starts with every module imported and the checkers that batch
compiled, and it reads the store on its own. Batches go out in order and come
back in order, so the output does not depend on which worker was faster.
"""

from __future__ import annotations

import collections
import gc
import os
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from zarr_metadata.cli._check import Options
from zarr_metadata.cli._findings import Checked
from zarr_metadata.cli._source import Source
from zarr_metadata.cli._targets import check_target
from zarr_metadata.cli._walk import Target

if TYPE_CHECKING:
    from multiprocessing.pool import AsyncResult

Batch = Sequence[Target]

BATCH = 64
"""How many targets' files are read at once: enough for a remote store to serve them concurrently, few enough to keep memory flat."""

_worker: tuple[Source, Options] | None = None
"""What a worker process checks with, set once when the process starts; None in the checker's own process."""


def cores() -> int:
    """How many processes can run at once here."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not every platform can say which cores a process may use
        return os.cpu_count() or 1


def can_fork() -> bool:
    """Whether workers can start as copies of this process (not where only spawning a fresh interpreter is possible)."""
    # multiprocessing is imported for a store large enough to be checked in workers:
    # see "What a run imports" in docs/how-it-works/cli.md.
    import multiprocessing

    return "fork" in multiprocessing.get_all_start_methods()


def check_batch(source: Source, batch: Batch, options: Options) -> list[Checked]:
    """What checking each target of `batch` finds, in order, the files of each `BATCH` targets read at once."""
    found: list[Checked] = []
    for start in range(0, len(batch), BATCH):
        part = batch[start : start + BATCH]
        source.prefetch(key for target in part for key in target.keys)
        found.extend(check_target(source, target, options) for target in part)
    return found


def checked_in_workers(
    source: Source, batches: Iterator[Batch], options: Options, workers: int
) -> Iterator[tuple[Batch, list[Checked]]]:
    """Each of `batches` with what checking it finds, in order, the batches checked by `workers` forked processes.

    At most two batches per worker are out at once, so a store of any size is
    checked without holding more of it than that.
    """
    import multiprocessing  # see can_fork

    context = multiprocessing.get_context("fork")
    # What the checker holds now is shared with the workers until written; the
    # cyclic collector would write to all of it, so it leaves it alone.
    gc.freeze()
    try:
        with context.Pool(workers, initializer=_start, initargs=(source, options)) as pool:
            pending: collections.deque[tuple[Batch, AsyncResult[list[Checked]]]] = (
                collections.deque()
            )
            for batch in batches:
                pending.append((batch, pool.apply_async(_check_in_worker, (batch,))))
                if len(pending) >= 2 * workers:
                    done, result = pending.popleft()
                    yield done, result.get()
            while pending:
                done, result = pending.popleft()
                yield done, result.get()
    finally:
        gc.unfreeze()


def _start(source: Source, options: Options) -> None:
    global _worker
    _worker = (source, options)


def _check_in_worker(batch: Batch) -> list[Checked]:
    assert _worker is not None, "a batch is checked in a worker started by checked_in_workers"
    source, options = _worker
    return check_batch(source, batch, options)
