"""Where values start in JSON text: lines and columns for the command-line tool's reports."""

from __future__ import annotations

import json
import math
import time
from collections.abc import Iterator
from typing import cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zarr_metadata.cli._locate import locate

Loc = tuple[str | int, ...]


def offset_of(text: str, position: tuple[int, int]) -> int:
    """The offset in `text` of a 1-based (line, column), lines ending at `\\n` only."""
    line, column = position
    offset = 0
    for _ in range(line - 1):
        offset = text.index("\n", offset) + 1
    return offset + column - 1


def value_at(value: object, loc: Loc) -> object:
    for step in loc:
        if isinstance(value, dict):
            value = cast(dict[str, object], value)[cast(str, step)]
        else:
            value = cast(list[object], value)[cast(int, step)]
    return value


def locs_of(value: object, loc: Loc = ()) -> Iterator[Loc]:
    """Every location in a JSON value, its own first; iterative, as the values may be deep."""
    pending: list[tuple[object, Loc]] = [(value, loc)]
    while pending:
        current, where = pending.pop()
        yield where
        if isinstance(current, dict):
            for key, item in cast(dict[str, object], current).items():
                pending.append((item, (*where, key)))
        elif isinstance(current, list):
            for index, item in enumerate(cast(list[object], current)):
                pending.append((item, (*where, index)))


def same_json(left: object, right: object) -> bool:
    """Equal as JSON text, so that NaN equals NaN and 0.0 differs from -0.0."""
    return json.dumps(left) == json.dumps(right)


DOCUMENT = """{
  "zarr_format": 3,
  "shape": [100, 200],
  "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [10, 20]}},
  "codecs": [
    {"name": "bytes", "configuration": {"endian": "little"}},
    {"name": "gzip", "configuration": {"level": 99}}
  ],
  "fill_value": NaN,
  "attributes": {"neg": -Infinity, "pos": Infinity, "t": true, "f": false, "n": null}
}"""


@pytest.mark.parametrize(
    ("loc", "position"),
    [
        ((), (1, 1)),
        (("zarr_format",), (2, 18)),
        (("shape",), (3, 12)),
        (("shape", 0), (3, 13)),
        (("shape", 1), (3, 18)),
        (("chunk_grid",), (4, 17)),
        (("chunk_grid", "name"), (4, 26)),
        (("chunk_grid", "configuration"), (4, 54)),
        (("chunk_grid", "configuration", "chunk_shape"), (4, 70)),
        (("chunk_grid", "configuration", "chunk_shape", 1), (4, 75)),
        (("codecs",), (5, 13)),
        (("codecs", 0), (6, 5)),
        (("codecs", 1), (7, 5)),
        (("codecs", 1, "configuration", "level"), (7, 49)),
        (("fill_value",), (9, 17)),
        (("attributes", "neg"), (10, 25)),
        (("attributes", "pos"), (10, 43)),
        (("attributes", "t"), (10, 58)),
        (("attributes", "f"), (10, 69)),
        (("attributes", "n"), (10, 81)),
    ],
)
def test_where_is_the_first_character_of_the_value(loc: Loc, position: tuple[int, int]) -> None:
    locations = locate(DOCUMENT)
    assert locations.where(loc) == position
    decoded, _ = json.JSONDecoder().raw_decode(DOCUMENT, offset_of(DOCUMENT, position))
    assert same_json(decoded, value_at(json.loads(DOCUMENT), loc))


@pytest.mark.parametrize(
    ("loc", "fallback"),
    [
        (("chunk_grid", "configuration", "chunk_sizes"), ("chunk_grid", "configuration")),
        (
            ("chunk_grid", "configuration", "chunk_shape", 2),
            ("chunk_grid", "configuration", "chunk_shape"),
        ),
        (("shape", -1), ("shape",)),
        (("shape", "0"), ("shape",)),
        (("shape", True), ("shape",)),
        (("chunk_grid", 0), ("chunk_grid",)),
        (("zarr_format", "deeper", 3), ("zarr_format",)),
        (("missing", "and", "deeper"), ()),
        (("codecs", 1, "configuration", "level", 0), ("codecs", 1, "configuration", "level")),
    ],
)
def test_a_location_the_text_lacks_falls_back_to_its_deepest_ancestor(
    loc: Loc, fallback: Loc
) -> None:
    locations = locate(DOCUMENT)
    assert locations.where(loc) == locations.where(fallback)
    assert locations.where_key(loc) == locations.where(fallback)


def test_where_key_is_the_opening_quote_of_the_key() -> None:
    locations = locate(DOCUMENT)
    assert locations.where_key(("zarr_format",)) == (2, 3)
    assert locations.where_key(("codecs", 1, "configuration", "level")) == (7, 40)
    assert locations.where_key(("attributes",)) == (10, 3)
    # Not a key: the value itself.
    assert locations.where_key(("codecs", 1)) == locations.where(("codecs", 1)) == (7, 5)
    assert locations.where_key(()) == (1, 1)


def test_escapes_and_non_ascii_text_are_read_as_json_loads_reads_them() -> None:
    text = '{"a\\"b": 1, "c\\\\": [2], "\\u00e9t\\u00e9": "\\"x\\\\", "é": "üü", "\\ud83d\\ude00": 3, "\\/\\n": 4, "z": 5}'
    parsed = json.loads(text)
    assert set(parsed) == {'a"b', "c\\", "été", "é", "\U0001f600", "/\n", "z"}
    locations = locate(text)
    for key in parsed:
        value_start = offset_of(text, locations.where((key,)))
        assert json.JSONDecoder().raw_decode(text, value_start)[0] == parsed[key]
        key_start = offset_of(text, locations.where_key((key,)))
        assert json.JSONDecoder().raw_decode(text, key_start)[0] == key
    assert locations.where(("z",)) == (1, text.index("5") + 1)


def test_columns_count_code_points_and_a_tab_is_one_column() -> None:
    text = '{"ü😀": "€",\t"x": 1}'
    assert locate(text).where(("x",)) == (1, 18)
    assert text[17] == "1"


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_lines_end_at_newlines_crlf_included(newline: str) -> None:
    text = newline.join(["{", '  "a": [', "    1,", '\t"b"', "  ]", "}"])
    locations = locate(text)
    assert locations.where(("a",)) == (2, 8)
    assert locations.where(("a", 0)) == (3, 5)
    assert locations.where(("a", 1)) == (4, 2)
    assert locations.where_key(("a",)) == (2, 3)


def test_a_lone_carriage_return_does_not_end_a_line_as_json_decode_error_counts() -> None:
    text = "[1,\r2, @]"
    with pytest.raises(json.JSONDecodeError) as raised:
        json.loads(text)
    assert (raised.value.lineno, raised.value.colno) == (1, 8)
    assert locate(text).where((1,)) == (1, 5)


def test_leading_whitespace_is_skipped_and_a_text_without_a_value_is_at_its_start() -> None:
    assert locate("\n\n   [1]").where(()) == (3, 4)
    assert locate("\n\n   [1]").where((0,)) == (3, 5)
    assert locate("").where(()) == (1, 1)
    assert locate(" \n\t ").where(("a", 0)) == (1, 1)
    assert locate("  7").where(()) == (1, 3)


def test_duplicate_keys_locate_the_last_member_as_json_loads_keeps_it() -> None:
    text = '{"a": {"x": 1}, "b": 2, "a": [5]}'
    assert json.loads(text) == {"a": [5], "b": 2}
    locations = locate(text)
    assert locations.where(("a",)) == (1, 30)
    assert locations.where_key(("a",)) == (1, 25)
    # The first "a" held an "x"; the value json.loads keeps does not.
    assert locations.where(("a", "x")) == (1, 30)
    assert locations.where(("a", 0)) == (1, 31)


def test_a_100000_deep_array_is_located_without_recursion() -> None:
    depth = 100_000
    text = "[" * depth + "]" * depth
    started = time.perf_counter()
    locations = locate(text)
    assert locations.where((0,) * (depth - 1)) == (1, depth)
    assert locations.where((0,) * depth) == (1, depth)
    assert locations.where((0,) * (depth // 2) + (1,)) == (1, depth // 2 + 1)
    # A scan that went back over the text at each level would take hours here.
    assert time.perf_counter() - started < 10


def test_a_truncated_100000_deep_text_is_located_without_recursion() -> None:
    depth = 100_000
    text = '{"a": [' * depth
    started = time.perf_counter()
    locations = locate(text)
    loc: Loc = ("a", 0) * (depth - 1) + ("a",)
    assert locations.where(loc) == (1, 7 * depth)
    assert locations.where_key(loc) == (1, 7 * depth - 5)
    assert time.perf_counter() - started < 10


def test_containers_deeper_than_the_skipping_pattern_are_located() -> None:
    value: object = "leaf"
    for level in range(40):
        value = {"k": [0, value], "after": level} if level % 2 else [value, {"n": level}]
    text = json.dumps(value, indent=1)
    parsed = json.loads(text)
    locations = locate(text)
    for loc in locs_of(parsed):
        start = offset_of(text, locations.where(loc))
        assert same_json(json.JSONDecoder().raw_decode(text, start)[0], value_at(parsed, loc))


MALFORMED = [
    "{",
    "[",
    '{"a"',
    '{"a":',
    '{"a": [1, 2',
    '{"a": "unterminated',
    '"unterminated',
    '"ends in a backslash\\',
    '{"a\\',
    "[1,]",
    "{,}",
    "]",
    "}",
    "@",
    "nul",
    "-",
    "1e",
    '{"a": 1 "b": 2}',
    '{"a": [1}, "b": 2}',
    "{1: 2}",
    '{"a": @}',
    "[" * 20 + "{" * 20,
    '["\\u12"]',
    '{"\\ud800": 1, "\\u": 2}',
    "[1] [2]",
]


@pytest.mark.parametrize("text", MALFORMED)
def test_malformed_text_never_raises_and_positions_stay_in_the_text(text: str) -> None:
    locations = locate(text)
    for loc in [(), ("a",), ("a", 0), (0,), (0, 0), (1,), ("b",), (0, "a", 1)]:
        for position in (locations.where(loc), locations.where_key(loc)):
            assert 0 <= offset_of(text, position) <= max(len(text) - 1, 0)


def test_malformed_text_keeps_what_it_read_before_the_fault() -> None:
    text = '{"a": [1, 2, {"b": 3}, 4, @, 5], "c": 6}'
    locations = locate(text)
    assert locations.where(("a", 2, "b")) == (1, 20)
    assert locations.where(("a", 3)) == (1, 24)
    assert locations.where(("a", 5)) == (1, 7)  # past the fault: the array
    assert locate('{"a": [1, 2').where(("a", 1)) == (1, 11)


JSON_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(),  # NaN and the infinities too: json.dumps writes them as bare tokens
    st.text(),
)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda children: st.one_of(
        st.lists(children, max_size=5),
        st.dictionaries(st.text(max_size=6), children, max_size=5),
    ),
    max_leaves=30,
)
INDENTS = st.sampled_from([None, 0, 1, 2, 4, "\t", " \r\n "])
SEPARATORS = st.sampled_from([None, (",", ":"), (" , ", " : "), (",\t", ":\n")])
PADDING = st.text(alphabet=" \t\r\n", max_size=4)


@settings(max_examples=300)
@given(JSON_VALUES, INDENTS, SEPARATORS, st.booleans(), PADDING, PADDING)
def test_every_location_points_at_text_that_decodes_to_its_value(
    value: object,
    indent: int | str | None,
    separators: tuple[str, str] | None,
    ensure_ascii: bool,
    before: str,
    after: str,
) -> None:
    text = (
        before
        + json.dumps(value, indent=indent, separators=separators, ensure_ascii=ensure_ascii)
        + after
    )
    # The value as parsed, not as generated: escaped surrogates may pair up into one key.
    parsed = json.loads(text)
    locations = locate(text)
    decoder = json.JSONDecoder()
    for loc in locs_of(parsed):
        start = offset_of(text, locations.where(loc))
        assert same_json(decoder.raw_decode(text, start)[0], value_at(parsed, loc))
        if loc and isinstance(loc[-1], str):
            key_start = offset_of(text, locations.where_key(loc))
            assert decoder.raw_decode(text, key_start)[0] == loc[-1]


@given(JSON_VALUES, INDENTS, st.data())
def test_a_truncated_text_locates_each_value_where_the_whole_text_does_or_at_an_ancestor(
    value: object, indent: int | str | None, data: st.DataObject
) -> None:
    text = json.dumps(value, indent=indent)
    cut = data.draw(st.integers(0, len(text)))
    whole = locate(text)
    part = locate(text[:cut])
    for loc in locs_of(json.loads(text)):
        found = part.where(loc)
        ancestors = [whole.where(loc[:length]) for length in range(len(loc) + 1)]
        assert found in ancestors or found == (1, 1)


@given(st.text(), st.lists(st.one_of(st.text(max_size=3), st.integers(-2, 5)), max_size=4))
def test_any_text_and_any_location_never_raise(text: str, loc: list[str | int]) -> None:
    locations = locate(text)
    line, column = locations.where(tuple(loc))
    assert line >= 1 and column >= 1
    line, column = locations.where_key(tuple(loc))
    assert line >= 1 and column >= 1


@given(st.text(alphabet='{}[],:"\\ 01aNInfity-e.', max_size=40))
def test_json_like_noise_never_raises(text: str) -> None:
    locations = locate(text)
    for loc in [(), (0,), ("a",), (0, 0), ("a", "a"), (1, "a", 0)]:
        assert 0 <= offset_of(text, locations.where(loc)) <= len(text)
        assert 0 <= offset_of(text, locations.where_key(loc)) <= len(text)


def test_nan_tokens_are_values() -> None:
    text = "[NaN, -Infinity, Infinity, -0.0, 1e-5, -12]"
    locations = locate(text)
    parsed = json.loads(text)
    assert math.isnan(parsed[0])
    for index in range(len(parsed)):
        start = offset_of(text, locations.where((index,)))
        assert same_json(json.JSONDecoder().raw_decode(text, start)[0], parsed[index])
    assert locations.where((1,)) == (1, 7)
