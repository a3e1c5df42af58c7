"""What every model shares: store keys and bytes, and JSON text for comparing by meaning."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, TypeAlias, cast

from zarr_metadata._json import Problems, ValidationProblem
from zarr_metadata.problems import MetadataValidationError

StoreKey: TypeAlias = str
"""A key in a store, such as `zarr.json` or `a/.zarray`."""


def json_text(value: object) -> str:
    """`value` as compact JSON text with sorted keys: equal JSON gives equal text, and `0.0` and `-0.0` differ."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), allow_nan=True, ensure_ascii=False)


def document_bytes(value: object, indent: int | str | None) -> bytes:
    """`value` as UTF-8 JSON for a store; non-finite numbers in user data are written as bare `NaN` and `Infinity`."""
    return json.dumps(value, indent=indent, allow_nan=True, ensure_ascii=False).encode("utf-8")


def parsed_document(data: object) -> tuple[object, Problems]:
    """The JSON value `data` (bytes of a store file) holds, or an `invalid_json` problem at `()` saying where it breaks."""
    if isinstance(data, str):
        text = data
    elif isinstance(data, bytes | bytearray | memoryview):
        try:
            text = bytes(cast("bytes", data)).decode("utf-8")
        except UnicodeDecodeError as error:
            return None, (
                ValidationProblem((), f"expected UTF-8 text, found a byte that is not at offset {error.start}", "invalid_json"),
            )
    else:
        return None, (ValidationProblem((), f"expected the bytes of a JSON document, got {type(data).__name__}", "invalid_json"),)
    try:
        return json.loads(text), ()
    except json.JSONDecodeError as error:
        return None, (
            ValidationProblem(
                (),
                f"expected JSON: {error.msg} at line {error.lineno}, column {error.colno}",
                "invalid_json",
                ctx={"line": error.lineno, "column": error.colno},
            ),
        )
    except RecursionError:
        return None, (ValidationProblem((), "expected JSON nested less deeply than the parser can read", "invalid_json"),)
    except ValueError as error:
        # For example an integer with more digits than Python converts; the parser says no position.
        return None, (ValidationProblem((), f"expected JSON that Python can read: {error}", "invalid_json"),)


def document_from(mapping: Mapping[StoreKey, bytes], key: StoreKey) -> object:
    """The JSON document under `key` in `mapping`; `MetadataValidationError` when it is absent or is not JSON."""
    if key not in mapping:
        raise MetadataValidationError(
            [ValidationProblem((), f"expected a {key!r} entry, found only {sorted(mapping)!r}", "missing_key")]
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
