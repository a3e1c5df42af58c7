"""The codecs that compute with values, cast_value and scale_offset: the data types they take, and the scalars they write as values."""

from __future__ import annotations

import json
import pickle
from collections import Counter
from typing import Any

import pytest

from _v3_documents import LITTLE_BYTES, array_document, sharding_codec
from zarr_metadata._json import Loc
from zarr_metadata.definition import (
    AcceptedField,
    EmptyConfiguration,
    RefusedField,
    UnclaimedField,
    resolve,
)
from zarr_metadata.model import read_array_metadata_v3
from zarr_metadata.v3._field_kinds import Chunk, DataTypeDefinition
from zarr_metadata.v3._scopes import CORE_AND_EXTENSIONS
from zarr_metadata.v3.codec._arithmetic import has_arithmetic
from zarr_metadata.v3.codec.cast_value import CAST_VALUE_CODEC
from zarr_metadata.v3.codec.scale_offset import SCALE_OFFSET_CODEC

CODEC: Loc = ("codecs", 0)
CONFIGURATION: Loc = (*CODEC, "configuration")
TARGET: Loc = (*CONFIGURATION, "data_type")

STRUCT: dict[str, Any] = {
    "name": "struct",
    "configuration": {
        "fields": [{"name": "a", "data_type": "int8"}, {"name": "b", "data_type": "float32"}]
    },
}

WITHOUT_ARITHMETIC: list[tuple[Any, Any, Any]] = [
    # A data type, an array fill value of it, and the codec that writes its chunks.
    ("bool", False, "bytes"),
    ("complex64", [0.0, 0.0], LITTLE_BYTES),
    ("complex128", ["NaN", 1.0], LITTLE_BYTES),
    ("r8", [0], "bytes"),
    ("r24", [0, 0, 0], "bytes"),
    ({"name": "r24"}, [0, 0, 0], "bytes"),
    ("string", "", {"name": "vlen-utf8"}),
    ("bytes", "", {"name": "vlen-bytes"}),
    (STRUCT, {"a": 0, "b": 0.0}, LITTLE_BYTES),
    (
        {"name": "numpy.datetime64", "configuration": {"unit": "s", "scale_factor": 1}},
        "NaT",
        LITTLE_BYTES,
    ),
]
"""Data types in the default scope whose values have no arithmetic, each in a valid array."""

WITH_ARITHMETIC: list[tuple[str, Any]] = [
    ("int8", -1),
    ("int16", 0),
    ("int32", 0),
    ("int64", 0),
    ("uint8", 0),
    ("uint16", 0),
    ("uint32", 0),
    ("uint64", 0),
    ("float16", 0.5),
    ("float32", "NaN"),
    ("float64", "-Infinity"),
]
"""Data types in the default scope whose values have arithmetic, each with a fill value."""

NAMED_IN_THE_REGISTRY = [
    "int2", "int4", "int8", "int16", "int32", "int64",
    "uint2", "uint4", "uint8", "uint16", "uint32", "uint64",
    "float4_e2m1fn", "float6_e2m3fn", "float6_e3m2fn", "float8_e3m4", "float8_e4m3", "float8_e4m3b11fnuz",
    "float8_e4m3fnuz", "float8_e5m2", "float8_e5m2fnuz", "float8_e8m0fnu", "bfloat16", "float16", "float32", "float64",
]  # fmt: skip
"""The data types both codecs are defined for, as the zarr-extensions registry lists them."""


def found(document: dict[str, Any], scope: Any = None) -> Counter[tuple[Loc, str]]:
    reading = (
        read_array_metadata_v3(document)
        if scope is None
        else read_array_metadata_v3(document, context=scope)
    )
    return Counter((problem.loc, problem.kind) for problem in reading.problems)


def one(loc: Loc, kind: str = "invalid_value") -> Counter[tuple[Loc, str]]:
    return Counter({(loc, kind): 1})


NONE: Counter[tuple[Loc, str]] = Counter()


def cast_to(data_type: Any, **configuration: Any) -> dict[str, Any]:
    return {"name": "cast_value", "configuration": {"data_type": data_type, **configuration}}


def scale_offset(**configuration: Any) -> dict[str, Any]:
    return {"name": "scale_offset", "configuration": configuration}


def with_a_data_type_named(*names: str) -> Any:
    """The default scope, with a data type defined under each of `names`."""
    defined = [DataTypeDefinition(name=name, configuration=EmptyConfiguration) for name in names]
    return CORE_AND_EXTENSIONS.update(
        data_types=[*CORE_AND_EXTENSIONS.data_types.values(), *defined]
    )


# --- the registry's examples -----------------------------------------------------------------

CAST_VALUE_NUMPY_EXAMPLE = """
{
    "data_type": "float64",
    "codecs": [
        {
            "name": "cast_value",
            "configuration": {
                "data_type": "uint8",
                "rounding": "towards-zero",
                "out_of_range": "wrap",
                "scalar_map": {
                    "encode": [
                        ["NaN", 0],
                        ["+Infinity", 0],
                        ["-Infinity", 0]
                    ]
                }
            }
        },
        "bytes"
    ]
}
"""

SCALE_OFFSET_FLOAT32_EXAMPLE = """
{
    "data_type": "float32",
    "codecs": [
        {
            "name": "scale_offset",
            "configuration": {
                "offset": 5,
                "scale": 0.1
            }
        },
        "bytes"
    ]
}
"""

SCALE_OFFSET_UINT16_EXAMPLE = """
{
    "data_type": "uint16",
    "codecs": [
        {
            "name": "scale_offset",
            "configuration": {
                "offset": 1000
            }
        },
        {
            "name": "cast_value",
            "configuration": {
                "data_type": "uint8"
            }
        },
        "bytes"
    ]
}
"""

SCALE_OFFSET_NAN_EXAMPLE = """
{
    "data_type": "float64",
    "fill_value": "NaN",
    "codecs": [
        {
            "name": "scale_offset",
            "configuration": {
                "offset": -10,
                "scale": 0.1
            }
        },
        {
            "name": "cast_value",
            "configuration": {
                "data_type": "uint8",
                "rounding": "nearest-even",
                "scalar_map": {
                    "encode": [["NaN", 0]],
                    "decode": [[0, "NaN"]]
                }
            }
        },
        "bytes"
    ]
}
"""

FIXEDSCALEOFFSET_CONVERSION_EXAMPLE = """
[
    {
        "name": "scale_offset",
        "configuration": {
            "scale": 0.1,
            "offset": 10
            }
    },
    {
        "name": "cast_value",
        "configuration": {
            "data_type": "uint8",
            "out_of_range": "wrap"
            }
    }
]
"""


def test_the_cast_value_example_is_valid_but_for_its_infinity() -> None:
    # The example writes "+Infinity", which no float fill value spells: the
    # names are "Infinity" and "-Infinity".
    document = array_document(**json.loads(CAST_VALUE_NUMPY_EXAMPLE))
    assert found(document) == one((*CONFIGURATION, "scalar_map", "encode", 1, 0))
    entries = document["codecs"][0]["configuration"]["scalar_map"]["encode"]
    entries[1][0] = "Infinity"
    assert found(document) == NONE


@pytest.mark.parametrize(
    "example", [SCALE_OFFSET_FLOAT32_EXAMPLE, SCALE_OFFSET_UINT16_EXAMPLE, SCALE_OFFSET_NAN_EXAMPLE]
)
def test_the_scale_offset_examples_are_valid(example: str) -> None:
    members = json.loads(example)
    fill_value = members.pop("fill_value", 0)
    # The examples show the codecs, not the endian a multi-byte data type
    # needs of the bytes codec, so the document around them writes it.
    codecs = [LITTLE_BYTES if codec == "bytes" else codec for codec in members.pop("codecs")]
    assert found(array_document(**members, fill_value=fill_value, codecs=codecs)) == NONE


def test_the_fixedscaleoffset_conversion_example_is_valid_on_float32() -> None:
    codecs = [*json.loads(FIXEDSCALEOFFSET_CONVERSION_EXAMPLE), "bytes"]
    assert found(array_document(data_type="float32", fill_value=10.0, codecs=codecs)) == NONE


# --- which data types have arithmetic --------------------------------------------------------


def test_has_arithmetic_is_judged_only_for_a_data_type_the_scope_read_without_problems() -> None:
    def read(data: Any) -> Any:
        return resolve(data, DataTypeDefinition, CORE_AND_EXTENSIONS, ("data_type",))[0]

    assert has_arithmetic(read("uint8")) is True
    assert has_arithmetic(read("r16")) is False
    assert has_arithmetic(read(STRUCT)) is False
    unclaimed, refused = read("bfloat16"), read("r12")
    assert isinstance(unclaimed, UnclaimedField)
    assert isinstance(refused, RefusedField)
    assert has_arithmetic(unclaimed) is None
    assert has_arithmetic(refused) is None
    assert has_arithmetic(None) is None


def test_both_codecs_pickle_with_their_rules() -> None:
    for definition in (CAST_VALUE_CODEC, SCALE_OFFSET_CODEC):
        assert pickle.loads(pickle.dumps(definition)) == definition


# --- cast_value: the data type it casts to ---------------------------------------------------


@pytest.mark.parametrize("data_type", [name for name, _ in WITH_ARITHMETIC])
def test_cast_value_casts_to_an_integer_or_floating_point_type(data_type: str) -> None:
    assert found(array_document(codecs=[cast_to(data_type), LITTLE_BYTES])) == NONE
    assert found(array_document(codecs=[cast_to({"name": data_type}), LITTLE_BYTES])) == NONE


@pytest.mark.parametrize(("data_type", "fill_value", "codec"), WITHOUT_ARITHMETIC)
def test_cast_value_to_a_data_type_without_arithmetic_is_a_problem_at_its_data_type(
    data_type: Any, fill_value: Any, codec: Any
) -> None:
    assert found(array_document(codecs=[cast_to(data_type), codec])) == one(TARGET)


@pytest.mark.parametrize("name", NAMED_IN_THE_REGISTRY)
def test_cast_value_casts_to_each_type_the_registry_names_once_a_scope_defines_it(
    name: str,
) -> None:
    scope = None if name in CORE_AND_EXTENSIONS.data_types else with_a_data_type_named(name)
    assert found(array_document(codecs=[cast_to(name), LITTLE_BYTES]), scope) == NONE


@pytest.mark.parametrize("data_type", ["int8", "uint64", "int32"])
def test_cast_value_wraps_values_out_of_range_of_an_integer_type(data_type: str) -> None:
    assert (
        found(array_document(codecs=[cast_to(data_type, out_of_range="wrap"), LITTLE_BYTES]))
        == NONE
    )


@pytest.mark.parametrize("data_type", ["float32", "float64", "float16"])
def test_cast_value_cannot_wrap_values_of_a_floating_point_type(data_type: str) -> None:
    assert found(
        array_document(codecs=[cast_to(data_type, out_of_range="wrap"), LITTLE_BYTES])
    ) == one((*CONFIGURATION, "out_of_range"))
    assert (
        found(array_document(codecs=[cast_to(data_type, out_of_range="clamp"), LITTLE_BYTES]))
        == NONE
    )


def test_cast_value_judges_a_data_type_by_the_name_its_definition_is_filed_under() -> None:
    scope = with_a_data_type_named("bfloat16", "acme.float")
    assert found(array_document(codecs=[cast_to("bfloat16"), "bytes"]), scope) == NONE
    assert found(array_document(codecs=[cast_to("acme.float"), "bytes"]), scope) == one(TARGET)


def test_cast_value_to_a_data_type_nothing_in_scope_claims_is_not_judged() -> None:
    assert found(array_document(codecs=[cast_to("bfloat16"), "bytes"])) == NONE
    assert found(array_document(codecs=[cast_to("acme.complex"), "bytes"])) == NONE


@pytest.mark.parametrize(
    "data_type", ["r12", "r0", {"name": "r12"}, {"name": "complex64", "configuration": {"x": 1}}]
)
def test_cast_value_to_a_refused_data_type_has_one_problem_at_its_cause(data_type: Any) -> None:
    problems = found(array_document(codecs=[cast_to(data_type), "bytes"]))
    assert sum(problems.values()) == 1
    ((loc, _),) = problems
    assert loc[: len(TARGET)] == TARGET


# --- cast_value: the data type it casts from -------------------------------------------------


@pytest.mark.parametrize(("data_type", "fill_value", "codec"), WITHOUT_ARITHMETIC)
def test_cast_value_from_a_data_type_without_arithmetic_is_a_problem_at_its_configuration(
    data_type: Any, fill_value: Any, codec: Any
) -> None:
    document = array_document(
        data_type=data_type, fill_value=fill_value, codecs=[cast_to("uint8"), "bytes"]
    )
    assert found(document) == one(CONFIGURATION)


def test_cast_value_from_a_data_type_not_known_is_not_judged() -> None:
    assert found(array_document(codecs=[{"name": "acme.pack"}, cast_to("uint8"), "bytes"])) == NONE
    unclaimed = array_document(
        data_type="acme.complex", fill_value=[0, 0], codecs=[cast_to("uint8"), "bytes"]
    )
    assert found(unclaimed) == NONE


# --- cast_value: the scalar map --------------------------------------------------------------


def scalar_map(**directions: Any) -> dict[str, Any]:
    return cast_to("uint8", scalar_map=directions)


def entry(direction: str, index: int, side: int) -> Loc:
    return (*CONFIGURATION, "scalar_map", direction, index, side)


@pytest.mark.parametrize(
    ("directions", "expected"),
    [
        # Encoding maps a float64 of the array to a uint8; decoding the reverse.
        (
            {
                "encode": [["NaN", 0], [-0.0, 255]],
                "decode": [[0, "NaN"], [1, "0x7ff0000000000000"]],
            },
            NONE,
        ),
        ({"encode": [[0, "NaN"]]}, one(entry("encode", 0, 1), "invalid_type")),
        ({"encode": [["NaN", 0], [1.5, 256]]}, one(entry("encode", 1, 1))),
        ({"encode": [["nan", 0]]}, one(entry("encode", 0, 0))),
        ({"encode": [[True, 0]]}, one(entry("encode", 0, 0), "invalid_type")),
        ({"decode": [["NaN", 0]]}, one(entry("decode", 0, 0), "invalid_type")),
        ({"decode": [[-1, 0.5]]}, one(entry("decode", 0, 0))),
        ({"decode": [[0, "0x7ff"]]}, one(entry("decode", 0, 1))),
        ({"decode": [[0, [0]]]}, one(entry("decode", 0, 1), "invalid_type")),
    ],
)
def test_each_scalar_is_a_value_of_the_data_type_on_its_side(
    directions: dict[str, Any], expected: Counter[Any]
) -> None:
    assert found(array_document(codecs=[scalar_map(**directions), "bytes"])) == expected


def test_scalars_of_a_data_type_not_known_are_not_judged() -> None:
    to_unclaimed = cast_to(
        "acme.float", scalar_map={"encode": [["NaN", "anything"]], "decode": [[[1, 2], 0.5]]}
    )
    assert found(array_document(codecs=[to_unclaimed, "bytes"])) == NONE
    after_unclaimed = scalar_map(encode=[["anything", 0]], decode=[[0, {"a": 1}]])
    assert found(array_document(codecs=[{"name": "acme.pack"}, after_unclaimed, "bytes"])) == NONE


def test_scalars_of_a_data_type_without_arithmetic_are_not_judged_again() -> None:
    to_complex = cast_to("complex64", scalar_map={"encode": [["NaN", 0]]})
    assert found(array_document(codecs=[to_complex, LITTLE_BYTES])) == one(TARGET)
    from_bool = array_document(
        data_type="bool", fill_value=False, codecs=[scalar_map(encode=[[0, 0]]), "bytes"]
    )
    assert found(from_bool) == one(CONFIGURATION)


# --- scale_offset: the data type it receives -------------------------------------------------


@pytest.mark.parametrize(("data_type", "fill_value"), WITH_ARITHMETIC)
def test_scale_offset_computes_in_an_integer_or_floating_point_type(
    data_type: str, fill_value: Any
) -> None:
    for codec in ("scale_offset", scale_offset(), scale_offset(offset=1, scale=2)):
        document = array_document(
            data_type=data_type, fill_value=fill_value, codecs=[codec, LITTLE_BYTES]
        )
        assert found(document) == NONE


@pytest.mark.parametrize(("data_type", "fill_value", "codec"), WITHOUT_ARITHMETIC)
@pytest.mark.parametrize(
    ("scale_offset_codec", "at"),
    [
        ("scale_offset", CODEC),
        ({"name": "scale_offset"}, CODEC),
        ({"name": "scale_offset", "must_understand": True}, CODEC),
        (scale_offset(), CONFIGURATION),
        (scale_offset(offset=0), CONFIGURATION),
        (scale_offset(offset="10.0", scale=[1]), CONFIGURATION),
    ],
)
def test_scale_offset_on_a_data_type_without_arithmetic_is_a_problem_at_its_configuration_or_the_codec(
    data_type: Any, fill_value: Any, codec: Any, scale_offset_codec: Any, at: Loc
) -> None:
    document = array_document(
        data_type=data_type, fill_value=fill_value, codecs=[scale_offset_codec, codec]
    )
    assert found(document) == one(at)


def test_scale_offset_on_a_data_type_not_known_is_not_judged() -> None:
    codec = scale_offset(offset="10.0", scale={"x": 1})
    assert found(array_document(codecs=[{"name": "acme.pack"}, codec, "bytes"])) == NONE
    unclaimed = array_document(data_type="acme.complex", fill_value=[0, 0], codecs=[codec, "bytes"])
    assert found(unclaimed) == NONE


def test_scale_offset_receives_the_data_type_cast_value_casts_to() -> None:
    float_scale = [cast_to("uint8"), scale_offset(scale=0.5), "bytes"]
    assert found(array_document(codecs=float_scale)) == one(
        (*("codecs", 1, "configuration"), "scale"), "invalid_type"
    )
    to_complex = [cast_to("complex64"), "scale_offset", LITTLE_BYTES]
    # The refused cast passes on nothing known, so the problem is reported once.
    assert found(array_document(codecs=to_complex)) == one(TARGET)


def test_scale_offset_inside_a_shard_is_judged_against_the_array_data_type() -> None:
    shard = sharding_codec([5, 5], codecs=["scale_offset", "bytes"])
    document = array_document(data_type="bool", fill_value=False, codecs=[shard])
    assert found(document) == one((*CONFIGURATION, "codecs", 0))


# --- scale_offset: its offset and scale ------------------------------------------------------


@pytest.mark.parametrize(
    ("data_type", "configuration", "expected"),
    [
        ("float32", {"offset": "10.0"}, one((*CONFIGURATION, "offset"))),
        ("float32", {"offset": 5, "scale": "0x3dcccccd"}, NONE),
        ("float32", {"offset": "NaN", "scale": "Infinity"}, NONE),
        ("float32", {"scale": "0x3dcc"}, one((*CONFIGURATION, "scale"))),
        ("float64", {"offset": None}, one((*CONFIGURATION, "offset"), "invalid_type")),
        ("int16", {"offset": -32768, "scale": 2}, NONE),
        ("int16", {"scale": 0.1}, one((*CONFIGURATION, "scale"), "invalid_type")),
        ("int16", {"offset": 32768}, one((*CONFIGURATION, "offset"))),
        (
            "uint8",
            {"offset": -1, "scale": 256},
            one((*CONFIGURATION, "offset")) + one((*CONFIGURATION, "scale")),
        ),
        ("uint8", {"offset": "1"}, one((*CONFIGURATION, "offset"), "invalid_type")),
    ],
)
def test_offset_and_scale_are_values_of_the_data_type_received(
    data_type: str, configuration: dict[str, Any], expected: Counter[Any]
) -> None:
    document = array_document(
        data_type=data_type, fill_value=0, codecs=[scale_offset(**configuration), LITTLE_BYTES]
    )
    assert found(document) == expected


def test_offset_and_scale_are_located_in_a_shard() -> None:
    shard = sharding_codec([5, 5], codecs=[scale_offset(offset="10.0"), LITTLE_BYTES])
    assert found(array_document(data_type="float32", codecs=[shard])) == one(
        (*CONFIGURATION, "codecs", 0, "configuration", "offset")
    )


def test_a_codec_accepted_alone_is_judged_once_it_receives_a_chunk() -> None:
    field, problems = resolve(
        scale_offset(offset="10.0"), type(SCALE_OFFSET_CODEC), CORE_AND_EXTENSIONS, CODEC
    )
    assert problems == ()
    assert isinstance(field, AcceptedField)
    assert tuple(field.definition.chunk_rules(field.configuration, field.nested, Chunk())) == ()
