"""Stores behind a URL, opened with fsspec (the `remote` extra): `s3://`, `gs://`, `http(s)://`, `memory://`, and chained URLs such as `zip::s3://...`.

Credentials and options come from fsspec's own configuration (its config
files, and `FSSPEC_<PROTOCOL>_<OPTION>` variables such as
`FSSPEC_S3_ENDPOINT_URL`) and from each file system's own environment
(`AWS_*`, `GOOGLE_*`), never from the command line. fsspec is imported
here only, and only when a URL is opened.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import importlib
import inspect
import uuid
from collections.abc import Iterator, MutableMapping, Sequence
from typing import TYPE_CHECKING, Protocol, cast
from urllib.parse import unquote

from zarr_metadata._json_text import BrokenJSON, read_json_text
from zarr_metadata.cli._bounded_read import DEFAULT_MAX_DOCUMENT_SIZE, too_large
from zarr_metadata.cli._crawl import ListingFileSystem, crawl, has_flat_listing
from zarr_metadata.cli._open import Opened, UsageError
from zarr_metadata.cli._remote_read import TooLarge, bounded_reader, read_file_object
from zarr_metadata.cli._store import Incomplete, StoppedAnswering, StoreError
from zarr_metadata.cli._walk import (
    METADATA_FILES,
    V2_NODE_FILES,
    ZARR_JSON,
    ZATTRS,
    ZGROUP,
    ZMETADATA,
)

if TYPE_CHECKING:
    from zarr_metadata.cli._check import Options

__all__ = ["EXTRA", "FsspecStore", "open_url"]

EXTRA = "pip install 'zarr-metadata[remote]'"
"""What installs the file systems URLs need."""

_Outcome = bytes | BaseException
"""What one request gave: the bytes, or the error fsspec raised after its own retries."""


class FileSystem(Protocol):
    """What the store uses of an fsspec file system (fsspec itself has no types)."""

    async_impl: bool
    cachable: bool
    protocol: str | tuple[str, ...]
    dircache: MutableMapping[str, object]
    loop: asyncio.AbstractEventLoop
    """The event loop an asynchronous file system (`async_impl`) runs its requests on."""

    def find(self, path: str, *, withdirs: bool) -> list[str]: ...
    def cat_file(self, path: str) -> bytes: ...
    def pipe_file(self, path: str, value: bytes) -> None: ...
    def mv(self, path1: str, path2: str) -> None: ...
    def rm_file(self, path: str) -> None: ...


def open_url(name: str, options: Options) -> Opened | StoreError:
    """The store at the URL `name`, or at its parent when the URL names a metadata file, listed.

    A store that can be neither listed nor read through its consolidated
    metadata (a bucket that does not exist) is a `StoreError`. Raises
    `UsageError` when fsspec, or the file system a protocol needs, is not
    installed, or no file system knows the protocol.
    """
    try:
        # Imported by name: fsspec has no types, and pyright would check every use.
        fsspec = importlib.import_module("fsspec")
    except ImportError:
        raise UsageError(f"cannot open {name}: URLs need the remote extra ({EXTRA})") from None
    # A URL that names a zip file (`s3://bucket/store.zip`) is the zip store it holds, as `zip::` would chain it.
    opened = (
        f"zip::{name}" if "::" not in name and name.rstrip("/").lower().endswith(".zip") else name
    )
    protocols = _protocols(opened)
    for protocol in protocols:
        try:
            fsspec.get_filesystem_class(protocol)
        except ImportError as error:
            raise UsageError(
                f"cannot open {name}: {error or 'a module is missing'} ({EXTRA})"
            ) from None
        except ValueError:
            raise UsageError(
                f"cannot open {name}: no installed file system opens {protocol}:// URLs"
            ) from None
    named = _named_file(name)
    url = name[: -len(named) - 1] if named else name
    try:
        link_options = {
            **_s3_options(protocols, options, fsspec.config.conf),
            **_http_options(protocols, options, fsspec.config.conf),
        }
        fs, root = cast(
            "tuple[FileSystem, str]",
            fsspec.url_to_fs(opened if opened != name else url, **link_options),
        )
    except Exception as error:  # whatever the file system raises when it cannot reach the store
        return StoreError(f"cannot open {name}: {_reason(error)}")
    store = FsspecStore(
        url,
        fs,
        root,
        jobs=options.jobs,
        timeout=options.timeout,
        max_document_size=options.max_document_size,
    )
    try:
        store.listing()  # a store that cannot be listed, nor read through its consolidated metadata, cannot be opened
    except StoreError as error:
        store.close()
        return error
    ahead = bool(getattr(fs, "async_impl", False))
    return Opened(
        store,
        named=named,
        rooted=True,
        identity=store.path,
        close=store.close,
        ahead=ahead,
        unlisted=store.unlisted,
        stopped=store.stopped,
    )


def _protocols(name: str) -> list[str]:
    """The protocol of each link of a URL: `["zip", "s3"]` for `zip::s3://bucket/store.zip`."""
    return [link.partition("://")[0] if "://" in link else link for link in name.split("::")]


def _s3_options(
    protocols: list[str], options: Options, conf: dict[str, dict[str, object]]
) -> dict[str, object]:
    """Options for the S3 links of a URL, beside those fsspec's configuration gives: botocore's connection pool and timeouts.

    Unless told otherwise, botocore holds 10 connections and waits a minute
    to connect or read, which would quietly cap `--jobs` and stretch
    `--timeout` (a listing's requests are not bounded otherwise). What the
    configuration sets is kept, but a pool smaller than `jobs` is made larger.
    """
    found: dict[str, object] = {}
    for protocol in {"s3", "s3a"}.intersection(protocols):
        configured = cast("dict[str, object]", conf.get(protocol, {}).get("config_kwargs") or {})
        pool = max(options.jobs, cast("int", configured.get("max_pool_connections", 0)))
        timeouts = {"connect_timeout": options.timeout, "read_timeout": options.timeout}
        found[protocol] = {
            "config_kwargs": {**timeouts, **configured, "max_pool_connections": pool}
        }
    return found


def _http_options(
    protocols: list[str], options: Options, conf: dict[str, dict[str, object]]
) -> dict[str, object]:
    """Options for the HTTP links of a URL: aiohttp's timeouts, so that `--timeout` bounds every request, a listing's pages too.

    aiohttp's own default waits five minutes for a whole response, and fsspec
    asks for directory pages without any other bound, so a server that stalls
    a listing would hold the run. Each wait to connect, and each wait for the
    next bytes of a response, is cut at `timeout` seconds; timeouts the
    configuration sets are kept.
    """
    found: dict[str, object] = {}
    for protocol in {"http", "https"}.intersection(protocols):
        configured = cast("dict[str, object]", conf.get(protocol, {}).get("client_kwargs") or {})
        if "timeout" in configured:
            continue
        aiohttp = importlib.import_module("aiohttp")
        timeout = aiohttp.ClientTimeout(
            total=None, sock_connect=options.timeout, sock_read=options.timeout
        )
        found[protocol] = {"client_kwargs": {**configured, "timeout": timeout}}
    return found


def _named_file(name: str) -> str | None:
    """The metadata file a plain URL ends with (`zarr.json` for `s3://bucket/a/zarr.json`), if it ends with one."""
    if "::" in name:
        return None
    parent, _, base = name.partition("://")[2].rpartition("/")
    return base if parent and base in METADATA_FILES else None


class FsspecStore:
    """The keys under one URL, read through fsspec: on an asynchronous file system, up to `jobs` requests at a time, each within `timeout` seconds.

    A store that cannot be listed, or whose listing finds nothing (plain
    HTTP without directory pages), is listed through its consolidated
    metadata. What that costs to learn (reading the documents) is kept
    until the checker reads them.
    """

    def __init__(
        self,
        name: str,
        fs: FileSystem,
        root: str,
        *,
        jobs: int,
        timeout: float,
        max_document_size: int = DEFAULT_MAX_DOCUMENT_SIZE,
    ) -> None:
        self.name = name
        self._max_document_size = max_document_size
        self._fs = fs
        self._root = root.rstrip("/")
        self._jobs = max(1, jobs)
        self._timeout = timeout
        self._kept: dict[str, bytes | StoreError] = {}
        self._keys: list[str] | None = None
        self._quoted = "http" in _protocol_names(fs)
        self._whole = _splits_reads(fs)
        self._answers = _Answers()
        self._unlisted: dict[str, StoreError] = {}

    def listing(self) -> Iterator[str]:
        if self._keys is None:
            self._keys = self._list()
        return iter(self._keys)

    def unlisted(self) -> dict[str, StoreError]:
        """Each directory (by key, `""` the root) whose listing failed, with why: what is below it was seen only through consolidated metadata, if at all.

        A store that could not be listed at all and has no consolidated
        metadata is an `Incomplete` at the root, which says what was read.
        """
        self.listing()
        return self._unlisted

    def stopped(self) -> str | None:
        """Why the store is taken to have stopped answering (a run of connection failures), once it has; None while it answers."""
        return self._answers.stopped

    def read(self, key: str) -> bytes:
        found = self.read_many((key,))[0]
        if isinstance(found, StoreError):
            raise found
        return found

    def read_many(self, keys: Sequence[str]) -> list[bytes | StoreError]:
        wanted = [key for key in dict.fromkeys(keys) if key not in self._kept]
        for key, outcome in zip(wanted, self._fetch(wanted), strict=True):
            self._kept[key] = self._as_read(key, outcome)
        found = [self._kept[key] for key in keys]
        for key in keys:
            self._kept.pop(key, None)
        return found

    def path(self, key: str) -> str:
        return f"{self.name.rstrip('/')}/{key}"

    def write(self, key: str, data: bytes) -> None:
        """Put `data` under `key`: under a temporary key beside it first, then moved into place, so no reader sees half a document.

        A file system that cannot move a key is written in place. Raises `StoreError`.
        """
        target, temporary = self._fs_path(key), self._fs_path(f"{key}.{uuid.uuid4().hex}.partial")
        try:
            self._fs.pipe_file(temporary, data)
            try:
                self._fs.mv(temporary, target)
            except NotImplementedError:
                self._fs.pipe_file(target, data)
                self._fs.rm_file(temporary)
        except Exception as error:  # the store refused: say so, and leave no temporary key behind
            self._forget(temporary)
            raise StoreError(f"cannot write {self.path(key)}: {_reason(error, target)}") from None

    def remove(self, key: str) -> None:
        """Remove the key `key`; raises `StoreError`."""
        target = self._fs_path(key)
        try:
            self._fs.rm_file(target)
        except Exception as error:  # the store refused: say so
            raise StoreError(f"cannot remove {self.path(key)}: {_reason(error, target)}") from None

    def close(self) -> None:
        """Release a file system made for this store alone (a `zip::` archive)."""
        if not self._fs.cachable:
            close = getattr(self._fs, "close", None)
            if callable(close):
                close()

    def _list(self) -> list[str]:
        """Every key, from the file system's listing or else from the consolidated metadata; raises `StoreError` when neither can be had."""
        # A listing an earlier run in this process cached may be stale; not every
        # file system's invalidate_cache() forgets it (HTTP's does nothing).
        self._fs.dircache.clear()
        keys, failure = self._listed()
        if failure is None and keys:
            return keys + self._below_unlisted(keys)
        # The root could not be listed: a store that refuses to be listed may still serve its documents.
        found = self._through_consolidated(unreachable=failure is not None)
        if found is None:
            raise StoreError(
                f"cannot list {self.name}: {self._why(failure, self._root) if failure is not None else 'no answer'}"
            )
        keys, consolidated = found
        if not consolidated and keys:
            self._unlisted[""] = Incomplete(self._incomplete(keys, failure))
        elif failure is not None and not _offers_no_listing(failure):
            self._unlisted[""] = StoreError(
                f"cannot list {self.name}: {self._why(failure, self._root)}"
            )
        return keys

    def _listed(self) -> tuple[list[str], BaseException | None]:
        """The keys the file system lists, and the error that kept the root from being listed, if one did.

        A file system that lists a whole tree at once (S3) is asked once;
        any other (HTTP) directory by directory, each failure below the root
        kept in `_unlisted`.
        """
        if has_flat_listing(self._fs):
            try:
                return self._find(), None
            except Exception as error:  # any failure to list is a finding, never a traceback
                self._answers.heard(error)
                return [], error
        found = crawl(
            cast("ListingFileSystem", self._fs),
            self._root,
            jobs=self._jobs,
            timeout=self._timeout,
            http=self._quoted,
            answered=self._answers.heard,
            stopped=lambda: self.stopped() is not None,
        )
        failure = found.failed.pop("", None)
        if isinstance(failure, FileNotFoundError):
            failure = None  # a root that is not found lists nothing, as plain HTTP without directory pages says it
        for directory, error in found.failed.items():
            self._unlisted[directory] = StoreError(
                f"cannot list {self.path(directory)}/: {self._why(error, self._fs_path(directory))}"
            )
        return found.keys, failure

    def _why(self, error: BaseException, path: str) -> str:
        """Why a request for `path` (as the file system names it) failed."""
        if isinstance(error, TimeoutError):
            return f"no answer within {self._timeout:g} s"
        return _reason(error, path)

    def _incomplete(self, keys: Sequence[str], failure: BaseException | None) -> str:
        """What an `Incomplete` store says: why it could not be listed, and which of its documents were read instead."""
        if failure is None or _offers_no_listing(failure):
            why = "it gives no listing of its files"
        else:
            why = self._why(failure, self._root)
        read = ", ".join(sorted(keys))
        return (
            f"{self.name} cannot be listed ({why}) and holds no consolidated metadata, so only what its root holds "
            f"({read}) was checked; the nodes below it cannot be found"
        )

    def _find(self) -> list[str]:
        """Every key under the root, as the file system lists it, relative and joined with `/`."""
        prefix = f"{self._root}/" if self._root else ""
        keys: list[str] = []
        for path in self._fs.find(self._root, withdirs=False):
            if not path.startswith(prefix):
                continue
            key = path[len(prefix) :].lstrip("/")
            if self._quoted:
                key = unquote(key)  # an HTTP directory page links to percent-encoded names
            if key and not key.endswith("/"):
                keys.append(key)
        return keys

    def _below_unlisted(self, keys: list[str]) -> list[str]:
        """The keys the root's consolidated metadata lists below a directory that could not be listed, that exist."""
        if not self._unlisted:
            return []
        roots = [key for key in (ZARR_JSON, ZMETADATA) if key in keys]
        listed: set[str] = set()
        for key, outcome in zip(roots, self._fetch(roots), strict=True):
            self._kept[key] = data = self._as_read(key, outcome)
            if isinstance(data, bytes):
                listed.update(consolidated_keys(key, data) or ())
        below = sorted(
            key
            for key in listed.difference(keys)
            if any(key.startswith(f"{at}/") for at in self._unlisted)
        )
        return sorted(self._probe(below))

    def _through_consolidated(self, *, unreachable: bool) -> tuple[list[str], bool] | None:
        """The keys the root's consolidated metadata lists, for a store that cannot be listed, those that exist, with the root's own files; and whether it had consolidated metadata.

        When listing failed (`unreachable`), the store counts as found only
        if a root document could be read (None otherwise); otherwise a root
        document that exists but cannot be read is listed, so its error is
        reported.
        """
        roots = self._probe((ZARR_JSON, ZGROUP, ZATTRS, ZMETADATA))
        if unreachable and not any(isinstance(self._kept.get(key), bytes) for key in roots):
            for key in roots:
                del self._kept[key]
            return None
        listed: set[str] = set()
        consolidated = False
        for key in (ZARR_JSON, ZMETADATA):
            data = self._kept.get(key)
            found = consolidated_keys(key, data) if isinstance(data, bytes) else None
            if found is not None:
                consolidated = True
                listed.update(found)
        return sorted(roots | self._probe(sorted(listed - roots))), consolidated

    def _probe(self, keys: Sequence[str]) -> set[str]:
        """Which of `keys` may exist (all but those the store says it lacks), keeping what reading each gave for the checker."""
        present: set[str] = set()
        for key, outcome in zip(keys, self._fetch(keys), strict=True):
            if not isinstance(outcome, FileNotFoundError):
                present.add(key)
                self._kept[key] = self._as_read(key, outcome)
        return present

    def _fetch(self, keys: Sequence[str]) -> list[_Outcome]:
        """What reading each of `keys` gave, at most `jobs` requests in flight."""
        if not keys:
            return []
        paths = [self._fs_path(key) for key in keys]
        try:
            if self._fs.async_impl:
                return asyncio.run_coroutine_threadsafe(self._gather(paths), self._fs.loop).result()
            return self._one_by_one(paths)
        except Exception as error:  # the file system itself failed: every read failed with it
            return [error] * len(keys)

    async def _gather(self, paths: Sequence[str]) -> list[_Outcome]:
        """Read `paths` on the file system's event loop, each request cancelled after `timeout` seconds."""
        limit = asyncio.Semaphore(self._jobs)
        # Metadata documents are small: one GET each, rather than a size request to split the read.
        options: dict[str, object] = {"max_concurrency": 1} if self._whole else {}
        read = bounded_reader(self._fs, self._max_document_size, options)

        async def one(path: str) -> _Outcome:
            async with limit:
                if self._answers.stopped is not None:
                    return StoppedAnswering(self._answers.stopped)
                try:
                    outcome: _Outcome = await asyncio.wait_for(read(path), self._timeout)
                except Exception as error:  # the error is the answer for this key
                    outcome = error
                self._answers.heard(outcome)
                return outcome

        return list(await asyncio.gather(*(one(path) for path in paths)))

    def _one_by_one(self, paths: Sequence[str]) -> list[_Outcome]:
        """Read `paths` through a file system without an event loop, one at a time.

        fsspec does not promise that such a file system is thread-safe (an
        FTP connection, a tar archive's shared file are not); its requests
        are bounded by what lies beneath (for `zip::s3://`, botocore's
        timeouts, which `--timeout` sets).
        """
        found: list[_Outcome] = []
        for path in paths:
            if self._answers.stopped is not None:
                found.append(StoppedAnswering(self._answers.stopped))
                continue
            try:
                outcome: _Outcome = read_file_object(self._fs, path, self._max_document_size)
            except Exception as error:  # the error is the answer for this key
                outcome = error
            self._answers.heard(outcome)
            found.append(outcome)
        return found

    def _as_read(self, key: str, outcome: _Outcome) -> bytes | StoreError:
        if isinstance(outcome, bytes):
            return outcome
        if isinstance(outcome, TooLarge):
            return too_large(self.path(key), self._max_document_size, outcome.size)
        if isinstance(outcome, StoppedAnswering):
            return StoppedAnswering(f"cannot read {self.path(key)}: the store stopped answering")
        if isinstance(outcome, TimeoutError):
            return StoreError(f"cannot read {self.path(key)}: no answer within {self._timeout:g} s")
        return StoreError(f"cannot read {self.path(key)}: {_reason(outcome, self._fs_path(key))}")

    def _fs_path(self, key: str) -> str:
        return f"{self._root}/{key}" if self._root else key

    def _forget(self, path: str) -> None:
        with contextlib.suppress(
            Exception
        ):  # it was never written, or cannot be removed either way
            self._fs.rm_file(path)


def consolidated_keys(key: str, data: bytes) -> set[str] | None:
    """The keys of the metadata files a root `zarr.json` or `.zmetadata` (`key`) lists in its consolidated metadata; None when it holds none.

    A `.zmetadata` is consolidated metadata, whatever it holds. A listing
    that is not JSON, or an entry that is not a relative path, lists
    nothing: the checker reports it when it reads the document.
    """
    read = read_json_text(data)
    if isinstance(read, BrokenJSON):
        return None if key == ZARR_JSON else set()
    document = read.value
    if key == ZARR_JSON:
        consolidated = _member(document, "consolidated_metadata")
        if not consolidated:
            return None
        return {
            f"{path}/{ZARR_JSON}"
            for path in _member(consolidated, "metadata")
            if _is_relative(path)
        }
    listing = _member(document, "metadata")
    return {
        path for path in listing if _is_relative(path) and path.rpartition("/")[2] in V2_NODE_FILES
    }


def _member(value: object, name: str) -> dict[str, object]:
    found = cast("dict[str, object]", value).get(name) if isinstance(value, dict) else None
    return cast("dict[str, object]", found) if isinstance(found, dict) else {}


def _is_relative(path: str) -> bool:
    return bool(path) and all(part not in ("", ".", "..") for part in path.split("/"))


_CONNECTION_FAILURES = frozenset(
    {
        "ConnectionError",
        "ClientConnectionError",
        "TimeoutError",
        "HTTPClientError",
        "ConnectTimeoutError",
    }
)
"""The names of the errors (among each one's classes) that say a store could not be reached, rather than that it answered.

They are named rather than imported, so that neither aiohttp nor botocore
need be installed: the builtin `ConnectionError` (refused, reset),
aiohttp's `ClientConnectionError`, botocore's `ConnectionError` (an
endpoint that cannot be reached) and `HTTPClientError`, and a timeout.
"""
_UNREACHABLE_ERRNOS = frozenset(
    {errno.ENETUNREACH, errno.EHOSTUNREACH, errno.ECONNREFUSED, errno.ECONNRESET, errno.ETIMEDOUT}
)


def is_connection_failure(error: BaseException) -> bool:
    """Whether `error` says the store could not be reached (refused, reset, unreachable, no answer), not that it answered (a 404 or a 500)."""
    if isinstance(error, OSError) and error.errno in _UNREACHABLE_ERRNOS:
        return True
    return any(kind.__name__ in _CONNECTION_FAILURES for kind in type(error).__mro__)


class _Answers:
    """Whether a store still answers: after `LIMIT` requests in a row that could not reach it, and none answered since, it is taken to have stopped."""

    LIMIT = 8

    def __init__(self) -> None:
        self._in_a_row = 0
        self.stopped: str | None = None

    def heard(self, outcome: object) -> None:
        """Count what one request gave: an answer of any kind, or a failure to connect."""
        if isinstance(outcome, StoppedAnswering):
            return
        if not isinstance(outcome, BaseException) or not is_connection_failure(outcome):
            self._in_a_row = 0
            return
        self._in_a_row += 1
        if self._in_a_row >= self.LIMIT and self.stopped is None:
            reason = "no answer in time" if isinstance(outcome, TimeoutError) else _reason(outcome)
            self.stopped = f"{self._in_a_row} requests in a row could not reach it ({reason})"


def _offers_no_listing(error: BaseException) -> bool:
    """Whether a failure to list the root says that the store lists nothing to this client (not found, not allowed), as plain HTTP and a bucket without ListBucket do."""
    return isinstance(error, FileNotFoundError | PermissionError) or getattr(
        error, "status", None
    ) in (403, 404)


def _protocol_names(fs: FileSystem) -> tuple[str, ...]:
    return (fs.protocol,) if isinstance(fs.protocol, str) else tuple(fs.protocol)


def _splits_reads(fs: FileSystem) -> bool:
    """Whether the file system splits a whole read into concurrent ranged reads (`max_concurrency`), which first asks for the size."""
    read = getattr(fs, "_cat_file", None)
    try:
        return read is not None and "max_concurrency" in inspect.signature(read).parameters
    except (TypeError, ValueError):
        return False


def _reason(error: BaseException, path: str = "") -> str:
    """Why a request failed, in one line: the file system's own words, or what its bare error means."""
    text = " ".join(str(getattr(error, "strerror", None) or error).split())
    if isinstance(error, FileNotFoundError) and (
        not text or (path and (path.endswith(text) or text.endswith(path)))
    ):
        return "no such file"
    return text or type(error).__name__
