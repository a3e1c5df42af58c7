"""Links in a local store, and whether what they lead to is still inside it.

A store someone else wrote may hold a `zarr.json` that links to `/etc/passwd`
or a key file; reading it would echo its values in the findings. So a link
whose target lies outside the store is reported rather than read, unless the
user asks for it (`--follow-external-links`).
"""

from __future__ import annotations

import os


def leaves_store(path: str, root: str) -> str | None:
    """Where the link at `path` leads, when that is outside the directory `root`; None when it stays inside."""
    target = os.path.realpath(path)
    return None if inside_store(target, os.path.realpath(root or os.curdir)) else target


def inside_store(real_path: str, real_root: str) -> bool:
    """Whether the real path `real_path` is the real directory `real_root` or lies below it."""
    try:
        return os.path.commonpath((real_path, real_root)) == real_root
    except ValueError:  # on different drives, or one relative and one absolute
        return False


def outside_error_text(path: str, target: str, done: str = "reads") -> str:
    """Why what is at `path`, a link to `target` outside its store, is not read (`done`: what the option would do with it)."""
    return f"cannot read {path}: it links to {target}, outside the store (--follow-external-links {done} it)"
