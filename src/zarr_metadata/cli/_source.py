"""A store being checked: which keys it holds, and the bytes read from it, each read once."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from zarr_metadata.cli._store import DirectoryStore, Store, StoreError

if TYPE_CHECKING:
    from concurrent.futures import Executor, Future


class Source:
    """What the checker knows of `store`, and what it has read but not yet used.

    A local directory is asked about its keys as they are needed, so that a
    store of any size is checked without holding its listing; any other store
    is listed once (`keys`). Reads are asked for in batches (`prefetch`), so
    that a remote store can serve them concurrently. A file read early, to
    compare consolidated metadata with it, is kept until its own target takes
    it, so it is fetched once.
    """

    def __init__(
        self,
        store: Store,
        keys: Iterable[str] | None = None,
        excluded: Callable[[str], bool] | None = None,
    ) -> None:
        self.store = store
        self._keys = frozenset(keys) if keys is not None else None
        self._excluded = excluded
        """Keys the user left out (`--exclude`): held by the store, but neither read nor compared with anything."""
        self._read: dict[str, bytes | StoreError] = {}
        # A remote store's next batch may be fetched while this one is checked
        # (`fetch_ahead`); the store is asked one thing at a time.
        self._asking = threading.Lock()

    def path(self, key: str) -> str:
        """`key` as the user would write it."""
        return self.store.path(key)

    def holds(self, key: str) -> bool:
        """Whether the store holds `key`, excluded or not."""
        if self._keys is not None:
            return key in self._keys
        return isinstance(self.store, DirectoryStore) and self.store.has(key)

    def excluded(self, key: str) -> bool:
        """Whether the user left `key` out (`--exclude`)."""
        return self._excluded is not None and self._excluded(key)

    def keys_below(self, directory: str) -> Iterator[str]:
        """Every key at or below the directory `directory` (`""` is the root) that is not excluded, sorted."""
        below = f"{directory}/" if directory else ""
        if self._keys is not None:
            keys = sorted(key for key in self._keys if key.startswith(below))
            yield from (key for key in keys if self._excluded is None or not self._excluded(key))
        elif isinstance(self.store, DirectoryStore):
            for at, names in self.store.tree(directory):
                if not isinstance(names, StoreError):
                    prefix = f"{at}/" if at else ""
                    keys = (prefix + name for name in names)
                    yield from (
                        key for key in keys if self._excluded is None or not self._excluded(key)
                    )

    def prefetch(self, keys: Iterable[str]) -> None:
        """Read each of `keys` not read yet, all at once."""
        with self._asking:
            missing = [key for key in dict.fromkeys(keys) if key not in self._read]
            if missing:
                self._read.update(zip(missing, self.store.read_many(missing), strict=True))

    def fetch_ahead(self, keys: Sequence[str], fetcher: Executor) -> Future[None]:
        """Start reading `keys` on `fetcher`'s thread, to be taken once the returned future is done."""
        return fetcher.submit(self.prefetch, keys)

    def peek(self, key: str) -> bytes | StoreError:
        """The bytes under `key`, kept for whoever takes them next."""
        self.prefetch((key,))
        return self._read[key]

    def take(self, key: str) -> bytes | StoreError:
        """The bytes under `key`, forgotten once given."""
        with self._asking:
            found = self._read.pop(key, None)
            if found is None:
                found = self.store.read_many((key,))[0]
        return found
