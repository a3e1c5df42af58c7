"""HTTP servers on loopback that misbehave, for the tests of a checker that must stay bounded: an endless body, a listing that stalls."""

from __future__ import annotations

import http.server
import json
import threading
import time
from typing import Any

GROUP = json.dumps({"zarr_format": 3, "node_type": "group"}).encode()


class _Quiet(http.server.ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 64

    def handle_error(self, request: object, client_address: object) -> None:
        pass  # a client that hangs up on an endless body is what the tests ask for


class HostileHTTPServer:
    """A store over HTTP: a root page listing `zarr.json` and `a/`, whose `a/` and `a/zarr.json` misbehave as told.

    `endless` makes `a/zarr.json` a body that never ends (at most `cap`
    bytes), with a `Content-Length` of `declared` when given; `stall` holds
    the page of `a/` that many seconds before it answers. `sent` counts the
    bytes of the endless body written before the client hung up.
    """

    def __init__(
        self,
        *,
        endless: bool = False,
        declared: int | None = None,
        stall: float = 0.0,
        failing: bool = False,
        cap: int = 1 << 30,
    ) -> None:
        self.sent = 0
        self.stalled = threading.Event()
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.0"

            def do_GET(self) -> None:
                if self.path == "/":
                    self._page(b'<a href="zarr.json">zarr.json</a> <a href="a/">a/</a>')
                elif self.path == "/zarr.json":
                    self._body(GROUP)
                elif self.path in ("/a", "/a/"):
                    if stall:
                        server.stalled.set()
                        time.sleep(stall)
                    if failing:
                        self.send_error(500)
                        return
                    self._page(b'<a href="zarr.json">zarr.json</a>')
                elif self.path == "/a/zarr.json" and endless:
                    self._endless()
                elif self.path == "/a/zarr.json":
                    self._body(GROUP)
                else:
                    self.send_error(404)

            def do_HEAD(self) -> None:
                self.send_error(405)

            def _page(self, links: bytes) -> None:
                self._body(b"<html><body>" + links + b"</body></html>", "text/html")

            def _body(self, data: bytes, kind: str = "application/json") -> None:
                self.send_response(200)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _endless(self) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                if declared is not None:
                    self.send_header("Content-Length", str(declared))
                self.end_headers()
                chunk = b" " * 65536
                try:
                    while server.sent < cap:
                        self.wfile.write(chunk)
                        server.sent += len(chunk)
                except OSError:
                    pass  # the client hung up

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self._server = _Quiet(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def __enter__(self) -> HostileHTTPServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join()
