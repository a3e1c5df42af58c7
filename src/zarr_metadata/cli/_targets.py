"""Checking one target, whatever it is: a `zarr.json`, the files of a v2 node, or a `.zmetadata`."""

from __future__ import annotations

from zarr_metadata.cli._check import Options, check_file
from zarr_metadata.cli._findings import Checked
from zarr_metadata.cli._source import Source
from zarr_metadata.cli._walk import Target


def check_target(source: Source, target: Target, options: Options) -> Checked:
    """Everything to report about `target` of `source`, file by file."""
    if target.kind in ("v2", "v2_consolidated"):
        # The v2 readers are imported when a store holds v2 metadata: see "What a run
        # imports" in docs/how-it-works/cli.md.
        from zarr_metadata.cli._check_v2 import check_v2_node, check_zmetadata

        if target.kind == "v2":
            return check_v2_node(source, target, options)
        return check_zmetadata(source, target.keys[0], options)
    if target.kind in ("excluded", "unlisted"):
        return Checked([])
    return check_file(source, target.keys[0], options)
