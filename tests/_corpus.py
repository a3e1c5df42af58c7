"""The third-party conformance corpus: where it is, its cases, and their problems as comparable multisets."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "conformance" / "zarr-metadata-ts"

Problem = tuple[tuple[str | int, ...], str]

Deviations = dict[tuple[str, str], tuple[tuple[str, ...], list[Problem]]]
"""Each case whose problems differ from the corpus, by file and description: the rules that explain the difference, and the problems reported instead."""

needs_corpus = pytest.mark.skipif(
    not CORPUS.exists(), reason=f"the conformance corpus is not beside the repository ({CORPUS})"
)


def cases(name: str) -> list[dict[str, Any]]:
    """The cases of one corpus file; none when the corpus is absent."""
    path = CORPUS / name
    if not path.exists():
        return []
    return json.loads(path.read_text(encoding="utf-8"))


def ids(found: list[dict[str, Any]]) -> list[str]:
    """Each case's description, as its test id."""
    return [case["description"] for case in found]


def multiset(problems: list[Problem]) -> Counter[Problem]:
    """Problems as (loc, kind) pairs counted, so order does not matter but repeats do."""
    return Counter((tuple(loc), kind) for loc, kind in problems)


def expected(deviations: Deviations, corpus: str, case: dict[str, Any]) -> Counter[Problem]:
    """The problems a case must have: the corpus's, or the deviation's when one is listed."""
    deviation = deviations.get((corpus, case["description"]))
    if deviation is not None:
        return multiset(deviation[1])
    return multiset([(tuple(problem["loc"]), problem["kind"]) for problem in case["problems"]])
