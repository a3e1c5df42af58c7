"""The rules of OME-NGFF labels that 0.4 and 0.5 share: the `labels` list and the `image-label` metadata of each label image."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, cast

from zarr_metadata._json import Loc, shown
from zarr_metadata.conventions._convention import ConventionIssue
from zarr_metadata.conventions._hierarchy import Hierarchy, joined, members, parent_of
from zarr_metadata.conventions._rules import duplicates, recommended, repeated_items


def ome_object(
    attributes: Mapping[str, Any], namespace: tuple[str, ...]
) -> Mapping[str, Any] | None:
    """The object OME-NGFF metadata sits in: the attributes (0.4), or the object at `namespace` inside them (0.5); None when there is none."""
    found: Mapping[str, Any] | None = attributes
    for key in namespace:
        found = members(found.get(key)) if found is not None else None
    return found


def image_label_rules(
    path: str, base: Loc, attributes: Mapping[str, Any], section: str, *, versioned: bool
) -> list[ConventionIssue]:
    """The issues of the `image-label` metadata at `(*base, "image-label")`, in a label image whose metadata object is `attributes`."""
    label = attributes["image-label"]
    loc = (*base, "image-label")
    found: list[ConventionIssue] = []
    if "colors" in label:
        found += duplicates(
            path,
            (*loc, "colors"),
            label["colors"],
            lambda color: color["label-value"],
            "label value",
            member=("label-value",),
            section=section,
        )
    if "properties" in label:
        found += repeated_items(
            path, (*loc, "properties"), label["properties"], "label properties", section=section
        )
    members = ("colors", "version") if versioned else ("colors",)
    found += recommended(path, loc, label, members, "the image-label metadata", section=section)
    return found


def label_image_rules(
    path: str, base: Loc, attributes: Mapping[str, Any], section: str
) -> list[ConventionIssue]:
    """The issue of a node holding `image-label` metadata but no `multiscales`: a label image is a multiscale image.

    The `image-label` schema judges the member alone; that the node holding
    it is an image is a rule of the store, so it runs with the rules across
    nodes.
    """
    if "multiscales" in attributes:
        return []
    message = 'missing required member "multiscales": a label image is a multiscale image'
    return [
        ConventionIssue(
            path=path,
            loc=(*base, "multiscales"),
            message=message,
            kind="missing_key",
            section=section,
        )
    ]


def labels_hierarchy_rules(
    path: str,
    base: Loc,
    labels: Sequence[str],
    hierarchy: Hierarchy,
    namespace: tuple[str, ...],
    section: str,
    *,
    integer_pixels: bool,
) -> list[ConventionIssue]:
    """The issues of the `labels` list of the group at `path`: each entry a label image, with as many levels as the image it labels (and, with `integer_pixels`, arrays of integers)."""
    found: list[ConventionIssue] = []
    parent = hierarchy.node(parent_of(path)) if path else None
    image_levels = _levels(ome_object(parent.attributes, namespace)) if parent is not None else None
    for index, entry in enumerate(labels):
        loc = (*base, "labels", index)
        target = joined(path, entry)
        node = hierarchy.node(target)
        if hierarchy.unread(target):
            continue  # what its document says is not known
        if node is None or node.is_array:
            what = "no node" if node is None else "an array"
            message = f"expected a label image group at {shown(target if target is not None else entry)}, but the store has {what} there"
            found.append(
                ConventionIssue(path=path, loc=loc, message=message, section=section, input=entry)
            )
            continue
        metadata = ome_object(node.attributes, namespace)
        if metadata is None or "multiscales" not in metadata:
            message = f"expected the group {shown(target)} to be a label image, but it has no multiscales metadata"
            found.append(
                ConventionIssue(path=path, loc=loc, message=message, section=section, input=entry)
            )
            continue
        if "image-label" not in metadata:
            message = f"the label image {shown(target)} should hold image-label metadata"
            found.append(
                ConventionIssue(
                    path=path,
                    loc=loc,
                    message=message,
                    level="should",
                    section=section,
                    input=entry,
                )
            )
        if integer_pixels:
            found += _integer_pixels(node.path, metadata, hierarchy, section)
        levels = _levels(metadata)
        if image_levels is not None and levels is not None and levels != image_levels:
            message = f"expected the label image {shown(target)} to have as many levels as the image it labels ({image_levels}), got {levels}"
            found.append(
                ConventionIssue(path=path, loc=loc, message=message, section=section, input=entry)
            )
    return found


_INTEGERS: Final = frozenset(
    {"uint8", "int8", "uint16", "int16", "uint32", "int32", "uint64", "int64"}
)


def _integer_pixels(
    image: str, metadata: Mapping[str, Any], hierarchy: Hierarchy, section: str
) -> list[ConventionIssue]:
    """An issue at each level of the label image at `image` whose array holds no integers (0.5: "MUST be integer data types")."""
    found: list[ConventionIssue] = []
    multiscales = metadata.get("multiscales")
    if not isinstance(multiscales, list | tuple):
        return found
    for multiscale in cast("Sequence[object]", multiscales):
        datasets = members(multiscale)
        listed = datasets.get("datasets") if datasets is not None else None
        for dataset in cast("Sequence[object]", listed) if isinstance(listed, list | tuple) else ():
            written = members(dataset)
            relative = written.get("path") if written is not None else None
            node = hierarchy.node(joined(image, relative)) if isinstance(relative, str) else None
            if node is None or node.zarr_format != 3:
                continue
            name = node.data_type_name
            if name is not None and name not in _INTEGERS:
                message = f"expected the pixels of a label image to be integers (uint8 ... int64), got {shown(name)}"
                found.append(
                    ConventionIssue(
                        path=node.path,
                        loc=("data_type",),
                        message=message,
                        section=section,
                        input=name,
                    )
                )
    return found


def _levels(metadata: Mapping[str, Any] | None) -> int | None:
    """The number of levels of the first multiscale image in `metadata`; None when it holds none that can be counted."""
    if metadata is None:
        return None
    multiscales = metadata.get("multiscales")
    if not isinstance(multiscales, Sequence) or isinstance(multiscales, str) or not multiscales:
        return None
    first = members(cast("Sequence[object]", multiscales)[0])
    datasets = first.get("datasets") if first is not None else None
    if not isinstance(datasets, Sequence) or isinstance(datasets, str):
        return None
    return len(cast("Sequence[object]", datasets))
