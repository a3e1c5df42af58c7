"""Writing findings for people (one line each, as linters write them) and for machines (one JSON object each)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Literal, Protocol, TextIO, TypeAlias, get_args

from zarr_metadata._json import Loc
from zarr_metadata.cli._escape import decodable, printable
from zarr_metadata.cli._findings import Finding
from zarr_metadata.cli._summary import Summary

if TYPE_CHECKING:
    from zarr_metadata.cli._statistics import Statistics


def pointer(loc: Loc) -> str:
    """`loc` as an RFC 6901 JSON pointer (`/codecs/1/configuration/level`), except that the root is `/`, not the empty string.

    An empty string would vanish from a line of text; `/` alone is also the
    pointer to a top-level member named "", which only a broken document has,
    and `--format json` gives the location as an array, which is never ambiguous.
    """
    if not loc:
        return "/"
    return "".join("/" + str(step).replace("~", "~0").replace("/", "~1") for step in loc)


def label(finding: Finding) -> str:
    """The finding's kind, after its severity when that is not `error`: `invalid_value`, `warning unlisted`, `repair zero_chunk_length`."""
    return finding.kind if finding.severity == "error" else f"{finding.severity} {finding.kind}"


def text_line(finding: Finding) -> str:
    """`PATH:LINE:COL: POINTER KIND: MESSAGE`, the severity before KIND when it is not an error (`warning unlisted`).

    A control character in a name or a key is written as an escape (`\\n`), so one finding is one line.
    """
    return printable(
        f"{finding.path}:{finding.line}:{finding.column}: {pointer(finding.loc)} {label(finding)}: {finding.message}"
    )


def json_line(finding: Finding) -> str:
    """The finding as one line of JSON, its location as an array of keys and indices.

    JSON escapes control characters itself; a byte of a name that is not UTF-8 is written `\\xff`, since JSON text is Unicode.
    """
    return json.dumps(finding.to_json())


class Report(Protocol):
    """Where the findings of a run go, in one output format."""

    def finding(self, finding: Finding) -> None:
        """Report one finding, as it is made or at the end."""
        ...

    def store(self, name: str, summary: Summary) -> None:
        """Report what was found in the store `name` of a catalog, after its findings."""
        ...

    def end(self, summary: Summary, statistics: Statistics | None) -> None:
        """Finish the report: the statistics when they were asked for, and the summary unless the run is quiet."""
        ...


class LineReport:
    """A line of text per finding, then the statistics and the summary line as text."""

    def __init__(
        self, out: TextIO, line: Callable[[Finding], str], *, quiet: bool, repairs: bool
    ) -> None:
        self._out = out
        self._line = line
        self._quiet = quiet
        self._repairs = repairs

    def finding(self, finding: Finding) -> None:
        """Write the finding's line."""
        self._out.write(self._line(finding) + "\n")

    def store(self, name: str, summary: Summary) -> None:
        """Write `NAME: ` and the store's summary line."""
        if not self._quiet:
            self._out.write(printable(f"{name}: {summary.line(repairs=self._repairs)}") + "\n")

    def end(self, summary: Summary, statistics: Statistics | None) -> None:
        """Write the statistics, then the summary line."""
        if statistics is not None:
            self._out.writelines(printable(line) + "\n" for line in statistics.text_lines())
        if not self._quiet:
            self._out.write(summary.line(repairs=self._repairs) + "\n")


class JSONReport:
    """A JSON object per line for each finding, then one for the statistics and one for the summary.

    The two last are `{"statistics": {"kinds": [...], "pointers": [...]}}`
    and `{"summary": {"documents": N, "problems": N, "warnings": N, "repairs": N}}`
    (with `"not_checked"` and `"not_listed"` when a run left anything unseen),
    told from a finding by their one key. Each store of a catalog ends with
    `{"store": NAME, "summary": {...}}`, and the last summary counts `"stores"`.
    """

    def __init__(self, out: TextIO, *, quiet: bool) -> None:
        self._out = out
        self._quiet = quiet

    def finding(self, finding: Finding) -> None:
        """Write the finding's object."""
        self._out.write(json_line(finding) + "\n")

    def store(self, name: str, summary: Summary) -> None:
        """Write the store's summary object."""
        if not self._quiet:
            self._out.write(
                json.dumps({"store": decodable(name), "summary": summary.to_json()}) + "\n"
            )

    def end(self, summary: Summary, statistics: Statistics | None) -> None:
        """Write the statistics object, then the summary object."""
        if statistics is not None:
            self._out.write(json.dumps({"statistics": statistics.as_json()}) + "\n")
        if not self._quiet:
            self._out.write(json.dumps({"summary": summary.to_json()}) + "\n")


Format: TypeAlias = Literal["text", "json", "github", "sarif"]
"""Each output format `--format` takes: adding one is a name here and a branch of `report_in`."""
FORMATS: tuple[Format, ...] = get_args(Format)


def report_in(format: Format, out: TextIO, *, quiet: bool = False, repairs: bool = False) -> Report:
    """A report in `format` written to `out`: `quiet` leaves out the summary and progress, `repairs` says repairs were asked for."""
    if format == "json":
        return JSONReport(out, quiet=quiet)
    # A report's format is imported when used: see "What a run imports" in docs/how-it-works/cli.md.
    if format == "sarif":
        from zarr_metadata.cli._sarif import SarifReport

        return SarifReport(out)
    if format == "github":
        from zarr_metadata.cli._github import workflow_command

        return LineReport(out, workflow_command, quiet=quiet, repairs=repairs)
    return LineReport(out, text_line, quiet=quiet, repairs=repairs)
