"""One valid v2 node's document as the v3 `zarr.json` document of the same node, with problems located in the v2 document.

The v2 document here is the one a v2 reader reads: the `.zarray` or
`.zgroup` members, with the `.zattrs` as `attributes`. Where a problem
points is said in that document too (`("compressor", "clevel")`,
`("attributes", "_ARRAY_DIMENSIONS")`); the public functions move it into
the files it came from.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, cast

from zarr_metadata._convert._codecs import Pipeline, converted_codecs
from zarr_metadata._convert._data_type import converted_data_type
from zarr_metadata._convert._fill_value import converted_fill_value
from zarr_metadata._json import JSONValue, Loc, Problems, ValidationProblem
from zarr_metadata.model._array_v2 import OBJECT_CODECS as ENCODES_OBJECTS
from zarr_metadata.v3.definition import ZarrV3Context

DIMENSIONS_ATTRIBUTE: Final = "_ARRAY_DIMENSIONS"
"""The attribute in which xarray writes the names of a v2 array's dimensions."""


def converted_group(group: Mapping[str, Any]) -> dict[str, JSONValue]:
    """The v3 document of a valid v2 group document."""
    document: dict[str, JSONValue] = {"zarr_format": 3, "node_type": "group"}
    if group.get("attributes"):
        document["attributes"] = _json(group["attributes"])
    return document


def converted_array(
    array: Mapping[str, Any], context: ZarrV3Context
) -> tuple[dict[str, JSONValue] | None, Pipeline | None, Problems]:
    """The v3 document of a valid v2 array document, its codecs claimed in `context`, and every problem that stops it."""
    object_codec = next(
        (codec["id"] for codec in array.get("filters") or () if codec["id"] in ENCODES_OBJECTS),
        None,
    )
    data_type, problems = converted_data_type(_json(array["dtype"]), object_codec, ("dtype",))
    if data_type is None:
        return None, None, problems
    fill_value, fill_problems = converted_fill_value(
        _json(array["fill_value"]), data_type.layout, data_type.json, ("fill_value",)
    )
    pipeline, codec_problems = converted_codecs(array, data_type, context)
    problems = fill_problems + codec_problems
    if pipeline is None or problems:
        return None, None, problems
    shape: Sequence[int] = array["shape"]
    document: dict[str, JSONValue] = {
        "zarr_format": 3,
        "node_type": "array",
        "shape": list(shape),
        "data_type": data_type.json,
        "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": list(array["chunks"])}},
        "chunk_key_encoding": {
            "name": "v2",
            "configuration": {"separator": array.get("dimension_separator", ".")},
        },
        "fill_value": fill_value,
        "codecs": list(pipeline.codecs),
    }
    attributes: Mapping[str, Any] = array.get("attributes") or {}
    if attributes:
        document["attributes"] = _json(attributes)
    dimensions = attributes.get(DIMENSIONS_ATTRIBUTE)
    if _names_each_dimension(dimensions, len(shape)):
        document["dimension_names"] = list(cast("Sequence[str]", dimensions))
    return document, pipeline, ()


def _names_each_dimension(dimensions: object, rank: int) -> bool:
    if not isinstance(dimensions, (list, tuple)):
        return False
    names = cast("Sequence[object]", dimensions)
    return len(names) == rank and all(isinstance(name, str) for name in names)


def v2_loc(loc: Loc, pipeline: Pipeline | None, array: Mapping[str, Any] | None) -> Loc:
    """Where in the v2 document lies the cause of a problem found at `loc` in the v3 document converted from it."""
    head, rest = (loc[0], loc[1:]) if loc else (None, ())
    if head in ("shape", "attributes", "fill_value"):
        return loc
    if head == "data_type":
        return ("dtype",)
    if head == "chunk_grid":
        return ("chunks", *rest[2:3])
    if head == "chunk_key_encoding":
        return (
            ("dimension_separator",) if array is not None and "dimension_separator" in array else ()
        )
    if head == "dimension_names":
        return ("attributes", DIMENSIONS_ATTRIBUTE)
    if head == "codecs" and pipeline is not None and rest and isinstance(rest[0], int):
        return _codec_loc(pipeline.sources[rest[0]], rest[1:], array)
    return ()


def _codec_loc(source: Loc, inside: Loc, array: Mapping[str, Any] | None) -> Loc:
    if (
        source[0] not in ("filters", "compressor")
        or inside[:1] != ("configuration",)
        or len(inside) < 2
    ):
        return source
    codec: Any = array
    for step in source:
        codec = codec[step]
    member = inside[1]
    return (*source, *inside[1:]) if member in codec else source


def refused_conversion(problem: ValidationProblem, loc: Loc) -> ValidationProblem:
    """A problem the v3 reader found in a converted document, located at its cause `loc` in the v2 document."""
    message = f"cannot be converted to Zarr v3: the converted document is refused there, {problem.message}"
    return ValidationProblem(loc, message, problem.kind, input=problem.input, ctx=problem.ctx)


def _json(value: Any) -> Any:
    """A plain copy of a model's JSON: lists and dicts, as a v3 reader takes them and a writer writes them."""
    if isinstance(value, Mapping):
        return {key: _json(item) for key, item in cast("Mapping[str, Any]", value).items()}
    if isinstance(value, (list, tuple)):
        return [_json(item) for item in cast("Sequence[Any]", value)]
    return value
