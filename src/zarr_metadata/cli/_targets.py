"""Checking one target, whatever it is: a `zarr.json`, the files of a v2 node, or a `.zmetadata`."""

from __future__ import annotations

from zarr_metadata.cli._check import Options, check_file
from zarr_metadata.cli._check_v2 import check_v2_node, check_zmetadata
from zarr_metadata.cli._findings import Finding
from zarr_metadata.cli._walk import Target


def check_target(target: Target, options: Options) -> list[Finding]:
    """Everything to report about `target`, file by file; raises `UnreadableError` when a file cannot be read."""
    if target.kind == "v2":
        return check_v2_node(target, options)
    if target.kind == "v2_consolidated":
        return check_zmetadata(target.files[0], options)
    return check_file(target.files[0], options)
