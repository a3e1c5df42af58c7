"""Write the metadata-only stores the convention tests judge, with the tools users write them with.

Run with a Python that has xarray, zarr (3), ome-zarr and dask:

    python tests/data/conventions/write_fixtures.py

Each store is written whole into this folder, then every file that is not
metadata (the chunks) is removed, so only what the checker reads is kept.
Writing again replaces the stores.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import numpy as np
import xarray as xr
import zarr
from ome_zarr.format import FormatV04, FormatV05
from ome_zarr.writer import write_image, write_labels, write_plate_metadata, write_well_metadata

HERE = Path(__file__).resolve().parent
METADATA = frozenset({"zarr.json", ".zarray", ".zgroup", ".zattrs"})
MULTISCALES_EXAMPLE = "power-of-2-pyramid.json"


def metadata_only(root: Path) -> None:
    """Remove every file below `root` that is not a node's metadata, and the folders left empty."""
    for directory, _, files in os.walk(root, topdown=False):
        for name in files:
            if name not in METADATA:
                os.remove(os.path.join(directory, name))
        if not os.listdir(directory):
            os.rmdir(directory)


def fresh(name: str) -> Path:
    path = HERE / name
    if path.exists():
        shutil.rmtree(path)
    return path


def xarray_store(zarr_format: int) -> None:
    """A dataset with dimension coordinates and a two-dimensional coordinate (listed in `coordinates`)."""
    time = np.arange(4)
    lat = np.linspace(-10.0, 10.0, 5)
    lon = np.linspace(0.0, 30.0, 6)
    dataset = xr.Dataset(
        {
            "temperature": (("time", "lat", "lon"), np.zeros((4, 5, 6), dtype="float32")),
            "mask": (("lat", "lon"), np.ones((5, 6), dtype="uint8")),
        },
        coords={
            "time": time,
            "lat": lat,
            "lon": lon,
            "elevation": (("lat", "lon"), np.zeros((5, 6))),
        },
    )
    path = fresh(f"xarray_v{zarr_format}.zarr")
    dataset.to_zarr(path, zarr_format=zarr_format, consolidated=False)
    metadata_only(path)


def image(shape: tuple[int, ...]) -> np.ndarray:
    return np.zeros(shape, dtype="uint16")


def ome_image(group: zarr.Group, fmt: object, *, labels: bool) -> None:
    """A 3-level image (channel, y, x), and a label image of it when `labels`."""
    write_image(image((2, 64, 64)), group, scale_factors=(2, 4), axes="cyx", fmt=fmt)
    if labels:
        write_labels(
            np.zeros((1, 64, 64), dtype="uint8"),
            group,
            name="cells",
            scaler=None,
            scale_factors=(2, 4),
            axes="cyx",
            fmt=fmt,
            label_metadata={"colors": [{"label-value": 1, "rgba": [255, 0, 0, 255]}]},
        )


def ome_image_store(version: str) -> None:
    fmt = FormatV04() if version == "0.4" else FormatV05()
    path = fresh(f"ome_image_{version}.zarr")
    root = zarr.open_group(path, mode="w", zarr_format=2 if version == "0.4" else 3)
    ome_image(root, fmt, labels=True)
    metadata_only(path)


def ome_plate_store(version: str) -> None:
    """A plate of 2 rows and 3 columns with 3 wells, each of 2 fields."""
    fmt = FormatV04() if version == "0.4" else FormatV05()
    path = fresh(f"ome_plate_{version}.zarr")
    root = zarr.open_group(path, mode="w", zarr_format=2 if version == "0.4" else 3)
    wells = ["A/1", "A/3", "B/2"]
    write_plate_metadata(
        root, ["A", "B"], ["1", "2", "3"], wells, fmt=fmt, field_count=2, name="test plate"
    )
    for well in wells:
        row, column = well.split("/")
        group = root.require_group(row).require_group(column)
        write_well_metadata(group, ["0", "1"], fmt=fmt)
        for field in ("0", "1"):
            ome_image(group.require_group(field), fmt, labels=False)
    metadata_only(path)


def multiscales_store() -> None:
    """A group following the Zarr multiscales convention (written from its example), with the arrays of its three levels."""
    example_path = (
        HERE.parents[2].parent
        / "shared"
        / "conventions"
        / "zarr-conventions"
        / "multiscales"
        / "examples"
        / MULTISCALES_EXAMPLE
    )
    example = json.loads(example_path.read_text(encoding="utf-8"))
    path = fresh("zarr_conventions_multiscales.zarr")
    root = zarr.open_group(path, mode="w", zarr_format=3, attributes=example["attributes"])
    for index, level in enumerate(example["attributes"]["multiscales"]["layout"]):
        group = root.create_group(level["asset"])
        length = 256 // 2**index
        group.create_array(
            "data", shape=(length, length), dtype="float32", dimension_names=["y", "x"]
        )
    metadata_only(path)


def main() -> None:
    xarray_store(2)
    xarray_store(3)
    for version in ("0.4", "0.5"):
        ome_image_store(version)
        ome_plate_store(version)
    multiscales_store()


if __name__ == "__main__":
    main()
