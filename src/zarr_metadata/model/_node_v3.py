"""Reading a v3 `zarr.json` of either node type, dispatched on `node_type` like a tagged union."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from typing import Any, Literal, TypeAlias, cast

from typing_extensions import TypedDict

from zarr_metadata._json import Loc, UserJSONValue, ValidationProblem
from zarr_metadata.definition._fields import ResolvedField
from zarr_metadata.model._array_model_v3 import ZarrV3ArrayMetadata
from zarr_metadata.model._array_v3 import ZarrV3ArrayMetadataReading, read_array_metadata_v3
from zarr_metadata.model._group_v3 import (
    ZarrV3GroupMetadata,
    ZarrV3GroupMetadataReading,
    read_group_metadata_v3,
)
from zarr_metadata.model._keyed import StoreKey, document_from
from zarr_metadata.problems import MetadataValidationError
from zarr_metadata.typed_json import refine
from zarr_metadata.v3._context import ZarrV3Context


class _NodeDocument(TypedDict, extra_items=UserJSONValue):
    """What every v3 `zarr.json` says before its node type decides how the rest is read."""

    zarr_format: Literal[3]
    node_type: Literal["array", "group"]


@dataclasses.dataclass(frozen=True)
class ZarrV3UnknownNodeMetadataReading:
    """A v3 document whose node type is neither "array" nor "group": only its problems."""

    problems: tuple[ValidationProblem, ...]

    @property
    def metadata(self) -> None:
        """A document of no known node type has no model."""
        return None

    def fields(self) -> Iterator[tuple[Loc, ResolvedField[Any]]]:
        """No field is read from a document of no known node type."""
        return iter(())


ZarrV3NodeMetadataReading: TypeAlias = (
    ZarrV3ArrayMetadataReading | ZarrV3GroupMetadataReading | ZarrV3UnknownNodeMetadataReading
)
ZarrV3NodeMetadata: TypeAlias = ZarrV3ArrayMetadata | ZarrV3GroupMetadata


def read_node_metadata_v3(value: object, *, context: ZarrV3Context | None = None) -> ZarrV3NodeMetadataReading:
    """Read `value` as a v3 array or group `zarr.json`, as its `node_type` says; never raises on bad input."""
    if isinstance(value, Mapping):
        document = cast("Mapping[object, object]", value)
        node_type = document.get("node_type")
        if node_type == "array":
            return read_array_metadata_v3(document, context=context)
        if node_type == "group":
            return read_group_metadata_v3(document, context=context)
    return ZarrV3UnknownNodeMetadataReading(_untagged(cast(object, value)))


def _untagged(value: object) -> tuple[ValidationProblem, ...]:
    """The problems of a document whose `node_type` picks no reader.

    Like a tagged union's tag, an absent `node_type` leaves no shape to read
    the document by, so it is an `invalid_value` at the tag, not a missing
    member of some known shape.
    """
    problems = refine(value, _NodeDocument)[1]
    return tuple(
        ValidationProblem(
            problem.loc, 'expected a node_type, "array" or "group", found none', "invalid_value"
        )
        if problem.loc == ("node_type",) and problem.kind == "missing_key"
        else problem
        for problem in problems
    )


def node_metadata_from_json_v3(data: object, *, context: ZarrV3Context | None = None) -> ZarrV3NodeMetadata:
    """The model of a v3 array or group document; raises `MetadataValidationError` with every problem."""
    reading = read_node_metadata_v3(data, context=context)
    if reading.metadata is None:
        raise MetadataValidationError(reading.problems)
    return reading.metadata


def node_metadata_from_key_value_v3(
    mapping: Mapping[StoreKey, bytes], *, context: ZarrV3Context | None = None
) -> ZarrV3NodeMetadata:
    """The model of the `zarr.json` bytes in `mapping`, array or group."""
    return node_metadata_from_json_v3(document_from(mapping, "zarr.json"), context=context)
