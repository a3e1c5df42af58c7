"""JSON Schema (draft 2020-12) of the shapes `typed_json.check` reads.

The schema is written from the same nodes the checker is compiled from,
so a value the checker accepts, the schema accepts.
"""

from __future__ import annotations

from typing import TypeAlias

from zarr_metadata._json import JSONValue
from zarr_metadata._shapes import (
    Alias,
    AnyJSON,
    Array,
    Choice,
    FixedArray,
    Node,
    Object,
    Passthrough,
    Reader,
    Record,
    Scalar,
    Union,
)

__all__ = ["JSONSchema", "json_schema"]

JSONSchema: TypeAlias = dict[str, JSONValue]
"""A JSON Schema document."""

DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema"


def json_schema(shape: type) -> JSONSchema:
    """The JSON Schema of `shape`, with `$defs` for its named TypedDicts and aliases."""
    writer = _Writer()
    root = writer.schema(Reader().read(shape, getattr(shape, "__name__", repr(shape))))
    document: JSONSchema = {"$schema": DRAFT_2020_12, **root}
    if writer.definitions:
        document["$defs"] = dict(writer.definitions)
    return document


class _Writer:
    """Writes nodes as schemas, each named node once under `$defs`."""

    def __init__(self) -> None:
        self.definitions: dict[str, JSONValue] = {}
        self._names: dict[int, str] = {}

    def schema(self, node: Node) -> JSONSchema:
        if isinstance(node, Record | Alias):
            return {"$ref": f"#/$defs/{self._defined(node)}"}
        if isinstance(node, AnyJSON | Passthrough):
            return {}
        if isinstance(node, Scalar):
            return _scalar(node)
        if isinstance(node, Choice):
            if len(node.values) == 1:
                return {"const": node.values[0]}
            return {"enum": list(node.values)}
        if isinstance(node, Array):
            found: JSONSchema = {"type": "array", "items": self.schema(node.item)}
            if node.min_length is not None:
                found["minItems"] = node.min_length
            if node.max_length is not None:
                found["maxItems"] = node.max_length
            return found
        if isinstance(node, FixedArray):
            count = len(node.items)
            return {
                "type": "array",
                "prefixItems": [self.schema(item) for item in node.items],
                "items": False,
                "minItems": count,
                "maxItems": count,
            }
        if isinstance(node, Object):
            return {"type": "object", "additionalProperties": self.schema(node.value)}
        if isinstance(node, Union):
            return {"anyOf": [self.schema(member) for member in node.members]}
        msg = f"no JSON Schema for {node!r}"
        raise TypeError(msg)

    def _defined(self, node: Record | Alias) -> str:
        known = self._names.get(id(node))
        if known is not None:
            return known
        name = node.name
        suffix = 1
        while name in self.definitions:
            suffix += 1
            name = f"{node.name}{suffix}"
        self._names[id(node)] = name
        # Reserve the name before writing the body, which may refer to it.
        self.definitions[name] = {}
        self.definitions[name] = self._record(node) if isinstance(node, Record) else self._alias(node)
        return name

    def _alias(self, node: Alias) -> JSONSchema:
        assert node.target is not None
        return self.schema(node.target)

    def _record(self, node: Record) -> JSONSchema:
        found: JSONSchema = {
            "type": "object",
            "properties": {member.key: self.schema(member.node) for member in node.members},
        }
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
