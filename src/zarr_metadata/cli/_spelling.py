"""The hint a message gives for a likely misspelling: the known name closest to what was written."""

from __future__ import annotations

from collections.abc import Iterable


def did_you_mean(name: str, candidates: Iterable[str], cutoff: float = 0.6) -> str:
    """`; did you mean "..."?` with the candidate closest to `name` in spelling, or "" when none is close enough (by `difflib`'s ratio, at least `cutoff`) to be a likely typo."""
    import difflib  # imported for a misspelling only: see "What a run imports" in docs/how-it-works/cli.md

    close = difflib.get_close_matches(name, list(candidates), n=1, cutoff=cutoff)
    return f'; did you mean "{close[0]}"?' if close else ""
