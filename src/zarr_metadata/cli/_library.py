"""A check as a Python value: its findings as they are found, then its summary; a catalog's stores, each with its own."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence

from zarr_metadata.cli._check import Options
from zarr_metadata.cli._conventions import StoreNodes
from zarr_metadata.cli._findings import Finding, io_error
from zarr_metadata.cli._open import Opened, UsageError, open_target
from zarr_metadata.cli._options import CheckOptions, checking_options
from zarr_metadata.cli._plugins import PluginError
from zarr_metadata.cli._run import Outcome, Progress, findings
from zarr_metadata.cli._store import StoreError
from zarr_metadata.cli._summary import Summary, Tally

Opener = Callable[[str, Options], Opened | StoreError]


class CheckRun:
    """The findings of one check, in the order the command prints them, each as it is found; then `summary`.

    Iterate it once. `summary` is what the check found: read after the
    findings, or before, in which case the findings not yet iterated are
    checked and counted, but no longer yielded.
    """

    def __init__(self, found: Generator[Finding, None, Outcome], options: CheckOptions) -> None:
        self._found = found
        self._chosen = options.selection
        self._tally = Tally()
        self._outcome: Outcome | None = None

    def __iter__(self) -> Iterator[Finding]:
        if self._outcome is not None:
            return
        chosen, tally = self._chosen, self._tally
        everything = chosen.everything
        found = self._found
        while True:
            try:
                finding = next(found)
            except StopIteration as end:
                self._outcome = end.value
                return
            if everything or chosen.reports(finding.kind):
                tally.count(finding)
                yield finding

    @property
    def summary(self) -> Summary:
        """What the check found: documents read, findings by severity, what was not seen."""
        outcome = self._finished()
        self._tally.documents = outcome.documents
        return self._tally.summary(not_checked=outcome.not_checked, not_listed=outcome.not_listed)

    @property
    def outcome(self) -> Outcome:
        """What the run did, once it is done."""
        return self._finished()

    @property
    def opened(self) -> int:
        """How many of the targets were opened."""
        return self._finished().opened

    @property
    def unopened(self) -> int:
        """How many of the targets could not be opened at all (each an `io_error` finding)."""
        return self._finished().unopened

    def close(self) -> None:
        """Stop the check where it is, closing what it opened."""
        self._found.close()

    def _finished(self) -> Outcome:
        if self._outcome is None:
            for _ in self:
                pass
        assert self._outcome is not None
        return self._outcome


def check_run(
    targets: Sequence[str],
    options: CheckOptions,
    *,
    progress: Progress | None = None,
    show_diff: Callable[[str], object] | None = None,
    diff: bool = False,
    part: str | None = None,
) -> CheckRun:
    """The check of `targets`, not yet started; raises `PluginError` for a plugin that cannot be loaded.

    The check raises `UsageError` for a target nothing installed can open,
    when it is first iterated.
    """
    return CheckRun(
        findings(targets, checking_options(options, diff=diff), progress, show_diff, part=part),
        options,
    )


@dataclasses.dataclass(frozen=True)
class StoreCheck:
    """One store of a catalog: its target as the catalog gives it, what was found in it, in order, and its summary."""

    target: str
    findings: tuple[Finding, ...]
    summary: Summary

    @property
    def valid(self) -> bool:
        """Whether the store has no problem and everything in it was seen."""
        return self.summary.valid


def check_store(
    target: str,
    options: CheckOptions,
    checking: Options | None = None,
    *,
    part: str | None = None,
    opener: Opener = open_target,
    nodes: list[StoreNodes] | None = None,
) -> StoreCheck:
    """The check of one store (or one part of it), whatever happens: a store that cannot be checked is one `io_error` at its target.

    `checking` is `options` as the checker runs with them, when the caller has them already.
    A part's nodes, as conventions see them, are added to `nodes` when the part was checked.
    """
    try:
        checking = checking or checking_options(options)
    except PluginError as error:
        return unchecked(target, str(error))
    run = CheckRun(findings([target], checking, part=part, opener=opener), options)
    try:
        found = tuple(run)
        check = StoreCheck(target, found, run.summary)
        gathered = run.outcome.nodes
        if nodes is not None and gathered is not None:
            nodes.append(gathered)
        return check
    except UsageError as error:
        return unchecked(target, str(error))
    except Exception as error:  # a store must be reported, whatever checking it raised
        return unchecked(target, f"checking {target} failed: {type(error).__name__}: {error}")


def unchecked(target: str, why: str) -> StoreCheck:
    """A store that could not be checked: one `io_error` at its target, saying why."""
    return StoreCheck(target, (io_error(target, why),), Summary(problems=1))


@dataclasses.dataclass
class Stop:
    """How a catalog's check ended: whether it was interrupted (Ctrl-C), and how many of its stores it did not report then."""

    interrupted: bool = False
    left: int = 0


def entry_check(entry: Finding) -> StoreCheck:
    """A catalog entry that names no store, reported as the finding that says so."""
    return StoreCheck(entry.path, (entry,), Summary(problems=1))


def stores_here(
    entries: Iterable[str | Finding], options: CheckOptions, stop: Stop
) -> Generator[StoreCheck, None, None]:
    """Each store of `entries` checked in this process, one after the other, in order; on Ctrl-C, `stop` says how many were left."""
    checking = checking_options(options)
    rest = iter(entries)
    busy = False
    try:
        for entry in rest:
            busy = True
            store = (
                entry_check(entry)
                if isinstance(entry, Finding)
                else check_store(entry, options, checking)
            )
            busy = False
            yield store
    except KeyboardInterrupt:
        stop.interrupted = True
        # The store being checked when interrupted is left; one being reported, or the catalog being read, is not one.
        stop.left = busy + sum(1 for _ in rest)


class CatalogRun:
    """The stores of a catalog, each checked, in catalog order, each as soon as it is in; then `summary`, the catalog's.

    Iterate it once. `summary` counts every store's findings and the stores
    (`stores`); read before the stores are, it checks the rest first. On
    Ctrl-C the check stops (the cluster's tasks are cancelled), the stores
    already checked are still given, and then `interrupted` is true and the
    summary counts the stores not checked (`stores_not_checked`).
    """

    def __init__(self, stores: Generator[StoreCheck, None, None], stop: Stop) -> None:
        self._stores = stores
        self._stop = stop
        self._summary = Summary()
        self._done = False

    def __iter__(self) -> Iterator[StoreCheck]:
        for store in self._stores:
            self._summary += dataclasses.replace(store.summary, stores=1)
            yield store
        self._done = True

    def interrupt(self) -> Iterator[StoreCheck]:
        """Stop the check, as Ctrl-C does (for a `KeyboardInterrupt` raised outside the iteration), and give the stores checked but not yet given."""
        try:
            store = self._stores.throw(KeyboardInterrupt())
        except (StopIteration, KeyboardInterrupt):
            self._done = True
            return
        self._summary += dataclasses.replace(store.summary, stores=1)
        yield store
        yield from self

    @property
    def interrupted(self) -> bool:
        """Whether the check was stopped by Ctrl-C before every store was checked."""
        return self._stop.interrupted

    @property
    def summary(self) -> Summary:
        """What the stores reported so far hold, counted, with the stores not checked when the check was interrupted."""
        if not self._done:
            for _ in self:
                pass
        return dataclasses.replace(self._summary, stores_not_checked=self._stop.left)
