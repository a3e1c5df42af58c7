"""`clear_caches()` reaches every cache the package keeps."""

from __future__ import annotations

import functools
import importlib
import pkgutil

import zarr_metadata
from zarr_metadata._caches import KEPT
from zarr_metadata.model import read_array_metadata_v3


def _every_module() -> list[str]:
    names = []
    for module in pkgutil.walk_packages(zarr_metadata.__path__, "zarr_metadata."):
        if module.name.endswith("__main__"):
            continue  # running it runs the command
        try:
            importlib.import_module(module.name)
        except ImportError:  # an optional extra that is not installed
            continue
        names.append(module.name)
    return names


def test_every_function_that_keeps_what_it_computed_is_one_clear_caches_clears() -> None:
    found = set()
    for name in _every_module():
        module = importlib.import_module(name)
        for attribute, value in vars(module).items():
            if (
                isinstance(value, functools._lru_cache_wrapper)
                and getattr(value, "__module__", name) == name
            ):  # pyright: ignore[reportPrivateUsage]
                found.add((name, attribute))
    assert found, "the package keeps at least one_length"
    assert found <= set(KEPT)


def test_after_clear_caches_nothing_is_kept() -> None:
    metadata = read_array_metadata_v3(
        {
            "zarr_format": 3,
            "node_type": "array",
            "shape": [4],
            "data_type": "float16",
            "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [2]}},
            "chunk_key_encoding": {"name": "default"},
            "fill_value": "0x7e00",
            "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}],
        }
    ).metadata
    assert metadata is not None
    hash(metadata)  # a model hashes by its canonical spelling, its fill value's included
    kept = [
        getattr(importlib.import_module(module), name) for module, name in KEPT if _loaded(module)
    ]
    assert any(function.cache_info().currsize for function in kept)
    zarr_metadata.clear_caches()
    assert [function.cache_info().currsize for function in kept] == [0] * len(kept)


def _loaded(module: str) -> bool:
    try:
        importlib.import_module(module)
    except ImportError:
        return False
    return True
