"""`zarr-metadata check --catalog FILE` and `check_catalog`: each store of a catalog reported once, with its own summary."""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import subprocess
import sys
import time
from contextlib import redirect_stdout
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _catalog_stores import small_store, write_files
from zarr_metadata.checker import CheckOptions, Summary, check, check_catalog
from zarr_metadata.cli._catalog import read_catalog
from zarr_metadata.cli._main import main

REPO = Path(__file__).resolve().parent.parent


def _run(*arguments: str) -> tuple[int, list[str]]:
    out = io.StringIO()
    with redirect_stdout(out):
        status = main(["check", "--isolated", *arguments])
    return status, out.getvalue().splitlines()


@pytest.fixture
def stores(tmp_path: Path) -> list[str]:
    return [
        str(write_files(tmp_path / f"s{number}.zarr", small_store(number))) for number in range(4)
    ]


def test_a_catalog_file_names_a_store_a_line_each_reported_once_with_its_summary(
    tmp_path: Path, stores: list[str]
) -> None:
    missing = str(tmp_path / "missing.zarr")
    catalog = tmp_path / "catalog.txt"
    catalog.write_text(
        f"# the lab's stores\n{stores[0]}\n\n  {stores[1]}  \n{missing}\n# done\n{stores[3]}\n",
        encoding="utf-8",
    )
    status, lines = _run("--catalog", str(catalog))
    assert status == 1
    summaries = [
        line for line in lines if line.startswith(tuple(f"{name}: " for name in [*stores, missing]))
    ]
    assert [line.partition(": ")[0] for line in summaries] == [
        stores[0],
        stores[1],
        missing,
        stores[3],
    ]
    assert f"{missing}: 0 documents, 1 problem, 0 warnings" in summaries
    assert f"{missing}:1:1: / io_error: cannot read {missing}: No such file or directory" in lines
    # Each store's findings come before its summary line, and are those of checking it alone.
    alone = [finding for finding in check(stores[0])]
    first = lines.index(summaries[0])
    assert len(alone) == first
    assert lines[-1].startswith("4 stores, ")


def test_a_csv_catalog_gives_its_stores_in_one_column(tmp_path: Path, stores: list[str]) -> None:
    catalog = tmp_path / "catalog.csv"
    rows = [
        "activity_id,zstore,version",
        *(f"CMIP,{store},1" for store in stores[:2]),
        "CMIP,,2",
        f'"quoted, yes","{stores[2]}",3',
    ]
    catalog.write_text("\n".join(rows) + "\n", encoding="utf-8")
    status, lines = _run(
        "--catalog", str(catalog), "--catalog-column", "zstore", "--format", "json"
    )
    found = [json.loads(line) for line in lines]
    assert status == 1
    assert [item["store"] for item in found if "store" in item] == [
        stores[0],
        stores[1],
        str(catalog),
        stores[2],
    ]
    empty = next(item for item in found if item.get("path") == str(catalog))
    assert (empty["line"], empty["kind"]) == (4, "io_error")
    assert 'no target in its column "zstore"' in empty["message"]
    assert found[-1]["summary"]["stores"] == 4


def test_a_catalog_that_cannot_be_read_or_lacks_the_column_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", "--isolated", "--catalog", str(tmp_path / "nope.txt")]) == 2
    assert "cannot read the catalog" in capsys.readouterr().err
    catalog = tmp_path / "catalog.csv"
    catalog.write_text("a,b\n1,2\n", encoding="utf-8")
    assert (
        main(["check", "--isolated", "--catalog", str(catalog), "--catalog-column", "zstore"]) == 2
    )
    assert 'has no column "zstore" (its header names "a", "b")' in capsys.readouterr().err
    assert main(["check", "--isolated", "--catalog-column", "zstore", "x"]) == 2
    assert "--catalog-column needs --catalog" in capsys.readouterr().err
    assert main(["check", "--isolated", "--catalog", str(catalog), "--repair", "--diff"]) == 2
    assert "--diff" in capsys.readouterr().err


def test_a_catalog_of_valid_stores_exits_0_and_quiet_prints_nothing(tmp_path: Path) -> None:
    catalog = tmp_path / "catalog.txt"
    catalog.write_text(
        f"{REPO / 'examples' / 'valid'}\n{REPO / 'examples' / 'valid_v2'}\n", encoding="utf-8"
    )
    assert _run("--catalog", str(catalog)) == (
        0,
        [
            f"{REPO / 'examples' / 'valid'}: 3 documents, 0 problems, 0 warnings",
            f"{REPO / 'examples' / 'valid_v2'}: 7 documents, 0 problems, 0 warnings",
            "2 stores, 10 documents, 0 problems, 0 warnings",
        ],
    )
    assert _run("--catalog", str(catalog), "--quiet") == (0, [])


def test_check_catalog_gives_each_store_in_order_and_the_catalogs_summary(
    stores: list[str],
) -> None:
    run = check_catalog(iter(stores), options=CheckOptions(ignore=("invalid_json",)))
    checked = list(run)
    assert [store.target for store in checked] == stores
    for store in checked:
        alone = check(store.target, options=CheckOptions(ignore=("invalid_json",)))
        assert list(store.findings) == list(alone)
        assert store.summary == alone.summary
    assert run.summary.stores == 4
    assert run.summary.documents == sum(store.summary.documents for store in checked)
    assert not run.interrupted


def test_an_interrupted_catalog_gives_what_was_checked_and_counts_what_was_not(
    stores: list[str],
) -> None:
    run = check_catalog(stores)
    stores_seen = iter(run)
    first = next(stores_seen)
    # Ctrl-C while the first store is reported: the rest is not checked.
    assert list(run.interrupt()) == []
    assert run.interrupted
    assert first.target == stores[0]
    assert run.summary == Summary(stores=1, stores_not_checked=3) + first.summary


def test_blank_lines_and_comments_are_skipped(tmp_path: Path) -> None:
    catalog = tmp_path / "catalog.txt"
    catalog.write_text(
        "\n# a comment\n  s3://bucket/a.zarr\n\t\n#s3://bucket/b.zarr\ngs://bucket/c.zarr",
        encoding="utf-8",
    )
    assert list(read_catalog(str(catalog))) == ["s3://bucket/a.zarr", "gs://bucket/c.zarr"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs a named pipe")
def test_ctrl_c_prints_the_stores_checked_and_exits_130(tmp_path: Path, stores: list[str]) -> None:
    # The catalog is a pipe, so the run is waiting for its next line when it is interrupted.
    catalog = tmp_path / "catalog.txt"
    os.mkfifo(catalog)
    command = [
        sys.executable,
        "-m",
        "zarr_metadata",
        "check",
        "--isolated",
        "--catalog",
        str(catalog),
    ]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    writing = open(catalog, "w", encoding="utf-8")  # noqa: SIM115 - closed below, where the run may have stopped reading it
    writing.write(f"{stores[1]}\n{stores[2]}\n")
    writing.flush()
    assert process.stdout is not None
    seen = [process.stdout.readline() for _ in range(2)]
    while not seen[-1].startswith(f"{stores[2]}: "):
        seen.append(process.stdout.readline())
    process.send_signal(signal.SIGINT)
    time.sleep(0.2)
    with contextlib.suppress(BrokenPipeError):
        writing.write(f"{stores[0]}\n{stores[3]}\n")
        writing.close()
    out, _ = process.communicate(timeout=60)
    assert process.returncode == 130
    lines = [line.rstrip("\n") for line in [*seen, *out.splitlines(keepends=True)]]
    summaries = [
        line.partition(": ")[0]
        for line in lines
        if line.startswith(tuple(f"{store}: " for store in stores))
    ]
    assert summaries == stores[1:3]
    assert lines[-1].startswith("2 stores, ")
