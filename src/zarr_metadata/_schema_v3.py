"""JSON Schema of v3 fields and `zarr.json` documents, written from the definitions a scope holds."""

from __future__ import annotations

import sys
from typing import Any, cast

from zarr_metadata._descriptions import description_of
from zarr_metadata._json import JSONValue
from zarr_metadata._schema_nodes import JSONSchema, ScopeSchemas
from zarr_metadata._shapes import Alias, AnnotationReader, Node, Record
from zarr_metadata.definition._extension import EXTENSION_NAME, URI, Definition
from zarr_metadata.definition._positions import kind_of_alias
from zarr_metadata.model._array_model_v3 import ZarrV3ArrayMetadata
from zarr_metadata.model._group_model_v3 import ZarrV3GroupMetadata
from zarr_metadata.v3._context import ZarrV3Context, ZarrV3Kind
from zarr_metadata.v3._documents import ZarrV3ArrayMetadataJSON, ZarrV3GroupMetadataJSON
from zarr_metadata.v3._extra_field_kinds import (
    ArrayExtraFieldDefinition,
    ExtraFieldDefinition,
    GroupExtraFieldDefinition,
)
from zarr_metadata.v3._field_kinds import (
    RAW_BYTES_NAME,
    RAW_BYTES_NAME_PATTERN,
)
from zarr_metadata.v3._scopes import CORE_AND_EXTENSIONS
from zarr_metadata.v3.consolidated import ZarrV3ConsolidatedMetadataJSON

NAME_PATTERN = f"^(?:{EXTENSION_NAME.pattern}|{URI.pattern})$"
"""The names an extension may take, as a JSON Schema pattern."""

RAW_PATTERN = f"^{RAW_BYTES_NAME_PATTERN.pattern}$"


def field_json_schema_v3(
    kind: type[ZarrV3Kind], *, context: ZarrV3Context | None = None
) -> JSONSchema:
    """The schema of a v3 field of `kind`: each definition `context` claims, or any configuration of a name it does not."""
    schemas = V3Schemas(CORE_AND_EXTENSIONS if context is None else context)
    return schemas.document(schemas.field(kind))


def node_metadata_json_schema_v3(*, context: ZarrV3Context | None = None) -> JSONSchema:
    """The schema of a v3 `zarr.json`, an array's or a group's, as the readers read it in `context`."""
    schemas = V3Schemas(CORE_AND_EXTENSIONS if context is None else context)
    return schemas.document(schemas.node())


def consolidated_metadata_json_schema_v3(*, context: ZarrV3Context | None = None) -> JSONSchema:
    """The schema of a v3 group's `consolidated_metadata` as `read_consolidated_metadata_v3` reads it in `context`."""
    schemas = V3Schemas(CORE_AND_EXTENSIONS if context is None else context)
    return schemas.document(schemas.consolidated())


def array_metadata_json_schema_v3(*, context: ZarrV3Context | None = None) -> JSONSchema:
    """The schema of a v3 array's `zarr.json` as the array reader reads it in `context`."""
    schemas = V3Schemas(CORE_AND_EXTENSIONS if context is None else context)
    return schemas.document(schemas.array())


def group_metadata_json_schema_v3(*, context: ZarrV3Context | None = None) -> JSONSchema:
    """The schema of a v3 group's `zarr.json` as the group reader reads it in `context`."""
    schemas = V3Schemas(CORE_AND_EXTENSIONS if context is None else context)
    return schemas.document(schemas.group())


class V3Schemas(ScopeSchemas):
    """The schemas of one scope's fields and documents, sharing one `$defs`."""

    def __init__(self, context: ZarrV3Context) -> None:
        super().__init__()
        self.context = context

    def field(self, kind: type[Definition[Any]]) -> JSONSchema:
        """A reference to the schema of a field of `kind`."""
        given = cast(object, kind)
        if not (
            isinstance(given, type) and issubclass(given, Definition) and given.zarr_format == 3
        ):
            msg = f"expected a kind of v3 field, got {kind!r}"
            raise TypeError(msg)
        kind = kind.kind_class()
        if issubclass(kind, ExtraFieldDefinition):
            return self._named_once(kind, kind.__name__, lambda: self._extra_field(kind))
        return self._named_once(kind, kind.__name__, lambda: self._field(kind))

    def array(self) -> JSONSchema:
        """A reference to the schema of an array's `zarr.json`."""
        return self._named_once(
            ZarrV3ArrayMetadataJSON, ZarrV3ArrayMetadataJSON.__name__, self._array
        )

    def group(self) -> JSONSchema:
        """A reference to the schema of a group's `zarr.json`."""
        return self._named_once(
            ZarrV3GroupMetadataJSON, ZarrV3GroupMetadataJSON.__name__, self._group
        )

    def consolidated(self) -> JSONSchema:
        """A reference to the schema of a group's `consolidated_metadata` as its reader reads it, each listed document a node.

        The group reader reads only the member's envelope, and so does the group's schema.
        """
        return self._named_once(
            ZarrV3ConsolidatedMetadataJSON,
            ZarrV3ConsolidatedMetadataJSON.__name__,
            self._consolidated,
        )

    def _consolidated(self) -> JSONSchema:
        node = AnnotationReader().read(
            ZarrV3ConsolidatedMetadataJSON, ZarrV3ConsolidatedMetadataJSON.__name__
        )
        assert isinstance(node, Record)
        found = self.writer.record(node)
        properties = cast(dict[str, JSONValue], found["properties"])
        properties["metadata"] = {
            **cast(JSONSchema, properties["metadata"]),
            "additionalProperties": self.node(),
        }
        return found

    def node(self) -> JSONSchema:
        """The schema of a `zarr.json` of either kind, chosen by its `node_type` as the readers choose.

        Chosen with `if`/`then`, not `anyOf`: a validator then reports what is
        wrong with the document as the kind it says it is, rather than that it
        fails to be the other kind.
        """
        return {
            "type": "object",
            "properties": {"node_type": {"enum": ["array", "group"]}},
            "required": ["node_type"],
            "if": _node_type_is("array"),
            "then": self.array(),
            "else": {"if": _node_type_is("group"), "then": self.group()},
        }

    def _override(self, node: Node) -> JSONSchema | None:
        if isinstance(node, Alias):
            kind = kind_of_alias(node.origin)  # pyright: ignore[reportArgumentType]
            return None if kind is None else self.field(kind)
        if isinstance(node, Record):
            if node.origin is ZarrV3ArrayMetadataJSON:
                return self.array()
            if node.origin is ZarrV3GroupMetadataJSON:
                return self.group()
            if node.origin is ZarrV3ConsolidatedMetadataJSON:
                return self.consolidated()
        return None

    def configuration(self, definition: Definition[Any]) -> JSONSchema:
        """The schema of a definition's configuration TypedDict."""
        reader = AnnotationReader(finite=definition.finite_numbers)
        return self.writer.schema(reader.read(definition.configuration, definition.name))

    def _field(self, kind: type[Definition[Any]]) -> JSONSchema:
        claimed = self.context.definitions_of(kind)
        branches: list[JSONValue] = [
            self._claimed(name, definition) for name, definition in claimed.items()
        ]
        branches.append(
            _unclaimed(
                kind,
                [name for name in claimed if name != RAW_BYTES_NAME],
                RAW_BYTES_NAME in claimed,
            )
        )
        found: JSONSchema = {"anyOf": branches}
        described = description_of(kind)
        if described is not None:
            found["description"] = described
        return found

    def _claimed(self, filed: str, definition: Definition[Any]) -> JSONSchema:
        """A claimed definition written as its name alone (when nothing is required) or as a named configuration."""
        carried = filed == RAW_BYTES_NAME
        name: JSONSchema = (
            {"type": "string", "pattern": RAW_PATTERN} if carried else {"const": filed}
        )
        # A raw bits name carries its configuration, so the object need not write one.
        configuration: JSONSchema = (
            {"type": "object"} if carried else self.configuration(definition)
        )
        required: list[JSONValue] = ["name"]
        if definition.requires_configuration and not carried:
            required.append("configuration")
        written: JSONSchema = {
            "type": "object",
            "properties": {
                "name": name,
                "configuration": configuration,
                "must_understand": {"const": True},
            },
            "required": required,
            "additionalProperties": False,
        }
        either: list[JSONValue] = [written] if len(required) > 1 else [name, written]
        found: JSONSchema = {"anyOf": either}
        described = _module_description(definition)
        if described is not None:
            found["description"] = described
        return found

    def _extra_field(self, kind: type[Definition[Any]]) -> JSONSchema:
        """An extra member as a field: an object of that one member."""
        claimed = self.context.definitions_of(kind)
        return {
            "type": "object",
            "minProperties": 1,
            "maxProperties": 1,
            "properties": {
                name: self.configuration(definition) for name, definition in claimed.items()
            },
        }

    def _array(self) -> JSONSchema:
        node = AnnotationReader().read(ZarrV3ArrayMetadataJSON, "ArrayMetadata")
        assert isinstance(node, Record)
        found = _described_members(self.writer.record(node), ZarrV3ArrayMetadata)
        properties = found["properties"]
        assert isinstance(properties, dict)
        # The reader needs a codec that turns the array into bytes, so there is at least one.
        properties["codecs"] = {**cast(JSONSchema, properties["codecs"]), "minItems": 1}
        self._add_extra_fields(found, ArrayExtraFieldDefinition)
        tightened = self._fill_values()
        if tightened:
            found["allOf"] = tightened
        return found

    def _group(self) -> JSONSchema:
        node = AnnotationReader().read(ZarrV3GroupMetadataJSON, "GroupMetadata")
        assert isinstance(node, Record)
        found = _described_members(self.writer.record(node), ZarrV3GroupMetadata)
        self._add_extra_fields(found, GroupExtraFieldDefinition)
        return found

    def _add_extra_fields(self, document: JSONSchema, kind: type[Definition[Any]]) -> None:
        properties = document["properties"]
        assert isinstance(properties, dict)
        for name, definition in self.context.definitions_of(kind).items():
            properties[name] = self.configuration(definition)

    def _fill_values(self) -> list[JSONValue]:
        """For each claimed data type, the fill value its shape takes, when the document names that data type."""
        found: list[JSONValue] = []
        for name, definition in self.context.data_types.items():
            if name == RAW_BYTES_NAME:
                continue
            shape = AnnotationReader().read(definition.fill_value, f"{name}.fill_value")
            named: JSONSchema = {
                "anyOf": [
                    {"const": name},
                    {
                        "type": "object",
                        "properties": {"name": {"const": name}},
                        "required": ["name"],
                    },
                ]
            }
            found.append(
                {
                    "if": {"properties": {"data_type": named}, "required": ["data_type"]},
                    "then": {"properties": {"fill_value": self.writer.schema(shape)}},
                }
            )
        return found


def _node_type_is(node_type: str) -> JSONSchema:
    return {"properties": {"node_type": {"const": node_type}}, "required": ["node_type"]}


def _unclaimed(kind: type[Definition[Any]], claimed: list[str], raw_claimed: bool) -> JSONSchema:
    """Any name the scope does not claim, bare or with any configuration."""
    taken: list[JSONValue] = [{"enum": list(claimed)}] if claimed else []
    if raw_claimed:
        taken.append({"pattern": RAW_PATTERN})
    name: JSONSchema = {"type": "string", "pattern": NAME_PATTERN}
    if taken:
        name["not"] = {"anyOf": taken}
    written: JSONSchema = {
        "type": "object",
        "properties": {
            "name": name,
            "configuration": {"type": "object"},
            "must_understand": {"const": True},
        },
        "required": ["name"],
        "additionalProperties": False,
    }
    return {
        "description": f"A {kind.label} this scope does not claim, with any configuration.",
        "anyOf": [name, written],
    }


def _module_description(definition: Definition[Any]) -> str | None:
    """What the module that defines a definition's configuration says about it."""
    module = sys.modules.get(definition.configuration.__module__)
    return description_of(module) if module is not None else None


def _described_members(record: JSONSchema, model: type) -> JSONSchema:
    """`record` with each member described by the docstring of the model's property of that name."""
    properties = record.get("properties")
    assert isinstance(properties, dict)
    for key, schema in list(properties.items()):
        described = description_of(getattr(model, key, None))
        if described is not None and isinstance(schema, dict) and "description" not in schema:
            properties[key] = {**schema, "description": described}
    described = description_of(model)
    if described is not None:
        record["description"] = described
    return record
