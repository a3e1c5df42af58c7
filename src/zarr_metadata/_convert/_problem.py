"""The problem a conversion reports when a v2 document has no exact v3 spelling."""

from __future__ import annotations

from zarr_metadata._json import UNSET, JSONValue, Loc, ValidationProblem


def not_convertible(loc: Loc, why: str, written: JSONValue | UNSET = UNSET) -> ValidationProblem:
    """A problem at `loc`: what is written there cannot be said exactly in Zarr v3, for the reason `why`."""
    return ValidationProblem(
        loc, f"cannot be converted to Zarr v3: {why}", "invalid_value", input=written
    )
