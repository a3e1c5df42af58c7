"""How long a pydantic `TypeAdapter` over `ZarrV3ArrayMetadataField` takes on document A, next to the reader alone.

Run: python benchmarks/pydantic_fields.py
Target (issue 11): the adapter takes at most 1.3 times `read_array_metadata_v3` on the same dict.
"""

from __future__ import annotations

import statistics
import sys
import timeit
from collections.abc import Callable
from pathlib import Path

from pydantic import TypeAdapter

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from read import array_a  # noqa: E402
from zarr_metadata.model import read_array_metadata_v3  # noqa: E402
from zarr_metadata.pydantic import ZarrV3ArrayMetadataField  # noqa: E402

TARGET = 1.3


def per_call(function: Callable[[], object], number: int = 20_000) -> float:
    """The median time of one call of `function`, in seconds, over seven runs."""
    return statistics.median(timeit.repeat(function, number=number, repeat=7)) / number


def main() -> None:
    document = array_a()
    adapter = TypeAdapter(ZarrV3ArrayMetadataField)
    assert adapter.validate_python(document) == read_array_metadata_v3(document).metadata
    reader = per_call(lambda: read_array_metadata_v3(document))
    pydantic = per_call(lambda: adapter.validate_python(document))
    ratio = pydantic / reader
    print(f"read_array_metadata_v3: {reader * 1e6:8.2f} µs")
    print(f"TypeAdapter:            {pydantic * 1e6:8.2f} µs")
    print(f"ratio: {ratio:.2f} (target ≤ {TARGET}) {'ok' if ratio <= TARGET else 'OVER'}")


if __name__ == "__main__":
    main()
