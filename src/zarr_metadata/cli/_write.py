"""Repaired documents shown as patches or written back to their store, the originals kept byte for byte."""

from __future__ import annotations

import difflib
import os
from collections.abc import Iterable

from zarr_metadata.cli._findings import Rewrite
from zarr_metadata.cli._open import is_url
from zarr_metadata.cli._store import DirectoryStore, Store, StoreError

BACKUP_SUFFIX = ".orig"


def unified_diff(path: str, rewrite: Rewrite) -> str:
    """The change a rewrite makes, as a unified diff whose two sides are both named `path`, as `git apply` takes it."""
    before = rewrite.original.decode("utf-8", errors="replace").splitlines(keepends=True)
    after = rewrite.repaired.decode("utf-8").splitlines(keepends=True)
    named = patch_path(path)
    lines = difflib.unified_diff(before, after, fromfile=f"a/{named}", tofile=f"b/{named}")
    return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines)


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


def write_back(store: Store, rewrites: Iterable[Rewrite], backup_dir: str | None) -> list[tuple[Rewrite, StoreError]]:
    """Write each rewrite to `store`, keeping its original first; the rewrites that could not be written, with why.

    The original goes beside the document (`zarr.json.orig`) or, with
    `backup_dir`, to the same key under that local directory. A document is
    replaced only once its original is safe.
    """
    failed: list[tuple[Rewrite, StoreError]] = []
    backups: Store = DirectoryStore(backup_dir) if backup_dir is not None else store
    for rewrite in rewrites:
        backup_key = rewrite.key if backup_dir is not None else rewrite.key + BACKUP_SUFFIX
        try:
            _write(backups, backup_key, rewrite.original)
            _write(store, rewrite.key, rewrite.repaired)
        except StoreError as error:
            failed.append((rewrite, error))
    return failed


def _write(store: Store, key: str, data: bytes) -> None:
    write = getattr(store, "write", None)
    if write is None:
        raise StoreError(f"cannot write {store.path(key)}: the store {store.name} cannot be written")
    write(key, data)
