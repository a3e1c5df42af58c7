"""Writing findings for people (one line each, as linters write them) and for machines (one JSON object each)."""

from __future__ import annotations

import dataclasses
import json

from zarr_metadata._json import Loc
from zarr_metadata.cli._findings import Finding


def pointer(loc: Loc) -> str:
    """`loc` as an RFC 6901 JSON pointer (`/codecs/1/configuration/level`), except that the root is `/`, not the empty string.

    An empty string would vanish from a line of text; `/` alone is also the
    pointer to a top-level member named "", which only a broken document has,
    and `--format json` gives the location as an array, which is never ambiguous.
    """
    if not loc:
        return "/"
    return "".join("/" + str(step).replace("~", "~0").replace("/", "~1") for step in loc)


def text_line(finding: Finding) -> str:
    """`PATH:LINE:COL: POINTER KIND: MESSAGE`, where KIND is `warning` for a warning and `repair KIND` for a repair."""
    if finding.severity == "warning":
        label = "warning"
    elif finding.severity == "repair":
        label = f"repair {finding.kind}"
    else:
        label = finding.kind
    return f"{finding.path}:{finding.line}:{finding.column}: {pointer(finding.loc)} {label}: {finding.message}"


def json_line(finding: Finding) -> str:
    """The finding as one line of JSON, its location as an array of keys and indices."""
    return json.dumps(dataclasses.asdict(finding))


@dataclasses.dataclass
class Tally:
    """How many documents were read, and how many findings of each severity they gave."""

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

    def summary(self, *, repairs: bool) -> str:
        """`N documents, M problems, K warnings`, and `, R repairs` when repairs were asked for."""
        parts = [_counted(self.documents, "document"), _counted(self.problems, "problem"), _counted(self.warnings, "warning")]
        if repairs:
            parts.append(_counted(self.repairs, "repair"))
        return ", ".join(parts)


def _counted(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"
