"""`zarr-metadata schema`: print the JSON Schema of a kind of metadata document, for an editor or check-jsonschema."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TextIO

from zarr_metadata.cli._settings import CONTEXTS, Settings

if TYPE_CHECKING:
    from zarr_metadata.json_schema import JSONSchema

DOCUMENTS = ("node", "array", "group", "zarray", "zgroup", "zmetadata", "v2-node")
"""Each document the command writes a schema of."""


def _writers() -> dict[str, tuple[int, Callable[..., JSONSchema]]]:
    """Each document's schema writer, with the Zarr format it belongs to."""
    # Imported when the subcommand runs: see "What a run imports" in docs/how-it-works/cli.md.
    from zarr_metadata._schema_v2 import (
        consolidated_metadata_json_schema_v2,
        node_metadata_json_schema_v2,
        zarray_json_schema_v2,
        zgroup_json_schema_v2,
    )
    from zarr_metadata._schema_v3 import (
        array_metadata_json_schema_v3,
        group_metadata_json_schema_v3,
        node_metadata_json_schema_v3,
    )

    return {
        "node": (3, node_metadata_json_schema_v3),
        "array": (3, array_metadata_json_schema_v3),
        "group": (3, group_metadata_json_schema_v3),
        "zarray": (2, zarray_json_schema_v2),
        "zgroup": (2, zgroup_json_schema_v2),
        "zmetadata": (2, consolidated_metadata_json_schema_v2),
        "v2-node": (2, node_metadata_json_schema_v2),
    }


def add_schema_command(commands: Any) -> None:
    """Add the `schema` subcommand to the command's subparsers."""
    schema = commands.add_parser(
        "schema",
        help="print the JSON Schema (draft 2020-12) of a metadata document",
        description="Print the JSON Schema of a metadata document, for an editor or a schema checker.",
    )
    schema.add_argument(
        "document",
        nargs="?",
        default="node",
        choices=DOCUMENTS,
        help="node (a zarr.json, the default), array, group, or a v2 file: zarray, zgroup, zmetadata",
    )
    schema.add_argument(
        "--context",
        choices=CONTEXTS,
        default=Settings.context,
        help=f"the scope the schema claims (default: {Settings.context}, as for check)",
    )


def print_schema(arguments: argparse.Namespace, out: TextIO) -> int:
    """Print the schema the arguments ask for; the exit status, 0."""
    from zarr_metadata.cli._options import scopes_of

    zarr_format, write = _writers()[arguments.document]
    v3, v2 = scopes_of(arguments.context)
    schema = write(context=v3 if zarr_format == 3 else v2)
    out.write(json.dumps(schema, indent=2, ensure_ascii=False) + "\n")
    return 0
