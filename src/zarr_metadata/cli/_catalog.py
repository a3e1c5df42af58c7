"""A catalog of stores: a file that names one target a line, or a CSV file with the targets in one column."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import TextIO

from zarr_metadata.cli._findings import Finding, io_error


class CatalogError(Exception):
    """A catalog that cannot be read at all: missing, not text, or without the column named."""


def read_catalog(path: str, column: str | None = None) -> Iterator[str | Finding]:
    """Each target the catalog at `path` names, in order, read as it goes; an entry it cannot give is an `io_error` at its line.

    Without `column`, a line is a target, stripped of the spaces around
    it; blank lines and lines starting with `#` are skipped. With `column`,
    the file is CSV with a header row, and each row's cell in that column is
    a target; a row without one is an `io_error` at its line. Raises
    `CatalogError`, at once, for a file that cannot be opened or a CSV file
    without the column, and as it is read, for one that cannot be read.
    """
    try:
        lines = open(path, encoding="utf-8", newline="")  # noqa: SIM115 - closed by the generator that reads it
    except OSError as error:
        raise CatalogError(f"cannot read the catalog {path}: {error.strerror or error}") from None
    if column is None:
        return _lines(path, lines)
    import csv  # imported for a CSV catalog only: see "What a run imports" in docs/how-it-works/cli.md

    try:
        reader = csv.reader(lines)
        header = next(reader, None)
    except (OSError, UnicodeDecodeError, csv.Error) as error:
        lines.close()
        raise CatalogError(f"cannot read the catalog {path}: {error}") from None
    if header is None or column not in header:
        lines.close()
        named = ", ".join(f'"{name}"' for name in header or ())
        raise CatalogError(
            f'the catalog {path} has no column "{column}" (its header names {named or "nothing"})'
        )
    return _cells(path, lines, reader, header.index(column), column)


def _lines(path: str, lines: TextIO) -> Iterator[str]:
    with lines:
        try:
            for line in lines:
                target = line.strip()
                if target and not target.startswith("#"):
                    yield target
        except (OSError, UnicodeDecodeError) as error:
            raise CatalogError(f"cannot read the catalog {path}: {error}") from None


def _cells(
    path: str, lines: TextIO, reader: Iterator[list[str]], at: int, column: str
) -> Iterator[str | Finding]:
    import csv  # see read_catalog

    with lines:
        try:
            for row in reader:
                target = row[at].strip() if at < len(row) else ""
                if target:
                    yield target
                elif any(cell.strip() for cell in row):
                    yield _empty(path, getattr(reader, "line_num", 0), column)
        except (OSError, UnicodeDecodeError, csv.Error) as error:
            raise CatalogError(f"cannot read the catalog {path}: {error}") from None


def _empty(path: str, line: int, column: str) -> Finding:
    finding = io_error(path, f'this row of the catalog has no target in its column "{column}"')
    return dataclasses.replace(finding, line=line)


def catalog_size(path: str, column: str | None = None) -> int:
    """How many entries the catalog at `path` holds, read once ahead of the check (for its progress); raises `CatalogError` as `read_catalog`."""
    return sum(1 for _ in read_catalog(path, column))
