"""The checker `zarr-metadata check` runs, as functions: `check` a few targets, `check_catalog` many stores, here or on a Dask cluster.

`check(targets, options=...)` returns a `CheckRun`: iterate it for each
`Finding`, in the order the command prints them, as they are found; then
read its `summary`. `check_catalog(targets, client=None, options=...)`
returns a `CatalogRun`: iterate it for each store's `StoreCheck` (its
findings and its own summary), in catalog order; then read its `summary`.
Every target of a catalog is reported exactly once: checked, or one
`io_error` saying why not. Given a `distributed.Client` (the `dask` extra),
the stores are checked on its cluster, a few stores a task and a large store
split by its top-level directories, with the same findings as one process.

The options are one `CheckOptions`, plain data, so they travel to a
cluster's workers as they are.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from zarr_metadata.cli._findings import Finding, FindingJSON, Severity
from zarr_metadata.cli._library import (
    CatalogRun,
    CheckRun,
    Stop,
    StoreCheck,
    check_run,
    stores_here,
)
from zarr_metadata.cli._options import CheckOptions
from zarr_metadata.cli._summary import Summary, SummaryJSON

__all__ = [
    "CatalogRun",
    "CheckOptions",
    "CheckRun",
    "Finding",
    "FindingJSON",
    "Severity",
    "StoreCheck",
    "Summary",
    "SummaryJSON",
    "check",
    "check_catalog",
]

_DEFAULT = CheckOptions()


def check(targets: str | Iterable[str], *, options: CheckOptions = _DEFAULT) -> CheckRun:
    """The check of every document `targets` hold (metadata files, directories, `.zip` stores, URLs), as `zarr-metadata check` makes it.

    Nothing is read until the run is iterated. A target that cannot be
    opened is an `io_error` finding, and the check goes on; a URL without the
    `remote` extra installed, or a `definitions` plugin that cannot be
    loaded, raises an exception whose message says what to install or which
    plugin failed.
    """
    return check_run([targets] if isinstance(targets, str) else list(targets), options)


def check_catalog(
    targets: Iterable[str | Finding], client: Any = None, *, options: CheckOptions = _DEFAULT
) -> CatalogRun:
    """The check of each store `targets` names, one store a target, each reported with its own summary, in order.

    With `client` (a `distributed.Client`), on its cluster: the findings are
    the same as without, and a store whose tasks keep failing (their workers
    die) is one `io_error`. `targets` is read as the check goes, so it may be
    a generator over a catalog of any length. An entry that is a `Finding`
    (a catalog line that names no target) is reported as it is.
    """
    stop = Stop()
    if client is None:
        return CatalogRun(stores_here(targets, options, stop), stop)
    from zarr_metadata.cli._dask import stores_on_cluster  # optional: needs the `dask` extra

    return CatalogRun(stores_on_cluster(targets, options, client, stop), stop)
