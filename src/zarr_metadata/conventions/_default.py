"""The default convention scope: every convention the package defines."""

from __future__ import annotations

from typing import Final

from zarr_metadata.conventions._scope import ConventionScope
from zarr_metadata.conventions.multiscales import MULTISCALES
from zarr_metadata.conventions.ome_ngff_04 import OME_NGFF_04
from zarr_metadata.conventions.ome_zarr_05 import OME_ZARR_05
from zarr_metadata.conventions.spatial import SPATIAL
from zarr_metadata.conventions.xarray import XARRAY
from zarr_metadata.conventions.zarr_conventions import ZARR_CONVENTIONS

DEFAULT_CONVENTIONS: Final = ConventionScope(
    [XARRAY, *OME_NGFF_04, *OME_ZARR_05, ZARR_CONVENTIONS, MULTISCALES, SPATIAL]
)
"""Every built-in convention: xarray, OME-NGFF 0.4, OME-Zarr 0.5, the Zarr conventions framework, multiscales and spatial."""
