"""The TypedDicts of OME-NGFF metadata: what versions 0.4 and 0.5 share, and where they differ."""

# No `from __future__ import annotations`: the functional TypedDicts must see NotRequired.

from typing import Annotated, Literal, NotRequired

from annotated_types import Ge, Gt, Le, Len, MaxLen, MinLen
from typing_extensions import TypedDict

from zarr_metadata._shapes import Unread


class OmeAxis(TypedDict, extra_items=Unread):
    """One axis of a multiscale image: its name, and its type and unit when given."""

    name: str
    type: NotRequired[str]
    unit: NotRequired[str]


class OmeScale(TypedDict, extra_items=Unread):
    """A scale transformation: one factor per axis."""

    type: Literal["scale"]
    scale: Annotated[tuple[float, ...], MinLen(2)]


class OmeTranslation(TypedDict, extra_items=Unread):
    """A translation transformation: one offset per axis."""

    type: Literal["translation"]
    translation: Annotated[tuple[float, ...], MinLen(2)]


OmeTransformations = Annotated[tuple[OmeScale | OmeTranslation, ...], MinLen(1)]
"""The coordinate transformations of a dataset or of a whole multiscale image: a scale, then perhaps a translation."""


class OmeDataset(TypedDict, extra_items=Unread):
    """One resolution level: the path of its array below the image group, and its transformations."""

    path: str
    coordinateTransformations: OmeTransformations


class OmeMultiscale05(TypedDict, extra_items=Unread):
    """One multiscale image (0.5): its axes, its levels from largest to smallest, and how they were made."""

    name: NotRequired[str]
    axes: Annotated[tuple[OmeAxis, ...], MinLen(2), MaxLen(5)]
    datasets: Annotated[tuple[OmeDataset, ...], MinLen(1)]
    coordinateTransformations: NotRequired[OmeTransformations]
    type: NotRequired[Unread]
    metadata: NotRequired[Unread]


class OmeMultiscale04(TypedDict, extra_items=Unread):
    """One multiscale image (0.4), which also names its version."""

    name: NotRequired[str]
    axes: Annotated[tuple[OmeAxis, ...], MinLen(2), MaxLen(5)]
    datasets: Annotated[tuple[OmeDataset, ...], MinLen(1)]
    coordinateTransformations: NotRequired[OmeTransformations]
    type: NotRequired[Unread]
    metadata: NotRequired[Unread]
    version: NotRequired[Literal["0.4"]]


class OmeWindow(TypedDict, extra_items=Unread):
    """The display window of a channel."""

    start: float
    min: float
    end: float
    max: float


class OmeChannel(TypedDict, extra_items=Unread):
    """One channel of the `omero` metadata: its colour and window, and how it is shown."""

    window: OmeWindow
    color: str
    label: NotRequired[str]
    family: NotRequired[str]
    active: NotRequired[bool]


class OmeOmero(TypedDict, extra_items=Unread):
    """The transitional `omero` metadata: how to show each channel."""

    channels: tuple[OmeChannel, ...]


OmeColor = TypedDict(
    "OmeColor",
    {
        "label-value": int,
        "rgba": NotRequired[Annotated[tuple[Annotated[int, Ge(0), Le(255)], ...], Len(4, 4)]],
    },
    extra_items=Unread,
)
"""The colour of one label value: four integers from 0 to 255 (red, green, blue, alpha)."""

OmeLabelProperties = TypedDict("OmeLabelProperties", {"label-value": int}, extra_items=Unread)
"""The properties of one label value (any members besides `label-value`)."""


class OmeLabelSource(TypedDict, extra_items=Unread):
    """The image a label image was made from."""

    image: NotRequired[str]


class OmeImageLabel05(TypedDict, extra_items=Unread):
    """The `image-label` metadata (0.5): the colours and properties of the label values, and the source image."""

    colors: NotRequired[Annotated[tuple[OmeColor, ...], MinLen(1)]]
    properties: NotRequired[Annotated[tuple[OmeLabelProperties, ...], MinLen(1)]]
    source: NotRequired[OmeLabelSource]


class OmeImageLabel04(TypedDict, extra_items=Unread):
    """The `image-label` metadata (0.4), which also names its version."""

    colors: NotRequired[Annotated[tuple[OmeColor, ...], MinLen(1)]]
    properties: NotRequired[Annotated[tuple[OmeLabelProperties, ...], MinLen(1)]]
    source: NotRequired[OmeLabelSource]
    version: NotRequired[Literal["0.4"]]


class OmeAcquisition(TypedDict, extra_items=Unread):
    """One acquisition of a plate."""

    id: Annotated[int, Ge(0)]
    maximumfieldcount: NotRequired[Annotated[int, Gt(0)]]
    name: NotRequired[str]
    description: NotRequired[str]
    starttime: NotRequired[Annotated[int, Ge(0)]]
    endtime: NotRequired[Annotated[int, Ge(0)]]


class OmeNamed(TypedDict, extra_items=Unread):
    """A row or a column of a plate."""

    name: str


class OmeWellReference(TypedDict, extra_items=Unread):
    """A well of a plate: its path (`row/column`) and the indices of its row and column."""

    path: str
    rowIndex: Annotated[int, Ge(0)]
    columnIndex: Annotated[int, Ge(0)]


class OmePlate05(TypedDict, extra_items=Unread):
    """The `plate` metadata (0.5): its rows, columns, wells and acquisitions."""

    acquisitions: NotRequired[tuple[OmeAcquisition, ...]]
    field_count: NotRequired[Annotated[int, Gt(0)]]
    name: NotRequired[str]
    columns: Annotated[tuple[OmeNamed, ...], MinLen(1)]
    rows: Annotated[tuple[OmeNamed, ...], MinLen(1)]
    wells: Annotated[tuple[OmeWellReference, ...], MinLen(1)]


class OmePlate04(TypedDict, extra_items=Unread):
    """The `plate` metadata (0.4), which also names its version."""

    acquisitions: NotRequired[tuple[OmeAcquisition, ...]]
    field_count: NotRequired[Annotated[int, Gt(0)]]
    name: NotRequired[str]
    columns: Annotated[tuple[OmeNamed, ...], MinLen(1)]
    rows: Annotated[tuple[OmeNamed, ...], MinLen(1)]
    wells: Annotated[tuple[OmeWellReference, ...], MinLen(1)]
    version: NotRequired[Literal["0.4"]]


class OmeWellImage(TypedDict, extra_items=Unread):
    """One field of view of a well: its path below the well, and its acquisition."""

    path: str
    acquisition: NotRequired[int]


class OmeWell05(TypedDict, extra_items=Unread):
    """The `well` metadata (0.5): the fields of view of one well."""

    images: Annotated[tuple[OmeWellImage, ...], MinLen(1)]


class OmeWell04(TypedDict, extra_items=Unread):
    """The `well` metadata (0.4), which also names its version."""

    images: Annotated[tuple[OmeWellImage, ...], MinLen(1)]
    version: NotRequired[Literal["0.4"]]
