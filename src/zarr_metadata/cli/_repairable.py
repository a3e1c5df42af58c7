"""Known writer bugs that a listed repair cures: reported as repairs under `--repair`, else as one `repairable` warning each."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from zarr_metadata.cli._findings import Issue
from zarr_metadata.model._repair import Repair

REPAIRABLE = "repairable"
"""The kind of a finding of a writer bug that zarr-python reads and a repair cures."""

_HOW = "--repair --write writes the repair"
_SPELLED = re.compile(r'to the string "(-?Infinity|NaN)"')

REMOVALS = frozenset({"consolidated_metadata_in_zgroup_entry", "null_consolidated_metadata"})
"""The repair kinds that remove a member, reported where its key starts."""


def _fill_value(repair: Repair) -> str:
    # The repair spells the number as the word of its bare token: NaN as "NaN".
    spelled = _SPELLED.search(repair.message)
    word = spelled.group(1) if spelled else "NaN"
    return (
        f'a bare {word} is not JSON: write the string "{word}" (zarr-python reads the bare number, strict JSON parsers '
        f"refuse the file); {_HOW} non_finite_fill_value"
    )


def _zgroup_entry(repair: Repair) -> str:
    return (
        "a .zgroup has no member consolidated_metadata (zarr-python 3 and xarray write it here, and readers ignore it); "
        f"{_HOW} consolidated_metadata_in_zgroup_entry, which removes it"
    )


def _null_consolidated(repair: Repair) -> str:
    return (
        "consolidated_metadata is null, which a group cannot hold (zarr-python writes it, and reads it); "
        f"{_HOW} null_consolidated_metadata, which removes it"
    )


def _zero_chunk_length(repair: Repair) -> str:
    return (
        "a chunk length of 0 along a dimension of length 0 (zarr-python 3.0 and 3.1 write it, and read it); "
        f"{_HOW} zero_chunk_length, which makes it 1"
    )


_READ_AS_WRITTEN: Mapping[str, Callable[[Repair], str]] = {
    "non_finite_fill_value": _fill_value,
    "consolidated_metadata_in_zgroup_entry": _zgroup_entry,
    "null_consolidated_metadata": _null_consolidated,
    "zero_chunk_length": _zero_chunk_length,
}
"""The message of each repair kind whose bug zarr-python reads as written, so that it is a warning and not a problem.

A repair kind not here (a bug zarr-python refuses, or only warns about) leaves
its document to be judged as written.
"""


def after_repairs(
    original: object, repaired: object, repairs: Sequence[Repair], *, asked: bool
) -> tuple[object, list[Issue]]:
    """The value to judge, and the issue of each repair: a repair under `--repair`, else a `repairable` warning.

    Without `--repair`, a document is judged repaired only when zarr-python
    reads each of its repaired bugs as written; then each bug is one warning
    rather than the problems it causes. Otherwise it is judged as written.
    """
    if asked:
        return repaired, [
            Issue(repair.loc, repair.kind, repair.message, "repair", repair.kind in REMOVALS)
            for repair in repairs
        ]
    if not repairs or any(repair.kind not in _READ_AS_WRITTEN for repair in repairs):
        return original, []
    return repaired, [
        Issue(
            repair.loc,
            REPAIRABLE,
            _READ_AS_WRITTEN[repair.kind](repair),
            "warning",
            repair.kind in REMOVALS,
        )
        for repair in repairs
    ]
