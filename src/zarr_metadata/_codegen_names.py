"""How generated checker code names its functions and describes its constants: from the shape, in words a traceback reader recognizes."""

from __future__ import annotations

import re
import reprlib
import unicodedata

from zarr_metadata._shapes import Alias, Node, Record

_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = 60


def title_of(node: Node) -> str:
    """What a node is called in a function's name and a message: a TypedDict's or alias's own name, else its node type."""
    return node.name if isinstance(node, Record | Alias) else type(node).__name__


def shortened(text: str) -> str:
    """`text` cut to at most 80 characters, for a title."""
    return text if len(text) <= 80 else text[:77] + "..."


def identifier(text: str) -> str:
    """`text` made fit to be part of a Python name: each run of characters a name cannot hold becomes one underscore."""
    if text.isascii() and text.isidentifier():  # nearly every name and key
        return text[:40]
    text = unicodedata.normalize("NFKC", text)
    part = "_".join("".join(char if ("_" + char).isidentifier() else " " for char in text).split())
    # The parser normalizes names (NFKC), and letters that combine once
    # joined would name a function other than the one looked up.
    if unicodedata.normalize("NFKC", part) != part:
        part = "_".join(re.sub(r"[^0-9A-Za-z_]", " ", text).split())
    return part[:40]


def label_of_title(title: str) -> str:
    # `zarr_metadata.v3.codec.bytes.Endian` reads as `Endian` in a name.
    return identifier(re.sub(r"\b(?:[A-Za-z_]\w*\.)+(?=[A-Za-z_])", "", title))


def described(value: object) -> str:
    """A short account of a constant the generated source names, for the reader of the source."""
    if isinstance(value, Record | Alias):
        return f"{type(value).__name__} {value.name}"
    if isinstance(value, Node):
        return type(value).__name__
    qualname = getattr(value, "__qualname__", None)  # a function or a class
    return qualname if isinstance(qualname, str) else _SHORT.repr(value)


def label_of(name: str) -> str:
    """The label a function's name was made of, to name the functions of what it holds after it."""
    return name.removeprefix("check_")


def kind_label(member: Node) -> str:
    """What a union's member is called in the name of its function: the one JSON kind it takes."""
    kinds = member.kinds
    return next(iter(kinds)) if len(kinds) == 1 else "member"
