"""What a check found, counted: documents read, findings by severity, and what was not seen."""

from __future__ import annotations

import dataclasses
from typing import NotRequired

from typing_extensions import TypedDict

from zarr_metadata.cli._findings import Finding


class SummaryJSON(TypedDict):
    """A summary as JSON: the counts by name, each of what was not seen only when it is not 0, `stores` only for a catalog."""

    documents: int
    problems: int
    warnings: int
    repairs: int
    not_checked: NotRequired[int]
    not_listed: NotRequired[int]
    stores: NotRequired[int]
    stores_not_checked: NotRequired[int]


@dataclasses.dataclass(frozen=True)
class Summary:
    """How many documents a check read, how many findings of each severity it reported, and what it did not see.

    `not_checked` counts the documents a store was known to hold but that
    were not read (it stopped answering); `not_listed` the directories, or
    whole stores, that could not be listed. For a catalog, `stores` counts
    the stores reported and `stores_not_checked` those an interrupted run
    never reached. Summaries add up (`a + b`).
    """

    documents: int = 0
    problems: int = 0
    warnings: int = 0
    repairs: int = 0
    not_checked: int = 0
    not_listed: int = 0
    stores: int = 0
    stores_not_checked: int = 0

    @property
    def valid(self) -> bool:
        """Whether no problem was reported and everything was seen; warnings are problems only under `strict`, which reports them as errors."""
        return not (self.problems or self.not_checked or self.not_listed or self.stores_not_checked)

    def __add__(self, other: Summary) -> Summary:
        return Summary(
            *(
                mine + theirs
                for mine, theirs in zip(
                    dataclasses.astuple(self), dataclasses.astuple(other), strict=True
                )
            )
        )

    def to_json(self) -> SummaryJSON:
        """The counts, by name: what was not seen only when something was not, the stores only for a catalog."""
        found = SummaryJSON(
            documents=self.documents,
            problems=self.problems,
            warnings=self.warnings,
            repairs=self.repairs,
        )
        if self.not_checked:
            found["not_checked"] = self.not_checked
        if self.not_listed:
            found["not_listed"] = self.not_listed
        if self.stores:
            found["stores"] = self.stores
        if self.stores_not_checked:
            found["stores_not_checked"] = self.stores_not_checked
        return found

    def line(self, *, repairs: bool) -> str:
        """`N documents, M problems, K warnings`, `, R repairs` when repairs were asked for, then what was not seen, if anything was not.

        What was not seen: `, U documents not checked` (known, not read) and
        `, D directories not listed` (what they hold unknown). A catalog's
        starts with `S stores, ` and ends with `, L stores not checked` when
        it was interrupted.
        """
        parts = [_counted(self.stores, "store")] if self.stores else []
        parts += [
            _counted(self.documents, "document"),
            _counted(self.problems, "problem"),
            _counted(self.warnings, "warning"),
        ]
        if repairs:
            parts.append(_counted(self.repairs, "repair"))
        if self.not_checked:
            parts.append(f"{_counted(self.not_checked, 'document')} not checked")
        if self.not_listed:
            parts.append(
                f"{self.not_listed} {'directory' if self.not_listed == 1 else 'directories'} not listed"
            )
        if self.stores_not_checked:
            parts.append(f"{_counted(self.stores_not_checked, 'store')} not checked")
        return ", ".join(parts)


def _counted(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


@dataclasses.dataclass
class Tally:
    """The counts of a check as it goes."""

    documents: int = 0
    problems: int = 0
    warnings: int = 0
    repairs: int = 0

    def count(self, finding: Finding) -> None:
        """Count `finding` under its severity."""
        if finding.severity == "error":
            self.problems += 1
        elif finding.severity == "warning":
            self.warnings += 1
        else:
            self.repairs += 1

    def summary(self, *, not_checked: int = 0, not_listed: int = 0) -> Summary:
        """The counts so far, with what the run says it did not see."""
        return Summary(
            self.documents, self.problems, self.warnings, self.repairs, not_checked, not_listed
        )
