"""Findings as one SARIF 2.1.0 log, the format code scanning services (GitHub's among them) take.

The log has one run: the tool, one rule per kind of finding the run made
(its id the kind), and one result per finding, at its file, line and column.
An error is a result of level `error`, a warning `warning`, and a repair
`note`. A column counts code points, as the text output's does, which the
run says with `columnKind`.
"""

from __future__ import annotations

import importlib.metadata
import json
import os
import urllib.parse
from collections.abc import Sequence
from typing import TextIO

from zarr_metadata import __version__
from zarr_metadata.cli._escape import decodable
from zarr_metadata.cli._findings import Finding, Severity
from zarr_metadata.cli._kinds import RULES
from zarr_metadata.cli._open import is_url
from zarr_metadata.cli._report import pointer
from zarr_metadata.cli._statistics import Statistics
from zarr_metadata.cli._summary import Summary

SARIF_VERSION = "2.1.0"
SARIF_SCHEMA = (
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
)
TOOL = "zarr-metadata"
DISTRIBUTION = "zarr-metadata"

LEVELS: dict[Severity, str] = {"error": "error", "warning": "warning", "repair": "note"}


class SarifReport:
    """The findings of a run, kept until its end and then written as one SARIF log."""

    def __init__(self, out: TextIO) -> None:
        self._out = out
        self._findings: list[Finding] = []

    def finding(self, finding: Finding) -> None:
        """Keep the finding for the log."""
        self._findings.append(finding)

    def store(self, name: str, summary: Summary) -> None:
        """Nothing: a SARIF log holds results, and its runs no summary."""

    def end(self, summary: Summary, statistics: Statistics | None) -> None:
        """Write the log, with the statistics, when asked for, in the run's properties."""
        self._out.write(json.dumps(sarif_log(self._findings, statistics), indent=2) + "\n")


def sarif_log(
    findings: Sequence[Finding], statistics: Statistics | None = None
) -> dict[str, object]:
    """The SARIF log of `findings`."""
    kinds = sorted({finding.kind for finding in findings})
    index = {kind: number for number, kind in enumerate(kinds)}
    run: dict[str, object] = {
        "tool": {"driver": _driver(kinds)},
        "columnKind": "unicodeCodePoints",
        "results": [_result(finding, index[finding.kind]) for finding in findings],
    }
    if statistics is not None:
        run["properties"] = {"statistics": statistics.as_json()}
    return {"$schema": SARIF_SCHEMA, "version": SARIF_VERSION, "runs": [run]}


def _driver(kinds: Sequence[str]) -> dict[str, object]:
    driver: dict[str, object] = {"name": TOOL, "version": __version__}
    home = information_uri()
    if home is not None:
        driver["informationUri"] = home
    driver["rules"] = [
        {"id": kind, "name": kind, "shortDescription": {"text": _description(kind)}}
        for kind in kinds
    ]
    return driver


def _description(kind: str) -> str:
    return RULES.get(kind) or kind.replace("_", " ").capitalize() + "."


def _result(finding: Finding, rule_index: int) -> dict[str, object]:
    region = {"startLine": finding.line, "startColumn": finding.column}
    location = {
        "physicalLocation": {
            "artifactLocation": {"uri": artifact_uri(finding.path)},
            "region": region,
        }
    }
    return {
        "ruleId": finding.kind,
        "ruleIndex": rule_index,
        "level": LEVELS[finding.severity],
        "message": {"text": decodable(f"{pointer(finding.loc)}: {finding.message}")},
        "locations": [location],
    }


def artifact_uri(path: str) -> str:
    """The path a finding names, as a URI reference: a URL as it is, a file path (relative or not) with `/` separators and percent-escapes."""
    if is_url(path):
        return decodable(path)
    if os.sep != "/":
        path = path.replace(os.sep, "/")
    # ":" is escaped too, so that a relative path whose first name holds one is not read as a URL's scheme.
    # A byte of a name that is not UTF-8 is escaped as the byte it is (`%FF`).
    return urllib.parse.quote(path, safe="/!$&'()*+,;=@~", errors="surrogateescape")


def information_uri() -> str | None:
    """The home page the installed distribution names, if it names one."""
    try:
        metadata = importlib.metadata.metadata(DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:
        return None
    for entry in metadata.get_all("Project-URL") or []:
        label, _, url = entry.partition(",")
        if (
            label.strip().lower() in {"homepage", "home", "repository", "source", "documentation"}
            and url.strip()
        ):
            return url.strip()
    home = metadata.get_all("Home-page") or []
    return home[0] if home else None
