"""`--repair --write` on a store someone else wrote: nothing written outside it, and every file kept as its owner made it."""

from __future__ import annotations

import json
import os
import stat
import warnings
import zipfile
from pathlib import Path
from typing import Any

import pytest

from zarr_metadata.cli._check import Options
from zarr_metadata.cli._findings import Finding
from zarr_metadata.cli._run import run
from zarr_metadata.v3 import KNOWN

# zarr-python 2 wrote a bare NaN fill value: a repair cures it.
ZARRAY_TEXT = json.dumps(
    {
        "chunks": [2],
        "compressor": None,
        "dtype": "<f8",
        "fill_value": float("nan"),
        "filters": None,
        "order": "C",
        "shape": [4],
        "zarr_format": 2,
    },
    indent=4,
)
CURED = ZARRAY_TEXT.replace("NaN", '"NaN"')

posix = pytest.mark.skipif(os.name != "posix", reason="modes, owners and links as POSIX has them")


def repaired(target: Path, **options: Any) -> list[Finding]:
    found: list[Finding] = []
    run([str(target)], Options(KNOWN, repair=True, write=True, **options), found.append)
    return found


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def every_file(root: Path) -> set[Path]:
    return {path for path in root.rglob("*")}


def test_a_zip_member_whose_name_leaves_the_archive_is_never_written_nor_backed_up(
    tmp_path: Path,
) -> None:
    # Before: --backup-dir DIR wrote the original of "../../escaped/.zarray" to DIR/../../escaped/.zarray.
    archive = tmp_path / "work" / "data.zip"
    archive.parent.mkdir()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with zipfile.ZipFile(archive, "w") as zipped:
            zipped.writestr(".zgroup", '{"zarr_format": 2}')
            zipped.writestr("../../escaped/.zarray", ZARRAY_TEXT)
    before = archive.read_bytes()
    backups = tmp_path / "work" / "backups" / "deep"
    outside = every_file(tmp_path)
    found = repaired(archive, backup_dir=str(backups))
    refused = [finding for finding in found if finding.kind == "not_written"]
    assert len(refused) == 1
    assert refused[0].path.endswith("../../escaped/.zarray")
    assert "would leave its directory" in refused[0].message
    assert every_file(tmp_path) == outside  # no backup, anywhere
    assert archive.read_bytes() == before


@posix
def test_a_document_only_its_owner_reads_keeps_its_mode_and_so_does_its_backup(
    tmp_path: Path,
) -> None:
    # Before: the repaired document was 0644 and its backup world-readable.
    document = write(tmp_path / "a" / ".zarray", ZARRAY_TEXT)
    document.chmod(0o600)
    repaired(tmp_path)
    assert document.read_text() == CURED
    assert stat.S_IMODE(document.stat().st_mode) == 0o600
    assert stat.S_IMODE((tmp_path / "a" / ".zarray.orig").stat().st_mode) == 0o600


@posix
def test_a_backup_under_a_backup_directory_keeps_the_documents_mode(tmp_path: Path) -> None:
    document = write(tmp_path / "s" / "a" / ".zarray", ZARRAY_TEXT)
    document.chmod(0o640)
    repaired(tmp_path / "s", backup_dir=str(tmp_path / "b"))
    assert stat.S_IMODE((tmp_path / "b" / "a" / ".zarray").stat().st_mode) == 0o640
    assert stat.S_IMODE(document.stat().st_mode) == 0o640


@posix
@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0,
    reason="only root gives a file to another owner",
)
def test_a_document_keeps_its_owner(tmp_path: Path) -> None:
    document = write(tmp_path / "a" / ".zarray", ZARRAY_TEXT)
    os.chown(document, 1234, 5678)
    repaired(tmp_path)
    assert (document.stat().st_uid, document.stat().st_gid) == (1234, 5678)
    backup = (tmp_path / "a" / ".zarray.orig").stat()
    assert (backup.st_uid, backup.st_gid) == (1234, 5678)


@posix
def test_a_linked_document_stays_a_link_and_the_file_it_names_is_written(tmp_path: Path) -> None:
    # Before: the link was replaced by a regular file, and the file it named kept the bug.
    real = write(tmp_path / "s" / "shared" / "real.zarray", ZARRAY_TEXT)
    link = tmp_path / "s" / "a" / ".zarray"
    link.parent.mkdir(parents=True)
    link.symlink_to(os.path.relpath(real, link.parent))
    repaired(tmp_path / "s")
    assert link.is_symlink()
    assert real.read_text() == CURED
    assert (tmp_path / "s" / "a" / ".zarray.orig").read_text() == ZARRAY_TEXT


@posix
def test_a_linked_document_whose_file_is_outside_the_store_is_never_written(tmp_path: Path) -> None:
    outside = write(tmp_path / "elsewhere" / "passwd.zarray", ZARRAY_TEXT)
    link = tmp_path / "s" / "a" / ".zarray"
    link.parent.mkdir(parents=True)
    link.symlink_to(outside)
    found = repaired(tmp_path / "s")
    assert outside.read_text() == ZARRAY_TEXT
    assert link.is_symlink()
    written = [finding for finding in found if finding.severity == "error"]
    # Refused either when it is read (a link that leaves the store) or when it would be written.
    assert written, found
    assert not any("Traceback" in finding.message for finding in found)


def test_an_existing_backup_is_never_overwritten(tmp_path: Path) -> None:
    # Before: a second repair replaced zarr.json.orig, losing the first original.
    write(tmp_path / "a" / ".zarray", ZARRAY_TEXT)
    earlier = write(tmp_path / "a" / ".zarray.orig", "the first original\n")
    write(tmp_path / "a" / ".zarray.orig.1", "the second original\n")
    repaired(tmp_path)
    assert earlier.read_text() == "the first original\n"
    assert (tmp_path / "a" / ".zarray.orig.1").read_text() == "the second original\n"
    assert (tmp_path / "a" / ".zarray.orig.2").read_text() == ZARRAY_TEXT
    assert (tmp_path / "a" / ".zarray").read_text() == CURED


def test_an_existing_backup_under_a_backup_directory_is_never_overwritten(tmp_path: Path) -> None:
    write(tmp_path / "s" / "a" / ".zarray", ZARRAY_TEXT)
    write(tmp_path / "b" / "a" / ".zarray", "kept\n")
    repaired(tmp_path / "s", backup_dir=str(tmp_path / "b"))
    assert (tmp_path / "b" / "a" / ".zarray").read_text() == "kept\n"
    assert (tmp_path / "b" / "a" / ".zarray.1").read_text() == ZARRAY_TEXT


def test_an_existing_backup_in_a_zip_is_never_overwritten(tmp_path: Path) -> None:
    archive = tmp_path / "data.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.writestr(".zgroup", '{"zarr_format": 2}')
        zipped.writestr("a/.zarray", ZARRAY_TEXT)
        zipped.writestr("a/.zarray.orig", "kept")
    repaired(archive)
    with zipfile.ZipFile(archive) as zipped:
        assert zipped.read("a/.zarray.orig") == b"kept"
        assert zipped.read("a/.zarray.orig.1").decode() == ZARRAY_TEXT
        assert zipped.read("a/.zarray").decode() == CURED


def _dead_pid() -> int:
    pid = 4_000_000
    while True:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return pid
        except OSError:
            pass
        pid += 1


def test_a_temporary_file_a_killed_run_left_is_removed_by_the_next(tmp_path: Path) -> None:
    write(tmp_path / "a" / ".zarray", ZARRAY_TEXT)
    left = write(tmp_path / "a" / f"..zarray.{_dead_pid()}.tmp", ZARRAY_TEXT[:10])
    mine_too = write(
        tmp_path / "a" / f"..zarray.{os.getppid()}.tmp", "a live process's"
    )  # still running: kept
    repaired(tmp_path)
    assert not left.exists()
    assert mine_too.exists()
    assert (tmp_path / "a" / ".zarray").read_text() == CURED


def test_a_zip_rewrite_keeps_every_member_duplicates_and_directories_too(tmp_path: Path) -> None:
    # Before: a name written twice kept only its last member, and directory entries were dropped.
    archive = tmp_path / "data.zip"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # zipfile warns of the duplicate name
        with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as zipped:
            zipped.writestr("a/", b"")
            zipped.writestr(".zgroup", '{"zarr_format": 2}')
            zipped.writestr("a/.zarray", '{"an": "older copy"}')
            zipped.writestr("a/0", b"chunk")
            zipped.writestr("a/.zarray", ZARRAY_TEXT)
    repaired(archive)
    with zipfile.ZipFile(archive) as zipped:
        names = [info.filename for info in zipped.infolist()]
        assert names == ["a/", ".zgroup", "a/.zarray", "a/0", "a/.zarray", "a/.zarray.orig"]
        first, last = (info for info in zipped.infolist() if info.filename == "a/.zarray")
        assert zipped.read(first) == b'{"an": "older copy"}'
        assert zipped.read(last).decode() == CURED
        assert last.compress_type == zipfile.ZIP_DEFLATED
        assert zipped.read("a/.zarray.orig").decode() == ZARRAY_TEXT


@posix
def test_a_zip_rewrite_keeps_the_archives_mode_and_link(tmp_path: Path) -> None:
    real = tmp_path / "real.zip"
    with zipfile.ZipFile(real, "w") as zipped:
        zipped.writestr(".zgroup", '{"zarr_format": 2}')
        zipped.writestr("a/.zarray", ZARRAY_TEXT)
    real.chmod(0o600)
    link = tmp_path / "data.zip"
    link.symlink_to(real.name)
    repaired(link)
    assert link.is_symlink()
    assert stat.S_IMODE(real.stat().st_mode) == 0o600
    with zipfile.ZipFile(real) as zipped:
        assert zipped.read("a/.zarray").decode() == CURED
