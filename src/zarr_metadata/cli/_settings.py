"""The settings of one run of `zarr-metadata check`, whichever of the command line, a config file and the defaults gave each."""

from __future__ import annotations

import dataclasses
from typing import Literal, TypeAlias, get_args

from zarr_metadata.cli._report import Format

Context: TypeAlias = Literal["core", "extensions", "known"]
CONTEXTS: tuple[Context, ...] = get_args(Context)


@dataclasses.dataclass(frozen=True)
class Settings:
    """Every option of `check` but the targets and where the settings come from, each at its default until something sets it.

    A config file names each field with hyphens for underscores (`exit-zero`).
    `jobs`, `timeout` and `max_document_size` are None when nothing sets
    them, which leaves the checker's own defaults. `stdin_filename` is given
    on the command line only: it says what one run's standard input holds.
    """

    context: Context = "known"
    strict: bool = False
    allow: tuple[str, ...] = ()
    definitions: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    format: Format = "text"
    jobs: int | None = None
    timeout: float | None = None
    quiet: bool = False
    exit_zero: bool = False
    statistics: bool = False
    repair: bool = False
    write: bool = False
    diff: bool = False
    backup_dir: str | None = None
    max_document_size: int | None = None
    follow_external_links: bool = False
    stdin_filename: str | None = None
    conventions: str = "auto"


FIELDS = frozenset(field.name for field in dataclasses.fields(Settings))
COMMAND_LINE_ONLY = frozenset({"stdin_filename"})
"""Settings that say what one run reads, which no config file sets."""
