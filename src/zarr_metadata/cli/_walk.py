"""Finding the `zarr.json` files a path names: the file itself, or every one in a directory tree."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator

from zarr_metadata.cli._document import UnreadableError

ZARR_JSON = "zarr.json"


def metadata_files(path: str, unreadable: Callable[[UnreadableError], None]) -> Iterator[str]:
    """Every `zarr.json` under `path`, in sorted order, when it is a directory; else `path` itself.

    A directory that cannot be listed is passed to `unreadable` and skipped.
    """
    if os.path.isdir(path):
        yield from zarr_json_files(path, unreadable)
    else:
        yield path


def zarr_json_files(root: str, unreadable: Callable[[UnreadableError], None]) -> Iterator[str]:
    """Every `zarr.json` under the directory `root`, a directory's own before its subdirectories', each level sorted."""

    def refused(error: OSError) -> None:
        unreadable(UnreadableError(f"cannot read {error.filename}: {error.strerror or error}"))

    for directory, subdirectories, files in os.walk(root, onerror=refused):
        subdirectories.sort()
        if ZARR_JSON in files:
            yield os.path.join(directory, ZARR_JSON)
