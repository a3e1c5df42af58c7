"""OME-NGFF 0.4: bioimaging metadata in a v2 node's `.zattrs` (`multiscales`, `omero`, `labels`, `image-label`, `plate`, `well`)."""

# No `from __future__ import annotations`: the TypedDicts must see their qualifiers.

from typing import Annotated, Any, Final, Literal

from annotated_types import MinLen
from typing_extensions import TypedDict

from zarr_metadata._shapes import Unread
from zarr_metadata.conventions._convention import ConventionDefinition
from zarr_metadata.conventions._ome import OmeVersion, ome_definitions
from zarr_metadata.conventions._ome_shapes import (
    OmeImageLabel04,
    OmeMultiscale04,
    OmeOmero,
    OmePlate04,
    OmeWell04,
)

__all__ = [
    "OME_NGFF_04",
    "OME_NGFF_04_IMAGE",
    "OME_NGFF_04_IMAGE_LABEL",
    "OME_NGFF_04_LABELS",
    "OME_NGFF_04_LAYOUT",
    "OME_NGFF_04_NAME",
    "OME_NGFF_04_OMERO",
    "OME_NGFF_04_PLATE",
    "OME_NGFF_04_WELL",
    "OmeNgff04Image",
    "OmeNgff04ImageLabel",
    "OmeNgff04Labels",
    "OmeNgff04Layout",
    "OmeNgff04Omero",
    "OmeNgff04Plate",
    "OmeNgff04Well",
]

OME_NGFF_04_NAME: Final = "ome-ngff-0.4"


class OmeNgff04Image(TypedDict, extra_items=Unread):
    """The attributes of a multiscale image."""

    multiscales: Annotated[tuple[OmeMultiscale04, ...], MinLen(1)]


class OmeNgff04Omero(TypedDict, extra_items=Unread):
    """The attributes of an image that says how to show its channels."""

    omero: OmeOmero


class OmeNgff04Labels(TypedDict, extra_items=Unread):
    """The attributes of a `labels` group: the paths of its label images."""

    labels: tuple[str, ...]


OmeNgff04ImageLabel = TypedDict(
    "OmeNgff04ImageLabel", {"image-label": OmeImageLabel04}, extra_items=Unread
)
"""The attributes of a label image."""


class OmeNgff04Plate(TypedDict, extra_items=Unread):
    """The attributes of a plate group."""

    plate: OmePlate04


class OmeNgff04Well(TypedDict, extra_items=Unread):
    """The attributes of a well group."""

    well: OmeWell04


OmeNgff04Layout = TypedDict(
    "OmeNgff04Layout", {"bioformats2raw.layout": Literal[3]}, extra_items=Unread
)
"""The attributes of the root of a store bioformats2raw wrote."""

_VERSION: Final = OmeVersion(
    name=OME_NGFF_04_NAME,
    title="OME-NGFF 0.4",
    version="0.4",
    namespace=(),
    versioned_parts=True,
    labels_section='"labels" metadata',
    image_label_section='"image-label" metadata',
    integer_labels=False,
)

_DEFINITIONS: Final = ome_definitions(
    _VERSION,
    {
        "multiscales": OmeNgff04Image,
        "omero": OmeNgff04Omero,
        "labels": OmeNgff04Labels,
        "image-label": OmeNgff04ImageLabel,
        "plate": OmeNgff04Plate,
        "well": OmeNgff04Well,
        "bioformats2raw.layout": OmeNgff04Layout,
    },
)

OME_NGFF_04_IMAGE: Final[ConventionDefinition[Any]] = _DEFINITIONS["multiscales"]
"""`multiscales`: axes, levels and transformations; each level an array below the group, of one dimension per axis, no larger than the one before."""
OME_NGFF_04_OMERO: Final[ConventionDefinition[Any]] = _DEFINITIONS["omero"]
"""`omero`: the channels of an image, each with a colour and a window."""
OME_NGFF_04_LABELS: Final[ConventionDefinition[Any]] = _DEFINITIONS["labels"]
"""`labels`: each entry a label image group below, with as many levels as the image."""
OME_NGFF_04_IMAGE_LABEL: Final[ConventionDefinition[Any]] = _DEFINITIONS["image-label"]
"""`image-label`: the colours and properties of each label value, in a multiscale image."""
OME_NGFF_04_PLATE: Final[ConventionDefinition[Any]] = _DEFINITIONS["plate"]
"""`plate`: rows, columns and wells that agree, each well a group with `well` metadata."""
OME_NGFF_04_WELL: Final[ConventionDefinition[Any]] = _DEFINITIONS["well"]
"""`well`: the fields of view, each an image group of an acquisition the plate lists."""
OME_NGFF_04_LAYOUT: Final[ConventionDefinition[Any]] = _DEFINITIONS["bioformats2raw.layout"]
"""`bioformats2raw.layout`: the layout version (3)."""

OME_NGFF_04: Final = tuple(_DEFINITIONS.values())
"""Every definition of OME-NGFF 0.4."""
