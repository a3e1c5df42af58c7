"""`zarr-metadata convert`: every v2 node of a store given the v3 `zarr.json` that reads its chunks.

A store is converted whole or not at all: every node is converted, and each
`.zmetadata` compared with the files it lists, before anything is written. A
store with one node that cannot be converted, or whose consolidated metadata
disagrees with its files, is left as it is, since a half-converted store (or
one whose v3 consolidated metadata says other than its nodes) would mislead a
v3 reader. The v2 files stay unless `--remove-v2`, which removes them only
once every `zarr.json` of the store is written.
"""

from __future__ import annotations

import dataclasses
import difflib
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor

from zarr_metadata._json_text import JSONText, read_json_text
from zarr_metadata.cli._check import Options, located, not_json, problem_issues
from zarr_metadata.cli._findings import Finding, Issue, file_finding, io_error
from zarr_metadata.cli._open import Opened, open_target
from zarr_metadata.cli._store import DirectoryStore, Store, StoreError
from zarr_metadata.cli._walk import ZARR_JSON, ZARRAY, ZATTRS, ZGROUP, ZMETADATA, join
from zarr_metadata.convert import convert_consolidated_metadata_v2, convert_node_metadata_v2
from zarr_metadata.model import Repair, ZarrV3ArrayMetadata, ZarrV3GroupMetadata

Emit = Callable[[Finding], None]
Show = Callable[[str], object]
Progress = Callable[[int, int], None]

_WRITERS = 8
"""How many local files are written at once: each write waits on the file system more than on Python."""

V2_FILES = (ZARRAY, ZGROUP, ZATTRS, ZMETADATA)
"""The files `--remove-v2` removes once the store is converted."""


@dataclasses.dataclass(frozen=True)
class ConvertOptions:
    """How to convert: the scopes read in and converted to, and what to do with the v3 documents."""

    check: Options
    """The scopes (`context` is the v3 scope converted to, `context_v2` the v2 scope read in), jobs and timeout."""
    output: str | None = None
    """A directory to write the v3 metadata into, instead of beside the v2 files."""
    dry_run: bool = False
    diff: bool = False
    remove_v2: bool = False
    overwrite: bool = False


@dataclasses.dataclass
class ConvertOutcome:
    """What a conversion run did: nodes converted, documents written, problems found, targets opened or not."""

    nodes: int = 0
    written: int = 0
    problems: int = 0
    opened: int = 0
    unopened: int = 0


Node = ZarrV3ArrayMetadata | ZarrV3GroupMetadata


def convert_stores(
    names: Sequence[str],
    options: ConvertOptions,
    emit: Emit,
    show: Show,
    progress: Progress | None = None,
) -> ConvertOutcome:
    """Convert every target `names` holds, passing each finding to `emit` and each document or diff to `show`."""
    outcome = ConvertOutcome()
    for name in dict.fromkeys(names):
        opened = open_target(name, options.check)
        if isinstance(opened, StoreError):
            outcome.unopened += 1
            _report(outcome, emit, [io_error(name, str(opened))])
            continue
        outcome.opened += 1
        try:
            _convert_store(opened, options, emit, show, outcome, progress)
        finally:
            try:
                opened.close()
            except StoreError as error:
                _report(outcome, emit, [io_error(name, str(error))])
    return outcome


def _convert_store(
    opened: Opened,
    options: ConvertOptions,
    emit: Emit,
    show: Show,
    outcome: ConvertOutcome,
    progress: Progress | None,
) -> None:
    store = opened.store
    try:
        keys = sorted(store.listing())
    except StoreError as error:
        _report(outcome, emit, [io_error(store.name, str(error))])
        return
    destination: Store = DirectoryStore(options.output) if options.output is not None else store
    refusal = _already_v3(store, keys, destination, options)
    if refusal is not None:
        _report(outcome, emit, [refusal])
        return
    plan = _Plan(store, keys, options)
    plan.convert(progress)
    if plan.findings:
        _report(outcome, emit, plan.findings)
    if any(finding.severity == "error" for finding in plan.findings) or not plan.documents:
        return
    outcome.nodes += len(plan.documents)
    documents = {key: _written(document) for key, document in plan.documents.items()}
    if options.dry_run or options.diff:
        for key, data in documents.items():
            show(
                _diff(destination, key, data)
                if options.diff
                else f"{destination.path(key)}:\n{data.decode()}\n"
            )
        return
    written = _write_all(destination, documents, outcome, emit)
    if written and options.remove_v2:
        _remove_all(
            store, [key for key in keys if key.rpartition("/")[2] in V2_FILES], outcome, emit
        )


def _already_v3(
    store: Store, keys: Sequence[str], destination: Store, options: ConvertOptions
) -> Finding | None:
    """The finding that refuses a store which already holds v3 metadata, unless `--overwrite` allows replacing it."""
    if options.overwrite:
        return None
    held = [key for key in keys if key.rpartition("/")[2] == ZARR_JSON]
    if destination is not store:
        try:
            held = [key for key in destination.listing() if key.rpartition("/")[2] == ZARR_JSON]
        except StoreError:
            held = []  # a new output directory holds nothing yet
    if not held:
        return None
    held.sort(key=lambda key: (key.count("/"), key))
    message = (
        f"the store already holds Zarr v3 metadata ({len(held)} zarr.json file{'s' * (len(held) != 1)}); "
        "nothing is converted (--overwrite replaces them)"
    )
    return file_finding(destination.path(held[0]), "v3_exists", message)


class _Plan:
    """The v3 document of every v2 node of one store, or the findings that stop its conversion."""

    def __init__(self, store: Store, keys: Sequence[str], options: ConvertOptions) -> None:
        self._store = store
        self._options = options
        self._nodes: dict[str, set[str]] = {}
        for key in keys:
            directory, _, name = key.rpartition("/")
            if name in V2_FILES:
                self._nodes.setdefault(directory, set()).add(name)
        self.documents: dict[str, Node] = {}
        self.findings: list[Finding] = []

    def convert(self, progress: Progress | None) -> None:
        """Convert each node from its files, then each `.zmetadata`, checked against the nodes it lists."""
        nodes = sorted(self._nodes)
        for done, directory in enumerate(nodes, 1):
            names = self._nodes[directory]
            if ZARRAY in names or ZGROUP in names:
                self._convert_node(directory, names)
            if progress is not None:
                progress(done, len(nodes))
        for directory in nodes:
            if ZMETADATA in self._nodes[directory]:
                self._convert_consolidated(directory)

    def _read(self, key: str) -> JSONText | None:
        path = self._store.path(key)
        try:
            loaded = read_json_text(self._store.read(key))
        except StoreError as error:
            self.findings.append(io_error(path, str(error)))
            return None
        if not isinstance(loaded, JSONText):
            self.findings.append(not_json(path, loaded))
            return None
        return loaded

    def _convert_node(self, directory: str, names: set[str]) -> None:
        texts: dict[str, JSONText] = {}
        for name in (ZARRAY, ZGROUP, ZATTRS):
            if name in names:
                loaded = self._read(join(directory, name))
                if loaded is None:
                    return
                texts[name] = loaded
        conversion = convert_node_metadata_v2(
            {name: text.value for name, text in texts.items()},
            context=self._options.check.context,
            source_context=self._options.check.context_v2,
        )
        by_file: dict[str, list[Issue]] = {}
        for issue in [
            *problem_issues(conversion.problems),
            *_repair_issues(conversion.repairs),
        ]:
            file, loc = (
                (issue.loc[0], issue.loc[1:])
                if issue.loc
                else (ZARRAY if ZARRAY in texts else ZGROUP, ())
            )
            by_file.setdefault(str(file), []).append(dataclasses.replace(issue, loc=loc))
        for file, issues in by_file.items():
            text = texts.get(file) or next(iter(texts.values()))
            self.findings.extend(
                located(self._store.path(join(directory, file)), text, issues, self._options.check)
            )
        if conversion.metadata is not None:
            self.documents[join(directory, ZARR_JSON)] = conversion.metadata

    def _convert_consolidated(self, directory: str) -> None:
        key = join(directory, ZMETADATA)
        loaded = self._read(key)
        if loaded is None:
            return
        conversion = convert_consolidated_metadata_v2(
            loaded.value,
            context=self._options.check.context,
            source_context=self._options.check.context_v2,
        )
        issues = [*problem_issues(conversion.problems), *_repair_issues(conversion.repairs)]
        root = conversion.metadata
        if root is not None:
            issues.extend(self._disagreements(directory, root))
        if issues:
            self.findings.extend(
                located(self._store.path(key), loaded, issues, self._options.check)
            )
        if root is not None and not any(issue.severity == "error" for issue in issues):
            self.documents[join(directory, ZARR_JSON)] = root

    def _disagreements(self, directory: str, root: ZarrV3GroupMetadata) -> Iterable[Issue]:
        """Where the `.zmetadata` of `directory` says other than the files of a node it lists, or lists a node with no files."""
        own = self.documents.get(join(directory, ZARR_JSON))
        if isinstance(own, ZarrV3GroupMetadata) and own.attributes != root.attributes:
            yield _differs((".zattrs",), "the attributes of the group's own .zattrs")
        listed = root.consolidated()
        nodes: Mapping[str, Node] = listed.metadata if listed is not None else {}
        for path, node in nodes.items():
            converted = self.documents.get(join(join(directory, path), ZARR_JSON))
            node_file = ZARRAY if isinstance(node, ZarrV3ArrayMetadata) else ZGROUP
            if converted is None:
                yield _differs(
                    (f"{path}/{node_file}",),
                    f"{join(join(directory, path), node_file)}, which is missing",
                )
            elif converted != node:
                yield _differs(
                    (f"{path}/{node_file}",), f"the files of {join(directory, path) or 'the root'}"
                )


def _differs(listed: tuple[str, ...], what: str) -> Issue:
    message = (
        f"differs from {what}: converting both would write a store whose v3 consolidated metadata disagrees with its"
        " nodes; check the store and mend the listing first"
    )
    return Issue(("metadata", *listed), "invalid_value", message, "error")


def _repair_issues(repairs: Iterable[Repair]) -> list[Issue]:
    """Each known writer bug the conversion undid, to report beside the documents it wrote."""
    return [Issue(repair.loc, repair.kind, repair.message, "repair") for repair in repairs]


def _written(document: Node) -> bytes:
    return document.to_key_value(indent=2)[ZARR_JSON]


def _diff(store: Store, key: str, data: bytes) -> str:
    """The document as a diff that creates it, which `git apply` takes."""
    path = store.path(key).removeprefix("./")
    lines = difflib.unified_diff(
        [], data.decode().splitlines(keepends=True), fromfile="/dev/null", tofile=f"b/{path}"
    )
    return "".join(
        line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines
    )


def _write_all(
    store: Store, documents: Mapping[str, bytes], outcome: ConvertOutcome, emit: Emit
) -> bool:
    """Write every document, each atomically; False, with a finding for each that could not be written.

    A local file is renamed into place without waiting for the disk, several
    at a time: the v2 files it was made from are still there until
    `_remove_all`, which first makes every written document durable.
    """
    write = getattr(store, "write", None)
    if write is None:
        _report(
            outcome,
            emit,
            [io_error(store.name, f"cannot write: the store {store.name} cannot be written")],
        )
        return False
    local = isinstance(store, DirectoryStore)

    def written(item: tuple[str, bytes]) -> StoreError | None:
        try:
            if local:
                write(item[0], item[1], durable=False)
            else:
                write(item[0], item[1])
        except StoreError as error:
            return error
        return None

    with ThreadPoolExecutor(max_workers=_WRITERS if local else 1) as writers:
        failures = [
            failure for failure in writers.map(written, documents.items()) if failure is not None
        ]
    outcome.written += len(documents) - len(failures)
    _report(outcome, emit, [io_error(store.name, str(failure)) for failure in failures])
    return not failures


def _remove_all(store: Store, keys: Sequence[str], outcome: ConvertOutcome, emit: Emit) -> None:
    """Remove the v2 files once the documents written in their place are on the disk."""
    if isinstance(store, DirectoryStore):
        os.sync()
    remove = getattr(store, "remove", None)
    for key in keys:
        try:
            if remove is None:
                raise StoreError(
                    f"cannot remove {store.path(key)}: the store {store.name} cannot remove files"
                )
            remove(key)
        except StoreError as error:
            _report(outcome, emit, [io_error(store.path(key), str(error))])
            return


def _report(outcome: ConvertOutcome, emit: Emit, findings: Iterable[Finding]) -> None:
    for finding in sorted(
        findings, key=lambda finding: (finding.path, finding.line, finding.column)
    ):
        if finding.severity == "error":
            outcome.problems += 1
        emit(finding)
