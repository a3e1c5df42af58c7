"""What every repair shares: the record of one change, and the narrow edits that make it without touching the caller's document."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping, Sequence
from typing import Literal, TypeAlias, cast

from zarr_metadata._json import Loc, shown

RepairKind: TypeAlias = Literal[
    "zero_chunk_length",
    "null_consolidated_metadata",
    "consolidated_metadata_in_zgroup_entry",
    "non_finite_fill_value",
]
"""Which writer bug a repair undid. `consolidated_metadata_in_zgroup_entry` is a v2 `.zmetadata` repair."""


@dataclasses.dataclass(frozen=True)
class Repair:
    """One change a repair made to a document, located from its root."""

    loc: Loc
    kind: RepairKind
    message: str


def fill_value_repair(loc: Loc, bare: object, spelled: str) -> Repair:
    """The record of a bare non-finite fill value at `loc` written as the string `spelled`."""
    return Repair(
        loc,
        "non_finite_fill_value",
        f"changed the fill value from the bare number {shown(bare)} to the string {shown(spelled)}",
    )


def spelled_fill_value(
    fill_value: object, family: str | None, at: Loc
) -> tuple[object | None, list[Repair]]:
    """A fill value at `at` with each bare non-finite number spelled as a string, or None when none is bare.

    Only the fill values of a `"float"` family (a number) and a `"complex"`
    family (a pair of numbers) spell non-finite numbers; another family's
    fill value is left alone.
    """
    if family == "float":
        spelling = non_finite_spelling(fill_value)
        if spelling is None:
            return None, []
        return spelling, [fill_value_repair(at, fill_value, spelling)]
    pair = as_array(fill_value)
    if family != "complex" or pair is None or len(pair) != 2:
        return None, []
    spellings = [non_finite_spelling(part) for part in pair]
    repairs = [
        fill_value_repair((*at, index), pair[index], spelling)
        for index, spelling in enumerate(spellings)
        if spelling is not None
    ]
    if not repairs:
        return None, []
    parts = [
        part if spelling is None else spelling
        for part, spelling in zip(pair, spellings, strict=True)
    ]
    return like(pair, parts), repairs


def non_finite_spelling(value: object) -> str | None:
    """How a float fill value spells `value` as a string, when `value` is a bare non-finite number; else None."""
    if not isinstance(value, float) or math.isfinite(value):
        return None
    if math.isnan(value):
        return "NaN"
    return "Infinity" if value > 0 else "-Infinity"


def is_zero(value: object) -> bool:
    """Whether `value` is the JSON number 0."""
    # `False == 0` in Python, but a JSON boolean is never a number.
    return isinstance(value, int) and not isinstance(value, bool) and value == 0


def as_mapping(value: object) -> Mapping[object, object] | None:
    """`value` when it is a JSON object, else None."""
    # A parser's object is a dict, told at once; asking `Mapping` costs more.
    if type(value) is dict or isinstance(value, Mapping):
        return cast("Mapping[object, object]", value)
    return None


def as_array(value: object) -> Sequence[object] | None:
    """`value` when it is a JSON array, else None."""
    # JSON arrays arrive as lists (from a parser) or tuples (from a model).
    return cast("Sequence[object]", value) if isinstance(value, list | tuple) else None


def like(original: Sequence[object], items: list[object]) -> object:
    """`items` as the kind of array `original` is: a tuple stays a tuple."""
    return tuple(items) if isinstance(original, tuple) else items


def replaced(members: Mapping[object, object], key: str, value: object) -> dict[object, object]:
    """A copy of `members`, in the same order, with `key` holding `value`."""
    return {**members, key: value}
