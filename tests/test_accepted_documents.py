"""What real readers open and the specs allow is accepted: a property test over documents that zarr-python 3.4.2 opens and round-trips a chunk of."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from zarr_metadata.model import (
    read_array_metadata_v2,
    read_array_metadata_v3,
    read_consolidated_metadata_v2,
    read_node_metadata_v2,
)
from zarr_metadata.model._array_v2 import V2_ARRAY_MEMBERS

V2_ARRAY: dict[str, Any] = {
    "zarr_format": 2,
    "shape": [6],
    "chunks": [2],
    "dtype": "<f4",
    "compressor": None,
    "filters": None,
    "fill_value": 0,
    "order": "C",
}
V3_ARRAY: dict[str, Any] = {
    "zarr_format": 3,
    "node_type": "array",
    "shape": [6],
    "data_type": "float32",
    "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [2]}},
    "chunk_key_encoding": {"name": "default"},
    "fill_value": 0,
    "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}],
}

user_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=5), children, max_size=3)
    ),
    max_leaves=8,
)
v3_names = st.sampled_from(
    [
        "node_type",
        "data_type",
        "chunk_grid",
        "chunk_key_encoding",
        "codecs",
        "storage_transformers",
        "dimension_names",
    ]
)
ignored_keys = v3_names | st.text(min_size=1, max_size=8).filter(
    lambda key: key not in V2_ARRAY_MEMBERS
)
# JSON numbers past each width's finite range: the v3 spec rounds them to the nearest value, an infinity.
past_the_range = st.sampled_from([("<f2", "float16"), ("<f4", "float32")]).flatmap(
    lambda types: st.tuples(
        st.just(types),
        st.floats(min_value=65520.0 if types[0] == "<f2" else 3.5e38, max_value=1e308)
        | st.integers(min_value=10**39, max_value=10**400),
        st.booleans(),
    )
)


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(ignored_keys, user_json, min_size=1, max_size=4))
def test_a_zarray_with_members_the_v2_spec_does_not_define_reads(extra: dict[str, Any]) -> None:
    # The v2 spec: other keys "SHOULD be ignored"; zarr-python ignores them.
    reading = read_node_metadata_v2({".zarray": {**V2_ARRAY, **extra}})
    assert reading.problems == ()
    assert reading.metadata is not None


@settings(max_examples=60, deadline=None)
@given(
    st.dictionaries(ignored_keys, user_json, min_size=1, max_size=4),
    st.dictionaries(st.text(max_size=8), st.binary(max_size=4), max_size=4),
)
def test_a_node_handed_in_whole_reads(extra: dict[str, Any], chunks: dict[str, bytes]) -> None:
    # A node's directory also holds its chunks, and a .zgroup's unknown members are ignored.
    files: dict[str, object] = {
        key: value for key, value in chunks.items() if key not in (".zarray", ".zgroup", ".zattrs")
    }
    reading = read_node_metadata_v2(
        {**files, ".zgroup": {"zarr_format": 2, **extra}, ".zattrs": {"a": 1}}
    )
    assert reading.problems == ()


@settings(max_examples=60, deadline=None)
@given(past_the_range)
def test_a_float_fill_number_past_the_range_reads_in_v2_and_v3(
    case: tuple[tuple[str, str], float, bool],
) -> None:
    (dtype, data_type), number, negative = case
    value = -number if negative else number
    assert read_array_metadata_v2({**V2_ARRAY, "dtype": dtype, "fill_value": value}).problems == ()
    assert (
        read_array_metadata_v3({**V3_ARRAY, "data_type": data_type, "fill_value": value}).problems
        == ()
    )
    assert (
        read_array_metadata_v3(
            {**V3_ARRAY, "data_type": "complex64", "fill_value": [value, 0]}
        ).problems
        == ()
    )


@settings(max_examples=60, deadline=None)
@given(
    st.integers(min_value=0, max_value=40),
    st.lists(st.integers(min_value=1, max_value=10), min_size=1, max_size=8),
)
def test_a_rectilinear_axis_covering_its_dimension_reads_however_far_it_overflows(
    dimension: int, lengths: list[int]
) -> None:
    # The zarr-extensions README: "Overflowing L by multiple chunks is permitted".
    if sum(lengths) < dimension:
        lengths = [*lengths, dimension - sum(lengths)]
    grid = {"name": "rectilinear", "configuration": {"kind": "inline", "chunk_shapes": [lengths]}}
    assert (
        read_array_metadata_v3({**V3_ARRAY, "shape": [dimension], "chunk_grid": grid}).problems
        == ()
    )


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(["ns", "us", "ms", "s", "m", "h", "D"]), st.sampled_from([None, "<i8", "same"])
)
def test_delta_on_a_timedelta_reads(unit: str, astype: str | None) -> None:
    dtype = f"<m8[{unit}]"
    delta: dict[str, Any] = {"id": "delta", "dtype": dtype}
    if astype is not None:
        delta["astype"] = dtype if astype == "same" else astype
    assert read_array_metadata_v2({**V2_ARRAY, "dtype": dtype, "filters": [delta]}).problems == ()


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from(["", "a", "b", "c"]), min_size=1, max_size=4, unique=True),
    st.sampled_from(["<i4", "<f8", "|u1", "|S2", "|V3"]),
)
def test_a_structured_type_with_unnamed_fields_reads(names: list[str], field_type: str) -> None:
    # NumPy names an unnamed field f and its index; zarr-python keeps it.
    dtype = [[name, field_type] for name in names]
    assert read_array_metadata_v2({**V2_ARRAY, "dtype": dtype, "fill_value": None}).problems == ()


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from(["", "/", "//"]), min_size=3, max_size=3),
    st.lists(st.sampled_from(["/", "//", "///"]), min_size=2, max_size=2),
)
def test_a_zmetadata_with_unnormalized_keys_reads(leading: list[str], between: list[str]) -> None:
    # The v2 spec normalizes a logical path: a leading "/" stripped, runs of "/" collapsed.
    listing = {
        f"{leading[0]}.zgroup": {"zarr_format": 2},
        f"{leading[1]}g{between[0]}.zgroup": {"zarr_format": 2},
        f"{leading[2]}g{between[1]}a/.zarray": V2_ARRAY,
    }
    reading = read_consolidated_metadata_v2({"zarr_consolidated_format": 1, "metadata": listing})
    assert reading.problems == ()
    assert list(reading.nodes) == ["", "g", "g/a"]
