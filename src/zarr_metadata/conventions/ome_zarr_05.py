"""OME-Zarr 0.5: bioimaging metadata in a v3 node's `attributes.ome`, which names its `version`."""

# No `from __future__ import annotations`: the TypedDicts must see their qualifiers.

from collections.abc import Iterable, Mapping
from typing import Annotated, Any, Final, Literal, NotRequired

from annotated_types import MinLen
from typing_extensions import TypedDict

from zarr_metadata._json import shown
from zarr_metadata._shapes import Unread
from zarr_metadata.conventions._convention import ConventionDefinition, ConventionIssue
from zarr_metadata.conventions._hierarchy import Hierarchy, NodeView
from zarr_metadata.conventions._ome import OmeVersion, ome_definitions
from zarr_metadata.conventions._ome_shapes import (
    OmeImageLabel05,
    OmeMultiscale05,
    OmeOmero,
    OmePlate05,
    OmeWell05,
)

__all__ = [
    "OME_ZARR_05",
    "OME_ZARR_05_IMAGE",
    "OME_ZARR_05_IMAGE_LABEL",
    "OME_ZARR_05_LABELS",
    "OME_ZARR_05_LAYOUT",
    "OME_ZARR_05_NAME",
    "OME_ZARR_05_OME",
    "OME_ZARR_05_OMERO",
    "OME_ZARR_05_PLATE",
    "OME_ZARR_05_SERIES",
    "OME_ZARR_05_WELL",
    "OmeZarr05Attributes",
    "OmeZarr05Image",
    "OmeZarr05ImageLabel",
    "OmeZarr05Labels",
    "OmeZarr05Layout",
    "OmeZarr05Object",
    "OmeZarr05Omero",
    "OmeZarr05Plate",
    "OmeZarr05Series",
    "OmeZarr05Well",
]

OME_ZARR_05_NAME: Final = "ome-zarr-0.5"
_VERSION_SECTION: Final = "OME-Zarr Metadata"
_LABELS_SECTION: Final = '"labels" metadata'


class OmeZarr05Object(TypedDict, extra_items=Unread):
    """The `ome` object: the version of the metadata it holds."""

    version: NotRequired[str]


class OmeZarr05Attributes(TypedDict, extra_items=Unread):
    """The attributes of any node holding OME-Zarr metadata."""

    ome: OmeZarr05Object


class OmeZarr05Image(TypedDict, extra_items=Unread):
    """The `ome` object of a multiscale image."""

    multiscales: Annotated[tuple[OmeMultiscale05, ...], MinLen(1)]


class OmeZarr05Omero(TypedDict, extra_items=Unread):
    """The `ome` object of an image that says how to show its channels."""

    omero: OmeOmero


class OmeZarr05Labels(TypedDict, extra_items=Unread):
    """The `ome` object of a `labels` group."""

    labels: tuple[str, ...]


OmeZarr05ImageLabel = TypedDict(
    "OmeZarr05ImageLabel", {"image-label": OmeImageLabel05}, extra_items=Unread
)
"""The `ome` object of a label image."""


class OmeZarr05Plate(TypedDict, extra_items=Unread):
    """The `ome` object of a plate group."""

    plate: OmePlate05


class OmeZarr05Well(TypedDict, extra_items=Unread):
    """The `ome` object of a well group."""

    well: OmeWell05


OmeZarr05Layout = TypedDict(
    "OmeZarr05Layout", {"bioformats2raw.layout": Literal[3]}, extra_items=Unread
)
"""The `ome` object of the root of a store bioformats2raw wrote."""


class OmeZarr05Series(TypedDict, extra_items=Unread):
    """The `ome` object of the `OME` group bioformats2raw writes: the path of each image."""

    series: tuple[str, ...]


_VERSION: Final = OmeVersion(
    name=OME_ZARR_05_NAME,
    title="OME-Zarr 0.5",
    version="0.5",
    namespace=("ome",),
    versioned_parts=False,
    labels_section=_LABELS_SECTION,
    image_label_section=_LABELS_SECTION,
    integer_labels=True,
)

_DEFINITIONS: Final = ome_definitions(
    _VERSION,
    {
        "multiscales": OmeZarr05Image,
        "omero": OmeZarr05Omero,
        "labels": OmeZarr05Labels,
        "image-label": OmeZarr05ImageLabel,
        "plate": OmeZarr05Plate,
        "well": OmeZarr05Well,
        "bioformats2raw.layout": OmeZarr05Layout,
        "series": OmeZarr05Series,
    },
)


_VERSIONED_PARTS: Final = (
    "multiscales",
    "image-label",
    "plate",
    "well",
    "bioformats2raw.layout",
    "series",
)


def _version_rule(attributes: OmeZarr05Attributes, node: NodeView) -> Iterable[ConventionIssue]:
    metadata = attributes["ome"]
    if "version" in metadata:
        return ()
    loc = ("attributes", "ome", "version")
    parts = [part for part in _VERSIONED_PARTS if part in metadata]
    if parts:
        # The schema of each of these parts requires the version beside it.
        message = f'missing required member "version" beside {shown(parts[0])}'
        return [ConventionIssue(path=node.path, loc=loc, message=message, kind="missing_key")]
    # ome-zarr-py writes a `labels` group's `ome` object without it; no schema requires it there.
    message = 'the ome object should give the version of the metadata: missing member "version"'
    return [
        ConventionIssue(
            path=node.path, loc=loc, message=message, kind="missing_key", level="should"
        )
    ]


def _version_rules(
    followers: Mapping[str, OmeZarr05Attributes], hierarchy: Hierarchy
) -> Iterable[ConventionIssue]:
    found: list[ConventionIssue] = []
    first: tuple[str, str] | None = None
    unknown: set[str] = set()
    for path, attributes in followers.items():
        version = attributes["ome"].get("version")
        if version is None:
            continue
        loc = ("attributes", "ome", "version")
        if first is None:
            first = (version, path)
        elif version != first[0]:
            message = f"expected one version in a hierarchy: {shown(first[0])} as at {shown(first[1] or '/')}, got {shown(version)}"
            found.append(
                ConventionIssue(
                    path=path, loc=loc, message=message, section=_VERSION_SECTION, input=version
                )
            )
        if version != "0.5" and version not in unknown:
            unknown.add(version)
            message = f'OME-Zarr metadata of version {shown(version)} is not checked: the scope knows version "0.5"'
            found.append(
                ConventionIssue(
                    path=path,
                    loc=loc,
                    message=message,
                    level="should",
                    section=_VERSION_SECTION,
                    input=version,
                )
            )
    return found


OME_ZARR_05_OME: Final = ConventionDefinition[OmeZarr05Attributes](
    name=f"{OME_ZARR_05_NAME}/ome",
    title="OME-Zarr 0.5",
    section=_VERSION_SECTION,
    attributes=OmeZarr05Attributes,
    markers=frozenset({"ome"}),
    rules=_version_rule,
    hierarchy_rules=_version_rules,
)
"""The `ome` object: a version, the same throughout the hierarchy."""
OME_ZARR_05_IMAGE: Final[ConventionDefinition[Any]] = _DEFINITIONS["multiscales"]
"""`multiscales`: axes, levels and transformations; each level an array below the group, of one dimension per axis, no larger than the one before."""
OME_ZARR_05_OMERO: Final[ConventionDefinition[Any]] = _DEFINITIONS["omero"]
"""`omero`: the channels of an image, each with a colour and a window."""
OME_ZARR_05_LABELS: Final[ConventionDefinition[Any]] = _DEFINITIONS["labels"]
"""`labels`: each entry a label image group below, with as many levels as the image."""
OME_ZARR_05_IMAGE_LABEL: Final[ConventionDefinition[Any]] = _DEFINITIONS["image-label"]
"""`image-label`: the colours and properties of each label value, in a multiscale image."""
OME_ZARR_05_PLATE: Final[ConventionDefinition[Any]] = _DEFINITIONS["plate"]
"""`plate`: rows, columns and wells that agree, each well a group with `well` metadata."""
OME_ZARR_05_WELL: Final[ConventionDefinition[Any]] = _DEFINITIONS["well"]
"""`well`: the fields of view, each an image group of an acquisition the plate lists."""
OME_ZARR_05_LAYOUT: Final[ConventionDefinition[Any]] = _DEFINITIONS["bioformats2raw.layout"]
"""`bioformats2raw.layout`: the layout version (3)."""
OME_ZARR_05_SERIES: Final[ConventionDefinition[Any]] = _DEFINITIONS["series"]
"""`series`: the path of each image bioformats2raw wrote."""

OME_ZARR_05: Final = (OME_ZARR_05_OME, *_DEFINITIONS.values())
"""Every definition of OME-Zarr 0.5."""
