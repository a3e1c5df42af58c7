"""Opening what the user named: a metadata file, a directory, a `.zip` store, a URL, or `-` for standard input."""

from __future__ import annotations

import dataclasses
import os
import stat
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence

from zarr_metadata._json_text import BrokenJSON, read_json_text
from zarr_metadata.cli._bounded_read import read_stream, too_large
from zarr_metadata.cli._check import Options
from zarr_metadata.cli._store import DirectoryStore, Store, StoreError
from zarr_metadata.cli._walk import ZARR_JSON, ZARRAY, ZGROUP, ZMETADATA

STDIN = "-"
ZIP_SUFFIX = ".zip"


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
        return _standard_input(options)
    if is_url(name):
        from zarr_metadata.cli._remote import open_url  # optional: needs the `remote` extra

        return open_url(name, options)
    try:
        mode = os.stat(name).st_mode
    except OSError as error:
        return StoreError(f"cannot read {name}: {error.strerror or error}")
    if stat.S_ISDIR(mode):
        return _local(_directory(name, options))
    # Only a regular file is opened to see whether it is a zip file: a fifo would block.
    if stat.S_ISREG(mode) and _is_zip_file(name):
        # Imported for a zip target only: see "What a run imports" in docs/how-it-works/cli.md.
        from zarr_metadata.cli._zip_store import ZipStore

        try:
            store = ZipStore(name, max_document_size=options.max_document_size)
        except StoreError as error:
            return error
        return Opened(store, rooted=True, close=store.close)
    if stat.S_ISREG(mode) and name.lower().endswith(ZIP_SUFFIX):
        return StoreError(
            f"cannot read {name} as a zip file: it has no zip directory at its end (cut short, or not a zip file)"
        )
    directory, file = os.path.split(name)
    return _local(_directory(directory, options), named=file)


def _directory(root: str, options: Options) -> DirectoryStore:
    return DirectoryStore(
        root,
        max_document_size=options.max_document_size,
        follow_external_links=options.follow_external_links,
    )


def _local(store: DirectoryStore, named: str | None = None) -> Opened:
    # The real path of the root, found once: a store and a file named in it share it.
    root = os.path.realpath(store.name or os.curdir)
    return Opened(store, named=named, identity=lambda key: f"{root}/{key}", parallel=True)


def _standard_input(options: Options) -> Opened:
    """The one document on standard input, read no further than the size limit, as the file `--stdin-filename` names or its content says."""
    shown = options.stdin_filename or STDIN
    data: bytes | StoreError | None = read_stream(sys.stdin.buffer, options.max_document_size)
    if data is None:
        data = too_large(shown, options.max_document_size)
    if options.stdin_filename is not None:
        key = os.path.basename(options.stdin_filename.replace("\\", "/")) or ZARR_JSON
    else:
        key = ZARR_JSON if isinstance(data, StoreError) else _key_of(data)
    return Opened(OneDocument(key, data, shown), named=key)


def _key_of(data: bytes) -> str:
    """The file name a document read from standard input stands for, judged from what it holds."""
    read = read_json_text(data)
    value = None if isinstance(read, BrokenJSON) else read.value
    if not isinstance(value, dict) or value.get("zarr_format") != 2:  # pyright: ignore[reportUnknownMemberType]
        return ZARR_JSON
    if "metadata" in value:
        return ZMETADATA
    return ZARRAY if "shape" in value else ZGROUP


class OneDocument:
    """A store of one document, read from standard input, shown as `-` or as the name `--stdin-filename` gives it.

    It holds that document alone: a `.zattrs` comes without the `.zarray` or
    `.zgroup` beside it, so only the attributes are judged.
    """

    def __init__(self, key: str, data: bytes | StoreError, shown: str = STDIN) -> None:
        self.name = shown
        self._key = key
        self._data = data

    def listing(self) -> Iterator[str]:
        return iter((self._key,))

    def read(self, key: str) -> bytes:
        if key != self._key:
            raise StoreError(f"cannot read {key}: standard input holds one document")
        if isinstance(self._data, StoreError):
            raise self._data
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
        return self.name


def _is_zip_file(name: str) -> bool:
    """Whether the regular file `name` is a zip file."""
    import zipfile  # imported for a file target only: see "What a run imports" in docs/how-it-works/cli.md

    return zipfile.is_zipfile(name)
