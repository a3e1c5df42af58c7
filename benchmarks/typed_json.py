"""How long `typed_json.check` takes on a v3 array `zarr.json`, next to `json.loads` of the same text.

Run: python benchmarks/typed_json.py
Target (issue 2): the check costs at most 2x `json.loads` of the same text.
"""

from __future__ import annotations

import json
import statistics
import timeit
from collections.abc import Mapping
from typing import Annotated, Literal, NotRequired

from annotated_types import Ge
from typing_extensions import TypedDict

from zarr_metadata.typed_json import JSONValue, check


class NamedConfiguration(TypedDict, closed=True):
    name: str
    configuration: NotRequired[Mapping[str, JSONValue]]
    must_understand: NotRequired[bool]


Field = str | NamedConfiguration


class ArrayDocument(TypedDict, extra_items=JSONValue):
    zarr_format: Literal[3]
    node_type: Literal["array"]
    data_type: Field
    shape: tuple[Annotated[int, Ge(0)], ...]
    chunk_grid: Field
    chunk_key_encoding: Field
    fill_value: JSONValue
    codecs: tuple[Field, ...]
    attributes: NotRequired[Mapping[str, JSONValue]]
    storage_transformers: NotRequired[tuple[Field, ...]]
    dimension_names: NotRequired[tuple[str | None, ...]]


TEXT = json.dumps(
    {
        "zarr_format": 3,
        "node_type": "array",
        "shape": [10000, 10000],
        "data_type": "float64",
        "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [1000, 1000]}},
        "chunk_key_encoding": {"name": "default", "configuration": {"separator": "/"}},
        "fill_value": 0.0,
        "codecs": [
            {"name": "transpose", "configuration": {"order": [1, 0]}},
            {"name": "bytes", "configuration": {"endian": "little"}},
            {"name": "zstd", "configuration": {"level": 0, "checksum": False}},
        ],
        "attributes": {"units": "m", "scale": [1.0, 0.5], "history": {"created": "2026-11-30"}},
        "storage_transformers": [],
        "dimension_names": ["y", "x"],
    }
)


def median_seconds(function: object, number: int) -> float:
    runs = timeit.repeat(function, number=number, repeat=15)  # pyright: ignore[reportArgumentType]
    return statistics.median(runs) / number


def main() -> None:
    document = json.loads(TEXT)
    refined, problems = check(document, ArrayDocument)
    assert refined is not None and problems == (), problems
    number = 2000
    loads = median_seconds(lambda: json.loads(TEXT), number)
    checked = median_seconds(lambda: check(document, ArrayDocument), number)
    print(f"document: {len(TEXT)} bytes of JSON")
    print(f"json.loads           {loads * 1e6:8.2f} us")
    print(
        f"typed_json.check     {checked * 1e6:8.2f} us   ratio {checked / loads:5.2f} (target <= 2)"
    )


if __name__ == "__main__":
    main()
