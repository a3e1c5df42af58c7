"""The public names of the v3 data type modules (bool, floats, complex, raw, bytes, string, numpy time, struct), as the API surface lists them."""

from __future__ import annotations

import importlib
import pickle
from collections.abc import Mapping
from typing import Annotated, Any, Literal, cast, get_args

import pytest
from annotated_types import Interval
from typing_extensions import ReadOnly

from zarr_metadata._json import JSONValue
from zarr_metadata.typed_json import check
from zarr_metadata.v3._aliases import ZarrV3DataTypeField
from zarr_metadata.v3._context import ZarrV3Context
from zarr_metadata.v3._field_kinds import DataTypeDefinition

SURFACE: dict[str, set[str]] = {
    "bool": {"BOOL_DATA_TYPE", "BOOL_DATA_TYPE_NAME", "BoolDataTypeName", "BoolFillValue"},
    "bytes": {
        "BYTES_DATA_TYPE",
        "BYTES_DATA_TYPE_NAME",
        "Base64Bytes",
        "BytesDataTypeName",
        "BytesFillValue",
        "base64_bytes",
    },
    "string": {
        "STRING_DATA_TYPE",
        "STRING_DATA_TYPE_NAME",
        "StringDataTypeName",
        "StringFillValue",
    },
    "raw": {
        "RAW_BYTES_DATA_TYPE",
        "RawBytesConfiguration",
        "RawBytesDataTypeName",
        "RawBytesFillValue",
        "raw_bytes_dtype_name",
    },
    "struct": {
        "STRUCT_DATA_TYPE",
        "STRUCT_DATA_TYPE_NAME",
        "Struct",
        "StructConfiguration",
        "StructDataTypeName",
        "StructField",
        "StructFillValue",
    },
    "numpy_datetime64": {
        "NUMPY_DATETIME64_DATA_TYPE",
        "NUMPY_DATETIME64_DATA_TYPE_NAME",
        "NUMPY_TIME_UNIT",
        "NumpyDatetime64",
        "NumpyDatetime64Configuration",
        "NumpyDatetime64DataTypeName",
        "NumpyDatetime64FillValue",
        "NumpyTimeUnit",
    },
    "numpy_timedelta64": {
        "NUMPY_TIMEDELTA64_DATA_TYPE",
        "NUMPY_TIMEDELTA64_DATA_TYPE_NAME",
        "NumpyTimedelta64",
        "NumpyTimedelta64Configuration",
        "NumpyTimedelta64DataTypeName",
        "NumpyTimedelta64FillValue",
    },
    **{
        f"float{width}": {
            f"CANONICAL_NAN_HEX_FLOAT{width}",
            f"CANONICAL_NEGATIVE_INFINITY_HEX_FLOAT{width}",
            f"CANONICAL_POSITIVE_INFINITY_HEX_FLOAT{width}",
            f"FLOAT{width}_DATA_TYPE",
            f"FLOAT{width}_DATA_TYPE_NAME",
            f"Float{width}DataTypeName",
            f"Float{width}FillValue",
            f"Float{width}SpecialFillValue",
            f"HexFloat{width}",
            f"hex_float{width}",
        }
        for width in (16, 32, 64)
    },
    **{
        f"complex{width}": {
            f"COMPLEX{width}_DATA_TYPE",
            f"COMPLEX{width}_DATA_TYPE_NAME",
            f"Complex{width}Component",
            f"Complex{width}DataTypeName",
            f"Complex{width}FillValue",
        }
        for width in (64, 128)
    },
}

NAMES = {
    "bool": "bool",
    "bytes": "bytes",
    "string": "string",
    "raw": "r*",
    "struct": "struct",
    "numpy_datetime64": "numpy.datetime64",
    "numpy_timedelta64": "numpy.timedelta64",
    "float16": "float16",
    "float32": "float32",
    "float64": "float64",
    "complex64": "complex64",
    "complex128": "complex128",
}
BYTE = Annotated[int, Interval(ge=0, le=255)]
INT64 = Annotated[int, Interval(ge=-(2**63), le=2**63 - 1)]
TIME_UNITS = (
    "Y",
    "M",
    "W",
    "D",
    "h",
    "m",
    "s",
    "ms",
    "us",
    "μs",
    "ns",
    "ps",
    "fs",
    "as",
    "generic",
)


def module(name: str) -> Any:
    return importlib.import_module(f"zarr_metadata.v3.data_type.{name}")


def definition_of(name: str) -> DataTypeDefinition[Any]:
    (constant,) = (item for item in SURFACE[name] if item.endswith("_DATA_TYPE"))
    found: object = getattr(module(name), constant)
    assert isinstance(found, DataTypeDefinition)
    return cast("DataTypeDefinition[Any]", found)


@pytest.mark.parametrize("name", sorted(SURFACE))
def test_each_module_exports_the_names_the_surface_lists(name: str) -> None:
    found = module(name)
    assert set(found.__all__) == SURFACE[name]
    for public in SURFACE[name]:
        assert hasattr(found, public)


@pytest.mark.parametrize("name", sorted(SURFACE))
def test_each_definition_has_its_name_and_its_name_constant(name: str) -> None:
    found = module(name)
    assert definition_of(name).name == NAMES[name]
    for public in SURFACE[name]:
        if public.endswith("_DATA_TYPE_NAME"):
            assert getattr(found, public) == NAMES[name]
        if public.endswith("DataTypeName") and name != "raw":
            assert get_args(getattr(found, public)) == (NAMES[name],)


@pytest.mark.parametrize("name", sorted(SURFACE))
def test_each_definition_pickles_to_an_equal_one(name: str) -> None:
    definition = definition_of(name)
    assert pickle.loads(pickle.dumps(definition)) == definition


def test_a_scope_of_these_definitions_pickles_to_an_equal_one() -> None:
    scope = ZarrV3Context(data_types=[definition_of(name) for name in SURFACE])
    assert pickle.loads(pickle.dumps(scope)) == scope


def test_the_scalar_fill_value_shapes() -> None:
    assert module("bool").BoolFillValue is bool
    assert module("string").StringFillValue is str
    assert module("struct").StructFillValue == Mapping[str, JSONValue]
    assert module("raw").RawBytesFillValue == tuple[BYTE, ...]
    assert module("bytes").BytesFillValue == tuple[BYTE, ...] | module("bytes").Base64Bytes


@pytest.mark.parametrize("width", [16, 32, 64])
def test_the_float_fill_value_shapes(width: int) -> None:
    found = module(f"float{width}")
    special = Literal["NaN", "Infinity", "-Infinity"]
    hex_float = getattr(found, f"HexFloat{width}")
    assert getattr(found, f"Float{width}SpecialFillValue") == special
    assert getattr(found, f"Float{width}FillValue") == float | int | special | hex_float
    assert hex_float.__module__ == f"zarr_metadata.v3.data_type.float{width}"


@pytest.mark.parametrize(("width", "component"), [(64, 32), (128, 64)])
def test_the_complex_fill_value_shapes(width: int, component: int) -> None:
    found = module(f"complex{width}")
    hex_float = getattr(module(f"float{component}"), f"HexFloat{component}")
    shape = float | int | Literal["NaN", "Infinity", "-Infinity"] | hex_float
    assert getattr(found, f"Complex{width}Component") == shape
    assert getattr(found, f"Complex{width}FillValue") == tuple[shape, shape]


@pytest.mark.parametrize(
    ("name", "kind"), [("numpy_datetime64", "Datetime64"), ("numpy_timedelta64", "Timedelta64")]
)
def test_the_numpy_time_shapes(name: str, kind: str) -> None:
    found = module(name)
    configuration = getattr(found, f"Numpy{kind}Configuration")
    assert configuration.__required_keys__ == {"unit", "scale_factor"}
    assert configuration.__readonly_keys__ == {"unit", "scale_factor"}
    assert configuration.__closed__ is True
    hints = configuration.__annotations__
    assert set(hints) == {"unit", "scale_factor"}
    assert getattr(found, f"Numpy{kind}FillValue") == INT64 | Literal["NaT"]
    document = getattr(found, f"Numpy{kind}")
    assert document.__required_keys__ == {"name", "configuration"}
    assert document.__optional_keys__ == {"must_understand"}
    assert module("numpy_datetime64").NUMPY_TIME_UNIT == TIME_UNITS
    assert get_args(module("numpy_datetime64").NumpyTimeUnit) == TIME_UNITS


def test_the_struct_shapes() -> None:
    found = module("struct")
    assert found.StructField.__required_keys__ == {"name", "data_type"}
    assert found.StructField.__readonly_keys__ == {"name", "data_type"}
    assert found.StructField.__closed__ is True
    assert found.StructConfiguration.__readonly_keys__ == {"fields"}
    assert found.StructConfiguration.__closed__ is True
    assert found.Struct.__optional_keys__ == {"must_understand"}
    hints = _hints(found.StructField)
    assert hints["data_type"] == ReadOnly[ZarrV3DataTypeField]


def test_the_raw_configuration_shape() -> None:
    configuration = module("raw").RawBytesConfiguration
    assert configuration.__required_keys__ == {"bits"}
    assert configuration.__closed__ is True
    assert _hints(configuration) == {"bits": int}


def _hints(typed_dict: type) -> dict[str, object]:
    from typing_extensions import get_type_hints

    return get_type_hints(typed_dict, include_extras=True)


def test_the_document_typed_dicts_check_a_field_as_a_document_writes_it() -> None:
    for name, kind in (("numpy_datetime64", "Datetime64"), ("numpy_timedelta64", "Timedelta64")):
        shape = getattr(module(name), f"Numpy{kind}")
        field = {"name": NAMES[name], "configuration": {"unit": "ns", "scale_factor": 1}}
        assert check(field, shape)[1] == ()
        assert check({**field, "must_understand": True}, shape)[1] == ()
        assert [problem.loc for problem in check({**field, "name": "int8"}, shape)[1]] == [
            ("name",)
        ]
    struct = {
        "name": "struct",
        "configuration": {"fields": [{"name": "a", "data_type": {"name": "int8"}}]},
    }
    assert check(struct, module("struct").Struct)[1] == ()
    assert [
        problem.loc for problem in check({**struct, "extra": 1}, module("struct").Struct)[1]
    ] == [("extra",)]
