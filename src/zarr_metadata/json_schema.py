"""JSON Schema (draft 2020-12) of the shapes `typed_json.check` reads, and of Zarr metadata documents and fields.

Every schema is written from the same nodes the checker is compiled from,
and the document and field schemas from the same definitions the readers
use, so a value the checker or a reader accepts, the schema accepts.
"""

from __future__ import annotations

from zarr_metadata._schema_nodes import DRAFT_2020_12, JSONSchema, NodeWriter
from zarr_metadata._schema_v2 import (
    consolidated_metadata_json_schema_v2 as consolidated_metadata_json_schema_v2,
)
from zarr_metadata._schema_v2 import (
    field_json_schema_v2 as field_json_schema_v2,
)
from zarr_metadata._schema_v2 import (
    node_metadata_json_schema_v2 as node_metadata_json_schema_v2,
)
from zarr_metadata._schema_v3 import field_json_schema_v3, node_metadata_json_schema_v3
from zarr_metadata._shapes import AnnotationReader

__all__ = [
    "JSONSchema",
    "field_json_schema_v3",
    "json_schema",
    "node_metadata_json_schema_v3",
]


def json_schema(shape: type) -> JSONSchema:
    """The JSON Schema of `shape`, with `$defs` for its named TypedDicts and aliases."""
    writer = NodeWriter()
    root = writer.schema(AnnotationReader().read(shape, getattr(shape, "__name__", repr(shape))))
    document: JSONSchema = {"$schema": DRAFT_2020_12, **root}
    if writer.definitions:
        document["$defs"] = dict(writer.definitions)
    return document
