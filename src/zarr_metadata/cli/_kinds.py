"""Which kinds of finding a run reports: `--select` and `--ignore`, as ruff chooses its rules."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from zarr_metadata.cli._spelling import did_you_mean

RULES: dict[str, str] = {
    "missing_key": "A member the document must have is missing.",
    "invalid_type": "A value is of the wrong JSON type.",
    "invalid_value": "A value of the right JSON type is not one the member allows.",
    "unknown_key": "An object has a member it does not define.",
    "invalid_json": "A metadata file is not UTF-8 JSON.",
    "duplicate_key": "An object names a member twice.",
    "unknown_name": "A name nothing in scope claims, so no reader limited to the scope can open the node.",
    "unlisted": "Consolidated metadata leaves out a node of the store.",
    "invalid_hierarchy": "A node cannot be reached from the root of its store, or is named as Zarr does not allow.",
    "no_metadata": "A target holds no Zarr metadata.",
    "io_error": "A store or a document could not be read.",
    "incomplete": "A store could be neither listed nor read through consolidated metadata, so some of it was not checked.",
    "zero_chunk_length": "Repaired: a chunk length of 0 along an empty dimension.",
    "null_consolidated_metadata": "Repaired: a consolidated_metadata member that is null.",
    "consolidated_metadata_in_zgroup_entry": "Repaired: a consolidated_metadata member in the .zgroup entry of a .zmetadata.",
    "non_finite_fill_value": "Repaired: a fill value written as a bare NaN or Infinity.",
    "repairable": "A known writer bug that zarr-python reads and a repair cures (--repair --write).",
    "non_standard_json": "JSON text that Python reads but strict JSON parsers refuse (a bare NaN, a lone surrogate).",
    "ignored_member": "A member a v2 document does not define, which readers ignore.",
    "not_written": "A repaired document --write did not write, and why.",
    "v2_beside_v3": "A directory holds a Zarr v2 node and a v3 node: zarr-python reads the v3 one, v2 readers the v2 one.",
    "convention": "Attributes break a convention the store follows: xarray, OME-NGFF, or a Zarr convention (a SHOULD: a warning).",
    "v3_exists": "zarr-metadata convert found Zarr v3 metadata already there, and converted nothing (--overwrite).",
}
"""Each kind of finding, with the short description of its rule (in a SARIF log); the kinds `--ignore` and `--select` take."""


class UnknownKind(ValueError):
    """A kind `--select` or `--ignore` names that no finding has; the message suggests the closest."""


def known_kind(kind: str) -> str:
    """`kind` when a finding can have it; raises `UnknownKind` otherwise."""
    if kind in RULES:
        return kind
    raise UnknownKind(f'no finding has the kind "{kind}"{did_you_mean(kind, RULES)}')


@dataclasses.dataclass(frozen=True)
class Selection:
    """The kinds to report: those `select` names (every kind when it names none), less those `ignore` names."""

    select: frozenset[str] = frozenset()
    ignore: frozenset[str] = frozenset()

    @classmethod
    def of(cls, select: Iterable[str], ignore: Iterable[str]) -> Selection:
        """The selection of the kinds named, each checked by `known_kind`."""
        return cls(frozenset(map(known_kind, select)), frozenset(map(known_kind, ignore)))

    def reports(self, kind: str) -> bool:
        """Whether a finding of `kind` is reported."""
        return kind not in self.ignore and (not self.select or kind in self.select)

    @property
    def everything(self) -> bool:
        """Whether every kind is reported."""
        return not self.select and not self.ignore
