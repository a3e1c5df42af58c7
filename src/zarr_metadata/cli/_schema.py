"""`zarr-metadata schema`: print the JSON Schema of a kind of metadata document, for an editor or check-jsonschema."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any, TextIO

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
from zarr_metadata.cli._settings import Settings
from zarr_metadata.json_schema import JSONSchema
from zarr_metadata.v2 import KNOWN_V2
from zarr_metadata.v2.definition import CORE_V2
from zarr_metadata.v3 import KNOWN
from zarr_metadata.v3.definition import CORE, CORE_AND_EXTENSIONS

_SCOPES: dict[str, tuple[Any, Any]] = {"core": (CORE, CORE_V2), "extensions": (CORE_AND_EXTENSIONS, CORE_V2), "known": (KNOWN, KNOWN_V2)}
"""Each scope by its name on the command line: its v3 scope and its v2 scope."""

_DOCUMENTS: dict[str, tuple[int, Callable[..., JSONSchema]]] = {
    "node": (3, node_metadata_json_schema_v3),
    "array": (3, array_metadata_json_schema_v3),
    "group": (3, group_metadata_json_schema_v3),
    "zarray": (2, zarray_json_schema_v2),
    "zgroup": (2, zgroup_json_schema_v2),
    "zmetadata": (2, consolidated_metadata_json_schema_v2),
    "v2-node": (2, node_metadata_json_schema_v2),
}
"""Each document the command writes a schema of, with the Zarr format it belongs to."""


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
        choices=tuple(_DOCUMENTS),
        help="node (a zarr.json, the default), array, group, or a v2 file: zarray, zgroup, zmetadata",
    )
    schema.add_argument(
        "--context",
        choices=tuple(_SCOPES),
        default=Settings.context,
        help=f"the scope the schema claims (default: {Settings.context}, as for check)",
    )


def print_schema(arguments: argparse.Namespace, out: TextIO) -> int:
    """Print the schema the arguments ask for; the exit status, 0."""
    zarr_format, write = _DOCUMENTS[arguments.document]
    v3, v2 = _SCOPES[arguments.context]
    schema = write(context=v3 if zarr_format == 3 else v2)
    out.write(json.dumps(schema, indent=2, ensure_ascii=False) + "\n")
    return 0
