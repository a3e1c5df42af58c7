"""Properties of the v2 readers and models over generated input: a reader never raises, a model written out reads back to an equal model, and deep or large documents read in one piece."""

from __future__ import annotations

import base64
import json
import math
import pickle
import string
from collections.abc import Callable
from types import MappingProxyType
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from _v3_documents import anything, deep_list, document_positions, finite_json, mutations, user_json
from zarr_metadata.definition import UnclaimedField
from zarr_metadata.model import (
    ZarrV2ArrayMetadata,
    ZarrV2ConsolidatedMetadata,
    ZarrV2GroupMetadata,
    read_array_metadata_v2,
    read_consolidated_metadata_v2,
    read_group_metadata_v2,
    read_node_metadata_v2,
    read_repaired_consolidated_metadata_v2,
    read_repaired_node_metadata_v2,
)
from zarr_metadata.problems import ValidationProblem
from zarr_metadata.v2 import ZarrV2Context
from zarr_metadata.v2.codec import CODECS_V2
from zarr_metadata.v2.data_type import DATA_TYPES_V2

PROBLEM_KINDS = frozenset(
    {"missing_key", "invalid_type", "invalid_value", "invalid_json", "unknown_key"}
)
WITHOUT_ZSTD = ZarrV2Context(
    data_types=DATA_TYPES_V2, codecs=[codec for codec in CODECS_V2 if codec.name != "zstd"]
)
GROUP: dict[str, Any] = {"zarr_format": 2}


def _repaired_node(value: Any, *, context: ZarrV2Context | None) -> Any:
    return read_repaired_node_metadata_v2(value, context=context).reading


def _repaired_consolidated(value: Any, *, context: ZarrV2Context | None) -> Any:
    return read_repaired_consolidated_metadata_v2(value, context=context).reading


READERS: tuple[Callable[..., Any], ...] = (
    read_array_metadata_v2,
    read_group_metadata_v2,
    read_node_metadata_v2,
    read_consolidated_metadata_v2,
    _repaired_node,
    _repaired_consolidated,
)

QUICK = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def array(**members: Any) -> dict[str, Any]:
    document: dict[str, Any] = {
        "zarr_format": 2,
        "shape": [10, 10],
        "chunks": [5, 5],
        "dtype": "<f8",
        "compressor": {"id": "zlib", "level": 1},
        "fill_value": 0.0,
        "order": "C",
        "filters": None,
    }
    document.update(members)
    return document


def zmetadata(listing: Any) -> dict[str, Any]:
    return {"zarr_consolidated_format": 1, "metadata": listing}


def read_every_way(value: object) -> None:
    """Read `value` with every reader, in two scopes, and list every reading's fields; check what each reading says of itself."""
    for reader in READERS:
        for context in (None, WITHOUT_ZSTD):
            reading: Any = reader(value, context=context)
            fields = list(reading.fields())
            assert all(isinstance(loc, tuple) for loc, _ in fields)
            # The checker lists unknown names only when a reading says it holds one.
            assert reading.any_unclaimed == any(
                isinstance(field, UnclaimedField) for _, field in fields
            )
            problems: tuple[object, ...] = reading.problems
            assert isinstance(problems, tuple)
            for problem in problems:
                assert isinstance(problem, ValidationProblem)
                assert problem.kind in PROBLEM_KINDS
                assert all(
                    isinstance(step, str | int) and not isinstance(step, bool)
                    for step in problem.loc
                )
                assert isinstance(problem.message, str) and problem.message
            assert (reading.metadata is None) == (len(problems) != 0)


def in_every_place(value: object) -> list[object]:
    """`value` as a whole document, and in the places of valid documents where a reader looks deepest."""
    return [
        value,
        array(shape=value),
        array(chunks=value),
        array(dtype=value),
        array(dtype=[["a", "<i4"], ["b", value]], fill_value=None),
        array(fill_value=value),
        array(compressor=value),
        array(filters=[value]),
        array(dtype="|O", fill_value=None, filters=[value]),
        array(attributes={"a": value}),
        array(acme=value),
        {".zarray": value, ".zattrs": {}},
        {".zarray": array(), ".zattrs": value},
        {".zgroup": GROUP, ".zattrs": {"a": value}},
        zmetadata(value),
        zmetadata({".zgroup": GROUP, "a/.zarray": value}),
        zmetadata({".zgroup": GROUP, "a/.zarray": array(), "a/.zattrs": value}),
    ]


# Generated valid documents


def base64_of(size: int) -> st.SearchStrategy[str]:
    return st.binary(min_size=size, max_size=size).map(lambda data: base64.b64encode(data).decode())


FLOAT_FILLS = st.sampled_from(["NaN", "Infinity", "-Infinity", 0])
DATA_TYPES: dict[str, st.SearchStrategy[Any]] = {
    "<f8": st.floats(allow_nan=False, allow_infinity=False) | FLOAT_FILLS,
    ">f4": st.floats(allow_nan=False, allow_infinity=False, width=32) | FLOAT_FILLS,
    "<f2": st.floats(allow_nan=False, allow_infinity=False, width=16) | FLOAT_FILLS | st.none(),
    "<i4": st.integers(min_value=-(2**31), max_value=2**31 - 1) | st.none(),
    "|i1": st.integers(min_value=-128, max_value=127),
    ">u2": st.integers(min_value=0, max_value=2**16 - 1),
    "|b1": st.booleans() | st.none(),
    "<c16": st.tuples(
        st.floats(allow_nan=False, allow_infinity=False) | FLOAT_FILLS,
        st.floats(allow_nan=False, allow_infinity=False) | FLOAT_FILLS,
    ),
    "|S4": base64_of(4) | st.none(),
    "<U3": st.text(alphabet=string.ascii_letters, max_size=3) | st.none(),
    "<M8[ns]": st.integers(min_value=-(2**63), max_value=2**63 - 1) | st.just("NaT"),
    "<m8[s]": st.integers(min_value=-(2**63), max_value=2**63 - 1),
}
STRUCTURED = [["a", "<i4"], ["b", "<f8", [2]], ["c", [["d", "|u1"]]]]  # 4 + 16 + 1 bytes


def _leveled(codec: str, low: int, high: int) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries(
        {"id": st.just(codec), "level": st.integers(min_value=low, max_value=high)}
    )


COMPRESSORS: st.SearchStrategy[dict[str, Any] | None] = st.one_of(
    st.none(),
    st.just({"id": "zlib"}),
    _leveled("zlib", 0, 9),
    _leveled("gzip", 0, 9),
    _leveled("bz2", 1, 9),
    _leveled("zstd", -5, 22),
    st.fixed_dictionaries(
        {
            "id": st.just("blosc"),
            "cname": st.sampled_from(["lz4", "zstd", "zlib", "blosclz"]),
            "clevel": st.integers(min_value=0, max_value=9),
            "shuffle": st.sampled_from([-1, 0, 1, 2]),
        }
    ),
)
CHECKSUMS = st.sampled_from(
    [{"id": "crc32"}, {"id": "adler32"}, {"id": "crc32c"}, {"id": "fletcher32"}]
)
EXTRA_KEYS = st.text(alphabet=string.ascii_lowercase + "_.", min_size=1, max_size=6).filter(
    lambda key: (
        key
        not in {
            "attributes",
            "shape",
            "chunks",
            "dtype",
            "compressor",
            "order",
            "filters",
            "codecs",
        }
    )
)


@st.composite
def v2_arrays(draw: st.DrawFn) -> dict[str, Any]:
    """A valid v2 array document: a data type of a few families with a fill value it takes, codecs, and optional members."""
    shape = draw(st.lists(st.integers(min_value=0, max_value=50), max_size=3))
    chunks = [draw(st.integers(min_value=1, max_value=max(length, 1) + 2)) for length in shape]
    kind = draw(st.sampled_from([*DATA_TYPES, "|O", "structured"]))
    filters: list[Any] = draw(st.lists(CHECKSUMS, max_size=2))
    if kind == "|O":
        dtype: Any = "|O"
        fill_value: Any = draw(st.sampled_from([None, 0, ""]))
        filters.insert(
            draw(st.integers(min_value=0, max_value=len(filters))),
            {"id": draw(st.sampled_from(["vlen-utf8", "vlen-bytes"]))},
        )
    elif kind == "structured":
        dtype, fill_value = STRUCTURED, draw(base64_of(21) | st.none())
    else:
        dtype, fill_value = kind, draw(DATA_TYPES[kind])
    document: dict[str, Any] = {
        "zarr_format": 2,
        "shape": shape,
        "chunks": chunks,
        "dtype": dtype,
        "compressor": draw(COMPRESSORS),
        "fill_value": list(cast("tuple[Any, ...]", fill_value))
        if isinstance(fill_value, tuple)
        else fill_value,
        "order": draw(st.sampled_from(["C", "F"])),
        "filters": filters or None,
    }
    if draw(st.booleans()):
        document["dimension_separator"] = draw(st.sampled_from([".", "/"]))
    if draw(st.booleans()):
        document["attributes"] = draw(st.dictionaries(st.text(max_size=4), user_json, max_size=3))
    if draw(st.booleans()):
        document[draw(EXTRA_KEYS)] = draw(finite_json)
    return document


@st.composite
def v2_listings(draw: st.DrawFn) -> dict[str, Any]:
    """A valid `.zmetadata`: a root group and up to four arrays and groups below it, some with attributes."""
    listing: dict[str, Any] = {".zgroup": GROUP}
    groups = [""]
    for index in range(draw(st.integers(min_value=0, max_value=4))):
        parent = draw(st.sampled_from(groups))
        path = f"{parent}/n{index}" if parent else f"n{index}"
        if draw(st.booleans()):
            listing[f"{path}/.zgroup"] = GROUP
            groups.append(path)
        else:
            listing[f"{path}/.zarray"] = {
                key: value for key, value in draw(v2_arrays()).items() if key != "attributes"
            }
        if draw(st.booleans()):
            listing[f"{path}/.zattrs"] = draw(
                st.dictionaries(st.text(max_size=4), user_json, max_size=3)
            )
    return zmetadata(listing)


# FieldReaders never raise


@QUICK
@given(anything)
def test_readers_never_raise_on_any_value(value: object) -> None:
    for document in in_every_place(value):
        read_every_way(document)


@QUICK
@given(st.data())
def test_readers_never_raise_on_a_valid_array_with_parts_dropped_replaced_or_retyped(
    data: st.DataObject,
) -> None:
    document = data.draw(mutations(data.draw(v2_arrays())))
    read_every_way(document)
    read_every_way({".zarray": document, ".zattrs": document.get("attributes", {})})


@SLOW
@given(st.data())
def test_readers_never_raise_on_a_valid_zmetadata_with_parts_dropped_replaced_or_retyped(
    data: st.DataObject,
) -> None:
    read_every_way(data.draw(mutations(data.draw(v2_listings()))))


@pytest.mark.parametrize(
    "value",
    [
        pytest.param(deep_list(10_000), id="a 10,000-deep list"),
        pytest.param({1: "one", None: 2, (3, 4): 5}, id="a dict of keys that are not strings"),
        pytest.param({".zarray", ".zattrs"}, id="a set"),
        pytest.param(math.nan, id="NaN"),
        pytest.param(10**5000, id="an integer of 5,000 digits"),
        pytest.param(b'{"zarr_format": 2}', id="bytes"),
        pytest.param(object(), id="an object"),
    ],
)
def test_readers_never_raise_on_values_no_json_parser_makes(value: object) -> None:
    for document in in_every_place(value):
        read_every_way(document)


# Models round-trip


@QUICK
@given(v2_arrays(), st.sampled_from([None, 2, "  "]))
def test_an_array_model_reads_back_from_its_files_to_an_equal_model(
    document: dict[str, Any], indent: Any
) -> None:
    metadata = ZarrV2ArrayMetadata(document)
    written = metadata.to_key_value(indent=indent)
    assert (".zattrs" in written) == ("attributes" in document)
    again = ZarrV2ArrayMetadata.from_key_value(written)
    assert again == metadata and hash(again) == hash(metadata)
    assert again.to_key_value(indent=indent) == written


@QUICK
@given(v2_arrays())
def test_an_array_model_reads_back_from_its_json_to_an_equal_model(
    document: dict[str, Any],
) -> None:
    metadata = ZarrV2ArrayMetadata(document)
    for again in (ZarrV2ArrayMetadata(metadata.to_json()), pickle.loads(pickle.dumps(metadata))):
        assert again == metadata and hash(again) == hash(metadata)
        # JSON text, because a NaN in the attributes is not equal to itself.
        assert json.dumps(again.to_json()) == json.dumps(metadata.to_json())


@QUICK
@given(st.data())
def test_the_fields_of_a_generated_array_are_located_in_it_in_document_order(
    data: st.DataObject,
) -> None:
    document = data.draw(v2_arrays())
    reading = read_array_metadata_v2(document)
    assert reading.problems == ()
    positions = document_positions(document)
    order = [positions[loc] for loc, _ in reading.fields()]
    assert order == sorted(order) and len(set(order)) == len(order)


@SLOW
@given(v2_listings(), st.sampled_from([None, 1]))
def test_a_consolidated_model_round_trips_every_way(document: dict[str, Any], indent: Any) -> None:
    consolidated = ZarrV2ConsolidatedMetadata(document)
    for again in (
        ZarrV2ConsolidatedMetadata(consolidated.to_json()),
        ZarrV2ConsolidatedMetadata.from_key_value(consolidated.to_key_value(indent=indent)),
        pickle.loads(pickle.dumps(consolidated)),
    ):
        assert again == consolidated and hash(again) == hash(consolidated)
    paths = {key.rpartition("/")[0] for key in document["metadata"]}
    assert set(consolidated.metadata) == paths
    for loc, _ in consolidated.reading.fields():
        assert loc in document_positions(document), loc


@QUICK
@given(st.dictionaries(st.text(max_size=4), user_json, max_size=4))
def test_a_group_model_round_trips_every_way(attributes: dict[str, Any]) -> None:
    metadata = ZarrV2GroupMetadata({"zarr_format": 2, "attributes": attributes})
    for again in (
        ZarrV2GroupMetadata(metadata.to_json()),
        ZarrV2GroupMetadata.from_key_value(metadata.to_key_value()),
        pickle.loads(pickle.dumps(metadata)),
    ):
        assert again == metadata and hash(again) == hash(metadata)


# Deep and large documents


def nested_structure(levels: int) -> Any:
    """A structured data type whose one field holds another, `levels` deep, around an int32."""
    dtype: Any = "<i4"
    for _ in range(levels):
        dtype = [["a", dtype]]
    return dtype


def test_a_structured_type_nested_300_levels_deep_is_one_problem_of_depth() -> None:
    document = array(dtype=nested_structure(300), fill_value=None)
    for reading in (read_array_metadata_v2(document), read_node_metadata_v2({".zarray": document})):
        (problem,) = reading.problems
        assert problem.kind == "invalid_value" and problem.ctx["max_depth"] == 256
        assert problem.loc[:3] == ("dtype", 0, 1)
    listed = read_consolidated_metadata_v2(zmetadata({".zgroup": GROUP, "a/.zarray": document}))
    (problem,) = listed.problems
    assert problem.loc[:4] == ("metadata", "a/.zarray", "dtype", 0)


def test_a_structured_type_nested_within_the_limit_reads() -> None:
    # Each level is two JSON arrays: the innermost type sits at depth 1 + 2 * 100 = 201, well within 256.
    assert (
        read_array_metadata_v2(array(dtype=nested_structure(100), fill_value=None)).problems == ()
    )


def test_a_zmetadata_of_20000_entries_reads_in_one_piece() -> None:
    listing: dict[str, Any] = {".zgroup": GROUP, ".zattrs": {"title": "root"}}
    for index in range(9_999):
        listing[f"n{index}/.zarray"] = array(fill_value=index)
        listing[f"n{index}/.zattrs"] = {"index": index}
    # One bare NaN, which only the repair reader reads.
    listing["n0/.zarray"] = array(fill_value=math.nan)
    assert len(listing) == 20_000
    document = zmetadata(listing)
    reading = read_consolidated_metadata_v2(document)
    assert [problem.loc for problem in reading.problems] == [
        ("metadata", "n0/.zarray", "fill_value")
    ]
    repaired = read_repaired_consolidated_metadata_v2(document)
    assert len(repaired.repairs) == 1 and repaired.reading.problems == ()
    consolidated = repaired.reading.metadata
    assert consolidated is not None and len(consolidated.metadata) == 10_000
    assert consolidated.metadata["n9998"].attributes == {"index": 9998}
    assert hash(consolidated) == hash(ZarrV2ConsolidatedMetadata(consolidated.to_json()))


def _everything_read(value: object) -> tuple[object, ...]:
    """What a read of `value` found, comparably: its problems, its refined document as JSON text, and its fields."""
    reading = read_array_metadata_v2(value)
    metadata = reading.metadata
    document = (
        None if metadata is None else json.dumps(metadata.to_json(), sort_keys=False, default=str)
    )
    # What the model hands out is read-only, whichever read made it.
    views = (
        None
        if metadata is None
        else (type(metadata.attributes), type(metadata.shape), type(metadata.filters))
    )
    return (
        views,
        [(problem.loc, problem.kind, problem.message) for problem in reading.problems],
        document,
        [
            (loc, type(field).__name__, field.name, field.definition)
            for loc, field in reading.fields()
        ],
    )


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_the_quick_read_of_a_usual_document_finds_what_the_full_read_finds(
    data: st.DataObject,
) -> None:
    # Only a dict takes the quick read: the same document as another mapping
    # takes the full one. Read twice, the second dict read takes what the
    # first kept of its type, codecs and fill value.
    document = data.draw(
        st.one_of(v2_arrays(), v2_arrays().flatmap(lambda valid: mutations(valid)))
    )
    full = _everything_read(MappingProxyType(document))
    assert _everything_read(document) == full
    assert _everything_read(document) == full
