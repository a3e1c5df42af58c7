"""OME-NGFF definitions of one version, made alike for 0.4 (in the attributes) and 0.5 (in the attributes' `ome` object)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final, cast

from zarr_metadata.conventions._convention import ConventionDefinition, ConventionIssue
from zarr_metadata.conventions._hierarchy import Hierarchy, NodeView
from zarr_metadata.conventions._ome_image import (
    MULTISCALES,
    OMERO,
    levels_rules,
    multiscales_rules,
    omero_rules,
)
from zarr_metadata.conventions._ome_labels import (
    image_label_rules,
    label_image_rules,
    labels_hierarchy_rules,
    ome_object,
)
from zarr_metadata.conventions._ome_plate import (
    PLATE,
    WELL,
    plate_hierarchy_rules,
    plate_rules,
    well_hierarchy_rules,
    well_rules,
)


@dataclasses.dataclass(frozen=True, kw_only=True)
class OmeVersion:
    """What differs between the OME-NGFF versions: where the metadata sits, how messages name them, and where versions are written."""

    name: str
    """The convention's name (`ome-ngff-0.4`), before the `/` of each definition's name."""
    title: str
    version: str
    namespace: tuple[str, ...]
    """The keys from `attributes` to the metadata object: () for 0.4, `("ome",)` for 0.5."""
    versioned_parts: bool
    """Whether each part (`multiscales` items, `plate`, `well`, `image-label`) names its version (0.4), rather than the `ome` object (0.5)."""
    labels_section: str
    image_label_section: str
    integer_labels: bool
    """Whether the spec requires the arrays of a label image to hold integers (0.5)."""

    @property
    def base(self) -> tuple[str, ...]:
        """Where the metadata object sits in a node's document."""
        return ("attributes", *self.namespace)


@dataclasses.dataclass(frozen=True)
class Bound:
    """A module function with its first arguments given: a hook that pickles, and equals its copies."""

    function: Callable[..., Any]
    given: tuple[Any, ...]

    def __call__(self, *arguments: Any) -> Any:
        return self.function(*self.given, *arguments)


def _versions_of(part: str, value: object) -> Iterable[object]:
    """The versions a 0.4 part writes for itself."""
    if part == "multiscales" and isinstance(value, list | tuple):
        items = cast("Sequence[object]", value)
        return [
            cast("Mapping[str, object]", item).get("version")
            for item in items
            if isinstance(item, Mapping)
        ]
    if isinstance(value, Mapping):
        return [cast("Mapping[str, object]", value).get("version")]
    return []


_LISTS: Final = frozenset({"multiscales", "labels"})
_OBJECTS: Final = frozenset({"omero", "image-label", "plate", "well"})


def _looks_like(part: str, value: object, node: NodeView) -> bool:
    """Whether an attribute named like a part of OME-NGFF 0.4 (which has no namespace of its own) is one.

    Its keys are common words, so a value of another JSON type is another
    convention's or the user's own (`"plate": "P001"`; a `multiscales`
    object is the Zarr multiscales convention's layout), and `labels` is
    OME-NGFF's only in the group named "labels".
    """
    if part in _LISTS and not isinstance(value, list | tuple):
        return False
    if part in _OBJECTS and not isinstance(value, Mapping):
        return False
    return part != "labels" or node.path.rpartition("/")[2] == "labels"


def _detect(
    version: OmeVersion, part: str, node: NodeView, definition: ConventionDefinition[Any]
) -> bool:
    metadata = ome_object(node.attributes, version.namespace)
    if metadata is None or part not in metadata:
        return False
    if not version.namespace and not _looks_like(part, metadata[part], node):
        return False
    if version.versioned_parts:
        # Another version's metadata (0.3 writes `"version": "0.3"`) is not judged by 0.4's rules.
        return all(
            not isinstance(found, str) or found == version.version
            for found in _versions_of(part, metadata[part])
        )
    written = metadata.get("version")
    return not isinstance(written, str) or written == version.version


def _image_rules(
    version: OmeVersion, attributes: Mapping[str, Any], node: NodeView
) -> list[ConventionIssue]:
    return multiscales_rules(
        node.path, version.base, attributes["multiscales"], versioned=version.versioned_parts
    )


def _image_hierarchy_rules(
    version: OmeVersion, followers: Mapping[str, Mapping[str, Any]], hierarchy: Hierarchy
) -> list[ConventionIssue]:
    found: list[ConventionIssue] = []
    for path, attributes in followers.items():
        found += levels_rules(path, version.base, attributes["multiscales"], hierarchy)
    return found


def _omero_rules(
    version: OmeVersion, attributes: Mapping[str, Any], node: NodeView
) -> list[ConventionIssue]:
    return omero_rules(node.path, version.base, attributes)


def _image_label_rules(
    version: OmeVersion, attributes: Mapping[str, Any], node: NodeView
) -> list[ConventionIssue]:
    return image_label_rules(
        node.path,
        version.base,
        attributes,
        version.image_label_section,
        versioned=version.versioned_parts,
    )


def _label_image_rules(
    version: OmeVersion, followers: Mapping[str, Mapping[str, Any]], hierarchy: Hierarchy
) -> list[ConventionIssue]:
    found: list[ConventionIssue] = []
    for path, attributes in followers.items():
        found += label_image_rules(path, version.base, attributes, version.image_label_section)
    return found


def _labels_hierarchy_rules(
    version: OmeVersion, followers: Mapping[str, Mapping[str, Any]], hierarchy: Hierarchy
) -> list[ConventionIssue]:
    found: list[ConventionIssue] = []
    for path, attributes in followers.items():
        found += labels_hierarchy_rules(
            path,
            version.base,
            attributes["labels"],
            hierarchy,
            version.namespace,
            version.labels_section,
            integer_pixels=version.integer_labels,
        )
    return found


def _plate_rules(
    version: OmeVersion, attributes: Mapping[str, Any], node: NodeView
) -> list[ConventionIssue]:
    return plate_rules(
        node.path, version.base, attributes["plate"], versioned=version.versioned_parts
    )


def _plate_hierarchy_rules(
    version: OmeVersion, followers: Mapping[str, Mapping[str, Any]], hierarchy: Hierarchy
) -> list[ConventionIssue]:
    found: list[ConventionIssue] = []
    for path, attributes in followers.items():
        found += plate_hierarchy_rules(
            path, version.base, attributes["plate"], hierarchy, version.namespace
        )
    return found


def _well_rules(
    version: OmeVersion, attributes: Mapping[str, Any], node: NodeView
) -> list[ConventionIssue]:
    return well_rules(
        node.path, version.base, attributes["well"], versioned=version.versioned_parts
    )


def _well_hierarchy_rules(
    version: OmeVersion, followers: Mapping[str, Mapping[str, Any]], hierarchy: Hierarchy
) -> list[ConventionIssue]:
    found: list[ConventionIssue] = []
    for path, attributes in followers.items():
        found += well_hierarchy_rules(
            path, version.base, attributes["well"], hierarchy, version.namespace
        )
    return found


def ome_definitions(
    version: OmeVersion, shapes: Mapping[str, type[Any]]
) -> dict[str, ConventionDefinition[Any]]:
    """The definitions of one OME-NGFF version, by part (`multiscales`, `omero`, `labels`, `image-label`, `plate`, `well`, ...).

    `shapes` holds the TypedDict of the metadata object for each part, each
    requiring that part. Hooks are module functions bound to the
    version, so that the definitions pickle.
    """
    hooks: dict[str, tuple[str, Any, Any]] = {
        "multiscales": (MULTISCALES, _image_rules, _image_hierarchy_rules),
        "omero": (OMERO, _omero_rules, None),
        "labels": (version.labels_section, None, _labels_hierarchy_rules),
        "image-label": (version.image_label_section, _image_label_rules, _label_image_rules),
        "plate": (PLATE, _plate_rules, _plate_hierarchy_rules),
        "well": (WELL, _well_rules, _well_hierarchy_rules),
    }
    definitions: dict[str, ConventionDefinition[Any]] = {}
    for part, shape in shapes.items():
        section, rules, hierarchy_rules = hooks.get(
            part, ('"bioformats2raw.layout" (transitional)', None, None)
        )
        extra: dict[str, Any] = {}
        if rules is not None:
            extra["rules"] = Bound(rules, (version,))
        if hierarchy_rules is not None:
            extra["hierarchy_rules"] = Bound(hierarchy_rules, (version,))
        definitions[part] = ConventionDefinition[Any](
            name=f"{version.name}/{part}",
            title=version.title,
            section=section,
            attributes=shape,
            markers=frozenset({version.namespace[0] if version.namespace else part}),
            namespace=version.namespace,
            detect=Bound(_detect, (version, part)),
            **extra,
        )
    return definitions
