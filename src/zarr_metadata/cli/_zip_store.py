"""A `.zip` file holding a store, read in place; in a module of its own so that `zipfile` is imported only for a zip target."""

from __future__ import annotations

import warnings
import zipfile
from collections.abc import Iterator, Sequence
from typing import BinaryIO

from zarr_metadata.cli._bounded_read import DEFAULT_MAX_DOCUMENT_SIZE, read_stream, too_large
from zarr_metadata.cli._files import replace_file
from zarr_metadata.cli._store import StoreError, read_or_error


class ZipStore:
    """A `.zip` file holding a store, read in place: each member a key, as zarr-python's ZipStore writes it."""

    def __init__(self, path: str, *, max_document_size: int = DEFAULT_MAX_DOCUMENT_SIZE) -> None:
        self.name = path
        self.max_document_size = max_document_size
        """The most bytes a member read from the archive may hold, whatever its header says."""
        try:
            self._archive = zipfile.ZipFile(path)
        except (
            Exception
        ) as error:  # a broken archive raises whatever the part of it that breaks raises
            raise StoreError(f"cannot read {path} as a zip file: {_zip_reason(error)}") from None
        # A name written twice in one archive keeps the last member, as zipfile reads it.
        # A name cut short by a NUL byte may be empty, which is no key.
        self._members = {
            info.filename: info
            for info in self._archive.infolist()
            if info.filename and not info.is_dir()
        }
        self._written: dict[str, bytes] = {}
        self._removed: set[str] = set()

    def listing(self) -> Iterator[str]:
        return iter(self._members)

    def read(self, key: str) -> bytes:
        member = self._members.get(key)
        if member is None:
            raise StoreError(f"cannot read {self.path(key)}: no such member")
        limit = self.max_document_size
        if member.file_size > limit:
            raise too_large(self.path(key), limit, member.file_size)
        try:
            with self._archive.open(member) as stream:
                data = read_stream(stream, limit)
        except Exception as error:  # a broken member (bad CRC, truncated, encrypted, unknown compression) is not JSON to judge
            raise StoreError(f"cannot read {self.path(key)}: {_zip_reason(error)}") from None
        if data is None:
            raise too_large(self.path(key), limit)  # its header said less than it holds
        return data

    def read_many(self, keys: Sequence[str]) -> list[bytes | StoreError]:
        return [read_or_error(self, key) for key in keys]

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

    def has(self, key: str) -> bool:
        """Whether the archive holds `key`, or will once it is closed."""
        return key in self._members or key in self._written

    def _rewrite(self) -> None:
        # A zip file cannot change a member in place: every member is copied to a new
        # archive beside it, which then replaces the old one, so a failure leaves it whole.
        try:
            replace_file(self.name, self._copy)
        except (
            OSError,
            zipfile.BadZipFile,
            zipfile.LargeZipFile,
            RuntimeError,
            NotImplementedError,
        ) as error:
            raise StoreError(
                f"cannot write {self.name}: {getattr(error, 'strerror', None) or error}"
            ) from None

    def _copy(self, file: BinaryIO) -> None:
        """Write the archive with what was put: every member kept, in order, duplicates and directories too."""
        with zipfile.ZipFile(file, "w") as archive, warnings.catch_warnings():
            # A name written twice is kept twice, as it was: zipfile's warning about it says nothing new.
            warnings.filterwarnings("ignore", "Duplicate name", UserWarning)
            for member in self._archive.infolist():
                if member.filename in self._removed:
                    continue
                # Of a name written twice, readers take the last member, so that is the one replaced.
                replaced = (
                    member.filename in self._written
                    and self._members.get(member.filename) is member
                )
                data = self._written[member.filename] if replaced else self._archive.read(member)
                archive.writestr(member, data)
            for key, data in self._written.items():
                if key not in self._members:
                    archive.writestr(key, data, compress_type=zipfile.ZIP_STORED)


def _zip_reason(error: Exception) -> str:
    text = str(getattr(error, "strerror", None) or error)
    return (
        text
        if isinstance(error, OSError | zipfile.BadZipFile)
        else f"a broken archive ({text or type(error).__name__})"
    )
