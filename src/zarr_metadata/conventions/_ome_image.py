"""The rules of OME-NGFF images (`multiscales`, `omero`) that 0.4 and 0.5 share: axes, transformations, and the arrays of each level."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Final, cast

from zarr_metadata._json import Loc, shown
from zarr_metadata.conventions._convention import ConventionIssue
from zarr_metadata.conventions._hierarchy import Hierarchy, joined
from zarr_metadata.conventions._rules import duplicates, mismatched, recommended, repeated_items

MULTISCALES: Final = '"multiscales" metadata'
AXES: Final = '"axes" metadata'
TRANSFORMATIONS: Final = '"coordinateTransformations" metadata'
OMERO: Final = '"omero" metadata'

_COLOR: Final = re.compile(r"[0-9A-Fa-f]{6}")
_AXIS_TYPES: Final = frozenset({"space", "time", "channel"})
_AXIS_ORDER: Final = {"time": 0, "space": 2}  # a channel or custom axis (or none) comes between


def multiscales_rules(
    path: str, base: Loc, multiscales: Sequence[Mapping[str, Any]], *, versioned: bool
) -> list[ConventionIssue]:
    """The issues of the `multiscales` list at `(*base, "multiscales")`: its axes, transformations and recommended members."""
    loc = (*base, "multiscales")
    found = repeated_items(path, loc, multiscales, "multiscale image", section=MULTISCALES)
    for index, multiscale in enumerate(multiscales):
        here = (*loc, index)
        axes = multiscale["axes"]
        found += _axes_rules(path, (*here, "axes"), axes)
        for position, dataset in enumerate(multiscale["datasets"]):
            transformations = dataset["coordinateTransformations"]
            found += transformations_rules(
                path,
                (*here, "datasets", position, "coordinateTransformations"),
                transformations,
                len(axes),
            )
        if "coordinateTransformations" in multiscale:
            found += transformations_rules(
                path,
                (*here, "coordinateTransformations"),
                multiscale["coordinateTransformations"],
                len(axes),
            )
        members = (
            ("name", "version", "type", "metadata") if versioned else ("name", "type", "metadata")
        )
        found += recommended(
            path, here, multiscale, members, "a multiscale image", section=MULTISCALES
        )
    return found


def _axes_rules(path: str, loc: Loc, axes: Sequence[Mapping[str, Any]]) -> list[ConventionIssue]:
    found = duplicates(
        path, loc, axes, lambda axis: axis["name"], "axis name", member=("name",), section=AXES
    )
    types = [axis.get("type") for axis in axes]
    spaces = types.count("space")
    if not 2 <= spaces <= 3:
        found.append(
            ConventionIssue(
                path=path,
                loc=loc,
                message=f'expected 2 or 3 axes of type "space", got {spaces}',
                section=MULTISCALES,
            )
        )
    if types.count("time") > 1:
        found.append(
            ConventionIssue(
                path=path,
                loc=loc,
                message='expected at most one axis of type "time"',
                section=MULTISCALES,
            )
        )
    others = sum(1 for kind in types if kind not in ("space", "time"))
    if others > 1:
        message = f'expected at most one axis of type "channel" or of a custom type, got {others}'
        found.append(ConventionIssue(path=path, loc=loc, message=message, section=MULTISCALES))
    ranks = [_AXIS_ORDER.get(kind, 1) if isinstance(kind, str) else 1 for kind in types]
    for index in range(1, len(ranks)):
        if ranks[index] < ranks[index - 1]:
            message = f'expected the "time" axis first, then a "channel" or custom axis, then the "space" axes; axis {index} ({shown(axes[index]["name"])}) comes too late'
            found.append(
                ConventionIssue(path=path, loc=(*loc, index), message=message, section=MULTISCALES)
            )
            break
    return found + _axis_type_warnings(path, loc, types)


def _axis_type_warnings(path: str, loc: Loc, types: Sequence[object]) -> list[ConventionIssue]:
    """A warning at each axis without a type, or of a type the spec does not name: each SHOULD be "space", "time" or "channel"."""
    found: list[ConventionIssue] = []
    for index, kind in enumerate(types):
        if kind is None:
            message = 'an axis should give its type: missing member "type"'
            found.append(
                ConventionIssue(
                    path=path,
                    loc=(*loc, index, "type"),
                    message=message,
                    kind="missing_key",
                    level="should",
                    section=AXES,
                )
            )
        elif kind not in _AXIS_TYPES:
            message = f'an axis type should be "space", "time" or "channel", got {shown(kind)}'
            found.append(
                ConventionIssue(
                    path=path,
                    loc=(*loc, index, "type"),
                    message=message,
                    level="should",
                    section=AXES,
                    input=cast(Any, kind),
                )
            )
    return found


def transformations_rules(
    path: str, loc: Loc, transformations: Sequence[Mapping[str, Any]], rank: int
) -> list[ConventionIssue]:
    """The issues of a list of coordinate transformations at `loc`: exactly one scale, first; at most one translation; one entry per axis."""
    found: list[ConventionIssue] = []
    kinds = [transformation["type"] for transformation in transformations]
    if kinds.count("scale") != 1:
        message = f'expected exactly one "scale" transformation, got {kinds.count("scale")}'
        found.append(ConventionIssue(path=path, loc=loc, message=message, section=MULTISCALES))
    elif kinds[0] != "scale":
        message = 'expected the "scale" transformation first (a "translation" is listed after it)'
        found.append(
            ConventionIssue(
                path=path, loc=(*loc, kinds.index("scale")), message=message, section=MULTISCALES
            )
        )
    if kinds.count("translation") > 1:
        message = (
            f'expected at most one "translation" transformation, got {kinds.count("translation")}'
        )
        found.append(ConventionIssue(path=path, loc=loc, message=message, section=MULTISCALES))
    for index, transformation in enumerate(transformations):
        kind = transformation["type"]
        values = transformation[kind]
        if len(values) != rank:
            message = f"expected one {kind} entry per axis ({rank}), got {len(values)}"
            found.append(
                ConventionIssue(
                    path=path,
                    loc=(*loc, index, kind),
                    message=message,
                    section=MULTISCALES,
                    input=list(values),
                )
            )
    return found


def omero_rules(path: str, base: Loc, attributes: Mapping[str, Any]) -> list[ConventionIssue]:
    """The issues of the `omero` metadata at `(*base, "omero")`, in an image whose metadata object is `attributes`."""
    found: list[ConventionIssue] = []
    for index, channel in enumerate(attributes["omero"]["channels"]):
        loc = (*base, "omero", "channels", index, "color")
        found += mismatched(
            path,
            loc,
            channel["color"],
            _COLOR,
            "a colour of 6 hexadecimal digits (RRGGBB)",
            section=OMERO,
        )
    if "multiscales" not in attributes:
        # The image schema requires `multiscales` beside `omero`: `omero` says how to show an image.
        message = 'missing required member "multiscales": "omero" describes the channels of a multiscale image'
        found.append(
            ConventionIssue(
                path=path,
                loc=(*base, "multiscales"),
                message=message,
                kind="missing_key",
                section=OMERO,
            )
        )
    return found


def levels_rules(
    path: str, base: Loc, multiscales: Sequence[Mapping[str, Any]], hierarchy: Hierarchy
) -> list[ConventionIssue]:
    """The issues of the arrays each level of each multiscale image names: they exist, have one dimension per axis, and do not grow."""
    found: list[ConventionIssue] = []
    for index, multiscale in enumerate(multiscales):
        here = (*base, "multiscales", index)
        axes = multiscale["axes"]
        shapes: list[tuple[int, tuple[int, ...]]] = []
        for position, dataset in enumerate(multiscale["datasets"]):
            loc = (*here, "datasets", position, "path")
            target = joined(path, dataset["path"])
            node = hierarchy.node(target)
            if hierarchy.unread(target):
                continue  # what its document says is not known
            if target is None:
                message = (
                    f"expected a path relative to the image group, got {shown(dataset['path'])}"
                )
                found.append(
                    ConventionIssue(
                        path=path,
                        loc=loc,
                        message=message,
                        section=MULTISCALES,
                        input=dataset["path"],
                    )
                )
            elif node is None or not node.is_array:
                what = "no node" if node is None else "a group"
                message = f"expected an array at {shown(target)}, one level of the image, but the store has {what} there"
                found.append(
                    ConventionIssue(
                        path=path,
                        loc=loc,
                        message=message,
                        section=MULTISCALES,
                        input=dataset["path"],
                    )
                )
            else:
                shapes.append((position, node.shape or ()))
        found += _rank_rules(path, here, len(axes), shapes)
        found += _growth_rules(path, here, axes, shapes)
    return found


def _rank_rules(
    path: str, here: Loc, rank: int, shapes: list[tuple[int, tuple[int, ...]]]
) -> list[ConventionIssue]:
    wrong = [(position, shape) for position, shape in shapes if len(shape) != rank]
    if not wrong:
        return []
    ranks = {len(shape) for _, shape in shapes}
    if len(wrong) == len(shapes) and len(ranks) == 1 and len(shapes) > 1:
        # Every level agrees with the others: the axes are what is wrong.
        message = (
            f"expected one axis per dimension of the image's arrays ({ranks.pop()}), got {rank}"
        )
        return [
            ConventionIssue(path=path, loc=(*here, "axes"), message=message, section=MULTISCALES)
        ]
    return [
        ConventionIssue(
            path=path,
            loc=(*here, "datasets", position, "path"),
            message=f"expected an array of {rank} dimensions, one per axis, got shape {shown(shape)}",
            section=MULTISCALES,
        )
        for position, shape in wrong
    ]


def _growth_rules(
    path: str,
    here: Loc,
    axes: Sequence[Mapping[str, Any]],
    shapes: list[tuple[int, tuple[int, ...]]],
) -> list[ConventionIssue]:
    found: list[ConventionIssue] = []
    previous: tuple[int, tuple[int, ...]] | None = None
    for position, shape in shapes:
        if len(shape) != len(axes):
            previous = None
            continue
        if previous is not None:
            grown = [
                axes[axis]["name"] for axis in range(len(shape)) if shape[axis] > previous[1][axis]
            ]
            if grown:
                message = (
                    f"expected the levels ordered from largest to smallest, but level {position} (shape {shown(shape)}) is larger "
                    f"than level {previous[0]} (shape {shown(previous[1])}) along {', '.join(shown(name) for name in grown)}"
                )
                found.append(
                    ConventionIssue(
                        path=path,
                        loc=(*here, "datasets", position, "path"),
                        message=message,
                        section=MULTISCALES,
                    )
                )
        previous = (position, shape)
    return found
