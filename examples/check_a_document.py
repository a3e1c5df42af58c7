"""Check two small JSON documents against a TypedDict and print what typed_json.check finds."""

from __future__ import annotations

import json
from typing import Annotated, Literal, NotRequired

from annotated_types import Interval
from typing_extensions import TypedDict

from zarr_metadata.typed_json import check


class GzipConfiguration(TypedDict, closed=True):
    level: Annotated[int, Interval(ge=0, le=9)]


class GzipCodec(TypedDict, closed=True):
    name: Literal["gzip"]
    configuration: GzipConfiguration
    must_understand: NotRequired[bool]


for text in (
    '{"name": "gzip", "configuration": {"level": 5}}',
    '{"name": "gzip", "configuration": {"level": 99, "fast": true}}',
):
    refined, problems = check(json.loads(text), GzipCodec)
    print(text)
    if not problems:
        print(f"  valid: {refined}")
    for problem in problems:
        print(f"  {problem.kind} at {list(problem.loc)}: {problem.message}")
