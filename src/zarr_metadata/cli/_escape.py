"""Text from a store made safe to print: control characters and bytes that are not UTF-8 written as escapes.

File names and JSON keys come from whoever wrote the store. Printed raw, a
newline in a directory's name starts a line of its own (a forged GitHub
annotation), an ESC drives the terminal, and a name that is not UTF-8 (which
Python holds as lone surrogates) fails any encoder that meets it.
"""

from __future__ import annotations

import re

_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
"""C0 and C1 controls and DEL, line and paragraph separators, bidirectional overrides, and lone surrogates."""
_UNDECODABLE = re.compile("[\ud800-\udfff]")

_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match: re.Match[str]) -> str:
    character = match.group()
    code = ord(character)
    if character in _NAMED:
        return _NAMED[character]
    if 0xDC80 <= code <= 0xDCFF:
        return f"\\x{code - 0xDC00:02x}"  # a byte that is not UTF-8, as `os.fsdecode` keeps it
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def printable(text: str) -> str:
    """`text` with each control character and each byte that is not UTF-8 written as an escape (`\\n`, `\\x1b`, `\\xff`)."""
    return _UNSAFE.sub(_escape, text) if _UNSAFE.search(text) else text


def decodable(text: str) -> str:
    """`text` with each byte that is not UTF-8 written as an escape (`\\xff`), so that it encodes as UTF-8; the rest as it is."""
    return _UNDECODABLE.sub(_escape, text) if _UNDECODABLE.search(text) else text
