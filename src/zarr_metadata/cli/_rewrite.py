"""Repaired documents written back: each as its writer would have written it, the original kept byte for byte."""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Iterable, Sequence

from zarr_metadata.cli._findings import Finding, Rewrite
from zarr_metadata.cli._store import DirectoryStore, Store, StoreError

BACKUP_SUFFIX = ".orig"

_FIRST_INDENT = re.compile(r"\n([ \t]+)\S")


def rewrite_of(key: str, original: bytes, text: str, repaired: object, findings: Sequence[Finding]) -> tuple[Rewrite, ...]:
    """The rewrite of a document whose repairs left no problem, as a tuple of one, or none.

    A document repair did not cure is never written, so that writing back
    only ever turns a document a reader refuses into one it opens.
    """
    if not any(finding.severity == "repair" for finding in findings):
        return ()
    if any(finding.severity == "error" for finding in findings):
        return ()
    return (Rewrite(key, original, serialised(text, repaired)),)


def serialised(text: str, value: object) -> bytes:
    """`value` as JSON in the layout of `text`: its indentation, its escaping of non-ASCII text, its final newline."""
    indent_match = _FIRST_INDENT.search(text)
    indent: str | None = indent_match.group(1) if indent_match else None
    ascii_only = text.isascii()
    written = json.dumps(value, indent=indent, ensure_ascii=ascii_only)
    if text.endswith("\n"):
        written += "\n"
    return written.encode("utf-8")


def unified_diff(path: str, rewrite: Rewrite) -> str:
    """The change a rewrite makes, as a unified diff whose two sides are both named `path`."""
    before = rewrite.original.decode("utf-8", errors="replace").splitlines(keepends=True)
    after = rewrite.repaired.decode("utf-8").splitlines(keepends=True)
    lines = difflib.unified_diff(before, after, fromfile=f"a/{path}", tofile=f"b/{path}")
    return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines)


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
