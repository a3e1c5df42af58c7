"""JSON Schema of v2 fields and documents (`.zarray`, `.zgroup`, `.zattrs`, `.zmetadata`), written from the definitions a scope holds."""

from __future__ import annotations

import sys
from typing import Any, cast

from zarr_metadata._descriptions import description_of
from zarr_metadata._json import JSONValue
from zarr_metadata._schema_nodes import JSONSchema, ScopeSchemas
from zarr_metadata._shapes import Alias, AnnotationReader, Node, Record
from zarr_metadata.definition._extension import Definition
from zarr_metadata.definition._positions import kind_of_alias
from zarr_metadata.v2._context import ZarrV2Context
from zarr_metadata.v2._field_json import ZarrV2CodecMetadata, ZarrV2DataTypeMetadata
from zarr_metadata.v2._field_kinds import (
    TYPE_STRING,
    ZarrV2CodecDefinition,
    ZarrV2DataTypeDefinition,
    ZarrV2Kind,
)
from zarr_metadata.v2._scopes import CORE_V2
from zarr_metadata.v2.array import ZarrV2ZArrayJSON
from zarr_metadata.v2.consolidated import ZarrV2ConsolidatedMetadataJSON
from zarr_metadata.v2.group import ZarrV2ZGroupJSON

TYPE_STRING_PATTERN = f"^{TYPE_STRING.pattern}$"


def field_json_schema_v2(
    kind: type[ZarrV2Kind], *, context: ZarrV2Context | None = None
) -> JSONSchema:
    """The schema of a v2 field of `kind`: a data type (a type string or a list of fields) or a codec (`{"id": ..., ...}`)."""
    schemas = V2Schemas(CORE_V2 if context is None else context)
    return schemas.document(schemas.field(kind))


def node_metadata_json_schema_v2(*, context: ZarrV2Context | None = None) -> JSONSchema:
    """The schema of a `.zarray` or a `.zgroup`, each file read alone."""
    schemas = V2Schemas(CORE_V2 if context is None else context)
    return schemas.document({"anyOf": [schemas.zarray(), schemas.zgroup()]})


def zarray_json_schema_v2(*, context: ZarrV2Context | None = None) -> JSONSchema:
    """The schema of a `.zarray`."""
    schemas = V2Schemas(CORE_V2 if context is None else context)
    return schemas.document(schemas.zarray())


def zgroup_json_schema_v2(*, context: ZarrV2Context | None = None) -> JSONSchema:
    """The schema of a `.zgroup`."""
    schemas = V2Schemas(CORE_V2 if context is None else context)
    return schemas.document(schemas.zgroup())


def consolidated_metadata_json_schema_v2(*, context: ZarrV2Context | None = None) -> JSONSchema:
    """The schema of a `.zmetadata`: each listed `.zarray`, `.zgroup` and `.zattrs` by its key."""
    schemas = V2Schemas(CORE_V2 if context is None else context)
    return schemas.document(schemas.consolidated())


class V2Schemas(ScopeSchemas):
    """The schemas of one v2 scope's fields and documents, sharing one `$defs`."""

    def __init__(self, context: ZarrV2Context) -> None:
        super().__init__()
        self.context = context

    def field(self, kind: type[Definition[Any]]) -> JSONSchema:
        """A reference to the schema of a field of `kind`."""
        given = cast(object, kind)
        if not (
            isinstance(given, type)
            and issubclass(given, ZarrV2DataTypeDefinition | ZarrV2CodecDefinition)
        ):
            msg = f"expected a kind of v2 field, got {kind!r}"
            raise TypeError(msg)
        if issubclass(kind, ZarrV2DataTypeDefinition):
            return self._named_once(
                ZarrV2DataTypeDefinition, "ZarrV2DataTypeDefinition", self._data_type
            )
        return self._named_once(ZarrV2CodecDefinition, "ZarrV2CodecDefinition", self._codec)

    def zarray(self) -> JSONSchema:
        """A reference to the schema of a `.zarray`."""
        return self._named_once(
            ZarrV2ZArrayJSON, ZarrV2ZArrayJSON.__name__, lambda: self._file(ZarrV2ZArrayJSON)
        )

    def zgroup(self) -> JSONSchema:
        """A reference to the schema of a `.zgroup`."""
        return self._named_once(
            ZarrV2ZGroupJSON, ZarrV2ZGroupJSON.__name__, lambda: self._file(ZarrV2ZGroupJSON)
        )

    def consolidated(self) -> JSONSchema:
        """A reference to the schema of a `.zmetadata`."""
        return self._named_once(
            ZarrV2ConsolidatedMetadataJSON,
            ZarrV2ConsolidatedMetadataJSON.__name__,
            self._consolidated,
        )

    def _consolidated(self) -> JSONSchema:
        # Closed at both levels, as the reader is: a member beside the two, or a
        # listed key that names no metadata file, is refused.
        listed: JSONSchema = {
            "type": "object",
            "patternProperties": {
                r"(^|/)\.zarray$": self.zarray(),
                r"(^|/)\.zgroup$": self.zgroup(),
                r"(^|/)\.zattrs$": {"type": "object"},
            },
            "additionalProperties": False,
        }
        return {
            "description": "A v2 store's consolidated metadata: every metadata file of the hierarchy, by its key.",
            "type": "object",
            "properties": {"zarr_consolidated_format": {"const": 1}, "metadata": listed},
            "required": ["zarr_consolidated_format", "metadata"],
            "additionalProperties": False,
        }

    def _override(self, node: Node) -> JSONSchema | None:
        if isinstance(node, Alias):
            if node.origin is ZarrV2DataTypeMetadata:
                return self.field(ZarrV2DataTypeDefinition)
            kind = kind_of_alias(node.origin)  # pyright: ignore[reportArgumentType]
            return None if kind is None else self.field(kind)
        if isinstance(node, Record) and node.origin is ZarrV2CodecMetadata:
            return self.field(ZarrV2CodecDefinition)
        return None

    def _file(self, shape: type) -> JSONSchema:
        node = AnnotationReader().read(shape, shape.__name__)
        assert isinstance(node, Record)
        found = self.writer.record(node)
        # A member the v2 spec does not define is ignored, as its readers ignore it
        # ("SHOULD be ignored"), in a `.zgroup` as in a `.zarray`.
        found["additionalProperties"] = {}
        return found

    def _data_type(self) -> JSONSchema:
        # Every type string is read: one of a family nothing claims is unclaimed, not refused.
        type_string: JSONSchema = {
            "type": "string",
            "pattern": TYPE_STRING_PATTERN,
            "description": 'A NumPy type string, such as "<f8".',
        }
        field_of_struct: JSONSchema = {
            "type": "array",
            "prefixItems": [
                {"type": "string"},
                self.field(ZarrV2DataTypeDefinition),
                {"type": "array", "items": {"type": "integer", "minimum": 0}},
            ],
            "minItems": 2,
            "maxItems": 3,
        }
        structured: JSONSchema = {
            "type": "array",
            "items": field_of_struct,
            "description": "A structured data type: its fields, each [name, type] or [name, type, shape].",
        }
        found: JSONSchema = {"anyOf": [type_string, structured]}
        described = description_of(ZarrV2DataTypeDefinition)
        if described is not None:
            found["description"] = described
        return found

    def _codec(self) -> JSONSchema:
        claimed = self.context.codecs
        branches: list[JSONValue] = [
            self._claimed_codec(name, definition) for name, definition in claimed.items()
        ]
        other: JSONSchema = {"type": "string", "minLength": 1}
        if claimed:
            other["not"] = {"enum": list(claimed)}
        branches.append(
            {
                "description": "A codec this scope does not claim, with any configuration.",
                "type": "object",
                "properties": {"id": other},
                "required": ["id"],
            }
        )
        found: JSONSchema = {"anyOf": branches}
        described = description_of(ZarrV2CodecDefinition)
        if described is not None:
            found["description"] = described
        return found

    def _claimed_codec(self, name: str, definition: Definition[Any]) -> JSONSchema:
        """A claimed codec: its configuration's members beside `"id"`."""
        node = AnnotationReader(finite=definition.finite_numbers).read(
            definition.configuration, name
        )
        assert isinstance(node, Record)
        found = self.writer.record(node)
        properties = found["properties"]
        assert isinstance(properties, dict)
        found["properties"] = {"id": {"const": name}, **properties}
        found["required"] = ["id", *_listed(found.get("required"))]
        module = sys.modules.get(definition.configuration.__module__)
        described = description_of(definition.configuration) or (
            description_of(module) if module is not None else None
        )
        if described is not None:
            found["description"] = described
        return found


def _listed(value: JSONValue | None) -> list[JSONValue]:
    return list(value) if isinstance(value, list) else []
