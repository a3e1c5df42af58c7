"""The numcodecs codecs outside the core v2 scope (categorize, pickle, base64, jenkins_lookup3, json2, zfpy, msgpack2, pcodec): parameters, problems, canonical spellings, and the stores that use them."""

from __future__ import annotations

import json
import pickle
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zarr_metadata._json import Loc, Problems
from zarr_metadata.definition import (
    AcceptedField,
    ResolvedField,
    UnclaimedField,
    canonical_of,
    resolve,
)
from zarr_metadata.model import (
    read_array_metadata_v2,
    read_consolidated_metadata_v2,
    read_node_metadata_v2,
)
from zarr_metadata.v2 import KNOWN_V2
from zarr_metadata.v2._field_kinds import ZarrV2CodecDefinition
from zarr_metadata.v2.codec import CODECS_V2
from zarr_metadata.v2.codec._extra import EXTRA_CODECS_V2
from zarr_metadata.v2.definition import CORE_V2

SCOPE = CORE_V2.update(codecs=[*CORE_V2.codecs.values(), *EXTRA_CODECS_V2])
FILTER: Loc = ("filters", 0)
STORES = Path(__file__).parent / "data" / "stores"

PROPERTY = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def read(codec: object) -> tuple[ResolvedField[Any], Problems]:
    return resolve(codec, ZarrV2CodecDefinition, SCOPE, FILTER)


def found(codec: object) -> list[tuple[Loc, str]]:
    return [(problem.loc, problem.kind) for problem in read(codec)[1]]


def canonical(codec: object) -> Any:
    field, problems = read(codec)
    assert problems == (), [str(problem) for problem in problems]
    assert isinstance(field, AcceptedField)
    return json.loads(json.dumps(canonical_of(field, problems)))


def array(**members: Any) -> dict[str, Any]:
    """A valid `.zarray` of objects, 10 values in chunks of 5, with `members` replaced."""
    document: dict[str, Any] = {
        "zarr_format": 2,
        "shape": [10],
        "chunks": [5],
        "dtype": "|O",
        "compressor": None,
        "fill_value": None,
        "order": "C",
        "filters": [{"id": "json2"}],
    }
    document.update(members)
    return document


def array_problems(**members: Any) -> list[tuple[Loc, str]]:
    return [
        (problem.loc, problem.kind)
        for problem in read_array_metadata_v2(array(**members), context=SCOPE).problems
    ]


# The set of codecs

NUMCODECS_REGISTRY = [
    "zlib", "gzip", "bz2", "lzma", "blosc", "zstd", "lz4", "astype", "delta", "quantize", "fixedscaleoffset",
    "packbits", "categorize", "pickle", "base64", "shuffle", "bitround", "crc32", "adler32", "jenkins_lookup3",
    "json2", "vlen-utf8", "vlen-bytes", "vlen-array", "fletcher32", "zfpy", "msgpack2", "pcodec",
]  # fmt: skip
"""Every id numcodecs 0.16.5 registers with its optional libraries installed, in its order; crc32c joins them when its library is."""


def test_the_extra_codecs_are_every_other_id_numcodecs_registers_in_its_order() -> None:
    core = {definition.name for definition in CODECS_V2}
    assert [definition.name for definition in EXTRA_CODECS_V2] == [
        name for name in NUMCODECS_REGISTRY if name not in core
    ]
    assert core | {definition.name for definition in EXTRA_CODECS_V2} == {
        *NUMCODECS_REGISTRY,
        "crc32c",
    }
    assert all(type(definition) is ZarrV2CodecDefinition for definition in EXTRA_CODECS_V2)


def test_the_extra_codecs_join_the_core_without_a_conflict() -> None:
    assert all(SCOPE.codecs[definition.name] is definition for definition in EXTRA_CODECS_V2)
    assert all(CORE_V2.codecs[name] is SCOPE.codecs[name] for name in CORE_V2.codecs)


@pytest.mark.parametrize("definition", EXTRA_CODECS_V2, ids=lambda definition: definition.name)
def test_definitions_pickle(definition: ZarrV2CodecDefinition[Any]) -> None:
    assert pickle.loads(pickle.dumps(definition)) == definition


@pytest.mark.parametrize("definition", EXTRA_CODECS_V2, ids=lambda definition: definition.name)
def test_in_the_core_scope_the_extra_codecs_are_unclaimed(
    definition: ZarrV2CodecDefinition[Any],
) -> None:
    field, problems = resolve(
        {"id": definition.name, "nonsense": 1}, ZarrV2CodecDefinition, CORE_V2, FILTER
    )
    assert isinstance(field, UnclaimedField)
    assert problems == ()


# Valid codecs, and how each is spelled canonically

LABELS = ["female", "male"]

JSON2: dict[str, Any] = {
    "id": "json2", "encoding": "utf-8", "skipkeys": False, "ensure_ascii": True, "check_circular": True,
    "allow_nan": True, "indent": None, "separators": [",", ":"], "sort_keys": True, "strict": True,
}  # fmt: skip
"""JSON().get_config() in numcodecs 0.17."""
ZFPY: dict[str, Any] = {
    "id": "zfpy",
    "mode": 4,
    "compression_kwargs": {"tolerance": -1},
    "tolerance": -1,
    "rate": -1,
    "precision": -1,
}
"""ZFPY().get_config() in numcodecs 0.17."""
PCODEC: dict[str, Any] = {
    "id": "pcodec", "level": 8, "mode_spec": "auto", "delta_spec": "auto", "paging_spec": "equal_pages_up_to",
    "delta_encoding_order": None, "equal_pages_up_to": 262144,
}  # fmt: skip
"""PCodec().get_config() in numcodecs 0.17."""

VALID: list[tuple[dict[str, Any], dict[str, Any]]] = [
    # categorize: labels numbered from 1 in "|u1" by default; null astype is float64;
    # spelled as numcodecs' get_config() writes it, astype filled in.
    ({"id": "categorize", "labels": LABELS, "dtype": "|O", "astype": "|u1"}, {"id": "categorize", "labels": LABELS, "dtype": "|O", "astype": "|u1"}),
    ({"id": "categorize", "labels": LABELS, "dtype": "|O8"}, {"id": "categorize", "labels": LABELS, "dtype": "|O", "astype": "|u1"}),
    ({"id": "categorize", "labels": [], "dtype": "<U6", "astype": "<i1"}, {"id": "categorize", "labels": [], "dtype": "<U6", "astype": "|i1"}),
    ({"id": "categorize", "labels": LABELS, "dtype": "|O", "astype": None}, {"id": "categorize", "labels": LABELS, "dtype": "|O", "astype": "<f8"}),
    ({"id": "categorize", "labels": ["a"] * 255, "dtype": "|O"}, {"id": "categorize", "labels": ["a"] * 255, "dtype": "|O", "astype": "|u1"}),
    ({"id": "categorize", "labels": ["a"] * 2048, "dtype": "|O", "astype": "<f2"}, {"id": "categorize", "labels": ["a"] * 2048, "dtype": "|O", "astype": "<f2"}),
    # pickle, json2, zfpy and pcodec: every parameter, each not given at its default, values as
    # given, as numcodecs 0.17's get_config() writes them (Pickle().get_config() is
    # {"id": "pickle", "protocol": 5}).
    ({"id": "pickle"}, {"id": "pickle", "protocol": pickle.HIGHEST_PROTOCOL}),
    ({"id": "pickle", "protocol": pickle.HIGHEST_PROTOCOL}, {"id": "pickle", "protocol": pickle.HIGHEST_PROTOCOL}),
    ({"id": "pickle", "protocol": -1}, {"id": "pickle", "protocol": -1}),
    ({"id": "pickle", "protocol": 2}, {"id": "pickle", "protocol": 2}),
    ({"id": "json2"}, JSON2),
    (JSON2, JSON2),
    ({"id": "json2", "encoding": "UTF8"}, {**JSON2, "encoding": "UTF8"}),
    ({"id": "json2", "indent": 2, "separators": [", ", ": "]}, {**JSON2, "indent": 2, "separators": [", ", ": "]}),
    # indented, the separators numcodecs fills in are spaced (JSON(indent=2).get_config())
    ({"id": "json2", "indent": "  "}, {**JSON2, "indent": "  ", "separators": [", ", ": "]}),
    ({"id": "json2", "indent": -4}, {**JSON2, "indent": -4, "separators": [", ", ": "]}),
    ({"id": "json2", "indent": 2, "separators": [",", ":"]}, {**JSON2, "indent": 2, "separators": [",", ":"]}),
    ({"id": "json2", "separators": [" , ", ":\n"], "sort_keys": False}, {**JSON2, "separators": [" , ", ":\n"], "sort_keys": False}),
    # ZFPY().get_config() also writes the mode's parameter in compression_kwargs.
    ({"id": "zfpy"}, ZFPY),
    (ZFPY, ZFPY),
    ({"id": "zfpy", "mode": 2, "rate": -1}, {**ZFPY, "mode": 2, "compression_kwargs": {"rate": -1}}),
    ({"id": "zfpy", "mode": 4, "tolerance": 1}, {**ZFPY, "tolerance": 1, "compression_kwargs": {"tolerance": 1}}),
    ({"id": "zfpy", "mode": 2, "rate": 8, "tolerance": 0.5}, {**ZFPY, "mode": 2, "rate": 8, "tolerance": 0.5, "compression_kwargs": {"rate": 8}}),
    ({"id": "zfpy", "mode": 3, "precision": 20, "compression_kwargs": {"precision": 20}}, {**ZFPY, "mode": 3, "precision": 20, "compression_kwargs": {"precision": 20}}),
    ({"id": "pcodec"}, PCODEC),
    (PCODEC, PCODEC),
    ({"id": "pcodec", "level": 0, "mode_spec": "classic"}, {**PCODEC, "level": 0, "mode_spec": "classic"}),
    ({"id": "pcodec", "delta_encoding_order": 0}, {**PCODEC, "delta_encoding_order": 0}),
    ({"id": "pcodec", "delta_spec": "none", "equal_pages_up_to": 1}, {**PCODEC, "delta_spec": "none", "equal_pages_up_to": 1}),
]  # fmt: skip


@pytest.mark.parametrize(
    ("written", "spelled"), VALID, ids=[json.dumps(written)[:80] for written, _ in VALID]
)
def test_valid_codecs_and_their_canonical_spellings(
    written: dict[str, Any], spelled: dict[str, Any]
) -> None:
    assert canonical(written) == spelled
    assert canonical(spelled) == spelled


def test_a_codec_alone_needs_only_its_id() -> None:
    for name in ["pickle", "base64", "jenkins_lookup3", "json2", "msgpack2", "zfpy", "pcodec"]:
        assert found({"id": name}) == [], name
    assert sorted(found({"id": "categorize"})) == [
        ((*FILTER, "dtype"), "missing_key"),
        ((*FILTER, "labels"), "missing_key"),
    ]


# Invalid codecs, each problem beside the id

INVALID: list[tuple[dict[str, Any], list[tuple[Loc, str]]]] = [
    ({"id": "categorize", "labels": LABELS, "dtype": "<i4"}, [((*FILTER, "dtype"), "invalid_value")]),
    ({"id": "categorize", "labels": LABELS, "dtype": "|O", "astype": "|O"}, [((*FILTER, "astype"), "invalid_value")]),
    ({"id": "categorize", "labels": LABELS, "dtype": "|O", "astype": "<U1"}, [((*FILTER, "astype"), "invalid_value")]),
    ({"id": "categorize", "labels": LABELS, "dtype": "O"}, [((*FILTER, "dtype"), "invalid_value")]),
    ({"id": "categorize", "labels": ["a", 1], "dtype": "|O"}, [((*FILTER, "labels", 1), "invalid_type")]),
    ({"id": "categorize", "labels": ["a"] * 256, "dtype": "|O"}, [((*FILTER, "labels"), "invalid_value")]),
    ({"id": "categorize", "labels": ["a"] * 128, "dtype": "|O", "astype": "|i1"}, [((*FILTER, "labels"), "invalid_value")]),
    ({"id": "categorize", "labels": ["a"] * 2049, "dtype": "|O", "astype": "<f2"}, [((*FILTER, "labels"), "invalid_value")]),
    ({"id": "pickle", "protocol": pickle.HIGHEST_PROTOCOL + 1}, [((*FILTER, "protocol"), "invalid_value")]),
    ({"id": "pickle", "protocol": "5"}, [((*FILTER, "protocol"), "invalid_type")]),
    ({"id": "base64", "altchars": "-_"}, [((*FILTER, "altchars"), "unknown_key")]),
    ({"id": "jenkins_lookup3", "initval": 2**32}, [((*FILTER, "initval"), "invalid_value")]),
    ({"id": "jenkins_lookup3", "initval": -1}, [((*FILTER, "initval"), "invalid_value")]),
    ({"id": "jenkins_lookup3", "prefix": [1, 2]}, [((*FILTER, "prefix"), "invalid_value")]),
    ({"id": "json2", "encoding": "base64"}, [((*FILTER, "encoding"), "invalid_value")]),
    ({"id": "json2", "encoding": "no-such-encoding"}, [((*FILTER, "encoding"), "invalid_value")]),
    ({"id": "json2", "indent": "--"}, [((*FILTER, "indent"), "invalid_value")]),
    ({"id": "json2", "indent": True}, [((*FILTER, "indent"), "invalid_type")]),
    ({"id": "json2", "separators": [";", "="]}, [((*FILTER, "separators", 0), "invalid_value"), ((*FILTER, "separators", 1), "invalid_value")]),
    ({"id": "json2", "separators": [","]}, [((*FILTER, "separators"), "invalid_value")]),
    ({"id": "json2", "sort_keys": "yes"}, [((*FILTER, "sort_keys"), "invalid_type")]),
    ({"id": "msgpack2", "raw": 0}, [((*FILTER, "raw"), "invalid_type")]),
    ({"id": "msgpack2", "strict_map_key": False}, [((*FILTER, "strict_map_key"), "unknown_key")]),
    ({"id": "zfpy", "mode": 1}, [((*FILTER, "mode"), "invalid_value")]),
    ({"id": "zfpy", "mode": 0}, [((*FILTER, "mode"), "invalid_value")]),
    ({"id": "zfpy", "mode": "fixed_rate"}, [((*FILTER, "mode"), "invalid_type")]),
    ({"id": "zfpy", "precision": 2**31}, [((*FILTER, "precision"), "invalid_value")]),
    ({"id": "zfpy", "tolerance": 10**309}, [((*FILTER, "tolerance"), "invalid_value")]),  # too large for a double
    ({"id": "zfpy", "mode": 2, "rate": -(10**309)}, [((*FILTER, "rate"), "invalid_value")]),
    ({"id": "pcodec", "level": 13}, [((*FILTER, "level"), "invalid_value")]),
    ({"id": "pcodec", "level": -1}, [((*FILTER, "level"), "invalid_value")]),
    ({"id": "pcodec", "delta_encoding_order": 8}, [((*FILTER, "delta_encoding_order"), "invalid_value")]),
    ({"id": "pcodec", "delta_spec": "try_consecutive"}, [((*FILTER, "delta_encoding_order"), "missing_key")]),
    ({"id": "pcodec", "delta_spec": "try_consecutive", "delta_encoding_order": None}, [((*FILTER, "delta_encoding_order"), "invalid_value")]),
    ({"id": "pcodec", "delta_spec": "try_lookback", "delta_encoding_order": 2}, [((*FILTER, "delta_encoding_order"), "invalid_value")]),
    ({"id": "pcodec", "equal_pages_up_to": 0}, [((*FILTER, "equal_pages_up_to"), "invalid_value")]),
    ({"id": "pcodec", "equal_pages_up_to": 2**64}, [((*FILTER, "equal_pages_up_to"), "invalid_value")]),
    ({"id": "pcodec", "mode_spec": "try_int_mult"}, [((*FILTER, "mode_spec"), "invalid_value")]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("written", "expected"), INVALID, ids=[json.dumps(written)[:80] for written, _ in INVALID]
)
def test_invalid_codecs_are_located_beside_the_id(
    written: dict[str, Any], expected: list[tuple[Loc, str]]
) -> None:
    field, problems = read(written)
    assert sorted((problem.loc, problem.kind) for problem in problems) == sorted(expected)
    assert not isinstance(field, AcceptedField | UnclaimedField)


@pytest.mark.parametrize(
    ("written", "message"),
    [
        (
            {"id": "categorize", "labels": ["a"] * 256, "dtype": "|O"},
            'expected at most 255 labels, as many as "|u1" numbers from 1 (0 stands for a value with no label), got 256',
        ),
        (
            {"id": "categorize", "labels": LABELS, "dtype": "<i4"},
            'expected a string (U) or object (O) data type as the dtype of categorize, got "<i4" (int)',
        ),
        (
            {"id": "jenkins_lookup3", "prefix": "AAAA"},
            'expected null: the prefix is a buffer of bytes, which JSON cannot hold, got "AAAA"',
        ),
        (
            {"id": "json2", "encoding": "base64"},
            'expected a text encoding Python knows, such as "utf-8", got "base64"',
        ),
        (
            {"id": "json2", "separators": [",", "="]},
            'expected ":" with only whitespace around it, which JSON reads back, got "="',
        ),
        (
            {"id": "zfpy", "mode": 1},
            "expected a mode numcodecs compresses in: 2 (fixed rate), 3 (fixed precision), 4 (fixed accuracy), got 1 (expert)",
        ),
        (
            {"id": "pcodec", "delta_spec": "none", "delta_encoding_order": 1},
            'expected no delta_encoding_order with the delta_spec "none", which orders its deltas itself, got 1',
        ),
    ],
)
def test_messages_say_what_was_expected_and_what_was_found(
    written: dict[str, Any], message: str
) -> None:
    (problem,) = read(written)[1]
    assert problem.message == message


# Canonical spellings read back as themselves

VALUES: dict[str, dict[str, st.SearchStrategy[Any]]] = {
    "categorize": {
        "labels": st.lists(st.sampled_from(["a", "b", "é"]), max_size=4),
        "dtype": st.sampled_from(["|O", "|O8", "<U3", ">U1"]),
        "astype": st.sampled_from([None, "|u1", "<u1", "<i2", ">f4", "<f8", "<c8"]),
    },
    "pickle": {"protocol": st.integers(min_value=-3, max_value=pickle.HIGHEST_PROTOCOL)},
    "jenkins_lookup3": {
        "initval": st.integers(min_value=0, max_value=2**32 - 1),
        "prefix": st.none(),
    },
    "json2": {
        "encoding": st.sampled_from(["utf-8", "UTF8", "utf_16", "latin-1", "ascii"]),
        "indent": st.none()
        | st.integers(min_value=-2, max_value=4)
        | st.sampled_from(["", "  ", "\t", " \n"]),
        "separators": st.none()
        | st.tuples(st.sampled_from([",", ", ", " ,"]), st.sampled_from([":", ": ", " :"])),
        **{
            flag: st.booleans()
            for flag in (
                "skipkeys",
                "ensure_ascii",
                "check_circular",
                "allow_nan",
                "sort_keys",
                "strict",
            )
        },
    },
    "msgpack2": {flag: st.booleans() for flag in ("use_single_float", "use_bin_type", "raw")},
    "zfpy": {
        "mode": st.sampled_from([2, 3, 4]),
        "tolerance": st.floats(min_value=-2, max_value=10)
        | st.integers(min_value=-2, max_value=10),
        "rate": st.floats(min_value=-2, max_value=64) | st.integers(min_value=-2, max_value=64),
        "precision": st.integers(min_value=-2, max_value=64),
    },
    "pcodec": {
        "level": st.integers(min_value=0, max_value=12),
        "mode_spec": st.sampled_from(["auto", "classic"]),
        "delta_spec": st.sampled_from(["auto", "none", "try_consecutive", "try_lookback"]),
        "delta_encoding_order": st.none() | st.integers(min_value=0, max_value=7),
        "equal_pages_up_to": st.integers(min_value=1, max_value=2**64 - 1),
    },
}


@st.composite
def codecs(draw: st.DrawFn) -> dict[str, Any]:
    name = draw(st.sampled_from(sorted(VALUES)))
    members = VALUES[name]
    chosen = draw(st.sets(st.sampled_from(sorted(members))))
    return {"id": name, **{member: draw(members[member]) for member in sorted(chosen)}}


@PROPERTY
@given(codecs())
def test_a_canonical_spelling_reads_back_as_itself(codec: dict[str, Any]) -> None:
    field, problems = read(codec)
    if problems:
        return  # some drawn combinations are refused (try_consecutive without an order, ...)
    spelled = json.loads(json.dumps(canonical_of(field, problems)))
    assert canonical(spelled) == spelled
    # Nothing but the codec's parameters is written out, given or filled in as get_config() fills them.
    definition = KNOWN_V2.codecs[codec["id"]]
    assert set(spelled) <= {"id", *definition.configuration.__annotations__}


# Arrays and stores


@pytest.mark.parametrize(
    "codec",
    [{"id": "json2"}, {"id": "msgpack2"}, {"id": "pickle", "protocol": 4}],
    ids=lambda codec: codec["id"],
)
def test_a_codec_that_encodes_objects_is_enough_for_an_object_array(codec: dict[str, Any]) -> None:
    assert array_problems(filters=[codec]) == []


def test_a_codec_that_encodes_no_objects_is_not() -> None:
    assert array_problems(filters=[{"id": "base64"}]) == [(("filters",), "invalid_value")]


def test_an_array_locates_the_problems_of_its_extra_codecs() -> None:
    assert array_problems(
        filters=[{"id": "json2", "indent": "x"}],
        compressor={"id": "jenkins_lookup3", "initval": -1},
    ) == [
        (("compressor", "initval"), "invalid_value"),
        (("filters", 0, "indent"), "invalid_value"),
    ]


def test_numeric_compressors_in_an_array() -> None:
    numbers = {"dtype": "<i4", "fill_value": 0, "filters": None}
    assert array_problems(**numbers, compressor={"id": "pcodec", "level": 12}) == []
    assert array_problems(**numbers, compressor={"id": "zfpy", "mode": 3, "precision": 24}) == []
    assert array_problems(**numbers, compressor={"id": "zfpy", "mode": 9}) == [
        (("compressor", "mode"), "invalid_value")
    ]


def _stores_with_extra_codecs() -> list[Path]:
    names = {definition.name for definition in EXTRA_CODECS_V2}
    found_paths: list[Path] = []
    for path in sorted(STORES.rglob(".zarray")):
        document = json.loads(path.read_text())
        used = [document.get("compressor"), *(document.get("filters") or [])]
        if any(isinstance(codec, dict) and codec.get("id") in names for codec in used):
            found_paths.append(path)
    return found_paths


WRITTEN = _stores_with_extra_codecs()


def test_the_stores_hold_arrays_with_extra_codecs() -> None:
    assert {path.parent.name for path in WRITTEN} >= {
        "base64",
        "categorized",
        "jenkins",
        "json_objects",
        "msgpack_objects",
        "pickled",
    }


@pytest.mark.parametrize("path", WRITTEN, ids=lambda path: str(path.relative_to(STORES)))
def test_an_array_zarr_python_wrote_reads_without_a_problem_and_claims_its_codecs(
    path: Path,
) -> None:
    files = {
        file.name: json.loads(file.read_text())
        for file in path.parent.iterdir()
        if file.name in (".zarray", ".zattrs")
    }
    reading = read_node_metadata_v2(files, context=SCOPE)
    assert reading.problems == ()
    assert reading.metadata is not None
    assert list(reading.metadata.unclaimed_fields) == []


@pytest.mark.parametrize("store", ["zarr-python-2", "zarr-python-3/v2"])
def test_a_zmetadata_zarr_python_wrote_reads_without_a_problem(store: str) -> None:
    zmetadata = json.loads((STORES / store / ".zmetadata").read_text())
    assert read_consolidated_metadata_v2(zmetadata, context=SCOPE).problems == ()
