"""What the tool reports about a file: problems, warnings and repairs, each at a line and column."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Literal, TypeAlias

from typing_extensions import TypedDict

from zarr_metadata._json import Loc
from zarr_metadata.cli._escape import decodable

if TYPE_CHECKING:
    from zarr_metadata.cli._conventions import NodeFacts

Severity: TypeAlias = Literal["error", "warning", "repair"]
"""An error fails the check; a warning fails it only under `--strict`; a repair is what `--repair` changed."""


@dataclasses.dataclass(frozen=True)
class Issue:
    """Something to report about a document, located in it but not yet in its text.

    `kind` is a problem kind, `unknown_name` (a name nothing in scope claims),
    `unlisted` (a node consolidated metadata leaves out), or a repair kind.
    """

    loc: Loc
    kind: str
    message: str
    severity: Severity
    at_key: bool = False
    """Whether the issue is about a member's key (an unknown member), so it is reported where the key starts, not its value."""


class FindingJSON(TypedDict):
    """A finding as JSON (`--format json` writes one a line): its location an array of keys and indices."""

    path: str
    line: int
    column: int
    loc: list[str | int]
    kind: str
    message: str
    severity: Severity


@dataclasses.dataclass(frozen=True, kw_only=True)
class Finding:
    """An issue at the 1-based line and column of the file where the value it concerns starts.

    `path` is the file as the user named it (a URL stays a URL), `loc` the
    keys and indices down to the value in its document, `kind` a problem
    kind or one of the checker's own (`io_error`, `unknown_name`, ...).
    """

    path: str
    line: int
    column: int
    loc: Loc
    kind: str
    message: str
    severity: Severity

    def to_json(self) -> FindingJSON:
        """The finding as JSON; a byte of a name that is not UTF-8 written `\\xff`, since JSON text is Unicode."""
        return FindingJSON(
            path=decodable(self.path),
            line=self.line,
            column=self.column,
            loc=[decodable(step) if isinstance(step, str) else step for step in self.loc],
            kind=self.kind,
            message=decodable(self.message),
            severity=self.severity,
        )


NodeType: TypeAlias = Literal["array", "group"]


@dataclasses.dataclass(frozen=True)
class Rewrite:
    """A repaired document to write in place of the one under `key`: its original bytes and its repaired ones."""

    key: str
    original: bytes
    repaired: bytes


@dataclasses.dataclass(frozen=True)
class Checked:
    """What checking one target found, the type of node it says it is (None when it cannot say), what repairs would rewrite, and what conventions ask of the node.

    `facts` is None for a node whose document has problems, and when no convention is checked.
    """

    findings: list[Finding]
    node_type: NodeType | None = None
    rewrites: tuple[Rewrite, ...] = ()
    facts: NodeFacts | None = None


def file_finding(path: str, kind: str, message: str, severity: Severity = "error") -> Finding:
    """A finding about the file (or store) at `path` as a whole, reported where it starts."""
    return Finding(
        path=path, line=1, column=1, loc=(), kind=kind, message=message, severity=severity
    )


def io_error(path: str, message: str) -> Finding:
    """The finding of a document that could not be read at all."""
    return file_finding(path, "io_error", message)
