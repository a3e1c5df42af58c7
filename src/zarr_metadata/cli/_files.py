"""Writing local files safely: in place of a document (its mode, owner and link kept) or as a new backup that never replaces one.

A replaced file is written to a temporary file beside it, then renamed over it,
so a reader never sees half a document; a run killed between the two leaves the
temporary file, which the next run that writes there removes. A backup is
linked into place only where nothing is, so an existing backup is never lost.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
from collections.abc import Callable
from typing import BinaryIO

Writer = Callable[[BinaryIO], object]
"""What writes a file's new content to an open binary file."""

_TEMPORARY = re.compile(r"\.(?P<name>.+)\.(?P<pid>[0-9]+)\.tmp\Z")


def unsafe_key(key: str) -> str | None:
    """Why a store key cannot be written as a file below a directory (it would leave it), or None when it can."""
    if not key or key.startswith(("/", "\\")) or "\0" in key:
        return f"the name {key!r} is not a relative path"
    parts = re.split(r"[/\\]", key)
    if any(part in ("", ".", "..") for part in parts) or re.match(r"[A-Za-z]:", key):
        return f"the name {key!r} would leave its directory"
    return None


def is_inside(root: str, path: str) -> bool:
    """Whether `path`, its links followed as far as they exist, is `root` or below it."""
    top = os.path.realpath(root)
    real = os.path.realpath(path)
    return real == top or real.startswith(top.rstrip(os.sep) + os.sep)


def replace_file(path: str, write: Writer, *, durable: bool = True) -> None:
    """Write the file at `path` anew through a temporary file renamed over it, keeping its mode, owner and link; raises OSError.

    A link is kept a link: the file it names is written. With `durable`, the
    bytes reach the disk before the rename.
    """
    target = os.path.realpath(path) if os.path.islink(path) else path
    directory = os.path.dirname(target) or os.curdir
    os.makedirs(directory, exist_ok=True)
    remove_stale_temporaries(target)
    try:
        before: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        before = None
    temporary = _temporary_path(target)
    try:
        _write_new(temporary, write, before, durable=durable)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def create_backup(path: str, data: bytes, like: os.stat_result | None) -> str:
    """Write `data` to a new file at `path`, or at `path.1`, `path.2`, ... when it is taken; the path written. Raises OSError.

    The backup has the mode and owner of `like`, the file it keeps, so a
    document only its owner may read keeps a backup only its owner may read.
    """
    directory = os.path.dirname(path) or os.curdir
    os.makedirs(directory, exist_ok=True)
    temporary = _temporary_path(path)
    remove_stale_temporaries(path)
    try:
        _write_new(temporary, lambda file: file.write(data), like)
        for number in range(10_000):
            chosen = path if number == 0 else f"{path}.{number}"
            try:
                os.link(temporary, chosen)  # fails where anything is, never replacing it
            except FileExistsError:
                continue
            return chosen
        raise FileExistsError(f"every backup name from {path} to {path}.9999 is taken")
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temporary)


def remove_stale_temporaries(path: str) -> None:
    """Remove the temporary files a killed run left beside `path` (`.NAME.PID.tmp`, whose process is gone)."""
    directory, name = os.path.split(path)
    try:
        entries = os.listdir(directory or os.curdir)
    except OSError:
        return
    for entry in entries:
        match = _TEMPORARY.match(entry)
        if match is None or match.group("name") != name:
            continue
        pid = int(match.group("pid"))
        if pid == os.getpid() or _running(pid):
            continue
        with contextlib.suppress(OSError):
            os.unlink(os.path.join(directory, entry))


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True  # someone else's process, or a number no process has: leave it
    return True


def _temporary_path(path: str) -> str:
    directory, name = os.path.split(path)
    return os.path.join(directory, f".{name}.{os.getpid()}.tmp")


def _write_new(
    path: str, write: Writer, like: os.stat_result | None, *, durable: bool = True
) -> None:
    """Write a new file at `path`, readable by its owner alone until it has the mode and owner of `like` (when given)."""
    # A new file of its own takes the mode the umask gives.
    mode = 0o666 if like is None else 0o600
    descriptor = os.open(
        path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), mode
    )
    with os.fdopen(descriptor, "wb") as file:
        write(file)
        if durable:
            file.flush()
            os.fsync(file.fileno())
    if like is None:
        return
    if hasattr(os, "chown"):
        with contextlib.suppress(PermissionError):
            os.chown(path, like.st_uid, like.st_gid)
    os.chmod(path, stat.S_IMODE(like.st_mode))
