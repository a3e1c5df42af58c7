"""The document JSON the pydantic field types take and give: TypedDicts, and the JSON Schema pydantic writes of them.

Each is the package's TypedDict of the same name, closed or open as that one is
(a subclass does not inherit that). Pydantic only uses them to write a JSON
Schema (the readers judge the input): `json_schema`'s, where it writes one for
the document, else pydantic's own of the TypedDict.
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Callable, Mapping
from typing import Any, cast

from pydantic import GetCoreSchemaHandler, GetJsonSchemaHandler
from pydantic_core import CoreSchema, core_schema

from zarr_metadata._json import JSONValue
from zarr_metadata.v2 import array as _v2_array
from zarr_metadata.v2 import consolidated as _v2_consolidated
from zarr_metadata.v2 import group as _v2_group
from zarr_metadata.v3 import array as _v3_array
from zarr_metadata.v3 import consolidated as _v3_consolidated
from zarr_metadata.v3 import group as _v3_group

JSONSchema = dict[str, Any]

__all__ = [
    "ZarrV2ArrayMetadataJSON",
    "ZarrV2ConsolidatedMetadataJSON",
    "ZarrV2GroupMetadataJSON",
    "ZarrV3ArrayMetadataJSON",
    "ZarrV3ConsolidatedMetadataJSON",
    "ZarrV3GroupMetadataJSON",
]


class ZarrV3ArrayMetadataJSON(_v3_array.ZarrV3ArrayMetadataJSON, extra_items=JSONValue):
    """A v3 array's `zarr.json`."""


class ZarrV3GroupMetadataJSON(_v3_group.ZarrV3GroupMetadataJSON, extra_items=JSONValue):
    """A v3 group's `zarr.json`."""


class ZarrV3ConsolidatedMetadataJSON(_v3_consolidated.ZarrV3ConsolidatedMetadataJSON, closed=True):
    """A v3 group's `consolidated_metadata` member."""


class ZarrV2ArrayMetadataJSON(_v2_array.ZarrV2ArrayMetadataJSON, extra_items=JSONValue):
    """A v2 array: its `.zarray`, with its `.zattrs` as `attributes`."""


class ZarrV2GroupMetadataJSON(_v2_group.ZarrV2GroupMetadataJSON, closed=True):
    """A v2 group: its `.zgroup`, with its `.zattrs` as `attributes`."""


class ZarrV2ConsolidatedMetadataJSON(_v2_consolidated.ZarrV2ConsolidatedMetadataJSON):
    """A v2 `.zmetadata`."""


def _described(cls: type, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
    """The schema of the TypedDict for the JSON Schema of a field, serialising a value as it is."""
    schema = input_schema(cls, None)
    if schema is None:
        # The package's field JSON marks members ReadOnly, and pydantic warns that it
        # will not enforce that; these schemas never validate a value, so the warning
        # would only reach users who did nothing wrong.
        with warnings.catch_warnings():
            warnings.filterwarnings(
                "ignore", message=r".*`ReadOnly` qualifier", category=UserWarning
            )
            schema = handler(source)
    # `to_json` gave the document; serialising it member by member as the
    # TypedDict says would drop the extra members of a closed one.
    schema["serialization"] = core_schema.simple_ser_schema("any")
    return schema


for _shape in (
    ZarrV3ArrayMetadataJSON,
    ZarrV3GroupMetadataJSON,
    ZarrV3ConsolidatedMetadataJSON,
    ZarrV2ArrayMetadataJSON,
    ZarrV2GroupMetadataJSON,
    ZarrV2ConsolidatedMetadataJSON,
):
    # A TypedDict body may hold only annotations, so the hook is set afterwards.
    setattr(_shape, "__get_pydantic_core_schema__", classmethod(_described))  # noqa: B010


def input_schema(shape: type, context: object | None) -> CoreSchema | None:
    """The schema whose JSON Schema is `json_schema`'s of `shape` in `context`, or None where it writes none.

    Each definition is named after what it is (`ZarrV3ArrayMetadataJSON`, ...);
    its core reference also carries the scope's identity, since one name holds
    another schema in another scope. The reference lives no longer than the
    scope: the validator built beside it holds the scope.
    """
    written = _default_schema(shape) if context is None else _written(shape, context)
    if written is None:
        return None
    v2 = shape in (ZarrV2ArrayMetadataJSON, ZarrV2GroupMetadataJSON, ZarrV2ConsolidatedMetadataJSON)
    version = "zarr_metadata.v2" if v2 else "zarr_metadata.v3"
    # Pydantic drops the part of a reference after ":" when it names a definition.
    scope = "" if context is None else f":{id(context)}"
    # Made anew each time: pydantic changes the core schemas it is given.
    return _with_definitions(written, lambda name: f"{version}.{name}{scope}")


@functools.cache
def _default_schema(shape: type) -> JSONSchema | None:
    # One for each of the six shapes, in the readers' default scopes.
    return _written(shape, None)


def _written(shape: type, context: object | None) -> JSONSchema | None:
    from zarr_metadata import _schema_v2, _schema_v3

    given = cast(Any, context)
    if shape is ZarrV3ArrayMetadataJSON:
        return _schema_v3.array_metadata_json_schema_v3(context=given)
    if shape is ZarrV3GroupMetadataJSON:
        return _schema_v3.group_metadata_json_schema_v3(context=given)
    if shape is ZarrV3ConsolidatedMetadataJSON:
        return _schema_v3.consolidated_metadata_json_schema_v3(context=given)
    if shape is ZarrV2ConsolidatedMetadataJSON:
        return _schema_v2.consolidated_metadata_json_schema_v2(context=given)
    if shape is ZarrV2ArrayMetadataJSON:
        return _with_attributes(
            _schema_v2.zarray_json_schema_v2(context=given), ZarrV2ArrayMetadataJSON.__name__
        )
    if shape is ZarrV2GroupMetadataJSON:
        return _with_attributes(
            _schema_v2.zgroup_json_schema_v2(context=given), ZarrV2GroupMetadataJSON.__name__
        )
    return None


def _with_attributes(file_schema: JSONSchema, name: str) -> JSONSchema:
    """The schema of a v2 node file's document with its `.zattrs` as `attributes`, as a v2 model reads and writes it, defined as `name`."""
    definitions = dict(cast(Mapping[str, Any], file_schema["$defs"]))
    file_name = cast(str, file_schema["$ref"]).removeprefix(_LOCAL)
    node = dict(definitions[file_name])
    properties = dict(cast(Mapping[str, Any], node.get("properties", {})))
    properties["attributes"] = {
        "type": "object",
        "description": "The node's `.zattrs`: the user attributes.",
    }
    node["properties"] = properties
    definitions[name] = node
    return {"$defs": definitions, "$ref": f"{_LOCAL}{name}"}


def _with_definitions(schema: JSONSchema, reference: Callable[[str], str]) -> CoreSchema:
    """A core schema whose JSON Schema is `schema`, each of its `$defs` a definition of the model's schema.

    Pydantic keeps a definition only when the core schema reaches it, and refuses
    a `$ref` to a definition it does not hold; so each of `schema`'s `$defs` is an
    item of a tuple whose JSON Schema is then replaced by `schema`'s root.
    """
    definitions = cast(Mapping[str, Any], schema.get("$defs", {}))
    root: JSONSchema = {
        key: value for key, value in schema.items() if key not in ("$defs", "$schema")
    }
    if list(root) == ["$ref"]:
        # Pydantic takes a schema that is only a reference for the definition it
        # names, and would write the field's title into that definition.
        root = {"allOf": [root]}

    def relinked(value: Any, handler: GetJsonSchemaHandler) -> Any:
        if isinstance(value, Mapping):
            found: dict[str, Any] = {}
            for key, member in cast(Mapping[str, Any], value).items():
                if key == "$ref" and isinstance(member, str) and member.startswith(_LOCAL):
                    found.update(
                        handler(
                            core_schema.definition_reference_schema(
                                reference(member[len(_LOCAL) :])
                            )
                        )
                    )
                else:
                    found[key] = relinked(member, handler)
            return found
        if isinstance(value, list):
            return [relinked(item, handler) for item in cast(list[Any], value)]
        return value

    def written(body: Any) -> Callable[[CoreSchema, GetJsonSchemaHandler], Any]:
        return lambda _schema, handler: relinked(body, handler)

    def rooted(tuple_schema: CoreSchema, handler: GetJsonSchemaHandler) -> Any:
        handler(tuple_schema)  # writes each definition, which the root then refers to
        return relinked(root, handler)

    items: list[CoreSchema] = [
        core_schema.any_schema(
            ref=reference(name), metadata={"pydantic_js_functions": [written(body)]}
        )
        for name, body in definitions.items()
    ]
    return core_schema.tuple_schema(items, metadata={"pydantic_js_functions": [rooted]})


_LOCAL = "#/$defs/"
