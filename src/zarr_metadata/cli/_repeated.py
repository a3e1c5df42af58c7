"""One finding for many of the same: a member that holds thousands of items wrong in the same way is one problem, not thousands.

A `shape` of 10,000 strings, or a key written 200,000 times, would otherwise
print a line per item, and a small file would fill a terminal or a CI log.
Findings of one file that share their kind, severity and message, and whose
locations differ only in array indices (`/shape/0`, `/shape/1`, ...), are
told once, at the first, with how many more there are.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from zarr_metadata.cli._findings import Finding
from zarr_metadata.cli._report import pointer

MOST_ALIKE = 10
"""The most findings alike reported one by one; more are told as one."""


def collapsed(findings: Sequence[Finding]) -> list[Finding]:
    """`findings` in their order, each set of more than `MOST_ALIKE` alike told once, at its first; repairs each kept, as each changes the file."""
    if len(findings) <= MOST_ALIKE:
        return list(findings)
    alike: dict[tuple[object, ...], list[Finding]] = {}
    for finding in findings:
        if finding.severity != "repair":
            alike.setdefault(_cause(finding), []).append(finding)
    told: list[Finding] = []
    for finding in findings:
        group = alike.get(_cause(finding)) if finding.severity != "repair" else None
        if group is None or len(group) <= MOST_ALIKE:
            told.append(finding)
        elif group[0] is finding:
            where = pointer(tuple("*" if isinstance(step, int) else step for step in finding.loc))
            more = f"{finding.message} (and {len(group) - 1:,} more like it at {where})"
            told.append(dataclasses.replace(finding, message=more))
    return told


def _cause(finding: Finding) -> tuple[object, ...]:
    shape = tuple(None if isinstance(step, int) else step for step in finding.loc)
    return (finding.kind, finding.severity, finding.message, shape)
