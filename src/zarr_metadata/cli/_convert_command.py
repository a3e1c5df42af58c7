"""The `convert` subcommand: its arguments, its report and its exit status."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any, TextIO

from zarr_metadata.cli._check import Options
from zarr_metadata.cli._findings import Finding
from zarr_metadata.cli._options import scopes_of
from zarr_metadata.cli._progress import progress_line
from zarr_metadata.cli._report import text_line
from zarr_metadata.cli._settings import CONTEXTS

if TYPE_CHECKING:
    from zarr_metadata.cli._convert import ConvertOutcome

EXIT_VALID, EXIT_PROBLEMS, EXIT_USAGE = 0, 1, 2


def add_convert_command(commands: Any) -> None:
    """Add `convert` to the subcommands of the command."""
    convert = commands.add_parser(
        "convert",
        help="write the Zarr v3 metadata of every Zarr v2 node of a store, so it reads the same chunks",
        description=(
            "Convert each Zarr v2 node (.zarray or .zgroup, with its .zattrs) and each .zmetadata of each store to "
            "the zarr.json that makes a Zarr v3 reader read the same chunks. A store is converted whole or not at "
            "all; the v2 files stay unless --remove-v2."
        ),
        epilog=(
            "Exit status: 0 when every store was converted, 1 when a node could not be (nothing of its store is "
            "written), 2 on a usage error or when no target can be opened."
        ),
    )
    convert.add_argument(
        "paths", nargs="+", metavar="TARGET", help="a directory, a .zip store or a URL"
    )
    convert.add_argument(
        "--context",
        choices=CONTEXTS,
        default="known",
        help="the Zarr v3 scope the documents must be valid in (default: known)",
    )
    convert.add_argument(
        "--output",
        metavar="DIR",
        help="write the v3 metadata into DIR, as the store's keys, instead of beside the v2 files",
    )
    what = convert.add_mutually_exclusive_group()
    what.add_argument(
        "--dry-run", action="store_true", help="print each document instead of writing it"
    )
    what.add_argument(
        "--diff",
        action="store_true",
        help="print each document as a diff that creates it (git apply takes it)",
    )
    convert.add_argument(
        "--remove-v2",
        action="store_true",
        help="remove the v2 metadata files once every zarr.json of the store is written",
    )
    convert.add_argument(
        "--overwrite",
        action="store_true",
        help="convert a store that already holds zarr.json files, replacing them",
    )
    convert.add_argument(
        "--jobs",
        "-j",
        type=int,
        default=16,
        metavar="N",
        help="how many requests a remote store serves at once",
    )
    convert.add_argument(
        "--timeout",
        type=float,
        default=30.0,
        metavar="SECONDS",
        help="how long a request to a remote store may take",
    )
    convert.add_argument(
        "--quiet",
        "-q",
        action="store_true",
        help="print the findings only: no summary and no progress",
    )


def run_convert(arguments: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    """Convert what `arguments` name, in the scopes of their context, and return the exit status."""
    # Imported when the subcommand runs: see "What a run imports" in docs/how-it-works/cli.md.
    from zarr_metadata.cli._convert import ConvertOptions, convert_stores

    if arguments.remove_v2 and (
        arguments.output is not None or arguments.dry_run or arguments.diff
    ):
        print(
            "zarr-metadata: --remove-v2 removes the files it converted, so it needs the documents written beside them",
            file=sys.stderr,
        )
        return EXIT_USAGE
    v3, v2 = scopes_of(arguments.context)
    check = Options(v3, context_v2=v2, jobs=max(1, arguments.jobs), timeout=arguments.timeout)
    options = ConvertOptions(
        check,
        output=arguments.output,
        dry_run=arguments.dry_run,
        diff=arguments.diff,
        remove_v2=arguments.remove_v2,
        overwrite=arguments.overwrite,
    )
    progress = progress_line(sys.stderr, quiet=arguments.quiet, doing="converting", counted="nodes")
    findings = sys.stderr if (arguments.dry_run or arguments.diff) else out

    def emit(finding: Finding) -> None:
        if progress is not None:
            progress.hide()
        findings.write(text_line(finding) + "\n")

    try:
        outcome = convert_stores(arguments.paths, options, emit, out.write, progress)
    finally:
        if progress is not None:
            progress.hide()
    if not arguments.quiet:
        findings.write(_summary(outcome, written=not (arguments.dry_run or arguments.diff)) + "\n")
    if outcome.unopened and not outcome.opened:
        return EXIT_USAGE
    return EXIT_PROBLEMS if outcome.problems else EXIT_VALID


def _summary(outcome: ConvertOutcome, *, written: bool) -> str:
    nodes = f"{outcome.nodes:,} node{'s' * (outcome.nodes != 1)} converted"
    problems = f"{outcome.problems:,} problem{'s' * (outcome.problems != 1)}"
    if not written:
        return f"{nodes} (nothing written), {problems}"
    return f"{nodes}, {outcome.written:,} zarr.json written, {problems}"
