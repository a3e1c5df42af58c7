"""Reading a metadata document within bounds: only a regular file, never more than the largest size a document may have.

A store someone else wrote may hold a fifo, a device or a socket under a
metadata file's name, or a file of gigabytes; reading any of them whole would
block the run or exhaust its memory. Each read here stops one byte past the
limit, whatever the file, archive or server says it holds.
"""

from __future__ import annotations

import os
import re
import stat
from typing import IO

from zarr_metadata.cli._store_error import StoreError

DEFAULT_MAX_DOCUMENT_SIZE = 256 * 1024 * 1024
"""The largest metadata document read unless `--max-document-size` says otherwise: far above any real one."""

_CHUNK = 1024 * 1024

_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a named pipe (fifo)"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
)


_UNITS = {
    "": 1,
    "b": 1,
    "byte": 1,
    "bytes": 1,
    "k": 1000,
    "kb": 1000,
    "kib": 1024,
    "m": 1000**2,
    "mb": 1000**2,
    "mib": 1024**2,
    "g": 1000**3,
    "gb": 1000**3,
    "gib": 1024**3,
}


def byte_size(text: str) -> int | None:
    """The number of bytes `text` writes (`1048576`, `64MiB`, `1 GB`); None when it writes no whole number of bytes >= 1."""
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([a-zA-Z]*)\s*", text)
    unit = _UNITS.get(match.group(2).lower()) if match else None
    if match is None or unit is None:
        return None
    size = (
        int(float(match.group(1)) * unit) if "." in match.group(1) else int(match.group(1)) * unit
    )
    return size if size >= 1 else None


def size_text(size: int) -> str:
    """`size` bytes for a person: in the largest unit that writes it whole (`64 KiB`, `1 MB`), else roughly (`2.3 GiB`)."""
    for unit, factor in (
        ("GiB", 1024**3),
        ("GB", 1000**3),
        ("MiB", 1024**2),
        ("MB", 1000**2),
        ("KiB", 1024),
        ("kB", 1000),
    ):
        if size >= factor and size % factor == 0:
            return f"{size // factor} {unit}"
    if size < 1024:
        return f"{size} byte" if size == 1 else f"{size} bytes"
    for unit, factor in (("TiB", 1024**4), ("GiB", 1024**3), ("MiB", 1024**2), ("KiB", 1024)):
        if size >= factor:
            return f"{size / factor:.1f} {unit}"
    raise AssertionError("unreachable")


def too_large(path: str, limit: int, size: int | None = None) -> StoreError:
    """The error of a document larger than `limit` bytes (`size` when it is known), which is not read."""
    held = f"it holds {size_text(size)}, " if size is not None else ""
    return StoreError(
        f"cannot read {path}: {held}more than the {size_text(limit)} a metadata document may hold (--max-document-size)"
    )


def file_kind(mode: int) -> str | None:
    """What a file of `mode` is when it is not a regular file (`a named pipe (fifo)`); None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    return next((kind for is_kind, kind in _KINDS if is_kind(mode)), "not a regular file")


def not_regular(path: str, kind: str) -> StoreError:
    """The error of a metadata file's name that names something other than a regular file, which is never opened."""
    return StoreError(f"cannot read {path}: it is {kind}, not a regular file")


def read_regular_file(path: str, limit: int, known: os.stat_result | None = None) -> bytes:
    """The bytes of the regular file at `path` (a link followed), at most `limit` of them; raises `StoreError` otherwise.

    The file is judged by `stat` (or by `known`, what `lstat` said of a path
    that is no link) before it is opened, so a fifo never blocks the run and
    a device is never opened; it is opened without blocking and judged again
    by `fstat`, in case it was replaced in between.
    """
    try:
        kind = file_kind((known or os.stat(path)).st_mode)
        if kind is not None:
            raise not_regular(path, kind)
        descriptor = os.open(path, os.O_RDONLY | _FLAGS)
    except OSError as error:
        raise StoreError(f"cannot read {path}: {error.strerror or error}") from None
    try:
        opened = os.fstat(descriptor)
        kind = file_kind(opened.st_mode)
        if kind is not None:
            raise not_regular(path, kind)
        if opened.st_size > limit:
            raise too_large(path, limit, opened.st_size)
        chunks: list[bytes] = []
        held = 0
        # One byte past what stat says, so that a file that ends there is read in one call.
        want = opened.st_size + 1
        while chunk := os.read(descriptor, want):
            chunks.append(chunk)
            held += len(chunk)
            if held > limit:
                raise too_large(path, limit)  # it grew while it was read
            want = min(_CHUNK, limit + 1 - held)
        return chunks[0] if len(chunks) == 1 else b"".join(chunks)
    except OSError as error:
        raise StoreError(f"cannot read {path}: {error.strerror or error}") from None
    finally:
        os.close(descriptor)


_FLAGS = getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)


def read_stream(stream: IO[bytes], limit: int) -> bytes | None:
    """What `stream` holds, read to its end; None, once `limit` bytes are passed, when it holds more."""
    chunks: list[bytes] = []
    held = 0
    while chunk := stream.read(min(_CHUNK, limit + 1 - held)):
        chunks.append(chunk)
        held += len(chunk)
        if held > limit:
            return None
    return b"".join(chunks)
