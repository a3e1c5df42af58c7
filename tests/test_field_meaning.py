"""Fields, and the models that hold them, are equal when they mean the same: by canonical spelling and by the definitions that read them.

The v2 table below is the evidence for the canonical spelling of each
numcodecs codec: what numcodecs' `get_config()` (numcodecs 0.16.6, and the
same in 0.15.2) returns for the codec built from the configuration on the
left. Every member is written, the defaults filled in, and each given value
is kept as given (`Zstd(23).get_config()` is `{"level": 23, ...}`, not
clamped to 22).
"""

from __future__ import annotations

import json
import pickle
from typing import Any

import pytest

from zarr_metadata.definition import AcceptedField, UnclaimedField, canonical_of, resolve
from zarr_metadata.model import ZarrV2ArrayMetadata, ZarrV3ArrayMetadata
from zarr_metadata.v2 import CORE_V2
from zarr_metadata.v2.codec.compression import ZarrV2ZlibParameters
from zarr_metadata.v2.definition import ZarrV2CodecDefinition
from zarr_metadata.v3 import CORE_AND_EXTENSIONS
from zarr_metadata.v3.codec.zstd import ZstdCodecConfiguration
from zarr_metadata.v3.definition import CodecDefinition

# (written, get_config() of the codec numcodecs builds from it)
GET_CONFIG: list[tuple[dict[str, Any], dict[str, Any]]] = [
    ({"id": "zlib"}, {"id": "zlib", "level": 1}),
    ({"id": "zlib", "level": -1}, {"id": "zlib", "level": -1}),
    ({"id": "gzip"}, {"id": "gzip", "level": 1}),
    ({"id": "bz2"}, {"id": "bz2", "level": 1}),
    ({"id": "lzma"}, {"id": "lzma", "format": 1, "check": -1, "preset": None, "filters": None}),
    (
        {"id": "lzma", "format": 3, "filters": [{"id": 33}]},
        {"id": "lzma", "format": 3, "check": -1, "preset": None, "filters": [{"id": 33}]},
    ),
    ({"id": "blosc"}, {"id": "blosc", "cname": "lz4", "clevel": 5, "shuffle": 1, "blocksize": 0}),
    (
        {"id": "blosc", "shuffle": -1},
        {"id": "blosc", "cname": "lz4", "clevel": 5, "shuffle": -1, "blocksize": 0},
    ),
    (
        {"id": "blosc", "blocksize": 5},
        {"id": "blosc", "cname": "lz4", "clevel": 5, "shuffle": 1, "blocksize": 5},
    ),
    ({"id": "zstd"}, {"id": "zstd", "level": 0, "checksum": False}),
    ({"id": "zstd", "level": 23}, {"id": "zstd", "level": 23, "checksum": False}),
    ({"id": "zstd", "checksum": True}, {"id": "zstd", "level": 0, "checksum": True}),
    ({"id": "lz4"}, {"id": "lz4", "acceleration": 1}),
    ({"id": "lz4", "acceleration": 0}, {"id": "lz4", "acceleration": 0}),
    ({"id": "delta", "dtype": "<i4"}, {"id": "delta", "dtype": "<i4", "astype": "<i4"}),
    (
        {"id": "delta", "dtype": "<i4", "astype": "<i2"},
        {"id": "delta", "dtype": "<i4", "astype": "<i2"},
    ),
    (
        {"id": "delta", "dtype": "<i1", "astype": None},
        {"id": "delta", "dtype": "|i1", "astype": "|i1"},
    ),
    (
        {"id": "quantize", "digits": 2, "dtype": "<f8"},
        {"id": "quantize", "digits": 2, "dtype": "<f8", "astype": "<f8"},
    ),
    (
        {"id": "fixedscaleoffset", "offset": 0, "scale": 1, "dtype": "<f8"},
        {"id": "fixedscaleoffset", "scale": 1, "offset": 0, "dtype": "<f8", "astype": "<f8"},
    ),
    (
        {"id": "astype", "encode_dtype": "<i4", "decode_dtype": "<f8"},
        {"id": "astype", "encode_dtype": "<i4", "decode_dtype": "<f8"},
    ),
    ({"id": "packbits"}, {"id": "packbits"}),
    ({"id": "shuffle"}, {"id": "shuffle", "elementsize": 4}),
    ({"id": "shuffle", "elementsize": 8}, {"id": "shuffle", "elementsize": 8}),
    ({"id": "bitround", "keepbits": 3}, {"id": "bitround", "keepbits": 3}),
    ({"id": "vlen-utf8"}, {"id": "vlen-utf8"}),
    ({"id": "vlen-bytes"}, {"id": "vlen-bytes"}),
    ({"id": "vlen-array", "dtype": "<i4"}, {"id": "vlen-array", "dtype": "<i4"}),
    ({"id": "fletcher32"}, {"id": "fletcher32"}),
    ({"id": "crc32", "location": "end"}, {"id": "crc32", "location": "end"}),
    ({"id": "crc32c", "location": "start"}, {"id": "crc32c", "location": "start"}),
]

# Where this package departs from get_config(), and why.
FILLED_IN: list[tuple[dict[str, Any], dict[str, Any]]] = [
    # get_config() writes `location` only when it was given; filled in, the
    # checksum at its default place has one spelling however it is written.
    ({"id": "crc32"}, {"id": "crc32", "location": "start"}),
    ({"id": "adler32", "location": None}, {"id": "adler32", "location": "start"}),
    ({"id": "crc32c"}, {"id": "crc32c", "location": "end"}),
    # get_config() drops the typesize, but Blosc shuffles by it: another
    # typesize writes other bytes, so it is kept when given.
    (
        {"id": "blosc", "typesize": 4},
        {"id": "blosc", "cname": "lz4", "clevel": 5, "shuffle": 1, "blocksize": 0, "typesize": 4},
    ),
]


def v2_codec(written: object) -> Any:
    field, problems = resolve(written, ZarrV2CodecDefinition, CORE_V2, ("compressor",))
    assert problems == ()
    return field


def v3_codec(written: object, context: Any = CORE_AND_EXTENSIONS) -> Any:
    field, problems = resolve(written, CodecDefinition, context, ("codecs", 0))
    assert problems == ()
    return field


@pytest.mark.parametrize(
    ("written", "config"), GET_CONFIG + FILLED_IN, ids=[str(w) for w, _ in GET_CONFIG + FILLED_IN]
)
def test_a_v2_codec_is_spelled_as_numcodecs_get_config_writes_it(
    written: dict[str, Any], config: dict[str, Any]
) -> None:
    spelled = canonical_of(v2_codec(written), ())
    assert json.loads(json.dumps(spelled)) == config
    # Spelled canonically, it is its own canonical spelling, and the same codec.
    assert canonical_of(v2_codec(spelled), ()) == spelled
    assert v2_codec(spelled) == v2_codec(written)


def test_v2_codecs_written_with_and_without_their_defaults_are_equal_fields_and_hash_equal() -> (
    None
):
    one, other = v2_codec({"id": "zlib", "level": 1}), v2_codec({"id": "zlib"})
    assert one == other and hash(one) == hash(other)
    assert v2_codec({"id": "zlib", "level": 2}) != one
    assert v2_codec({"id": "blosc", "shuffle": 1, "cname": "lz4"}) == v2_codec({"id": "blosc"})


def test_values_numcodecs_keeps_as_given_are_not_clamped_into_another_codec() -> None:
    # Today's libzstd compresses level 23 as 22, but numcodecs writes 23 back.
    assert v2_codec({"id": "zstd", "level": 23}) != v2_codec({"id": "zstd", "level": 22})
    assert v2_codec({"id": "zlib", "level": -1}) != v2_codec({"id": "zlib", "level": 6})


def test_v3_fields_compare_by_canonical_spelling() -> None:
    one = v3_codec({"name": "zstd", "configuration": {"level": 3, "checksum": False}})
    other = v3_codec({"name": "zstd", "configuration": {"level": 3}})
    assert one.json != other.json
    assert one == other and hash(one) == hash(other)
    assert v3_codec({"name": "zstd", "configuration": {"level": 3, "checksum": True}}) != one
    assert v3_codec("crc32c") == v3_codec({"name": "crc32c"})


def _no_rules(configuration: object, nested: object) -> tuple[()]:
    return ()


# Definitions of the same name and configuration that differ in a hook: another definition.
OTHER_ZSTD = CodecDefinition(
    name="zstd",
    configuration=ZstdCodecConfiguration,
    kind="bytes_bytes",
    size="dynamic",
    rules=_no_rules,
)
WITH_OTHER_ZSTD = CORE_AND_EXTENSIONS.update(
    codecs={**CORE_AND_EXTENSIONS.codecs, "zstd": OTHER_ZSTD}
)
OTHER_ZLIB = ZarrV2CodecDefinition(name="zlib", configuration=ZarrV2ZlibParameters, rules=_no_rules)


def test_fields_read_by_different_definitions_of_one_name_are_not_equal() -> None:
    written = {"name": "zstd", "configuration": {"level": 3}}
    one, other = v3_codec(written), v3_codec(written, WITH_OTHER_ZSTD)
    assert canonical_of(one, ()) == canonical_of(other, ())
    assert one != other
    v2_other, problems = resolve(
        {"id": "zlib"}, ZarrV2CodecDefinition, CORE_V2.update(codecs=[OTHER_ZLIB])
    )
    assert problems == () and v2_other != v2_codec({"id": "zlib"})


def test_fields_compare_at_every_level_by_what_their_nested_fields_mean() -> None:
    def shard(inner: object, context: Any = CORE_AND_EXTENSIONS) -> Any:
        return v3_codec(
            {
                "name": "sharding_indexed",
                "configuration": {
                    "chunk_shape": [2],
                    "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}, inner],
                    "index_codecs": [{"name": "bytes", "configuration": {"endian": "little"}}],
                },
            },
            context,
        )

    spelled = shard({"name": "zstd", "configuration": {"level": 3, "checksum": False}})
    assert spelled == shard({"name": "zstd", "configuration": {"level": 3}})
    assert hash(spelled) == hash(shard({"name": "zstd", "configuration": {"level": 3}}))
    # The inner zstd is read by another definition: the shards differ.
    assert spelled != shard({"name": "zstd", "configuration": {"level": 3}}, WITH_OTHER_ZSTD)


def test_unclaimed_fields_compare_as_written_json() -> None:
    one, other = (
        v3_codec({"name": "acme.codec", "configuration": {"a": 1, "b": 2}}),
        v3_codec({"configuration": {"b": 2, "a": 1}, "name": "acme.codec"}),
    )
    assert isinstance(one, UnclaimedField)
    assert one == other and hash(one) == hash(other)
    assert one != v3_codec({"name": "acme.codec", "configuration": {"a": 1}})


def test_a_field_is_still_equal_once_pickled() -> None:
    field = v3_codec({"name": "zstd", "configuration": {"level": 3}})
    hash(field)
    restored = pickle.loads(pickle.dumps(field))
    assert isinstance(restored, AcceptedField)
    assert restored == field and hash(restored) == hash(field)


def v2_model(compressor: object, context: Any = None) -> ZarrV2ArrayMetadata:
    document = {
        "zarr_format": 2, "shape": [4], "chunks": [4], "dtype": "<f8", "compressor": compressor,
        "fill_value": 0.0, "order": "C", "filters": None,
    }  # fmt: skip
    return ZarrV2ArrayMetadata(document, context)


def v3_model(codec: object, context: Any = None) -> ZarrV3ArrayMetadata:
    return ZarrV3ArrayMetadata.create_default(
        shape=(4,), data_type="float64", fill_value=0.0,
        codecs=({"name": "bytes", "configuration": {"endian": "little"}}, codec), context=context,
    )  # fmt: skip


def test_models_compare_hash_and_refine_by_what_their_fields_mean_v2_as_v3() -> None:
    one, other = v2_model({"id": "zlib", "level": 1}), v2_model({"id": "zlib"})
    assert one == other and hash(one) == hash(other) and one.refines(other) and other.refines(one)
    one3 = v3_model({"name": "zstd", "configuration": {"level": 3, "checksum": False}})
    other3 = v3_model({"name": "zstd", "configuration": {"level": 3}})
    assert (
        one3 == other3
        and hash(one3) == hash(other3)
        and one3.refines(other3)
        and other3.refines(one3)
    )


def test_models_read_with_different_definitions_of_a_name_are_not_equal() -> None:
    codec = {"name": "zstd", "configuration": {"level": 3}}
    assert v3_model(codec) != v3_model(codec, WITH_OTHER_ZSTD)
    assert v2_model({"id": "zlib"}) != v2_model({"id": "zlib"}, CORE_V2.update(codecs=[OTHER_ZLIB]))
