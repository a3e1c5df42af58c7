"""One run of the checker: every target opened, every document in it judged, each finding passed on as it is made."""

from __future__ import annotations

import dataclasses
import fnmatch
import os
import sys
from collections.abc import Callable, Iterator, Sequence

from zarr_metadata.cli._check import Options
from zarr_metadata.cli._findings import Checked, Finding, Rewrite, io_error
from zarr_metadata.cli._hierarchy import STORE_SUFFIX, Tree
from zarr_metadata.cli._open import Opened, open_target
from zarr_metadata.cli._rewrite import unified_diff, write_back
from zarr_metadata.cli._source import Source
from zarr_metadata.cli._store import Store, StoreError
from zarr_metadata.cli._targets import check_target
from zarr_metadata.cli._walk import (
    Target,
    directory_targets,
    in_tree_order,
    metadata_by_directory,
    named_target,
)

BATCH = 64
"""How many targets are read at once: enough for a remote store to serve them concurrently, few enough to keep memory flat."""

Emit = Callable[[Finding], None]
Progress = Callable[[int, int], None]
"""Told the number of documents read so far and the number listed, as the run goes."""


@dataclasses.dataclass
class Outcome:
    """What a run did: documents read, and how many targets were opened and how many could not be."""

    documents: int = 0
    opened: int = 0
    unopened: int = 0


def run(
    names: Sequence[str], options: Options, emit: Emit, progress: Progress | None = None, show_diff: Callable[[str], object] | None = None
) -> Outcome:
    """Check every document the targets `names` hold, passing each finding to `emit` in a stable order.

    A target that cannot be opened is an `io_error` finding at its name, and
    the run goes on. Raises `UsageError` (from `_open`) for a target no store
    can open with what is installed, before anything is checked. Under
    `--repair --diff`, each rewrite's diff goes to `show_diff` (standard
    output by default).
    """
    write_out = Rewriting(options, emit, show_diff or sys.stdout.write)
    outcome = Outcome()
    seen: set[tuple[str, tuple[str, ...]]] = set()
    opened_targets = [(name, open_target(name, options)) for name in names]
    for name, opened in opened_targets:
        if isinstance(opened, StoreError):
            outcome.unopened += 1
            emit(io_error(name, str(opened)))
            continue
        outcome.opened += 1
        try:
            _check_store(name, opened, options, emit, outcome, seen, progress, write_out)
        finally:
            try:
                opened.close()
            except StoreError as error:
                emit(io_error(name, str(error)))
    return outcome


def _check_store(
    name: str,
    opened: Opened,
    options: Options,
    emit: Emit,
    outcome: Outcome,
    seen: set[tuple[str, tuple[str, ...]]],
    progress: Progress | None,
    write_out: Rewriting,
) -> None:
    """Check the targets of one opened store, or the one file named in it."""
    try:
        keys = [key for key in opened.store.listing() if not _excluded(key, opened, options)]
    except StoreError as error:
        emit(io_error(name, str(error)))
        return
    source = Source(opened.store, keys)
    if opened.named is not None:
        named = named_target(opened.named, (key for key in keys if "/" not in key))
        targets = [named]
        tree = None
    else:
        targets = list(_targets(keys))
        tree = Tree(rooted=opened.rooted or os.path.basename(os.path.normpath(name)).endswith(STORE_SUFFIX))
    if not targets:
        emit(Finding(name, 1, 1, (), "no_metadata", f"no Zarr metadata found in {name}", "error"))
        return
    listed = sum(len(target.keys) for target in targets)
    for start in range(0, len(targets), BATCH):
        batch = [target for target in targets[start : start + BATCH] if _first_sight(opened, target, seen)]
        source.prefetch(key for target in batch for key in target.keys)
        for target in batch:
            checked = check_target(source, target, options)
            outcome.documents += len(target.keys)
            for finding in checked.findings:
                emit(finding)
            if tree is not None and target.kind != "v2_consolidated":
                for finding in _hierarchy(tree, source, target, checked):
                    emit(finding)
            write_out(opened.store, checked.rewrites)
        if progress is not None:
            progress(outcome.documents, listed)


class Rewriting:
    """What becomes of repaired documents: nothing, a diff each (`--diff`), or written back (`--write`)."""

    def __init__(self, options: Options, emit: Emit, show_diff: Callable[[str], object]) -> None:
        self._options = options
        self._emit = emit
        self._show_diff = show_diff

    def __call__(self, store: Store, rewrites: Sequence[Rewrite]) -> None:
        if not rewrites or not self._options.repair:
            return
        if self._options.diff:
            for rewrite in rewrites:
                self._show_diff(unified_diff(store.path(rewrite.key), rewrite))
        elif self._options.write:
            for rewrite, error in write_back(store, rewrites, self._options.backup_dir):
                self._emit(io_error(store.path(rewrite.key), f"the repaired document was not written: {error}"))


def _targets(keys: Sequence[str]) -> Iterator[Target]:
    by_directory = metadata_by_directory(keys)
    for directory in in_tree_order(by_directory):
        yield from directory_targets(directory, by_directory[directory])


def _hierarchy(tree: Tree, source: Source, target: Target, checked: Checked) -> list[Finding]:
    return tree.judge(target.directory, checked.node_type, source.path(target.keys[0]), v3=target.kind == "v3")


def _first_sight(opened: Opened, target: Target, seen: set[tuple[str, tuple[str, ...]]]) -> bool:
    """Whether `target` is met for the first time: a node named as a directory and again by one of its files is checked once."""
    identity = (target.kind, tuple(opened.identity(key) for key in target.keys))
    if identity in seen:
        return False
    seen.add(identity)
    return True


def _excluded(key: str, opened: Opened, options: Options) -> bool:
    if not options.exclude:
        return False
    path = opened.store.path(key)
    return any(fnmatch.fnmatch(key, pattern) or fnmatch.fnmatch(path, pattern) for pattern in options.exclude)
