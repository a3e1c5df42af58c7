"""Where metadata is kept: a store is a set of keys (`a/b/zarr.json`) whose values are bytes.

The checker sees every target through this interface, so a directory, a `.zip`
file and a remote store are judged by the same code. Keys are relative to the
store's root and joined with `/`; `path` turns one back into what the user would
write, which is how findings name their file.
"""

from __future__ import annotations

import os
import zipfile
from collections.abc import Iterator, Sequence
from typing import Protocol

__all__ = ["DirectoryStore", "Store", "StoreError", "ZipStore", "parent_key"]


class StoreError(Exception):
    """A store, or a key in it, that cannot be listed or read: the message says which and why."""


class Store(Protocol):
    """Keys and their bytes, as the checker reads and writes them."""

    @property
    def name(self) -> str:
        """The store as the user named it (a directory, a `.zip` file, a URL)."""
        ...

    def listing(self) -> Iterator[str]:
        """Every key in the store, in any order; raises `StoreError` when the store cannot be listed."""
        ...

    def read(self, key: str) -> bytes:
        """The bytes under `key`; raises `StoreError` when they cannot be read."""
        ...

    def read_many(self, keys: Sequence[str]) -> list[bytes | StoreError]:
        """The bytes under each of `keys`, in order, or the error that kept each from being read."""
        ...

    def path(self, key: str) -> str:
        """`key` as the user would write it: the store's name joined with the key."""
        ...


def parent_key(key: str) -> str:
    """The directory part of `key` (`"a/b"` for `"a/b/zarr.json"`), `""` at the root."""
    return key.rpartition("/")[0]


class DirectoryStore:
    """A directory on the local file system, each file a key."""

    def __init__(self, root: str) -> None:
        self.name = root

    def listing(self) -> Iterator[str]:
        def refused(error: OSError) -> None:
            raise StoreError(f"cannot read {error.filename}: {error.strerror or error}")

        root = self.name or os.curdir
        for directory, _, files in os.walk(root, onerror=refused):
            relative = os.path.relpath(directory, root)
            prefix = "" if relative == os.curdir else relative.replace(os.sep, "/") + "/"
            for file in files:
                yield prefix + file

    def read(self, key: str) -> bytes:
        path = self.path(key)
        try:
            with open(path, "rb") as file:
                return file.read()
        except OSError as error:
            raise StoreError(f"cannot read {path}: {error.strerror or error}") from None

    def read_many(self, keys: Sequence[str]) -> list[bytes | StoreError]:
        return [_read_or_error(self, key) for key in keys]

    def path(self, key: str) -> str:
        return os.path.join(self.name, *key.split("/"))


class ZipStore:
    """A `.zip` file holding a store, read in place: each member a key, as zarr-python's ZipStore writes it."""

    def __init__(self, path: str) -> None:
        self.name = path
        try:
            self._archive = zipfile.ZipFile(path)
        except (OSError, zipfile.BadZipFile) as error:
            raise StoreError(f"cannot read {path} as a zip file: {getattr(error, 'strerror', None) or error}") from None
        # A name written twice in one archive keeps the last member, as zipfile reads it.
        self._members = {info.filename: info for info in self._archive.infolist() if not info.is_dir()}

    def listing(self) -> Iterator[str]:
        return iter(self._members)

    def read(self, key: str) -> bytes:
        member = self._members.get(key)
        if member is None:
            raise StoreError(f"cannot read {self.path(key)}: no such member")
        try:
            return self._archive.read(member)
        except (OSError, zipfile.BadZipFile, RuntimeError, NotImplementedError) as error:
            raise StoreError(f"cannot read {self.path(key)}: {error}") from None

    def read_many(self, keys: Sequence[str]) -> list[bytes | StoreError]:
        return [_read_or_error(self, key) for key in keys]

    def path(self, key: str) -> str:
        return f"{self.name}/{key}"

    def close(self) -> None:
        """Release the archive."""
        self._archive.close()


def _read_or_error(store: Store, key: str) -> bytes | StoreError:
    try:
        return store.read(key)
    except StoreError as error:
        return error
