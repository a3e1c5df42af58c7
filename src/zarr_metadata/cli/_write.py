"""Repaired documents shown as patches or written back to their store, the originals kept byte for byte."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Iterable

from zarr_metadata.cli._files import create_backup, is_inside, unsafe_key
from zarr_metadata.cli._findings import Rewrite
from zarr_metadata.cli._open import is_url
from zarr_metadata.cli._store import DirectoryStore, Store, StoreError

BACKUP_SUFFIX = ".orig"


def unified_diff(path: str, rewrite: Rewrite) -> str:
    """The change a rewrite makes, as a unified diff whose two sides are both named `path`, as `git apply` takes it."""
    before = rewrite.original.decode("utf-8", errors="replace").splitlines(keepends=True)
    after = rewrite.repaired.decode("utf-8").splitlines(keepends=True)
    named = patch_path(path)
    import difflib  # imported under --diff only: see "What a run imports" in docs/how-it-works/cli.md

    lines = difflib.unified_diff(before, after, fromfile=f"a/{named}", tofile=f"b/{named}")
    return "".join(
        line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines
    )


def patch_path(path: str) -> str:
    """`path` as a patch names it: relative to the current directory when it is below it, without `./`, with `/` separators."""
    if is_url(path):
        return path
    if os.path.isabs(path):
        relative = os.path.relpath(path)
        if relative != os.pardir and not relative.startswith(os.pardir + os.sep):
            path = relative
    else:
        path = os.path.normpath(path)
    return path.replace(os.sep, "/")


@dataclasses.dataclass(frozen=True)
class NotWritten:
    """A rewrite that was not written, the kind of its finding (`io_error`, `not_written`) and why."""

    rewrite: Rewrite
    kind: str
    message: str


def write_back(
    store: Store, rewrites: Iterable[Rewrite], backup_dir: str | None, holds: Callable[[str], bool]
) -> list[NotWritten]:
    """Write each rewrite to `store`, keeping its original first; the rewrites that were not written, with why.

    The original goes beside the document (`zarr.json.orig`) or, with
    `backup_dir`, to the same key under that local directory; where a backup
    is already, the next free number is taken (`zarr.json.orig.1`). A
    document is replaced only once its original is safe. `holds` says
    whether the store holds a key. Every path written stays inside the
    store or the backup directory: a key that would leave it is refused.
    """
    failed: list[NotWritten] = []
    for rewrite in rewrites:
        refused = unsafe_key(rewrite.key)
        if refused is not None:
            failed.append(
                NotWritten(
                    rewrite, "not_written", f"the repaired document was not written: {refused}"
                )
            )
            continue
        try:
            _keep_original(store, rewrite, backup_dir, holds)
            _write(store, rewrite.key, rewrite.repaired)
        except StoreError as error:
            failed.append(
                NotWritten(rewrite, "io_error", f"the repaired document was not written: {error}")
            )
    return failed


def _keep_original(
    store: Store, rewrite: Rewrite, backup_dir: str | None, holds: Callable[[str], bool]
) -> None:
    """Keep the original of `rewrite`, under `backup_dir` or beside it, never over another backup; raises `StoreError`."""
    like = _status(store, rewrite.key)
    if backup_dir is not None:
        path = os.path.join(backup_dir, *rewrite.key.split("/"))
        _create_backup(backup_dir, path, rewrite.original, like)
    elif isinstance(store, DirectoryStore):
        _create_backup(
            store.name or os.curdir, store.path(rewrite.key + BACKUP_SUFFIX), rewrite.original, like
        )
    else:
        has = getattr(store, "has", None)
        key = rewrite.key + BACKUP_SUFFIX
        number = 0
        while holds(key) or (callable(has) and has(key)):
            number += 1
            key = f"{rewrite.key}{BACKUP_SUFFIX}.{number}"
        _write(store, key, rewrite.original)


def _create_backup(root: str, path: str, data: bytes, like: os.stat_result | None) -> None:
    if not is_inside(root, path):
        raise StoreError(f"cannot keep the original at {path}: it leads outside {root}")
    try:
        create_backup(path, data, like)
    except OSError as error:
        raise StoreError(f"cannot keep the original at {path}: {error.strerror or error}") from None


def _status(store: Store, key: str) -> os.stat_result | None:
    """The mode and owner a backup of `key` takes: the document's, or for a zip member the archive's; None for a remote store."""
    # See "What a run imports" in docs/how-it-works/cli.md.
    from zarr_metadata.cli._zip_store import ZipStore

    path = (
        store.path(key)
        if isinstance(store, DirectoryStore)
        else store.name
        if isinstance(store, ZipStore)
        else None
    )
    if path is None:
        return None
    try:
        return os.stat(path)
    except OSError:
        return None


def _write(store: Store, key: str, data: bytes) -> None:
    write = getattr(store, "write", None)
    if write is None:
        raise StoreError(
            f"cannot write {store.path(key)}: the store {store.name} cannot be written"
        )
    write(key, data)
