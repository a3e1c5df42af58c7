"""The third-party conformance corpus for v2 documents: each case passes as written, or is listed below with the rule of this package that overrides it."""

from __future__ import annotations

from typing import Any

import pytest

from _corpus import Deviations, cases, expected, ids, multiset, needs_corpus
from zarr_metadata.model import (
    read_array_metadata_v2,
    read_consolidated_metadata_v2,
    read_group_metadata_v2,
)

ARRAY_CASES = cases("v2_array.json")
GROUP_CASES = cases("v2_group.json")
CONSOLIDATED_CASES = cases("v2_consolidated.json")

UNKNOWN_KEY = (
    "a key a closed object does not declare is unknown_key (the corpus says invalid_value)"
)
DEEP = "v2 problems are located as deep as they go, at a path that exists in the document (the corpus locates them at the member)"
ID = "a codec object without id is a missing_key at its id (the corpus says invalid_type at the codec)"
CODEC = "a codec's configuration is judged as numcodecs reads it (the corpus judges none): delta needs a dtype"
FILL = "the fill value is judged against the data type: a structured type's is base64 or null"
IGNORED = (
    "keys of a v2 .zarray/.zgroup beyond those the v2 spec defines are ignored, as the v2 spec says they should be "
    "and zarr-python does (the corpus refuses them)"
)
KIND = (
    "a member that takes fixed values, given a value of another JSON type, is invalid_type "
    "(the corpus says invalid_value); a boolean is never a number"
)

# Each case whose problems differ from the corpus: the rules that explain the
# difference, and the problems this reader reports instead.
DEVIATIONS: Deviations = {
    ("v2_array.json", "compressor without a string id"): (
        (ID,),
        [(("compressor", "id"), "missing_key")],
    ),
    ("v2_array.json", "filters entry without a string id"): (
        (ID, CODEC),
        [(("filters", 0, "dtype"), "missing_key"), (("filters", 1, "id"), "missing_key")],
    ),
    ("v2_array.json", "dtype that is neither a string nor field records"): (
        (DEEP,),
        [(("dtype", 0), "invalid_value")],  # a record of one item: a record has two or three
    ),
    ("v2_array.json", "non-integer shape entries and a negative chunk dimension"): (
        (DEEP,),
        [(("shape", 0), "invalid_type"), (("chunks", 0), "invalid_value")],
    ),
    ("v2_array.json", "chunks-vs-shape mismatch is suppressed while shape is invalid"): (
        (DEEP,),
        [(("shape", 0), "invalid_type"), (("shape", 1), "invalid_type")],
    ),
    ("v2_array.json", "empty field-record list is a valid dtype in both implementations"): (
        (FILL,),
        [(("fill_value",), "invalid_type")],  # 0 is no base64 string
    ),
    (
        "v2_array.json",
        "dtype field-record edges: bad nested dtype, bad subarray shape, oversized record",
    ): (
        (DEEP, FILL),
        [(("dtype", 0, 1), "invalid_type"), (("fill_value",), "invalid_type")],
    ),
    ("v2_array.json", "dtype record with a non-integer subarray shape"): (
        (DEEP,),
        [(("dtype", 0, 2, 1), "invalid_type")],
    ),
    ("v2_array.json", "dtype record with more than three members"): (
        (DEEP,),
        [(("dtype", 0), "invalid_value")],
    ),
    ("v2_array.json", "unexpected member in the closed v2 document"): ((IGNORED,), []),
    ("v2_group.json", "unexpected member in the closed v2 document"): ((IGNORED,), []),
    ("v2_group.json", "zarr_format as a string"): ((KIND,), [(("zarr_format",), "invalid_type")]),
    ("v2_consolidated.json", "boolean consolidated format version (bool is not the integer 1)"): (
        (KIND,),
        [(("zarr_consolidated_format",), "invalid_type")],
    ),
    ("v2_consolidated.json", "unexpected top-level member"): (
        (UNKNOWN_KEY,),
        [(("extra",), "unknown_key")],
    ),
}


@needs_corpus
@pytest.mark.parametrize("case", ARRAY_CASES, ids=ids(ARRAY_CASES))
def test_array_case(case: dict[str, Any]) -> None:
    reading = read_array_metadata_v2(case["document"])
    assert multiset([(problem.loc, problem.kind) for problem in reading.problems]) == expected(
        DEVIATIONS, "v2_array.json", case
    )
    assert (reading.metadata is None) == bool(reading.problems)


@needs_corpus
@pytest.mark.parametrize("case", GROUP_CASES, ids=ids(GROUP_CASES))
def test_group_case(case: dict[str, Any]) -> None:
    reading = read_group_metadata_v2(case["document"])
    assert multiset([(problem.loc, problem.kind) for problem in reading.problems]) == expected(
        DEVIATIONS, "v2_group.json", case
    )
    assert (reading.metadata is None) == bool(reading.problems)


@needs_corpus
@pytest.mark.parametrize("case", CONSOLIDATED_CASES, ids=ids(CONSOLIDATED_CASES))
def test_consolidated_case(case: dict[str, Any]) -> None:
    reading = read_consolidated_metadata_v2(case["document"])
    assert multiset([(problem.loc, problem.kind) for problem in reading.problems]) == expected(
        DEVIATIONS, "v2_consolidated.json", case
    )
    assert (reading.metadata is None) == bool(reading.problems)


@needs_corpus
def test_every_deviation_names_a_corpus_case() -> None:
    described = (
        {("v2_array.json", name) for name in ids(ARRAY_CASES)}
        | {("v2_group.json", name) for name in ids(GROUP_CASES)}
        | {("v2_consolidated.json", name) for name in ids(CONSOLIDATED_CASES)}
    )
    assert set(DEVIATIONS) <= described
    assert (len(ARRAY_CASES), len(GROUP_CASES), len(CONSOLIDATED_CASES)) == (18, 6, 6)
