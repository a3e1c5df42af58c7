"""Opening what the user named: a metadata file, a directory, a `.zip` store, a URL, or `-` for standard input."""

from __future__ import annotations

import dataclasses
import json
import os
import sys
import zipfile
from collections.abc import Callable, Iterator, Mapping, Sequence

from zarr_metadata.cli._check import Options
from zarr_metadata.cli._store import DirectoryStore, Store, StoreError, ZipStore
from zarr_metadata.cli._walk import ZARR_JSON, ZARRAY, ZGROUP, ZMETADATA

STDIN = "-"


class UsageError(Exception):
    """A target the command cannot open with what is installed, or arguments it cannot run with."""


@dataclasses.dataclass
class Opened:
    """An opened store, and which of its files was named, if one was.

    `rooted` says whether the store's root must be a node (a `.zip` file or
    a URL), rather than a folder that may hold several stores.
    """

    store: Store
    named: str | None = None
    rooted: bool = False
    identity: Callable[[str], str] = dataclasses.field(default=lambda key: key)
    """What makes a key the same file as another, however it was named."""
    parallel: bool = False
    """Whether worker processes may read the store on their own (a local directory), to check it on every core."""
    ahead: bool = False
    """Whether the next batch may be read while one is checked: a store read over a network, many requests at once."""
    close: Callable[[], None] = dataclasses.field(default=lambda: None)
    unlisted: Callable[[], Mapping[str, StoreError]] = dataclasses.field(default=lambda: {})
    """Each directory of a listed store (by key, `""` the root) that could not be listed, with why."""
    stopped: Callable[[], str | None] = dataclasses.field(default=lambda: None)
    """Why the store is taken to have stopped answering, once it has (a remote store, after a run of connection failures)."""


def is_url(name: str) -> bool:
    """Whether `name` is a URL fsspec opens rather than a local path."""
    return "://" in name or name.startswith("zip::")


def open_target(name: str, options: Options) -> Opened | StoreError:
    """The store `name` names; a `StoreError` when it cannot be opened; raises `UsageError` when nothing installed can open it."""
    if name == STDIN:
        return _standard_input()
    if is_url(name):
        from zarr_metadata.cli._remote import open_url  # optional: needs the `remote` extra

        return open_url(name, options)
    try:
        os.stat(name)
    except OSError as error:
        return StoreError(f"cannot read {name}: {error.strerror or error}")
    if os.path.isdir(name):
        return _local(DirectoryStore(name))
    if zipfile.is_zipfile(name):
        try:
            store = ZipStore(name)
        except StoreError as error:
            return error
        return Opened(store, rooted=True, close=store.close)
    directory, file = os.path.split(name)
    return _local(DirectoryStore(directory), named=file)


def _local(store: DirectoryStore, named: str | None = None) -> Opened:
    # The real path of the root, found once: a store and a file named in it share it.
    root = os.path.realpath(store.name or os.curdir)
    return Opened(store, named=named, identity=lambda key: f"{root}/{key}", parallel=True)


def _standard_input() -> Opened:
    data = sys.stdin.buffer.read()
    key = _key_of(data)
    return Opened(_OneDocument(key, data), named=key)


def _key_of(data: bytes) -> str:
    """The file name a document read from standard input stands for, judged from what it holds."""
    try:
        value = json.loads(data)
    except (ValueError, RecursionError):
        return ZARR_JSON
    if not isinstance(value, dict) or value.get("zarr_format") != 2:  # pyright: ignore[reportUnknownMemberType]
        return ZARR_JSON
    if "metadata" in value:
        return ZMETADATA
    return ZARRAY if "shape" in value else ZGROUP


class _OneDocument:
    """A store of one document, read from standard input, shown as `-`."""

    name = STDIN

    def __init__(self, key: str, data: bytes) -> None:
        self._key = key
        self._data = data

    def listing(self) -> Iterator[str]:
        return iter((self._key,))

    def read(self, key: str) -> bytes:
        if key != self._key:
            raise StoreError(f"cannot read {key}: standard input holds one document")
        return self._data

    def read_many(self, keys: Sequence[str]) -> list[bytes | StoreError]:
        found: list[bytes | StoreError] = []
        for key in keys:
            try:
                found.append(self.read(key))
            except StoreError as error:
                found.append(error)
        return found

    def path(self, key: str) -> str:
        return STDIN
