"""A store of a catalog checked as one task, or, when large, split by its top-level directories into tasks that give the same findings.

A part checks the store's root directory and the subtree of one top-level
directory (`_run.findings(part=...)`): the root is read again in every part
so that the tree knows what the root is, but only the part that is the root
alone reports it. A walk visits a directory's whole subtree before the next
directory beside it, each level sorted, so the parts' findings, joined in
the order of their directories, are the findings of the whole store.

A store is checked whole, however large, when its findings would depend on
the whole store: consolidated metadata at its root (compared with every
document it lists, and with the listing of every node), and repairs (the
writes of a store are planned together).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence

from zarr_metadata._json_text import BrokenJSON, read_json_text
from zarr_metadata.cli._check import Options
from zarr_metadata.cli._conventions import StoreNodes, convention_findings, in_order
from zarr_metadata.cli._findings import Finding
from zarr_metadata.cli._library import StoreCheck, check_store, unchecked
from zarr_metadata.cli._open import Opened, UsageError, open_target
from zarr_metadata.cli._options import CheckOptions, checking_options
from zarr_metadata.cli._plugins import PluginError
from zarr_metadata.cli._run import PART_ROOT
from zarr_metadata.cli._store import DirectoryStore, StoreError
from zarr_metadata.cli._summary import Summary, Tally
from zarr_metadata.cli._walk import METADATA_FILES, ZARR_JSON, ZMETADATA

SPLIT_FROM = 2048
"""The fewest metadata documents a store holds for it to be split into parts, each a task of its own."""


@dataclasses.dataclass(frozen=True)
class Split:
    """A store to check in parts: the root alone (`PART_ROOT`), then each top-level directory, in tree order."""

    target: str
    parts: tuple[str, ...]


def check_or_split(
    target: str, options: CheckOptions, split_from: int = SPLIT_FROM
) -> StoreCheck | Split:
    """The check of the store `target`, or how to split it when it holds `split_from` metadata documents or more; never raises."""
    try:
        checking = _checking(options)
        opened = open_target(target, checking)
    except (UsageError, PluginError) as error:
        return unchecked(target, str(error))
    except Exception as error:  # a store must be reported, whatever opening it raised
        return unchecked(target, f"checking {target} failed: {type(error).__name__}: {error}")
    if not isinstance(opened, StoreError):
        # A task's worker is a process of its own: a large local store is split, not checked in forked processes.
        opened.parallel = False
        parts = None if options.repair else _parts(opened, split_from)
        if parts is not None:
            opened.close()
            return Split(target, (PART_ROOT, *parts))

    def reopened(name: str, _: Options) -> Opened | StoreError:
        return opened

    return check_store(target, options, checking, opener=reopened)


def _parts(opened: Opened, split_from: int) -> tuple[str, ...] | None:
    """The top-level directories of a store to split, in tree order; None when it is to be checked whole."""
    if opened.named is not None:
        return None
    store = opened.store
    try:
        if isinstance(store, DirectoryStore):
            keys = (
                f"{directory}/{name}" if directory else name
                for directory, names in store.tree()
                if not isinstance(names, StoreError)
                for name in names
            )
        else:
            keys = store.listing()
        documents = 0
        top: set[str] = set()
        root: set[str] = set()
        for key in keys:
            directory, _, name = key.rpartition("/")
            if name not in METADATA_FILES:
                continue
            documents += 1
            if directory:
                top.add(directory.partition("/")[0])
            else:
                root.add(name)
        if (
            documents < split_from
            or len(top) < 2
            or ZMETADATA in root
            or _consolidated(opened, root)
        ):
            return None
    except StoreError:
        return None
    return tuple(sorted(top))


def _consolidated(opened: Opened, root: set[str]) -> bool:
    """Whether the root `zarr.json` holds consolidated metadata, or cannot be read to tell."""
    if ZARR_JSON not in root:
        return False
    try:
        read = read_json_text(opened.store.read(ZARR_JSON))
    except StoreError:
        return True
    value = None if isinstance(read, BrokenJSON) else read.value
    return not isinstance(value, dict) or value.get("consolidated_metadata") is not None  # pyright: ignore[reportUnknownMemberType]


@dataclasses.dataclass(frozen=True)
class PartCheck:
    """The check of one part of a split store, and what conventions ask of its nodes (None when not asked, or when the part failed)."""

    check: StoreCheck
    nodes: StoreNodes | None = None


def check_part(target: str, part: str, options: CheckOptions) -> PartCheck:
    """The check of one part of a split store: its root alone, or its root and one top-level directory; never raises."""
    nodes: list[StoreNodes] = []
    check = check_store(target, options, _checking(options), part=part, nodes=nodes)
    return PartCheck(check, nodes[0] if nodes else None)


@functools.lru_cache(maxsize=4)
def _checking(options: CheckOptions) -> Options:
    # Once a worker process: it checks many tasks with the same options, and loading plugins costs a scan of the installed packages.
    return checking_options(options)


def joined(target: str, parts: Sequence[PartCheck], options: CheckOptions) -> StoreCheck:
    """The check of a whole store from those of its parts, in order, then the findings of the conventions its nodes follow.

    The conventions are judged once every part is in, as one process judges
    them once every node is read; not at all when a part failed.
    """
    found: list[Finding] = []
    summary = Summary()
    nodes = StoreNodes()
    for part in parts:
        found.extend(part.check.findings)
        summary += part.check.summary
        if part.nodes is not None:
            nodes.merged(part.nodes)
    conventions = _checking(options).conventions
    if conventions is not None and all(part.nodes is not None for part in parts):
        chosen, tally = options.selection, Tally()
        for finding in in_order(
            convention_findings(nodes, conventions, options.strict, lambda key: None)
        ):
            if chosen.reports(finding.kind):
                tally.count(finding)
                found.append(finding)
        summary += tally.summary()
    return StoreCheck(target, tuple(found), summary)
