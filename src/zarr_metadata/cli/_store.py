"""Where metadata is kept: a store is a set of keys (`a/b/zarr.json`) whose values are bytes.

The checker sees every target through this interface, so a directory, a `.zip`
file and a remote store are judged by the same code. Keys are relative to the
store's root and joined with `/`; `path` turns one back into what the user would
write, which is how findings name their file.
"""

from __future__ import annotations

import contextlib
import os
import zipfile
from collections.abc import Iterable, Iterator, Sequence
from typing import Protocol

__all__ = ["DirectoryStore", "Store", "StoreError", "ZipStore", "parent_key", "tree_of"]


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
        self._prefix = "" if not root else root if root.endswith(os.sep) else root + os.sep

    def listing(self) -> Iterator[str]:
        for directory, names in self.tree():
            if isinstance(names, StoreError):
                raise names
            prefix = f"{directory}/" if directory else ""
            for name in names:
                yield prefix + name

    def tree(self, below: str = "") -> Iterator[tuple[str, list[str] | StoreError]]:
        """Each directory at or below the key `below`, with the names of its files, in tree order; a directory that cannot be read, with why.

        Tree order visits a directory before what is below it, each level
        sorted, so the nodes of a store can be checked as they are found. A link
        to a directory is listed as a file, not followed, as os.walk does.
        """
        pending = [below]
        while pending:
            directory = pending.pop()
            path = self.path(directory) if directory else self.name or os.curdir
            files: list[str] = []
            subdirectories: list[str] = []
            try:
                with os.scandir(path) as entries:
                    for entry in entries:
                        (subdirectories if entry.is_dir(follow_symlinks=False) else files).append(entry.name)
            except OSError as error:
                yield directory, StoreError(f"cannot read {error.filename or path}: {error.strerror or error}")
                continue
            files.sort()
            yield directory, files
            prefix = f"{directory}/" if directory else ""
            pending.extend(prefix + name for name in sorted(subdirectories, reverse=True))

    def has(self, key: str) -> bool:
        """Whether the store holds `key` (a file, or a link, even a broken one)."""
        return os.path.lexists(self.path(key))

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
        return self._prefix + (key if os.sep == "/" else key.replace("/", os.sep))

    def write(self, key: str, data: bytes, *, durable: bool = True) -> None:
        """Put `data` under `key`, through a temporary file renamed into place; raises `StoreError`.

        `durable=False` leaves the bytes to the operating system's cache, for a
        writer of many files that makes them durable at once (`os.sync`).
        """
        write_file_atomically(self.path(key), data, durable=durable)

    def remove(self, key: str) -> None:
        """Remove the file under `key`; raises `StoreError`."""
        path = self.path(key)
        try:
            os.unlink(path)
        except OSError as error:
            raise StoreError(f"cannot remove {path}: {error.strerror or error}") from None


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
        self._written: dict[str, bytes] = {}
        self._removed: set[str] = set()

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

    def write(self, key: str, data: bytes) -> None:
        """Put `data` under `key` once the store is closed, when the whole archive is written anew."""
        self._written[key] = data

    def remove(self, key: str) -> None:
        """Leave out the member `key` once the store is closed, when the whole archive is written anew."""
        self._removed.add(key)

    def close(self) -> None:
        """Write what was put, if anything, then release the archive; raises `StoreError` when it cannot be written."""
        try:
            if self._written or self._removed:
                self._rewrite()
        finally:
            self._archive.close()

    def _rewrite(self) -> None:
        # A zip file cannot change a member in place: every member is copied to a new
        # archive beside it, which then replaces the old one, so a failure leaves it whole.
        temporary = f"{self.name}.{os.getpid()}.tmp"
        try:
            with zipfile.ZipFile(temporary, "w") as archive:
                for key, member in self._members.items():
                    if key not in self._written and key not in self._removed:
                        archive.writestr(member, self._archive.read(member))
                for key, data in self._written.items():
                    archive.writestr(key, data, compress_type=self._compression(key))
            os.replace(temporary, self.name)
        except (OSError, zipfile.BadZipFile) as error:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise StoreError(f"cannot write {self.name}: {getattr(error, 'strerror', None) or error}") from None

    def _compression(self, key: str) -> int:
        member = self._members.get(key)
        return member.compress_type if member is not None else zipfile.ZIP_STORED


def write_file_atomically(path: str, data: bytes, *, durable: bool = True) -> None:
    """Write `data` to the file at `path` through a temporary file beside it, renamed into place; raises `StoreError`.

    With `durable`, the bytes reach the disk before the rename.
    """
    directory = os.path.dirname(path) or os.curdir
    temporary = os.path.join(directory, f".{os.path.basename(path)}.{os.getpid()}.tmp")
    try:
        if not os.path.isdir(directory):
            os.makedirs(directory, exist_ok=True)
        with open(temporary, "wb") as file:
            file.write(data)
            if durable:
                file.flush()
                os.fsync(file.fileno())
        os.replace(temporary, path)
    except OSError as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise StoreError(f"cannot write {path}: {error.strerror or error}") from None


def _read_or_error(store: Store, key: str) -> bytes | StoreError:
    try:
        return store.read(key)
    except StoreError as error:
        return error


def tree_of(keys: Iterable[str]) -> Iterator[tuple[str, list[str] | StoreError]]:
    """The directories of a store that can only list its keys, each with the names of its files, in tree order."""
    found: dict[str, list[str]] = {}
    for key in keys:
        directory, _, name = key.rpartition("/")
        found.setdefault(directory, []).append(name)
    for directory in sorted(found, key=lambda directory: directory.split("/") if directory else []):
        yield directory, sorted(found[directory])
