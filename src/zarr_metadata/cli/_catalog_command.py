"""`zarr-metadata check --catalog FILE` and `--dask ADDRESS`: each store checked, here or on a cluster, and reported with its own summary."""

from __future__ import annotations

import argparse
import itertools
import sys
from collections.abc import Iterator

from zarr_metadata.cli._catalog import catalog_size, read_catalog
from zarr_metadata.cli._findings import Finding
from zarr_metadata.cli._library import CatalogRun, Stop, stores_here
from zarr_metadata.cli._options import CheckOptions
from zarr_metadata.cli._progress import progress_line
from zarr_metadata.cli._report import Report
from zarr_metadata.cli._settings import Settings
from zarr_metadata.cli._statistics import Statistics

EXIT_VALID, EXIT_PROBLEMS, EXIT_INTERRUPTED = 0, 1, 130


def check_catalog_command(
    arguments: argparse.Namespace, options: CheckOptions, settings: Settings, report: Report
) -> int:
    """Check each store the command names (its TARGETs, then its catalog's), report each and the whole, and return the exit status.

    Raises `CatalogError` for a catalog that cannot be read, and `UsageError`
    for `--dask` without the extra or a scheduler that does not answer,
    before anything is checked.
    """
    entries = _entries(arguments)
    statistics = Statistics() if settings.statistics else None
    progress = progress_line(sys.stderr, quiet=settings.quiet, counted="stores")
    total = len(arguments.paths)
    if arguments.catalog is not None and progress is not None:
        # Read once ahead only for the bar's length; otherwise the catalog is read as it is checked, once.
        total += catalog_size(arguments.catalog, arguments.catalog_column)
    stop = Stop()
    close = None
    if arguments.dask is not None:
        from zarr_metadata.cli._dask import (  # optional: needs the `dask` extra
            connect,
            stores_on_cluster,
        )

        client, close = connect(arguments.dask)
        run = CatalogRun(stores_on_cluster(entries, options, client, stop), stop)
    else:
        run = CatalogRun(stores_here(entries, options, stop), stop)
    done = 0
    try:
        stores = iter(run)
        while True:
            try:
                for store in stores:
                    if progress is not None:
                        progress.hide()
                    for finding in store.findings:
                        if statistics is not None:
                            statistics.count(finding)
                        report.finding(finding)
                    report.store(store.target, store.summary)
                    done += 1
                    if progress is not None:
                        progress(done, total)
                break
            except KeyboardInterrupt:
                # Raised while a store was reported: the rest of what was checked is still given.
                stores = run.interrupt()
    finally:
        if progress is not None:
            progress.hide()
        if close is not None:
            close()
    summary = run.summary
    report.end(summary, statistics)
    if run.interrupted:
        return EXIT_INTERRUPTED
    return EXIT_PROBLEMS if summary.problems and not settings.exit_zero else EXIT_VALID


def _entries(arguments: argparse.Namespace) -> Iterator[str | Finding]:
    named: list[str | Finding] = list(arguments.paths)
    if arguments.catalog is None:
        return iter(named)
    return itertools.chain(named, read_catalog(arguments.catalog, arguments.catalog_column))
