"""What every model shares: store keys and bytes, and JSON text for comparing by meaning."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, TypeAlias, cast

from zarr_metadata._json import Problems, ValidationProblem
from zarr_metadata._json_text import BrokenJSON, parse_json_text, read_json_text
from zarr_metadata.problems import MetadataValidationError

StoreKey: TypeAlias = str
"""A key in a store, such as `zarr.json` or `a/.zarray`."""


def json_text(value: object) -> str:
    """`value` as compact JSON text with sorted keys: equal JSON gives equal text, and `0.0` and `-0.0` differ."""
    return json.dumps(
        value, sort_keys=True, separators=(",", ":"), allow_nan=True, ensure_ascii=False
    )


def document_bytes(value: object, indent: int | str | None) -> bytes:
    """`value` as UTF-8 JSON for a store; non-finite numbers in user data are written as bare `NaN` and `Infinity`.

    A string may hold a lone surrogate (`json.loads` reads one from the
    escape `"\\udfff"`), which UTF-8 cannot encode: it is written back as
    the escape it came from, the one place in JSON text it can sit being a
    string.
    """
    return json.dumps(value, indent=indent, allow_nan=True, ensure_ascii=False).encode(
        "utf-8", "backslashreplace"
    )


def parsed_document(data: object) -> tuple[object, Problems]:
    """The JSON value `data` (bytes of a store file, or its text) holds; else an `invalid_json` problem at `()` saying where it breaks.

    Read as the checker reads a file (`_json_text`), in the same words. A key
    an object writes twice is no problem here: the last copy wins, as
    zarr-python (`json.loads`) and tensorstore read it; the checker reports
    it (`duplicate_key`).
    """
    if isinstance(data, str):
        read = parse_json_text(data)
    elif isinstance(data, bytes | bytearray | memoryview):
        read = read_json_text(bytes(cast("bytes", data)))
    else:
        return None, (
            ValidationProblem(
                (),
                f"expected the bytes of a JSON document, got {type(data).__name__}",
                "invalid_json",
            ),
        )
    if isinstance(read, BrokenJSON):
        message = f"expected JSON: {read.message} (line {read.line}, column {read.column})"
        return None, (
            ValidationProblem(
                (), message, "invalid_json", ctx={"line": read.line, "column": read.column}
            ),
        )
    return read.value, ()


def document_from(mapping: Mapping[StoreKey, bytes], key: StoreKey) -> object:
    """The JSON document under `key` in `mapping`; `MetadataValidationError` when it is absent or is not JSON."""
    if key not in mapping:
        raise MetadataValidationError(
            [
                ValidationProblem(
                    (), f"expected a {key!r} entry, found only {sorted(mapping)!r}", "missing_key"
                )
            ]
        )
    value, problems = parsed_document(mapping[key])
    if problems:
        raise MetadataValidationError(problems)
    return value


class Keyed:
    """A model that lives in a store under known keys: it writes itself to them and reads itself from them."""

    __slots__ = ()

    def to_json(self) -> Any:
        """The document as given, as a fresh plain dict."""
        raise NotImplementedError

    def to_key_value(self, *, indent: int | str | None = None) -> Mapping[Any, bytes]:
        """The store keys of this model, each with its UTF-8 JSON bytes."""
        raise NotImplementedError
