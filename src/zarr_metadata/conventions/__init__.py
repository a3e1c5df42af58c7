"""Conventions: the meaning a store gives its attributes (xarray, OME-NGFF, the Zarr conventions), judged over the documents of a whole store.

`check_conventions(hierarchy)` takes the node models of one store by path
and returns a `ConventionsReport`: its `problems` are the breaches of a
convention's MUST, its `warnings` those of a SHOULD (and the conventions a
store declares that the scope cannot check). A convention is a
`ConventionDefinition`; a `ConventionScope` holds the definitions a check
understands (`DEFAULT_CONVENTIONS`: every built-in).
"""

from zarr_metadata.conventions._check import (
    ConventionProblem,
    ConventionsReport,
    Severity,
    check_conventions,
)
from zarr_metadata.conventions._convention import ConventionDefinition, ConventionIssue, Level
from zarr_metadata.conventions._declared import declared
from zarr_metadata.conventions._default import DEFAULT_CONVENTIONS
from zarr_metadata.conventions._hierarchy import (
    Hierarchy,
    NodeMetadata,
    NodeView,
    joined,
    parent_of,
)
from zarr_metadata.conventions._scope import ConventionConflictError, ConventionScope
from zarr_metadata.conventions.multiscales import MULTISCALES
from zarr_metadata.conventions.ome_ngff_04 import OME_NGFF_04
from zarr_metadata.conventions.ome_zarr_05 import OME_ZARR_05
from zarr_metadata.conventions.spatial import SPATIAL
from zarr_metadata.conventions.xarray import XARRAY
from zarr_metadata.conventions.zarr_conventions import ZARR_CONVENTIONS

__all__ = [
    "DEFAULT_CONVENTIONS",
    "MULTISCALES",
    "OME_NGFF_04",
    "OME_ZARR_05",
    "SPATIAL",
    "XARRAY",
    "ZARR_CONVENTIONS",
    "ConventionConflictError",
    "ConventionDefinition",
    "ConventionIssue",
    "ConventionProblem",
    "ConventionScope",
    "ConventionsReport",
    "Hierarchy",
    "Level",
    "NodeMetadata",
    "NodeView",
    "Severity",
    "check_conventions",
    "declared",
    "joined",
    "parent_of",
]
