"""The JSON text of a metadata file: its value and the keys written twice, or where and why it is not JSON, in the tool's own words."""

from __future__ import annotations

import codecs
import json
import math
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zarr_metadata._json_text import (
    BrokenJSON,
    DuplicateKey,
    JSONText,
    parse_json_text,
    read_json_text,
)

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((REPO / "examples" / "valid").glob("*/zarr.json"))

PARSER_WORDS = ("Expecting", "delimiter", "char ", "Unterminated", "Invalid", "Extra data")
"""Phrases of `json.JSONDecodeError`; a message in the tool's own words has none of them."""


def broken(data: bytes | str) -> BrokenJSON:
    read = read_json_text(data.encode() if isinstance(data, str) else data)
    assert isinstance(read, BrokenJSON), read
    assert not any(word in read.message for word in PARSER_WORDS), read.message
    return read


def read(text: str) -> JSONText:
    result = read_json_text(text.encode())
    assert isinstance(result, JSONText), result
    return result


def same_json(left: object, right: object) -> bool:
    """Equal as JSON text, so that NaN equals NaN and 0.0 differs from -0.0."""
    return json.dumps(left, sort_keys=True) == json.dumps(right, sort_keys=True)


def offset_of(text: str, line: int, column: int) -> int:
    """The offset in `text` of a 1-based line and column, lines ending at `\\n` only."""
    offset = 0
    for _ in range(line - 1):
        offset = text.index("\n", offset) + 1
    return offset + column - 1


# Valid documents.


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.parent.name)
def test_a_valid_document_reads_as_json_loads_reads_it(path: Path) -> None:
    data = path.read_bytes()
    result = read_json_text(data)
    assert result == JSONText(data.decode(), json.loads(data), ())


def test_bare_nan_and_infinities_are_read_as_json_loads_reads_them() -> None:
    result = read('{"fill_value": NaN, "bounds": [Infinity, -Infinity]}')
    value = cast(dict[str, object], result.value)
    assert math.isnan(cast(float, value["fill_value"]))
    assert value["bounds"] == [math.inf, -math.inf]
    assert result.duplicates == ()


@pytest.mark.parametrize(
    "text",
    [
        '{"units": "days since 2000-01-01 00:00:00", "source": "https://example.org"}',
        '{"id": "json2", "separators": [",", ":"], "sort_keys": true}',
        '{"quote": "she said \\"no\\": twice", "b": {"c": ":"}}',
        '{"a" : 1, "b"\n:\n{"c": "x:y"}}',
    ],
    ids=["colons-in-strings", "a-string-that-is-a-colon", "escaped-quotes", "spaced-colons"],
)
def test_colons_inside_strings_are_not_taken_for_lost_members(text: str) -> None:
    assert read(text) == JSONText(text, json.loads(text), ())


# Not JSON: each case at its place, in plain words.


def test_a_utf8_byte_order_mark_is_refused_at_the_start() -> None:
    result = broken(codecs.BOM_UTF8 + b'{"zarr_format": 3}')
    assert result == BrokenJSON(
        1,
        1,
        "the file starts with a byte-order mark (U+FEFF), which JSON does not allow; "
        "save it as UTF-8 without a BOM",
    )


@pytest.mark.parametrize(
    ("encoding", "name", "how"),
    [
        ("utf-16", "UTF-16", "byte-order mark"),
        ("utf-16-le", "UTF-16", "NUL bytes"),
        ("utf-16-be", "UTF-16", "NUL bytes"),
        ("utf-32", "UTF-32", "byte-order mark"),
        ("utf-32-le", "UTF-32", "NUL bytes"),
        ("utf-32-be", "UTF-32", "NUL bytes"),
    ],
)
def test_utf16_and_utf32_files_are_named_and_refused(encoding: str, name: str, how: str) -> None:
    result = broken('{"zarr_format": 3}'.encode(encoding))
    assert (result.line, result.column) == (1, 1)
    assert f"the file is {name} text" in result.message
    assert how in result.message
    assert "save it as UTF-8" in result.message


def test_a_byte_that_is_not_utf8_is_refused_where_it_is() -> None:
    # Columns count code points: the two-byte é counts once.
    result = broken(b'{\n  "name": "\xc3\xa9t\xe9"\n}')
    assert result == BrokenJSON(2, 14, "expected UTF-8 text, found the byte 0xe9")


def test_a_file_cut_inside_a_utf8_character_says_so() -> None:
    result = broken(b'["\xe2\x82')
    assert (result.line, result.column) == (1, 3)
    assert "ends inside a UTF-8 character" in result.message


def test_a_nul_that_is_not_wide_text_is_a_character_found_where_a_value_should_be() -> None:
    assert broken(b"\x00") == BrokenJSON(1, 1, "expected a JSON value, found U+0000")


@pytest.mark.parametrize(
    ("text", "message"),
    [("", "the file is empty"), ("  \n\t\n", "the file holds only whitespace, no JSON value")],
)
def test_an_empty_file_is_refused_at_its_start(text: str, message: str) -> None:
    assert broken(text) == BrokenJSON(1, 1, message)


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ('{\n  "a": 1,\n  "b": 2,\n}', 3, 9, "the last member of an object"),
        ('{"shape": [1, 2, ], "b": 1}', 1, 16, "the last item of an array"),
        ("[\n  [1],\n]", 2, 6, "the last item of an array"),
    ],
)
def test_a_trailing_comma_is_refused_at_the_comma(
    text: str, line: int, column: int, words: str
) -> None:
    result = broken(text)
    assert (result.line, result.column) == (line, column)
    assert text[offset_of(text, line, column)] == ","
    assert result.message == f"a comma after {words} is not allowed in JSON; remove it"


def test_a_missing_comma_between_members_is_refused_where_the_comma_belongs() -> None:
    text = '{\n  "zarr_format": 3\n  "node_type": "group"\n}'
    assert broken(text) == BrokenJSON(
        2,
        19,
        "expected a comma after this value: the next member starts at line 3, column 3 without one",
    )


def test_a_missing_comma_between_items_is_refused_where_the_comma_belongs() -> None:
    assert broken('{"shape": [10 20]}') == BrokenJSON(
        1,
        14,
        "expected a comma after this value: the next item starts at line 1, column 15 without one",
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            '{\n  "a": {"b": 1',
            "the file ends before the object opened at line 2, column 8 is closed",
        ),
        ('{"shape": [1, 2', "the file ends before the array opened at line 1, column 11 is closed"),
        (
            '{"shape": [1, 2,',
            "the file ends before the array opened at line 1, column 11 is closed",
        ),
        ('{"a": 1, "b"', "the file ends before the object opened at line 1, column 1 is closed"),
        ('{"a": 1, "b":', "the file ends before the object opened at line 1, column 1 is closed"),
        ('{"a": "unit', "the file ends inside the string opened at line 1, column 7"),
        ('{"a": "\\', "the file ends inside the string opened at line 1, column 7"),
    ],
)
def test_a_truncated_file_says_what_was_left_open_and_where(text: str, message: str) -> None:
    end_line = text.count("\n") + 1
    end_column = len(text) - (text.rfind("\n") + 1) + 1
    assert broken(text) == BrokenJSON(end_line, end_column, message)


@pytest.mark.parametrize(
    ("text", "column", "message"),
    [
        (
            "{'units': 'm'}",
            2,
            "a key is written in double quotes in JSON, not single quotes",
        ),
        (
            "{\"units\": 'm'}",
            11,
            "a string is written in double quotes in JSON, not single quotes",
        ),
        (
            '{units: "m"}',
            2,
            "the key units is not in double quotes; JSON keys are strings in double quotes",
        ),
        ('{"a": 1 // the answer\n}', 9, "JSON does not allow comments"),
        ('{"a": /* one */ 1}', 7, "JSON does not allow comments"),
        ('{"a": 1}\n// done', 1, "JSON does not allow comments"),
        (
            '{"a": 1} {"b": 2}',
            10,
            "extra text after the JSON value, which ends at line 1, column 8",
        ),
        ('{"a": 1}}', 9, "extra text after the JSON value, which ends at line 1, column 8"),
    ],
)
def test_not_json_spellings_are_named(text: str, column: int, message: str) -> None:
    result = broken(text)
    assert (result.column, result.message) == (column, message)


def test_a_control_character_in_a_string_is_refused_where_it_is() -> None:
    assert broken('{"a": "x\ty"}') == BrokenJSON(
        1, 9, "the control character U+0009 inside a string must be escaped: write \\t"
    )
    assert broken('{"a": "x\x01"}') == BrokenJSON(
        1, 9, "the control character U+0001 inside a string must be escaped: write \\u0001"
    )


def test_a_line_break_in_a_string_names_the_string_left_open() -> None:
    assert broken('{\n  "a": "first\nsecond"\n}') == BrokenJSON(
        2,
        14,
        "the string opened at line 2, column 8 is not closed before the line ends; "
        "a line break inside a string is written \\n",
    )


@pytest.mark.parametrize(
    ("text", "column", "words"),
    [
        ('{"a": "C:\\data"}', 10, "\\d is not an escape JSON knows"),
        ('{"a": "\\u12"}', 8, "\\u must be followed by four hexadecimal digits"),
    ],
)
def test_an_invalid_escape_is_refused_at_its_backslash(text: str, column: int, words: str) -> None:
    result = broken(text)
    assert (result.line, result.column) == (1, column)
    assert text[column - 1] == "\\"
    assert result.message.startswith(words)


@pytest.mark.parametrize(
    ("number", "reason"),
    [
        ("012", "JSON allows no leading zeros"),
        ("-012", "JSON allows no leading zeros"),
        ("+1", "a number cannot start with '+'"),
        (".5", "a decimal point must follow a digit (0.5, not .5)"),
        ("1.", "a decimal point must be followed by a digit (1.0, not 1.)"),
        ("0x1F", "JSON numbers are written in decimal, not hexadecimal"),
        ("1e", "an exponent must have digits (1e5, not 1e)"),
        ("1.5.2", "it is not a number JSON allows"),
    ],
)
def test_a_number_json_does_not_allow_is_refused_at_its_start(number: str, reason: str) -> None:
    assert broken(f'{{"fill_value": {number}}}') == BrokenJSON(
        1, 16, f"{number} is not a JSON number: {reason}"
    )


@pytest.mark.parametrize(
    ("word", "message"),
    [
        ("True", "True is Python's spelling, not JSON's; JSON writes true"),
        ("None", "None is Python's spelling, not JSON's; JSON writes null"),
        ("undefined", "undefined is not a JSON value; write null, or leave the member out"),
        (
            "nan",
            "nan is not a JSON value; the non-finite numbers read here are spelled "
            "NaN, Infinity and -Infinity",
        ),
        (
            "-inf",
            "-inf is not a JSON value; the non-finite numbers read here are spelled "
            "NaN, Infinity and -Infinity",
        ),
        ("metres", "metres is not a JSON value; a string is written in double quotes"),
    ],
)
def test_words_json_does_not_know_are_refused_at_their_start(word: str, message: str) -> None:
    assert broken(f"[1, {word}]") == BrokenJSON(1, 5, message)


def test_a_missing_colon_is_refused_after_the_key() -> None:
    assert broken('{"a" 1}') == BrokenJSON(1, 5, "expected ':' after the key \"a\", found '1'")
    assert broken('{"a" = 1}') == BrokenJSON(1, 6, "expected ':' after the key \"a\", found '='")


def test_a_missing_value_names_the_member_it_belongs_to() -> None:
    assert broken('{"a": }') == BrokenJSON(1, 7, "expected the value of the key \"a\", found '}'")
    assert broken("[1, ,2]") == BrokenJSON(1, 5, "expected an array item, found ','")


def test_a_container_closed_by_the_other_bracket_names_where_it_opened() -> None:
    assert broken('{\n  "a": [1, 2}\n}') == BrokenJSON(
        2, 13, "the array opened at line 2, column 8 is closed with '}'"
    )


def test_nesting_deeper_than_the_parser_reads_is_refused_not_raised() -> None:
    depth = 100_000
    text = "[" * depth + "]" * depth
    with pytest.raises(RecursionError):
        json.loads(text)
    assert broken(text) == BrokenJSON(
        1,
        depth,
        f"arrays and objects are nested {depth} levels deep here, "
        "more than the JSON parser can read",
    )


@pytest.mark.skipif(
    sys.get_int_max_str_digits() == 0, reason="this Python reads integers of any length"
)
def test_an_integer_with_more_digits_than_python_reads_is_refused_at_its_start() -> None:
    limit = sys.get_int_max_str_digits()
    text = '{"fill_value": -' + "7" * (limit + 1) + "}"
    with pytest.raises(ValueError, match="digits"):
        json.loads(text)
    assert broken(text) == BrokenJSON(
        1, 16, f"this integer has {limit + 1} digits, more than the {limit} Python reads"
    )
    assert isinstance(read_json_text(('{"a": ' + "7" * limit + "}").encode()), JSONText)


# Keys written twice.

ATTRIBUTES = """{
  "zarr_format": 3,
  "attributes": {
    "units": "m",
    "long_name": "depth",
    "units": "km"
  }
}"""


def test_a_key_written_twice_is_reported_at_the_later_copy_and_the_last_value_wins() -> None:
    result = read(ATTRIBUTES)
    assert result.value == {"zarr_format": 3, "attributes": {"units": "km", "long_name": "depth"}}
    assert result.duplicates == (DuplicateKey(("attributes", "units"), 6, 5, "units", 4, 5, 2),)
    assert result.duplicates[0].message == (
        'the key "units" is written twice in this object (first at line 4, column 5); '
        "most parsers keep the last value silently, so readers may disagree"
    )


def test_a_key_written_twice_inside_a_list_of_codecs_is_located_by_index() -> None:
    text = """{
  "codecs": [
    {"name": "bytes"},
    {"name": "zstd", "configuration": {"level": 3}, "name": "gzip"}
  ]
}"""
    assert read(text).duplicates == (DuplicateKey(("codecs", 1, "name"), 4, 53, "name", 4, 6, 2),)


def test_three_copies_are_two_findings_each_pointing_at_the_first() -> None:
    result = read('{"a": 1,\n "a": 2,\n "a": 3}')
    assert result.value == {"a": 3}
    assert result.duplicates == (
        DuplicateKey(("a",), 2, 2, "a", 1, 2, 3),
        DuplicateKey(("a",), 3, 2, "a", 1, 2, 3),
    )
    assert (
        "written 3 times in this object (first at line 1, column 2)" in result.duplicates[0].message
    )


def test_keys_written_twice_at_several_depths_come_in_the_order_of_the_text() -> None:
    text = '{"a": 1, "a": {"x": [{"k": 1, "k": 2}], "x": 0}, "b": {"y": 1, "y": 2}}'
    assert [(d.loc, d.column) for d in read(text).duplicates] == [
        (("a",), 10),
        (("a", "x", 0, "k"), 31),
        (("a", "x"), 41),
        (("b", "y"), 64),
    ]


def test_a_key_written_twice_in_a_replaced_member_is_still_reported() -> None:
    # The first "a" is dropped by json.loads, but its object still writes "x" twice.
    result = read('{"a": {"x": 1, "x": 2}, "a": 3}')
    assert result.value == {"a": 3}
    assert [d.loc for d in result.duplicates] == [("a", "x"), ("a",)]


def test_keys_spelled_differently_but_equal_are_one_key() -> None:
    result = read('{"a": 1, "\\u0061": 2}')
    assert result.duplicates == (DuplicateKey(("a",), 1, 10, "a", 1, 2, 2),)


@pytest.mark.parametrize(
    "text",
    [
        '{"time": "00:00", "time": "12:00"}',
        '{"say": "\\"no\\": twice", "say": 2}',
        '{"sep": [",", ":"], "sep": 1}',
    ],
    ids=["colons-in-strings", "escaped-quotes", "a-string-that-is-a-colon"],
)
def test_a_key_written_twice_is_found_whatever_the_strings_hold(text: str) -> None:
    assert [d.key for d in read(text).duplicates] == [next(iter(json.loads(text)))]


def test_a_broken_document_is_broken_even_when_it_writes_a_key_twice() -> None:
    assert broken('{"a": 1, "a": 2,}') == BrokenJSON(
        1, 16, "a comma after the last member of an object is not allowed in JSON; remove it"
    )
    assert broken('[{"a": 1, "a": 2}] x').column == 20


def test_a_key_is_quoted_in_its_message_as_json_writes_it() -> None:
    (duplicate,) = read('{"say \\"hi\\"": 1, "say \\"hi\\"": 2}').duplicates
    assert duplicate.key == 'say "hi"'
    assert duplicate.message.startswith('the key "say \\"hi\\"" is written twice')


def test_threads_reading_at_once_each_get_their_own_answer() -> None:
    plain = '{"a": 1, "b": [{"c": 2}, {"d": 3}]}'
    twice = '{"a": 1, "b": [{"c": 2, "c": 3}, {"d": 3}]}'
    failures: list[str] = []

    def work(text: str, duplicates: int) -> None:
        for _ in range(500):
            result = read_json_text(text.encode())
            if not isinstance(result, JSONText) or len(result.duplicates) != duplicates:
                failures.append(text)

    threads = [threading.Thread(target=work, args=(plain, 0)) for _ in range(3)]
    threads += [threading.Thread(target=work, args=(twice, 1)) for _ in range(3)]
    previous = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible, inside the parses
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(previous)
    assert failures == []


# Properties.

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(st.characters(codec="utf-8"), max_size=8),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(st.text(st.characters(codec="utf-8"), max_size=4), children, max_size=4)
    ),
    max_leaves=20,
)


def writer(
    indent: int | str | None, separators: tuple[str, str], ensure_ascii: bool
) -> Callable[[object], str]:
    def write(value: object) -> str:
        return json.dumps(value, indent=indent, separators=separators, ensure_ascii=ensure_ascii)

    return write


def dumps_styles() -> st.SearchStrategy[Callable[[object], str]]:
    """The ways writers lay JSON out: indented or not, spaced or not, ASCII or not."""
    return st.builds(
        writer,
        st.sampled_from([None, 0, 2, "\t"]),
        st.sampled_from([(",", ":"), (", ", ": "), (" ,", " : ")]),
        st.booleans(),
    )


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=64))
def test_any_bytes_are_read_or_refused_never_raised(data: bytes) -> None:
    result = read_json_text(data)
    if isinstance(result, BrokenJSON):
        assert result.line >= 1 and result.column >= 1
        assert not any(word in result.message for word in PARSER_WORDS)


JSONISH = st.text(
    st.sampled_from(list("{}[],:\"\\ \n\t0123456789-+.eEaflnrstuINy'/*x\x00é")), max_size=40
)


@settings(max_examples=400, deadline=None)
@given(JSONISH)
def test_a_text_is_refused_exactly_when_json_loads_refuses_it(text: str) -> None:
    result = parse_json_text(text)
    try:
        value: object = json.loads(text)
    except ValueError:
        assert isinstance(result, BrokenJSON)
        assert not any(word in result.message for word in PARSER_WORDS)
        assert result.message != "the text stops being JSON here"  # the scanner found the cause
        return
    assert isinstance(result, JSONText)
    assert same_json(result.value, value)
    pairs: list[int] = []

    def count(members: list[tuple[str, object]]) -> dict[str, object]:
        pairs.append(len(members) - len(dict(members)))
        return dict(members)

    json.loads(text, object_pairs_hook=count)
    assert len(result.duplicates) == sum(pairs)


@settings(max_examples=200, deadline=None)
@given(json_values, dumps_styles())
def test_a_json_value_written_any_way_reads_back_without_duplicates(
    value: object, dumps: Callable[[object], str]
) -> None:
    text = dumps(value)
    result = read_json_text(text.encode())
    assert isinstance(result, JSONText)
    assert same_json(result.value, value)
    assert result.duplicates == ()


def closing_brackets(text: str) -> list[int]:
    """The offsets of the brackets that close a non-empty container, in JSON that `json.dumps` wrote."""
    found: list[int] = []
    inside_string = False
    escaped = False
    last = ""
    for offset, char in enumerate(text):
        if inside_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                inside_string = False
        elif char == '"':
            inside_string = True
        elif char in "]}" and last not in "[{":
            found.append(offset)
        if not inside_string and not char.isspace():
            last = char
        elif inside_string:
            last = '"'
    return found


@settings(max_examples=200, deadline=None)
@given(json_values, dumps_styles(), st.data())
def test_a_comma_before_a_closing_bracket_is_refused_at_the_comma(
    value: object, dumps: Callable[[object], str], data: st.DataObject
) -> None:
    text = dumps(value)
    closings = closing_brackets(text)
    if not closings:
        return
    closing = data.draw(st.sampled_from(closings))
    end = len(text[:closing].rstrip(" \t\n\r"))  # just after the last value
    broken_text = text[:end] + "," + text[end:]
    result = parse_json_text(broken_text)
    assert isinstance(result, BrokenJSON)
    assert offset_of(broken_text, result.line, result.column) == end
    assert result.message.startswith("a comma after the last")


@settings(max_examples=300, deadline=None)
@given(json_values, dumps_styles(), st.data())
def test_valid_json_with_a_few_characters_changed_is_refused_exactly_when_json_loads_refuses_it(
    value: object, dumps: Callable[[object], str], data: st.DataObject
) -> None:
    text = dumps(value)
    for _ in range(data.draw(st.integers(1, 3))):
        offset = data.draw(st.integers(0, len(text)))
        char = data.draw(st.sampled_from(list("{}[],:\"\\ \n0123456789-+.eEnNItf'/x\x01")))
        kept = data.draw(st.integers(0, 1))  # 0 replaces the character there, 1 inserts
        text = text[:offset] + char + text[offset + 1 - kept :]
    result = parse_json_text(text)
    try:
        expected: object = json.loads(text)
    except ValueError:
        assert isinstance(result, BrokenJSON)
        assert result.message != "the text stops being JSON here"
        return
    assert isinstance(result, JSONText)
    assert same_json(result.value, expected)


class Members(list[tuple[str, object]]):
    """An object as its members are written, a key perhaps more than once."""


def written(value: object) -> str:
    if isinstance(value, Members):
        return "{" + ", ".join(f"{json.dumps(key)}: {written(item)}" for key, item in value) + "}"
    if isinstance(value, list):
        return "[" + ",\n".join(written(item) for item in cast(list[object], value)) + "]"
    return json.dumps(value)


def later_copies(value: object, loc: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    """The location of each later copy of a key, in the order of the text."""
    found: list[tuple[str | int, ...]] = []
    if isinstance(value, Members):
        seen: set[str] = set()
        for key, item in value:
            if key in seen:
                found.append((*loc, key))
            seen.add(key)
            found += later_copies(item, (*loc, key))
    elif isinstance(value, list):
        for index, item in enumerate(cast(list[object], value)):
            found += later_copies(item, (*loc, index))
    return found


members_values = st.recursive(
    st.integers() | st.text(max_size=3),
    lambda children: (
        st.lists(children, max_size=3)
        | st.lists(st.tuples(st.sampled_from(["a", "b", "é"]), children), max_size=4).map(Members)
    ),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None)
@given(members_values)
def test_every_later_copy_of_a_key_is_found_where_it_is_written(value: object) -> None:
    text = written(value)
    result = read(text)
    assert [duplicate.loc for duplicate in result.duplicates] == later_copies(value)
    for duplicate in result.duplicates:
        key = json.dumps(duplicate.key)
        later = offset_of(text, duplicate.line, duplicate.column)
        first = offset_of(text, duplicate.first_line, duplicate.first_column)
        assert first < later
        assert text.startswith(key, later) and text.startswith(key, first)
