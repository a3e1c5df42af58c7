"""Checking v2 metadata: the files of one node read together, each finding in the file that holds it, and a `.zmetadata` against the files it lists."""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, cast

from zarr_metadata._json_text import BrokenJSON, JSONText, read_json_text
from zarr_metadata.cli._check import (
    Options,
    check_document,
    located,
    not_json,
    problem_issues,
)
from zarr_metadata.cli._consolidated import zmetadata_disk_issues
from zarr_metadata.cli._conventions import facts_of
from zarr_metadata.cli._findings import Checked, Finding, Issue, Rewrite, io_error
from zarr_metadata.cli._ignored import ignored_member_issues
from zarr_metadata.cli._non_standard import attributes_of_zmetadata, non_standard_issues
from zarr_metadata.cli._open import OneDocument
from zarr_metadata.cli._repairable import after_repairs
from zarr_metadata.cli._rewrite import rewrite_of
from zarr_metadata.cli._source import Source
from zarr_metadata.cli._store import StoreError
from zarr_metadata.cli._unknown import unknown_name_issues
from zarr_metadata.cli._walk import ZARR_JSON, ZARRAY, ZATTRS, ZGROUP, Target, join
from zarr_metadata.model import (
    read_consolidated_metadata_v2,
    read_node_metadata_v2,
    repair_consolidated_metadata_v2,
    repair_node_metadata_v2,
)
from zarr_metadata.model._group_v2 import file_holding

if TYPE_CHECKING:
    from zarr_metadata.conventions._hierarchy import NodeMetadata


def check_v2_node(source: Source, target: Target, options: Options) -> Checked:
    """Everything to report about the files of one v2 node, each finding in the file that holds it, file by file."""
    keys = {key.rpartition("/")[2]: key for key in target.keys}
    read = {name: source.take(key) for name, key in keys.items()}
    parsed = {
        name: data if isinstance(data, StoreError) else read_json_text(data)
        for name, data in read.items()
    }
    files: Mapping[str, object] = {
        name: loaded.value for name, loaded in parsed.items() if isinstance(loaded, JSONText)
    }
    by_file: dict[str, list[Issue]] = defaultdict(list)
    model = None
    # A node whose own file is no JSON has no document to read.
    if all(name in files for name in (ZARRAY, ZGROUP) if name in keys):
        files, issues, model = _node_issues(source, target, files, options)
        for name, issue in issues:
            by_file[name].append(issue)
    findings: dict[str, list[Finding]] = {}
    for name, loaded in parsed.items():
        path = source.path(keys[name])
        if isinstance(loaded, StoreError):
            findings[name] = [io_error(path, str(loaded))]
        elif isinstance(loaded, BrokenJSON):
            findings[name] = [not_json(path, loaded)]
        else:
            attributes = [()] if name == ZATTRS else []
            by_file[name].extend(non_standard_issues(loaded.text, loaded.value, attributes))
            findings[name] = located(path, loaded, by_file[name], options)
    every = [finding for found in findings.values() for finding in found]
    node_type = "array" if ZARRAY in keys else "group" if ZGROUP in keys else None
    rewrites: list[Rewrite] = []
    # A node's files are written together or not at all: a problem in any keeps them all as they are.
    if not any(finding.severity == "error" for finding in every):
        for name, loaded in parsed.items():
            data = read[name]
            if isinstance(loaded, JSONText) and isinstance(data, bytes):
                rewrites.extend(
                    rewrite_of(keys[name], data, loaded.text, files[name], findings[name])
                )
    facts = None
    if options.conventions is not None and model is not None:
        facts = facts_of(model, options.conventions)
    return Checked(every, node_type, tuple(rewrites), facts)


def _node_issues(
    source: Source, target: Target, files: Mapping[str, object], options: Options
) -> tuple[Mapping[str, object], list[tuple[str, Issue]], NodeMetadata | None]:
    """The node's files once repaired, each issue of them with the name of the file that holds it (located in that file), and the node's model when it has no problem."""
    # A `.zattrs` on its own (standard input) has no node file to be judged with: its attributes are read as a group's.
    stand_in = (
        {ZGROUP: {"zarr_format": 2}}
        if set(files) == {ZATTRS} and isinstance(source.store, OneDocument)
        else {}
    )
    files = {**stand_in, **files}
    repaired, repairs = repair_node_metadata_v2(files)
    judged, repair_issues_found = after_repairs(files, repaired, repairs, asked=options.repair)
    files = cast("Mapping[str, object]", judged)
    # Repairs are located from the files: the first step names the file.
    placed = [
        (str(issue.loc[0]), dataclasses.replace(issue, loc=issue.loc[1:]))
        for issue in repair_issues_found
    ]
    reading = read_node_metadata_v2(files, context=options.context_v2)
    issues = [
        *problem_issues(reading.problems),
        *unknown_name_issues(reading, options.context_v2, options.allow),
    ]
    placed.extend(
        found for found in (_in_file(issue, files) for issue in issues) if found[0] not in stand_in
    )
    placed.extend(
        (name, issue)
        for name in (ZARRAY, ZGROUP)
        if name not in stand_in
        for issue in ignored_member_issues(name, files.get(name))
    )
    files = {name: value for name, value in files.items() if name not in stand_in}
    beside_v3 = source.holds(join(target.directory, ZARR_JSON))
    node_file = ZARRAY if ZARRAY in files else ZGROUP if ZGROUP in files else None
    if beside_v3 and node_file is not None:
        # Neither spec forbids it, and a store being converted keeps both: zarr-python opens the v3 node.
        message = (
            f"the directory holds a Zarr v2 node ({node_file}) and a v3 node ({ZARR_JSON}): zarr-python opens the v3"
            " node and a v2 reader the v2 one, so the two must say the same (convert --remove-v2 removes the v2 files)"
        )
        placed.append((node_file, Issue((), "v2_beside_v3", message, "warning")))
    return files, placed, reading.metadata


def _in_file(issue: Issue, files: Mapping[str, object]) -> tuple[str, Issue]:
    """`issue`, located in the node's document, as the name of the file that holds it and its place in that file."""
    name, loc = file_holding(issue.loc, files)
    return name, dataclasses.replace(issue, loc=loc)


def check_zmetadata(source: Source, key: str, options: Options) -> Checked:
    """Everything to report about the `.zmetadata` under `key`: its problems, and how it differs from the files it lists."""
    return check_document(
        source,
        key,
        options,
        repair_consolidated_metadata_v2,
        _zmetadata_issues,
        attributes_of=attributes_of_zmetadata,
    )


def _zmetadata_issues(
    source: Source, directory: str, value: object, options: Options, models: list[NodeMetadata]
) -> Iterator[Issue]:
    """The issues of a `.zmetadata` holding `value` (repaired when repairs are asked for)."""
    reading = read_consolidated_metadata_v2(value, context=options.context_v2)
    yield from problem_issues(reading.problems)
    yield from unknown_name_issues(reading, options.context_v2, options.allow)
    yield from _listed_ignored_members(value)
    # The files are compared as repaired, as the listing was.
    yield from zmetadata_disk_issues(source, directory, value, _repaired_file)


def _listed_ignored_members(value: object) -> Iterator[Issue]:
    """The members that a `.zarray` or `.zgroup` a `.zmetadata` lists holds and the v2 spec does not define."""
    listed = (
        cast("Mapping[str, object]", value).get("metadata") if isinstance(value, Mapping) else None
    )
    if isinstance(listed, Mapping):
        for key, document in cast("Mapping[object, object]", listed).items():
            if isinstance(key, str):
                yield from ignored_member_issues(
                    key.rpartition("/")[2], document, ("metadata", key)
                )


def _repaired_file(name: str, value: object) -> object:
    if name != ZATTRS:
        return repair_node_metadata_v2({name: value})[0][name]
    return value
