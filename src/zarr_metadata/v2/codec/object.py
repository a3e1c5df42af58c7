"""The numcodecs codecs that encode arrays of Python objects whole: json2, msgpack2 and pickle.

Each writes the items, then the array's type string and shape, so an
object (`O`) array reads back with its shape. Every parameter may be left
out, and is then the default it declares.
"""

# No `from __future__ import annotations`: TypedDict reads ReadOnly and
# NotRequired from evaluated annotations only, for its __readonly_keys__
# and __optional_keys__.

import codecs
import pickle
from collections.abc import Mapping
from typing import Annotated, Any, Final, NotRequired, cast

from annotated_types import Le
from typing_extensions import ReadOnly, TypedDict

from zarr_metadata.definition import Default, Nested
from zarr_metadata.problems import ValidationProblem, shown
from zarr_metadata.v2.definition import ZarrV2CodecDefinition

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


class ZarrV2Json2Parameters(TypedDict, closed=True):
    """The parameters of json2: the text encoding of the JSON (utf-8 when absent), and those of Python's JSON encoder and decoder.

    `indent` null writes everything on one line; an integer or a string of
    whitespace indents each level. `separators` are the item and key
    separators, `[",", ":"]` when null and nothing is indented,
    `[", ", ": "]` when indented. Of the booleans, `skipkeys` is false
    when absent and the others true.
    """

    encoding: NotRequired[ReadOnly[Annotated[str, Default("utf-8")]]]
    skipkeys: NotRequired[ReadOnly[Annotated[bool, Default(False)]]]
    ensure_ascii: NotRequired[ReadOnly[Annotated[bool, Default(True)]]]
    check_circular: NotRequired[ReadOnly[Annotated[bool, Default(True)]]]
    allow_nan: NotRequired[ReadOnly[Annotated[bool, Default(True)]]]
    sort_keys: NotRequired[ReadOnly[Annotated[bool, Default(True)]]]
    indent: NotRequired[ReadOnly[Annotated[int | str | None, Default(None)]]]
    separators: NotRequired[ReadOnly[tuple[str, str] | None]]
    strict: NotRequired[ReadOnly[Annotated[bool, Default(True)]]]


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
        message = f'expected a text encoding Python knows, such as "utf-8", got {shown(encoding)}'
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
                problems.append(
                    ValidationProblem(
                        ("separators", index), message, "invalid_value", input=separator
                    )
                )
    return problems


def _json2_canonical(configuration: ZarrV2Json2Parameters) -> ZarrV2Json2Parameters:
    """More than the defaults, as numcodecs' `get_config()` writes them: the separators follow from the indent."""
    filled = cast("Mapping[str, Any]", configuration)  # every default filled in
    if filled.get("separators") is not None:
        return configuration
    return cast(
        ZarrV2Json2Parameters,
        {**filled, "separators": _COMPACT if filled["indent"] is None else _SPACED},
    )


JSON2_CODEC_V2: Final = ZarrV2CodecDefinition(
    name="json2",
    configuration=ZarrV2Json2Parameters,
    rules=_json2_rules,
    canonical=_json2_canonical,
)
"""The definition of json2: an array's items as JSON text, with its type string and shape."""


# msgpack2


class ZarrV2MsgPack2Parameters(TypedDict, closed=True):
    """The parameters of msgpack2: floats packed in single precision (false when absent), bytes packed as the bin type (true), and strings unpacked as bytes (false)."""

    use_single_float: NotRequired[ReadOnly[Annotated[bool, Default(False)]]]
    use_bin_type: NotRequired[ReadOnly[Annotated[bool, Default(True)]]]
    raw: NotRequired[ReadOnly[Annotated[bool, Default(False)]]]


MSGPACK2_CODEC_V2: Final = ZarrV2CodecDefinition(
    name="msgpack2", configuration=ZarrV2MsgPack2Parameters
)
"""The definition of msgpack2: an array's items as MessagePack, with its type string and shape."""


# pickle


class ZarrV2PickleParameters(TypedDict, closed=True):
    """The parameters of pickle: the pickle protocol.

    Absent or negative, it is the highest protocol of the Python that
    writes; above the highest protocol of this Python, pickle refuses it.
    """

    # numcodecs' get_config() writes the highest protocol of the writer's Python when none was given.
    protocol: NotRequired[
        ReadOnly[Annotated[int, Le(pickle.HIGHEST_PROTOCOL), Default(pickle.HIGHEST_PROTOCOL)]]
    ]


PICKLE_CODEC_V2: Final = ZarrV2CodecDefinition(name="pickle", configuration=ZarrV2PickleParameters)
"""The definition of pickle: an array pickled whole."""
