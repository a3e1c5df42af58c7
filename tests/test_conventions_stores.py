"""Stores real writers made (tests/data/conventions, see write_fixtures.py there) judged by their conventions: each with no problem; each broken copy with its problem at the right node and place."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from _conventions import FIXTURES, hierarchy_of, store_documents, stores
from zarr_metadata.conventions import ConventionProblem, check_conventions

Documents = dict[str, dict[str, Any]]


@pytest.mark.parametrize("store", stores())
def test_each_store_a_real_writer_made_has_no_problem(store: str) -> None:
    report = check_conventions(hierarchy_of(store_documents(FIXTURES / store)))
    assert report.problems == ()
    assert report.followed  # each store follows a convention, so something was judged


def test_what_each_store_follows() -> None:
    followed = {
        store: sorted(
            {
                name
                for names in check_conventions(
                    hierarchy_of(store_documents(FIXTURES / store))
                ).followed.values()
                for name in names
            }
        )
        for store in stores()
    }
    assert followed["xarray_v2.zarr"] == ["xarray"]
    assert followed["ome_image_0.4.zarr"] == [
        "ome-ngff-0.4/image-label",
        "ome-ngff-0.4/labels",
        "ome-ngff-0.4/multiscales",
    ]
    assert "ome-zarr-0.5/plate" in followed["ome_plate_0.5.zarr"]
    assert followed["zarr_conventions_multiscales.zarr"] == [
        "multiscales",
        "xarray",
        "zarr-conventions",
    ]


def judged(store: str, edit: Callable[[Documents], None]) -> list[ConventionProblem]:
    documents = copy.deepcopy(store_documents(FIXTURES / store))
    edit(documents)
    return list(check_conventions(hierarchy_of(documents)).findings)


def at(
    findings: list[ConventionProblem], path: str, loc: tuple[str | int, ...]
) -> list[ConventionProblem]:
    return [finding for finding in findings if finding.path == path and finding.problem.loc == loc]


def attributes(documents: Documents, path: str) -> dict[str, Any]:
    """The attributes of the node at `path`, to edit: its `.zattrs` (v2) or its `zarr.json` attributes (v3)."""
    files = documents[path]
    if "zarr.json" in files:
        return files["zarr.json"].setdefault("attributes", {})
    return files.setdefault(".zattrs", {})


def array(documents: Documents, path: str) -> dict[str, Any]:
    files = documents[path]
    return files["zarr.json"] if "zarr.json" in files else files[".zarray"]


def test_a_level_that_names_no_array() -> None:
    def edit(documents: Documents) -> None:
        attributes(documents, "")["multiscales"][0]["datasets"][1]["path"] = "missing"

    found = at(
        judged("ome_image_0.4.zarr", edit),
        "",
        ("attributes", "multiscales", 0, "datasets", 1, "path"),
    )
    assert [finding.severity for finding in found] == ["error"]
    assert found[0].convention == "ome-ngff-0.4/multiscales"
    assert (
        'OME-NGFF 0.4, "multiscales" metadata: expected an array at "missing"'
        in found[0].problem.message
    )


def test_a_level_that_names_a_group() -> None:
    def edit(documents: Documents) -> None:
        attributes(documents, "")["ome"]["multiscales"][0]["datasets"][0]["path"] = "labels"

    found = at(
        judged("ome_image_0.5.zarr", edit),
        "",
        ("attributes", "ome", "multiscales", 0, "datasets", 0, "path"),
    )
    assert len(found) == 1
    assert "the store has a group there" in found[0].problem.message


def test_fewer_axes_than_every_level_has_dimensions_is_one_problem_at_the_axes() -> None:
    # "The length of "axes" ... MUST be equal to the dimensionality of the zarr arrays storing the image data."
    def edit(documents: Documents) -> None:
        multiscale = attributes(documents, "")["multiscales"][0]
        del multiscale["axes"][0]
        for dataset in multiscale["datasets"]:
            for transformation in dataset["coordinateTransformations"]:
                transformation[transformation["type"]].pop(0)

    findings = judged("ome_image_0.4.zarr", edit)
    assert [finding.problem.loc for finding in findings if finding.severity == "error"] == [
        ("attributes", "multiscales", 0, "axes")
    ]


def test_one_level_of_another_rank() -> None:
    def edit(documents: Documents) -> None:
        level = array(documents, "s1")
        level["shape"], level["chunks"] = [2, 32], [2, 32]

    found = at(
        judged("ome_image_0.4.zarr", edit),
        "",
        ("attributes", "multiscales", 0, "datasets", 1, "path"),
    )
    assert [
        "expected an array of 3 dimensions" in finding.problem.message for finding in found
    ] == [True]


def test_a_scale_without_one_entry_per_axis() -> None:
    # "The length of the `scale` and `translation` array MUST be the same as the length of "axes"."
    def edit(documents: Documents) -> None:
        attributes(documents, "")["ome"]["multiscales"][0]["datasets"][2][
            "coordinateTransformations"
        ][0]["scale"].append(1.0)

    loc = (
        "attributes",
        "ome",
        "multiscales",
        0,
        "datasets",
        2,
        "coordinateTransformations",
        0,
        "scale",
    )
    found = at(judged("ome_image_0.5.zarr", edit), "", loc)
    assert [finding.problem.message for finding in found] == [
        'OME-Zarr 0.5, "multiscales" metadata: expected one scale entry per axis (3), got 4'
    ]


def test_a_level_larger_than_the_one_before() -> None:
    # "The "path"s MUST be ordered from largest (i.e. highest resolution) to smallest."
    def edit(documents: Documents) -> None:
        array(documents, "s2")["shape"] = [2, 64, 64]

    found = at(
        judged("ome_image_0.5.zarr", edit),
        "",
        ("attributes", "ome", "multiscales", 0, "datasets", 2, "path"),
    )
    assert len(found) == 1
    assert (
        'level 2 (shape [2, 64, 64]) is larger than level 1 (shape [2, 32, 32]) along "y", "x"'
        in found[0].problem.message
    )


def test_axes_out_of_order() -> None:
    # "the entries MUST be ordered by "type" where the "time" axis must come first (if present), followed by the "channel" ..."
    def edit(documents: Documents) -> None:
        axes = attributes(documents, "")["multiscales"][0]["axes"]
        axes[0], axes[1] = axes[1], axes[0]

    found = at(judged("ome_image_0.4.zarr", edit), "", ("attributes", "multiscales", 0, "axes", 1))
    assert [finding.severity for finding in found] == ["error"]


def test_a_labels_entry_that_names_nothing() -> None:
    def edit(documents: Documents) -> None:
        attributes(documents, "labels")["labels"].append("nuclei")

    found = at(judged("ome_image_0.4.zarr", edit), "labels", ("attributes", "labels", 1))
    assert len(found) == 1
    assert found[0].convention == "ome-ngff-0.4/labels"
    assert found[0].severity == "error"


def test_a_label_image_without_image_label_metadata_is_a_warning() -> None:
    # 0.5: "the OME-Zarr Metadata in this image-level zarr.json file SHOULD contain another key, image-label"
    def edit(documents: Documents) -> None:
        del attributes(documents, "labels/cells")["ome"]["image-label"]

    found = at(judged("ome_image_0.5.zarr", edit), "labels", ("attributes", "ome", "labels", 0))
    assert [finding.severity for finding in found] == ["warning"]


def test_a_label_image_with_another_number_of_levels() -> None:
    # "the JSON array associated with the datasets key MUST have the same number of entries (scale levels) as the original unlabeled image."
    def edit(documents: Documents) -> None:
        attributes(documents, "labels/cells")["multiscales"][0]["datasets"].pop()

    found = at(judged("ome_image_0.4.zarr", edit), "labels", ("attributes", "labels", 0))
    assert [
        "as many levels as the image it labels (3), got 2" in finding.problem.message
        for finding in found
    ] == [True]


def test_a_well_the_plate_lists_that_is_missing() -> None:
    def edit(documents: Documents) -> None:
        del attributes(documents, "B/2")["well"]

    found = at(judged("ome_plate_0.4.zarr", edit), "", ("attributes", "plate", "wells", 2, "path"))
    assert len(found) == 1
    assert "a group without well metadata" in found[0].problem.message


def test_a_field_a_well_lists_that_is_missing() -> None:
    def edit(documents: Documents) -> None:
        attributes(documents, "A/3")["ome"]["well"]["images"].append({"path": "7"})

    found = at(
        judged("ome_plate_0.5.zarr", edit),
        "A/3",
        ("attributes", "ome", "well", "images", 2, "path"),
    )
    assert len(found) == 1
    assert found[0].convention == "ome-zarr-0.5/well"


def test_a_well_path_that_is_not_its_row_and_column() -> None:
    # "The `rowIndex`, `columnIndex`, and `path` MUST all refer to the same row/column pair."
    def edit(documents: Documents) -> None:
        attributes(documents, "")["plate"]["wells"][0]["columnIndex"] = 1

    found = at(judged("ome_plate_0.4.zarr", edit), "", ("attributes", "plate", "wells", 0, "path"))
    assert [
        finding.problem.message.endswith('expected the path "A/2" of row 0 and column 1, got "A/1"')
        for finding in found
    ] == [True]


def test_a_field_of_an_acquisition_the_plate_does_not_list() -> None:
    def edit(documents: Documents) -> None:
        attributes(documents, "")["plate"]["acquisitions"] = [
            {"id": 0, "name": "first", "maximumfieldcount": 2}
        ]
        attributes(documents, "A/1")["well"]["images"][0]["acquisition"] = 5

    found = at(
        judged("ome_plate_0.4.zarr", edit),
        "A/1",
        ("attributes", "well", "images", 0, "acquisition"),
    )
    assert len(found) == 1


def test_two_ome_versions_in_one_hierarchy() -> None:
    # "The OME-Zarr Metadata version MUST be consistent within a hierarchy."
    def edit(documents: Documents) -> None:
        attributes(documents, "A/3/1")["ome"]["version"] = "0.6"

    findings = at(judged("ome_plate_0.5.zarr", edit), "A/3/1", ("attributes", "ome", "version"))
    assert sorted(finding.severity for finding in findings) == [
        "error",
        "warning",
    ]  # and 0.6 itself goes unchecked


def test_dimension_names_of_the_wrong_length() -> None:
    # xarray fails to open it ("zip() argument 2 is longer than argument 1", xarray 2026.9).
    def edit(documents: Documents) -> None:
        attributes(documents, "mask")["_ARRAY_DIMENSIONS"] = ["lat"]

    found = at(judged("xarray_v2.zarr", edit), "mask", ("attributes", "_ARRAY_DIMENSIONS"))
    assert [finding.convention for finding in found] == ["xarray"]


@pytest.mark.parametrize(
    ("store", "loc", "severity"),
    [
        ("xarray_v2.zarr", ("attributes", "_ARRAY_DIMENSIONS", 0), "error"),
        ("xarray_v3.zarr", ("dimension_names", 0), "warning"),
    ],
)
def test_two_lengths_for_one_dimension_in_a_group(
    store: str, loc: tuple[str | int, ...], severity: str
) -> None:
    # xarray refuses the group: "conflicting sizes for dimension 'lat': length 7 on 'mask' and length 5 on ..." (xarray 2026.9).
    def edit(documents: Documents) -> None:
        mask = array(documents, "mask")
        mask["shape"] = [7, 6]
        if "chunks" in mask:
            mask["chunks"] = [7, 6]
        else:
            mask["chunk_grid"]["configuration"]["chunk_shape"] = [7, 6]

    found = at(judged(store, edit), "mask", loc)
    assert len(found) == 1
    assert (
        'dimension "lat" has length 7 here, but 5 in the array "elevation"'
        in found[0].problem.message
    )


def test_v3_arrays_of_a_group_without_xarray_coordinates_may_disagree() -> None:
    # v3 `dimension_names` is core Zarr: a group with no dimension coordinate and no
    # `coordinates` attribute is not an xarray dataset, so its arrays need not agree.
    def edit(documents: Documents) -> None:
        for path in ("lat", "lon", "time", "elevation"):
            del documents[path]
        for path in ("mask", "temperature"):
            array(documents, path).get("attributes", {}).pop("coordinates", None)
        mask = array(documents, "mask")
        mask["shape"], mask["chunk_grid"]["configuration"]["chunk_shape"] = [7, 6], [7, 6]

    assert judged("xarray_v3.zarr", edit) == []


def test_coordinates_that_name_no_array_are_a_warning() -> None:
    # xarray opens such a store, keeping the names it cannot find as an attribute.
    def edit(documents: Documents) -> None:
        attributes(documents, "temperature")["coordinates"] = "elevation height"

    found = at(judged("xarray_v3.zarr", edit), "temperature", ("attributes", "coordinates"))
    assert [finding.severity for finding in found] == ["warning"]
    assert '"height"' in found[0].problem.message


def test_a_multiscales_level_that_is_missing() -> None:
    # "Resolution level group names SHALL match children group path values in the layout array"
    def edit(documents: Documents) -> None:
        attributes(documents, "")["multiscales"]["layout"][2]["asset"] = "3"

    found = at(
        judged("zarr_conventions_multiscales.zarr", edit),
        "",
        ("attributes", "multiscales", "layout", 2, "asset"),
    )
    assert [(finding.convention, finding.severity) for finding in found] == [
        ("multiscales", "error")
    ]


def test_a_convention_the_scope_does_not_know_is_reported_once_as_unchecked() -> None:
    declaration = {"uuid": "f17cb550-5864-4468-aeb7-f3180cfb622f", "name": "proj:"}

    def edit(documents: Documents) -> None:
        attributes(documents, "")["zarr_conventions"].append(declaration)
        attributes(documents, "0")["zarr_conventions"] = [declaration]

    findings = judged("zarr_conventions_multiscales.zarr", edit)
    assert [(finding.path, finding.problem.loc, finding.severity) for finding in findings] == [
        ("", ("attributes", "zarr_conventions", 1), "warning")
    ]
    assert "proj:" in findings[0].problem.message


def test_a_label_image_of_floats() -> None:
    # 0.5: "The pixels of the label images MUST be integer data types"
    def edit(documents: Documents) -> None:
        level = array(documents, "labels/cells/s1")
        level["data_type"], level["fill_value"] = "float32", 0.0
        level["codecs"][0]["configuration"] = {"endian": "little"}

    found = at(judged("ome_image_0.5.zarr", edit), "labels/cells/s1", ("data_type",))
    assert [(finding.convention, finding.severity) for finding in found] == [
        ("ome-zarr-0.5/labels", "error")
    ]


def test_a_node_that_was_not_read_is_neither_found_nor_missing() -> None:
    # A level whose document has problems (or was excluded) is there: the image names no missing array.
    documents = store_documents(FIXTURES / "ome_image_0.5.zarr")
    hierarchy = hierarchy_of(documents)
    del hierarchy["s1"]
    assert [finding.problem.loc for finding in check_conventions(hierarchy).problems] == [
        ("attributes", "ome", "multiscales", 0, "datasets", 1, "path")
    ]
    assert check_conventions(hierarchy, unread={"s1"}).problems == ()
