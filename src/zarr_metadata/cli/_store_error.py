"""The error of a store, or a key in it, that cannot be listed, read or written."""

from __future__ import annotations


class StoreError(Exception):
    """A store, or a key in it, that cannot be listed or read: the message says which and why."""
