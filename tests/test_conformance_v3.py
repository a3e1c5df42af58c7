"""The third-party conformance corpus for v3 documents: each case passes as written, or is listed below with the rule of this package that overrides it."""

from __future__ import annotations

from typing import Any

import pytest

from _corpus import Deviations, Problem, cases, expected, ids, multiset, needs_corpus
from zarr_metadata.model import (
    read_array_metadata_v3,
    read_consolidated_metadata_v3,
    read_group_metadata_v3,
)

ENDIAN = "bytes without endian for a multi-byte data type is a missing_key at (..., 'configuration', 'endian')"
UNKNOWN_KEY = (
    "a key a closed object does not declare is unknown_key (the corpus says invalid_value)"
)
FILL = "the fill value is judged against the data type"
WAIVER = "must_understand: false on a codec or storage transformer is refused"
NAME = "a codec object without name is a missing_key"
NULL = "consolidated_metadata: null is refused"
ITEM = "a bad item of shape or dimension_names is located at the item (the corpus locates it at the member)"
ENVELOPE = "a problem in a field's envelope never stops its configuration from being read, so bytes is still judged for its endian"
NODE_TYPE = "a document without node_type is missing it: a missing_key at node_type (the corpus says invalid_value)"

MISSING_ENDIAN: Problem = (("codecs", 0, "configuration", "endian"), "missing_key")

# Each case whose problems differ from the corpus: the rules that explain the
# difference, and the problems this reader reports instead.
DEVIATIONS: Deviations = {
    ("v3_array.json", "minimal valid array with bare-string extension points"): (
        (ENDIAN,),
        [MISSING_ENDIAN],
    ),
    ("v3_array.json", "valid array with every optional member and an ignorable extension field"): (
        (FILL,),
        [(("fill_value",), "invalid_type")],  # null is no int32
    ),
    ("v3_array.json", "valid array with a sharding_indexed codec"): (
        (ENDIAN,),  # the shard index is uint64, so its bytes codec needs an endian too
        [
            (
                ("codecs", 0, "configuration", "index_codecs", 0, "configuration", "endian"),
                "missing_key",
            )
        ],
    ),
    ("v3_array.json", "wrong zarr_format and node_type literals"): (
        (ENDIAN,),
        [(("zarr_format",), "invalid_value"), (("node_type",), "invalid_value"), MISSING_ENDIAN],
    ),
    ("v3_array.json", "negative dimension in shape"): (
        (ITEM, ENDIAN),
        [(("shape", 1), "invalid_value"), MISSING_ENDIAN],
    ),
    ("v3_array.json", "non-integer entry in shape"): (
        (ITEM, ENDIAN),
        [(("shape", 1), "invalid_type"), MISSING_ENDIAN],
    ),
    ("v3_array.json", "codec entry with a non-boolean must_understand"): (
        (ENVELOPE, ENDIAN),
        [(("codecs", 0, "must_understand"), "invalid_type"), MISSING_ENDIAN],
    ),
    ("v3_array.json", "codec entries: a number and an object missing its name"): (
        (NAME,),
        [(("codecs", 0), "invalid_type"), (("codecs", 1, "name"), "missing_key")],
    ),
    ("v3_array.json", "unexpected member inside a metadata field object"): (
        (UNKNOWN_KEY, ENDIAN),
        [(("chunk_grid", "extra"), "unknown_key"), MISSING_ENDIAN],
    ),
    ("v3_array.json", "dimension_names length disagrees with shape"): (
        (ENDIAN,),
        [(("dimension_names",), "invalid_value"), MISSING_ENDIAN],
    ),
    ("v3_array.json", "dimension_names entries that are neither string nor null"): (
        (ITEM, ENDIAN),
        [
            (("dimension_names", 0), "invalid_type"),
            (("dimension_names", 1), "invalid_type"),
            MISSING_ENDIAN,
        ],
    ),
    ("v3_array.json", "attributes that is not an object"): (
        (ENDIAN,),
        [(("attributes",), "invalid_type"), MISSING_ENDIAN],
    ),
    ("v3_array.json", "storage_transformers that is not a sequence"): (
        (ENDIAN,),
        [(("storage_transformers",), "invalid_type"), MISSING_ENDIAN],
    ),
    (
        "v3_array.json",
        "must_understand: false is permitted on codec and storage_transformer entries",
    ): (
        (WAIVER, ENDIAN),
        [
            MISSING_ENDIAN,
            (("codecs", 1, "must_understand"), "invalid_value"),
            (("storage_transformers", 0, "must_understand"), "invalid_value"),
        ],
    ),
    ("v3_array.json", "boolean in an integer position of shape"): (
        (ITEM, ENDIAN),
        [(("shape", 0), "invalid_type"), MISSING_ENDIAN],
    ),
    ("v3_array.json", "dimension_names that is not a sequence"): (
        (ENDIAN,),
        [(("dimension_names",), "invalid_type"), MISSING_ENDIAN],
    ),
    ("v3_array.json", "dimension_names length check is skipped when shape is missing"): (
        (ENDIAN,),
        [(("shape",), "missing_key"), MISSING_ENDIAN],
    ),
    (
        "v3_group.json",
        "consolidated_metadata: null (historical zarr-python bug) is structurally accepted",
    ): (
        (NULL,),
        [(("consolidated_metadata",), "invalid_type")],
    ),
    ("v3_group.json", "consolidated entry without a usable node_type"): (
        (NODE_TYPE,),
        [(("consolidated_metadata", "metadata", "a", "node_type"), "missing_key")],
    ),
    (
        "v3_group.json",
        "consolidated envelope with an unexpected member and a non-mapping metadata",
    ): (
        (UNKNOWN_KEY,),
        [
            (("consolidated_metadata", "extra"), "unknown_key"),
            (("consolidated_metadata", "metadata"), "invalid_type"),
        ],
    ),
    (
        "v3_group.json",
        "valid group carrying inline consolidated metadata with array and group entries",
    ): (
        (ENDIAN,),
        [
            (
                (
                    "consolidated_metadata",
                    "metadata",
                    "child_array",
                    "codecs",
                    0,
                    "configuration",
                    "endian",
                ),
                "missing_key",
            )
        ],
    ),
}


def _group_problems(document: object) -> list[Problem]:
    """The problems of a group document as the corpus judges it: its envelope, and the documents its consolidated metadata lists.

    The group reader judges only the envelope of `consolidated_metadata`;
    `read_consolidated_metadata_v3` judges the documents in it, located from
    the member, so they are put back in the group's document here.
    """
    found = [(problem.loc, problem.kind) for problem in read_group_metadata_v3(document).problems]
    member = document.get("consolidated_metadata") if isinstance(document, dict) else None
    if isinstance(member, dict):
        listed = read_consolidated_metadata_v3(member).problems
        found += [
            (("consolidated_metadata", *problem.loc), problem.kind)
            for problem in listed
            if len(problem.loc) >= 2
        ]
    return found


ARRAY_CASES = cases("v3_array.json")
GROUP_CASES = cases("v3_group.json")


@needs_corpus
@pytest.mark.parametrize("case", ARRAY_CASES, ids=ids(ARRAY_CASES))
def test_array_case(case: dict[str, Any]) -> None:
    reading = read_array_metadata_v3(case["document"])
    assert multiset([(problem.loc, problem.kind) for problem in reading.problems]) == expected(
        DEVIATIONS, "v3_array.json", case
    )
    assert (reading.metadata is None) == bool(reading.problems)


@needs_corpus
@pytest.mark.parametrize("case", GROUP_CASES, ids=ids(GROUP_CASES))
def test_group_case(case: dict[str, Any]) -> None:
    assert multiset(_group_problems(case["document"])) == expected(
        DEVIATIONS, "v3_group.json", case
    )


@needs_corpus
def test_every_deviation_names_a_corpus_case() -> None:
    described = {("v3_array.json", name) for name in ids(ARRAY_CASES)} | {
        ("v3_group.json", name) for name in ids(GROUP_CASES)
    }
    assert set(DEVIATIONS) <= described
    assert len(ARRAY_CASES) == 23 and len(GROUP_CASES) == 14
