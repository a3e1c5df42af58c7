"""Where metadata is kept: a store is a set of keys (`a/b/zarr.json`) whose values are bytes.

The checker sees every target through this interface, so a directory, a `.zip`
file and a remote store are judged by the same code. Keys are relative to the
store's root and joined with `/`; `path` turns one back into what the user would
write, which is how findings name their file.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Protocol

from zarr_metadata.cli._bounded_read import DEFAULT_MAX_DOCUMENT_SIZE, read_regular_file
from zarr_metadata.cli._files import is_inside, replace_file, unsafe_key
from zarr_metadata.cli._links import leaves_store, outside_error_text
from zarr_metadata.cli._store_error import StoreError

__all__ = [
    "DirectoryStore",
    "Incomplete",
    "StoppedAnswering",
    "Store",
    "StoreError",
    "parent_key",
    "read_or_error",
    "tree_of",
]


class Incomplete(StoreError):
    """A store that could not be listed and holds no consolidated metadata: the message says what of it was read, and why no more."""


class StoppedAnswering(StoreError):
    """A read not made, since the store had stopped answering."""


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

    def __init__(
        self,
        root: str,
        *,
        max_document_size: int = DEFAULT_MAX_DOCUMENT_SIZE,
        follow_external_links: bool = False,
    ) -> None:
        self.name = root
        self.max_document_size = max_document_size
        """The most bytes a document read from the store may hold."""
        self.follow_external_links = follow_external_links
        """Whether a document that links to a file outside the store is read."""
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
        to a directory is followed, as zarr-python's local store follows it when
        it opens the node behind it, unless it leads back to a directory on the
        way down to it (a loop, told by device and inode). One that leads out of
        the store is a directory that cannot be read, unless
        `follow_external_links`: what lies there is someone else's.
        """
        pending = [below]
        # The device and inode of directories above a link, learnt only when a link is met.
        identities: dict[str, tuple[int, int]] = {}
        # Linked directories that lead out of the store, by key: listed as what cannot be read, not walked.
        outside: dict[str, str] = {}
        while pending:
            directory = pending.pop()
            path = self.path(directory) if directory else self.name or os.curdir
            if directory in outside:
                yield (
                    directory,
                    StoreError(outside_error_text(path, outside.pop(directory), "follows")),
                )
                continue
            files: list[str] = []
            subdirectories: list[str] = []
            try:
                with os.scandir(path) as entries:
                    for entry in entries:
                        # A plain directory is told by the entry alone; only a link costs a stat.
                        plain = entry.is_dir(follow_symlinks=False)
                        linked = (
                            not plain
                            and entry.is_symlink()
                            and self._follows(directory, entry, identities)
                        )
                        if linked and not self.follow_external_links:
                            target = leaves_store(entry.path, self.name)
                            if target is not None:
                                outside[
                                    f"{directory}/{entry.name}" if directory else entry.name
                                ] = target
                        (subdirectories if plain or linked else files).append(entry.name)
            except OSError as error:
                yield (
                    directory,
                    StoreError(f"cannot read {error.filename or path}: {error.strerror or error}"),
                )
                continue
            files.sort()
            yield directory, files
            prefix = f"{directory}/" if directory else ""
            pending.extend(prefix + name for name in sorted(subdirectories, reverse=True))

    def _follows(
        self, directory: str, link: os.DirEntry[str], identities: dict[str, tuple[int, int]]
    ) -> bool:
        """Whether the link `link` in `directory` leads to a directory that is not one on the way down to it.

        A link to a file is a file, read where it leads (what may be read
        there is decided where documents are read, not here); a broken link
        is a file too, whose read then fails.
        """
        try:
            target = link.stat()
        except OSError:
            return False
        if not stat.S_ISDIR(target.st_mode):
            return False
        found = (target.st_dev, target.st_ino)
        parts = directory.split("/") if directory else []
        for depth in range(len(parts) + 1):
            above = "/".join(parts[:depth])
            if above not in identities:
                try:
                    status = os.stat(self.path(above) if above else self.name or os.curdir)
                except OSError:
                    continue
                identities[above] = (status.st_dev, status.st_ino)
            if identities[above] == found:
                return False
        return True

    def has(self, key: str) -> bool:
        """Whether the store holds `key` (a file, or a link, even a broken one)."""
        return os.path.lexists(self.path(key))

    def read(self, key: str) -> bytes:
        path = self.path(key)
        try:
            known = os.lstat(path)
        except OSError as error:
            raise StoreError(f"cannot read {path}: {error.strerror or error}") from None
        if not stat.S_ISLNK(known.st_mode):
            return read_regular_file(path, self.max_document_size, known)
        if not self.follow_external_links:
            outside = leaves_store(path, self.name)
            if outside is not None:
                raise StoreError(outside_error_text(path, outside))
        return read_regular_file(path, self.max_document_size)  # what the link leads to is judged

    def read_many(self, keys: Sequence[str]) -> list[bytes | StoreError]:
        return [read_or_error(self, key) for key in keys]

    def path(self, key: str) -> str:
        return self._prefix + (key if os.sep == "/" else key.replace("/", os.sep))

    def write(self, key: str, data: bytes, *, durable: bool = True) -> None:
        """Put `data` under `key`, through a temporary file renamed into place, keeping the file's mode, owner and link; raises `StoreError`.

        A key that would leave the directory, or a link whose file is outside
        it, is refused: nothing is written outside the store. `durable=False`
        leaves the bytes to the operating system's cache, for a writer of many
        files that makes them durable at once (`os.sync`).
        """
        path = self.path(key)
        refused = unsafe_key(key)
        if refused is None and not is_inside(self.name or os.curdir, path):
            refused = f"{path} leads outside {self.name or os.curdir}"
        if refused is not None:
            raise StoreError(f"cannot write {path}: {refused}")
        try:
            replace_file(path, lambda file: file.write(data), durable=durable)
        except OSError as error:
            raise StoreError(f"cannot write {path}: {error.strerror or error}") from None

    def remove(self, key: str) -> None:
        """Remove the file under `key`; raises `StoreError`."""
        path = self.path(key)
        try:
            os.unlink(path)
        except OSError as error:
            raise StoreError(f"cannot remove {path}: {error.strerror or error}") from None


def read_or_error(store: Store, key: str) -> bytes | StoreError:
    """The bytes under `key`, or the error reading them raised."""
    try:
        return store.read(key)
    except StoreError as error:
        return error


def tree_of(
    keys: Iterable[str], unlisted: Mapping[str, StoreError] | None = None
) -> Iterator[tuple[str, list[str] | StoreError]]:
    """The directories of a store that can only list its keys, each with the names of its files, in tree order.

    Each directory of `unlisted` (one that could not be listed) comes with
    its error, after the files found in it otherwise (through consolidated
    metadata), if any were.
    """
    found: dict[str, list[str]] = {}
    for key in keys:
        directory, _, name = key.rpartition("/")
        found.setdefault(directory, []).append(name)
    failed = unlisted or {}
    for directory in sorted(
        {*found, *failed}, key=lambda directory: directory.split("/") if directory else []
    ):
        if directory in found:
            yield directory, sorted(found[directory])
        if directory in failed:
            yield directory, failed[directory]
