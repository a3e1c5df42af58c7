"""Stores someone else wrote, made to hurt: the checker reads only regular files, within a size limit, and never ends in a traceback."""

from __future__ import annotations

import importlib.util
import json
import os
import socket
import subprocess
import sys
import time
import zipfile
from pathlib import Path
from typing import Any

import pytest

from _hostile_servers import HostileHTTPServer

REPO = Path(__file__).resolve().parent.parent
GROUP = {"zarr_format": 3, "node_type": "group"}

needs_posix = pytest.mark.skipif(
    os.name != "posix", reason="fifos, sockets and devices are POSIX files"
)


def run(
    *args: str, stdin: bytes | None = None, timeout: float = 60
) -> subprocess.CompletedProcess[bytes]:
    """The command's run, which must end within `timeout` seconds and print no traceback."""
    result = subprocess.run(
        [sys.executable, "-m", "zarr_metadata", "check", *args],
        capture_output=True,
        input=stdin,
        cwd=REPO,
        timeout=timeout,
        check=False,
    )
    assert b"Traceback" not in result.stderr, result.stderr.decode(errors="replace")
    return result


def findings(
    *args: str, stdin: bytes | None = None, timeout: float = 60
) -> tuple[list[dict[str, Any]], int]:
    """The findings of a run as JSON objects, and its exit status."""
    result = run("--format", "json", *args, stdin=stdin, timeout=timeout)
    found = [json.loads(line) for line in result.stdout.splitlines()]
    return [item for item in found if "path" in item], result.returncode


def kinds_and_messages(*args: str, stdin: bytes | None = None) -> list[tuple[str, str]]:
    return [(item["kind"], item["message"]) for item in findings(*args, stdin=stdin)[0]]


# Only regular files are read.


@needs_posix
def test_a_fifo_named_zarr_json_is_an_io_error_and_does_not_block(tmp_path: Path) -> None:
    # Opening a fifo for reading blocks until a writer comes: the run hung forever.
    os.mkfifo(tmp_path / "zarr.json")
    found, status = findings(str(tmp_path), timeout=20)
    assert [(item["kind"], item["message"]) for item in found] == [
        (
            "io_error",
            f"cannot read {tmp_path}/zarr.json: it is a named pipe (fifo), not a regular file",
        )
    ]
    assert status == 1


@needs_posix
def test_a_fifo_named_on_the_command_line_is_an_io_error(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "store.zip")
    found, _ = findings(str(tmp_path / "store.zip"), timeout=20)
    assert [item["message"] for item in found] == [
        f"cannot read {tmp_path}/store.zip: it is a named pipe (fifo), not a regular file"
    ]


@needs_posix
def test_a_socket_named_zarr_json_is_an_io_error(tmp_path: Path) -> None:
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(tmp_path / "zarr.json"))
        assert kinds_and_messages(str(tmp_path)) == [
            ("io_error", f"cannot read {tmp_path}/zarr.json: it is a socket, not a regular file")
        ]
    finally:
        server.close()


@needs_posix
def test_a_device_linked_as_zarr_json_is_never_read(tmp_path: Path) -> None:
    # /dev/zero linked as zarr.json: 2.6 GB read, then a traceback.
    (tmp_path / "zarr.json").symlink_to("/dev/zero")
    assert kinds_and_messages("--follow-external-links", str(tmp_path)) == [
        (
            "io_error",
            f"cannot read {tmp_path}/zarr.json: it is a character device, not a regular file",
        )
    ]


def test_a_directory_named_as_a_document_is_not_read_as_one(tmp_path: Path) -> None:
    (tmp_path / "store").mkdir()
    (tmp_path / "store" / "zarr.json").write_text(json.dumps(GROUP))
    # A directory named on the command line is a store, and its zarr.json is checked.
    assert findings(str(tmp_path / "store"))[0] == []


# The size limit.


def test_a_sparse_document_larger_than_the_limit_is_one_finding_read_no_further(
    tmp_path: Path,
) -> None:
    # A 2 GB sparse zarr.json took 4.6 GB of memory.
    with open(tmp_path / "zarr.json", "wb") as file:
        file.truncate(2 * 1024**3)
    assert kinds_and_messages("--max-document-size", "1MiB", str(tmp_path)) == [
        (
            "io_error",
            f"cannot read {tmp_path}/zarr.json: it holds 2 GiB, more than the 1 MiB a metadata document may hold (--max-document-size)",
        )
    ]


def test_the_default_limit_is_256_mib(tmp_path: Path) -> None:
    with open(tmp_path / "zarr.json", "wb") as file:
        file.truncate(256 * 1024**2 + 1)
    [(kind, message)] = kinds_and_messages(str(tmp_path))
    assert kind == "io_error"
    assert message.endswith(
        "more than the 256 MiB a metadata document may hold (--max-document-size)"
    )


def test_a_document_at_the_limit_is_read(tmp_path: Path) -> None:
    text = json.dumps(GROUP).encode()
    (tmp_path / "zarr.json").write_bytes(text)
    assert kinds_and_messages("--max-document-size", str(len(text)), str(tmp_path)) == []
    assert (
        kinds_and_messages("--max-document-size", str(len(text) - 1), str(tmp_path))[0][0]
        == "io_error"
    )


def test_standard_input_larger_than_the_limit_is_one_finding() -> None:
    [(kind, message)] = kinds_and_messages(
        "--max-document-size", "64KiB", "-", stdin=b" " * (1024 * 1024)
    )
    assert (kind, message) == (
        "io_error",
        "cannot read -: more than the 64 KiB a metadata document may hold (--max-document-size)",
    )


def test_the_limit_comes_from_the_config_file(tmp_path: Path) -> None:
    (tmp_path / "zarr.json").write_text(json.dumps(GROUP))
    config = tmp_path / "zarr-metadata.toml"
    config.write_text('max-document-size = "10 bytes"\n')
    [(kind, message)] = kinds_and_messages("--config", str(config), str(tmp_path))
    assert kind == "io_error"
    assert "more than the 10 bytes a metadata document may hold" in message


@pytest.mark.parametrize("size", ["0", "ten", "1.5XB", "-3"])
def test_a_size_that_is_no_size_is_a_usage_error(size: str) -> None:
    result = run("--max-document-size", size, "README.md")
    assert result.returncode == 2
    assert b"--max-document-size: expected a size in bytes >= 1" in result.stderr


# Zip archives.


def _spaces_member(path: Path, size: int, *, declared: int | None = None) -> Path:
    """A zip whose `zarr.json` is a group followed by `size` spaces, deflated; its headers say `declared` bytes when given."""
    text = json.dumps(GROUP).encode()
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("zarr.json", text + b" " * size)
    if declared is not None:
        data = bytearray(path.read_bytes())
        real = (len(text) + size).to_bytes(4, "little")
        # The size is written in the local header and in the central directory.
        for start in (data.find(real), data.rfind(real)):
            data[start : start + 4] = declared.to_bytes(4, "little")
        path.write_bytes(bytes(data))
    return path


def test_a_zip_bomb_is_refused_by_its_declared_size(tmp_path: Path) -> None:
    # A member that inflates to 2 GB took 2 GB of memory, then a traceback.
    bomb = _spaces_member(tmp_path / "bomb.zip", 8 * 1024 * 1024)
    assert bomb.stat().st_size < 64 * 1024
    assert kinds_and_messages("--max-document-size", "1MiB", str(bomb)) == [
        (
            "io_error",
            f"cannot read {bomb}/zarr.json: it holds 8.0 MiB, more than the 1 MiB a metadata document may hold (--max-document-size)",
        )
    ]


def test_a_zip_member_that_holds_more_than_it_declares_is_not_read_past_it(tmp_path: Path) -> None:
    liar = _spaces_member(tmp_path / "liar.zip", 8 * 1024 * 1024, declared=100)
    [(kind, message)] = kinds_and_messages("--max-document-size", "1MiB", str(liar))
    assert kind == "io_error"
    assert message.startswith(f"cannot read {liar}/zarr.json: ")


def test_a_truncated_zip_is_an_io_error(tmp_path: Path) -> None:
    whole = _spaces_member(tmp_path / "whole.zip", 1000)
    data = whole.read_bytes()
    cut = tmp_path / "cut.zip"
    cut.write_bytes(data[: len(data) // 2])
    assert kinds_and_messages(str(cut)) == [
        (
            "io_error",
            f"cannot read {cut} as a zip file: it has no zip directory at its end (cut short, or not a zip file)",
        )
    ]
    # The member cut short, the directory at the end kept.
    holed = tmp_path / "holed.zip"
    holed.write_bytes(data[:40] + data[len(data) - 100 :])
    [(kind, message)] = kinds_and_messages(str(holed))
    assert kind == "io_error"
    assert message.startswith(f"cannot read {holed}")


def test_a_zip_member_whose_name_a_nul_byte_cuts_short_is_no_traceback(tmp_path: Path) -> None:
    archive_path = tmp_path / "odd.zip"
    with zipfile.ZipFile(archive_path, "w") as archive:
        archive.writestr("zarr.json", json.dumps(GROUP))
        archive.writestr(zipfile.ZipInfo("\x00/zarr.json"), json.dumps(GROUP))
    found, status = findings(str(archive_path))
    assert (found, status) == ([], 0)


@pytest.mark.parametrize(
    "name", ["../up/zarr.json", "/abs/zarr.json", "a//b/zarr.json", "\x1b[31m/zarr.json"]
)
def test_a_zip_member_with_an_odd_name_is_judged_without_a_traceback(
    tmp_path: Path, name: str
) -> None:
    archive_path = tmp_path / "odd.zip"
    with zipfile.ZipFile(archive_path, "w") as archive:
        archive.writestr("zarr.json", json.dumps(GROUP))
        archive.writestr(zipfile.ZipInfo(name), json.dumps(GROUP))
    found, status = findings(str(archive_path))
    assert status in (0, 1)
    assert all(item["kind"] == "invalid_hierarchy" for item in found)


# Links that leave the store.


@needs_posix
def test_a_document_that_links_outside_the_store_is_reported_not_read(tmp_path: Path) -> None:
    # zarr.json -> /etc/passwd was read, and its text echoed in the messages.
    secret = tmp_path / "secret.json"
    secret.write_text('{"password": "hunter2"}')
    store = tmp_path / "store"
    store.mkdir()
    (store / "zarr.json").symlink_to(secret)
    found, status = findings(str(store))
    assert [(item["kind"], item["message"]) for item in found] == [
        (
            "io_error",
            f"cannot read {store}/zarr.json: it links to {secret}, outside the store (--follow-external-links reads it)",
        )
    ]
    assert status == 1
    assert "hunter2" not in json.dumps(found)
    # Asked for, the link is followed.
    followed, _ = findings("--follow-external-links", str(store))
    assert "missing_key" in {item["kind"] for item in followed}


@needs_posix
def test_a_document_named_alone_that_links_outside_its_directory_is_reported(
    tmp_path: Path,
) -> None:
    (tmp_path / "store").mkdir()
    (tmp_path / "store" / "zarr.json").symlink_to("/etc/passwd")
    found, _ = findings(str(tmp_path / "store" / "zarr.json"))
    assert [item["message"] for item in found] == [
        f"cannot read {tmp_path}/store/zarr.json: it links to /etc/passwd, outside the store (--follow-external-links reads it)"
    ]


@needs_posix
def test_a_link_inside_the_store_is_read(tmp_path: Path) -> None:
    (tmp_path / "real.json").write_text(json.dumps(GROUP))
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "zarr.json").symlink_to("../real.json")
    (tmp_path / "zarr.json").symlink_to("real.json")
    assert findings(str(tmp_path)) == ([], 0)


def test_follow_external_links_comes_from_the_config_file(tmp_path: Path) -> None:
    config = tmp_path / "zarr-metadata.toml"
    config.write_text("follow-external-links = true\n")
    store = tmp_path / "store"
    store.mkdir()
    (tmp_path / "group.json").write_text(json.dumps(GROUP))
    (store / "zarr.json").symlink_to(tmp_path / "group.json")
    assert findings("--config", str(config), str(store)) == ([], 0)


# What standard input holds.


@pytest.mark.parametrize(
    ("name", "kinds"),
    [
        (".zattrs", []),
        # "a" is no member of a v2 node: readers ignore it, and the checker says so.
        (".zarray", ["ignored_member", "missing_key"]),
        (".zgroup", ["ignored_member"]),
        ("zarr.json", ["invalid_value", "missing_key"]),
    ],
)
def test_stdin_filename_says_which_document_standard_input_holds(
    name: str, kinds: list[str]
) -> None:
    # A .zattrs on standard input was judged as a zarr.json: two missing members.
    found, _ = findings("--stdin-filename", name, "-", stdin=b'{"zarr_format": 2, "a": 1}')
    assert sorted({item["kind"] for item in found}) == sorted(set(kinds))
    assert {item["path"] for item in found} <= {name}


def test_stdin_filename_names_the_findings() -> None:
    found, status = findings("--stdin-filename", "data/t.zarr/.zattrs", "-", stdin=b"[1, 2]")
    assert [(item["path"], item["kind"]) for item in found] == [
        ("data/t.zarr/.zattrs", "invalid_type")
    ]
    assert status == 1


def test_stdin_filename_judges_a_v2_array() -> None:
    array = {
        "zarr_format": 2,
        "shape": [4],
        "chunks": [2],
        "dtype": "<i4",
        "compressor": None,
        "fill_value": 0,
        "order": "C",
        "filters": None,
    }
    assert findings("--stdin-filename", ".zarray", "-", stdin=json.dumps(array).encode()) == ([], 0)
    # Without the name, the same text is judged by what it holds: a v2 array too.
    assert findings("-", stdin=json.dumps(array).encode()) == ([], 0)


# Names that are not text, or that hold control characters.

FORGED = "x\n::error file=FORGED,line=1::injected"


def _store_with_bad_child(root: Path, child: bytes) -> Path:
    """A group whose child directory is named by the bytes `child`, holding a zarr.json with a wrong node type."""
    os.makedirs(root, exist_ok=True)
    (root / "zarr.json").write_text(json.dumps(GROUP))
    directory = os.path.join(os.fsencode(root), child)
    os.makedirs(directory)
    with open(os.path.join(directory, b"zarr.json"), "w") as file:
        file.write(json.dumps({"zarr_format": 3, "node_type": "bogus"}))
    return root


@needs_posix
@pytest.mark.parametrize("output", ["text", "json", "github", "sarif"])
def test_a_name_that_is_not_utf8_is_printed_in_every_format(tmp_path: Path, output: str) -> None:
    # --format sarif raised UnicodeEncodeError on a directory named b"\xff".
    store = _store_with_bad_child(tmp_path / "s", b"\xff")
    result = run("--format", output, str(store))
    assert result.returncode == 1
    text = result.stdout.decode("utf-8")  # every format writes UTF-8
    if output == "sarif":
        [found] = json.loads(text)["runs"][0]["results"]
        assert found["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].endswith(
            "/s/%FF/zarr.json"
        )
    else:
        assert "s/\\xff/zarr.json" in (
            json.loads(text.splitlines()[0])["path"] if output == "json" else text
        )


@needs_posix
@pytest.mark.parametrize("output", ["text", "github"])
def test_a_name_with_a_newline_forges_no_line(tmp_path: Path, output: str) -> None:
    # A directory named "x\n::error file=FORGED,line=1::injected" printed a line of its own in the text format.
    store = _store_with_bad_child(tmp_path / "s", FORGED.encode())
    lines = run("--format", output, "--quiet", str(store)).stdout.decode().splitlines()
    assert len(lines) == 1
    assert not any(line.startswith("::error file=FORGED") for line in lines)
    assert "x\\n" in lines[0] or "x%0A" in lines[0]


@needs_posix
@pytest.mark.parametrize("output", ["text", "json", "github", "sarif"])
def test_no_escape_character_reaches_the_terminal(tmp_path: Path, output: str) -> None:
    store = _store_with_bad_child(tmp_path / "s", b"red\x1b[31m")
    # A key holding an ESC is echoed in the pointer, too.
    (store / "zarr.json").write_text('{"zarr_format": 3, "node_type": "group", "\\u001b[2J": 1}')
    result = run("--format", output, str(store))
    assert b"\x1b" not in result.stdout
    assert b"red" in result.stdout


def test_the_json_format_keeps_a_control_character_as_json_writes_it(tmp_path: Path) -> None:
    (tmp_path / "zarr.json").write_text('{"zarr_format": 3, "node_type": "group", "a\\nb": 1}')
    [found] = findings(str(tmp_path))[0]
    assert found["loc"] == ["a\nb"]


# Bounded in time and in output.


def _best_time(text: str) -> float:
    from zarr_metadata._json_text import parse_json_text

    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        parse_json_text(text)
        best = min(best, time.perf_counter() - start)
    return best


def _repeated_keys(count: int) -> str:
    return '{"attributes": {' + ",\n".join('"k": 1' for _ in range(count)) + "}}"


def test_reporting_keys_written_many_times_takes_linear_time() -> None:
    # 200,000 copies of one key in a 1.2 MB file took 49 s: each copy's line was counted from the start.
    small, large = _best_time(_repeated_keys(10_000)), _best_time(_repeated_keys(80_000))
    assert large < 20 * small  # linear: about 8 times; quadratic: 64 times


def test_a_key_written_many_times_is_one_finding(tmp_path: Path) -> None:
    text = (
        '{"zarr_format": 3, "node_type": "group", "attributes": {'
        + ", ".join('"k": 1' for _ in range(50_000))
        + "}}"
    )
    (tmp_path / "zarr.json").write_text(text)
    [found] = findings(str(tmp_path))[0]
    assert found["kind"] == "duplicate_key"
    assert found["message"].startswith(
        'the key "k" is written 50000 times in this object (first at line 1, column 57)'
    )
    assert found["message"].endswith("(and 49,998 more like it at /attributes/k)")


@pytest.mark.parametrize(
    "member",
    [
        {"shape": ["x"] * 10_000, "chunks": [1] * 10_000},
        {"filters": [{"id": "zlib", "level": "x"}] * 3_000},
        {"dtype": [["f", "<i4"]] * 3_000},
    ],
)
def test_a_member_with_thousands_of_the_same_problem_prints_one_line(
    tmp_path: Path, member: dict[str, Any]
) -> None:
    # A 104 KB .zarray printed a line per bad item.
    array = {
        "zarr_format": 2,
        "shape": [10],
        "chunks": [5],
        "dtype": "<i4",
        "compressor": None,
        "fill_value": 0,
        "order": "C",
        "filters": None,
    }
    (tmp_path / ".zarray").write_text(json.dumps({**array, **member}))
    result = run(str(tmp_path))
    assert result.returncode == 1
    assert len(result.stdout) < 1000
    assert b"more like it at /" in result.stdout


def test_a_few_of_the_same_problem_are_each_reported(tmp_path: Path) -> None:
    array = {
        "zarr_format": 2,
        "shape": ["x"] * 3,
        "chunks": [1] * 3,
        "dtype": "<i4",
        "compressor": None,
        "fill_value": 0,
        "order": "C",
        "filters": None,
    }
    (tmp_path / ".zarray").write_text(json.dumps(array))
    found, _ = findings(str(tmp_path))
    assert [item["loc"] for item in found] == [["shape", 0], ["shape", 1], ["shape", 2]]


# Remote stores that misbehave.

requires_remote = pytest.mark.skipif(
    importlib.util.find_spec("fsspec") is None or importlib.util.find_spec("aiohttp") is None,
    reason="needs the remote extra",
)


@requires_remote
def test_an_endless_body_over_http_is_read_no_further_than_the_limit() -> None:
    # A server that never ended its body: 3.8 GB of memory, then a traceback.
    with HostileHTTPServer(endless=True) as server:
        found, status = findings("--max-document-size", "1MiB", server.url)
        sent = server.sent
    assert (
        "io_error",
        f"cannot read {server.url}/a/zarr.json: more than the 1 MiB a metadata document may hold (--max-document-size)",
    ) in [(item["kind"], item["message"]) for item in found]
    assert status == 1
    assert sent < 256 * 1024 * 1024  # the client hung up long before the server's cap of 1 GiB


@requires_remote
def test_a_body_whose_length_is_too_large_is_not_read() -> None:
    with HostileHTTPServer(endless=True, declared=3 * 1024**3) as server:
        found, _ = findings("--max-document-size", "1MiB", server.url)
    assert (
        f"cannot read {server.url}/a/zarr.json: it holds 3 GiB, more than the 1 MiB a metadata document may hold (--max-document-size)"
        in [item["message"] for item in found]
    )


@requires_remote
def test_a_listing_that_stalls_ends_within_the_timeout() -> None:
    # A directory page that did not answer held the run past 4 minutes with --timeout set.
    with HostileHTTPServer(stall=120) as server:
        start = time.monotonic()
        result = run("--timeout", "2", server.url, timeout=60)
        took = time.monotonic() - start
        assert server.stalled.is_set()
    assert took < 45
    # A listing that stalls is a listing that failed, and is reported as one.
    with HostileHTTPServer(failing=True) as server:
        failed = run("--timeout", "2", server.url)
    assert result.returncode == failed.returncode
    assert _kinds(result) == _kinds(failed)


def _kinds(result: subprocess.CompletedProcess[bytes]) -> list[str]:
    return [
        line.split(b" ")[2].decode()
        for line in result.stdout.splitlines()
        if line.startswith(b"http")
    ]
