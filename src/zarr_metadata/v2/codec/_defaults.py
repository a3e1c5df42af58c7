"""What the canonical spellings of the numcodecs codecs outside the core share: dropping each parameter written with its default."""

from collections.abc import Mapping
from typing import Any


def without_defaults(configuration: Mapping[str, Any], defaults: Mapping[str, object]) -> Any:
    """`configuration` without each member whose value is the one `defaults` gives for it."""
    return {key: value for key, value in configuration.items() if key not in defaults or not _same(value, defaults[key])}


def _same(value: object, default: object) -> bool:
    # true == 1 in Python, but a JSON boolean and a number are two spellings.
    return value == default and type(value) is type(default)
