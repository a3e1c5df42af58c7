"""The registry codecs vlen-utf8, vlen-bytes, bitround, packbits, zfp and conditional: configurations, canonical spellings, the chunks each takes, and where each sits in a pipeline."""

from __future__ import annotations

import json
import pickle
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from _v3_documents import LITTLE_BYTES, array_document, sharding_codec
from zarr_metadata._json import Loc
from zarr_metadata.definition import AcceptedField, EmptyConfiguration, canonical_of, resolve
from zarr_metadata.model import read_array_metadata_v3
from zarr_metadata.v3._field_kinds import Chunk, CodecDefinition, DataTypeDefinition
from zarr_metadata.v3._scopes import CORE_AND_EXTENSIONS
from zarr_metadata.v3.codec.bitround import (
    BITROUND_CODEC,
    BITROUND_KEPT_BITS,
    NUMCODECS_BITROUND_CODEC,
)
from zarr_metadata.v3.codec.conditional import CONDITIONAL_CODEC, default_header_bits
from zarr_metadata.v3.codec.n5_default import N5_DEFAULT_CODEC
from zarr_metadata.v3.codec.packbits import PACKBITS_CODEC
from zarr_metadata.v3.codec.reshape import RESHAPE_CODEC
from zarr_metadata.v3.codec.vlen_bytes import VLEN_BYTES_CODEC
from zarr_metadata.v3.codec.vlen_utf8 import VLEN_UTF8_CODEC
from zarr_metadata.v3.codec.zfp import ZFP_CODEC

REGISTRY_CODECS = (
    VLEN_UTF8_CODEC,
    VLEN_BYTES_CODEC,
    BITROUND_CODEC,
    NUMCODECS_BITROUND_CODEC,
    PACKBITS_CODEC,
    RESHAPE_CODEC,
    CONDITIONAL_CODEC,
    N5_DEFAULT_CODEC,
    ZFP_CODEC,
)
STAND_INS = {
    name: DataTypeDefinition(name=name, configuration=EmptyConfiguration)
    for name in (
        "bfloat16",
        "int4",
        "uint2",
        "float4_e2m1fn",
        "float8_e8m0fnu",
        "complex_float32",
        "variable_length_bytes",
    )
}
"""Registry data types a scope may define: here only their names, where the scope has no definition of its own."""

SCOPE = CORE_AND_EXTENSIONS.update(
    codecs={**CORE_AND_EXTENSIONS.codecs, **{codec.name: codec for codec in REGISTRY_CODECS}},
    data_types={**STAND_INS, **CORE_AND_EXTENSIONS.data_types},
)

CODEC: Loc = ("codecs", 0)
CONFIGURATION: Loc = (*CODEC, "configuration")
NONE: Counter[tuple[Loc, str]] = Counter()


def found(document: dict[str, Any]) -> Counter[tuple[Loc, str]]:
    return Counter(
        (problem.loc, problem.kind)
        for problem in read_array_metadata_v3(document, context=SCOPE).problems
    )


def one(loc: Loc, kind: str = "invalid_value") -> Counter[tuple[Loc, str]]:
    return Counter({(loc, kind): 1})


def array(
    data_type: Any,
    codecs: list[Any],
    fill_value: Any = 0,
    shape: list[int] | None = None,
    chunks: list[int] | None = None,
) -> dict[str, Any]:
    """An array of `data_type` whose chunks `codecs` encode: 100 x 100 in chunks of 10 x 10 unless `shape` and `chunks` say."""
    shape = [100, 100] if shape is None else shape
    chunks = [max(length // 10, 1) for length in shape] if chunks is None else chunks
    grid = {"name": "regular", "configuration": {"chunk_shape": chunks}}
    return array_document(
        data_type=data_type, codecs=codecs, fill_value=fill_value, shape=shape, chunk_grid=grid
    )


def accepted(codec: Any) -> AcceptedField[CodecDefinition[Any]]:
    field, problems = resolve(codec, CodecDefinition, SCOPE, CODEC)
    assert problems == ()
    assert isinstance(field, AcceptedField)
    return field


def canonical(codec: Any) -> Any:
    """The canonical spelling of `codec`, as JSON text reads back (arrays as lists)."""
    field, problems = resolve(codec, CodecDefinition, SCOPE, CODEC)
    return json.loads(json.dumps(canonical_of(field, problems)))


def codec_problems(codec: Any) -> Counter[tuple[Loc, str]]:
    _, problems = resolve(codec, CodecDefinition, SCOPE, CODEC)
    return Counter((problem.loc, problem.kind) for problem in problems)


# --- every codec -----------------------------------------------------------------------------

KINDS = [
    (VLEN_UTF8_CODEC, "vlen-utf8", "array_bytes", "dynamic"),
    (VLEN_BYTES_CODEC, "vlen-bytes", "array_bytes", "dynamic"),
    (BITROUND_CODEC, "bitround", "array_array", "static"),
    (NUMCODECS_BITROUND_CODEC, "numcodecs.bitround", "array_array", "static"),
    (PACKBITS_CODEC, "packbits", "array_bytes", "static"),
    (RESHAPE_CODEC, "reshape", "array_array", "static"),
    (CONDITIONAL_CODEC, "conditional", "bytes_bytes", "dynamic"),
    (N5_DEFAULT_CODEC, "n5_default", "array_bytes", "dynamic"),
    (ZFP_CODEC, "zfp", "array_bytes", "dynamic"),
]


@pytest.mark.parametrize(("definition", "name", "kind", "size"), KINDS)
def test_each_codec_has_its_registry_name_stage_and_size_and_pickles(
    definition: CodecDefinition[Any], name: str, kind: str, size: str
) -> None:
    assert (definition.name, definition.kind, definition.size) == (name, kind, size)
    assert pickle.loads(pickle.dumps(definition)) == definition


VALID = [
    "vlen-utf8",
    "vlen-bytes",
    {"name": "bitround", "configuration": {"keepbits": 3}},
    {"name": "numcodecs.bitround", "configuration": {"keepbits": 3}},
    {"name": "packbits", "configuration": {"first_bit": 1, "last_bit": 5}},
    {"name": "reshape", "configuration": {"shape": [[0], -1, 2, [3]]}},
    {
        "name": "n5_default",
        "configuration": {
            "codecs": [{"name": "transpose", "configuration": {"order": [1, 0]}}, "bytes"]
        },
    },
    {"name": "zfp", "configuration": {"mode": "fixed_rate", "rate": 8}},
]
"""A valid field of each codec that receives an array."""


@pytest.mark.parametrize("codec", VALID)
def test_a_chunk_nothing_is_known_about_causes_no_problem(codec: Any) -> None:
    field = accepted(codec)
    definition = field.definition
    assert tuple(definition.chunk_rules(field.configuration, field.nested, Chunk())) == ()
    if definition.kind == "array_array":
        assert definition.transition(field.configuration, field.nested, Chunk()).data_type is None


@pytest.mark.parametrize("codec", VALID)
def test_a_codec_after_an_unknown_one_is_not_judged(codec: Any) -> None:
    # A struct of text fits none of these codecs; after a codec nothing
    # claims, the data type is unknown.
    data_type = {
        "name": "struct",
        "configuration": {"fields": [{"name": "a", "data_type": "bool"}]},
    }
    after = [{"name": "acme.filter"}, codec]
    if accepted(codec).definition.kind == "array_array":
        after.append("bytes")
    assert found(array(data_type, after, fill_value={"a": False})) == NONE


# --- vlen-utf8 and vlen-bytes ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("data_type", "codec"),
    [
        ("string", "vlen-utf8"),
        ("string", {"name": "vlen-utf8"}),
        ("string", {"name": "vlen-utf8", "configuration": {}}),
        ("bytes", "vlen-bytes"),
        ("bytes", {"name": "vlen-bytes", "configuration": {}, "must_understand": True}),
        ("variable_length_bytes", "vlen-bytes"),
    ],
)
def test_a_vlen_codec_encodes_its_data_type(data_type: str, codec: Any) -> None:
    assert (
        found(
            array(
                data_type, [codec, {"name": "zstd", "configuration": {"level": 3}}], fill_value=""
            )
        )
        == NONE
    )


@pytest.mark.parametrize(
    ("data_type", "fill_value", "codec"),
    [
        ("bytes", "", "vlen-utf8"),
        ("int32", 0, "vlen-utf8"),
        (
            {"name": "struct", "configuration": {"fields": [{"name": "a", "data_type": "int8"}]}},
            {"a": 0},
            "vlen-utf8",
        ),
        ("string", "", "vlen-bytes"),
        ("uint8", 0, "vlen-bytes"),
        ("r16", [0, 0], "vlen-bytes"),
    ],
)
def test_a_vlen_codec_refuses_another_data_type(
    data_type: Any, fill_value: Any, codec: str
) -> None:
    # Written without a configuration, the problem is at the codec; with
    # one, at its configuration.
    assert found(array(data_type, [codec], fill_value)) == one(CODEC)
    assert found(array(data_type, [{"name": codec, "configuration": {}}], fill_value)) == one(
        CONFIGURATION
    )


def test_a_vlen_codec_names_the_data_type_it_refuses() -> None:
    (problem,) = read_array_metadata_v3(array("int32", ["vlen-utf8"]), context=SCOPE).problems
    assert (
        problem.message
        == 'expected the data type "string", the only one vlen-utf8 encodes, got "int32"'
    )
    (problem,) = read_array_metadata_v3(array("string", ["vlen-bytes"], ""), context=SCOPE).problems
    assert problem.message.endswith('the only ones vlen-bytes encodes, got "string"')


@pytest.mark.parametrize("name", ["vlen-utf8", "vlen-bytes"])
def test_a_vlen_codec_takes_no_configuration_and_is_spelled_by_its_name(name: str) -> None:
    assert codec_problems({"name": name, "configuration": {"length": 4}}) == one(
        (*CONFIGURATION, "length"), "unknown_key"
    )
    assert canonical({"name": name, "configuration": {}}) == name
    assert canonical({"name": name}) == name


@pytest.mark.parametrize(
    ("codecs", "expected"),
    [
        (["vlen-utf8", "crc32c"], NONE),
        (["crc32c", "vlen-utf8"], one(("codecs", 1))),
        (["vlen-utf8", "vlen-utf8"], one(("codecs", 1))),
        (["vlen-utf8", "bytes"], one(("codecs", 1))),
        ([{"name": "transpose", "configuration": {"order": [1, 0]}}, "vlen-utf8"], NONE),
        ([sharding_codec([5, 5], codecs=["vlen-utf8"])], NONE),
        ([sharding_codec([5, 5], codecs=["vlen-bytes"])], one((*CONFIGURATION, "codecs", 0))),
    ],
)
def test_vlen_utf8_in_a_pipeline(codecs: list[Any], expected: Counter[Any]) -> None:
    assert found(array("string", codecs, "")) == expected


# --- bitround --------------------------------------------------------------------------------


def bitround(keepbits: Any, name: str = "bitround") -> dict[str, Any]:
    return {"name": name, "configuration": {"keepbits": keepbits}}


@pytest.mark.parametrize(
    ("data_type", "most"),
    [
        ("float16", 10),
        ("float32", 23),
        ("float64", 52),
        ("complex64", 23),
        ("complex128", 52),
        ("bfloat16", 7),
        ("float4_e2m1fn", 1),
        ("int8", 8),
        ("uint16", 16),
        ("int64", 64),
        ("int4", 4),
        ("uint2", 2),
    ],
)
@pytest.mark.parametrize("name", ["bitround", "numcodecs.bitround"])
def test_bitround_keeps_at_most_the_bits_a_value_has(data_type: str, most: int, name: str) -> None:
    fill_value = [0, 0] if data_type.startswith("complex") else 0
    codecs = [bitround(most, name), LITTLE_BYTES]
    assert found(array(data_type, codecs, fill_value)) == NONE
    codecs = [bitround(most + 1, name), LITTLE_BYTES]
    assert found(array(data_type, codecs, fill_value)) == one((*CONFIGURATION, "keepbits"))


def test_bitround_rounds_numpy_times_as_int64() -> None:
    data_type = {"name": "numpy.datetime64", "configuration": {"unit": "s", "scale_factor": 1}}
    assert found(array(data_type, [bitround(64), LITTLE_BYTES], "NaT")) == NONE
    assert found(array(data_type, [bitround(65), LITTLE_BYTES], "NaT")) == one(
        (*CONFIGURATION, "keepbits")
    )


def test_bitround_says_what_the_bits_it_keeps_are() -> None:
    (problem,) = read_array_metadata_v3(
        array("float32", [bitround(24), LITTLE_BYTES]), context=SCOPE
    ).problems
    assert problem.message == "expected keepbits at most 23, the mantissa bits of float32, got 24"
    (problem,) = read_array_metadata_v3(
        array("uint8", [bitround(9), "bytes"]), context=SCOPE
    ).problems
    assert problem.message == "expected keepbits at most 8, the bits of uint8, got 9"


def test_a_float_without_a_mantissa_keeps_no_bit() -> None:
    assert BITROUND_KEPT_BITS["float8_e8m0fnu"] == (0, "mantissa bits")
    assert found(array("float8_e8m0fnu", [bitround(1), "bytes"])) == one(
        (*CONFIGURATION, "keepbits")
    )


@pytest.mark.parametrize(
    ("data_type", "fill_value"),
    [
        ("bool", False),
        ("r16", [0, 0]),
        (
            {
                "name": "struct",
                "configuration": {"fields": [{"name": "a", "data_type": "float32"}]},
            },
            {"a": 0.0},
        ),
    ],
)
def test_bitround_refuses_a_data_type_that_is_no_number(data_type: Any, fill_value: Any) -> None:
    assert found(array(data_type, [bitround(3), LITTLE_BYTES], fill_value)) == one(CONFIGURATION)


@pytest.mark.parametrize(
    ("configuration", "expected"),
    [
        ({"keepbits": 0}, one((*CONFIGURATION, "keepbits"))),
        ({"keepbits": -1}, one((*CONFIGURATION, "keepbits"))),
        ({"keepbits": 3.0}, one((*CONFIGURATION, "keepbits"), "invalid_type")),
        ({"keepbits": "3"}, one((*CONFIGURATION, "keepbits"), "invalid_type")),
        ({}, one((*CONFIGURATION, "keepbits"), "missing_key")),
        ({"keepbits": 3, "dtype": "f4"}, one((*CONFIGURATION, "dtype"), "unknown_key")),
    ],
)
@pytest.mark.parametrize("name", ["bitround", "numcodecs.bitround"])
def test_bitround_configuration(
    configuration: dict[str, Any], expected: Counter[Any], name: str
) -> None:
    assert codec_problems({"name": name, "configuration": configuration}) == expected


@pytest.mark.parametrize("codec", ["bitround", {"name": "numcodecs.bitround"}])
def test_bitround_requires_its_configuration(codec: Any) -> None:
    assert codec_problems(codec) == one(CONFIGURATION, "missing_key")


def test_bitround_passes_its_chunk_on() -> None:
    # The next codec sees the data type (bytes needs an endian for float32)
    # and the chunk's axes (a transpose of the wrong rank).
    assert found(array("float32", [bitround(8), "bytes"])) == one(
        ("codecs", 1, "configuration", "endian"), "missing_key"
    )
    transpose = {"name": "transpose", "configuration": {"order": [0]}}
    assert found(array("float32", [bitround(8), transpose, LITTLE_BYTES])) == one(
        ("codecs", 1, "configuration", "order")
    )
    inner = [bitround(8), "vlen-utf8"]
    assert found(array("float32", [sharding_codec([5, 5], codecs=inner)])) == one(
        (*CONFIGURATION, "codecs", 1)
    )


def test_bitround_is_spelled_as_written() -> None:
    assert canonical(bitround(3)) == bitround(3)
    assert canonical(bitround(3, "numcodecs.bitround")) == bitround(3, "numcodecs.bitround")


# --- packbits --------------------------------------------------------------------------------


def packbits(**configuration: Any) -> dict[str, Any]:
    return {"name": "packbits", "configuration": configuration}


@pytest.mark.parametrize(
    ("data_type", "fill_value"),
    [
        ("bool", False),
        ("int4", 0),
        ("uint2", 0),
        ("float4_e2m1fn", 0),
        ("int8", 0),
        ("uint64", 0),
        ("float32", 0.0),
        ("float64", 0.0),
        ("bfloat16", 0),
        ("complex_float32", [0, 0]),
    ],
)
def test_packbits_encodes_the_data_types_the_registry_lists(
    data_type: str, fill_value: Any
) -> None:
    assert found(array(data_type, ["packbits"], fill_value)) == NONE
    assert (
        found(array(data_type, [packbits(padding_encoding="first_byte"), "crc32c"], fill_value))
        == NONE
    )


@pytest.mark.parametrize(
    ("data_type", "fill_value"),
    [
        ("float16", 0.0),
        ("complex64", [0.0, 0.0]),
        ("string", ""),
        ("r8", [0]),
        ("numpy.timedelta64", 0),
    ],
)
def test_packbits_refuses_a_data_type_the_registry_does_not_list(
    data_type: Any, fill_value: Any
) -> None:
    if data_type == "numpy.timedelta64":
        data_type = {"name": data_type, "configuration": {"unit": "s", "scale_factor": 1}}
    assert found(array(data_type, ["packbits"], fill_value)) == one(CODEC)
    assert found(array(data_type, [packbits()], fill_value)) == one(CONFIGURATION)


@pytest.mark.parametrize(
    ("data_type", "configuration", "expected"),
    [
        ("bool", {"first_bit": 0, "last_bit": 0}, NONE),
        ("bool", {"last_bit": 1}, one((*CONFIGURATION, "last_bit"))),
        ("uint2", {"first_bit": 1}, NONE),
        ("uint2", {"first_bit": 2}, one((*CONFIGURATION, "first_bit"))),
        ("int4", {"first_bit": None, "last_bit": 3}, NONE),
        (
            "int8",
            {"first_bit": 8, "last_bit": 8},
            one((*CONFIGURATION, "first_bit")) + one((*CONFIGURATION, "last_bit")),
        ),
        ("uint16", {"first_bit": 4, "last_bit": 11}, NONE),
        ("complex_float32", {"last_bit": 31}, NONE),
        ("complex_float32", {"last_bit": 32}, one((*CONFIGURATION, "last_bit"))),
    ],
)
def test_packbits_keeps_bits_each_component_has(
    data_type: str, configuration: dict[str, Any], expected: Counter[Any]
) -> None:
    fill_value = [0, 0] if data_type.startswith("complex") else False if data_type == "bool" else 0
    assert found(array(data_type, [packbits(**configuration)], fill_value)) == expected


@pytest.mark.parametrize(
    ("configuration", "expected"),
    [
        ({"padding_encoding": "last_byte", "first_bit": None, "last_bit": None}, NONE),
        ({"first_bit": 3, "last_bit": 3}, NONE),
        ({"first_bit": 4, "last_bit": 3}, one((*CONFIGURATION, "last_bit"))),
        ({"padding_encoding": "start_byte"}, one((*CONFIGURATION, "padding_encoding"))),
        ({"first_bit": -1}, one((*CONFIGURATION, "first_bit"))),
        ({"last_bit": "3"}, one((*CONFIGURATION, "last_bit"), "invalid_type")),
        ({"start_bit": 1}, one((*CONFIGURATION, "start_bit"), "unknown_key")),
    ],
)
def test_packbits_configuration(configuration: dict[str, Any], expected: Counter[Any]) -> None:
    assert codec_problems(packbits(**configuration)) == expected


@pytest.mark.parametrize(
    ("codec", "spelled"),
    [
        ("packbits", "packbits"),
        (packbits(), "packbits"),
        (packbits(padding_encoding="none", first_bit=0, last_bit=None), "packbits"),
        (packbits(first_bit=None), "packbits"),
        (
            packbits(padding_encoding="first_byte", first_bit=2),
            packbits(padding_encoding="first_byte", first_bit=2),
        ),
        (packbits(last_bit=0, first_bit=0), packbits(last_bit=0)),
    ],
)
def test_packbits_canonical_drops_each_default(codec: Any, spelled: Any) -> None:
    assert canonical(codec) == spelled


def test_packbits_is_the_one_array_to_bytes_codec() -> None:
    assert found(array("bool", ["packbits", "bytes"], False)) == one(("codecs", 1))
    assert found(array("bool", ["crc32c", "packbits"], False)) == one(("codecs", 1))
    inner = {"name": "transpose", "configuration": {"order": [1, 0]}}
    assert found(array("bool", [inner, packbits(last_bit=0), "crc32c"], False)) == NONE


# --- zfp -------------------------------------------------------------------------------------


def zfp(**configuration: Any) -> dict[str, Any]:
    return {"name": "zfp", "configuration": configuration}


@pytest.mark.parametrize(
    ("configuration", "expected"),
    [
        ({"mode": "reversible"}, NONE),
        ({"mode": "expert", "minbits": 0, "maxbits": 0, "maxprec": 64, "minexp": -1074}, NONE),
        ({"mode": "fixed_accuracy", "tolerance": 0}, NONE),
        ({"mode": "fixed_rate", "rate": 0.5}, NONE),
        ({"mode": "fixed_precision", "precision": 0}, NONE),
        ({}, one((*CONFIGURATION, "mode"), "missing_key")),
        ({"mode": 1}, one((*CONFIGURATION, "mode"), "invalid_type")),
        ({"mode": "lossless"}, one((*CONFIGURATION, "mode"))),
        ({"mode": "fixed_rate"}, one((*CONFIGURATION, "rate"), "missing_key")),
        (
            {"mode": "fixed_precision", "tolerance": 0.1},
            one((*CONFIGURATION, "precision"), "missing_key")
            + one((*CONFIGURATION, "tolerance"), "unknown_key"),
        ),
        ({"mode": "reversible", "rate": 8}, one((*CONFIGURATION, "rate"), "unknown_key")),
        (
            {"mode": "reversible", "write_header": True},
            one((*CONFIGURATION, "write_header"), "unknown_key"),
        ),
        (
            {"mode": "expert", "minbits": 1, "maxbits": 13},
            one((*CONFIGURATION, "maxprec"), "missing_key")
            + one((*CONFIGURATION, "minexp"), "missing_key"),
        ),
        (
            {"mode": "expert", "minbits": 14, "maxbits": 13, "maxprec": 19, "minexp": -2},
            one((*CONFIGURATION, "maxbits")),
        ),
        (
            {"mode": "expert", "minbits": 1, "maxbits": 13, "maxprec": 0, "minexp": -2},
            one((*CONFIGURATION, "maxprec")),
        ),
        (
            {"mode": "expert", "minbits": 1, "maxbits": 13, "maxprec": 65, "minexp": -2},
            one((*CONFIGURATION, "maxprec")),
        ),
        (
            {"mode": "expert", "minbits": -1, "maxbits": 13, "maxprec": 1, "minexp": 0},
            one((*CONFIGURATION, "minbits")),
        ),
        (
            {"mode": "expert", "minbits": 1, "maxbits": 2**32, "maxprec": 1, "minexp": 0},
            one((*CONFIGURATION, "maxbits")),
        ),
        (
            {"mode": "expert", "minbits": 1, "maxbits": 2, "maxprec": 1, "minexp": 2.5},
            one((*CONFIGURATION, "minexp"), "invalid_type"),
        ),
        ({"mode": "fixed_accuracy", "tolerance": -0.5}, one((*CONFIGURATION, "tolerance"))),
        ({"mode": "fixed_rate", "rate": "8"}, one((*CONFIGURATION, "rate"), "invalid_type")),
        (
            {"mode": "fixed_precision", "precision": 1.5},
            one((*CONFIGURATION, "precision"), "invalid_type"),
        ),
    ],
)
def test_zfp_configuration_has_the_members_of_its_mode(
    configuration: dict[str, Any], expected: Counter[Any]
) -> None:
    assert codec_problems(zfp(**configuration)) == expected


def test_zfp_says_which_members_its_mode_takes() -> None:
    _, problems = resolve(zfp(mode="fixed_rate", tolerance=0.1), CodecDefinition, SCOPE, CODEC)
    assert {problem.message for problem in problems} == {
        "expected rate, which the fixed_rate mode requires, found none",
        'unknown member "tolerance" for the fixed_rate mode; expected only "mode", "rate"',
    }


@pytest.mark.parametrize(
    ("data_type", "fill_value", "expected"),
    [
        ("float32", 0.0, NONE),
        ("float64", "NaN", NONE),
        ("int32", 0, NONE),
        ("uint64", 0, NONE),
        ("int8", 0, NONE),
        ("float16", 0.0, NONE),
        ("bfloat16", 0, NONE),
        ("complex64", [0.0, 0.0], one(CONFIGURATION)),
        ("bool", False, one(CONFIGURATION)),
        ("r32", [0, 0, 0, 0], one(CONFIGURATION)),
    ],
)
def test_zfp_compresses_integers_and_floats(
    data_type: str, fill_value: Any, expected: Counter[Any]
) -> None:
    assert found(array(data_type, [zfp(mode="reversible")], fill_value)) == expected


@pytest.mark.parametrize(
    ("rank", "expected"), [(0, NONE), (1, NONE), (4, NONE), (5, one(CONFIGURATION))]
)
def test_zfp_compresses_chunks_of_at_most_four_axes(rank: int, expected: Counter[Any]) -> None:
    assert (
        found(array("float32", [zfp(mode="fixed_precision", precision=19)], shape=[10] * rank))
        == expected
    )


def test_zfp_in_a_pipeline() -> None:
    transpose = {"name": "transpose", "configuration": {"order": [1, 0]}}
    assert found(array("float32", [transpose, zfp(mode="reversible"), "crc32c"])) == NONE
    assert found(array("float32", [zfp(mode="reversible"), LITTLE_BYTES])) == one(("codecs", 1))
    # Inside a shard, the inner chunk is what zfp compresses.
    shard = sharding_codec([2, 5, 5, 5, 5], codecs=[zfp(mode="reversible")])
    assert found(array("float32", [shard], shape=[10] * 5, chunks=[10] * 5)) == one(
        (*CONFIGURATION, "codecs", 0, "configuration")
    )


def test_zfp_is_spelled_as_written() -> None:
    codec = zfp(mode="expert", minbits=1, maxbits=13, maxprec=19, minexp=-2)
    assert canonical(codec) == codec


# --- conditional -----------------------------------------------------------------------------


def conditional(codecs: list[Any], **configuration: Any) -> dict[str, Any]:
    return {"name": "conditional", "configuration": {"codecs": codecs, **configuration}}


ZSTD: dict[str, Any] = {"name": "zstd", "configuration": {"level": 5}}


@pytest.mark.parametrize(
    ("configuration", "expected"),
    [
        (conditional([ZSTD, "crc32c"]), NONE),
        (conditional([]), NONE),
        (conditional([], header_bits=0), NONE),
        (conditional([ZSTD], header_bits=64), NONE),
        (conditional([ZSTD], header_bits=12), one((*CONFIGURATION, "header_bits"))),
        (conditional([ZSTD] * 9, header_bits=8), one((*CONFIGURATION, "header_bits"))),
        (
            conditional([ZSTD] * 3, header_bits=1),
            Counter({((*CONFIGURATION, "header_bits"), "invalid_value"): 2}),
        ),
        (conditional([ZSTD], header_bits=-8), one((*CONFIGURATION, "header_bits"))),
        (conditional([ZSTD, "bytes"]), one((*CONFIGURATION, "codecs", 1))),
        (
            conditional([{"name": "transpose", "configuration": {"order": [0]}}]),
            one((*CONFIGURATION, "codecs", 0)),
        ),
        (conditional([{"name": "acme.squash"}, conditional([ZSTD])]), NONE),
        (
            conditional([{"name": "gzip", "configuration": {"level": 12}}]),
            one((*CONFIGURATION, "codecs", 0, "configuration", "level")),
        ),
        (
            {"name": "conditional", "configuration": {"header_bits": 8}},
            one((*CONFIGURATION, "codecs"), "missing_key"),
        ),
        (conditional(ZSTD), one((*CONFIGURATION, "codecs"), "invalid_type")),
    ],
)
def test_conditional_configuration(configuration: Any, expected: Counter[Any]) -> None:
    assert codec_problems(configuration) == expected


def test_conditional_says_why_it_refuses_a_codec() -> None:
    _, problems = resolve(conditional(["bytes"]), CodecDefinition, SCOPE, CODEC)
    (problem,) = problems
    assert problem.message == (
        "expected a bytes -> bytes codec, as conditional applies its codecs to bytes, got 'bytes', an array -> bytes codec"
    )


@given(st.integers(min_value=0, max_value=40))
@settings(max_examples=25, deadline=None)
def test_the_default_header_is_the_fewest_whole_bytes_with_a_bit_per_codec(count: int) -> None:
    bits = default_header_bits(count)
    assert bits % 8 == 0
    assert count <= bits < count + 8
    assert codec_problems(conditional(["crc32c"] * count, header_bits=bits)) == NONE


@pytest.mark.parametrize(
    ("codec", "spelled"),
    [
        (conditional([ZSTD, "crc32c"], header_bits=8), conditional([ZSTD, "crc32c"])),
        (conditional([ZSTD], header_bits=16), conditional([ZSTD], header_bits=16)),
        (conditional([], header_bits=0), conditional([])),
        (
            conditional(
                [
                    {"name": "zstd", "configuration": {"level": 1, "checksum": False}},
                    {"name": "crc32c", "configuration": {}},
                ]
            ),
            conditional([{"name": "zstd", "configuration": {"level": 1}}, "crc32c"]),
        ),
    ],
)
def test_conditional_canonical_drops_the_default_header_and_spells_its_codecs(
    codec: Any, spelled: Any
) -> None:
    assert canonical(codec) == spelled


def test_conditional_follows_the_array_to_bytes_codec() -> None:
    assert found(array("float32", [LITTLE_BYTES, conditional([ZSTD]), "crc32c"])) == NONE
    assert found(array("float32", [conditional([ZSTD]), LITTLE_BYTES])) == one(("codecs", 1))
    shard = sharding_codec([5, 5], codecs=[LITTLE_BYTES, conditional([ZSTD, "crc32c"])])
    assert found(array("float32", [shard])) == NONE
