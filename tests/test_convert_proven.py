"""Converted metadata proven on the data: zarr-python writes a v2 array, the converter writes its v3 `zarr.json`, and zarr-python reads the same values through it.

Each case writes part of an array (so the last chunks are never written and
read as the fill value), reads it back as v2, converts the `.zarray` and
`.zattrs`, and opens the store again as v3 only. The values must be equal
element for element, with the same NumPy type up to byte order, and for
fixed-size types equal bit for bit (NaN payloads included).
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from zarr_metadata.convert import convert_consolidated_metadata_v2, convert_node_metadata_v2

zarr = pytest.importorskip(
    "zarr", reason="zarr-python (a test dependency) proves conversions on real data"
)
numcodecs = pytest.importorskip("numcodecs")
np = pytest.importorskip("numpy")
from zarr.storage import LocalStore  # noqa: E402

pytestmark = pytest.mark.filterwarnings(
    "ignore::UserWarning", "ignore::FutureWarning", "ignore::DeprecationWarning"
)


def _values(dtype: Any, shape: tuple[int, ...]) -> Any:
    """Values of `dtype` that differ from element to element, and from the fill value."""
    count = int(np.prod(shape))
    if dtype is str:
        return np.array([f"text {i} ✓" for i in range(count)], dtype=object).reshape(shape)
    if dtype == "variable_length_bytes":
        return np.array(
            [bytes(range(i % 7)) + b"\xff" for i in range(count)], dtype=object
        ).reshape(shape)
    dtype = np.dtype(dtype)
    if dtype.names is not None:
        record = np.zeros(shape, dtype=dtype)
        for name in dtype.names:
            record[name] = _values(dtype.fields[name][0], shape)
        return record
    raw = np.frombuffer(
        bytes((7 * i + 3) % 251 for i in range(count * dtype.itemsize)), dtype=np.uint8
    )
    if dtype.kind == "b":
        return (raw[:count] % 2 == 1).reshape(shape)
    if dtype.kind in "fc":
        return np.arange(count, dtype=dtype).reshape(shape) / 3
    if dtype.kind in "mM":
        return np.arange(count).astype(dtype.newbyteorder("=")).astype(dtype).reshape(shape)
    if dtype.kind == "U":
        return np.array(
            [f"é{i}"[: dtype.itemsize // 4] for i in range(count)], dtype=dtype
        ).reshape(shape)
    return raw.view(dtype)[:count].reshape(shape)


def _write_v2(store: Path, **create: Any) -> Any:
    """A v2 array zarr-python writes at `store`, its first chunks written and the rest left to the fill value."""
    shape = create.setdefault("shape", (7,))
    create.setdefault("chunks", tuple(max(1, n // 3) for n in shape))
    separator = create.pop("separator", ".")
    attributes = create.pop("attributes", None)
    array = zarr.create_array(
        store=LocalStore(store),
        zarr_format=2,
        chunk_key_encoding={"name": "v2", "separator": separator},
        **create,
    )
    if attributes:
        array.attrs.update(attributes)
    made = create["dtype"]
    values = _values(
        made if isinstance(made, (str, type, np.dtype)) else "variable_length_bytes", shape
    )
    written = tuple(slice(0, max(1, n - 1)) for n in shape)
    array[written] = values[written]
    return zarr.open_array(LocalStore(store), zarr_format=2, mode="r")[...]


def _files(store: Path) -> dict[str, Any]:
    return {
        name: json.loads((store / name).read_bytes())
        for name in (".zarray", ".zattrs", ".zgroup")
        if (store / name).exists()
    }


def _read_v3(store: Path) -> Any:
    return zarr.open_array(LocalStore(store), zarr_format=3, mode="r")[...]


def _assert_same(actual: Any, expected: Any) -> None:
    assert actual.shape == expected.shape
    if expected.dtype.kind == "O" or expected.dtype.kind == "T":
        assert actual.tolist() == expected.tolist()
        return
    assert actual.dtype.newbyteorder("=") == expected.dtype.newbyteorder("="), (
        actual.dtype,
        expected.dtype,
    )
    native = expected.dtype.newbyteorder("=")
    assert actual.astype(native).tobytes() == expected.astype(native).tobytes()


def _proven(tmp_path: Path, **create: Any) -> dict[str, Any]:
    store = tmp_path / "array.zarr"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = _write_v2(store, **create)
        conversion = convert_node_metadata_v2(_files(store))
        assert conversion.problems == ()
        assert conversion.metadata is not None
        for key, data in conversion.metadata.to_key_value().items():
            (store / key).write_bytes(data)
        _assert_same(_read_v3(store), expected)
    return json.loads((store / "zarr.json").read_bytes())


READS_STRUCT = pytest.mark.skipif(
    tuple(int(part) for part in zarr.__version__.split(".")[:2]) < (3, 2),
    reason="zarr-python reads the struct data type from 3.2 on (3.1, the last for Python 3.11, reads only structured)",
)

SCALAR_TYPES = [
    "|b1", "|i1", "<i2", ">i2", "<i4", ">i4", "<i8", ">i8", "|u1", "<u2", ">u4", "<u8",
    "<f2", ">f2", "<f4", ">f4", "<f8", ">f8", "<c8", ">c8", "<c16",
    "|S1", "|S7", "<U1", "<U5", ">U5", "|V1", "|V6",
    "<M8[ns]", ">M8[s]", "<M8[10s]", "<M8[D]", "<m8[ms]", ">m8[7us]",
]  # fmt: skip


@pytest.mark.parametrize("dtype", SCALAR_TYPES)
@pytest.mark.parametrize("compressor", ["none", "blosc", "zstd"])
def test_every_fixed_size_type_reads_the_same_values(
    tmp_path: Path, dtype: str, compressor: str
) -> None:
    compressors = {"none": None, "blosc": numcodecs.Blosc(), "zstd": numcodecs.Zstd(level=3)}[
        compressor
    ]
    document = _proven(tmp_path, dtype=dtype, shape=(5, 4), chunks=(2, 3), compressors=compressors)
    endian = [
        codec
        for codec in document["codecs"]
        if isinstance(codec, dict) and codec["name"] == "bytes"
    ]
    if np.dtype(dtype).itemsize > 1 and dtype[1] not in "SV":
        assert endian == [
            {"name": "bytes", "configuration": {"endian": "big" if dtype[0] == ">" else "little"}}
        ]


STRUCTURED_TYPES = [
    [("a", "<i4"), ("b", "<f8")],
    [("x", ">u2"), ("label", "|S3"), ("flag", "|b1")],
    [("name", "<U4"), ("count", "<i8"), ("pad", "|V3")],
    [("outer", [("inner", "<i2"), ("z", "<c8")]), ("w", "|u1")],
]


@READS_STRUCT
@pytest.mark.parametrize("dtype", STRUCTURED_TYPES, ids=str)
@pytest.mark.parametrize("fill", ["zero", "none"])
def test_structured_types_and_their_fills_read_the_same_values(
    tmp_path: Path, dtype: list[Any], fill: str
) -> None:
    numpy_type = np.dtype(dtype)
    # zarr-python takes a structured fill value as the bytes of one record.
    fill_value = _values(numpy_type, (3,))[2].tobytes() if fill == "zero" else None
    document = _proven(tmp_path, dtype=numpy_type, shape=(6,), chunks=(2,), fill_value=fill_value)
    assert document["data_type"]["name"] == "struct"


@pytest.mark.parametrize(
    "fill_value", [float("nan"), float("inf"), float("-inf"), -0.0, 1e-40, 3.25], ids=repr
)
@pytest.mark.parametrize("dtype", ["<f2", "<f4", ">f8", "<c16"])
def test_float_fills_read_the_same_values(tmp_path: Path, dtype: str, fill_value: float) -> None:
    _proven(tmp_path, dtype=dtype, shape=(7,), chunks=(3,), fill_value=fill_value)


@pytest.mark.parametrize("dtype", ["<M8[ns]", "<m8[s]"])
def test_not_a_time_fills_read_the_same_values(tmp_path: Path, dtype: str) -> None:
    document = _proven(
        tmp_path, dtype=dtype, shape=(7,), chunks=(3,), fill_value=np.array("NaT", dtype=dtype)[()]
    )
    assert document["fill_value"] in ("NaT", -(2**63))


COMPRESSORS: list[Callable[[], Any]] = [
    lambda: numcodecs.Blosc(cname="lz4", shuffle=numcodecs.Blosc.SHUFFLE),
    lambda: numcodecs.Blosc(cname="zstd", clevel=9, shuffle=numcodecs.Blosc.BITSHUFFLE),
    lambda: numcodecs.Blosc(cname="zlib", shuffle=numcodecs.Blosc.NOSHUFFLE),
    lambda: numcodecs.Blosc(cname="blosclz", shuffle=numcodecs.Blosc.AUTOSHUFFLE),
    lambda: numcodecs.Blosc(cname="lz4hc", blocksize=256),
    lambda: numcodecs.Zstd(level=5, checksum=True),
    lambda: numcodecs.GZip(level=6),
    lambda: numcodecs.Zlib(level=3),
    lambda: numcodecs.BZ2(level=2),
    lambda: numcodecs.LZMA(preset=1),
    lambda: numcodecs.LZ4(acceleration=2),
    lambda: numcodecs.CRC32C(),
    lambda: numcodecs.CRC32(),
    lambda: numcodecs.Adler32(),
    lambda: numcodecs.Fletcher32(),
    lambda: numcodecs.JenkinsLookup3(),
]


@pytest.mark.parametrize(
    "make", COMPRESSORS, ids=lambda make: make().codec_id + str(make().get_config())
)
@pytest.mark.parametrize("dtype", ["<i2", ">f8", "|u1"])
def test_every_compressor_reads_the_same_values(
    tmp_path: Path, make: Callable[[], Any], dtype: str
) -> None:
    _proven(tmp_path, dtype=dtype, shape=(9, 3), chunks=(4, 2), compressors=make())


_ZARR_PYTHON_3_1 = tuple(int(part) for part in zarr.__version__.split(".")[:2]) < (3, 2)

FILTERS: list[Any] = [
    pytest.param("<i4", lambda: [numcodecs.Delta(dtype="<i4")], id="delta"),
    pytest.param(
        "<u1",
        lambda: [numcodecs.Delta(dtype="<u1", astype="<i2")],
        # zarr-python 3.1 asks the array's one-byte type for the endian of what delta hands on, and fails.
        marks=pytest.mark.skipif(
            _ZARR_PYTHON_3_1, reason="zarr-python 3.1 fails on a delta that widens its type"
        ),
        id="delta-astype",
    ),
    pytest.param("<m8[s]", lambda: [numcodecs.Delta(dtype="<m8[s]")], id="delta-timedelta"),
    pytest.param(
        "<f8",
        lambda: [numcodecs.FixedScaleOffset(offset=1, scale=10, dtype="<f8", astype="<i4")],
        id="fixedscaleoffset",
    ),
    pytest.param("<f4", lambda: [numcodecs.Quantize(digits=3, dtype="<f4")], id="quantize"),
    pytest.param(
        "<f8", lambda: [numcodecs.AsType(encode_dtype="<f4", decode_dtype="<f8")], id="astype"
    ),
    pytest.param("|b1", lambda: [numcodecs.PackBits()], id="packbits"),
    pytest.param("<f4", lambda: [numcodecs.BitRound(keepbits=10)], id="bitround"),
    pytest.param("<i4", lambda: [numcodecs.Shuffle(elementsize=4)], id="shuffle"),
    pytest.param(
        "<u2",
        lambda: [numcodecs.Delta(dtype="<u2"), numcodecs.Shuffle(elementsize=2)],
        id="delta-shuffle",
    ),
]


@pytest.mark.parametrize(("dtype", "make"), FILTERS)
@pytest.mark.parametrize("order", ["C", "F"])
def test_every_filter_reads_the_same_values(
    tmp_path: Path, dtype: str, make: Callable[[], list[Any]], order: str
) -> None:
    _proven(
        tmp_path,
        dtype=dtype,
        shape=(6, 5),
        chunks=(4, 2),
        filters=make(),
        compressors=numcodecs.Zstd(),
        order=order,
    )


@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("separator", [".", "/"])
@pytest.mark.parametrize("shape", [(), (6,), (5, 4, 3)], ids=str)
def test_orders_separators_and_ranks_read_the_same_values(
    tmp_path: Path, order: str, separator: str, shape: tuple[int, ...]
) -> None:
    chunks = tuple(max(1, n // 2) for n in shape)
    document = _proven(
        tmp_path, dtype="<i4", shape=shape, chunks=chunks, order=order, separator=separator
    )
    transposes = [
        codec
        for codec in document["codecs"]
        if isinstance(codec, dict) and codec["name"] == "transpose"
    ]
    assert len(transposes) == (order == "F" and len(shape) > 1)
    assert document["chunk_key_encoding"] == {
        "name": "v2",
        "configuration": {"separator": separator},
    }


@pytest.mark.parametrize("dtype", [str, "variable_length_bytes"], ids=["str", "bytes"])
@pytest.mark.parametrize(
    "compressor", [None, numcodecs.Blosc(shuffle=numcodecs.Blosc.AUTOSHUFFLE)], ids=["raw", "blosc"]
)
def test_strings_and_bytes_read_the_same_values(
    tmp_path: Path, dtype: Any, compressor: Any
) -> None:
    made = dtype
    if dtype == "variable_length_bytes":
        from zarr.core.dtype import VariableLengthBytes

        made = VariableLengthBytes()
    document = _proven(tmp_path, dtype=made, shape=(7,), chunks=(3,), compressors=compressor)
    assert document["data_type"] == ("string" if dtype is str else "variable_length_bytes")


def test_xarray_dimensions_become_dimension_names_and_stay_attributes(tmp_path: Path) -> None:
    document = _proven(
        tmp_path,
        dtype="<f4",
        shape=(4, 3),
        chunks=(2, 3),
        attributes={"_ARRAY_DIMENSIONS": ["time", "x"], "units": "K"},
    )
    assert document["dimension_names"] == ["time", "x"]
    assert document["attributes"] == {"_ARRAY_DIMENSIONS": ["time", "x"], "units": "K"}


def test_a_consolidated_store_with_nested_groups_opens_as_v3(tmp_path: Path) -> None:
    store = tmp_path / "store.zarr"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        root = zarr.open_group(
            LocalStore(store), mode="w", zarr_format=2, attributes={"title": "nested"}
        )
        group = root.create_group("a", attributes={"level": 1})
        deeper = group.create_group("b")
        arrays = {
            "t": root.create_array(
                "t", shape=(5,), chunks=(2,), dtype="<f8", fill_value=float("nan")
            ),
            "a/x": group.create_array("x", shape=(4, 4), chunks=(3, 3), dtype=">i2", order="F"),
            "a/b/s": deeper.create_array("s", shape=(3,), chunks=(2,), dtype=str),
        }
        for array in arrays.values():
            array[...] = _values(
                array.dtype if array.dtype.kind != "O" and array.dtype.kind != "T" else str,
                array.shape,
            )
        zarr.consolidate_metadata(LocalStore(store))
        expected = {path: array[...] for path, array in arrays.items()}
        conversion = convert_consolidated_metadata_v2(
            json.loads((store / ".zmetadata").read_bytes())
        )
        assert conversion.problems == ()
        assert conversion.metadata is not None
        (store / "zarr.json").write_bytes(conversion.metadata.to_key_value()["zarr.json"])
        opened = zarr.open_consolidated(LocalStore(store), zarr_format=3)
        assert dict(opened.attrs) == {"title": "nested"}
        for path, values in expected.items():
            _assert_same(opened[path][...], values)
