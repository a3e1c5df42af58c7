"""How a check is run, as one immutable value a caller builds and a cluster's workers receive: `CheckOptions`."""

from __future__ import annotations

import dataclasses
import functools

from zarr_metadata.cli._bounded_read import DEFAULT_MAX_DOCUMENT_SIZE
from zarr_metadata.cli._check import Options
from zarr_metadata.cli._conventions import (
    AUTO,
    ConventionChoice,
    UnknownConvention,
    conventions_named,
)
from zarr_metadata.cli._kinds import Selection, known_kind
from zarr_metadata.cli._plugins import PluggedScopes, with_plugins
from zarr_metadata.cli._settings import CONTEXTS, Context
from zarr_metadata.v2.definition import CORE_V2, ZarrV2Context
from zarr_metadata.v3.definition import CORE, CORE_AND_EXTENSIONS, ZarrV3Context


def scopes_of(context: Context) -> tuple[ZarrV3Context, ZarrV2Context]:
    """The scopes a check in `context` reads in: its v3 scope and its v2 scope."""
    if context == "core":
        return CORE, CORE_V2
    if context == "extensions":
        return CORE_AND_EXTENSIONS, CORE_V2
    # The known scopes hold every definition the package has: imported for a run that reads in them.
    from zarr_metadata.v2._scopes import KNOWN_V2
    from zarr_metadata.v3._known import KNOWN

    return KNOWN, KNOWN_V2


@dataclasses.dataclass(frozen=True)
class CheckOptions:
    """How to check, as `zarr-metadata check`'s options say it: every field plain data, so the options travel to a cluster's workers.

    `context` names the scope (`core`, `extensions` or `known`) and
    `definitions` adds plugins to it (`module:attribute`, loaded where the
    check runs); `allow` names private extensions to accept unchecked;
    `select` and `ignore` choose the kinds of finding reported; `exclude`
    leaves out the keys or paths its globs match; `jobs`, `timeout` and
    `max_document_size` bound the reading of remote stores; `repair` undoes
    known writer bugs before reading (and reports each), and `write` also
    writes each repaired document that then has no problem back, keeping its
    original beside it or under `backup_dir`; `conventions` chooses the
    conventions each store is judged by once it is read. Raises `ValueError`
    for a kind no finding has, `write` without `repair`, or a `conventions`
    setting that is not `auto`, `none` or names separated by commas.
    """

    context: Context = "known"
    definitions: tuple[str, ...] = ()
    allow: tuple[str, ...] = ()
    strict: bool = False
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    jobs: int = 16
    timeout: float = 30.0
    max_document_size: int = DEFAULT_MAX_DOCUMENT_SIZE
    follow_external_links: bool = False
    repair: bool = False
    write: bool = False
    backup_dir: str | None = None
    stdin_filename: str | None = None
    """Which metadata file standard input (the target `-`) holds; judged from what it holds when None."""
    conventions: str = AUTO
    """The conventions each store is judged by: `auto` (every one in scope that a node follows), `none`, or names separated by commas (`xarray,ome-zarr-0.5`)."""

    def __post_init__(self) -> None:
        if self.context not in CONTEXTS:
            raise ValueError(f"context is one of {', '.join(CONTEXTS)}, got {self.context!r}")
        conventions_named(self.conventions)
        for kind in (*self.select, *self.ignore):
            known_kind(kind)
        if self.write and not self.repair:
            raise ValueError("write needs repair")
        if self.backup_dir is not None and not self.write:
            raise ValueError("backup_dir needs write")

    @property
    def selection(self) -> Selection:
        """The kinds of finding reported."""
        return Selection(frozenset(self.select), frozenset(self.ignore))


def checking_options(options: CheckOptions, *, diff: bool = False) -> Options:
    """What the checker runs with: the scopes with their plugins loaded, the rest as given; `diff` shows repairs rather than writing them.

    Raises `PluginError` for a plugin that cannot be loaded or conflicts with the scope,
    and `UnknownConvention` for a convention no definition in scope has.
    """
    v3, v2, added = _scopes(options.context, options.definitions)
    names = conventions_named(options.conventions)
    conventions = None if names is None else ConventionChoice(names, added)
    if conventions is not None and names:
        try:
            conventions.scope  # noqa: B018  (a name the scope does not hold is a usage error before anything is read)
        except ValueError as unknown:
            raise UnknownConvention(str(unknown)) from None
    return Options(
        v3,
        strict=options.strict,
        repair=options.repair,
        context_v2=v2,
        allow=frozenset(options.allow),
        exclude=options.exclude,
        jobs=options.jobs,
        timeout=options.timeout,
        write=options.write,
        diff=diff,
        backup_dir=options.backup_dir,
        max_document_size=options.max_document_size,
        follow_external_links=options.follow_external_links,
        stdin_filename=options.stdin_filename,
        conventions=conventions,
    )


@functools.lru_cache(maxsize=8)
def _scopes(context: Context, definitions: tuple[str, ...]) -> PluggedScopes:
    # Loaded once a process: a cluster's worker checks many tasks with the same options.
    return with_plugins(*scopes_of(context), definitions)
