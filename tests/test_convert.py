"""The v2 -> v3 converter on documents: what each v2 member becomes, and every problem that stops a conversion, located in the v2 files."""

from __future__ import annotations

from typing import Any

import pytest

from zarr_metadata.convert import convert_consolidated_metadata_v2, convert_node_metadata_v2
from zarr_metadata.model import ZarrV3ArrayMetadata, ZarrV3GroupMetadata
from zarr_metadata.v2 import CORE_V2
from zarr_metadata.v3 import CORE, CORE_AND_EXTENSIONS


def zarray(**members: Any) -> dict[str, Any]:
    document: dict[str, Any] = {
        "zarr_format": 2,
        "shape": [10, 6],
        "chunks": [5, 3],
        "dtype": "<f8",
        "fill_value": 0.0,
        "order": "C",
        "compressor": None,
        "filters": None,
    }
    document.update(members)
    return document


def converted(files: dict[str, Any], **options: Any) -> dict[str, Any]:
    conversion = convert_node_metadata_v2(files, **options)
    assert conversion.problems == ()
    assert conversion.metadata is not None
    return conversion.metadata.to_json()


def problems_of(files: dict[str, Any], **options: Any) -> list[tuple[Any, str]]:
    conversion = convert_node_metadata_v2(files, **options)
    assert conversion.metadata is None
    return [(problem.loc, problem.kind) for problem in conversion.problems]


def test_an_array_becomes_a_v3_array_with_the_v2_chunk_key_encoding() -> None:
    document = converted({".zarray": zarray(dimension_separator="/")})
    assert document == {
        "zarr_format": 3,
        "node_type": "array",
        "shape": (10, 6),
        "data_type": "float64",
        "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": (5, 3)}},
        "chunk_key_encoding": {"name": "v2", "configuration": {"separator": "/"}},
        "fill_value": 0.0,
        "codecs": ({"name": "bytes", "configuration": {"endian": "little"}},),
    }


def test_the_separator_defaults_to_a_dot_as_in_v2() -> None:
    document = converted({".zarray": zarray()})
    assert document["chunk_key_encoding"] == {"name": "v2", "configuration": {"separator": "."}}


def test_a_group_becomes_a_v3_group_with_its_attributes() -> None:
    conversion = convert_node_metadata_v2(
        {".zgroup": {"zarr_format": 2}, ".zattrs": {"title": "t"}}
    )
    assert isinstance(conversion.metadata, ZarrV3GroupMetadata)
    assert conversion.metadata.to_json() == {
        "zarr_format": 3,
        "node_type": "group",
        "attributes": {"title": "t"},
    }


@pytest.mark.parametrize(
    ("dtype", "data_type"),
    [
        ("|b1", "bool"),
        ("|i1", "int8"),
        (">u8", "uint64"),
        ("<f2", "float16"),
        ("<c16", "complex128"),
        ("|S4", {"name": "null_terminated_bytes", "configuration": {"length_bytes": 4}}),
        ("<U3", {"name": "fixed_length_utf32", "configuration": {"length_bytes": 12}}),
        ("|V2", {"name": "raw_bytes", "configuration": {"length_bytes": 2}}),
        (
            "<M8[10s]",
            {"name": "numpy.datetime64", "configuration": {"unit": "s", "scale_factor": 10}},
        ),
        (
            "<m8[ns]",
            {"name": "numpy.timedelta64", "configuration": {"unit": "ns", "scale_factor": 1}},
        ),
    ],
)
def test_each_v2_data_type_becomes_the_one_zarr_python_writes(dtype: str, data_type: Any) -> None:
    fills = {
        "|S4": "",
        "<U3": "",
        "|V2": "AAA=",
        "<M8[10s]": "NaT",
        "<m8[ns]": 0,
        "|b1": False,
        "<c16": [0.0, 0.0],
    }
    fill = fills.get(dtype, 0)
    document = converted({".zarray": zarray(dtype=dtype, fill_value=fill)})
    assert document["data_type"] == data_type


def test_a_structured_type_becomes_a_struct_with_its_fill_value_field_by_field() -> None:
    # Record bytes of (a=-2 as <i2, b=b"hi" as |S3): fe ff 68 69 00.
    document = converted(
        {".zarray": zarray(dtype=[["a", "<i2"], ["b", "|S3"]], fill_value="/v9oaQA=")}
    )
    assert document["data_type"] == {
        "name": "struct",
        "configuration": {
            "fields": (
                {"name": "a", "data_type": "int16"},
                {
                    "name": "b",
                    "data_type": {
                        "name": "null_terminated_bytes",
                        "configuration": {"length_bytes": 3},
                    },
                },
            )
        },
    }
    assert document["fill_value"] == {"a": -2, "b": "aGk="}


def test_a_null_fill_value_becomes_the_zero_zarr_python_fills_with() -> None:
    assert converted({".zarray": zarray(fill_value=None)})["fill_value"] == 0.0
    assert converted({".zarray": zarray(dtype="|b1", fill_value=None)})["fill_value"] is False
    assert converted({".zarray": zarray(dtype="<U2", fill_value=None)})["fill_value"] == ""
    struct = converted({".zarray": zarray(dtype=[["x", "<f4"], ["y", "|V2"]], fill_value=None)})
    assert struct["fill_value"] == {"x": 0.0, "y": "AAA="}


@pytest.mark.parametrize("fill_value", ["NaN", "Infinity", "-Infinity"])
def test_non_finite_fill_values_keep_their_names(fill_value: str) -> None:
    assert converted({".zarray": zarray(fill_value=fill_value)})["fill_value"] == fill_value


def test_f_order_becomes_a_transpose_before_every_filter() -> None:
    document = converted(
        {
            ".zarray": zarray(
                order="F",
                filters=[{"id": "delta", "dtype": "<f8"}],
                compressor={"id": "zlib", "level": 1},
            )
        }
    )
    assert document["codecs"] == (
        {"name": "transpose", "configuration": {"order": (1, 0)}},
        {"name": "numcodecs.delta", "configuration": {"dtype": "<f8"}},
        {"name": "bytes", "configuration": {"endian": "little"}},
        {"name": "numcodecs.zlib", "configuration": {"level": 1}},
    )


def test_f_order_of_one_dimension_needs_no_transpose() -> None:
    document = converted({".zarray": zarray(shape=[4], chunks=[2], order="F")})
    assert [codec["name"] for codec in document["codecs"]] == ["bytes"]


def test_registered_codecs_replace_their_numcodecs_twins() -> None:
    blosc = {"id": "blosc", "cname": "zstd", "clevel": 3, "shuffle": 2, "blocksize": 0}
    document = converted({".zarray": zarray(dtype=">i4", fill_value=0, compressor=blosc)})
    assert document["codecs"] == (
        {"name": "bytes", "configuration": {"endian": "big"}},
        {
            "name": "blosc",
            "configuration": {
                "cname": "zstd",
                "clevel": 3,
                "shuffle": "bitshuffle",
                "typesize": 4,
                "blocksize": 0,
            },
        },
    )
    for compressor, codec in [
        (
            {"id": "zstd", "level": 4, "checksum": True},
            {"name": "zstd", "configuration": {"level": 4, "checksum": True}},
        ),
        ({"id": "gzip", "level": 2}, {"name": "gzip", "configuration": {"level": 2}}),
        ({"id": "crc32c"}, {"name": "crc32c"}),
        (
            {"id": "crc32c", "location": "start"},
            {"name": "numcodecs.crc32c", "configuration": {"location": "start"}},
        ),
    ]:
        assert converted({".zarray": zarray(compressor=compressor)})["codecs"][-1] == codec


@pytest.mark.parametrize(
    ("dtype", "typesize", "shuffle"), [("|u1", 1, "bitshuffle"), ("<i8", 8, "shuffle")]
)
def test_blosc_autoshuffle_becomes_what_numcodecs_chose_for_the_item_size(
    dtype: str, typesize: int, shuffle: str
) -> None:
    blosc = {"id": "blosc", "cname": "lz4", "clevel": 5, "shuffle": -1, "blocksize": 0}
    document = converted({".zarray": zarray(dtype=dtype, fill_value=0, compressor=blosc)})
    assert document["codecs"][-1]["configuration"]["shuffle"] == shuffle
    assert document["codecs"][-1]["configuration"]["typesize"] == typesize


def test_strings_and_bytes_take_their_object_codec_as_the_array_to_bytes_codec() -> None:
    strings = converted(
        {".zarray": zarray(dtype="|O", fill_value="", filters=[{"id": "vlen-utf8"}])}
    )
    assert strings["data_type"] == "string"
    assert strings["codecs"] == ({"name": "vlen-utf8"},)
    raw = converted(
        {".zarray": zarray(dtype="|O", fill_value=None, filters=[{"id": "vlen-bytes"}])}
    )
    assert raw["data_type"] == "variable_length_bytes"
    assert raw["fill_value"] == ""


def test_xarray_dimension_names_are_written_when_one_per_dimension() -> None:
    document = converted({".zarray": zarray(), ".zattrs": {"_ARRAY_DIMENSIONS": ["y", "x"]}})
    assert document["dimension_names"] == ("y", "x")
    assert document["attributes"] == {"_ARRAY_DIMENSIONS": ("y", "x")}
    wrong_length = converted({".zarray": zarray(), ".zattrs": {"_ARRAY_DIMENSIONS": ["y"]}})
    assert "dimension_names" not in wrong_length


@pytest.mark.parametrize("object_codec", ["vlen-array", "pickle", "json2", "msgpack2"])
def test_objects_without_a_v3_data_type_are_not_converted(object_codec: str) -> None:
    filters = (
        [{"id": object_codec, "dtype": "<i4"}]
        if object_codec == "vlen-array"
        else [{"id": object_codec}]
    )
    assert problems_of({".zarray": zarray(dtype="|O", fill_value=None, filters=filters)}) == [
        ((".zarray", "dtype"), "invalid_value")
    ]


def test_a_struct_mixing_byte_orders_is_not_converted() -> None:
    files = {".zarray": zarray(dtype=[["a", "<i4"], ["b", ">i4"]], fill_value=None)}
    assert problems_of(files) == [((".zarray", "dtype"), "invalid_value")]


def test_a_struct_field_with_a_shape_is_not_converted() -> None:
    files = {".zarray": zarray(dtype=[["a", "<i4", [2]]], fill_value=None)}
    assert problems_of(files) == [((".zarray", "dtype", 0, 2), "invalid_value")]


def test_a_codec_the_target_scope_does_not_claim_is_a_problem_at_the_codec() -> None:
    files = {".zarray": zarray(compressor={"id": "zlib", "level": 1})}
    assert problems_of(files, context=CORE_AND_EXTENSIONS) == [
        ((".zarray", "compressor"), "invalid_value")
    ]
    assert converted({".zarray": zarray(compressor={"id": "gzip", "level": 1})}, context=CORE)


def test_a_bytes_filter_before_an_array_filter_has_no_v3_pipeline() -> None:
    filters = [{"id": "zlib", "level": 1}, {"id": "delta", "dtype": "<f8"}]
    assert problems_of({".zarray": zarray(filters=filters)}) == [
        ((".zarray", "filters", 1), "invalid_value")
    ]


def test_a_value_the_v3_codec_refuses_is_located_at_the_v2_member() -> None:
    # numcodecs takes zstd level 23 (and clamps it); the v3 zstd codec stops at 22.
    files = {".zarray": zarray(compressor={"id": "zstd", "level": 23, "checksum": False})}
    assert problems_of(files) == [((".zarray", "compressor", "level"), "invalid_value")]


def test_a_v2_document_with_problems_is_not_converted_and_its_problems_are_in_the_files() -> None:
    files = {".zarray": zarray(chunks=[0, 3]), ".zattrs": {"ok": True}}
    assert problems_of(files) == [((".zarray", "chunks", 0), "invalid_value")]


def test_known_writer_bugs_are_repaired_before_conversion_and_reported() -> None:
    conversion = convert_node_metadata_v2({".zarray": zarray(fill_value=float("nan"))})
    assert isinstance(conversion.metadata, ZarrV3ArrayMetadata)
    assert conversion.metadata.to_json()["fill_value"] == "NaN"
    assert [repair.kind for repair in conversion.repairs] == ["non_finite_fill_value"]


def test_scopes_of_the_wrong_format_are_a_type_error() -> None:
    with pytest.raises(TypeError, match="ZarrV3Context"):
        convert_node_metadata_v2({".zarray": zarray()}, context=CORE_V2)  # pyright: ignore[reportArgumentType]
    with pytest.raises(TypeError, match="ZarrV2Context"):
        convert_consolidated_metadata_v2({}, source_context=CORE)  # pyright: ignore[reportArgumentType]


def zmetadata(**listed: Any) -> dict[str, Any]:
    return {"zarr_consolidated_format": 1, "metadata": {".zgroup": {"zarr_format": 2}, **listed}}


def test_a_zmetadata_becomes_the_root_groups_consolidated_metadata() -> None:
    conversion = convert_consolidated_metadata_v2(
        zmetadata(
            **{
                ".zattrs": {"title": "root"},
                "g/.zgroup": {"zarr_format": 2},
                "g/a/.zarray": zarray(),
                "g/a/.zattrs": {"_ARRAY_DIMENSIONS": ["y", "x"]},
            }
        )
    )
    assert conversion.problems == ()
    root = conversion.metadata
    assert isinstance(root, ZarrV3GroupMetadata)
    assert root.attributes == {"title": "root"}
    listed = root.consolidated()
    assert listed is not None
    assert sorted(listed.metadata) == ["g", "g/a"]
    array = listed.metadata["g/a"]
    assert isinstance(array, ZarrV3ArrayMetadata)
    assert array.to_json()["dimension_names"] == ("y", "x")


def test_problems_of_a_listed_node_are_located_at_its_entry_in_the_zmetadata() -> None:
    conversion = convert_consolidated_metadata_v2(
        zmetadata(
            **{
                "a/.zarray": zarray(compressor={"id": "zstd", "level": 23}),
                "b/.zarray": zarray(dtype="|O", fill_value=None, filters=[{"id": "pickle"}]),
            }
        )
    )
    assert conversion.metadata is None
    assert sorted((problem.loc, problem.kind) for problem in conversion.problems) == [
        (("metadata", "a/.zarray", "compressor", "level"), "invalid_value"),
        (("metadata", "b/.zarray", "dtype"), "invalid_value"),
    ]


def test_the_consolidated_metadata_zarr_python_writes_into_group_entries_is_repaired_first() -> (
    None
):
    conversion = convert_consolidated_metadata_v2(
        zmetadata(**{"g/.zgroup": {"zarr_format": 2, "consolidated_metadata": None}})
    )
    assert conversion.problems == ()
    assert [repair.kind for repair in conversion.repairs] == [
        "consolidated_metadata_in_zgroup_entry"
    ]
