"""The numcodecs codecs as zarr-python 3 writes them in v3 (`numcodecs.<id>`): configurations shared with v2, places in a pipeline, chunk rules, transitions, and the documents zarr-python writes."""

from __future__ import annotations

import json
import pickle
import typing
from collections.abc import Mapping
from pathlib import Path
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from _v3_documents import LITTLE_BYTES, array_document, finite_json, sharding_codec
from zarr_metadata._json import Loc, Problems
from zarr_metadata.definition import (
    AcceptedField,
    ResolvedField,
    UnclaimedField,
    canonical_of,
    resolve,
)
from zarr_metadata.model import read_array_metadata_v3, read_consolidated_metadata_v3
from zarr_metadata.v2._context import ZarrV2Context
from zarr_metadata.v2._field_kinds import ZarrV2CodecDefinition
from zarr_metadata.v2.codec import CODECS_V2
from zarr_metadata.v2.codec._extra import EXTRA_CODECS_V2
from zarr_metadata.v2.data_type import DATA_TYPES_V2
from zarr_metadata.v3._field_kinds import Chunk, CodecDefinition, DataTypeDefinition
from zarr_metadata.v3.codec.bitround import NUMCODECS_BITROUND_CODEC, NUMCODECS_BITROUND_CODEC_NAME
from zarr_metadata.v3.codec.numcodecs import NUMCODECS_CODECS
from zarr_metadata.v3.codec.numcodecs._numpy_types import flat_length, numpy_type, numpy_type_string
from zarr_metadata.v3.definition import CORE_AND_EXTENSIONS

BY_NAME = {definition.name: definition for definition in NUMCODECS_CODECS}
SCOPE = CORE_AND_EXTENSIONS.update(codecs=[*CORE_AND_EXTENSIONS.codecs.values(), *NUMCODECS_CODECS])
V2_SCOPE = ZarrV2Context(data_types=DATA_TYPES_V2, codecs=[*CODECS_V2, *EXTRA_CODECS_V2])
V2_BY_ID = {definition.name: definition for definition in (*CODECS_V2, *EXTRA_CODECS_V2)}

AT: Loc = ("codecs", 0)
CONFIGURATION: Loc = (*AT, "configuration")
V2_AT: Loc = ("filters", 0)
STORES = Path(__file__).parent / "data" / "stores" / "zarr-python-3" / "v3"

PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def codec(name: str, **configuration: Any) -> dict[str, Any]:
    return {"name": f"numcodecs.{name}", "configuration": configuration}


def read(json_codec: object) -> tuple[ResolvedField[CodecDefinition[Any]], Problems]:
    return resolve(json_codec, CodecDefinition, SCOPE, AT)


def found(json_codec: object) -> list[tuple[Loc, str]]:
    return [(problem.loc, problem.kind) for problem in read(json_codec)[1]]


def canonical(json_codec: object) -> Any:
    field, problems = read(json_codec)
    assert problems == (), [str(problem) for problem in problems]
    assert isinstance(field, AcceptedField)
    return json.loads(json.dumps(canonical_of(field, problems)))


def document_problems(**members: Any) -> list[tuple[Loc, str]]:
    return [
        (problem.loc, problem.kind)
        for problem in read_array_metadata_v3(array_document(**members), context=SCOPE).problems
    ]


def data_type(name: str) -> ResolvedField[DataTypeDefinition[Any]]:
    field, problems = resolve(name, DataTypeDefinition, SCOPE, ("data_type",))
    assert problems == ()
    return field


def chunk(*lengths: int, dtype: str) -> Chunk:
    return Chunk(
        lengths=tuple(frozenset({length}) for length in lengths), data_type=data_type(dtype)
    )


def accepted(json_codec: object) -> AcceptedField[CodecDefinition[Any]]:
    field, problems = read(json_codec)
    assert problems == ()
    assert isinstance(field, AcceptedField)
    return field


def chunk_problems(json_codec: object, incoming: Chunk) -> list[tuple[Loc, str]]:
    field = accepted(json_codec)
    return [
        (problem.loc, problem.kind)
        for problem in field.definition.chunk_rules(field.configuration, field.nested, incoming)
    ]


def transition(json_codec: object, incoming: Chunk) -> Chunk:
    field = accepted(json_codec)
    return field.definition.transition(field.configuration, field.nested, incoming)


def name_of(received: Chunk) -> str | None:
    return None if received.data_type is None else received.data_type.name


# The set of codecs

KINDS = {
    "blosc": ("bytes_bytes", "dynamic"),
    "lz4": ("bytes_bytes", "dynamic"),
    "zstd": ("bytes_bytes", "dynamic"),
    "zlib": ("bytes_bytes", "dynamic"),
    "gzip": ("bytes_bytes", "dynamic"),
    "bz2": ("bytes_bytes", "dynamic"),
    "lzma": ("bytes_bytes", "dynamic"),
    "shuffle": ("bytes_bytes", "static"),
    "delta": ("array_array", "static"),
    "bitround": ("array_array", "static"),
    "fixedscaleoffset": ("array_array", "static"),
    "quantize": ("array_array", "static"),
    "packbits": ("array_array", "static"),
    "astype": ("array_array", "static"),
    "crc32": ("bytes_bytes", "static"),
    "crc32c": ("bytes_bytes", "static"),
    "adler32": ("bytes_bytes", "static"),
    "fletcher32": ("bytes_bytes", "static"),
    "jenkins_lookup3": ("bytes_bytes", "static"),
    "pcodec": ("array_bytes", "dynamic"),
    "zfpy": ("array_bytes", "dynamic"),
}
"""Every numcodecs codec zarr-python 3.1.6 registers, in its order, with the place it gives it and whether its output size follows from its input's."""


def test_the_codecs_are_the_ones_zarr_python_registers_in_its_order() -> None:
    assert [definition.name for definition in NUMCODECS_CODECS] == [
        f"numcodecs.{name}" for name in KINDS
    ]
    assert all(type(definition) is CodecDefinition for definition in NUMCODECS_CODECS)


@pytest.mark.parametrize("definition", NUMCODECS_CODECS, ids=lambda definition: definition.name)
def test_each_codec_has_the_place_and_size_zarr_python_gives_it(
    definition: CodecDefinition[Any],
) -> None:
    assert (definition.kind, definition.size) == KINDS[definition.name.removeprefix("numcodecs.")]


@pytest.mark.parametrize("definition", NUMCODECS_CODECS, ids=lambda definition: definition.name)
def test_definitions_pickle(definition: CodecDefinition[Any]) -> None:
    assert pickle.loads(pickle.dumps(definition)) == definition


@pytest.mark.parametrize(
    "definition",
    [definition for definition in NUMCODECS_CODECS if definition is not NUMCODECS_BITROUND_CODEC],
    ids=lambda definition: definition.name,
)
def test_each_codec_reads_the_configuration_of_its_v2_namesake(
    definition: CodecDefinition[Any],
) -> None:
    v2 = V2_BY_ID[definition.name.removeprefix("numcodecs.")]
    assert definition.configuration is v2.configuration
    # Spelled as the v2 codec is (numcodecs' get_config()), less the defaults, as a v3 field is.
    assert cast(Any, definition.canonical).v2 is v2


def test_bitround_is_the_alias_the_bitround_module_defines() -> None:
    # One name, one definition: the table holds the registry's alias itself.
    (listed,) = [
        definition
        for definition in NUMCODECS_CODECS
        if definition.name == NUMCODECS_BITROUND_CODEC_NAME
    ]
    assert listed is NUMCODECS_BITROUND_CODEC
    assert NUMCODECS_BITROUND_CODEC_NAME == "numcodecs.bitround"


def test_the_scope_with_them_files_every_name_once() -> None:
    assert all(SCOPE.codecs[definition.name] is definition for definition in NUMCODECS_CODECS)
    assert SCOPE.update(codecs=[*SCOPE.codecs.values(), *NUMCODECS_CODECS]) == SCOPE


# Valid configurations, as zarr-python writes them, and their canonical spellings

VALID: list[tuple[Any, Any]] = [
    # Compressors: the configurations of the v2 codecs, with the same defaults.
    (codec("zlib", level=1), "numcodecs.zlib"),
    (codec("zlib", level=-1), codec("zlib", level=-1)),  # as given, as numcodecs writes it
    (codec("zlib", level=3), codec("zlib", level=3)),
    ("numcodecs.zlib", "numcodecs.zlib"),
    (codec("gzip", level=6), codec("gzip", level=6)),
    (codec("bz2", level=5), codec("bz2", level=5)),
    (codec("bz2", level=1), "numcodecs.bz2"),
    (codec("lzma", preset=3), codec("lzma", preset=3)),
    (codec("lzma", format=1, check=-1, preset=None, filters=None), "numcodecs.lzma"),
    (codec("blosc", cname="zstd", clevel=3), codec("blosc", cname="zstd", clevel=3)),
    (codec("blosc", cname="lz4", clevel=5, shuffle=1, blocksize=0), "numcodecs.blosc"),
    (codec("zstd", level=5), codec("zstd", level=5)),
    (codec("zstd", level=0, checksum=False), "numcodecs.zstd"),
    (codec("lz4"), "numcodecs.lz4"),
    (codec("lz4", acceleration=0), codec("lz4", acceleration=0)),  # as given, never clamped
    (codec("shuffle", elementsize=4), "numcodecs.shuffle"),
    (codec("shuffle", elementsize=8), codec("shuffle", elementsize=8)),
    # Filters: a data type parameter is a v2 type string, or a name NumPy reads, kept as written.
    (codec("delta", dtype="i4"), codec("delta", dtype="i4")),
    (codec("delta", dtype="<i4", astype="<i4"), codec("delta", dtype="<i4")),
    (codec("delta", dtype="int32", astype="i2"), codec("delta", dtype="int32", astype="i2")),
    (codec("delta", dtype="<i1"), codec("delta", dtype="|i1")),
    (
        codec("fixedscaleoffset", offset=0, scale=100, dtype="f8", astype="i4"),
        codec("fixedscaleoffset", offset=0, scale=100, dtype="f8", astype="i4"),
    ),
    (
        codec("fixedscaleoffset", offset=1.5, scale=0.5, dtype="<f8", astype=None),
        codec("fixedscaleoffset", offset=1.5, scale=0.5, dtype="<f8"),
    ),
    (codec("quantize", digits=3, dtype="f8"), codec("quantize", digits=3, dtype="f8")),
    (codec("quantize", digits=3, dtype="float64", astype="float32"), codec("quantize", digits=3, dtype="float64", astype="float32")),
    (codec("packbits"), "numcodecs.packbits"),
    (codec("astype", encode_dtype="f4", decode_dtype="f8"), codec("astype", encode_dtype="f4", decode_dtype="f8")),
    (codec("astype", encode_dtype="<u1", decode_dtype="<i4"), codec("astype", encode_dtype="|u1", decode_dtype="<i4")),
    (codec("bitround", keepbits=10), codec("bitround", keepbits=10)),
    # Checksums: where the checksum goes, and jenkins_lookup3's seed.
    (codec("crc32"), "numcodecs.crc32"),
    (codec("crc32", location="start"), "numcodecs.crc32"),
    (codec("crc32", location="end"), codec("crc32", location="end")),
    (codec("crc32c", location="end"), "numcodecs.crc32c"),
    (codec("adler32", location=None), "numcodecs.adler32"),
    (codec("fletcher32"), "numcodecs.fletcher32"),
    (codec("jenkins_lookup3"), "numcodecs.jenkins_lookup3"),
    (codec("jenkins_lookup3", initval=0, prefix=None), "numcodecs.jenkins_lookup3"),
    (codec("jenkins_lookup3", initval=2**32 - 1), codec("jenkins_lookup3", initval=2**32 - 1)),
    # Array -> bytes compressors.
    (codec("pcodec"), "numcodecs.pcodec"),
    (codec("pcodec", level=8, mode_spec="auto", delta_spec="auto", paging_spec="equal_pages_up_to"), "numcodecs.pcodec"),
    (codec("pcodec", level=12, delta_spec="try_consecutive", delta_encoding_order=7), codec("pcodec", level=12, delta_spec="try_consecutive", delta_encoding_order=7)),
    (codec("pcodec", delta_encoding_order=2), codec("pcodec", delta_encoding_order=2)),
    (codec("pcodec", mode_spec="classic", delta_spec="try_lookback", equal_pages_up_to=2**64 - 1), codec("pcodec", mode_spec="classic", delta_spec="try_lookback", equal_pages_up_to=2**64 - 1)),
    (codec("zfpy"), "numcodecs.zfpy"),
    (codec("zfpy", mode=4, tolerance=0.01), codec("zfpy", tolerance=0.01)),
    (codec("zfpy", mode=2, rate=8, tolerance=-1, precision=-1, compression_kwargs={"rate": 8}), codec("zfpy", mode=2, rate=8.0)),
    (codec("zfpy", mode=3, precision=16), codec("zfpy", mode=3, precision=16)),
    # The values as given: the tolerance of another mode is kept, as numcodecs' get_config() keeps it.
    (codec("zfpy", mode=3, precision=-1, tolerance=0.5), codec("zfpy", mode=3, tolerance=0.5)),
]  # fmt: skip


@pytest.mark.parametrize(
    ("written", "spelled"), VALID, ids=[json.dumps(written) for written, _ in VALID]
)
def test_valid_configurations_and_their_canonical_spellings(written: Any, spelled: Any) -> None:
    assert canonical(written) == spelled
    assert canonical(spelled) == spelled  # a canonical spelling is its own


# Invalid configurations, with numcodecs' bounds

INVALID: list[tuple[dict[str, Any], list[tuple[Loc, str]]]] = [
    (codec("zlib", level=10), [((*CONFIGURATION, "level"), "invalid_value")]),
    (codec("zlib", level="9"), [((*CONFIGURATION, "level"), "invalid_type")]),
    (codec("zlib", levels=1), [((*CONFIGURATION, "levels"), "unknown_key")]),
    (codec("gzip", level=-2), [((*CONFIGURATION, "level"), "invalid_value")]),
    (codec("bz2", level=0), [((*CONFIGURATION, "level"), "invalid_value")]),
    (codec("lzma", format=0), [((*CONFIGURATION, "format"), "invalid_value")]),
    (codec("lzma", preset=10), [((*CONFIGURATION, "preset"), "invalid_value")]),
    (codec("lzma", format=3), [((*CONFIGURATION, "filters"), "missing_key")]),
    (codec("blosc", clevel=10), [((*CONFIGURATION, "clevel"), "invalid_value")]),
    (codec("blosc", cname="lzo"), [((*CONFIGURATION, "cname"), "invalid_value")]),
    (codec("blosc", shuffle=3), [((*CONFIGURATION, "shuffle"), "invalid_value")]),
    (codec("zstd", level=2**31), [((*CONFIGURATION, "level"), "invalid_value")]),
    (codec("zstd", checksum=1), [((*CONFIGURATION, "checksum"), "invalid_type")]),
    (codec("lz4", acceleration=1.5), [((*CONFIGURATION, "acceleration"), "invalid_type")]),
    (codec("shuffle", elementsize=2**63), [((*CONFIGURATION, "elementsize"), "invalid_value")]),
    (codec("delta"), [((*CONFIGURATION, "dtype"), "missing_key")]),
    (codec("delta", dtype="i3"), [((*CONFIGURATION, "dtype"), "invalid_value")]),
    (codec("delta", dtype="<U4"), [((*CONFIGURATION, "dtype"), "invalid_value")]),
    (codec("delta", dtype="int32", astype="bool"), [((*CONFIGURATION, "astype"), "invalid_value")]),
    (
        codec("fixedscaleoffset", offset=0, scale=0, dtype="f8"),
        [((*CONFIGURATION, "scale"), "invalid_value")],
    ),
    (codec("fixedscaleoffset", scale=1, dtype="f8"), [((*CONFIGURATION, "offset"), "missing_key")]),
    (codec("quantize", digits=3, dtype="i4"), [((*CONFIGURATION, "dtype"), "invalid_value")]),
    (codec("quantize", digits=308, dtype="f8"), [((*CONFIGURATION, "digits"), "invalid_value")]),
    (codec("packbits", size=8), [((*CONFIGURATION, "size"), "unknown_key")]),
    (codec("astype", encode_dtype="f4"), [((*CONFIGURATION, "decode_dtype"), "missing_key")]),
    (
        codec("astype", encode_dtype="|O", decode_dtype="f8"),
        [((*CONFIGURATION, "encode_dtype"), "invalid_value")],
    ),
    (codec("bitround"), [((*CONFIGURATION, "keepbits"), "missing_key")]),
    (codec("crc32", location="middle"), [((*CONFIGURATION, "location"), "invalid_value")]),
    (codec("fletcher32", location="end"), [((*CONFIGURATION, "location"), "unknown_key")]),
    (codec("jenkins_lookup3", initval=2**32), [((*CONFIGURATION, "initval"), "invalid_value")]),
    (codec("jenkins_lookup3", initval=-1), [((*CONFIGURATION, "initval"), "invalid_value")]),
    (codec("jenkins_lookup3", prefix="abc"), [((*CONFIGURATION, "prefix"), "invalid_value")]),
    (codec("pcodec", level=13), [((*CONFIGURATION, "level"), "invalid_value")]),
    (codec("pcodec", level=-1), [((*CONFIGURATION, "level"), "invalid_value")]),
    (
        codec("pcodec", delta_spec="try_consecutive"),
        [((*CONFIGURATION, "delta_encoding_order"), "missing_key")],
    ),
    (
        codec("pcodec", delta_spec="none", delta_encoding_order=1),
        [((*CONFIGURATION, "delta_encoding_order"), "invalid_value")],
    ),
    (
        codec("pcodec", delta_encoding_order=8),
        [((*CONFIGURATION, "delta_encoding_order"), "invalid_value")],
    ),
    (
        codec("pcodec", equal_pages_up_to=0),
        [((*CONFIGURATION, "equal_pages_up_to"), "invalid_value")],
    ),
    (
        codec("pcodec", paging_spec="equal_pages"),
        [((*CONFIGURATION, "paging_spec"), "invalid_value")],
    ),
    (
        codec("pcodec", mode_spec="try_float_mult"),
        [((*CONFIGURATION, "mode_spec"), "invalid_value")],
    ),
    (codec("zfpy", mode=1), [((*CONFIGURATION, "mode"), "invalid_value")]),
    (codec("zfpy", mode=5), [((*CONFIGURATION, "mode"), "invalid_value")]),
    (codec("zfpy", precision=2**31), [((*CONFIGURATION, "precision"), "invalid_value")]),
    (codec("zfpy", rate="8"), [((*CONFIGURATION, "rate"), "invalid_type")]),
]


@pytest.mark.parametrize(
    ("written", "expected"), INVALID, ids=[json.dumps(written) for written, _ in INVALID]
)
def test_invalid_configurations_are_located_in_the_configuration(
    written: dict[str, Any], expected: list[tuple[Loc, str]]
) -> None:
    field, problems = read(written)
    assert [(problem.loc, problem.kind) for problem in problems] == expected
    assert type(field).__name__ == "RefusedField"
    assert all(
        problem.message.startswith(("expected", "unknown member", "missing required member"))
        for problem in problems
    )


def test_a_codec_with_a_required_parameter_requires_a_configuration() -> None:
    assert found("numcodecs.delta") == [(CONFIGURATION, "missing_key")]
    assert found("numcodecs.astype") == [(CONFIGURATION, "missing_key")]


def test_a_message_names_the_data_type_as_written_not_as_judged() -> None:
    (problem,) = read(codec("delta", dtype="i3"))[1]
    assert '"i3"' in problem.message
    assert '"<i3"' not in problem.message
    assert problem.input == "i3"


def test_without_the_definitions_the_names_are_unclaimed() -> None:
    without = SCOPE.update(
        codecs=[
            definition
            for definition in SCOPE.codecs.values()
            if not definition.name.startswith("numcodecs.")
        ]
    )
    field, problems = resolve(codec("zlib", level=99), CodecDefinition, without, AT)
    assert isinstance(field, UnclaimedField)
    assert problems == ()


# The same configuration, the same problems: in v3 under `configuration`, in v2 beside `id`

PARITY: list[tuple[str, dict[str, Any]]] = [
    ("zlib", {"level": 10}),
    ("zlib", {"level": -1}),
    ("gzip", {"level": True}),
    ("bz2", {"level": 0, "other": 1}),
    ("lzma", {"format": 3, "filters": [{"id": 33}, {"id": 3}]}),
    ("lzma", {"format": 2, "check": 4, "preset": 2**31 + 10}),
    ("blosc", {"cname": "snappy", "clevel": -1, "shuffle": 2, "typesize": 0}),
    ("zstd", {"level": -131073, "checksum": True}),
    ("lz4", {"acceleration": 2**31}),
    ("shuffle", {"elementsize": "4"}),
    ("delta", {"dtype": "<f8", "astype": "<U2"}),
    ("delta", {"dtype": ">M8[ns]"}),
    ("fixedscaleoffset", {"offset": "0", "scale": 0, "dtype": "|b1"}),
    ("quantize", {"digits": 2.5, "dtype": "<c8", "astype": "<f4"}),
    ("packbits", {"bits": 1}),
    ("astype", {"encode_dtype": "<f16", "decode_dtype": "|S4"}),
    ("crc32", {"location": "after"}),
    ("crc32c", {"location": None, "seed": 0}),
    ("adler32", {"location": 0}),
    ("fletcher32", {"id": "fletcher32"}),
    ("jenkins_lookup3", {"initval": 2**32, "prefix": [1, 2]}),
    ("pcodec", {"level": 13, "delta_spec": "none", "delta_encoding_order": 3}),
    ("pcodec", {"delta_spec": "try_consecutive", "delta_encoding_order": None}),
    ("zfpy", {"mode": 0, "tolerance": 1e300, "precision": 1.5}),
    ("zfpy", {"mode": 3, "precision": 16, "compression_kwargs": {"precision": 16}}),
]
"""Configurations of each codec, most with problems; written as v2 writes them, so that both formats read the same parameters."""


def v3_problems(name: str, configuration: Mapping[str, Any]) -> list[tuple[Loc, str, str]]:
    _, problems = read(codec(name, **configuration))
    return [
        (problem.loc[len(CONFIGURATION) :], problem.kind, problem.message) for problem in problems
    ]


def v2_problems(name: str, configuration: Mapping[str, Any]) -> list[tuple[Loc, str, str]]:
    _, problems = resolve({"id": name, **configuration}, ZarrV2CodecDefinition, V2_SCOPE, V2_AT)
    return [(problem.loc[len(V2_AT) :], problem.kind, problem.message) for problem in problems]


@pytest.mark.parametrize(
    ("name", "configuration"), PARITY, ids=[f"{name}-{json.dumps(c)}" for name, c in PARITY]
)
def test_v3_and_v2_find_the_same_problems_in_the_same_configuration(
    name: str, configuration: dict[str, Any]
) -> None:
    if "id" in configuration:
        # v2 reads `id` as the name; in v3 it is one more member, which no codec takes.
        assert v3_problems(name, configuration) == [
            (("id",), "unknown_key", v3_problems(name, configuration)[0][2])
        ]
        assert v2_problems(name, configuration) == []
        return
    assert v3_problems(name, configuration) == v2_problems(name, configuration)


def test_every_codec_but_bitround_is_in_the_parity_cases() -> None:
    assert {name for name, _ in PARITY} == set(KINDS) - {"bitround"}


def test_bitround_takes_the_registry_bounds_not_numcodecs() -> None:
    # numcodecs.bitround is the registry's alias of bitround, whose keepbits is at least 1;
    # numcodecs' own bitround (v2) takes 0.
    assert v2_problems("bitround", {"keepbits": 0}) == []
    assert [(loc, kind) for loc, kind, _ in v3_problems("bitround", {"keepbits": 0})] == [
        (("keepbits",), "invalid_value")
    ]


PARAMETERS = {
    definition.name.removeprefix("numcodecs."): sorted(
        typing.get_type_hints(definition.configuration)
    )
    for definition in NUMCODECS_CODECS
    if definition is not NUMCODECS_BITROUND_CODEC
}


@st.composite
def configurations(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    name = draw(st.sampled_from(sorted(PARAMETERS)))
    keys = st.sampled_from([*PARAMETERS[name], "other"])
    return name, draw(st.dictionaries(keys, finite_json, max_size=4))


@PROPERTY
@given(configurations())
def test_v3_and_v2_agree_on_any_configuration(drawn: tuple[str, dict[str, Any]]) -> None:
    name, configuration = drawn
    assert v3_problems(name, configuration) == v2_problems(name, configuration)


# NumPy names of data types, which zarr-python writes as it was given them


@pytest.mark.parametrize(
    ("name", "judged"),
    [
        ("i4", "<i4"), ("int32", "<i4"), ("uint8", "<u1"), ("float64", "<f8"), ("f2", "<f2"),
        ("complex128", "<c16"), ("bool", "|b1"), ("O", "|O"), ("object", "|O"),
        ("datetime64[ns]", "<M8[ns]"), ("timedelta64[10s]", "<m8[10s]"), ("S10", "<S10"),
        ("<i4", None), ("float", None), ("int12", None), ("i0", None), ("", None),
    ],
)  # fmt: skip
def test_numpy_names_are_judged_as_the_type_string_of_their_family_and_size(
    name: str, judged: str | None
) -> None:
    assert numpy_type_string(name) == judged


def test_numpy_types_are_families_and_sizes_of_fixed_size_types() -> None:
    assert (
        numpy_type("i4")
        == numpy_type("<i4")
        == numpy_type(">i4")
        == numpy_type("int32")
        == ("int", 4)
    )
    assert numpy_type("|u1") == ("uint", 1)
    assert numpy_type("i3") is None
    assert numpy_type("|O") is None


def test_v2_refuses_the_numpy_names_v3_takes() -> None:
    assert found(codec("delta", dtype="float64")) == []
    assert [(loc, kind) for loc, kind, _ in v2_problems("delta", {"dtype": "float64"})] == [
        (("dtype",), "invalid_value")
    ]


# Places in a pipeline


@pytest.mark.parametrize(
    "codecs",
    [
        [LITTLE_BYTES, codec("zlib", level=1)],
        [
            LITTLE_BYTES,
            codec("shuffle", elementsize=8),
            codec("blosc", cname="zstd"),
            codec("crc32"),
        ],
        [codec("delta", dtype="<f8"), LITTLE_BYTES, codec("zstd", level=5)],
        [
            codec("astype", encode_dtype="<f4", decode_dtype="<f8"),
            codec("quantize", digits=2, dtype="<f4"),
            LITTLE_BYTES,
        ],
        [codec("zfpy", mode=4, tolerance=0.01)],
        [codec("pcodec", level=8), codec("adler32")],
        [
            {"name": "transpose", "configuration": {"order": [1, 0]}},
            codec("zfpy"),
            codec("jenkins_lookup3"),
        ],
    ],
    ids=lambda codecs: ",".join(item["name"] for item in codecs),
)
def test_codecs_in_order(codecs: list[Any]) -> None:
    assert document_problems(codecs=codecs) == []


@pytest.mark.parametrize(
    ("codecs", "out_of_order"),
    [
        ([codec("zlib"), LITTLE_BYTES], ("codecs", 1)),  # bytes after a bytes -> bytes codec
        (
            [LITTLE_BYTES, codec("delta", dtype="<f8")],
            ("codecs", 1),
        ),  # an array -> array codec after bytes
        ([codec("zfpy"), LITTLE_BYTES], ("codecs", 1)),  # a second array -> bytes codec
        ([codec("pcodec"), codec("zfpy")], ("codecs", 1)),
        ([codec("shuffle"), codec("pcodec")], ("codecs", 1)),
    ],
    ids=lambda value: ",".join(item["name"] for item in value) if isinstance(value, list) else None,
)
def test_codecs_out_of_order(codecs: list[Any], out_of_order: Loc) -> None:
    assert document_problems(codecs=codecs) == [(out_of_order, "invalid_value")]


def test_a_pipeline_of_filters_needs_an_array_to_bytes_codec() -> None:
    assert document_problems(codecs=[codec("delta", dtype="<f8"), codec("zlib")]) == [
        (("codecs",), "invalid_value")
    ]


@pytest.mark.parametrize(
    "name", ["crc32", "crc32c", "adler32", "fletcher32", "jenkins_lookup3", "shuffle"]
)
def test_a_shard_index_takes_the_codecs_of_static_size(name: str) -> None:
    shard = sharding_codec([5, 5], index_codecs=[LITTLE_BYTES, codec(name)])
    assert document_problems(codecs=[shard]) == []


@pytest.mark.parametrize("name", ["zlib", "blosc", "zstd", "lz4"])
def test_a_shard_index_refuses_the_compressors(name: str) -> None:
    shard = sharding_codec([5, 5], index_codecs=[LITTLE_BYTES, codec(name)])
    assert document_problems(codecs=[shard]) == [
        (("codecs", 0, "configuration", "index_codecs", 1), "invalid_value")
    ]


def test_inside_a_shard_the_inner_pipeline_is_judged_alike() -> None:
    inner = [codec("delta", dtype="<i4"), LITTLE_BYTES, codec("zlib")]
    shard = sharding_codec([5, 5], codecs=inner)
    assert document_problems(codecs=[shard]) == [
        (("codecs", 0, "configuration", "codecs", 0, "configuration", "dtype"), "invalid_value")
    ]


# Chunk rules: what a codec asks of the chunk it receives

FILTERS_WITH_A_DTYPE: list[tuple[CodecDefinition[Any], str, dict[str, Any]]] = [
    (BY_NAME["numcodecs.delta"], "dtype", {}),
    (BY_NAME["numcodecs.fixedscaleoffset"], "dtype", {"offset": 0, "scale": 10}),
    (BY_NAME["numcodecs.quantize"], "dtype", {"digits": 2}),
    (BY_NAME["numcodecs.astype"], "decode_dtype", {"encode_dtype": "<f4"}),
]


@pytest.mark.parametrize(
    ("definition", "member", "others"),
    FILTERS_WITH_A_DTYPE,
    ids=lambda value: getattr(value, "name", None),
)
@pytest.mark.parametrize("written", ["<f8", ">f8", "f8", "float64"])
def test_a_filter_names_the_data_type_it_receives_in_any_byte_order(
    definition: CodecDefinition[Any], member: str, others: dict[str, Any], written: str
) -> None:
    json_codec = {"name": definition.name, "configuration": {**others, member: written}}
    assert chunk_problems(json_codec, chunk(10, dtype="float64")) == []
    assert document_problems(codecs=[json_codec, LITTLE_BYTES]) == []


@pytest.mark.parametrize(
    ("definition", "member", "others"),
    FILTERS_WITH_A_DTYPE,
    ids=lambda value: getattr(value, "name", None),
)
def test_a_filter_naming_another_data_type_than_it_receives_is_a_problem_at_the_member(
    definition: CodecDefinition[Any], member: str, others: dict[str, Any]
) -> None:
    json_codec = {"name": definition.name, "configuration": {**others, member: "<f4"}}
    assert chunk_problems(json_codec, chunk(10, dtype="float64")) == [((member,), "invalid_value")]
    problems = read_array_metadata_v3(
        array_document(codecs=[json_codec, LITTLE_BYTES]), context=SCOPE
    ).problems
    assert (problems[0].loc, problems[0].kind) == ((*CONFIGURATION, member), "invalid_value")
    assert problems[0].message == (
        f'expected the {member} of {definition.name} to name the data type it receives, "float64" (such as "<f8"), got "<f4"'
    )


def test_a_filter_judges_only_what_is_known_of_its_chunk() -> None:
    json_codec = codec("delta", dtype="<i4")
    assert chunk_problems(json_codec, Chunk()) == []
    # A data type nothing in scope claims, or one not among the numeric types of the core.
    assert (
        document_problems(data_type="acme.number", fill_value=0, codecs=[json_codec, LITTLE_BYTES])
        == []
    )
    assert chunk_problems(json_codec, chunk(10, dtype="bool")) == []


def test_the_data_type_a_filter_makes_is_its_astype() -> None:
    int32 = {"data_type": "int32", "fill_value": 0}
    # To one byte, the bytes codec needs no endian; to four, it does.
    assert (
        document_problems(
            **int32, codecs=[codec("delta", dtype="<i4", astype="|u1"), {"name": "bytes"}]
        )
        == []
    )
    assert document_problems(**int32, codecs=[codec("delta", dtype="<i4"), {"name": "bytes"}]) == [
        (("codecs", 1, "configuration", "endian"), "missing_key")
    ]
    assert (
        name_of(
            transition(
                codec("astype", encode_dtype="u2", decode_dtype="<i4"), chunk(4, dtype="int32")
            )
        )
        == "uint16"
    )
    assert (
        name_of(
            transition(
                codec("fixedscaleoffset", offset=0, scale=1, dtype="<f8", astype="<i2"),
                chunk(4, dtype="float64"),
            )
        )
        == "int16"
    )
    assert (
        name_of(
            transition(
                codec("quantize", digits=1, dtype="<f8", astype="<f4"), chunk(4, dtype="float64")
            )
        )
        == "float32"
    )


def test_a_filter_that_keeps_the_data_type_keeps_the_field_as_read() -> None:
    incoming = chunk(4, dtype="int32")
    assert transition(codec("delta", dtype="i4"), incoming).data_type is incoming.data_type


def test_delta_and_fixedscaleoffset_flatten_each_chunk() -> None:
    incoming = chunk(4, 5, dtype="float64")
    assert transition(codec("delta", dtype="<f8"), incoming).lengths == (frozenset({20}),)
    assert transition(
        codec("fixedscaleoffset", offset=0, scale=2, dtype="<f8", astype="<i4"), incoming
    ).lengths == (frozenset({20}),)
    transpose = {"name": "transpose", "configuration": {"order": [1, 0]}}
    assert document_problems(codecs=[codec("delta", dtype="<f8"), transpose, LITTLE_BYTES]) == [
        (("codecs", 1, "configuration", "order"), "invalid_value")
    ]


def test_quantize_and_astype_keep_the_shape() -> None:
    incoming = chunk(4, 5, dtype="float64")
    assert (
        transition(codec("quantize", digits=3, dtype="<f8"), incoming).lengths == incoming.lengths
    )
    assert (
        transition(codec("astype", encode_dtype="<f4", decode_dtype="<f8"), incoming).lengths
        == incoming.lengths
    )
    transpose = {"name": "transpose", "configuration": {"order": [1, 0]}}
    assert (
        document_problems(
            codecs=[codec("quantize", digits=3, dtype="<f8"), transpose, LITTLE_BYTES]
        )
        == []
    )


def test_a_filter_viewing_values_of_another_width_leaves_the_count_unknown() -> None:
    # numcodecs views the chunk as its dtype: float64 values read as int32 are twice as many.
    incoming = chunk(4, 5, dtype="float64")
    assert transition(codec("delta", dtype="<i4"), incoming).lengths == (None,)
    assert transition(
        codec("astype", encode_dtype="<f4", decode_dtype="<f4"), incoming
    ).lengths == (frozenset({4}), None)
    assert transition(codec("delta", dtype="<i4"), Chunk(lengths=(frozenset({4}),))).lengths == (
        None,
    )
    assert transition(codec("delta", dtype="<i4"), Chunk()).lengths == (None,)
    assert transition(codec("quantize", digits=1, dtype="<f8"), Chunk()).lengths is None


def test_flat_length() -> None:
    assert flat_length((frozenset({4}), frozenset({5}))) == frozenset({20})
    assert flat_length(()) == frozenset({1})
    assert flat_length((frozenset({4}), None)) is None
    assert flat_length((frozenset({4, 2}),)) is None
    assert flat_length(None) is None


def test_packbits_takes_booleans_and_passes_on_bytes() -> None:
    boolean = {"data_type": "bool", "fill_value": False}
    assert document_problems(**boolean, codecs=[codec("packbits"), {"name": "bytes"}]) == []
    assert document_problems(
        data_type="int8", fill_value=0, codecs=[codec("packbits"), {"name": "bytes"}]
    ) == [(CONFIGURATION, "invalid_value")]
    passed = transition(codec("packbits"), chunk(10, 3, dtype="bool"))
    assert (passed.lengths, name_of(passed)) == (
        (frozenset({1 + 4}),),
        "uint8",
    )  # 30 bits in 4 bytes, after the byte of padding
    assert transition(codec("packbits"), chunk(16, dtype="bool")).lengths == (frozenset({3}),)
    assert transition(codec("packbits"), chunk(16, dtype="int8")).lengths == (
        None,
    )  # not viewed one value a byte
    assert transition(codec("packbits"), Chunk()).lengths == (None,)


def test_pcodec_takes_the_numbers_pco_compresses() -> None:
    for name in [
        "int16",
        "int32",
        "int64",
        "uint16",
        "uint32",
        "uint64",
        "float16",
        "float32",
        "float64",
    ]:
        assert chunk_problems(codec("pcodec"), chunk(10, dtype=name)) == [], name
    datetime64 = resolve(
        {"name": "numpy.datetime64", "configuration": {"unit": "s", "scale_factor": 1}},
        DataTypeDefinition,
        SCOPE,
    )[0]
    assert chunk_problems(codec("pcodec"), Chunk(data_type=datetime64)) == []
    for name in ["int8", "uint8", "bool", "complex64", "complex128"]:
        assert chunk_problems(codec("pcodec"), chunk(10, dtype=name)) == [((), "invalid_value")], (
            name
        )
    assert chunk_problems(codec("pcodec"), Chunk()) == []
    (problem,) = read_array_metadata_v3(
        array_document(data_type="uint8", fill_value=0, codecs=[codec("pcodec")]), context=SCOPE
    ).problems
    assert problem.loc == CONFIGURATION
    assert problem.message.startswith("expected a data type pcodec compresses (float16, ")
    assert problem.message.endswith('got "uint8"')


def test_zfpy_takes_32_and_64_bit_numbers_in_one_to_four_axes() -> None:
    for name in ["int32", "int64", "float32", "float64"]:
        assert chunk_problems(codec("zfpy"), chunk(10, dtype=name)) == [], name
    for name in ["int16", "uint32", "uint64", "float16", "complex64", "bool"]:
        assert chunk_problems(codec("zfpy"), chunk(10, dtype=name)) == [((), "invalid_value")], name
    assert chunk_problems(codec("zfpy"), chunk(2, 2, 2, 2, dtype="float32")) == []
    assert chunk_problems(codec("zfpy"), chunk(2, 2, 2, 2, 2, dtype="float32")) == [
        ((), "invalid_value")
    ]
    assert chunk_problems(codec("zfpy"), chunk(dtype="float32")) == [((), "invalid_value")]
    assert chunk_problems(codec("zfpy"), chunk(2, 2, 2, 2, 2, dtype="uint8")) == [
        ((), "invalid_value"),
        ((), "invalid_value"),
    ]
    assert chunk_problems(codec("zfpy"), Chunk()) == []
    scalar = {"shape": [], "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": []}}}
    assert document_problems(**scalar, codecs=[codec("zfpy")]) == [(CONFIGURATION, "invalid_value")]


def test_zfpy_judges_the_chunk_an_earlier_codec_passes_on() -> None:
    boolean = {"data_type": "bool", "fill_value": False}
    assert document_problems(**boolean, codecs=[codec("packbits"), codec("zfpy")]) == [
        (("codecs", 1, "configuration"), "invalid_value")
    ]
    assert (
        document_problems(
            codecs=[codec("astype", encode_dtype="<f4", decode_dtype="<f8"), codec("zfpy")]
        )
        == []
    )


# Documents zarr-python 3 wrote


def _written_with_numcodecs() -> list[Path]:
    return sorted(
        path
        for path in STORES.rglob("zarr.json")
        if '"numcodecs.' in path.read_text()
        and json.loads(path.read_text())["node_type"] == "array"
    )


WRITTEN = _written_with_numcodecs()


def test_the_stores_hold_documents_with_numcodecs_codecs() -> None:
    assert len(WRITTEN) >= 10


@pytest.mark.parametrize("path", WRITTEN, ids=lambda path: path.parent.name)
def test_a_document_zarr_python_wrote_reads_without_a_problem(path: Path) -> None:
    document = json.loads(path.read_text())
    reading = read_array_metadata_v3(document, context=SCOPE)
    assert reading.problems == ()
    assert reading.metadata is not None
    assert not [loc for loc in reading.metadata.unclaimed_fields if loc[0] == "codecs"]


def test_the_consolidated_listing_zarr_python_wrote_reads_without_a_problem() -> None:
    group = json.loads((STORES / "zarr.json").read_text())
    listed = read_consolidated_metadata_v3(group["consolidated_metadata"], context=SCOPE)
    assert listed.problems == ()
    assert any(
        '"numcodecs.' in json.dumps(document)
        for document in group["consolidated_metadata"]["metadata"].values()
    )


def _written_codecs() -> list[Any]:
    found_codecs: dict[str, Any] = {}
    for path in WRITTEN:
        for item in json.loads(path.read_text())["codecs"]:
            if isinstance(item, dict) and str(item["name"]).startswith("numcodecs."):
                found_codecs.setdefault(json.dumps(item, sort_keys=True), item)
    return list(found_codecs.values())


@pytest.mark.parametrize("written", _written_codecs(), ids=lambda item: json.dumps(item))
def test_each_codec_zarr_python_wrote_is_accepted_by_its_definition(written: Any) -> None:
    field, problems = read(written)
    assert problems == ()
    assert isinstance(field, AcceptedField)
    assert field.definition is SCOPE.codecs[written["name"]]
