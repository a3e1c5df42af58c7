"""The numcodecs codecs that encode arrays of Python objects whole: json2, msgpack2 and pickle.

Each writes the items, then the array's type string and shape, so an
object (`O`) array reads back with its shape. Every parameter may be left
out; `canonical` drops a parameter written with the value numcodecs
defaults to, or with one it treats alike.
"""

# No `from __future__ import annotations`: TypedDict reads ReadOnly and
# NotRequired from evaluated annotations only, for its __readonly_keys__
# and __optional_keys__.

import codecs
import pickle
from typing import Annotated, Any, Final, NotRequired, cast

from annotated_types import Le
from typing_extensions import ReadOnly, TypedDict

from zarr_metadata._json import ValidationProblem, shown
from zarr_metadata.definition._fields import Nested
from zarr_metadata.v2._definition import ZarrV2CodecDefinition

__all__ = [
    "JSON2_CODEC_V2",
    "MSGPACK2_CODEC_V2",
    "PICKLE_CODEC_V2",
    "ZarrV2Json2Parameters",
    "ZarrV2MsgPack2Parameters",
    "ZarrV2PickleParameters",
]


# json2

_JSON_WHITESPACE: Final = frozenset(" \t\n\r")
"""The characters JSON allows between tokens, and so the only ones an indent or a separator may add."""
_COMPACT: Final = (",", ":")
_SPACED: Final = (", ", ": ")
"""The separators numcodecs gives json2 when none are written: compact, or spaced when the output is indented."""
_JSON2_DEFAULTS: Final = {
    "encoding": "utf-8",
    "skipkeys": False,
    "ensure_ascii": True,
    "check_circular": True,
    "allow_nan": True,
    "sort_keys": True,
    "strict": True,
}


class ZarrV2Json2Parameters(TypedDict, closed=True):
    """The parameters of json2: the text encoding of the JSON (utf-8 when absent), and those of Python's JSON encoder and decoder.

    `indent` null writes everything on one line; an integer or a string of
    whitespace indents each level. `separators` are the item and key
    separators, `[",", ":"]` when null and nothing is indented,
    `[", ", ": "]` when indented. Of the booleans, `skipkeys` is false
    when absent and the others true.
    """

    encoding: NotRequired[ReadOnly[str]]
    skipkeys: NotRequired[ReadOnly[bool]]
    ensure_ascii: NotRequired[ReadOnly[bool]]
    check_circular: NotRequired[ReadOnly[bool]]
    allow_nan: NotRequired[ReadOnly[bool]]
    sort_keys: NotRequired[ReadOnly[bool]]
    indent: NotRequired[ReadOnly[int | str | None]]
    separators: NotRequired[ReadOnly[tuple[str, str] | None]]
    strict: NotRequired[ReadOnly[bool]]


def _text_encoding(name: str) -> str | None:
    """The name Python gives the text encoding `name`; None when Python knows no text encoding by that name."""
    try:
        "".encode(name)  # refuses both unknown names and codecs of bytes to bytes, such as base64
    except LookupError:
        return None
    return codecs.lookup(name).name


def _json2_rules(configuration: ZarrV2Json2Parameters, nested: Nested) -> list[ValidationProblem]:
    problems: list[ValidationProblem] = []
    encoding = configuration.get("encoding")
    if encoding is not None and _text_encoding(encoding) is None:
        message = f"expected a text encoding Python knows, such as \"utf-8\", got {shown(encoding)}"
        problems.append(ValidationProblem(("encoding",), message, "invalid_value", input=encoding))
    indent = configuration.get("indent")
    if isinstance(indent, str) and not _JSON_WHITESPACE.issuperset(indent):
        message = f"expected an indent of spaces, tabs and line breaks, which JSON reads back, got {shown(indent)}"
        problems.append(ValidationProblem(("indent",), message, "invalid_value", input=indent))
    separators = configuration.get("separators")
    if separators is not None:
        for index, (separator, mark) in enumerate(zip(separators, _COMPACT, strict=True)):
            if separator.strip(" \t\n\r") != mark:
                message = f"expected {shown(mark)} with only whitespace around it, which JSON reads back, got {shown(separator)}"
                problems.append(ValidationProblem(("separators", index), message, "invalid_value", input=separator))
    return problems


def _json2_canonical(configuration: ZarrV2Json2Parameters) -> ZarrV2Json2Parameters:
    """Every parameter, as numcodecs' `get_config()` writes them: each one not given at its default."""
    spelled: dict[str, Any] = {**_JSON2_DEFAULTS, "indent": None, **configuration}
    if spelled.get("separators") is None:
        spelled["separators"] = _COMPACT if spelled["indent"] is None else _SPACED
    return cast(ZarrV2Json2Parameters, spelled)


JSON2_CODEC_V2: Final = ZarrV2CodecDefinition(
    name="json2", configuration=ZarrV2Json2Parameters, rules=_json2_rules, canonical=_json2_canonical
)
"""The definition of json2: an array's items as JSON text, with its type string and shape."""


# msgpack2

_MSGPACK2_DEFAULTS: Final = {"use_single_float": False, "use_bin_type": True, "raw": False}


class ZarrV2MsgPack2Parameters(TypedDict, closed=True):
    """The parameters of msgpack2: floats packed in single precision (false when absent), bytes packed as the bin type (true), and strings unpacked as bytes (false)."""

    use_single_float: NotRequired[ReadOnly[bool]]
    use_bin_type: NotRequired[ReadOnly[bool]]
    raw: NotRequired[ReadOnly[bool]]


def _msgpack2_canonical(configuration: ZarrV2MsgPack2Parameters) -> ZarrV2MsgPack2Parameters:
    return cast(ZarrV2MsgPack2Parameters, {key: configuration.get(key, default) for key, default in _MSGPACK2_DEFAULTS.items()})


MSGPACK2_CODEC_V2: Final = ZarrV2CodecDefinition(
    name="msgpack2", configuration=ZarrV2MsgPack2Parameters, canonical=_msgpack2_canonical
)
"""The definition of msgpack2: an array's items as MessagePack, with its type string and shape."""


# pickle


class ZarrV2PickleParameters(TypedDict, closed=True):
    """The parameters of pickle: the pickle protocol.

    Absent or negative, it is the highest protocol of the Python that
    writes; above the highest protocol of this Python, pickle refuses it.
    """

    protocol: NotRequired[ReadOnly[Annotated[int, Le(pickle.HIGHEST_PROTOCOL)]]]


def _pickle_canonical(configuration: ZarrV2PickleParameters) -> ZarrV2PickleParameters:
    """The protocol as numcodecs' `get_config()` writes it: the highest of the writer's Python when none was given."""
    return {"protocol": configuration.get("protocol", pickle.HIGHEST_PROTOCOL)}


PICKLE_CODEC_V2: Final = ZarrV2CodecDefinition(
    name="pickle", configuration=ZarrV2PickleParameters, canonical=_pickle_canonical
)
"""The definition of pickle: an array pickled whole."""
