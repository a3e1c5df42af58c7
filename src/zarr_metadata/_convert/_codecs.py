"""A v2 array's `order`, `filters` and `compressor` as the v3 codec pipeline that decodes the same chunk bytes.

v2 encodes a chunk as its array in `order` (C or F), then each filter, then
the compressor. v3 says the same with a `transpose` (for F order), the
filters' codecs, one array -> bytes codec (`bytes` with the data type's
endian, or the object codec of an object data type), and the compressor. A
filter that already turned the chunk into bytes must be followed by codecs
of bytes only: v3 has no place for an array codec after it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, Final, cast

from zarr_metadata._convert._data_type import ENDIANS, DataTypeV3, Endian
from zarr_metadata._convert._problem import not_convertible
from zarr_metadata._json import JSONValue, Loc, ValidationProblem
from zarr_metadata.definition._extension import canonical_configuration
from zarr_metadata.v2._field_kinds import ZarrV2CodecDefinition, type_string_configuration
from zarr_metadata.v2.codec.compression import BLOSC_CODEC_V2, GZIP_CODEC_V2, ZSTD_CODEC_V2
from zarr_metadata.v3.definition import CodecDefinition, ZarrV3Context

OBJECT_CODECS: Final = frozenset({"vlen-utf8", "vlen-bytes", "vlen-array"})
"""The v2 filters that encode the objects of an `O` data type."""

_STAGES: Final = {"array_array": 0, "array_bytes": 1, "bytes_bytes": 2}
_SHUFFLES: Final = {0: "noshuffle", 1: "shuffle", 2: "bitshuffle"}
_AUTOSHUFFLE: Final = -1
_OUTPUT_TYPE_MEMBER: Final = {
    "delta": "astype",
    "fixedscaleoffset": "astype",
    "quantize": "astype",
    "categorize": "astype",
    "astype": "encode_dtype",
}
"""For a filter that changes the data type of what it encodes, the member that names the new one."""


@dataclasses.dataclass(frozen=True, slots=True)
class Pipeline:
    """The v3 codecs of a converted array, and for each the v2 member it was made from."""

    codecs: tuple[JSONValue, ...]
    sources: tuple[Loc, ...]


def converted_codecs(
    array: Mapping[str, Any], data_type: DataTypeV3, context: ZarrV3Context
) -> tuple[Pipeline | None, tuple[ValidationProblem, ...]]:
    """The v3 pipeline of a valid v2 array document, each codec claimed in `context`; problems at v2 members."""
    shape: Sequence[int] = array["shape"]
    written: list[tuple[Loc, Mapping[str, JSONValue]]] = [
        (("filters", index), codec) for index, codec in enumerate(array.get("filters") or ())
    ]
    if array.get("compressor") is not None:
        written.append((("compressor",), array["compressor"]))
    codecs: list[JSONValue] = []
    sources: list[Loc] = []
    if array.get("order") == "F" and len(shape) > 1:
        order: list[JSONValue] = [axis for axis in reversed(range(len(shape)))]
        codecs.append({"name": "transpose", "configuration": {"order": order}})
        sources.append(("order",))
    # What the array -> bytes codec receives: the array, or what the last array codec before it hands on.
    items = _Items(
        data_type.layout.itemsize if data_type.layout is not None else 1, data_type.endian
    )
    to_bytes: _Items | None = None
    for loc, codec in written:
        codec_id = cast("str", codec["id"])
        converted = (
            {"name": codec_id}
            if codec_id in OBJECT_CODECS
            else _converted_codec(codec_id, codec, items.itemsize)
        )
        if to_bytes is None and _kind(converted, context) != "array_array":
            to_bytes = items
        codecs.append(converted)
        sources.append(loc)
        items = _items_after(codec_id, codec, items)
    problems: list[ValidationProblem] = []
    kinds = _kinds(codecs, sources, context, problems)
    if kinds is None:
        return None, tuple(problems)
    if "array_bytes" not in kinds:
        at = next((index for index, kind in enumerate(kinds) if kind != "array_array"), len(kinds))
        codecs.insert(at, _bytes_codec(items if to_bytes is None else to_bytes))
        sources.insert(at, ("dtype",))
        kinds.insert(at, "array_bytes")
    problems.extend(_order_problems(kinds, sources, written))
    if problems:
        return None, tuple(problems)
    return Pipeline(tuple(codecs), tuple(sources)), ()


def _kind(codec: JSONValue, context: ZarrV3Context) -> str | None:
    name = cast("str", cast("Mapping[str, JSONValue]", codec)["name"])
    definition = cast("CodecDefinition[Any] | None", context.claimant(CodecDefinition, name))
    return None if definition is None else definition.kind


def _filled(
    definition: ZarrV2CodecDefinition[Any], configuration: Mapping[str, JSONValue]
) -> Mapping[str, Any]:
    """A v2 codec's configuration with the defaults its definition declares filled in: the registered v3 codec writes every parameter."""
    return cast("Mapping[str, Any]", canonical_configuration(definition, configuration))


def _converted_codec(codec_id: str, codec: Mapping[str, JSONValue], itemsize: int) -> JSONValue:
    """The v3 codec of a v2 codec: the registered one where it exists, else `numcodecs.<id>` with the same members."""
    configuration = {member: value for member, value in codec.items() if member != "id"}
    if codec_id == "blosc":
        filled = _filled(BLOSC_CODEC_V2, configuration)
        shuffle = cast("int", filled["shuffle"])
        if shuffle == _AUTOSHUFFLE:
            # numcodecs chooses at encoding time by the size of an item, as this does.
            shuffle = 2 if itemsize == 1 else 1
        members = {
            "cname": filled["cname"],
            "clevel": filled["clevel"],
            "shuffle": _SHUFFLES[shuffle],
        }
        return {
            "name": "blosc",
            "configuration": {**members, "typesize": itemsize, "blocksize": filled["blocksize"]},
        }
    if codec_id == "zstd":
        filled = _filled(ZSTD_CODEC_V2, configuration)
        return {
            "name": "zstd",
            "configuration": {"level": filled["level"], "checksum": filled["checksum"]},
        }
    if codec_id == "gzip":
        return {
            "name": "gzip",
            "configuration": {"level": _filled(GZIP_CODEC_V2, configuration)["level"]},
        }
    if codec_id == "crc32c" and configuration.get("location", "end") == "end":
        # The v3 crc32c codec writes its checksum after the bytes, as numcodecs' does by default.
        return {"name": "crc32c"}
    return {"name": f"numcodecs.{codec_id}", "configuration": configuration}


@dataclasses.dataclass(frozen=True, slots=True)
class _Items:
    """What one item of the data a codec receives is: its size in bytes, and its endian (None for one byte)."""

    itemsize: int
    endian: Endian | None


def _items_after(codec_id: str, codec: Mapping[str, JSONValue], items: _Items) -> _Items:
    """What one item of what a v2 codec hands on is, for a blosc `typesize` and the `bytes` codec's endian."""
    if codec_id == "bitround":
        return items
    member = _OUTPUT_TYPE_MEMBER.get(codec_id)
    if member is None:
        return _Items(1, None)  # packbits writes bytes, and every other codec encodes to bytes
    written = codec.get(member, codec.get("dtype"))
    read = type_string_configuration(written) if isinstance(written, str) else None
    if read is None:
        return items
    family, configuration = read
    size = cast("int", configuration.get("itemsize", 1))
    itemsize = 4 * size if family == "str" else size
    return _Items(itemsize, ENDIANS.get(cast("str", configuration["byteorder"])))


def _bytes_codec(items: _Items) -> JSONValue:
    if items.endian is None:
        return {"name": "bytes"}
    return {"name": "bytes", "configuration": {"endian": items.endian}}


def _kinds(
    codecs: Sequence[JSONValue],
    sources: Sequence[Loc],
    context: ZarrV3Context,
    problems: list[ValidationProblem],
) -> list[str] | None:
    """The stage of each codec, by the definition that claims it in `context`; None when one is not claimed."""
    kinds: list[str] = []
    for codec, loc in zip(codecs, sources, strict=True):
        kind = _kind(codec, context)
        if kind is None:
            name = cast("Mapping[str, JSONValue]", codec)["name"]
            problems.append(
                not_convertible(
                    loc, f"no codec named {name!r} is in the Zarr v3 scope converted to"
                )
            )
            continue
        kinds.append(kind)
    return None if problems else kinds


def _order_problems(
    kinds: Sequence[str],
    sources: Sequence[Loc],
    written: Sequence[tuple[Loc, Mapping[str, JSONValue]]],
) -> list[ValidationProblem]:
    ids = {loc: codec["id"] for loc, codec in written}
    problems: list[ValidationProblem] = []
    reached = 0
    for kind, loc in zip(kinds, sources, strict=True):
        stage = _STAGES[kind]
        if stage < reached:
            why = (
                f"the codec {ids.get(loc)!r} encodes an array, and follows a codec that already encoded the chunk"
                " to bytes; a Zarr v3 pipeline has array codecs first"
            )
            problems.append(not_convertible(loc, why, ids.get(loc)))
        reached = max(reached, stage)
    return problems
