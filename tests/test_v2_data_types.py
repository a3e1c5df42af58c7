"""The v2 data type families: type strings and lists of fields read in a v2 scope, their fill values, and canonical spellings."""

from __future__ import annotations

import base64
import functools
import json
import math
import pickle
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from _v3_documents import anything
from zarr_metadata._json import UNSET, JSONValue, Problems
from zarr_metadata.definition import (
    AcceptedField,
    ResolvedField,
    canonical_fill_value,
    canonical_of,
    fill_value_problems,
    resolve,
)
from zarr_metadata.v2._context import ZarrV2Context
from zarr_metadata.v2._field_json import ZarrV2DataTypeMetadata as FIELD_JSON
from zarr_metadata.v2._field_kinds import TYPE_STRING, ZarrV2DataTypeDefinition
from zarr_metadata.v2.data_type import DATA_TYPES_V2, ZarrV2DataTypeMetadata

SCOPE = ZarrV2Context(data_types=DATA_TYPES_V2)
AT = ("dtype",)
FILL = ("fill_value",)

Found = list[tuple[tuple[str | int, ...], str]]


def kinds(problems: Problems) -> Found:
    return [(problem.loc, problem.kind) for problem in problems]


def distinct(problems: Problems) -> Found:
    """The (loc, kind) of each problem, each once, in the order first found."""
    return list(dict.fromkeys(kinds(problems)))


def read(data: object) -> tuple[ResolvedField[ZarrV2DataTypeDefinition[Any]], Problems]:
    return resolve(data, ZarrV2DataTypeDefinition, SCOPE, AT)


def accepted(data: object) -> AcceptedField[ZarrV2DataTypeDefinition[Any]]:
    field, problems = read(data)
    assert problems == ()
    assert isinstance(field, AcceptedField)
    return field


def fill_kinds(data_type: object, value: object) -> Found:
    return kinds(fill_value_problems(accepted(data_type), value, FILL))


def canonical_text(data_type: object, value: object) -> str:
    """The canonical spelling of a fill value as JSON text, which tells -0.0 from 0.0."""
    spelled = canonical_fill_value(accepted(data_type), value)
    assert spelled is not UNSET
    return json.dumps(spelled)


def b64(size: int, byte: int = 0) -> str:
    return base64.b64encode(bytes([byte]) * size).decode("ascii")


# The scope.


def test_the_families_in_their_order() -> None:
    names = [definition.name for definition in DATA_TYPES_V2]
    assert names == [
        "bool", "int", "uint", "float", "complex", "bytes", "str", "void",
        "object", "datetime64", "timedelta64", "struct",
    ]  # fmt: skip
    assert set(SCOPE.data_types) == set(names)


def test_the_field_json_is_re_exported() -> None:
    assert ZarrV2DataTypeMetadata is FIELD_JSON


@pytest.mark.parametrize("definition", DATA_TYPES_V2, ids=lambda definition: definition.name)
def test_each_definition_pickles(definition: ZarrV2DataTypeDefinition[Any]) -> None:
    assert pickle.loads(pickle.dumps(definition)) == definition


@pytest.mark.parametrize("definition", DATA_TYPES_V2, ids=lambda definition: definition.name)
def test_each_hook_is_a_module_level_function(definition: ZarrV2DataTypeDefinition[Any]) -> None:
    for hook in ("rules", "canonical", "fill_value_rules", "fill_value_canonical"):
        function = getattr(definition, hook)
        assert not isinstance(function, functools.partial), hook
        assert function.__name__ != "<lambda>", hook
        assert function.__qualname__ == function.__name__, hook


# Hooks the readers call on every document return a tuple or a list.
SAMPLES: list[tuple[JSONValue, JSONValue]] = [
    ("|b1", True),
    ("<i4", 5),
    ("<u2", 7),
    ("<f4", 1.5),
    ("<c8", [1, 2]),
    ("|S3", "YWI="),
    ("<U3", "ab"),
    ("|V2", "AAA="),
    ("|O", 0),
    ("<M8[ns]", 0),
    ("<m8[s]", "NaT"),
    ([["a", "<i4"]], "AAAAAA=="),
]


@pytest.mark.parametrize(("data_type", "value"), SAMPLES, ids=lambda item: json.dumps(item))
def test_hooks_return_a_tuple_or_a_list(data_type: JSONValue, value: JSONValue) -> None:
    field = accepted(data_type)
    definition = field.definition
    assert isinstance(definition.rules(field.configuration, field.nested), tuple | list)
    assert isinstance(
        definition.fill_value_rules(field.configuration, field.nested, value), tuple | list
    )
    assert fill_value_problems(field, value) == ()


# Type strings that read, and the configuration each carries.

VALID: list[tuple[str, str, dict[str, JSONValue]]] = [
    ("|b1", "bool", {"byteorder": "|", "itemsize": 1}),
    ("<b1", "bool", {"byteorder": "<", "itemsize": 1}),
    ("|i1", "int", {"byteorder": "|", "itemsize": 1}),
    (">i1", "int", {"byteorder": ">", "itemsize": 1}),
    ("<i2", "int", {"byteorder": "<", "itemsize": 2}),
    ("<i4", "int", {"byteorder": "<", "itemsize": 4}),
    (">i8", "int", {"byteorder": ">", "itemsize": 8}),
    ("|u1", "uint", {"byteorder": "|", "itemsize": 1}),
    ("<u1", "uint", {"byteorder": "<", "itemsize": 1}),
    ("<u2", "uint", {"byteorder": "<", "itemsize": 2}),
    (">u4", "uint", {"byteorder": ">", "itemsize": 4}),
    ("<u8", "uint", {"byteorder": "<", "itemsize": 8}),
    ("<f2", "float", {"byteorder": "<", "itemsize": 2}),
    (">f4", "float", {"byteorder": ">", "itemsize": 4}),
    ("<f8", "float", {"byteorder": "<", "itemsize": 8}),
    ("<c8", "complex", {"byteorder": "<", "itemsize": 8}),
    (">c16", "complex", {"byteorder": ">", "itemsize": 16}),
    ("|S1", "bytes", {"byteorder": "|", "itemsize": 1}),
    ("<S10", "bytes", {"byteorder": "<", "itemsize": 10}),
    ("<U1", "str", {"byteorder": "<", "itemsize": 1}),
    (">U5", "str", {"byteorder": ">", "itemsize": 5}),
    ("|V16", "void", {"byteorder": "|", "itemsize": 16}),
    (">V2", "void", {"byteorder": ">", "itemsize": 2}),
    ("|O", "object", {"byteorder": "|"}),
    ("<O", "object", {"byteorder": "<"}),
    ("|O8", "object", {"byteorder": "|"}),
    ("<M8[ns]", "datetime64", {"byteorder": "<", "itemsize": 8, "unit": "ns"}),
    (">M8[10s]", "datetime64", {"byteorder": ">", "itemsize": 8, "unit": "s", "scale_factor": 10}),
    (
        "<M8[2147483647as]",
        "datetime64",
        {"byteorder": "<", "itemsize": 8, "unit": "as", "scale_factor": 2147483647},
    ),
    ("<m8[D]", "timedelta64", {"byteorder": "<", "itemsize": 8, "unit": "D"}),
    (">m8[1us]", "timedelta64", {"byteorder": ">", "itemsize": 8, "unit": "us", "scale_factor": 1}),
]


@pytest.mark.parametrize(("text", "family", "configuration"), VALID, ids=[row[0] for row in VALID])
def test_a_type_string_is_read_by_its_family(
    text: str, family: str, configuration: dict[str, JSONValue]
) -> None:
    field = accepted(text)
    assert field.definition.name == family
    assert dict(field.configuration) == configuration
    assert field.json == text


# NumPy's units; it also reads "μs", another spelling of "us".
UNITS = ["Y", "M", "W", "D", "h", "m", "s", "ms", "us", "ns", "ps", "fs", "as"]


@pytest.mark.parametrize("unit", UNITS)
@pytest.mark.parametrize("kind", ["M", "m"])
def test_every_numpy_unit_reads(kind: str, unit: str) -> None:
    assert accepted(f"<{kind}8[{unit}]").configuration["unit"] == unit
    assert accepted(f">{kind}8[25{unit}]").configuration["scale_factor"] == 25


def test_micro_sign_microseconds_mean_us() -> None:
    field = accepted("<M8[μs]")
    assert field.configuration["unit"] == "μs"
    assert canonical_of(field, ()) == "<M8[us]"


INVALID: list[tuple[str, str]] = [
    # Sizes NumPy does not give the family.
    ("|b2", 'expected a bool of 1 byte, such as "|b1", got "|b2"'),
    ("<b0", "bool of 1 byte"),
    ("<i3", 'expected an int of 1, 2, 4 or 8 bytes, such as "<i4", got "<i3"'),
    ("<i16", "int of 1, 2, 4 or 8 bytes"),
    ("<u0", "uint of 1, 2, 4 or 8 bytes"),
    ("<f1", "float of 2, 4 or 8 bytes"),
    ("<f16", "float of 2, 4 or 8 bytes"),
    ("<c4", "complex of 8 or 16 bytes"),
    ("<c32", "complex of 8 or 16 bytes"),
    ("<M4[ns]", 'expected a datetime64 of 8 bytes, such as "<M8[ns]", got "<M4[ns]"'),
    ("<m16[s]", "timedelta64 of 8 bytes"),
    # A size still to be found; zarr-python 3.4.2 fails on "|S0" and "|V0": "length must be >= 1, got 0".
    ("|S0", 'got "|S0", which NumPy reads as a size still to be found'),
    ("<U0", 'got "<U0"'),
    ("|V0", 'got "|V0", a void of no bytes'),
    # A multi-byte number that says no byte order.
    ("|i4", 'expected "<i4" or ">i4": an int of 4 bytes is stored in a byte order'),
    ("|i2", '"<i2" or ">i2"'),
    ("|u8", '"<u8" or ">u8"'),
    ("|f2", '"<f2" or ">f2"'),
    ("|c16", '"<c16" or ">c16"'),
    ("|U5", '"<U5" or ">U5"'),
    ("|M8[ns]", 'expected "<M8[ns]" or ">M8[ns]"'),
    ("|m8[10s]", '"<m8[10s]" or ">m8[10s]"'),
    # Times without a unit, or with one NumPy does not know.
    ("<M8", 'expected a unit in brackets, such as "<M8[ns]", got "<M8"'),
    (">m8", '">m8[ns]"'),
    ("<M8[generic]", 'got "generic" in "<M8[generic]"'),
    ("<M8[B]", 'got "B"'),
    ("<m8[NS]", 'got "NS"'),
    ("<M8[2147483648s]", "2147483647"),
]


@pytest.mark.parametrize(("text", "said"), INVALID, ids=[row[0] for row in INVALID])
def test_a_type_string_a_family_refuses_is_a_problem_at_the_dtype(text: str, said: str) -> None:
    field, problems = read(text)
    assert kinds(problems) == [(AT, "invalid_value")]
    assert said in problems[0].message
    assert canonical_of(field, problems) is None


@pytest.mark.parametrize(
    "text", ["i4", "<x4", "<i", "<i04", "<M8[ns", "<O4", "<i4[ns]", "int32", "struct", ""]
)
def test_what_is_no_type_string_is_a_problem_at_the_dtype(text: str) -> None:
    _, problems = read(text)
    assert kinds(problems) == [(AT, "invalid_value")]


# Canonical spellings of type strings.

CANONICAL: list[tuple[JSONValue, JSONValue]] = [
    ("<i1", "|i1"),
    (">i1", "|i1"),
    ("|i1", "|i1"),
    ("<u1", "|u1"),
    ("<b1", "|b1"),
    (">S5", "|S5"),
    ("<V3", "|V3"),
    (">O", "|O"),
    ("|O8", "|O"),
    ("<i4", "<i4"),
    (">f8", ">f8"),
    ("<U5", "<U5"),
    (">c16", ">c16"),
    ("<M8[1s]", "<M8[s]"),
    ("<M8[10s]", "<M8[10s]"),
    (">m8[ns]", ">m8[ns]"),
    ([], []),
    (
        [["a", "<i1"], ["b", [["c", ">S2", [2]], ["d", [["e", "<u1", [1, 2]]]]]]],
        [["a", "|i1"], ["b", [["c", "|S2", [2]], ["d", [["e", "|u1", [1, 2]]]]]]],
    ),
]


@pytest.mark.parametrize(
    ("written", "spelled"), CANONICAL, ids=[json.dumps(row[0]) for row in CANONICAL]
)
def test_canonical_spelling(written: JSONValue, spelled: JSONValue) -> None:
    field, problems = read(written)
    assert problems == ()
    assert json.dumps(canonical_of(field, problems)) == json.dumps(spelled)


def test_single_byte_spellings_are_one_type() -> None:
    spellings = {json.dumps(canonical_of(*read(text))) for text in ("<i1", ">i1", "|i1")}
    assert spellings == {'"|i1"'}
    assert canonical_of(*read("<i2")) != canonical_of(*read(">i2"))


# Structured types.

DEEP: JSONValue = [
    ["a", "<i4"],
    ["b", "<f8", [2, 2]],
    ["c", [["d", "<i2"], ["e", [["f", "|b1", [3]], ["g", "<U2"]], [2]]]],
]
DEEP_SIZE = 4 + 8 * 4 + 2 + 2 * (3 + 8)


def test_a_structured_type_nested_three_deep_with_shapes_reads() -> None:
    field = accepted(DEEP)
    assert field.definition.name == "struct"
    assert field.nested[("fields", 1, 1)].name == "<f8"
    inner = field.nested[("fields", 2, 1)]
    assert isinstance(inner, AcceptedField)
    assert inner.definition.name == "struct"
    assert inner.nested[("fields", 1, 1)].definition is not None


def test_an_empty_list_of_fields_reads() -> None:
    assert accepted([]).configuration == {"fields": ()}


STRUCT_PROBLEMS: list[tuple[JSONValue, Found]] = [
    # The type of the second field, its shape, an item of its shape.
    ([["a", "<i4"], ["b", "|i4"]], [(("dtype", 1, 1), "invalid_value")]),
    ([["a", "<i4"], ["b", "<i4", "x"]], [(("dtype", 1, 2), "invalid_type")]),
    ([["a", "<i4"], ["b", "<i4", [2, -1]]], [(("dtype", 1, 2, 1), "invalid_value")]),
    ([["a", "<i4"], ["b", "<i4", [-1]]], [(("dtype", 1, 2, 0), "invalid_value")]),
    ([["a", "<i4"], ["b", "<i4", [True]]], [(("dtype", 1, 2, 0), "invalid_type")]),
    ([["a", "<i4"], ["b", 5]], [(("dtype", 1, 1), "invalid_type")]),
    ([["a", "<i4"], ["b", "int32"]], [(("dtype", 1, 1), "invalid_value")]),
    # Deep inside.
    ([["a", [["b", [["c", "|i4"]]]]]], [(("dtype", 0, 1, 0, 1, 0, 1), "invalid_value")]),
    ([["a", [["b", [["c", "<i4", [-2]]]]]]], [(("dtype", 0, 1, 0, 1, 0, 2, 0), "invalid_value")]),
    # Names.
    ([["a", "<i4"], ["a", "<f8"]], [(("dtype", 1, 0), "invalid_value")]),
    ([["a", "<i4"], ["b", "<i4"], ["a", "<i4"]], [(("dtype", 2, 0), "invalid_value")]),
    ([["x", [["a", "<i4"], ["a", "<i4"]]]], [(("dtype", 0, 1, 1, 0), "invalid_value")]),
    ([[1, "<i4"]], [(("dtype", 0, 0), "invalid_type")]),
    # Records of the wrong length, and what is no record.
    ([["a"]], [(("dtype", 0), "invalid_value")]),
    ([["a", "<i4", [2], "extra"]], [(("dtype", 0), "invalid_value")]),
    (["<i4"], [(("dtype", 0), "invalid_type")]),
    ({"a": "<i4"}, [(("dtype",), "invalid_type")]),
]


@pytest.mark.parametrize(
    ("data_type", "expected"), STRUCT_PROBLEMS, ids=[json.dumps(row[0]) for row in STRUCT_PROBLEMS]
)
def test_structured_type_problems_are_located_as_written(
    data_type: JSONValue, expected: Found
) -> None:
    _, problems = read(data_type)
    assert distinct(problems) == expected


def test_a_problem_in_a_field_type_is_reported_once() -> None:
    _, problems = read([["a", "<i4"], ["b", "|i4"]])
    assert kinds(problems) == [(("dtype", 1, 1), "invalid_value")]


def test_duplicate_name_message_names_the_first_field() -> None:
    _, problems = read([["a", "<i4"], ["b", "<i4"], ["a", "<f8"]])
    assert (
        problems[0].message
        == 'expected a name no other field has, got "a", the name of the field at index 0'
    )


def test_unnamed_padding_as_numpy_writes_it_reads() -> None:
    # The descr NumPy writes for an aligned record of a uint8 and an int32.
    accepted([["a", "|u1"], ["", "|V3"], ["b", "<i4"]])
    accepted([["", "|V3"], ["", "|V1"], ["f2", "<i4"]])


@pytest.mark.parametrize(
    "data_type",
    [
        [["", "<i4"]],
        [["", "<i4"], ["b", "<f4"]],
        [["", "<i4"], ["", "<f4"]],
        [["a", "<i4"], ["", [["b", "|V1"]]]],
        [["", "|S3"]],
    ],
)
def test_an_unnamed_field_of_any_type_reads(data_type: JSONValue) -> None:
    # NumPy names each unnamed field f and its index, and zarr-python 3.4.2
    # opens such an array and round-trips a chunk of it.
    accepted(data_type)


@pytest.mark.parametrize(
    ("data_type", "loc"),
    [
        ([["", "|V3"], ["f0", "<i4"]], ("dtype", 1, 0)),  # NumPy names the padding f0
        ([["f1", "<i4"], ["", "|V4"]], ("dtype", 1, 0)),  # and this padding f1
        ([["", "<i4"], ["f0", "<f4"]], ("dtype", 1, 0)),
    ],
)
def test_a_name_numpy_gives_an_unnamed_field_is_taken(
    data_type: JSONValue, loc: tuple[str | int, ...]
) -> None:
    # NumPy refuses the type: "field 'f0' occurs more than once".
    _, problems = read(data_type)
    assert kinds(problems) == [(loc, "invalid_value")]


def test_an_object_field_reads() -> None:
    accepted([["a", "|O"], ["b", "<i4"]])


# Fill values.

FILL_VALUES: list[tuple[JSONValue, JSONValue, Found]] = [
    # null is no fill value, for every family.
    *[(data_type, None, []) for data_type, _ in SAMPLES],
    ("|b1", True, []),
    ("|b1", False, []),
    ("|b1", 0, [(FILL, "invalid_type")]),
    ("|b1", "true", [(FILL, "invalid_type")]),
    ("|i1", -128, []),
    ("|i1", 127, []),
    ("|i1", 128, [(FILL, "invalid_value")]),
    ("|i1", -129, [(FILL, "invalid_value")]),
    ("<i2", 32767, []),
    ("<i2", 32768, [(FILL, "invalid_value")]),
    ("<i8", -(2**63), []),
    ("<i8", 2**63, [(FILL, "invalid_value")]),
    ("|u1", 255, []),
    ("|u1", 256, [(FILL, "invalid_value")]),
    ("<u4", -1, [(FILL, "invalid_value")]),
    ("<u8", 2**64 - 1, []),
    ("<u8", 2**64, [(FILL, "invalid_value")]),
    ("<i4", True, [(FILL, "invalid_type")]),
    ("<i4", 1.0, [(FILL, "invalid_type")]),
    ("<i4", "0", [(FILL, "invalid_type")]),
    ("<f2", 65504, []),
    # Rounded to nearest, past the largest finite value to an infinity, as
    # zarr-python 3.4.2 reads them (a "<f2" array with fill 1e10 opens, fill inf).
    ("<f2", 65520, []),
    ("<f2", 1e6, []),
    ("<f4", 1e38, []),
    ("<f4", 1e39, []),
    ("<f8", 1e308, []),
    ("<f8", -0.0, []),
    ("<f8", 0, []),
    ("<f8", "NaN", []),
    ("<f8", "Infinity", []),
    ("<f8", "-Infinity", []),
    ("<f8", "nan", [(FILL, "invalid_value")]),
    ("<f8", "0x7ff8000000000000", [(FILL, "invalid_value")]),  # v3 writes bits in hex; v2 does not
    ("<f8", [1.0], [(FILL, "invalid_type")]),
    ("<c8", [1, "NaN"], []),
    ("<c16", [-0.0, "-Infinity"], []),
    ("<c8", [1e39, 0], []),
    ("<c8", [0, 1e39], []),
    ("<c8", [math.nan, 0], [((*FILL, 0), "invalid_value")]),
    ("<c16", [1, 2, 3], [(FILL, "invalid_value")]),
    ("<c16", 1.0, [(FILL, "invalid_type")]),
    ("|S5", "", []),
    ("|S5", "YWJjZGU=", []),
    ("|S5", "YWI=", []),
    ("|S2", "YWJj", [(FILL, "invalid_value")]),
    ("|S5", "YQ", [(FILL, "invalid_value")]),
    ("|S5", "YW I=", [(FILL, "invalid_value")]),
    ("|S5", 0, [(FILL, "invalid_type")]),
    ("|V3", "AAAA", []),
    ("|V3", "AAA=", [(FILL, "invalid_value")]),
    ("|V3", "AAAAAA==", [(FILL, "invalid_value")]),
    ("|V3", "A!A=", [(FILL, "invalid_value")]),
    ("<U3", "", []),
    ("<U3", "abc", []),
    ("<U3", "été", []),
    # zarr-python 3.4.2 reads the fill "abcd" of a "<U3" array as "abc": a misreading.
    ("<U3", "abcd", [(FILL, "invalid_value")]),
    ("<U3", 0, [(FILL, "invalid_type")]),
    ("|O", 0, []),
    ("|O", "", []),
    ("|O", [1, {"a": None}], []),
    ("|O", float("nan"), [(FILL, "invalid_value")]),
    ("<M8[ns]", 0, []),
    ("<M8[ns]", -(2**63), []),
    ("<M8[ns]", 2**63 - 1, []),
    ("<M8[ns]", 2**63, [(FILL, "invalid_value")]),
    ("<m8[s]", "NaT", []),
    ("<m8[s]", "nat", [(FILL, "invalid_value")]),
    ("<M8[D]", "2020-01-01", [(FILL, "invalid_value")]),
    ("<M8[D]", 1.5, [(FILL, "invalid_type")]),
    ([], "", []),
    ([], "AA==", [(FILL, "invalid_value")]),
    ([], 0, [(FILL, "invalid_type")]),
    (DEEP, b64(DEEP_SIZE), []),
    (DEEP, b64(DEEP_SIZE - 1), [(FILL, "invalid_value")]),
    (DEEP, b64(DEEP_SIZE + 1), [(FILL, "invalid_value")]),
    (DEEP, "not base64", [(FILL, "invalid_value")]),
    ([["a", "|u1"], ["", "|V3"], ["b", "<i4"]], b64(8), []),
    ([["a", "<i4", [0]]], "", []),
    ([["a", "|O"], ["b", "<i4"]], "AAAA", []),  # written by the object codec: any length
    ([["a", "|O"]], "AAAAAA==", []),
    ([["a", "|O"]], "AA=A", [(FILL, "invalid_value")]),
]


@pytest.mark.parametrize(
    ("data_type", "value", "expected"),
    FILL_VALUES,
    ids=[f"{json.dumps(row[0])} {row[1]!r}" for row in FILL_VALUES],
)
def test_fill_value(data_type: JSONValue, value: JSONValue, expected: Found) -> None:
    assert fill_kinds(data_type, value) == expected


def test_fill_value_messages_show_what_was_expected_and_found() -> None:
    def message(data_type: JSONValue, value: JSONValue) -> str:
        (problem,) = fill_value_problems(accepted(data_type), value, FILL)
        return problem.message

    assert message("|i1", 128) == 'expected an integer in [-128, 127] for "|i1", got 128'
    assert message("|S2", "YWJj") == 'expected at most 2 bytes for "|S2", got 3: "YWJj"'
    assert message("|V3", "AAA=") == 'expected exactly 3 bytes for "|V3", got 2: "AAA="'
    assert message("<U3", "abcd") == 'expected at most 3 characters for "<U3", got 4: "abcd"'
    assert "20 bytes" in message([["a", "<i4"], ["b", "<f8", [2]]], "AAAA")


def test_a_structured_fill_value_is_judged_only_as_base64_when_a_field_type_is_refused() -> None:
    field, problems = read([["a", "|i4"]])
    assert problems != ()
    assert fill_value_problems(field, "AAAA") == ()
    assert kinds(fill_value_problems(field, "AA=A", FILL)) == [(FILL, "invalid_value")]


CANONICAL_FILL: list[tuple[JSONValue, JSONValue, str]] = [
    ("|b1", True, "true"),
    ("|b1", None, "null"),
    ("<i4", 5, "5"),
    ("<f8", -0.0, "-0.0"),
    ("<f8", 0.0, "0.0"),
    ("<f8", 0, "0.0"),
    ("<f4", 0.1, "0.1"),
    ("<f2", 1, "1.0"),
    ("<f8", "NaN", '"NaN"'),
    ("<f8", None, "null"),
    ("<c8", [1, "NaN"], '[1.0, "NaN"]'),
    ("<c16", None, "null"),
    ("|S5", "AAA=", '""'),
    ("|S5", "YQAA", '"YQ=="'),
    ("|S5", "YR==", '"YQ=="'),
    ("|V1", "YR==", '"YQ=="'),
    ("<U3", "a\u0000", '"a"'),
    ("<U3", "ab", '"ab"'),
    ("|O", [1, "a"], '[1, "a"]'),
    ("<M8[ns]", -(2**63), '"NaT"'),
    ("<M8[ns]", "NaT", '"NaT"'),
    ("<m8[s]", 5, "5"),
    ([["a", "|u1"]], "YR==", '"YQ=="'),
]


@pytest.mark.parametrize(
    ("data_type", "value", "spelled"),
    CANONICAL_FILL,
    ids=[f"{json.dumps(row[0])} {row[1]!r}" for row in CANONICAL_FILL],
)
def test_canonical_fill_value(data_type: JSONValue, value: JSONValue, spelled: str) -> None:
    assert canonical_text(data_type, value) == spelled


def test_a_fill_value_with_problems_has_no_canonical_spelling() -> None:
    assert canonical_fill_value(accepted("|i1"), 300) is UNSET
    assert canonical_fill_value(accepted("|V2"), "AA==") is UNSET


# Properties.


@settings(max_examples=300, deadline=None)
@given(anything)
def test_resolve_never_raises(value: object) -> None:
    field, problems = read(value)
    canonical_of(field, problems)
    fill_value_problems(field, value)
    canonical_fill_value(field, value)


type_strings = st.from_regex(TYPE_STRING, fullmatch=True)
data_types = st.recursive(
    type_strings,
    lambda inner: st.lists(
        st.tuples(st.text(max_size=2), inner).map(list)
        | st.tuples(st.text(max_size=2), inner, st.lists(st.integers(0, 3), max_size=2)).map(list),
        max_size=3,
    ),
    max_leaves=6,
)


@settings(max_examples=300, deadline=None)
@given(data_types, anything)
def test_reading_a_data_type_and_a_fill_value_never_raises(
    data_type: JSONValue, value: object
) -> None:
    field, problems = read(data_type)
    canonical_of(field, problems)
    fill_value_problems(field, value)
    canonical_fill_value(field, value)


@settings(max_examples=300, deadline=None)
@given(data_types)
def test_a_canonical_spelling_reads_to_itself(data_type: JSONValue) -> None:
    field, problems = read(data_type)
    spelled = canonical_of(field, problems)
    if spelled is None:
        return
    again, more = read(spelled)
    assert more == ()
    assert json.dumps(canonical_of(again, more)) == json.dumps(spelled)


INTEGER_TYPES = {
    "|i1": (-(2**7), 2**7 - 1),
    "<i8": (-(2**63), 2**63 - 1),
    "|u1": (0, 2**8 - 1),
    ">u2": (0, 2**16 - 1),
}


@given(st.sampled_from(sorted(INTEGER_TYPES)), st.integers(-(2**65), 2**65))
def test_an_integer_fill_value_is_valid_exactly_within_its_range(
    data_type: str, value: int
) -> None:
    low, high = INTEGER_TYPES[data_type]
    assert (fill_kinds(data_type, value) == []) == (low <= value <= high)


@given(st.sampled_from(["<f2", "<f4", "<f8"]), st.floats(allow_nan=False, allow_infinity=False))
def test_a_canonical_float_fill_value_is_its_own_canonical_spelling(
    data_type: str, value: float
) -> None:
    spelled = canonical_fill_value(accepted(data_type), value)
    if spelled is UNSET:
        return  # too large for the width
    assert canonical_fill_value(accepted(data_type), spelled) == spelled


@given(st.binary(max_size=8), st.integers(1, 8))
def test_a_bytes_fill_value_is_valid_exactly_when_it_fits(data: bytes, size: int) -> None:
    value = base64.b64encode(data).decode("ascii")
    assert (fill_kinds(f"|S{size}", value) == []) == (len(data) <= size)
    assert (fill_kinds(f"|V{size}", value) == []) == (len(data) == size)
