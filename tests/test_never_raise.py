"""Hostile documents a fuzzing run found to raise, and the strategies that keep generating them: a reader never raises, and every model it returns writes itself back.

- A number of more than 4300 digits inside a type string or a name: Python
  refuses to convert it to an int, so it is a located `invalid_value` that
  says the number is too long.
- A string holding a lone surrogate, which `json.loads` reads from an escape
  (`"\\udfff"`): the text was valid JSON, so the document is accepted, and
  its model writes the surrogate back as that escape.
- Time linear in the size of a document, whatever its shape.
"""

from __future__ import annotations

import gc
import itertools
import json
import math
import re
import string
import time
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from _v3_documents import array_document, array_documents, group_documents, locations, replaced
from test_v2_reader_properties import v2_arrays
from zarr_metadata.model import (
    ZarrV2ArrayMetadata,
    ZarrV2ConsolidatedMetadata,
    ZarrV2GroupMetadata,
    ZarrV3ArrayMetadata,
    ZarrV3GroupMetadata,
    read_array_metadata_v2,
    read_array_metadata_v3,
    read_consolidated_metadata_v2,
    read_group_metadata_v2,
    read_group_metadata_v3,
    read_node_metadata_v2,
    read_node_metadata_v3,
)
from zarr_metadata.v3 import KNOWN
from zarr_metadata.v3.data_type.raw import raw_bytes_dtype_name

SETTINGS = settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

V2_ARRAY: dict[str, Any] = {
    "zarr_format": 2,
    "shape": [10],
    "chunks": [5],
    "dtype": "<f8",
    "compressor": None,
    "fill_value": 0.0,
    "order": "C",
    "filters": None,
}


def v2_array(**members: Any) -> dict[str, Any]:
    return {**V2_ARRAY, **members}


def located(reading: Any) -> list[tuple[tuple[str | int, ...], str]]:
    return [(problem.loc, problem.kind) for problem in reading.problems]


def messages(reading: Any) -> str:
    return "\n".join(problem.message for problem in reading.problems)


# Numbers too long to convert


def long_digits(count: int = 5000, first: str = "1") -> str:
    return first + "1" * (count - 1)


@pytest.mark.parametrize(
    ("dtype", "loc"),
    [
        ("|V" + long_digits(), ("dtype",)),
        ("<i" + long_digits(), ("dtype",)),
        ("<M8[" + long_digits() + "s]", ("dtype",)),
        ("<m8[" + long_digits() + "ns]", ("dtype",)),
        ([["a", "|V" + long_digits()]], ("dtype", 0, 1)),
    ],
)
def test_a_v2_type_string_with_a_number_too_long_to_convert_is_an_invalid_value(
    dtype: Any, loc: tuple[str | int, ...]
) -> None:
    # Python's int() refuses more than 4300 digits: the reader raised ValueError.
    reading = read_array_metadata_v2(v2_array(dtype=dtype, fill_value=None))
    assert located(reading) == [(loc, "invalid_value")]
    assert "at most 4300 digits" in messages(reading)
    assert "5000 digits" in messages(reading)


@pytest.mark.parametrize(
    ("member", "codec"),
    [
        ("dtype", {"id": "delta", "dtype": "<i" + long_digits()}),
        (
            "encode_dtype",
            {"id": "astype", "encode_dtype": "<i" + long_digits(), "decode_dtype": "<i4"},
        ),
    ],
)
def test_a_v2_codec_type_string_with_a_number_too_long_is_an_invalid_value(
    member: str, codec: dict[str, Any]
) -> None:
    reading = read_array_metadata_v2(v2_array(dtype="<i4", fill_value=0, filters=[codec]))
    assert located(reading) == [(("filters", 0, member), "invalid_value")]
    assert "at most 4300 digits" in messages(reading)


@pytest.mark.parametrize(
    ("data_type", "loc"),
    [
        ("r" + long_digits(), ("data_type",)),
        ("r" + long_digits(first="8"), ("data_type",)),
        ({"name": "r" + long_digits()}, ("data_type", "name")),
        ("r0" + long_digits(), ("data_type",)),
    ],
)
def test_a_v3_raw_bits_name_with_a_size_too_long_to_convert_is_an_invalid_value(
    data_type: Any, loc: tuple[str | int, ...]
) -> None:
    # The raw bits name check converted the size with int() and raised ValueError.
    reading = read_array_metadata_v3(array_document(data_type=data_type, fill_value=[0]))
    assert located(reading) == [(loc, "invalid_value")]
    assert "at most 4300 digits" in messages(reading)


def test_a_raw_bits_name_too_long_to_convert_is_refused_as_other_bad_names_are() -> None:
    with pytest.raises(ValueError, match="positive multiple of 8"):
        raw_bytes_dtype_name("r" + long_digits(first="8"))


def test_a_numcodecs_data_type_name_with_a_size_too_long_is_read_without_raising() -> None:
    codecs = [
        {"name": "numcodecs.delta", "configuration": {"dtype": "int" + long_digits()}},
        {"name": "bytes", "configuration": {"endian": "little"}},
    ]
    reading = read_array_metadata_v3(
        array_document(data_type="int32", fill_value=0, codecs=codecs), context=KNOWN
    )
    assert located(reading) == [(("codecs", 0, "configuration", "dtype"), "invalid_value")], (
        messages(reading)
    )


long_numbers = st.builds(
    lambda first, count, zeros: "0" * zeros + first + "1" * count,
    st.sampled_from("123456789"),
    st.integers(min_value=4295, max_value=4400),
    st.integers(min_value=0, max_value=2),
)
"""Decimal numbers about as long as Python converts, and longer: the edge is 4300 digits."""


@st.composite
def v2_type_strings_with_long_numbers(draw: st.DrawFn) -> str:
    number = draw(long_numbers)
    form = draw(st.sampled_from(["{o}{k}{n}", "{o}M8[{n}{u}]", "{o}m{n}[{n}{u}]", "{o}{k}8[{n}s]"]))
    return form.format(
        o=draw(st.sampled_from("<>|")),
        k=draw(st.sampled_from("biufcSUVmM")),
        n=number,
        u=draw(st.sampled_from(["s", "ns", "D"])),
    )


@st.composite
def v3_names_with_long_numbers(draw: st.DrawFn) -> str:
    number = draw(long_numbers)
    return (
        draw(st.sampled_from(["r", "int", "uint", "float", "complex", "numpy.int", "r0"])) + number
    )


@SETTINGS
@given(
    v2_type_strings_with_long_numbers(),
    st.sampled_from(["dtype", "struct", "delta", "astype", "zmetadata"]),
)
def test_v2_readers_never_raise_on_long_numbers_in_type_strings(dtype: str, place: str) -> None:
    if place == "dtype":
        documents = [v2_array(dtype=dtype, fill_value=None)]
    elif place == "struct":
        documents = [
            v2_array(dtype=[["a", dtype]], fill_value=None),
            v2_array(dtype=[["a", "<i4", [2]], ["b", [["c", dtype]]]], fill_value=None),
        ]
    elif place == "delta":
        documents = [
            v2_array(
                dtype="<i4",
                fill_value=0,
                filters=[{"id": "delta", "dtype": dtype, "astype": dtype}],
            )
        ]
    elif place == "astype":
        documents = [
            v2_array(
                dtype="<i4",
                fill_value=0,
                filters=[{"id": "astype", "encode_dtype": dtype, "decode_dtype": dtype}],
            )
        ]
    else:
        documents = []
        read_consolidated_metadata_v2(
            {
                "zarr_consolidated_format": 1,
                "metadata": {".zgroup": {"zarr_format": 2}, "a/.zarray": v2_array(dtype=dtype)},
            }
        )
    too_long = max(len(run) for run in re.findall(r"[0-9]+", dtype)) > 4300
    for document in documents:
        reading = read_array_metadata_v2(document)
        read_node_metadata_v2({".zarray": document})
        if too_long:
            assert any("at most 4300 digits" in problem.message for problem in reading.problems), (
                messages(reading)
            )


@SETTINGS
@given(
    v3_names_with_long_numbers(),
    st.sampled_from(["bare", "object", "struct", "codec", "grid", "encoding", "extra"]),
)
def test_v3_readers_never_raise_on_long_numbers_in_names(name: str, place: str) -> None:
    if place == "bare":
        document = array_document(data_type=name)
    elif place == "object":
        document = array_document(data_type={"name": name, "configuration": {}})
    elif place == "struct":
        document = array_document(
            data_type={
                "name": "struct",
                "configuration": {"fields": [{"name": "a", "data_type": name}]},
            }
        )
    elif place == "codec":
        document = array_document(
            codecs=[
                {
                    "name": "numcodecs.astype",
                    "configuration": {"encode_dtype": name, "decode_dtype": name},
                },
                name,
            ]
        )
    elif place == "grid":
        document = array_document(chunk_grid={"name": name})
    elif place == "encoding":
        document = array_document(chunk_key_encoding={"name": name})
    else:
        document = array_document(**{name: {"must_understand": True}})
    read_array_metadata_v3(document)
    read_array_metadata_v3(document, context=KNOWN)
    read_node_metadata_v3(document)
    read_group_metadata_v3(
        {
            "zarr_format": 3,
            "node_type": "group",
            "consolidated_metadata": {
                "kind": "inline",
                "must_understand": False,
                "metadata": {"a": document},
            },
        }
    )


# Lone surrogates


LONE_SURROGATES = st.sampled_from(["\udfff", "\ud800", "\udbff", "\udc00"])


@st.composite
def texts_with_lone_surrogates(draw: st.DrawFn) -> str:
    """Short text with a lone surrogate somewhere in it, as `json.loads` reads from an escape such as `"\\udfff"`."""
    before = draw(st.text(alphabet=string.ascii_letters + "é", max_size=3))
    after = draw(st.text(alphabet=string.ascii_letters + "é", max_size=3))
    return before + draw(LONE_SURROGATES) + after


def surrogate_json(draw: st.DrawFn) -> Any:
    text = draw(texts_with_lone_surrogates())
    return draw(st.sampled_from([text, [text, 1], {text: text}, {"a": [text]}]))


def _through_text(document: Any) -> Any:
    """`document` as a parser reads it from JSON text that escapes every non-ASCII character: the only way a lone surrogate gets into a parsed document."""
    return json.loads(json.dumps(document, ensure_ascii=True, allow_nan=True))


@st.composite
def v3_documents_with_lone_surrogates(draw: st.DrawFn) -> dict[str, Any]:
    document = draw(array_documents() | group_documents())
    place = draw(st.sampled_from(["attributes", "dimension_names", "extra", "extra key"]))
    if place == "attributes" or (place == "dimension_names" and document["node_type"] == "group"):
        document["attributes"] = {
            **document.get("attributes", {}),
            draw(texts_with_lone_surrogates()): surrogate_json(draw),
        }
    elif place == "dimension_names":
        rank = len(document["shape"])
        if rank == 0:
            document["attributes"] = {"a": surrogate_json(draw)}
        else:
            names = [None] * rank
            names[draw(st.integers(0, rank - 1))] = draw(texts_with_lone_surrogates())
            document["dimension_names"] = names
    elif place == "extra":
        document["acme" + draw(texts_with_lone_surrogates())] = {
            "must_understand": False,
            "value": surrogate_json(draw),
        }
    else:
        document[draw(texts_with_lone_surrogates())] = {"must_understand": False}
    return _through_text(document)


@st.composite
def v2_documents_with_lone_surrogates(draw: st.DrawFn) -> dict[str, Any]:
    document = draw(v2_arrays()) if draw(st.booleans()) else {"zarr_format": 2}
    place = draw(st.sampled_from(["attributes", "attribute key", "extra", "field name"]))
    if place == "attributes" or (place != "attribute key" and "shape" not in document):
        document["attributes"] = {"a": surrogate_json(draw)}
    elif place == "attribute key":
        document["attributes"] = {draw(texts_with_lone_surrogates()): 1}
    elif place == "extra":
        document["acme" + draw(texts_with_lone_surrogates())] = surrogate_json(draw)
    else:
        document["dtype"] = [[draw(texts_with_lone_surrogates()), "<i4"], ["b", "|u1"]]
        document["fill_value"] = None
        document["filters"] = None
    return _through_text(document)


def _written_back(model: Any, model_type: Callable[..., Any], indent: Any) -> None:
    written = model.to_key_value(indent=indent)
    for data in written.values():
        data.decode("utf-8")  # UTF-8 a strict decoder takes: the surrogate is an escape
    again = model_type.from_key_value(written)
    assert again == model and hash(again) == hash(model)
    assert json.dumps(again.to_json(), sort_keys=True) == json.dumps(
        model.to_json(), sort_keys=True
    )
    assert again.to_key_value(indent=indent) == written


@SETTINGS
@given(v3_documents_with_lone_surrogates(), st.sampled_from([None, 2]))
def test_a_v3_model_with_lone_surrogates_is_written_back_as_escapes_and_reads_back_equal(
    document: dict[str, Any], indent: Any
) -> None:
    # It raised UnicodeEncodeError: UTF-8 cannot encode a lone surrogate.
    if document["node_type"] == "array":
        reading: Any = read_array_metadata_v3(document)
        model_type: Any = ZarrV3ArrayMetadata
    else:
        reading = read_group_metadata_v3(document)
        model_type = ZarrV3GroupMetadata
    assert reading.problems == (), reading.problems
    _written_back(reading.metadata, model_type, indent)


@SETTINGS
@given(v2_documents_with_lone_surrogates(), st.sampled_from([None, 2]))
def test_a_v2_model_with_lone_surrogates_is_written_back_as_escapes_and_reads_back_equal(
    document: dict[str, Any], indent: Any
) -> None:
    if "shape" in document:
        reading: Any = read_array_metadata_v2(document)
        model_type: Any = ZarrV2ArrayMetadata
    else:
        reading = read_group_metadata_v2(document)
        model_type = ZarrV2GroupMetadata
    assert reading.problems == (), reading.problems
    _written_back(reading.metadata, model_type, indent)


def test_a_lone_surrogate_is_written_back_as_the_escape_it_came_from() -> None:
    document = json.loads(
        '{"zarr_format": 3, "node_type": "group", "attributes": {"name": "x\\udfff"}}'
    )
    model = read_group_metadata_v3(document).metadata
    assert model is not None
    assert (
        model.to_key_value()["zarr.json"]
        == b'{"zarr_format": 3, "node_type": "group", "attributes": {"name": "x\\udfff"}}'
    )


def test_a_lone_surrogate_in_an_array_document_read_from_bytes_round_trips() -> None:
    data = json.dumps(array_document(dimension_names=["\udfff", None]), ensure_ascii=True).encode()
    model = ZarrV3ArrayMetadata.from_key_value({"zarr.json": data})
    assert ZarrV3ArrayMetadata.from_key_value(model.to_key_value()) == model
    assert (
        replaced(model.to_json(), ("dimension_names", 0), lambda name: name)["dimension_names"][0]
        == "\udfff"
    )


# Time linear in the size of a document


_SALT = itertools.count()


def _seconds(
    make: Callable[[int, int], tuple[Callable[[Any], Any], Any]], size: int, runs: int = 3
) -> float:
    """The least time of `runs` readings of a document `make` builds at `size`, each made afresh so that nothing a reader kept from the last one helps."""
    best = math.inf
    for _ in range(runs):
        read, document = make(size, next(_SALT))
        best = min(best, _time(read, document))
    return best


def _struct_v2(fields: list[Any]) -> dict[str, Any]:
    return v2_array(dtype=fields, fill_value=None)


def _names(count: int, salt: int) -> list[str]:
    return [f"n{index}_{salt}" for index in range(count)]


GROWING: dict[str, Callable[[int, int], tuple[Callable[[Any], Any], Any]]] = {
    "v3 attributes": lambda n, s: (
        read_array_metadata_v3,
        array_document(attributes={name: [name, 1.5] for name in _names(n, s)}),
    ),
    "v3 shape, grid and names": lambda n, s: (
        read_array_metadata_v3,
        array_document(
            shape=[1] * n,
            chunk_grid={"name": "regular", "configuration": {"chunk_shape": [1] * n}},
            dimension_names=_names(n, s),
        ),
    ),
    "v3 bad shape items": lambda n, s: (read_array_metadata_v3, array_document(shape=_names(n, s))),
    "v3 codecs": lambda n, s: (
        read_array_metadata_v3,
        array_document(
            codecs=[{"name": "bytes", "configuration": {"endian": "little"}}, *(["crc32c"] * n)]
        ),
    ),
    "v3 codecs out of order": lambda n, s: (
        read_array_metadata_v3,
        array_document(codecs=[{"name": "bytes", "configuration": {"endian": "little"}}] * n),
    ),
    "v3 unknown codecs": lambda n, s: (
        read_array_metadata_v3,
        array_document(codecs=[{"name": name} for name in _names(n, s)]),
    ),
    "v3 struct fields": lambda n, s: (
        read_array_metadata_v3,
        array_document(
            data_type={
                "name": "struct",
                "configuration": {
                    "fields": [{"name": name, "data_type": "uint8"} for name in _names(n, s)]
                },
            },
            fill_value=None,
        ),
    ),
    "v3 extra members": lambda n, s: (
        read_array_metadata_v3,
        array_document(**{name: {"must_understand": False} for name in _names(n, s)}),
    ),
    "v3 a long name": lambda n, s: (
        read_array_metadata_v3,
        array_document(data_type=f"x{s}" * (n * 20)),
    ),
    "v3 a long extension member": lambda n, s: (
        read_array_metadata_v3,
        array_document(**{f"x{s}" * (n * 20): 1}),
    ),
    "v3 rectilinear runs": lambda n, s: (
        read_array_metadata_v3,
        array_document(
            shape=[3 * n + s + 1],
            chunk_grid={
                "name": "rectilinear",
                "configuration": {"kind": "inline", "chunk_shapes": [[[1, 2], 1] * n + [s + 1]]},
            },
        ),
    ),
    "v3 consolidated nodes": lambda n, s: (
        read_group_metadata_v3,
        {
            "zarr_format": 3,
            "node_type": "group",
            "consolidated_metadata": {
                "kind": "inline",
                "must_understand": False,
                "metadata": {
                    name: {"zarr_format": 3, "node_type": "group"} for name in _names(n, s)
                },
            },
        },
    ),
    "v3 consolidated orphans": lambda n, s: (
        read_group_metadata_v3,
        {
            "zarr_format": 3,
            "node_type": "group",
            "consolidated_metadata": {
                "kind": "inline",
                "must_understand": False,
                "metadata": {
                    f"{name}/c": {"zarr_format": 3, "node_type": "group"} for name in _names(n, s)
                },
            },
        },
    ),
    "v2 struct fields": lambda n, s: (
        read_array_metadata_v2,
        _struct_v2([[name, "<i4"] for name in _names(n, s)]),
    ),
    "v2 bad struct fields": lambda n, s: (
        read_array_metadata_v2,
        _struct_v2([[name, 5] for name in _names(n, s)]),
    ),
    "v2 struct fields of a bad length": lambda n, s: (
        read_array_metadata_v2,
        _struct_v2([[name] for name in _names(n, s)]),
    ),
    "v2 bad filters": lambda n, s: (
        read_array_metadata_v2,
        v2_array(filters=[{"id": name} for name in _names(n, s)]),
    ),
    "v2 a long type string": lambda n, s: (
        read_array_metadata_v2,
        v2_array(dtype=f"<x{s}" * (n * 20)),
    ),
    "v2 .zmetadata nodes": lambda n, s: (
        read_consolidated_metadata_v2,
        {
            "zarr_consolidated_format": 1,
            "metadata": {
                ".zgroup": {"zarr_format": 2},
                **{f"{name}/.zgroup": {"zarr_format": 2} for name in _names(n, s)},
            },
        },
    ),
    "v2 .zmetadata orphans": lambda n, s: (
        read_consolidated_metadata_v2,
        {
            "zarr_consolidated_format": 1,
            "metadata": {
                ".zgroup": {"zarr_format": 2},
                **{f"{name}/g/.zgroup": {"zarr_format": 2} for name in _names(n, s)},
            },
        },
    ),
}


@pytest.mark.parametrize("case", list(GROWING))
def test_twice_the_document_takes_at_most_about_twice_the_time(case: str) -> None:
    make = GROWING[case]
    # Generous, for a loaded machine: a path quadratic in the size takes
    # four times as long every time, where a pause of the machine's comes
    # once; so a slow measurement is taken again before it counts.
    measured: list[tuple[float, float]] = []
    for _ in range(3):
        small, large = _seconds(make, 2000), _seconds(make, 4000)
        measured.append((small, large))
        if large <= 3.5 * small + 0.01:
            return
    pytest.fail(
        f"{case}: twice the document took {[round(large / small, 1) for small, large in measured]} times as long"
    )


def _nested_v2(levels: int, bad: int, salt: int) -> dict[str, Any]:
    dtype: Any = [[f"f{index}_{salt}", 5] for index in range(bad)]
    for _ in range(levels):
        dtype = [[f"a{salt}", dtype]]
    return _struct_v2(dtype)


def test_problems_deep_in_a_v2_structured_type_are_located_once_not_once_per_level() -> None:
    # Each level of nesting moved every problem below it again: 3000 bad
    # fields 100 levels deep took 4.5 s, in a document of 60 kB.
    for _ in range(3):
        flat = min(_time(read_array_metadata_v2, _nested_v2(0, 600, next(_SALT))) for _ in range(3))
        deep = min(
            _time(read_array_metadata_v2, _nested_v2(100, 600, next(_SALT))) for _ in range(3)
        )
        if deep <= 8 * flat + 0.01:
            break
    else:
        pytest.fail(f"100 levels deep took {deep / flat:.1f} times as long as none")
    reading = read_array_metadata_v2(_nested_v2(2, 2, 0))
    assert located(reading) == [
        (("dtype", 0, 1, 0, 1, 0, 1), "invalid_type"),
        (("dtype", 0, 1, 0, 1, 1, 1), "invalid_type"),
    ]


def _time(read: Callable[[Any], Any], document: Any) -> float:
    """The time `read` takes over `document`, without the collector's pauses, which come as the heap grows rather than as the reader works."""
    gc.disable()
    try:
        start = time.perf_counter()
        read(document)
        return time.perf_counter() - start
    finally:
        gc.enable()


def test_consolidated_metadata_with_lone_surrogates_is_written_back_and_reads_back_equal() -> None:
    listed = {"a\udfff": {"zarr_format": 3, "node_type": "group", "attributes": {"x": "\ud800"}}}
    group = _through_text(
        {
            "zarr_format": 3,
            "node_type": "group",
            "consolidated_metadata": {
                "kind": "inline",
                "must_understand": False,
                "metadata": listed,
            },
        }
    )
    reading = read_group_metadata_v3(group)
    assert reading.problems == ()
    _written_back(reading.metadata, ZarrV3GroupMetadata, None)
    zmetadata = _through_text(
        {
            "zarr_consolidated_format": 1,
            "metadata": {
                ".zgroup": {"zarr_format": 2},
                "a\udfff/.zgroup": {"zarr_format": 2},
                ".zattrs": {"\udc00": "\udbff"},
            },
        }
    )
    v2_reading = read_consolidated_metadata_v2(zmetadata)
    assert v2_reading.problems == ()
    _written_back(v2_reading.metadata, ZarrV2ConsolidatedMetadata, 2)


# Integers as long as JSON text holds, wherever an integer is written


HUGE = st.sampled_from([10**4299, -(10**4299), 10**4299 - 1, 2**14000, 8 * 10**4298])
"""Integers of 4300 digits, the longest Python writes as text: their sums and products are longer, and cannot be shown by str()."""


@st.composite
def with_huge_integers(draw: st.DrawFn, documents: st.SearchStrategy[Any]) -> Any:
    document = draw(documents)
    places = [loc for loc, value in locations(document) if type(value) is int]
    for loc in draw(st.lists(st.sampled_from(places), max_size=4, unique=True)) if places else []:
        huge = draw(HUGE)
        document = replaced(document, loc, lambda _, huge=huge: huge)
    return document


@SETTINGS
@given(with_huge_integers(array_documents()))
def test_v3_readers_never_raise_on_integers_of_4300_digits_anywhere(document: Any) -> None:
    read_array_metadata_v3(document)
    read_array_metadata_v3(document, context=KNOWN)


@SETTINGS
@given(with_huge_integers(v2_arrays()))
def test_v2_readers_never_raise_on_integers_of_4300_digits_anywhere(document: Any) -> None:
    read_array_metadata_v2(document)


def test_a_rectilinear_run_whose_chunks_reach_past_what_str_can_write_is_a_problem_not_a_raise() -> (
    None
):
    # The start of the last chunk, 10**8598, was written into the message with str(), which raised ValueError.
    huge = 10**4299
    grid = {
        "name": "rectilinear",
        "configuration": {"kind": "inline", "chunk_shapes": [[[huge, huge], 1]]},
    }
    reading = read_array_metadata_v3(array_document(shape=[huge], chunk_grid=grid))
    assert all(len(problem.message) < 1000 for problem in reading.problems)
