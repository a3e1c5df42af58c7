"""How much reading a remote store concurrently (`--jobs`) speeds up a check: one store of 2,000 distinct arrays in a moto S3 bucket.

Run: python benchmarks/remote.py [--latency MS] [--count N]

A moto S3 server runs in a child process (so that it does not share an
interpreter lock with the checker), on loopback, and answers each request
after `--latency` milliseconds (default 20), as a bucket in the same region
would. The bucket holds a root group and `--count` (default 2,000) distinct
array documents (see `distinct.py`), one `zarr.json` each. The check runs
in this process, through `run()`, with fsspec configured by
`FSSPEC_S3_ENDPOINT_URL` and fake credentials, once with `jobs=1` and once
with `jobs=16`; each time is the best of `--repeat` (default 3) runs.
Target: `jobs=16` at least 8 times faster than `jobs=1`.

moto answers from one process, at about 3 ms of processor time a request,
and the checker spends about 2 (most of it in botocore) on the same
machine; so `jobs=16` cannot go below about 3 ms a document here, however
long the latency. Each line says how much processor time each side took.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
BUCKET = "benchmark"
STORE = f"s3://{BUCKET}/store.zarr"


def serve(latency: float) -> None:
    """Serve moto's S3 API on a free loopback port, each answer `latency` seconds late; print the port, then serve until killed."""
    import logging

    from moto.server import DomainDispatcherApplication, create_backend_app
    from werkzeug.serving import make_server

    moto = DomainDispatcherApplication(create_backend_app)

    def late(environ: dict[str, Any], start_response: Any) -> Any:
        time.sleep(latency)
        return moto(environ, start_response)

    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    server = make_server("127.0.0.1", 0, late, threaded=True)
    print(server.server_port, flush=True)
    server.serve_forever()


def fill(count: int) -> None:
    """Write a root group and `count` distinct arrays into the bucket."""
    import fsspec

    sys.path.insert(0, str(HERE))
    from distinct import distinct_arrays

    fs = fsspec.filesystem("s3")
    fs.mkdir(BUCKET)
    files = {f"{BUCKET}/store.zarr/zarr.json": b'{"zarr_format": 3, "node_type": "group"}'}
    for index, text in enumerate(distinct_arrays(count)):
        files[f"{BUCKET}/store.zarr/array{index}/zarr.json"] = text.encode()
    fs.pipe(files, batch_size=64)


def server_seconds(pid: int) -> float:
    """The processor time the process `pid` has taken so far (Linux; NaN elsewhere)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rpartition(")")[2].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def timed(jobs: int, repeat: int, server: int) -> tuple[float, float, float, int, int]:
    """The best time of `repeat` checks of the store with `jobs` requests in flight; the processor time the checker and the server took in it; the documents read and the findings."""
    from zarr_metadata.cli._check import Options
    from zarr_metadata.cli._findings import Finding
    from zarr_metadata.cli._run import run
    from zarr_metadata.v2 import KNOWN_V2
    from zarr_metadata.v3 import KNOWN

    best, checker, served, documents, findings = float("inf"), 0.0, 0.0, 0, 0
    for _ in range(repeat):
        found: list[Finding] = []
        start, started, serving = time.perf_counter(), time.process_time(), server_seconds(server)
        outcome = run([STORE], Options(KNOWN, context_v2=KNOWN_V2, jobs=jobs), found.append)
        if time.perf_counter() - start < best:
            best, checker, served = (
                time.perf_counter() - start,
                time.process_time() - started,
                server_seconds(server) - serving,
            )
        documents, findings = outcome.documents, len(found)
    return best, checker, served, documents, findings


def main() -> None:
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument(
        "--latency",
        type=float,
        default=20.0,
        help="milliseconds the server waits before each answer (default 20)",
    )
    arguments.add_argument(
        "--count", type=int, default=2000, help="array documents in the store (default 2000)"
    )
    arguments.add_argument(
        "--repeat", type=int, default=3, help="runs of each, the best kept (default 3)"
    )
    arguments.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    options = arguments.parse_args()
    if options.serve:
        serve(options.latency / 1000)
        return
    server = subprocess.Popen(
        [sys.executable, __file__, "--serve", "--latency", str(options.latency)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        port = int(server.stdout.readline())
        os.environ.update(
            FSSPEC_S3_ENDPOINT_URL=f"http://127.0.0.1:{port}",
            AWS_ACCESS_KEY_ID="benchmark",
            AWS_SECRET_ACCESS_KEY="benchmark",
            AWS_DEFAULT_REGION="us-east-1",
            AWS_EC2_METADATA_DISABLED="true",
        )
        fill(options.count)
        print(
            f"{options.count + 1} documents in {STORE}, each request answered {options.latency:g} ms late"
        )
        one, *one_cpu, documents, findings = timed(1, options.repeat, server.pid)
        sixteen, *sixteen_cpu, _, _ = timed(16, options.repeat, server.pid)
        print(f"read {documents} documents, {findings} findings")
        print(
            f"jobs=1:  {one:7.2f} s (processor time: checker {one_cpu[0]:.2f} s, server {one_cpu[1]:.2f} s)"
        )
        print(
            f"jobs=16: {sixteen:7.2f} s (processor time: checker {sixteen_cpu[0]:.2f} s, server {sixteen_cpu[1]:.2f} s)"
        )
        print(f"ratio:   {one / sixteen:7.1f} (target: 8 or more)")
    finally:
        server.kill()
        server.wait()


if __name__ == "__main__":
    main()
