"""One run of the checker: every target opened, every document in it judged, each finding passed on as it is made."""

from __future__ import annotations

import dataclasses
import fnmatch
import functools
import itertools
import os
import sys
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence

from zarr_metadata.cli._check import Options
from zarr_metadata.cli._conventions import StoreJudge, StoreNodes
from zarr_metadata.cli._findings import Checked, Finding, Rewrite, file_finding, io_error
from zarr_metadata.cli._hierarchy import STORE_SUFFIX, Tree
from zarr_metadata.cli._open import Opened, open_target
from zarr_metadata.cli._parallel import BATCH, can_fork, check_batch, checked_in_workers, cores
from zarr_metadata.cli._plan import planned
from zarr_metadata.cli._source import Source
from zarr_metadata.cli._store import DirectoryStore, Incomplete, Store, StoreError, tree_of
from zarr_metadata.cli._walk import METADATA_FILES, Target, directory_targets, join, named_target
from zarr_metadata.cli._write import unified_diff, write_back

PARALLEL_FROM = 4 * BATCH
"""The fewest targets worth starting worker processes for."""
TASK = 16 * BATCH
"""The most targets a worker process is given at once."""

PART_ROOT = ""
"""The part of a split store that is its root directory alone."""

Emit = Callable[[Finding], None]
Progress = Callable[[int, int], None]
"""Told the number of documents of the current store read so far and the number it lists, as the run goes."""


@dataclasses.dataclass
class Outcome:
    """What a run did: documents read, and how many targets were opened and how many could not be.

    `not_checked` counts the documents a store was known to hold but that
    were not read (it stopped answering), and `not_listed` the directories
    that could not be listed (and the stores that could not be listed at
    all), below which nobody can say how many there are.
    """

    documents: int = 0
    opened: int = 0
    unopened: int = 0
    not_checked: int = 0
    not_listed: int = 0
    nodes: StoreNodes | None = None
    """What conventions ask of the nodes of the part of a store a run checked, judged once every part is in; None when not asked."""


def run(
    names: Sequence[str],
    options: Options,
    emit: Emit,
    progress: Progress | None = None,
    show_diff: Callable[[str], object] | None = None,
) -> Outcome:
    """Check every document the targets `names` hold, passing each finding to `emit` in a stable order (`findings`, told by callback)."""
    found = findings(names, options, progress, show_diff)
    while True:
        try:
            emit(next(found))
        except StopIteration as end:
            outcome: Outcome = end.value
            return outcome


def findings(
    names: Sequence[str],
    options: Options,
    progress: Progress | None = None,
    show_diff: Callable[[str], object] | None = None,
    *,
    part: str | None = None,
    opener: Callable[[str, Options], Opened | StoreError] = open_target,
) -> Generator[Finding, None, Outcome]:
    """Each finding of every document the targets `names` hold, in a stable order, as each batch is checked; returns what the run did.

    A target that cannot be opened is an `io_error` finding at its name, and
    the run goes on. Raises `UsageError` (from `_open`) for a target no store
    can open with what is installed, before anything is checked. Under
    `--repair --diff`, each rewrite's diff goes to `show_diff` (standard
    output by default). With `part`, only that part of the one store named
    is reported (`PART_ROOT`, or a top-level directory's subtree; `_split.py`).
    `opener` opens each target (a store already opened, to tell whether to split it).
    """
    checking = _Run(names, options, progress, show_diff or sys.stdout.write, part)
    opened_targets = [(name, opener(name, options)) for name in names]
    for name, opened in opened_targets:
        if isinstance(opened, StoreError):
            checking.outcome.unopened += 1
            yield io_error(name, str(opened))
            continue
        checking.outcome.opened += 1
        try:
            yield from checking.store(name, opened)
        finally:
            try:
                opened.close()
            except StoreError as error:
                checking.emit(io_error(name, str(error)))
        yield from checking.drained()
    return checking.outcome


class _Run:
    """What a run carries from store to store: how to check, where findings go, what was already checked, and the tally."""

    def __init__(
        self,
        names: Sequence[str],
        options: Options,
        progress: Progress | None,
        show_diff: Callable[[str], object],
        part: str | None,
    ) -> None:
        self.options = options
        self._pending: list[Finding] = []
        """The findings made since they were last passed on: a batch's at most."""
        self.emit: Emit = self._pending.append
        self.part = part
        self.progress = progress
        self.show_diff = show_diff
        self.outcome = Outcome()
        self.seen: set[tuple[str, tuple[str, ...]]] | None = set() if len(names) > 1 else None
        """What was checked, by identity, when several targets might name the same files; None when one target cannot."""
        self._left: int | None = None
        """The documents of the group read when the store was found to have stopped answering, none of them checked; None until it has."""
        self._unlisted: dict[str, StoreError] = {}
        """Why each directory met in the store being checked could not be listed, until its `unlisted` target is reported."""

    def drained(self) -> Iterator[Finding]:
        """The findings made since this was last asked, in the order they were made."""
        if self._pending:
            pending = self._pending[:]
            self._pending.clear()
            yield from pending

    def store(self, name: str, opened: Opened) -> Iterator[Finding]:
        """Each finding of the targets of one opened store, or the one file named in it, as they are found."""
        store = opened.store
        excluded = (
            functools.partial(_excluded, opened=opened, options=self.options)
            if self.options.exclude
            else None
        )
        if isinstance(store, DirectoryStore):
            # A directory is walked as it is checked, so no listing of it is held.
            source, directories = Source(store, excluded=excluded), store.tree()
        else:
            try:
                keys = list(store.listing())
            except StoreError as error:
                yield io_error(name, str(error))
                return
            source, directories = (
                Source(store, keys, excluded=excluded),
                tree_of(keys, opened.unlisted()),
            )
        if self.part is not None:
            directories = _part_of(store, directories, self.part)
        if opened.named is not None:
            # A file named alone stands for its node, whose other files sit beside it.
            none: list[str] = []
            beside = next((names for directory, names in directories if directory == ""), none)
            files: list[str] = [] if isinstance(beside, StoreError) else beside
            targets: Iterator[Target] = iter([named_target(opened.named, files)])
            tree = None
        else:
            targets = self._targets(name, opened, directories)
            tree = Tree(
                rooted=opened.rooted
                or os.path.basename(os.path.normpath(name)).endswith(STORE_SUFFIX)
            )
        met = _Counted(targets)
        fresh = (target for target in met if self._first_sight(opened, target))
        read = listed = 0
        rewrites: list[Rewrite] = []
        self._left, self._unlisted = None, {}
        judge = self._judge(opened)
        for group, found in self._checked(source, opened, fresh):
            listed += sum(len(target.keys) for target in group)
            for target, checked in zip(group, found, strict=True):
                if judge is not None:
                    judge.take(target, checked)
                if self.part and not target.directory:
                    # The root of a part of a store is checked for the tree alone: another part reports it.
                    self._unlisted.pop("", None)
                    self._judged(source, target, checked, tree)
                    continue
                self._report(source, target, checked, tree)
                rewrites.extend(checked.rewrites)
                read += len(target.keys)
            yield from self.drained()
            if self.progress is not None:
                self.progress(read, listed)
        stopped = opened.stopped()
        if stopped is not None:
            self._abandon(name, stopped, fresh)
        elif not met.count and self.part is None:
            self.emit(file_finding(name, "no_metadata", f"no Zarr metadata found in {name}"))
        elif judge is not None and self.part is None:
            # A store that stopped answering is not judged: its nodes were not all read.
            for finding in judge.findings():
                self.emit(finding)
        elif judge is not None:
            self.outcome.nodes = judge.part_nodes()
        if rewrites and self.options.repair:
            self._rewrite(source, rewrites)

    def _judge(self, opened: Opened) -> StoreJudge | None:
        """The judge of the conventions of the store `opened`; None when none are checked."""
        if self.options.conventions is None:
            return None
        text_of = functools.partial(_text_of, opened.store)
        # A file named alone is judged by its own document: the nodes around it are not read.
        return StoreJudge(
            self.options.conventions,
            self.options.strict,
            text_of,
            across_nodes=opened.named is None,
            part=self.part is not None,
        )

    def _abandon(self, name: str, why: str, rest: Iterator[Target]) -> None:
        """Say, once, that the store `name` stopped answering, and how many of its documents were left unchecked."""
        self._left = self._left or 0
        # The directories left that could not be listed are counted, not reported: the one finding says why.
        for target in rest:
            self._left += len(target.keys)
            self.outcome.not_listed += target.kind == "unlisted"
        self.outcome.not_checked += self._left
        left = f"{self._left} document{'' if self._left == 1 else 's'}"
        self.emit(io_error(name, f"{name} stopped answering: {why}; {left} not checked"))

    def _targets(
        self, name: str, opened: Opened, directories: Iterable[tuple[str, list[str] | StoreError]]
    ) -> Iterator[Target]:
        """The targets of a store's directories, in tree order; a directory that cannot be listed is an `unlisted` target, reported in its place."""
        for directory, names in directories:
            if isinstance(names, StoreError):
                self._unlisted[directory] = names
                yield Target("unlisted", directory, ())
                continue
            found = {item for item in names if item in METADATA_FILES}
            if not found:
                continue
            if self.options.exclude:
                excluded = {
                    item for item in found if _excluded(join(directory, item), opened, self.options)
                }
                yield from directory_targets(directory, found - excluded, excluded)
            else:
                yield from directory_targets(directory, found)

    def _checked(
        self, source: Source, opened: Opened, targets: Iterator[Target]
    ) -> Iterator[tuple[Sequence[Target], list[Checked]]]:
        """Groups of `targets` in order, each with what checking it finds: here, or in worker processes when the store is local and large."""
        if opened.ahead:
            yield from self._checked_reading_ahead(source, opened, targets)
            return
        first = list(itertools.islice(targets, PARALLEL_FROM))
        workers = cores()
        if len(first) < PARALLEL_FROM or not opened.parallel or workers < 2 or not can_fork():
            for batch in _batches(itertools.chain(first, targets), BATCH):
                source.prefetch(_keys_of(batch))
                if self._stopped(opened, batch):
                    return
                yield batch, check_batch(source, batch, self.options)
            return
        # The first batch here, so that the workers start with what it compiled.
        yield first[:BATCH], check_batch(source, first[:BATCH], self.options)
        # Large tasks: each costs a round trip, and a worker reuses what it kept
        # from the documents it read before.
        tasks = _batches(itertools.chain(first[BATCH:], targets), TASK)
        yield from checked_in_workers(source, tasks, self.options, workers)

    def _stopped(self, opened: Opened, group: Sequence[Target]) -> bool:
        """Whether the store stopped answering by the time `group` was read, which is then left unchecked."""
        if opened.stopped() is None:
            return False
        self._left = len(_keys_of(group))
        self.outcome.not_listed += sum(target.kind == "unlisted" for target in group)
        return True

    def _checked_reading_ahead(
        self, source: Source, opened: Opened, targets: Iterator[Target]
    ) -> Iterator[tuple[Sequence[Target], list[Checked]]]:
        """Groups of `targets` with what checking each finds, each group's files read while the one before is checked.

        A group holds enough targets to keep `--jobs` requests busy for a while,
        so the store is never waiting on the checker, nor the checker on it.
        """
        # Imported for a store read ahead (a remote one): see "What a run imports" in docs/how-it-works/cli.md.
        from concurrent.futures import ThreadPoolExecutor

        groups = _batches(targets, max(BATCH, 8 * self.options.jobs))
        with ThreadPoolExecutor(1, thread_name_prefix="zarr-metadata-fetch") as fetcher:
            group = next(groups, None)
            fetched = source.fetch_ahead(_keys_of(group), fetcher) if group else None
            while group is not None and fetched is not None:
                fetched.result()
                if self._stopped(opened, group):
                    return
                following = next(groups, None)
                fetched = source.fetch_ahead(_keys_of(following), fetcher) if following else None
                yield group, check_batch(source, group, self.options)
                group = following

    def _report(self, source: Source, target: Target, checked: Checked, tree: Tree | None) -> None:
        if target.kind == "unlisted":
            self.outcome.not_listed += 1
            error = self._unlisted.pop(target.directory)
            self.emit(
                _unlisted(
                    source.path(target.directory) if target.directory else source.store.name, error
                )
            )
            return
        self.outcome.documents += len(target.keys)
        for finding in checked.findings:
            self.emit(finding)
        for finding in self._judged(source, target, checked, tree):
            self.emit(finding)

    @staticmethod
    def _judged(
        source: Source, target: Target, checked: Checked, tree: Tree | None
    ) -> list[Finding]:
        """The findings of `target`'s place in the tree, which learns of it."""
        if tree is None or target.kind in ("unlisted", "v2_consolidated"):
            return []
        if target.kind == "excluded":
            tree.present(target.directory)
            return []
        return tree.judge(
            target.directory, checked.node_type, source.path(target.keys[0]), v3=target.kind == "v3"
        )

    def _rewrite(self, source: Source, rewrites: Sequence[Rewrite]) -> None:
        """Show or write what repairs changed in one store, as `--diff` or `--write` asks, once the writes are planned together."""
        if not (self.options.diff or self.options.write):
            return
        rewrites, refused = planned(source, rewrites)
        for left_out in refused:
            message = (
                f"its repair is neither written nor shown: repaired alone, it would disagree with {source.path(left_out.other)}, "
                "whose own repair is not made (a document and its consolidated copy are repaired together, or neither)"
            )
            self.emit(file_finding(source.path(left_out.rewrite.key), "not_written", message))
        if self.options.diff:
            for rewrite in rewrites:
                self.show_diff(unified_diff(source.path(rewrite.key), rewrite))
        elif self.options.write:
            for failed in write_back(source.store, rewrites, self.options.backup_dir, source.holds):
                self.emit(
                    file_finding(source.path(failed.rewrite.key), failed.kind, failed.message)
                )

    def _first_sight(self, opened: Opened, target: Target) -> bool:
        """Whether `target` is met for the first time: a node named as a directory and again by one of its files is checked once."""
        if self.seen is None:
            return True
        identity = (
            target.kind,
            tuple(opened.identity(key) for key in target.keys or (target.directory,)),
        )
        if identity in self.seen:
            return False
        self.seen.add(identity)
        return True


def _unlisted(path: str, error: StoreError) -> Finding:
    """The finding of a directory that could not be listed: an `io_error`, or `incomplete` for a store that could not be listed at all."""
    if isinstance(error, Incomplete):
        return file_finding(path, "incomplete", str(error))
    return io_error(path, str(error))


def _part_of(
    store: Store, directories: Iterator[tuple[str, list[str] | StoreError]], part: str
) -> Iterator[tuple[str, list[str] | StoreError]]:
    """The directories of one part of a store: its root alone (`PART_ROOT`), or its root and the subtree of the top-level directory `part`."""
    below = f"{part}/"
    if isinstance(store, DirectoryStore):
        root = next(directories, None)
        if root is not None:
            yield root
        if part:
            yield from store.tree(part)
        return
    for directory, names in directories:
        if not directory or (part and (directory == part or directory.startswith(below))):
            yield directory, names


def _text_of(store: Store, key: str) -> tuple[str, str] | None:
    """The text of the file under `key`, read again to locate a convention's finding, with its path as shown; None when it cannot be read."""
    try:
        return store.path(key), store.read(key).decode("utf-8", "replace")
    except StoreError:
        return None


def _keys_of(targets: Sequence[Target] | None) -> list[str]:
    return [key for target in targets or () for key in target.keys]


class _Counted:
    """The targets of an iterator, counted as they pass."""

    def __init__(self, targets: Iterator[Target]) -> None:
        self._targets = targets
        self.count = 0

    def __iter__(self) -> Iterator[Target]:
        for target in self._targets:
            self.count += 1
            yield target


def _batches(targets: Iterable[Target], size: int) -> Iterator[list[Target]]:
    """`targets` in lists of `size`, the last perhaps shorter."""
    iterator = iter(targets)
    while batch := list(itertools.islice(iterator, size)):
        yield batch


def _excluded(key: str, opened: Opened, options: Options) -> bool:
    if not options.exclude:
        return False
    path = opened.store.path(key)
    return any(
        fnmatch.fnmatch(key, pattern) or fnmatch.fnmatch(path, pattern)
        for pattern in options.exclude
    )
