"""Checking one metadata file: every problem, unknown name, repair and consolidated mismatch, at its line and column."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, cast

from zarr_metadata._json import Loc
from zarr_metadata._json_text import BrokenJSON, JSONText, read_json_text
from zarr_metadata.cli._bounded_read import DEFAULT_MAX_DOCUMENT_SIZE
from zarr_metadata.cli._consolidated import disk_issues
from zarr_metadata.cli._conventions import ConventionChoice, facts_of
from zarr_metadata.cli._findings import Checked, Finding, Issue, NodeType, io_error
from zarr_metadata.cli._locate import locate
from zarr_metadata.cli._non_standard import attributes_of_v3, non_standard_issues
from zarr_metadata.cli._repairable import after_repairs
from zarr_metadata.cli._repeated import collapsed
from zarr_metadata.cli._rewrite import rewrite_of
from zarr_metadata.cli._source import Source
from zarr_metadata.cli._store import StoreError, parent_key
from zarr_metadata.cli._unknown import unknown_name_issues
from zarr_metadata.model._group_model_v3 import read_consolidated_metadata_v3
from zarr_metadata.model._group_v3 import ZarrV3GroupMetadataReading
from zarr_metadata.model._node_v3 import read_node_metadata_v3
from zarr_metadata.model._repair import Repair
from zarr_metadata.model._repair_v3 import repair_node_metadata_v3
from zarr_metadata.problems import ValidationProblem
from zarr_metadata.v2.definition import CORE_V2, ZarrV2Context
from zarr_metadata.v3.consolidated import ZARR_V3_CONSOLIDATED_METADATA_KEY
from zarr_metadata.v3.definition import ZarrV3Context

if TYPE_CHECKING:
    from zarr_metadata.conventions._hierarchy import NodeMetadata


@dataclasses.dataclass(frozen=True)
class Options:
    """How to check: the scopes to read v3 and v2 documents in, whether every warning is an error, whether to repair first, which unknown names to accept."""

    context: ZarrV3Context
    strict: bool = False
    repair: bool = False
    context_v2: ZarrV2Context = CORE_V2
    allow: frozenset[str] = frozenset()
    """Names of private extensions to accept without checking them."""
    exclude: tuple[str, ...] = ()
    """Glob patterns of keys or paths to leave out."""
    jobs: int = 16
    """How many requests a remote store serves at once."""
    timeout: float = 30.0
    """Seconds a request to a remote store may take."""
    write: bool = False
    """With `repair`: write each repaired document that then has no problem back to its store."""
    diff: bool = False
    """With `repair`: print a unified diff of each repaired document instead of writing it."""
    backup_dir: str | None = None
    """Where `write` keeps the originals; beside each document (`zarr.json.orig`) when None."""
    max_document_size: int = DEFAULT_MAX_DOCUMENT_SIZE
    """The most bytes a metadata document may hold: a larger one is not read."""
    follow_external_links: bool = False
    """Whether a document that links to a file outside its store is read, rather than reported."""
    stdin_filename: str | None = None
    """Which metadata file standard input holds; judged from what it holds when None."""
    conventions: ConventionChoice | None = None
    """The conventions each store is judged by once it is read; None for none."""


def check_file(source: Source, key: str, options: Options) -> Checked:
    """Everything to report about the `zarr.json` under `key`, in the order it appears in the file."""
    return check_document(
        source, key, options, repair_node_metadata_v3, document_issues, _node_type, attributes_of_v3
    )


RepairOf = Callable[[object], tuple[object, Sequence[Repair]]]
IssuesOf = Callable[[Source, str, object, Options, "list[NodeMetadata]"], Iterable[Issue]]
"""The issues of a document; a node's reader also adds the node's model, when it has no problem, to the list it is given."""


def check_document(
    source: Source,
    key: str,
    options: Options,
    repair: RepairOf,
    issues_of: IssuesOf,
    node_type_of: Callable[[object], NodeType | None] = lambda value: None,
    attributes_of: Callable[[object], Iterable[Loc]] = lambda value: (),
) -> Checked:
    """Everything to report about the one-file document under `key`: read, repaired with `repair` when asked, judged by `issues_of`."""
    path = source.path(key)
    data = source.take(key)
    if isinstance(data, StoreError):
        return Checked([io_error(path, str(data))])
    loaded = read_json_text(data)
    if isinstance(loaded, BrokenJSON):
        return Checked([not_json(path, loaded)])
    value, found = after_repairs(loaded.value, *repair(loaded.value), asked=options.repair)
    models: list[NodeMetadata] = []
    issues = [*found, *issues_of(source, parent_key(key), value, options, models)]
    issues.extend(non_standard_issues(loaded.text, loaded.value, attributes_of(loaded.value)))
    findings = located(path, loaded, issues, options)
    facts = None
    if options.conventions is not None and models:
        facts = facts_of(models[0], options.conventions)
    return Checked(
        findings, node_type_of(value), rewrite_of(key, data, loaded.text, value, findings), facts
    )


def _node_type(value: object) -> NodeType | None:
    node_type = (
        cast("Mapping[str, object]", value).get("node_type") if isinstance(value, Mapping) else None
    )
    if node_type == "array":
        return "array"
    return "group" if node_type == "group" else None


def not_json(path: str, loaded: BrokenJSON) -> Finding:
    """The finding of a file that is not UTF-8 JSON, where it first goes wrong."""
    return Finding(
        path=path,
        line=loaded.line,
        column=loaded.column,
        loc=(),
        kind="invalid_json",
        message=loaded.message,
        severity="error",
    )


def located(
    path: str, loaded: JSONText, issues: Sequence[Issue], options: Options
) -> list[Finding]:
    """Each issue of the file at `path`, and each key its text writes twice, at its line and column, in the order they appear in the file."""
    if not issues and not loaded.duplicates:
        return []
    locations = locate(loaded.text)
    findings = [
        Finding(
            path=path,
            line=duplicate.line,
            column=duplicate.column,
            loc=duplicate.loc,
            kind="duplicate_key",
            message=duplicate.message,
            severity="error",
        )
        for duplicate in loaded.duplicates
    ]
    for issue in issues:
        where = (
            locations.where_key if issue.kind == "unknown_key" or issue.at_key else locations.where
        )
        line, column = where(issue.loc)
        severity = "error" if options.strict and issue.severity == "warning" else issue.severity
        findings.append(
            Finding(
                path=path,
                line=line,
                column=column,
                loc=issue.loc,
                kind=issue.kind,
                message=issue.message,
                severity=severity,
            )
        )
    findings.sort(key=lambda finding: (finding.line, finding.column))
    return collapsed(findings)


def document_issues(
    source: Source, directory: str, value: object, options: Options, models: list[NodeMetadata]
) -> Iterator[Issue]:
    """The issues of the JSON `value`, the `zarr.json` of the node `directory` of `source`, once repaired when repairs are asked for."""
    reading = read_node_metadata_v3(value, context=options.context)
    if reading.metadata is not None:
        models.append(reading.metadata)
    yield from problem_issues(reading.problems)
    yield from unknown_name_issues(reading, options.context, options.allow)
    if isinstance(reading, ZarrV3GroupMetadataReading):
        member = cast("Mapping[str, object]", value).get(ZARR_V3_CONSOLIDATED_METADATA_KEY)
        if member is not None:
            yield from _consolidated_issues(source, directory, member, options)


def problem_issues(problems: Iterable[ValidationProblem], at: Loc = ()) -> Iterator[Issue]:
    """Each problem as an error, located under `at`."""
    for problem in problems:
        yield Issue((*at, *problem.loc), problem.kind, problem.message, "error")


def _consolidated_issues(
    source: Source, directory: str, member: object, options: Options
) -> Iterator[Issue]:
    """The issues of the documents a group's consolidated metadata lists, and of how they match the files on disk."""
    reading = read_consolidated_metadata_v3(member, context=options.context)
    # The consolidated reader locates from the member, which sits in the group's
    # document. The group's reader has already judged the envelope (its problems sit
    # at most one level into the member); what this reader adds are the problems of
    # the listed documents.
    at: Loc = (ZARR_V3_CONSOLIDATED_METADATA_KEY,)
    yield from problem_issues((problem for problem in reading.problems if len(problem.loc) > 1), at)
    yield from unknown_name_issues(reading, options.context, options.allow, at)
    # The files are compared as repaired, as the listing was.
    yield from disk_issues(source, directory, member, _repaired)


def _repaired(name: str, value: object) -> object:
    return repair_node_metadata_v3(value)[0]
