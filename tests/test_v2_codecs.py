"""The v2 codecs (numcodecs): each codec's parameters, the problems of each, where they sit, and canonical spellings."""

from __future__ import annotations

import pickle
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from _v3_documents import anything
from zarr_metadata._json import JSONValue, Loc, Problems
from zarr_metadata.definition import (
    AcceptedField,
    RefusedField,
    ResolvedField,
    UnclaimedField,
    canonical_of,
    resolve,
)
from zarr_metadata.v2._context import ZarrV2Context
from zarr_metadata.v2._field_json import ZarrV2CodecMetadata as FieldJSONCodecMetadata
from zarr_metadata.v2._field_kinds import ZarrV2CodecDefinition
from zarr_metadata.v2.codec import CODECS_V2, ZarrV2CodecMetadata
from zarr_metadata.v2.codec.checksum import FLETCHER32_CODEC_V2
from zarr_metadata.v2.codec.compression import BLOSC_CODEC_V2, LZMA_CODEC_V2
from zarr_metadata.v2.codec.filters import DELTA_CODEC_V2
from zarr_metadata.v2.codec.vlen import VLEN_ARRAY_CODEC_V2
from zarr_metadata.v2.data_type import DATA_TYPES_V2

SCOPE = ZarrV2Context(codecs=CODECS_V2, data_types=DATA_TYPES_V2)
COMPRESSOR: Loc = ("compressor",)
FILTER: Loc = ("filters", 0)

LZMA1 = 0x4000000000000001
LZMA2 = 0x21
DELTA = 0x03
EXTREME = 0x80000000

PROPERTY = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def read(
    codec: object, loc: Loc = COMPRESSOR, scope: ZarrV2Context = SCOPE
) -> tuple[ResolvedField[Any], Problems]:
    return resolve(codec, ZarrV2CodecDefinition, scope, loc)


def plain(json: object) -> Any:
    """JSON as a parser makes it: dicts and lists, not the read-only mappings and tuples a reader returns."""
    if isinstance(json, Mapping):
        return {key: plain(item) for key, item in json.items()}  # pyright: ignore[reportUnknownVariableType]
    if isinstance(json, tuple | list):
        return [plain(item) for item in json]  # pyright: ignore[reportUnknownVariableType]
    return json


def canonical(codec: Mapping[str, Any], loc: Loc = COMPRESSOR) -> Any:
    field, problems = read(codec, loc)
    assert problems == (), [str(problem) for problem in problems]
    assert isinstance(field, AcceptedField)
    return plain(canonical_of(field, problems))


def found(codec: object, loc: Loc = COMPRESSOR) -> list[tuple[Loc, str]]:
    return [(problem.loc, problem.kind) for problem in read(codec, loc)[1]]


# The set of codecs


def test_codecs_are_every_numcodecs_codec_in_registration_order() -> None:
    assert [definition.name for definition in CODECS_V2] == [
        "zlib", "gzip", "bz2", "lzma", "blosc", "zstd", "lz4",
        "astype", "delta", "quantize", "fixedscaleoffset", "packbits", "shuffle", "bitround",
        "crc32", "adler32", "vlen-utf8", "vlen-bytes", "vlen-array", "fletcher32", "crc32c",
    ]  # fmt: skip
    assert all(type(definition) is ZarrV2CodecDefinition for definition in CODECS_V2)
    assert repr(CODECS_V2[0]) == "ZarrV2CodecDefinition(name='zlib')"


def test_the_codec_json_is_re_exported() -> None:
    assert ZarrV2CodecMetadata is FieldJSONCodecMetadata


@pytest.mark.parametrize("definition", CODECS_V2, ids=[definition.name for definition in CODECS_V2])
def test_definitions_pickle(definition: ZarrV2CodecDefinition[Any]) -> None:
    assert pickle.loads(pickle.dumps(definition)) == definition


def test_read_fields_and_their_problems_pickle() -> None:
    for codec in (
        {"id": "blosc", "cname": "zstd"},
        {"id": "delta", "dtype": "|b1"},
        {"id": "acme"},
    ):
        field, problems = read(codec)
        assert pickle.loads(pickle.dumps(field)) == field
        assert pickle.loads(pickle.dumps(problems)) == problems


# Valid codecs, and how each is spelled canonically

VALID: list[tuple[dict[str, Any], dict[str, Any]]] = [
    # Each spelled as numcodecs' get_config() writes it: every parameter, its
    # default filled in, a given value as given (zlib and gzip: level 1).
    ({"id": "zlib"}, {"id": "zlib", "level": 1}),
    ({"id": "zlib", "level": 1}, {"id": "zlib", "level": 1}),
    ({"id": "zlib", "level": 0}, {"id": "zlib", "level": 0}),
    ({"id": "zlib", "level": -1}, {"id": "zlib", "level": -1}),
    ({"id": "zlib", "level": 9}, {"id": "zlib", "level": 9}),
    ({"id": "gzip", "level": 1}, {"id": "gzip", "level": 1}),
    ({"id": "gzip", "level": -1}, {"id": "gzip", "level": -1}),
    ({"id": "gzip", "level": 5}, {"id": "gzip", "level": 5}),
    # bz2: level 1 by default.
    ({"id": "bz2", "level": 1}, {"id": "bz2", "level": 1}),
    ({"id": "bz2", "level": 9}, {"id": "bz2", "level": 9}),
    # lzma: FORMAT_XZ, check -1 (the format's own), no preset, no filters by default.
    ({"id": "lzma"}, {"id": "lzma", "format": 1, "check": -1, "preset": None, "filters": None}),
    (
        {"id": "lzma", "format": 1, "check": -1, "preset": None, "filters": None},
        {"id": "lzma", "format": 1, "check": -1, "preset": None, "filters": None},
    ),
    (
        {"id": "lzma", "format": 1, "check": 4, "preset": 6},
        {"id": "lzma", "format": 1, "check": 4, "preset": 6, "filters": None},
    ),
    (
        {"id": "lzma", "check": 10, "preset": 2147483657},
        {"id": "lzma", "format": 1, "check": 10, "preset": 2147483657, "filters": None},
    ),
    (
        {"id": "lzma", "check": 0, "preset": 0},
        {"id": "lzma", "format": 1, "check": 0, "preset": 0, "filters": None},
    ),
    (
        {"id": "lzma", "format": 2, "check": 0},
        {"id": "lzma", "format": 2, "check": 0, "preset": None, "filters": None},
    ),
    (
        {"id": "lzma", "format": 2, "check": -1, "preset": 1},
        {"id": "lzma", "format": 2, "check": -1, "preset": 1, "filters": None},
    ),
    (
        {
            "id": "lzma",
            "format": 3,
            "check": 0,
            "preset": None,
            "filters": [
                {"id": 3, "dist": 4},
                {"id": 7, "start_offset": 8},
                {
                    "id": 33,
                    "preset": 2147483657,
                    "dict_size": 4096,
                    "lc": 2,
                    "lp": 2,
                    "pb": 4,
                    "mode": 1,
                    "nice_len": 273,
                    "mf": 20,
                    "depth": 0,
                },
            ],
        },
        {
            "id": "lzma",
            "format": 3,
            "check": 0,
            "preset": None,
            "filters": [
                {"id": 3, "dist": 4},
                {"id": 7, "start_offset": 8},
                {
                    "id": 33,
                    "preset": 2147483657,
                    "dict_size": 4096,
                    "lc": 2,
                    "lp": 2,
                    "pb": 4,
                    "mode": 1,
                    "nice_len": 273,
                    "mf": 20,
                    "depth": 0,
                },
            ],
        },
    ),
    (
        {"id": "lzma", "format": 3, "filters": [{"id": 4611686018427387905, "lc": 4}]},
        {
            "id": "lzma",
            "format": 3,
            "check": -1,
            "preset": None,
            "filters": [{"id": 4611686018427387905, "lc": 4}],
        },
    ),
    # blosc: lz4 at level 5, byte shuffle, automatic blocks; a typesize given is kept.
    ({"id": "blosc"}, {"id": "blosc", "cname": "lz4", "clevel": 5, "shuffle": 1, "blocksize": 0}),
    (
        {
            "id": "blosc",
            "cname": "lz4",
            "clevel": 5,
            "shuffle": 1,
            "blocksize": 0,
            "typesize": None,
        },
        {"id": "blosc", "cname": "lz4", "clevel": 5, "shuffle": 1, "blocksize": 0},
    ),
    (
        {"id": "blosc", "shuffle": True},
        {"id": "blosc", "cname": "lz4", "clevel": 5, "shuffle": True, "blocksize": 0},
    ),
    (
        {"id": "blosc", "shuffle": False},
        {"id": "blosc", "cname": "lz4", "clevel": 5, "shuffle": False, "blocksize": 0},
    ),
    (
        {"id": "blosc", "cname": "zstd", "clevel": 0, "shuffle": 2},
        {"id": "blosc", "cname": "zstd", "clevel": 0, "shuffle": 2, "blocksize": 0},
    ),
    (
        {"id": "blosc", "cname": "snappy"},
        {"id": "blosc", "cname": "snappy", "clevel": 5, "shuffle": 1, "blocksize": 0},
    ),
    (
        {"id": "blosc", "shuffle": -1},
        {"id": "blosc", "cname": "lz4", "clevel": 5, "shuffle": -1, "blocksize": 0},
    ),
    (
        {"id": "blosc", "shuffle": -1, "typesize": 1},
        {"id": "blosc", "cname": "lz4", "clevel": 5, "shuffle": -1, "blocksize": 0, "typesize": 1},
    ),
    (
        {"id": "blosc", "shuffle": -1, "typesize": 4},
        {"id": "blosc", "cname": "lz4", "clevel": 5, "shuffle": -1, "blocksize": 0, "typesize": 4},
    ),
    # A forced block size is written as given, as numcodecs writes it.
    (
        {"id": "blosc", "blocksize": -2147483648},
        {"id": "blosc", "cname": "lz4", "clevel": 5, "shuffle": 1, "blocksize": -2147483648},
    ),
    (
        {"id": "blosc", "blocksize": 100},
        {"id": "blosc", "cname": "lz4", "clevel": 5, "shuffle": 1, "blocksize": 100},
    ),
    (
        {"id": "blosc", "blocksize": 65536},
        {"id": "blosc", "cname": "lz4", "clevel": 5, "shuffle": 1, "blocksize": 65536},
    ),
    (
        {"id": "blosc", "blocksize": 2147483647},
        {"id": "blosc", "cname": "lz4", "clevel": 5, "shuffle": 1, "blocksize": 2147483647},
    ),
    (
        {"id": "blosc", "typesize": 2147483647},
        {
            "id": "blosc",
            "cname": "lz4",
            "clevel": 5,
            "shuffle": 1,
            "blocksize": 0,
            "typesize": 2147483647,
        },
    ),
    # zstd: level 0 and no checksum by default; a level is written as given.
    ({"id": "zstd"}, {"id": "zstd", "level": 0, "checksum": False}),
    ({"id": "zstd", "level": 0, "checksum": False}, {"id": "zstd", "level": 0, "checksum": False}),
    ({"id": "zstd", "level": 3}, {"id": "zstd", "level": 3, "checksum": False}),
    ({"id": "zstd", "level": 22, "checksum": True}, {"id": "zstd", "level": 22, "checksum": True}),
    ({"id": "zstd", "level": 2147483647}, {"id": "zstd", "level": 2147483647, "checksum": False}),
    ({"id": "zstd", "level": -5}, {"id": "zstd", "level": -5, "checksum": False}),
    ({"id": "zstd", "level": -2147483648}, {"id": "zstd", "level": -2147483648, "checksum": False}),
    # lz4: acceleration 1 by default; any other written as given.
    ({"id": "lz4"}, {"id": "lz4", "acceleration": 1}),
    ({"id": "lz4", "acceleration": 1}, {"id": "lz4", "acceleration": 1}),
    ({"id": "lz4", "acceleration": 0}, {"id": "lz4", "acceleration": 0}),
    ({"id": "lz4", "acceleration": -2147483648}, {"id": "lz4", "acceleration": -2147483648}),
    ({"id": "lz4", "acceleration": 10}, {"id": "lz4", "acceleration": 10}),
    ({"id": "lz4", "acceleration": 2147483647}, {"id": "lz4", "acceleration": 2147483647}),
    # Filters: type strings spelled as NumPy writes them; astype is the dtype when absent.
    ({"id": "delta", "dtype": "<i8"}, {"id": "delta", "dtype": "<i8", "astype": "<i8"}),
    (
        {"id": "delta", "dtype": "<i1", "astype": "|i1"},
        {"id": "delta", "dtype": "|i1", "astype": "|i1"},
    ),
    (
        {"id": "delta", "dtype": ">u2", "astype": None},
        {"id": "delta", "dtype": ">u2", "astype": ">u2"},
    ),
    (
        {"id": "delta", "dtype": "<f8", "astype": "<i1"},
        {"id": "delta", "dtype": "<f8", "astype": "|i1"},
    ),
    ({"id": "delta", "dtype": "<c16"}, {"id": "delta", "dtype": "<c16", "astype": "<c16"}),
    (
        {"id": "fixedscaleoffset", "offset": 1000, "scale": 10, "dtype": "<f8", "astype": "|u1"},
        {"id": "fixedscaleoffset", "offset": 1000, "scale": 10, "dtype": "<f8", "astype": "|u1"},
    ),
    (
        {"id": "fixedscaleoffset", "offset": -0.5, "scale": 0.25, "dtype": "<i4", "astype": "<i4"},
        {"id": "fixedscaleoffset", "offset": -0.5, "scale": 0.25, "dtype": "<i4", "astype": "<i4"},
    ),
    (
        {"id": "quantize", "digits": 3, "dtype": "<f4", "astype": "<f4"},
        {"id": "quantize", "digits": 3, "dtype": "<f4", "astype": "<f4"},
    ),
    (
        {"id": "quantize", "digits": -308, "dtype": "<f8", "astype": "<f2"},
        {"id": "quantize", "digits": -308, "dtype": "<f8", "astype": "<f2"},
    ),
    (
        {"id": "quantize", "digits": 307, "dtype": ">f8"},
        {"id": "quantize", "digits": 307, "dtype": ">f8", "astype": ">f8"},
    ),
    ({"id": "bitround", "keepbits": 0}, {"id": "bitround", "keepbits": 0}),
    ({"id": "bitround", "keepbits": 52}, {"id": "bitround", "keepbits": 52}),
    ({"id": "packbits"}, {"id": "packbits"}),
    (
        {"id": "astype", "encode_dtype": "<i1", "decode_dtype": "<f8"},
        {"id": "astype", "encode_dtype": "|i1", "decode_dtype": "<f8"},
    ),
    (
        {"id": "astype", "encode_dtype": "<f4", "decode_dtype": "<c8"},
        {"id": "astype", "encode_dtype": "<f4", "decode_dtype": "<c8"},
    ),
    # shuffle: 4-byte elements by default.
    ({"id": "shuffle"}, {"id": "shuffle", "elementsize": 4}),
    ({"id": "shuffle", "elementsize": 4}, {"id": "shuffle", "elementsize": 4}),
    ({"id": "shuffle", "elementsize": 8}, {"id": "shuffle", "elementsize": 8}),
    ({"id": "shuffle", "elementsize": 0}, {"id": "shuffle", "elementsize": 0}),
    (
        {"id": "shuffle", "elementsize": -1180591620717411303424},
        {"id": "shuffle", "elementsize": -1180591620717411303424},
    ),
    (
        {"id": "shuffle", "elementsize": 9223372036854775807},
        {"id": "shuffle", "elementsize": 9223372036854775807},
    ),
    # Checksums: crc32 and adler32 at the start by default, crc32c at the end;
    # numcodecs writes `location` only when given, this package always.
    ({"id": "crc32"}, {"id": "crc32", "location": "start"}),
    ({"id": "crc32", "location": "start"}, {"id": "crc32", "location": "start"}),
    ({"id": "crc32", "location": None}, {"id": "crc32", "location": "start"}),
    ({"id": "crc32", "location": "end"}, {"id": "crc32", "location": "end"}),
    ({"id": "adler32", "location": "start"}, {"id": "adler32", "location": "start"}),
    ({"id": "adler32", "location": "end"}, {"id": "adler32", "location": "end"}),
    ({"id": "crc32c", "location": "end"}, {"id": "crc32c", "location": "end"}),
    ({"id": "crc32c", "location": None}, {"id": "crc32c", "location": "end"}),
    ({"id": "crc32c", "location": "start"}, {"id": "crc32c", "location": "start"}),
    ({"id": "fletcher32"}, {"id": "fletcher32"}),
    # Variable-length codecs.
    ({"id": "vlen-utf8"}, {"id": "vlen-utf8"}),
    ({"id": "vlen-bytes"}, {"id": "vlen-bytes"}),
    ({"id": "vlen-array", "dtype": "<i1"}, {"id": "vlen-array", "dtype": "|i1"}),
    ({"id": "vlen-array", "dtype": "<M8[ns]"}, {"id": "vlen-array", "dtype": "<M8[ns]"}),
    ({"id": "vlen-array", "dtype": "|S5"}, {"id": "vlen-array", "dtype": "|S5"}),
    ({"id": "vlen-array", "dtype": "|b1"}, {"id": "vlen-array", "dtype": "|b1"}),
    ({"id": "vlen-array", "dtype": "<U3"}, {"id": "vlen-array", "dtype": "<U3"}),
]


def _id(case: object) -> str:
    return str(plain(case))


@pytest.mark.parametrize(("codec", "spelled"), VALID, ids=[_id(codec) for codec, _ in VALID])
def test_a_valid_codec_is_accepted_and_spelled_canonically(
    codec: dict[str, Any], spelled: dict[str, Any]
) -> None:
    assert canonical(codec) == spelled
    # The canonical spelling reads to itself.
    assert canonical(spelled) == spelled


@pytest.mark.parametrize(
    ("codec", "spelled"), VALID[:8], ids=[_id(codec) for codec, _ in VALID[:8]]
)
def test_a_filter_is_read_as_the_compressor_is(
    codec: dict[str, Any], spelled: dict[str, Any]
) -> None:
    assert canonical(codec, FILTER) == spelled


def test_the_field_keeps_the_codec_as_written() -> None:
    written = {"id": "blosc", "cname": "zstd", "shuffle": True, "typesize": None}
    field, problems = read(written)
    assert problems == ()
    assert isinstance(field, AcceptedField)
    assert field.name == "blosc"
    assert plain(field.json) == written
    assert plain(field.configuration) == {"cname": "zstd", "shuffle": True, "typesize": None}


@pytest.mark.parametrize(
    "spellings",
    [
        [{"id": "zstd"}, {"id": "zstd", "level": 0}, {"id": "zstd", "level": 0, "checksum": False}],
        [{"id": "zlib"}, {"id": "zlib", "level": 1}],
        [{"id": "lzma", "check": -1}, {"id": "lzma", "format": 1, "preset": None, "filters": None}],
        [{"id": "blosc", "shuffle": 1, "cname": "lz4"}, {"id": "blosc", "clevel": 5}],
        [
            {"id": "blosc", "typesize": 2},
            {"id": "blosc", "shuffle": 1, "typesize": 2, "blocksize": 0},
        ],
        [{"id": "delta", "dtype": "|u1", "astype": ">u1"}, {"id": "delta", "dtype": "<u1"}],
        [{"id": "crc32c", "location": "end"}, {"id": "crc32c"}],
    ],
)
def test_codecs_that_mean_the_same_compare_equal_canonically(
    spellings: list[dict[str, Any]],
) -> None:
    first, *rest = [canonical(spelling) for spelling in spellings]
    assert all(other == first for other in rest)


def test_codecs_that_differ_do_not_compare_equal_canonically() -> None:
    assert canonical({"id": "crc32", "location": "end"}) != canonical({"id": "crc32"})
    assert canonical({"id": "blosc", "shuffle": -1}) != canonical({"id": "blosc"})
    assert canonical({"id": "zstd", "level": 1}) != canonical({"id": "zstd"})
    # Values are written as given, never clamped: numcodecs writes level 23 back as 23.
    assert canonical({"id": "zstd", "level": 23}) != canonical({"id": "zstd", "level": 22})
    assert canonical({"id": "zlib", "level": -1}) != canonical({"id": "zlib", "level": 6})


# Invalid codecs: every problem, where it sits, and of what kind

INVALID: list[tuple[dict[str, Any], list[tuple[Loc, str]]]] = [
    # zlib, gzip, bz2
    ({"id": "zlib", "level": 10}, [(("level",), "invalid_value")]),
    ({"id": "zlib", "level": -2}, [(("level",), "invalid_value")]),
    ({"id": "zlib", "level": "1"}, [(("level",), "invalid_type")]),
    ({"id": "zlib", "level": True}, [(("level",), "invalid_type")]),
    ({"id": "zlib", "lvl": 1}, [(("lvl",), "unknown_key")]),
    ({"id": "gzip", "level": 10}, [(("level",), "invalid_value")]),
    ({"id": "gzip", "level": 1.0}, [(("level",), "invalid_type")]),
    ({"id": "bz2", "level": 0}, [(("level",), "invalid_value")]),
    ({"id": "bz2", "level": -1}, [(("level",), "invalid_value")]),
    # lzma: the container, the check, the preset
    ({"id": "lzma", "format": 0}, [(("format",), "invalid_value")]),
    ({"id": "lzma", "format": 4}, [(("format",), "invalid_value")]),
    ({"id": "lzma", "check": 2}, [(("check",), "invalid_value")]),
    ({"id": "lzma", "check": 15}, [(("check",), "invalid_value")]),
    ({"id": "lzma", "check": -2}, [(("check",), "invalid_value")]),
    ({"id": "lzma", "format": 2, "check": 4}, [(("check",), "invalid_value")]),
    ({"id": "lzma", "format": 2, "check": 1}, [(("check",), "invalid_value")]),
    ({"id": "lzma", "preset": 10}, [(("preset",), "invalid_value")]),
    ({"id": "lzma", "preset": 32}, [(("preset",), "invalid_value")]),
    ({"id": "lzma", "preset": EXTREME + 10}, [(("preset",), "invalid_value")]),
    ({"id": "lzma", "preset": 2**32 + 1}, [(("preset",), "invalid_value")]),
    ({"id": "lzma", "preset": -1}, [(("preset",), "invalid_value")]),
    # lzma: a filter chain only, and always, in FORMAT_RAW. numcodecs 0.17 fails to
    # decode a chain in another format: "Cannot specify filters except with FORMAT_RAW".
    ({"id": "lzma", "format": 3}, [(("filters",), "missing_key")]),
    ({"id": "lzma", "format": 3, "filters": None}, [(("filters",), "invalid_value")]),
    ({"id": "lzma", "filters": [{"id": LZMA2}]}, [(("filters",), "invalid_value")]),
    ({"id": "lzma", "format": 2, "filters": [{"id": LZMA1}]}, [(("filters",), "invalid_value")]),
    (
        {"id": "lzma", "format": 3, "preset": 1, "filters": [{"id": LZMA2}]},
        [(("preset",), "invalid_value")],
    ),
    ({"id": "lzma", "format": 3, "filters": []}, [(("filters",), "invalid_value")]),
    (
        {"id": "lzma", "format": 3, "filters": [{"id": DELTA}] * 4 + [{"id": LZMA2}]},
        [(("filters",), "invalid_value")],
    ),
    ({"id": "lzma", "format": 3, "filters": {"id": LZMA2}}, [(("filters",), "invalid_type")]),
    # lzma: each filter of the chain
    ({"id": "lzma", "format": 3, "filters": [5]}, [(("filters", 0), "invalid_type")]),
    (
        {"id": "lzma", "format": 3, "filters": [{"dist": 1}]},
        [(("filters", 0, "id"), "missing_key")],
    ),
    (
        {"id": "lzma", "format": 3, "filters": [{"id": "lzma2"}]},
        [(("filters", 0, "id"), "invalid_type")],
    ),
    (
        {"id": "lzma", "format": 3, "filters": [{"id": 99}]},
        [(("filters", 0, "id"), "invalid_value")],
    ),
    (
        {"id": "lzma", "format": 3, "filters": [{"id": DELTA}]},
        [(("filters", 0, "id"), "invalid_value")],
    ),
    (
        {"id": "lzma", "format": 3, "filters": [{"id": LZMA2}, {"id": DELTA}]},
        [(("filters", 0, "id"), "invalid_value"), (("filters", 1, "id"), "invalid_value")],
    ),
    (
        {"id": "lzma", "format": 3, "filters": [{"id": LZMA2, "bogus": 1}]},
        [(("filters", 0, "bogus"), "unknown_key")],
    ),
    (
        {"id": "lzma", "format": 3, "filters": [{"id": DELTA, "preset": 1}, {"id": LZMA2}]},
        [(("filters", 0, "preset"), "unknown_key")],
    ),
    (
        {"id": "lzma", "format": 3, "filters": [{"id": LZMA2, "lc": "3"}]},
        [(("filters", 0, "lc"), "invalid_type")],
    ),
    (
        {"id": "lzma", "format": 3, "filters": [{"id": LZMA2, "depth": True}]},
        [(("filters", 0, "depth"), "invalid_type")],
    ),
    (
        {"id": "lzma", "format": 3, "filters": [{"id": LZMA2, "depth": 2**32}]},
        [(("filters", 0, "depth"), "invalid_value")],
    ),
    (
        {"id": "lzma", "format": 3, "filters": [{"id": LZMA2, "depth": -1}]},
        [(("filters", 0, "depth"), "invalid_value")],
    ),
    (
        {"id": "lzma", "format": 3, "filters": [{"id": LZMA2, "preset": 10}]},
        [(("filters", 0, "preset"), "invalid_value")],
    ),
    (
        {"id": "lzma", "format": 3, "filters": [{"id": LZMA2, "dict_size": 4095}]},
        [(("filters", 0, "dict_size"), "invalid_value")],
    ),
    (
        {"id": "lzma", "format": 3, "filters": [{"id": LZMA2, "dict_size": 1536 * 2**20 + 1}]},
        [(("filters", 0, "dict_size"), "invalid_value")],
    ),
    (
        {"id": "lzma", "format": 3, "filters": [{"id": LZMA2, "nice_len": 1}]},
        [(("filters", 0, "nice_len"), "invalid_value")],
    ),
    (
        {"id": "lzma", "format": 3, "filters": [{"id": LZMA2, "nice_len": 274}]},
        [(("filters", 0, "nice_len"), "invalid_value")],
    ),
    (
        {"id": "lzma", "format": 3, "filters": [{"id": LZMA1, "pb": 5}]},
        [(("filters", 0, "pb"), "invalid_value")],
    ),
    # lc defaults to 3 and lp to 0, whatever the preset.
    (
        {"id": "lzma", "format": 3, "filters": [{"id": LZMA2, "lp": 2}]},
        [(("filters", 0, "lp"), "invalid_value")],
    ),
    (
        {"id": "lzma", "format": 3, "filters": [{"id": LZMA2, "lc": 5}]},
        [(("filters", 0, "lc"), "invalid_value")],
    ),
    (
        {"id": "lzma", "format": 3, "filters": [{"id": LZMA1, "lc": 3, "lp": 2}]},
        [(("filters", 0, "lp"), "invalid_value")],
    ),
    (
        {"id": "lzma", "format": 3, "filters": [{"id": LZMA2, "mode": 0}]},
        [(("filters", 0, "mode"), "invalid_value")],
    ),
    (
        {"id": "lzma", "format": 3, "filters": [{"id": LZMA2, "mf": 5}]},
        [(("filters", 0, "mf"), "invalid_value")],
    ),
    (
        {"id": "lzma", "format": 3, "filters": [{"id": DELTA, "dist": 0}, {"id": LZMA2}]},
        [(("filters", 0, "dist"), "invalid_value")],
    ),
    (
        {"id": "lzma", "format": 3, "filters": [{"id": DELTA, "dist": 257}, {"id": LZMA2}]},
        [(("filters", 0, "dist"), "invalid_value")],
    ),
    (
        {"id": "lzma", "format": 3, "filters": [{"id": 0x07, "start_offset": 2}, {"id": LZMA2}]},
        [(("filters", 0, "start_offset"), "invalid_value")],
    ),
    (
        {"id": "lzma", "format": 3, "filters": [{"id": 0x06, "start_offset": 8}, {"id": LZMA2}]},
        [(("filters", 0, "start_offset"), "invalid_value")],
    ),
    # blosc
    ({"id": "blosc", "cname": "lz5"}, [(("cname",), "invalid_value")]),
    ({"id": "blosc", "clevel": 10}, [(("clevel",), "invalid_value")]),
    ({"id": "blosc", "clevel": -1}, [(("clevel",), "invalid_value")]),
    ({"id": "blosc", "shuffle": 3}, [(("shuffle",), "invalid_value")]),
    ({"id": "blosc", "shuffle": "shuffle"}, [(("shuffle",), "invalid_type")]),
    ({"id": "blosc", "blocksize": 2**31}, [(("blocksize",), "invalid_value")]),
    ({"id": "blosc", "typesize": 0}, [(("typesize",), "invalid_value")]),
    ({"id": "blosc", "typesize": 2**31}, [(("typesize",), "invalid_value")]),
    ({"id": "blosc", "cname": "lz4", "nthreads": 4}, [(("nthreads",), "unknown_key")]),
    # zstd, lz4
    ({"id": "zstd", "level": 2**31}, [(("level",), "invalid_value")]),
    ({"id": "zstd", "level": -(2**31) - 1}, [(("level",), "invalid_value")]),
    ({"id": "zstd", "checksum": 1}, [(("checksum",), "invalid_type")]),
    ({"id": "lz4", "acceleration": 2.5}, [(("acceleration",), "invalid_type")]),
    ({"id": "lz4", "acceleration": 2**31}, [(("acceleration",), "invalid_value")]),
    # Filters with data types: each judged as a v2 dtype, then by what the codec takes.
    ({"id": "delta"}, [(("dtype",), "missing_key")]),
    # delta on a non-numeric type other than m8: numcodecs 0.17 fails to
    # round-trip it (datetime64: "ufunc 'add' cannot use operands with types
    # dtype('<M8[ns]') and dtype('<M8[ns]')"; bool: numpy refuses to subtract booleans).
    ({"id": "delta", "dtype": "|b1"}, [(("dtype",), "invalid_value")]),
    ({"id": "delta", "dtype": "<M8[ns]"}, [(("dtype",), "invalid_value")]),
    ({"id": "delta", "dtype": "<m8[ns]", "astype": "<M8[ns]"}, [(("astype",), "invalid_value")]),
    ({"id": "delta", "dtype": "|O"}, [(("dtype",), "invalid_value")]),
    ({"id": "delta", "dtype": "float64"}, [(("dtype",), "invalid_value")]),
    ({"id": "delta", "dtype": "<i3"}, [(("dtype",), "invalid_value")]),
    ({"id": "delta", "dtype": "|i4"}, [(("dtype",), "invalid_value")]),
    ({"id": "delta", "dtype": [["a", "<i4"]]}, [(("dtype",), "invalid_type")]),
    ({"id": "delta", "dtype": "<i4", "astype": "<U4"}, [(("astype",), "invalid_value")]),
    (
        {"id": "delta", "dtype": "|S4", "astype": "<x4"},
        [(("dtype",), "invalid_value"), (("astype",), "invalid_value")],
    ),
    (
        {"id": "fixedscaleoffset", "offset": 0, "scale": 0, "dtype": "<f8"},
        [(("scale",), "invalid_value")],
    ),
    (
        {"id": "fixedscaleoffset", "offset": 0, "scale": 0.0, "dtype": "<f8"},
        [(("scale",), "invalid_value")],
    ),
    (
        {"id": "fixedscaleoffset", "offset": float("nan"), "scale": 1, "dtype": "<f8"},
        [(("offset",), "invalid_value")],
    ),
    (
        {"id": "fixedscaleoffset", "offset": "0", "scale": 1, "dtype": "<f8"},
        [(("offset",), "invalid_type")],
    ),
    ({"id": "fixedscaleoffset", "scale": 1, "dtype": "<f8"}, [(("offset",), "missing_key")]),
    (
        {"id": "fixedscaleoffset", "offset": 0, "scale": 1, "dtype": "<m8[s]"},
        [(("dtype",), "invalid_value")],
    ),
    (
        {"id": "fixedscaleoffset", "offset": 0, "scale": 1, "dtype": "<f8", "astype": "|b1"},
        [(("astype",), "invalid_value")],
    ),
    ({"id": "quantize", "digits": 3, "dtype": "<i4"}, [(("dtype",), "invalid_value")]),
    (
        {"id": "quantize", "digits": 3, "dtype": "<f4", "astype": "<c8"},
        [(("astype",), "invalid_value")],
    ),
    ({"id": "quantize", "digits": 308, "dtype": "<f8"}, [(("digits",), "invalid_value")]),
    ({"id": "quantize", "digits": -309, "dtype": "<f8"}, [(("digits",), "invalid_value")]),
    ({"id": "quantize", "dtype": "<f8"}, [(("digits",), "missing_key")]),
    ({"id": "bitround", "keepbits": -1}, [(("keepbits",), "invalid_value")]),
    ({"id": "bitround"}, [(("keepbits",), "missing_key")]),
    ({"id": "packbits", "bits": 8}, [(("bits",), "unknown_key")]),
    (
        {"id": "astype", "encode_dtype": "|O", "decode_dtype": "<f8"},
        [(("encode_dtype",), "invalid_value")],
    ),
    (
        {"id": "astype", "encode_dtype": "<f4", "decode_dtype": "|S4"},
        [(("decode_dtype",), "invalid_value")],
    ),
    ({"id": "astype", "encode_dtype": "<f4"}, [(("decode_dtype",), "missing_key")]),
    ({"id": "shuffle", "elementsize": 2**63}, [(("elementsize",), "invalid_value")]),
    ({"id": "shuffle", "elementsize": 1.5}, [(("elementsize",), "invalid_type")]),
    # Checksums
    ({"id": "crc32", "location": "middle"}, [(("location",), "invalid_value")]),
    ({"id": "crc32c", "location": 0}, [(("location",), "invalid_type")]),
    ({"id": "adler32", "location": "END"}, [(("location",), "invalid_value")]),
    # numcodecs' Fletcher32 takes no parameter: it always puts its checksum at the end.
    ({"id": "fletcher32", "location": "end"}, [(("location",), "unknown_key")]),
    # Variable-length codecs
    ({"id": "vlen-utf8", "dtype": "|O"}, [(("dtype",), "unknown_key")]),
    ({"id": "vlen-bytes", "dtype": "|O"}, [(("dtype",), "unknown_key")]),
    ({"id": "vlen-array"}, [(("dtype",), "missing_key")]),
    ({"id": "vlen-array", "dtype": "|O"}, [(("dtype",), "invalid_value")]),
    ({"id": "vlen-array", "dtype": "|V0"}, [(("dtype",), "invalid_value")]),
    ({"id": "vlen-array", "dtype": "|S0"}, [(("dtype",), "invalid_value")]),
    ({"id": "vlen-array", "dtype": "int8"}, [(("dtype",), "invalid_value")]),
    ({"id": "vlen-array", "dtype": [["a", "<i4"]]}, [(("dtype",), "invalid_type")]),
]


@pytest.mark.parametrize(("codec", "expected"), INVALID, ids=[_id(codec) for codec, _ in INVALID])
@pytest.mark.parametrize("at", [COMPRESSOR, FILTER], ids=["compressor", "filter"])
def test_an_invalid_codec_has_each_problem_where_it_sits(
    codec: dict[str, Any], expected: list[tuple[Loc, str]], at: Loc
) -> None:
    field, problems = read(codec, at)
    assert [(problem.loc, problem.kind) for problem in problems] == [
        ((*at, *loc), kind) for loc, kind in expected
    ]
    assert isinstance(field, RefusedField)
    assert canonical_of(field, problems) is None
    for problem in problems:
        assert problem.message.startswith(
            ("expected", "unknown member", "missing required member")
        ), problem.message


def test_messages_say_what_was_expected_and_what_was_found() -> None:
    def message(codec: dict[str, Any]) -> str:
        (problem,) = read(codec, FILTER)[1]
        return problem.message

    assert message({"id": "delta", "dtype": "|b1"}) == (
        'expected a numeric or timedelta64 data type (int, uint, float, complex or m8) as the dtype of delta, got "|b1" (bool)'
    )
    assert message({"id": "quantize", "digits": 1, "dtype": "<i2"}) == (
        'expected a floating-point data type as the dtype of quantize, got "<i2" (int)'
    )
    assert message({"id": "vlen-array", "dtype": "|O"}) == (
        'expected a data type of fixed size (not an object type) as the dtype of vlen-array, got "|O" (object)'
    )
    assert message({"id": "lzma", "format": 0}) == (
        "expected a format lzma compresses to: 1 (FORMAT_XZ), 2 (FORMAT_ALONE) or 3 (FORMAT_RAW), "
        "got 0 (FORMAT_AUTO), which only decompresses"
    )
    assert (
        message({"id": "lzma", "format": 3})
        == "expected a filter chain, which FORMAT_RAW requires, got none"
    )
    assert message({"id": "lzma", "preset": 12}) == (
        "expected a preset from 0 to 9, optionally with PRESET_EXTREME (2147483648) added, got 12"
    )
    assert message({"id": "fixedscaleoffset", "offset": 0, "scale": 0, "dtype": "<f8"}) == (
        "expected a scale other than 0, which would store every value as 0 and decode none, got 0"
    )
    # A type string's own problem is the data type's, located at the parameter.
    assert "float64" in message({"id": "delta", "dtype": "float64"})


def test_a_data_type_parameter_is_judged_against_the_core_types_whatever_the_scope() -> None:
    codecs_only = ZarrV2Context(codecs=CODECS_V2)
    field, problems = read({"id": "delta", "dtype": "<f8"}, FILTER, codecs_only)
    assert problems == ()
    assert isinstance(field, AcceptedField)
    problems = read({"id": "delta", "dtype": "|b1"}, FILTER, codecs_only)[1]
    assert [(problem.loc, problem.kind) for problem in problems] == [
        ((*FILTER, "dtype"), "invalid_value")
    ]
    problems = read({"id": "vlen-array", "dtype": "<q8"}, FILTER, codecs_only)[1]
    assert [(problem.loc, problem.kind) for problem in problems] == [
        ((*FILTER, "dtype"), "invalid_value")
    ]


def test_a_codec_in_a_scope_without_it_is_unclaimed() -> None:
    field, problems = read(
        {"id": "blosc", "clevel": 99}, COMPRESSOR, ZarrV2Context(data_types=DATA_TYPES_V2)
    )
    assert problems == ()
    assert isinstance(field, UnclaimedField)


# Ids


@pytest.mark.parametrize(
    "codec",
    [
        {"id": "jenkins_lookup3", "initval": 0},
        {"id": "pcodec", "level": 8},
        {"id": "acme.codec"},
        {"id": "Blosc"},
    ],
)
def test_an_unknown_id_is_unclaimed_with_no_problem(codec: dict[str, Any]) -> None:
    field, problems = read(codec)
    assert problems == ()
    assert isinstance(field, UnclaimedField)
    assert plain(canonical_of(field, problems)) == codec


def test_an_id_that_is_not_a_string_is_a_problem_at_the_id() -> None:
    field, problems = read({"id": 5, "level": 1})
    assert [(problem.loc, problem.kind) for problem in problems] == [
        (("compressor", "id"), "invalid_type")
    ]
    assert isinstance(field, RefusedField)


def test_a_codec_without_an_id_is_a_problem_at_the_id() -> None:
    field, problems = read({"level": 1})
    assert [(problem.loc, problem.kind) for problem in problems] == [
        (("compressor", "id"), "missing_key")
    ]
    assert isinstance(field, RefusedField)
    problems = read({}, FILTER)[1]
    assert [(problem.loc, problem.kind) for problem in problems] == [
        ((*FILTER, "id"), "missing_key")
    ]


def test_an_empty_id_is_a_problem_at_the_id() -> None:
    problems = read({"id": ""})[1]
    assert [(problem.loc, problem.kind) for problem in problems] == [
        (("compressor", "id"), "invalid_value")
    ]


@pytest.mark.parametrize(
    ("codec", "expected"),
    [
        ({5: 1, "id": "zlib"}, [(("compressor",), "invalid_type")]),
        ({None: 1}, [(("compressor",), "invalid_type"), (("compressor", "id"), "missing_key")]),
    ],
)
def test_a_codec_with_a_key_that_is_not_a_string_is_a_problem_not_an_error(
    codec: object, expected: object
) -> None:
    field, problems = read(codec)
    assert [(problem.loc, problem.kind) for problem in problems] == expected
    assert isinstance(field, RefusedField)


@pytest.mark.parametrize("codec", ["zlib", None, 5, ["zlib"]])
def test_a_codec_that_is_not_an_object_is_a_problem_at_the_codec(codec: object) -> None:
    problems = read(codec)[1]
    assert [(problem.loc, problem.kind) for problem in problems] == [
        (("compressor",), "invalid_type")
    ]


# Hooks


def test_hooks_return_lists_or_tuples() -> None:
    lzma = {"format": 3, "filters": ({"id": DELTA},)}
    assert isinstance(LZMA_CODEC_V2.rules(lzma, {}), list | tuple)  # pyright: ignore[reportArgumentType]
    assert isinstance(DELTA_CODEC_V2.rules({"dtype": "|b1"}, {}), list | tuple)
    assert isinstance(VLEN_ARRAY_CODEC_V2.rules({"dtype": "|O"}, {}), list | tuple)
    assert isinstance(BLOSC_CODEC_V2.canonical({"shuffle": True}), Mapping)
    assert FLETCHER32_CODEC_V2.canonical({}) == {}


# Properties

IDS = [definition.name for definition in CODECS_V2]
PARAMETERS = sorted(
    {
        "level", "cname", "clevel", "shuffle", "blocksize", "typesize", "checksum", "acceleration",
        "format", "check", "preset", "filters", "dtype", "astype", "offset", "scale", "digits",
        "keepbits", "encode_dtype", "decode_dtype", "elementsize", "location",
    }
)  # fmt: skip
TYPE_STRINGS = [
    "<i4",
    "|i1",
    "<i1",
    ">f8",
    "<f2",
    "<c8",
    "|b1",
    "|O",
    "|S0",
    "|S3",
    "<U2",
    "|V0",
    "|V2",
    "<M8[ns]",
    "<m8",
    "float32",
    "|i4",
    "x",
]
numbers = st.one_of(
    st.integers(min_value=-(2**64), max_value=2**64),
    st.sampled_from(
        [
            -(2**31),
            2**31 - 1,
            2**31,
            EXTREME + 9,
            2**32,
            2**63,
            -1,
            0,
            1,
            2,
            3,
            4,
            9,
            10,
            22,
            23,
            65538,
        ]
    ),
    st.floats(allow_nan=True, allow_infinity=True),
)
lzma_filters = st.lists(
    st.fixed_dictionaries(
        {"id": st.sampled_from([LZMA1, LZMA2, DELTA, 4, 5, 6, 7, 8, 9, 99])},
        optional={
            key: numbers
            for key in (
                "preset",
                "dict_size",
                "lc",
                "lp",
                "pb",
                "mode",
                "nice_len",
                "mf",
                "depth",
                "dist",
                "start_offset",
            )
        },
    )
    | anything,
    max_size=5,
)
values = st.one_of(
    st.none(),
    st.booleans(),
    numbers,
    st.sampled_from(TYPE_STRINGS),
    st.sampled_from(["lz4", "zstd", "snappy", "start", "end"]),
    lzma_filters,
    anything,
)
codecs = st.builds(
    lambda name, members: {"id": name, **members},
    st.sampled_from(IDS),
    st.dictionaries(st.sampled_from(PARAMETERS), values, max_size=5),
)


@PROPERTY
@given(anything)
def test_resolve_never_raises_on_any_value(value: object) -> None:
    for codec in (
        value,
        {"id": "blosc", "cname": value},
        {"id": "lzma", "format": 3, "filters": value},
    ):
        field, problems = read(codec)
        if not problems:
            canonical_of(field, problems)


@PROPERTY
@given(codecs, st.sampled_from([COMPRESSOR, FILTER]))
def test_a_codec_reads_without_raising_and_its_canonical_spelling_means_the_same(
    codec: dict[str, Any], at: Loc
) -> None:
    field, problems = read(codec, at)
    for problem in problems:
        assert problem.loc[: len(at)] == at
    if problems:
        assert isinstance(field, RefusedField)
        return
    assert isinstance(field, AcceptedField)
    spelled = canonical_of(field, problems)
    again, more = read(plain(spelled), at)
    assert more == ()
    assert canonical_of(again, more) == spelled


def test_the_codec_json_shape_is_an_object_with_an_id() -> None:
    codec: ZarrV2CodecMetadata = {"id": "zlib", "level": 1}
    json: JSONValue = dict(codec)
    assert read(json)[1] == ()


@pytest.mark.parametrize("member", ["offset", "scale"])
def test_fixedscaleoffset_takes_only_numbers_a_double_holds(member: str) -> None:
    codec = {"id": "fixedscaleoffset", "offset": 0, "scale": 1, "dtype": "<f8", member: 10**400}
    assert found(codec) == [((*COMPRESSOR, member), "invalid_value")]
    assert found({**codec, member: 2**1000}) == []


@pytest.mark.parametrize(
    "codec",
    [
        {"id": "delta", "dtype": "<m8[ns]"},
        {"id": "delta", "dtype": "<m8[ns]", "astype": "<m8[ns]"},
        {"id": "delta", "dtype": "<m8[s]", "astype": "<m8[ms]"},
        {"id": "delta", "dtype": "<m8[ns]", "astype": "<i8"},
        {"id": "delta", "dtype": "<i8", "astype": "<m8[ns]"},
    ],
    ids=_id,
)
def test_delta_takes_timedelta64(codec: dict[str, Any]) -> None:
    # numcodecs 0.17 encodes and decodes each of these back to the values
    # (the differences of timedeltas are timedeltas), and zarr-python 3.4.2
    # round-trips a chunk of an m8 array with delta among its filters.
    field, problems = read(codec, FILTER)
    assert problems == ()
    assert isinstance(field, AcceptedField)
