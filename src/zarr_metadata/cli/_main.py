"""The `zarr-metadata` command: its arguments, its settings, its output and its exit status."""

from __future__ import annotations

import argparse
import dataclasses
import io
import math
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn, TextIO, cast

from zarr_metadata import __version__
from zarr_metadata.cli._bounded_read import byte_size
from zarr_metadata.cli._catalog import CatalogError
from zarr_metadata.cli._config import Config, ConfigError, find_config, read_config
from zarr_metadata.cli._conventions import UnknownConvention
from zarr_metadata.cli._convert_command import add_convert_command, run_convert
from zarr_metadata.cli._kinds import UnknownKind, known_kind
from zarr_metadata.cli._library import check_run
from zarr_metadata.cli._open import UsageError as TargetUsageError
from zarr_metadata.cli._options import CheckOptions, checking_options
from zarr_metadata.cli._plugins import PluginError
from zarr_metadata.cli._progress import progress_line
from zarr_metadata.cli._report import FORMATS, Report, report_in
from zarr_metadata.cli._schema import add_schema_command, print_schema
from zarr_metadata.cli._settings import CONTEXTS, FIELDS, Settings
from zarr_metadata.cli._statistics import Statistics

PROG = "zarr-metadata"

EXIT_VALID, EXIT_PROBLEMS, EXIT_USAGE = 0, 1, 2


class UsageError(Exception):
    """Arguments or settings the command cannot run with."""


class _Parser(argparse.ArgumentParser):
    # argparse prints the whole usage and exits; the command says what is wrong in one line instead.
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see {PROG} --help)")


def parser() -> argparse.ArgumentParser:
    """The command's argument parser.

    Every option of `check` defaults to None, meaning "not given", so that a
    config file can set what the command line leaves out.
    """
    top = _Parser(prog=PROG, description="Check Zarr v3 and v2 metadata documents and stores.")
    top.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND")
    check = commands.add_parser(
        "check",
        help="check metadata files, and every metadata file in directories and stores",
        description=(
            "Check each metadata file (zarr.json, .zarray, .zgroup, .zattrs, .zmetadata), and every one in each "
            "directory, .zip store or URL, and report every problem. The files of a v2 node are read together."
        ),
        epilog=(
            "Settings not given here come from the nearest zarr-metadata.toml, or pyproject.toml with a "
            "[tool.zarr-metadata] table, in the current directory or above. Exit status: 0 when every document is "
            "valid (or with --exit-zero), 1 when any has a problem, 2 on a usage error or when no target can be opened."
        ),
    )
    check.add_argument(
        "paths",
        nargs="*",
        metavar="TARGET",
        help="a metadata file, a directory, a .zip store, a URL, or - for standard input",
    )
    _scope_arguments(check)
    _output_arguments(check)
    _store_arguments(check)
    _repair_arguments(check)
    _catalog_arguments(check)
    _config_arguments(check)
    add_schema_command(commands)
    add_convert_command(commands)
    return top


def _scope_arguments(check: argparse.ArgumentParser) -> None:
    check.add_argument(
        "--context",
        choices=CONTEXTS,
        help=(
            "the scope: the core spec only (v2: CORE_V2), with the zarr-extensions of CORE_AND_EXTENSIONS (v2: CORE_V2), "
            "or every name this package knows (KNOWN and KNOWN_V2, the default)"
        ),
    )
    check.add_argument(
        "--strict",
        action=argparse.BooleanOptionalAction,
        help="report warnings (such as a node consolidated metadata leaves out) as errors",
    )
    check.add_argument(
        "--allow",
        action="append",
        metavar="NAME",
        help="accept NAME, a private extension (data type, codec, ... or top-level member), without checking it; repeatable",
    )
    check.add_argument(
        "--conventions",
        metavar="auto|none|NAME,...",
        help=(
            "judge the attributes of each store by the conventions its nodes follow: every one in scope (auto, the default), "
            "none, or those named (xarray, ome-ngff-0.4, ome-zarr-0.5, zarr-conventions, multiscales, spatial, or a part: ome-ngff-0.4/plate)"
        ),
    )
    check.add_argument(
        "--definitions",
        action="append",
        metavar="MODULE:ATTRIBUTE",
        help="add the definitions (a scope, or a list of definitions) MODULE:ATTRIBUTE names to the scope; repeatable",
    )


def _output_arguments(check: argparse.ArgumentParser) -> None:
    check.add_argument(
        "--format",
        choices=FORMATS,
        help="a line of text per finding (the default), a JSON object per line, GitHub Actions workflow commands, or one SARIF 2.1.0 log",
    )
    check.add_argument(
        "--quiet",
        "-q",
        action=argparse.BooleanOptionalAction,
        help="print the findings only: no summary and no progress",
    )
    check.add_argument(
        "--exit-zero",
        action=argparse.BooleanOptionalAction,
        help="exit 0 even when there are problems (still 2 when no target can be opened)",
    )
    check.add_argument(
        "--statistics",
        action=argparse.BooleanOptionalAction,
        help="after the findings, count them by kind and by pointer pattern",
    )
    check.add_argument(
        "--select",
        action="append",
        metavar="KIND",
        help="report only findings of KIND (such as invalid_value or repairable); repeatable; default: every kind",
    )
    check.add_argument(
        "--ignore",
        action="append",
        metavar="KIND",
        help="report no finding of KIND (such as repairable or unlisted); repeatable",
    )


def _store_arguments(check: argparse.ArgumentParser) -> None:
    check.add_argument(
        "--exclude",
        action="append",
        metavar="GLOB",
        help="leave out the keys or paths GLOB matches (fnmatch); repeatable",
    )
    check.add_argument(
        "--jobs",
        "-j",
        type=_count,
        metavar="N",
        help="how many requests a remote store serves at once (default: 16)",
    )
    check.add_argument(
        "--timeout",
        type=_seconds,
        metavar="SECONDS",
        help="how long a request to a remote store may take (default: 30)",
    )
    check.add_argument(
        "--max-document-size",
        type=_size,
        metavar="SIZE",
        help="the most a metadata document may hold, in bytes or with a unit (64MiB, 1GB); a larger one is not read (default: 256MiB)",
    )
    check.add_argument(
        "--follow-external-links",
        action=argparse.BooleanOptionalAction,
        help="read a document that links to a file outside its store, rather than report the link",
    )
    check.add_argument(
        "--stdin-filename",
        metavar="NAME",
        help="the metadata file standard input (-) holds, such as .zattrs or a/.zarray: how it is judged and shown",
    )


def _repair_arguments(check: argparse.ArgumentParser) -> None:
    check.add_argument(
        "--repair",
        action=argparse.BooleanOptionalAction,
        help="undo known writer bugs before reading, and report each",
    )
    check.add_argument(
        "--write",
        action=argparse.BooleanOptionalAction,
        help="with --repair: write back each repaired document that then has no problem, keeping its original",
    )
    check.add_argument(
        "--diff",
        action=argparse.BooleanOptionalAction,
        help="with --repair: print a unified diff of each repaired document instead",
    )
    check.add_argument(
        "--backup-dir",
        metavar="DIR",
        help="with --write: keep the originals under DIR rather than beside each document (NAME.orig)",
    )


def _catalog_arguments(check: argparse.ArgumentParser) -> None:
    check.add_argument(
        "--catalog",
        metavar="FILE",
        help="check each store FILE names, one a line (blank lines and # comments skipped), each with its own summary",
    )
    check.add_argument(
        "--catalog-column",
        metavar="NAME",
        help="with --catalog: FILE is CSV, with the stores in the column NAME",
    )
    check.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="check the stores on the Dask cluster whose scheduler is at ADDRESS, or on local:N worker processes started here (the dask extra)",
    )


def _config_arguments(check: argparse.ArgumentParser) -> None:
    check.add_argument(
        "--config",
        metavar="PATH",
        help="read the settings from this TOML file rather than the nearest one",
    )
    check.add_argument("--isolated", action="store_true", help="read no config file")


def _count(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        number = 0
    if number < 1:
        raise argparse.ArgumentTypeError(f"expected an integer >= 1, got {text!r}")
    return number


def _size(text: str) -> int:
    size = byte_size(text)
    if size is None:
        raise argparse.ArgumentTypeError(
            f"expected a size in bytes >= 1, such as 1048576, 64MiB or 1GB, got {text!r}"
        )
    return size


def _seconds(text: str) -> float:
    try:
        number = float(text)
    except ValueError:
        number = math.nan
    if not (math.isfinite(number) and number > 0):
        raise argparse.ArgumentTypeError(f"expected a number of seconds > 0, got {text!r}")
    return number


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command with `argv` (default: the process's arguments) and return its exit status."""
    _tolerant(sys.stdout)
    _tolerant(sys.stderr)
    try:
        arguments = parser().parse_args(argv)
        if arguments.command == "schema":
            return print_schema(arguments, sys.stdout)
        if arguments.command == "convert":
            return run_convert(arguments)
        settings = _settings(arguments)
        _targets_given(arguments, settings)
        options = _options(settings)
        checking_options(
            options
        )  # a plugin that cannot be loaded is a usage error before anything is read
    except (UsageError, ConfigError, PluginError, CatalogError, UnknownConvention) as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return EXIT_USAGE
    except SystemExit as done:
        # --help and --version print and exit; as a function, return their status instead.
        return done.code if isinstance(done.code, int) else EXIT_USAGE
    try:
        if arguments.catalog is not None or arguments.dask is not None:
            # What few runs use is imported when used: see "What a run imports" in docs/how-it-works/cli.md.
            from zarr_metadata.cli._catalog_command import check_catalog_command

            status = check_catalog_command(
                arguments, options, settings, report_of(settings, sys.stdout)
            )
        else:
            status = _check(arguments.paths, options, settings)
        sys.stdout.flush()
    except (TargetUsageError, CatalogError) as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        # The reader went away (`| head`): stop quietly, and keep Python from failing
        # again when it flushes standard output at exit. The report is cut short, so
        # the status cannot say the documents are valid.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_PROBLEMS
    except KeyboardInterrupt:
        return 130
    return status


def _settings(arguments: argparse.Namespace) -> Settings:
    """The settings of the run: each from the command line when given there, else from the config file, else its default."""
    config = _config(arguments)
    given: dict[str, Any] = {}
    for name in FIELDS:
        value = getattr(arguments, name)
        if value is not None:
            given[name] = tuple(cast("list[str]", value)) if isinstance(value, list) else value
    settings = dataclasses.replace(Settings(), **{**(config.values if config else {}), **given})
    _check_together(settings)
    return settings


def _config(arguments: argparse.Namespace) -> Config | None:
    if arguments.isolated:
        if arguments.config is not None:
            raise UsageError("--config and --isolated exclude each other")
        return None
    if arguments.config is not None:
        return read_config(arguments.config, arguments.config)
    try:
        found = find_config(os.getcwd())
    except OSError:  # the current directory is gone
        return None
    return None if found is None else read_config(found, os.path.relpath(found))


def _check_together(settings: Settings) -> None:
    """Raise `UsageError` for settings that cannot go together."""
    if settings.write and settings.diff:
        raise UsageError("--write and --diff exclude each other")
    for name, on in (("--write", settings.write), ("--diff", settings.diff)):
        if on and not settings.repair:
            raise UsageError(f"{name} needs --repair")
    if settings.backup_dir is not None and not settings.write:
        raise UsageError("--backup-dir needs --write")
    for name in (*settings.select, *settings.ignore):
        try:
            known_kind(name)
        except UnknownKind as unknown:
            raise UsageError(str(unknown)) from None


def _targets_given(arguments: argparse.Namespace, settings: Settings) -> None:
    """Raise `UsageError` when nothing is named to check, or the catalog options do not go together."""
    catalog = arguments.catalog is not None
    if not arguments.paths and not catalog:
        raise UsageError(f"the following arguments are required: TARGET (see {PROG} --help)")
    if arguments.catalog_column is not None and not catalog:
        raise UsageError("--catalog-column needs --catalog")
    if (catalog or arguments.dask is not None) and settings.diff:
        raise UsageError(
            "--diff shows one run's patches, and cannot be used with --catalog or --dask"
        )


def _options(settings: Settings) -> CheckOptions:
    """How to check, from the settings: the scope and its plugins, and what to do with what is found."""
    limits: dict[str, Any] = {}
    if settings.jobs is not None:
        limits["jobs"] = settings.jobs
    if settings.timeout is not None:
        limits["timeout"] = settings.timeout
    if settings.max_document_size is not None:
        limits["max_document_size"] = settings.max_document_size
    return CheckOptions(
        context=settings.context,
        definitions=settings.definitions,
        allow=settings.allow,
        strict=settings.strict,
        select=settings.select,
        ignore=settings.ignore,
        exclude=settings.exclude,
        repair=settings.repair,
        write=settings.write,
        backup_dir=settings.backup_dir,
        follow_external_links=settings.follow_external_links,
        stdin_filename=settings.stdin_filename,
        conventions=settings.conventions,
        **limits,
    )


def report_of(settings: Settings, out: TextIO) -> Report:
    """The report the settings ask for, written to `out`."""
    return report_in(settings.format, out, quiet=settings.quiet, repairs=settings.repair)


def _check(names: Sequence[str], options: CheckOptions, settings: Settings) -> int:
    """Check every document `names` hold, report each finding and the end of the report, and return the exit status."""
    out = sys.stdout
    # Under --diff, standard output holds the patch alone, for `git apply`; the findings go to standard error.
    report = report_of(settings, sys.stderr if settings.diff else out)
    statistics = Statistics() if settings.statistics else None
    progress = progress_line(sys.stderr, quiet=settings.quiet)

    def show_diff(diff: str) -> None:
        if progress is not None:
            progress.hide()
        out.write(diff)
        out.flush()

    checking = check_run(names, options, progress=progress, show_diff=show_diff, diff=settings.diff)
    try:
        for finding in checking:
            if statistics is not None:
                statistics.count(finding)
            if progress is not None:
                progress.hide()
            report.finding(finding)
    finally:
        if progress is not None:
            progress.hide()
    summary = checking.summary
    report.end(summary, statistics)
    if checking.unopened and not checking.opened:
        return EXIT_USAGE
    if summary.problems and not settings.exit_zero:
        return EXIT_PROBLEMS
    return EXIT_VALID


def _tolerant(stream: object) -> None:
    """Make `stream` write characters its encoding lacks as escapes rather than fail on them."""
    if isinstance(stream, io.TextIOWrapper):
        stream.reconfigure(errors="backslashreplace")
