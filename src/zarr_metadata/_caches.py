"""What the package keeps to read faster, and the one way to forget all of it."""

from __future__ import annotations

import sys

from zarr_metadata import typed_json
from zarr_metadata.definition._reader import forget_fields

KEPT = (
    ("zarr_metadata.v3._field_kinds", "one_length"),
    ("zarr_metadata.v3.data_type._float_format", "_spelled_kept"),
    ("zarr_metadata.v3.codec.numcodecs._numpy_types", "numpy_type"),
    ("zarr_metadata.v3.codec.numcodecs._numpy_types", "type_field"),
    ("zarr_metadata._descriptions", "member_descriptions"),
    ("zarr_metadata._pydantic_schema", "_default_schema"),
    ("zarr_metadata.cli._options", "_scopes"),
    ("zarr_metadata.cli._split", "_checking"),
    ("zarr_metadata.cli._locate", "_container_pattern"),
)
"""Every function that keeps what it computed (`functools.lru_cache`), by module and name; a test finds each one the package has here."""


def clear_caches() -> None:
    """Forget everything kept to read faster: compiled checkers, each scope's plans and the fields it read before, and what helpers computed.

    Nothing kept ever changes an answer, and each keeper is bounded; this is
    for a long-running program that wants the memory back, and for
    measuring a first read. A module not imported yet has kept nothing, and
    is not imported to be cleared.
    """
    forget_fields()
    typed_json.clear_caches()
    for module, name in KEPT:
        loaded = sys.modules.get(module)
        if loaded is not None:
            getattr(loaded, name).cache_clear()
