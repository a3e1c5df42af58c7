"""How a catalog of many small stores scales on a Dask cluster: 2,000 stores in a moto S3 bucket, one process against `--dask local:2`.

Run: python benchmarks/catalog.py [--stores N] [--latency MS] [--workers N]

A moto S3 server runs in a process of its own (tests/_servers.py), on
loopback, and answers each request after `--latency` milliseconds (default
20), as a bucket in the same region would. The bucket holds `--stores`
(default 2,000) small stores (tests/_catalog_stores.py: a group and two or
three arrays, some broken), and a catalog file names them. The command
`zarr-metadata check --catalog FILE` runs in a child process, once alone and
once with `--dask local:N` (default 2 workers), and then once more on the
cluster with a quarter of the catalog, to show the client's memory does not
grow with the number of stores. Each line gives the stores a second, the
time, and the client process's peak resident memory (sampled from /proc;
the workers' is not counted); the cluster's lines also give the rate with
its start (a one-store run) taken off. Target: the cluster at least 1.7
times one process on a machine with 2 cores, and the same report.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
TESTS = HERE.parent / "tests"
sys.path.insert(0, str(TESTS))

from _catalog_stores import objects, small_store  # noqa: E402
from _servers import S3Server, in_a_process  # noqa: E402

sys.path.insert(0, str(HERE))

from _process import ENVIRONMENT  # noqa: E402

BUCKET = "catalog"
FAKE_AWS = {
    "AWS_ACCESS_KEY_ID": "testing",
    "AWS_SECRET_ACCESS_KEY": "testing",
    "AWS_DEFAULT_REGION": "us-east-1",
    "AWS_EC2_METADATA_DISABLED": "true",
    "AWS_CONFIG_FILE": os.devnull,
    "AWS_SHARED_CREDENTIALS_FILE": os.devnull,
}


def fill(endpoint: str, stores: int) -> list[str]:
    """Write `stores` small stores into the bucket, and give their URLs."""
    import fsspec

    fs = fsspec.filesystem("s3", endpoint_url=endpoint, skip_instance_cache=True)
    fs.mkdir(BUCKET)
    files: dict[str, bytes] = {}
    for number in range(stores):
        files.update(objects(f"{BUCKET}/s{number:05d}.zarr", small_store(number)))
    fs.pipe(files, batch_size=256)
    return [f"s3://{BUCKET}/s{number:05d}.zarr" for number in range(stores)]


def peak_rss(pid: int, peak: list[int], done: threading.Event) -> None:
    """Sample the resident memory of the process `pid` until `done`, keeping the largest in `peak` (kB)."""
    while not done.is_set():
        try:
            with open(f"/proc/{pid}/status", encoding="ascii") as status:
                for line in status:
                    if line.startswith("VmRSS:"):
                        peak[0] = max(peak[0], int(line.split()[1]))
        except OSError:
            return
        done.wait(0.05)


def timed(catalog: Path, dask: str | None, env: dict[str, str]) -> tuple[float, int, str]:
    """Check the catalog with the command (on the cluster `dask` names, if any): the seconds it took, the client's peak memory in kB, and a digest of its report."""
    command = [
        sys.executable,
        "-m",
        "zarr_metadata",
        "check",
        "--isolated",
        "--catalog",
        str(catalog),
    ]
    if dask is not None:
        command += ["--dask", dask]
    peak, done = [0], threading.Event()
    start = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    sampler = threading.Thread(target=peak_rss, args=(process.pid, peak, done), daemon=True)
    sampler.start()
    out, err = process.communicate()
    elapsed = time.perf_counter() - start
    done.set()
    sampler.join()
    if process.returncode not in (0, 1):
        raise SystemExit(f"the check failed ({process.returncode}): {err.decode()[-2000:]}")
    return elapsed, peak[0], hashlib.sha256(out).hexdigest()[:12]


def main() -> None:
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument(
        "--stores", type=int, default=2000, help="how many stores the catalog names (default 2,000)"
    )
    arguments.add_argument(
        "--latency",
        type=float,
        default=20.0,
        help="milliseconds the server waits before each answer (default 20)",
    )
    arguments.add_argument(
        "--workers", type=int, default=2, help="worker processes of the local cluster (default 2)"
    )
    options = arguments.parse_args()
    with (
        in_a_process(lambda: S3Server(latency=options.latency / 1000)) as endpoint,
        tempfile.TemporaryDirectory() as scratch,
    ):
        env = {**ENVIRONMENT, **FAKE_AWS, "AWS_ENDPOINT_URL": endpoint}
        os.environ.update(FAKE_AWS, AWS_ENDPOINT_URL=endpoint)
        targets = fill(endpoint, options.stores)
        catalog, quarter, one = (
            Path(scratch, "all.txt"),
            Path(scratch, "quarter.txt"),
            Path(scratch, "one.txt"),
        )
        catalog.write_text("\n".join(targets) + "\n", encoding="utf-8")
        quarter.write_text("\n".join(targets[: len(targets) // 4]) + "\n", encoding="utf-8")
        one.write_text(targets[0] + "\n", encoding="utf-8")
        cluster = f"local:{options.workers}"
        print(
            f"{options.stores:,} stores, {options.latency:g} ms a request, {os.cpu_count()} cores"
        )
        alone, alone_memory, alone_report = timed(catalog, None, env)
        print(
            f"one process:     {options.stores / alone:7.1f} stores/s  {alone:6.1f} s  client {alone_memory / 1024:6.1f} MiB"
        )
        start, _, _ = timed(one, cluster, env)
        spread, spread_memory, spread_report = timed(catalog, cluster, env)
        steady = options.stores / max(spread - start, 1e-9)
        print(
            f"--dask {cluster}:  {options.stores / spread:7.1f} stores/s  {spread:6.1f} s  client {spread_memory / 1024:6.1f} MiB"
            f"  ({steady:.1f} stores/s without the cluster's start, {start:.1f} s)"
        )
        small, small_memory, _ = timed(quarter, cluster, env)
        print(
            f"--dask {cluster}, a quarter: {len(targets) // 4 / small:7.1f} stores/s  {small:6.1f} s  client {small_memory / 1024:6.1f} MiB"
        )
        print(
            f"scaling: {alone / spread:.2f}x ({alone / max(spread - start, 1e-9):.2f}x without the start); same report: {alone_report == spread_report}"
        )


if __name__ == "__main__":
    main()
