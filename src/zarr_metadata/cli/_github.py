"""Findings as GitHub Actions workflow commands, so a CI run annotates each file at its line.

A command is `::error file=PATH,line=L,col=C,title=KIND::MESSAGE`: an error is
`error`, a warning `warning` and a repair `notice`. The runner splits a
command at its `::`, `,` and `=`, and at the end of a line, so a message has
`%`, CR and LF escaped, and a property `:` and `,` as well.
"""

from __future__ import annotations

from zarr_metadata.cli._escape import printable
from zarr_metadata.cli._findings import Finding, Severity
from zarr_metadata.cli._report import pointer

COMMANDS: dict[Severity, str] = {"error": "error", "warning": "warning", "repair": "notice"}


def workflow_command(finding: Finding) -> str:
    """The command that annotates the finding's file at its line and column, its pointer leading its message.

    Any other control character is written as an escape (`\\x1b`), as the text format writes it.
    """
    path = printable(property_escaped(finding.path))
    properties = f"file={path},line={finding.line},col={finding.column},title={property_escaped(finding.kind)}"
    message = printable(data_escaped(f"{pointer(finding.loc)}: {finding.message}"))
    return f"::{COMMANDS[finding.severity]} {properties}::{message}"


def data_escaped(text: str) -> str:
    """`text` as the message of a command: `%`, CR and LF written `%25`, `%0D`, `%0A`."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def property_escaped(text: str) -> str:
    """`text` as the value of a command's property: escaped as a message is, and `:` and `,` written `%3A` and `%2C`."""
    return data_escaped(text).replace(":", "%3A").replace(",", "%2C")
