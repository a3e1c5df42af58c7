"""A store being checked: its listed keys, and the bytes read from it, each read once."""

from __future__ import annotations

from collections.abc import Iterable

from zarr_metadata.cli._store import Store, StoreError


class Source:
    """The keys of `store` the checker knows of, and what it has read but not yet used.

    Reads are asked for in batches (`prefetch`), so that a remote store can
    serve them concurrently. A file read early, to compare consolidated
    metadata with it, is kept until its own target takes it, so it is
    fetched once.
    """

    def __init__(self, store: Store, keys: Iterable[str]) -> None:
        self.store = store
        self.keys = frozenset(keys)
        self._read: dict[str, bytes | StoreError] = {}

    def path(self, key: str) -> str:
        """`key` as the user would write it."""
        return self.store.path(key)

    def prefetch(self, keys: Iterable[str]) -> None:
        """Read each of `keys` not read yet, all at once."""
        missing = [key for key in dict.fromkeys(keys) if key not in self._read]
        if missing:
            self._read.update(zip(missing, self.store.read_many(missing), strict=True))

    def peek(self, key: str) -> bytes | StoreError:
        """The bytes under `key`, kept for whoever takes them next."""
        self.prefetch((key,))
        return self._read[key]

    def take(self, key: str) -> bytes | StoreError:
        """The bytes under `key`, forgotten once given."""
        found = self._read.pop(key, None)
        if found is None:
            found = self.store.read_many((key,))[0]
        return found
