"""Real servers on loopback for the remote store tests: moto's S3 API, and `http.server` serving a directory."""

from __future__ import annotations

import contextlib
import functools
import http.server
import logging
import multiprocessing
import os
import socket
import threading
import time
import urllib.request
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, Protocol

from moto.server import DomainDispatcherApplication, create_backend_app
from werkzeug.serving import make_server

_ACCESS_DENIED = b"<?xml version='1.0' encoding='UTF-8'?><Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>"

Environ = dict[str, Any]
StartResponse = Callable[..., Any]


class Requests:
    """What a server was asked: the paths, in order, and the most requests it served at once."""

    def __init__(self) -> None:
        self.paths: list[str] = []
        self.most_at_once = 0
        self._now = 0
        self._lock = threading.Lock()

    def started(self, path: str) -> None:
        with self._lock:
            self.paths.append(path)
            self._now += 1
            self.most_at_once = max(self.most_at_once, self._now)

    def ended(self) -> None:
        with self._lock:
            self._now -= 1

    def reset(self) -> None:
        with self._lock:
            self.paths.clear()
            self.most_at_once = self._now


class S3Server:
    """moto's S3 API served by werkzeug, as `ThreadedMotoServer` serves it, behind a layer that counts requests and holds back chosen paths.

    `delays` maps a request path (`/bucket/key`) to the seconds to wait
    before answering it; a path in `refused` is answered with S3's
    AccessDenied; `latency` is waited before every answer, as a network
    would.
    """

    def __init__(self, latency: float = 0.0, *, answers: int | None = None) -> None:
        self.delays: dict[str, float] = {}
        self.refused: set[str] = set()
        self.latency = latency
        self.answers = answers
        """How many GET requests (listings and reads, not the writes that fill it) the server answers before its process dies (only in a process of its own, `in_a_process`)."""
        self._reads = 0
        self.requests = Requests()
        self._server = make_server(
            "127.0.0.1",
            0,
            self._app(DomainDispatcherApplication(create_backend_app)),
            threaded=True,
        )
        self.endpoint = self.url = f"http://127.0.0.1:{self._server.server_port}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def _app(
        self, moto: Callable[[Environ, StartResponse], Iterable[bytes]]
    ) -> Callable[[Environ, StartResponse], Iterable[bytes]]:
        def app(environ: Environ, start_response: StartResponse) -> Iterable[bytes]:
            path = environ.get("PATH_INFO", "")
            self.requests.started(path)
            if environ.get("REQUEST_METHOD") == "GET":
                self._reads += 1
                if self.answers is not None and self._reads > self.answers:
                    os._exit(
                        0
                    )  # as if killed: every connection drops, and the port refuses the next
            try:
                time.sleep(self.latency + self.delays.get(path, 0.0))
                if path in self.refused:
                    start_response("403 Forbidden", [("Content-Type", "application/xml")])
                    return [_ACCESS_DENIED]
                return list(moto(environ, start_response))
            finally:
                self.requests.ended()

        return app

    def __enter__(self) -> S3Server:
        logging.getLogger("werkzeug").setLevel(logging.WARNING)  # not a line per request
        self._thread.start()
        # moto keeps its buckets in the process, whichever server made them.
        urllib.request.urlopen(
            urllib.request.Request(f"{self.endpoint}/moto-api/reset", method="POST")
        ).close()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join()


class _Directory(http.server.SimpleHTTPRequestHandler):
    """Serves a directory; with `listings` False, a directory is 404 (as a bucket behind plain HTTP); a path in `slow` answers late, one in `failing` with 500.

    With `answers` set, the process dies once it has answered that many
    requests (only in a process of its own, `in_a_process`).
    """

    listings = True
    slow: dict[str, float] = {}  # noqa: RUF012 - each server replaces it
    failing: frozenset[str] = frozenset()
    answers: int | None = None
    asked: list[str] = []  # noqa: RUF012 - each server replaces it

    def do_GET(self) -> None:
        self.asked.append(self.path)
        if self.answers is not None and len(self.asked) > self.answers:
            os._exit(0)  # as if killed: every connection drops, and the port refuses the next
        time.sleep(self.slow.get(self.path, 0.0))
        if self.path in self.failing:
            self.send_error(500)
            return
        super().do_GET()

    def list_directory(self, path: str | Path) -> Any:
        if self.listings:
            return super().list_directory(path)
        self.send_error(404)
        return None

    def log_message(self, format: str, *args: Any) -> None:
        pass


class _Listening(http.server.ThreadingHTTPServer):
    # The default backlog of 5 drops connections a client opens at once, which then wait a second to retry.
    request_queue_size = 128

    def handle_error(self, request: object, client_address: object) -> None:
        pass  # a client that stopped waiting for a slow answer is what the tests ask for


class HTTPServer:
    """`http.server` serving `directory` on loopback, in a thread, at `url`."""

    def __init__(
        self,
        directory: Path,
        *,
        listings: bool = True,
        slow: dict[str, float] | None = None,
        failing: Iterable[str] = (),
        answers: int | None = None,
    ) -> None:
        served = type(
            "Directory",
            (_Directory,),
            {
                "listings": listings,
                "slow": dict(slow or {}),
                "failing": frozenset(failing),
                "answers": answers,
                "asked": [],
            },
        )
        handler = functools.partial(served, directory=str(directory))
        self._server = _Listening(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def __enter__(self) -> HTTPServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join()


def files_under(directory: Path) -> Iterator[tuple[str, bytes]]:
    """Each file under `directory`: its key (relative, joined with `/`) and its bytes."""
    for path in sorted(directory.rglob("*")):
        if path.is_file():
            yield path.relative_to(directory).as_posix(), path.read_bytes()


class Serving(Protocol):
    """A server `in_a_process` can run: entered, it serves in a thread, at `url`."""

    @property
    def url(self) -> str: ...
    def __enter__(self) -> Any: ...
    def __exit__(self, *exc: object) -> None: ...


@contextlib.contextmanager
def in_a_process(make: Callable[[], Serving]) -> Iterator[str]:
    """Run the server `make` builds in a process of its own, forked, and give its URL; the process is killed at the end if it is still alive.

    A server that dies (`answers`) takes its process with it, as a killed
    server would: its connections drop and its port refuses the next.
    """
    receiving, sending = multiprocessing.Pipe(duplex=False)
    process = multiprocessing.get_context("fork").Process(
        target=_serve, args=(make, sending), daemon=True
    )
    process.start()
    try:
        if not receiving.poll(30):
            raise RuntimeError("the server did not start")
        yield receiving.recv()
    finally:
        if process.is_alive():
            process.kill()
        process.join()


def _serve(make: Callable[[], Serving], sending: Any) -> None:
    with make() as server:
        sending.send(server.url)
        threading.Event().wait()  # until killed, or dead by its own hand


def refusing_url() -> str:
    """The URL of a port on loopback where nothing listens, so that every connection is refused."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{probe.getsockname()[1]}"
