"""The v2 repair readers: each known writer bug undone and reported, and nothing else touched."""

from __future__ import annotations

import copy
import json
import math
from typing import Any

import pytest

from zarr_metadata.model import (
    Repair,
    ZarrV2ArrayMetadata,
    ZarrV2ConsolidatedMetadata,
    ZarrV2RepairedConsolidatedMetadataReading,
    ZarrV2RepairedNodeMetadataReading,
    read_consolidated_metadata_v2,
    read_node_metadata_v2,
    read_repaired_consolidated_metadata_v2,
    read_repaired_node_metadata_v2,
    repair_consolidated_metadata_v2,
    repair_node_metadata_v2,
)

Loc = tuple[str | int, ...]
GROUP: dict[str, Any] = {"zarr_format": 2}
NAN, INF = math.nan, math.inf


def array(**members: Any) -> dict[str, Any]:
    """A valid float64 `.zarray`, with `members` replaced."""
    document: dict[str, Any] = {
        "zarr_format": 2,
        "shape": [4],
        "chunks": [2],
        "dtype": "<f8",
        "compressor": None,
        "fill_value": 0.0,
        "order": "C",
        "filters": None,
    }
    document.update(members)
    return document


def zmetadata(listing: dict[str, Any]) -> dict[str, Any]:
    return {"zarr_consolidated_format": 1, "metadata": listing}


def text(value: object) -> str:
    # JSON text compares NaN with NaN, which `==` on the values does not.
    return json.dumps(value, sort_keys=True)


def locs_and_kinds(repairs: tuple[Repair, ...]) -> list[tuple[Loc, str]]:
    return [(repair.loc, repair.kind) for repair in repairs]


# -- non_finite_fill_value, in the files of a node ---------------------------


@pytest.mark.parametrize(
    ("dtype", "bare", "spelled"),
    [
        ("<f8", NAN, "NaN"),
        ("<f8", INF, "Infinity"),
        ("<f8", -INF, "-Infinity"),
        (">f4", NAN, "NaN"),
        ("<f2", -INF, "-Infinity"),
    ],
)
def test_a_bare_non_finite_float_fill_value_becomes_its_string(
    dtype: str, bare: float, spelled: str
) -> None:
    files = {".zarray": array(dtype=dtype, fill_value=bare), ".zattrs": {"a": 1}}
    assert read_node_metadata_v2(files).problems  # the bug is a problem until repaired
    repaired, repairs = repair_node_metadata_v2(files)
    # Located from the files handed in, at the file that holds it.
    assert repairs == (
        Repair(
            (".zarray", "fill_value"),
            "non_finite_fill_value",
            f'changed the fill value from the bare number {json.dumps(bare)} to the string "{spelled}"',
        ),
    )
    zarray: Any = repaired[".zarray"]
    assert zarray["fill_value"] == spelled
    assert repaired[".zattrs"] is files[".zattrs"]
    assert read_node_metadata_v2(repaired).problems == ()


def test_each_bare_component_of_a_complex_fill_value_becomes_its_string() -> None:
    files = {".zarray": array(dtype="<c16", fill_value=[NAN, -INF])}
    repaired, repairs = repair_node_metadata_v2(files)
    assert locs_and_kinds(repairs) == [
        ((".zarray", "fill_value", 0), "non_finite_fill_value"),
        ((".zarray", "fill_value", 1), "non_finite_fill_value"),
    ]
    zarray: Any = repaired[".zarray"]
    assert zarray["fill_value"] == ["NaN", "-Infinity"]
    assert read_node_metadata_v2(repaired).problems == ()


def test_only_the_bare_component_of_a_complex_fill_value_is_repaired_and_a_tuple_stays_a_tuple() -> (
    None
):
    files = {".zarray": array(dtype="<c8", fill_value=(1.5, INF))}
    repaired, repairs = repair_node_metadata_v2(files)
    assert locs_and_kinds(repairs) == [((".zarray", "fill_value", 1), "non_finite_fill_value")]
    zarray: Any = repaired[".zarray"]
    assert zarray["fill_value"] == (1.5, "Infinity")


def test_the_repaired_reading_is_the_strict_reading_of_the_repaired_files() -> None:
    files = {".zarray": array(fill_value=NAN), ".zattrs": {"n": NAN}}
    result = read_repaired_node_metadata_v2(files)
    assert isinstance(result, ZarrV2RepairedNodeMetadataReading)
    assert locs_and_kinds(result.repairs) == [((".zarray", "fill_value"), "non_finite_fill_value")]
    assert result.reading.problems == ()
    assert result.reading.metadata == ZarrV2ArrayMetadata(
        array(fill_value="NaN", attributes={"n": NAN})
    )


@pytest.mark.parametrize(
    ("description", "files"),
    [
        ("a NaN fill value of an int type", {".zarray": array(dtype="<i4", fill_value=NAN)}),
        ("a NaN fill value of a bool type", {".zarray": array(dtype="|b1", fill_value=NAN)}),
        (
            "a NaN fill value of a structured type",
            {".zarray": array(dtype=[["a", "<f8"]], fill_value=NAN)},
        ),
        (
            "a complex fill value written as one number",
            {".zarray": array(dtype="<c16", fill_value=NAN)},
        ),
        ("a float fill value in an array", {".zarray": array(fill_value=[NAN])}),
        (
            "a complex fill value of three numbers",
            {".zarray": array(dtype="<c16", fill_value=[NAN, 0, 0])},
        ),
        ("a data type that is a v3 name", {".zarray": array(dtype="bfloat16", fill_value=NAN)}),
        ("a data type that is not a string", {".zarray": array(dtype=5, fill_value=NAN)}),
        ("NaN in the attributes, which may hold it", {".zarray": array(), ".zattrs": {"n": NAN}}),
        (
            "consolidated_metadata in a node's own .zgroup",
            {".zgroup": {"zarr_format": 2, "consolidated_metadata": None}},
        ),
        ("a .zarray that is not an object", {".zarray": [NAN]}),
    ],
)
def test_nothing_else_in_the_files_of_a_node_is_repaired(
    description: str, files: dict[str, Any]
) -> None:
    before = text(files)
    problems = read_node_metadata_v2(files).problems
    repaired, repairs = repair_node_metadata_v2(files)
    assert repaired is files, description
    assert repairs == ()
    assert read_node_metadata_v2(repaired).problems == problems
    assert text(files) == before


def test_files_that_need_no_repair_are_returned_as_they_are() -> None:
    files = {".zarray": array(fill_value="NaN"), ".zattrs": {}}
    assert repair_node_metadata_v2(files) == (files, ())
    assert repair_node_metadata_v2(files)[0] is files
    group = {".zgroup": GROUP}
    assert repair_node_metadata_v2(group)[0] is group


def test_repairing_the_files_of_a_node_never_changes_them() -> None:
    files = {".zarray": array(dtype="<c16", fill_value=[NAN, INF]), ".zattrs": {"a": [1]}}
    kept = copy.deepcopy(files)
    repair_node_metadata_v2(files)
    read_repaired_node_metadata_v2(files)
    assert text(files) == text(kept)
    assert math.isnan(files[".zarray"]["fill_value"][0])


@pytest.mark.parametrize("value", [None, 5, "x", [{".zarray": {}}]])
def test_repairing_what_is_not_the_files_of_a_node_changes_nothing(value: Any) -> None:
    assert repair_node_metadata_v2(value) == (value, ())
    assert read_repaired_node_metadata_v2(value).repairs == ()
    assert (
        read_repaired_node_metadata_v2(value).reading.problems
        == read_node_metadata_v2(value).problems
    )


# -- the repairs of a .zmetadata ---------------------------------------------


def broken_listing() -> dict[str, Any]:
    """A listing as zarr-python 3 writes it, with bare NaN fill values: each bug the repair undoes, in several files."""
    return {
        ".zgroup": {"zarr_format": 2, "consolidated_metadata": {"kind": "inline", "metadata": {}}},
        ".zattrs": {"n": NAN},
        "a/.zarray": array(fill_value=NAN),
        "b/.zgroup": {"zarr_format": 2, "consolidated_metadata": None},
        "b/c/.zarray": array(dtype="<c8", fill_value=[INF, NAN]),
    }


def test_every_bug_of_a_zmetadata_is_undone_and_located_at_its_key() -> None:
    document = zmetadata(broken_listing())
    assert read_consolidated_metadata_v2(document).problems
    repaired, repairs = repair_consolidated_metadata_v2(document)
    assert locs_and_kinds(repairs) == [
        (("metadata", ".zgroup", "consolidated_metadata"), "consolidated_metadata_in_zgroup_entry"),
        (("metadata", "a/.zarray", "fill_value"), "non_finite_fill_value"),
        (
            ("metadata", "b/.zgroup", "consolidated_metadata"),
            "consolidated_metadata_in_zgroup_entry",
        ),
        (("metadata", "b/c/.zarray", "fill_value", 0), "non_finite_fill_value"),
        (("metadata", "b/c/.zarray", "fill_value", 1), "non_finite_fill_value"),
    ]
    assert "consolidated_metadata" in repairs[0].message
    listing: Any = repaired["metadata"]  # type: ignore[index]
    assert listing[".zgroup"] == GROUP and listing["b/.zgroup"] == GROUP
    assert listing["a/.zarray"]["fill_value"] == "NaN"
    assert listing["b/c/.zarray"]["fill_value"] == ["Infinity", "NaN"]
    assert [*listing] == [*broken_listing()]
    assert read_consolidated_metadata_v2(repaired).problems == ()


def test_the_repaired_zmetadata_reading_is_the_strict_reading_of_the_repaired_document() -> None:
    result = read_repaired_consolidated_metadata_v2(zmetadata(broken_listing()))
    assert isinstance(result, ZarrV2RepairedConsolidatedMetadataReading)
    assert len(result.repairs) == 5
    assert result.reading.problems == ()
    assert isinstance(result.reading.metadata, ZarrV2ConsolidatedMetadata)
    assert list(result.reading.metadata.metadata) == ["", "a", "b", "b/c"]


def test_a_repaired_zmetadata_keeps_every_problem_repair_does_not_cure() -> None:
    listing = {**broken_listing(), "a/.zattrs": 5, "d/.zarray": array(dtype="<i4", fill_value=NAN)}
    result = read_repaired_consolidated_metadata_v2(zmetadata(listing))
    assert len(result.repairs) == 5
    assert [(problem.loc, problem.kind) for problem in result.reading.problems] == [
        (("metadata", "a/.zattrs"), "invalid_type"),
        (("metadata", "d/.zarray", "fill_value"), "invalid_type"),
    ]


@pytest.mark.parametrize(
    ("description", "listing"),
    [
        (
            "consolidated_metadata in a .zattrs",
            {".zgroup": GROUP, ".zattrs": {"consolidated_metadata": None}},
        ),
        (
            "consolidated_metadata in a .zarray",
            {".zgroup": GROUP, "a/.zarray": {**array(), "consolidated_metadata": None}},
        ),
        (
            "consolidated_metadata under a key that names no node file",
            {".zgroup": GROUP, "a/.zgroup.json": {"consolidated_metadata": None}},
        ),
        (
            "a NaN fill value of an int",
            {".zgroup": GROUP, "a/.zarray": array(dtype="<u1", fill_value=NAN)},
        ),
        (
            "a NaN in the attributes",
            {".zgroup": GROUP, "a/.zarray": array(), "a/.zattrs": {"n": NAN}},
        ),
        ("a .zgroup entry that is not an object", {".zgroup": [1]}),
        ("a key that is not a string", {".zgroup": GROUP, 5: {"consolidated_metadata": None}}),
    ],
)
def test_nothing_else_in_a_zmetadata_is_repaired(description: str, listing: dict[Any, Any]) -> None:
    document = zmetadata(listing)
    before = text({str(key): value for key, value in listing.items()})
    problems = read_consolidated_metadata_v2(document).problems
    repaired, repairs = repair_consolidated_metadata_v2(document)
    assert repaired is document, description
    assert repairs == ()
    assert read_consolidated_metadata_v2(repaired).problems == problems
    assert text({str(key): value for key, value in listing.items()}) == before


def test_repairing_a_zmetadata_never_changes_it() -> None:
    document = zmetadata(broken_listing())
    kept = text(document)
    repaired, _ = repair_consolidated_metadata_v2(document)
    read_repaired_consolidated_metadata_v2(document)
    assert text(document) == kept
    assert "consolidated_metadata" in document["metadata"][".zgroup"]
    # What was not repaired is shared, not copied: the repair copies only what it changes.
    listing: Any = repaired["metadata"]  # type: ignore[index]
    assert listing[".zattrs"] is document["metadata"][".zattrs"]


@pytest.mark.parametrize("value", [None, 5, [], {"metadata": 5}, {"zarr_consolidated_format": 1}])
def test_repairing_what_is_no_listing_changes_nothing(value: Any) -> None:
    assert repair_consolidated_metadata_v2(value) == (value, ())
    result = read_repaired_consolidated_metadata_v2(value)
    assert (
        result.repairs == ()
        and result.reading.problems == read_consolidated_metadata_v2(value).problems
    )


def test_a_zmetadata_that_needs_no_repair_is_returned_as_it_is() -> None:
    document = zmetadata({".zgroup": GROUP, "a/.zarray": array(fill_value="-Infinity")})
    repaired, repairs = repair_consolidated_metadata_v2(document)
    assert repaired is document and repairs == ()


def test_a_node_handed_in_whole_is_repaired_and_read_with_its_other_files_ignored() -> None:
    # A node's directory holds its chunks too; the repair and the strict read ignore them.
    files = {".zarray": array(dtype="<f8", fill_value=math.nan), "0": b"\x00", "zarr.json": {}}
    repaired = read_repaired_node_metadata_v2(files)
    assert repaired.reading.problems == ()
    assert locs_and_kinds(repaired.repairs) == [
        ((".zarray", "fill_value"), "non_finite_fill_value")
    ]
