"""The `zarr-metadata` command: its arguments, its output and its exit status."""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from zarr_metadata import __version__
from zarr_metadata.cli._check import Options
from zarr_metadata.cli._findings import Finding
from zarr_metadata.cli._open import UsageError as TargetUsageError
from zarr_metadata.cli._plugins import PluginError, with_plugins
from zarr_metadata.cli._report import Tally, json_line, text_line
from zarr_metadata.cli._run import run
from zarr_metadata.v2 import KNOWN_V2
from zarr_metadata.v2.definition import CORE_V2
from zarr_metadata.v3 import KNOWN
from zarr_metadata.v3.definition import CORE, CORE_AND_EXTENSIONS

PROG = "zarr-metadata"

EXIT_VALID, EXIT_PROBLEMS, EXIT_USAGE = 0, 1, 2

_SCOPES = {"core": (CORE, CORE_V2), "extensions": (CORE_AND_EXTENSIONS, CORE_V2), "known": (KNOWN, KNOWN_V2)}
"""Each scope the command reads in: its v3 scope and its v2 scope."""


class UsageError(Exception):
    """Arguments the command cannot run with."""


class _Parser(argparse.ArgumentParser):
    # argparse prints the whole usage and exits; the command says what is wrong in one line instead.
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{PROG}: {message} (see {PROG} --help)")


def parser() -> argparse.ArgumentParser:
    """The command's argument parser."""
    top = _Parser(prog=PROG, description="Check Zarr v3 and v2 metadata documents and stores.")
    top.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND")
    check = commands.add_parser(
        "check",
        help="check metadata files, and every metadata file in directories",
        description=(
            "Check each metadata file (zarr.json, .zarray, .zgroup, .zattrs, .zmetadata), and every one under each "
            "directory, and report every problem. The files of a v2 node are read together."
        ),
        epilog="Exit status: 0 when every document is valid, 1 when any has a problem, 2 when a path cannot be read.",
    )
    check.add_argument("paths", nargs="+", metavar="PATH", help="a metadata file or a directory store")
    check.add_argument("--format", choices=("text", "json"), default="text", help="one line of text or of JSON per finding (default: text)")
    check.add_argument(
        "--context",
        choices=tuple(_SCOPES),
        default="known",
        help=(
            "the scope: the core spec only (v2: CORE_V2), with the zarr-extensions of CORE_AND_EXTENSIONS (v2: CORE_V2), "
            "or every name this package knows (KNOWN and KNOWN_V2, the default)"
        ),
    )
    check.add_argument("--strict", action="store_true", help="report warnings (such as a node consolidated metadata leaves out) as errors")
    check.add_argument(
        "--allow",
        action="append",
        default=[],
        metavar="NAME",
        help="accept NAME, a private extension (data type, codec, ... or top-level member), without checking it; repeatable",
    )
    check.add_argument(
        "--definitions",
        action="append",
        default=[],
        metavar="MODULE:ATTRIBUTE",
        help="add the definitions (a scope, or a list of definitions) MODULE:ATTRIBUTE names to the scope; repeatable",
    )
    check.add_argument("--repair", action="store_true", help="undo known writer bugs before reading, and report each (writes nothing)")
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command with `argv` (default: the process's arguments) and return its exit status."""
    _tolerant(sys.stdout)
    _tolerant(sys.stderr)
    try:
        arguments = parser().parse_args(argv)
    except UsageError as error:
        print(error, file=sys.stderr)
        return EXIT_USAGE
    except SystemExit as done:
        # --help and --version print and exit; as a function, return their status instead.
        return done.code if isinstance(done.code, int) else EXIT_USAGE
    v3, v2 = _SCOPES[arguments.context]
    try:
        v3, v2 = with_plugins(v3, v2, arguments.definitions)
    except PluginError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return EXIT_USAGE
    options = Options(v3, strict=arguments.strict, repair=arguments.repair, context_v2=v2, allow=frozenset(arguments.allow))
    write = json_line if arguments.format == "json" else text_line
    try:
        status = _check(arguments.paths, options, write, summary=arguments.format == "text")
        sys.stdout.flush()
    except TargetUsageError as error:
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


def _check(names: Sequence[str], options: Options, write: Callable[[Finding], str], *, summary: bool) -> int:
    """Check every document `names` hold, print each finding and the summary, and return the exit status."""
    tally = Tally()

    def emit(finding: Finding) -> None:
        tally.count(finding)
        print(write(finding))

    outcome = run(names, options, emit)
    tally.documents = outcome.documents
    if summary:
        print(tally.summary(repairs=options.repair))
    if outcome.unopened and not outcome.opened:
        return EXIT_USAGE
    return EXIT_PROBLEMS if tally.problems else EXIT_VALID


def _tolerant(stream: object) -> None:
    """Make `stream` write characters its encoding lacks as escapes rather than fail on them."""
    if isinstance(stream, io.TextIOWrapper):
        stream.reconfigure(errors="backslashreplace")
