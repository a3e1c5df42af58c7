"""Stores behind a URL, opened with fsspec (the `remote` extra)."""

from __future__ import annotations

from zarr_metadata.cli._check import Options
from zarr_metadata.cli._open import Opened, UsageError
from zarr_metadata.cli._store import StoreError


def open_url(name: str, options: Options) -> Opened | StoreError:
    """The store at the URL `name`."""
    raise UsageError(f"cannot open {name}: URLs need the remote extra (pip install 'zarr-metadata[remote]')")
