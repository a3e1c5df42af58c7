"""Writing shape nodes as JSON Schema (draft 2020-12), each named node once under `$defs`."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeAlias

from zarr_metadata._descriptions import description_of, member_descriptions
from zarr_metadata._json import UNSET, JSONValue
from zarr_metadata._shapes import (
    Alias,
    AnyJSON,
    Array,
    Choice,
    FixedArray,
    Node,
    Object,
    Passthrough,
    Record,
    Scalar,
    Union,
)

JSONSchema: TypeAlias = dict[str, JSONValue]
"""A JSON Schema document."""

DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema"

Override: TypeAlias = Callable[[Node], "JSONSchema | None"]
"""Asked first for each named node: a schema to write in its place, or None to write the node itself."""


def _nothing(node: Node) -> JSONSchema | None:
    return None


class NodeWriter:
    """Writes nodes as schemas, each named node once under `definitions`, with the descriptions of TypedDicts and their members."""

    def __init__(
        self, definitions: dict[str, JSONValue] | None = None, override: Override = _nothing
    ) -> None:
        self.definitions: dict[str, JSONValue] = {} if definitions is None else definitions
        self._names: dict[int, str] = {}
        self._override = override

    def schema(self, node: Node) -> JSONSchema:
        if isinstance(node, Record | Alias):
            replaced = self._override(node)
            if replaced is not None:
                return replaced
            return {"$ref": f"#/$defs/{self._defined(node)}"}
        if isinstance(node, AnyJSON | Passthrough):
            return {}
        if isinstance(node, Scalar):
            return _scalar(node)
        if isinstance(node, Choice):
            if len(node.values) == 1:
                return {"const": node.values[0]}
            return {"enum": list(node.values)}
        if isinstance(node, Array | FixedArray):
            return self._array(node)
        if isinstance(node, Object):
            return {"type": "object", "additionalProperties": self.schema(node.value)}
        if isinstance(node, Union):
            return {"anyOf": [self.schema(member) for member in node.members]}
        msg = f"no JSON Schema for {node!r}"
        raise TypeError(msg)

    def define(self, name: str, write: Callable[[], JSONSchema]) -> str:
        """Put the schema `write` gives under a free name near `name`, reserved first since the body may refer to it."""
        free = name
        suffix = 1
        while free in self.definitions:
            suffix += 1
            free = f"{name}{suffix}"
        self.definitions[free] = {}
        self.definitions[free] = write()
        return free

    def _array(self, node: Array | FixedArray) -> JSONSchema:
        if isinstance(node, FixedArray):
            count = len(node.items)
            return {
                "type": "array",
                "prefixItems": [self.schema(item) for item in node.items],
                "items": False,
                "minItems": count,
                "maxItems": count,
            }
        found: JSONSchema = {"type": "array", "items": self.schema(node.item)}
        if node.min_length is not None:
            found["minItems"] = node.min_length
        if node.max_length is not None:
            found["maxItems"] = node.max_length
        return found

    def _defined(self, node: Record | Alias) -> str:
        # Keyed by the TypedDict or alias read, so two readings of one share a definition.
        key = id(node) if node.origin is None else id(node.origin)
        known = self._names.get(key)
        if known is not None:
            return known
        # Named before the body is written, so a recursive node refers to itself.
        name = self.define(node.name, lambda: {})
        self._names[key] = name
        self.definitions[name] = (
            self.record(node) if isinstance(node, Record) else self._alias(node)
        )
        return name

    def _alias(self, node: Alias) -> JSONSchema:
        assert node.target is not None
        found = self.schema(node.target)
        described = description_of(node.origin)
        return found if described is None else {**found, "description": described}

    def record(self, node: Record) -> JSONSchema:
        """The schema of a TypedDict, described by its docstring and each member by the docstring under it, with its default."""
        docs = member_descriptions(node.origin) if isinstance(node.origin, type) else {}
        properties: dict[str, JSONValue] = {}
        for member in node.members:
            written = self.schema(member.node)
            described = docs.get(member.key)
            if described is not None:
                written = {**written, "description": described}
            if member.default is not UNSET:
                written = {**written, "default": member.default}
            properties[member.key] = written
        found: JSONSchema = {"type": "object", "properties": properties}
        described = description_of(node.origin) if isinstance(node.origin, type) else None
        if described is not None:
            found["description"] = described
        required: list[JSONValue] = [member.key for member in node.members if member.required]
        if required:
            found["required"] = required
        found["additionalProperties"] = False if node.extra is None else self.schema(node.extra)
        return found


def _scalar(node: Scalar) -> JSONSchema:
    if node.type is type(None):
        return {"type": "null"}
    if node.type is bool:
        return {"type": "boolean"}
    if node.type is str:
        found: JSONSchema = {"type": "string"}
        if node.min_length is not None:
            found["minLength"] = node.min_length
        if node.max_length is not None:
            found["maxLength"] = node.max_length
        return found
    found = {"type": "integer" if node.type is int else "number"}
    bounds = node.bounds
    for name, keyword in (
        ("ge", "minimum"),
        ("gt", "exclusiveMinimum"),
        ("le", "maximum"),
        ("lt", "exclusiveMaximum"),
    ):
        bound = getattr(bounds, name)
        if bound is not None:
            found[keyword] = bound
    return found


class ScopeSchemas:
    """The schemas of one scope's fields and documents, sharing one `$defs`; each format's writer says what a field is."""

    def __init__(self) -> None:
        self.writer = NodeWriter(override=self._override)
        self._named: dict[object, str] = {}

    def document(self, root: JSONSchema) -> JSONSchema:
        """`root` as a whole schema document, with every definition it refers to."""
        found: JSONSchema = {"$schema": DRAFT_2020_12, **root}
        if self.writer.definitions:
            found["$defs"] = dict(self.writer.definitions)
        return found

    def _named_once(self, key: object, name: str, write: Callable[[], JSONSchema]) -> JSONSchema:
        """A reference to the definition of `key`, written by `write` the first time it is asked for."""
        known = self._named.get(key)
        if known is None:
            # Named before written: a field may hold fields of its own kind (a codec
            # holds codecs, a structured type holds types), which refer to the name.
            known = self._named[key] = self.writer.define(name, lambda: {})
            self.writer.definitions[known] = write()
        return {"$ref": f"#/$defs/{known}"}

    def _override(self, node: Node) -> JSONSchema | None:
        """The schema to write in place of `node`, or None to write it as the checker reads it."""
        return None
