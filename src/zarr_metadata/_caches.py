"""What the package keeps to read faster, and the one way to forget all of it."""

from __future__ import annotations

from zarr_metadata import typed_json
from zarr_metadata.definition._reader import forget_fields
from zarr_metadata.v3._definition import one_length


def clear_caches() -> None:
    """Forget everything kept to read faster: compiled checkers, each scope's plans and the fields it read before.

    Nothing kept ever changes an answer, and each keeper is bounded; this is
    for a long-running program that wants the memory back, and for
    measuring a first read.
    """
    forget_fields()
    typed_json.clear_caches()
    one_length.cache_clear()
