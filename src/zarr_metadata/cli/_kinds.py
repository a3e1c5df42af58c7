"""Which kinds of finding a run reports: `--select` and `--ignore`, as ruff chooses its rules."""

from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Iterable

from zarr_metadata.cli._sarif import RULES


class UnknownKind(ValueError):
    """A kind `--select` or `--ignore` names that no finding has; the message suggests the closest."""


def known_kind(kind: str) -> str:
    """`kind` when a finding can have it; raises `UnknownKind` otherwise."""
    if kind in RULES:
        return kind
    close = difflib.get_close_matches(kind, RULES, n=1)
    hint = f'; did you mean "{close[0]}"?' if close else ""
    raise UnknownKind(f'no finding has the kind "{kind}"{hint}')


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
