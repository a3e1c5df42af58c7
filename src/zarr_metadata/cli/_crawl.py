"""Listing a remote store directory by directory, for a file system that offers no listing of a whole tree at once (HTTP directory pages).

fsspec's own walk leaves out a directory whose listing fails with an
`OSError` (a refused connection) and gives up on the whole walk for any
other error (a page that answers 500), so either way the checker would not
know what it did not see. Here each directory is asked for on its own,
within the timeout, and one that cannot be listed is kept with why.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable, Sequence
from typing import Protocol, cast
from urllib.parse import unquote

from zarr_metadata.cli._store import StoppedAnswering

__all__ = ["Crawl", "crawl", "has_flat_listing"]

_Entries = list[dict[str, object]]
_Outcome = _Entries | BaseException
Answered = Callable[[object], None]
"""Told what each request gave (the entries, or the error), so that the store learns whether it still answers."""

_MOST_LEVELS = 64
"""How deep a crawl goes: a server that serves a link to a directory above it would be crawled for ever."""


class ListingFileSystem(Protocol):
    """What a crawl uses of an fsspec file system."""

    async_impl: bool
    loop: asyncio.AbstractEventLoop

    def ls(self, path: str, *, detail: bool) -> _Entries: ...


@dataclasses.dataclass
class Crawl:
    """What a crawl found: the keys of the files below the root, and each directory (by key) that could not be listed, with the error."""

    keys: list[str] = dataclasses.field(default_factory=list[str])
    failed: dict[str, BaseException] = dataclasses.field(default_factory=dict[str, BaseException])


def has_flat_listing(fs: object) -> bool:
    """Whether the file system lists a whole tree itself (S3, GCS, memory, zip), raising when it cannot, rather than through fsspec's walk."""
    # Imported here: fsspec is imported only when a URL is opened.
    from fsspec.asyn import AsyncFileSystem  # pyright: ignore[reportMissingTypeStubs]
    from fsspec.spec import AbstractFileSystem  # pyright: ignore[reportMissingTypeStubs]

    kind = type(fs)
    if getattr(fs, "async_impl", False):
        return getattr(kind, "_find", None) is not getattr(AsyncFileSystem, "_find")  # noqa: B009 - pyright calls it private
    return getattr(kind, "find", None) is not AbstractFileSystem.find  # pyright: ignore[reportUnknownMemberType]


def crawl(
    fs: ListingFileSystem,
    root: str,
    *,
    jobs: int,
    timeout: float,
    http: bool,
    answered: Answered,
    stopped: Callable[[], bool],
) -> Crawl:
    """Every file below `root`, one directory at a time (`jobs` at once on an asynchronous file system, each within `timeout` seconds).

    Over `http`, a directory is asked for with its final `/` (else the
    server first redirects there) and names are percent-decoded (a
    directory page links to encoded names). Once `stopped` says the store stopped answering, no
    more directories are asked for: those of the level being listed are in
    `failed`, those below them unknown.
    """
    found = Crawl()
    prefix = f"{root}/" if root else ""
    level = [""]
    for _ in range(_MOST_LEVELS):
        if not level or stopped():
            break
        paths = [
            f"{prefix}{directory}/" if http else f"{prefix}{directory}"
            for directory in level
            if directory
        ] or [root]
        if fs.async_impl:
            outcomes = asyncio.run_coroutine_threadsafe(
                _gather(fs, paths, jobs, timeout, answered, stopped), fs.loop
            ).result()
        else:
            outcomes = [None if stopped() else _ls(fs, path, answered) for path in paths]
        following: list[str] = []
        for directory, outcome in zip(level, outcomes, strict=True):
            if outcome is None:
                outcome = StoppedAnswering("not asked: the store had stopped answering")
            if isinstance(outcome, BaseException):
                found.failed[directory] = outcome
                continue
            for entry in outcome:
                key = _key(str(entry.get("name", "")), prefix, http)
                if key is None or (directory and not key.startswith(f"{directory}/")):
                    continue  # the directory itself, or a link that leads out of it
                if entry.get("type") == "directory":
                    following.append(key)
                else:
                    found.keys.append(key)
        level = sorted(set(following))
    return found


def _key(name: str, prefix: str, quoted: bool) -> str | None:
    """The key of a listed name relative to the root, or None for a name outside it or the root itself."""
    name = name.rstrip("/")
    if not name.startswith(prefix):
        return None
    key = name[len(prefix) :].lstrip("/")
    if quoted:
        key = unquote(key)
    return key or None


async def _gather(
    fs: ListingFileSystem,
    paths: Sequence[str],
    jobs: int,
    timeout: float,
    answered: Answered,
    stopped: Callable[[], bool],
) -> list[_Outcome | None]:
    limit = asyncio.Semaphore(max(1, jobs))
    ls = getattr(fs, "_ls")  # noqa: B009 - the coroutine behind ls, which pyright calls private

    async def one(path: str) -> _Outcome | None:
        async with limit:
            if stopped():
                return None
            try:
                outcome: _Outcome = cast(
                    "_Entries", await asyncio.wait_for(ls(path, detail=True), timeout)
                )
            except Exception as error:  # the error is the answer for this directory
                outcome = error
            answered(outcome)
            return outcome

    return list(await asyncio.gather(*(one(path) for path in paths)))


def _ls(fs: ListingFileSystem, path: str, answered: Answered) -> _Outcome:
    try:
        outcome: _Outcome = fs.ls(path, detail=True)
    except Exception as error:  # the error is the answer for this directory
        outcome = error
    answered(outcome)
    return outcome
