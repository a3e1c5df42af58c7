"""The nodes of one store as conventions see them: each node's document by path, and the paths between them."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, TypeAlias, cast

from zarr_metadata.model import (
    ZarrV2ArrayMetadata,
    ZarrV2GroupMetadata,
    ZarrV3ArrayMetadata,
    ZarrV3GroupMetadata,
)

if TYPE_CHECKING:
    from zarr_metadata.conventions._scope import ConventionScope

NodeMetadata: TypeAlias = (
    ZarrV3ArrayMetadata | ZarrV3GroupMetadata | ZarrV2ArrayMetadata | ZarrV2GroupMetadata
)
"""A node's document as a reader returns it: a v3 `zarr.json`, or a v2 node (its `.zattrs` as `attributes`)."""

_ARRAYS: Final = (ZarrV3ArrayMetadata, ZarrV2ArrayMetadata)
_NODES: Final = (ZarrV3ArrayMetadata, ZarrV3GroupMetadata, ZarrV2ArrayMetadata, ZarrV2GroupMetadata)


class NodeView:
    """One node of a store: its path, and what conventions ask of its document.

    Made from a node model (`metadata`), or, by a checker that keeps no
    models, from what a convention asks of one (`NodeView.of`), in which case
    `metadata` is None.
    """

    __slots__ = (
        "attributes",
        "data_type_name",
        "dimension_names",
        "is_array",
        "metadata",
        "path",
        "shape",
        "zarr_format",
    )

    def __init__(self, path: str, metadata: NodeMetadata) -> None:
        if not isinstance(cast(object, metadata), _NODES):
            msg = f"expected a node model (ZarrV3ArrayMetadata, ZarrV3GroupMetadata, ZarrV2ArrayMetadata or ZarrV2GroupMetadata) at {path!r}, got {type(metadata).__name__}"
            raise TypeError(msg)
        self.path: str = path
        self.metadata: NodeMetadata | None = metadata
        self.attributes: Mapping[str, Any] = cast(
            "Mapping[str, Any]", cast(object, metadata.attributes)
        )
        self.is_array: bool = isinstance(metadata, _ARRAYS)
        """Whether the node is an array."""
        self.zarr_format: int = (
            3 if isinstance(metadata, ZarrV3ArrayMetadata | ZarrV3GroupMetadata) else 2
        )
        """The node's Zarr format: 2 or 3."""
        self.shape: tuple[int, ...] | None = (
            metadata.shape
            if isinstance(metadata, ZarrV3ArrayMetadata | ZarrV2ArrayMetadata)
            else None
        )
        """The array's length along each dimension; None for a group."""
        self.dimension_names: tuple[str | None, ...] | None = (
            metadata.dimension_names if isinstance(metadata, ZarrV3ArrayMetadata) else None
        )
        """A v3 array's `dimension_names`; None for a group, a v2 array, or a v3 array that names none."""
        self.data_type_name: str | None = data_type_name(metadata)
        """The name of the array's data type (v3 `uint8`; v2 the type string, `<u2`); None for a group or a data type without one."""

    @classmethod
    def of(
        cls,
        path: str,
        *,
        zarr_format: int,
        is_array: bool,
        attributes: Mapping[str, Any],
        shape: tuple[int, ...] | None = None,
        dimension_names: tuple[str | None, ...] | None = None,
        data_type_name: str | None = None,
    ) -> NodeView:
        """The view of a node from what conventions ask of it, with no model behind it."""
        view = cls.__new__(cls)
        view.path, view.metadata, view.attributes = path, None, attributes
        view.zarr_format, view.is_array, view.shape = zarr_format, is_array, shape
        view.dimension_names, view.data_type_name = dimension_names, data_type_name
        return view

    def __repr__(self) -> str:
        kind = "array" if self.is_array else "group"
        return f"NodeView({self.path!r}, v{self.zarr_format} {kind})"

    @property
    def is_group(self) -> bool:
        """Whether the node is a group."""
        return not self.is_array


def data_type_name(metadata: NodeMetadata) -> str | None:
    """The name of the data type of the array `metadata` models; None for a group or a data type without one."""
    if isinstance(metadata, ZarrV3ArrayMetadata):
        written: object = cast(Any, metadata).data_type
    elif isinstance(metadata, ZarrV2ArrayMetadata):
        written = cast(Any, metadata).dtype
    else:
        return None
    # A model gives the field as read (with its `name`); its JSON is a name or an object with one.
    name = written if isinstance(written, str) else getattr(written, "name", None)
    if name is None and isinstance(written, Mapping):
        name = cast("Mapping[str, object]", written).get("name")
    return name if isinstance(name, str) else None


class Hierarchy:
    """The nodes of one store by path ("" the root, "a/b"), and the convention scope judging them."""

    __slots__ = ("_children", "_followed", "_seen", "_unread", "conventions", "nodes")

    def __init__(
        self,
        nodes: Mapping[str, NodeView],
        conventions: ConventionScope,
        followed: Mapping[str, Sequence[str]] | None = None,
        unread: Collection[str] = frozenset(),
        seen: Callable[[str], bool] | None = None,
    ) -> None:
        self.nodes: Mapping[str, NodeView] = nodes
        self.conventions: ConventionScope = conventions
        self._followed: Mapping[str, Sequence[str]] = followed or {}
        self._unread: frozenset[str] = frozenset(unread)
        self._seen: Callable[[str], bool] | None = seen
        """Whether a node at a path would be among `nodes` if the store held one; None when every node is."""
        self._children: dict[str, list[NodeView]] | None = None

    def __iter__(self) -> Iterator[NodeView]:
        return iter(self.nodes.values())

    def node(self, path: str | None) -> NodeView | None:
        """The node at `path`; None when the store has none there (or `path` is None)."""
        if path is None:
            return None
        return self.nodes.get(path)

    def unread(self, path: str | None) -> bool:
        """Whether the store holds a node at `path` whose document was not read (it has problems, or was left out), or may hold one (in a part of the store whose nodes were not all handed in): a rule says nothing of it."""
        if path is None:
            return False
        if path in self._unread:
            return True
        return self._seen is not None and path not in self.nodes and not self._seen(path)

    def followed(self, path: str) -> tuple[str, ...]:
        """The names of the definitions the node at `path` follows (detected, whether or not its attributes fit)."""
        return tuple(self._followed.get(path, ()))

    def children(self, path: str) -> tuple[NodeView, ...]:
        """The nodes directly below the node at `path`, in the order they were handed in."""
        if self._children is None:
            children: dict[str, list[NodeView]] = {}
            for node in self.nodes.values():
                if node.path:
                    children.setdefault(parent_of(node.path), []).append(node)
            self._children = children
        return tuple(self._children.get(path, ()))


def parent_of(path: str) -> str:
    """The path of the group holding the node at `path` ("" for a child of the root)."""
    return path.rpartition("/")[0]


def joined(base: str, relative: str) -> str | None:
    """The path `relative` names from the node at `base` (`..` steps up); None when it leaves the store or is not a relative path."""
    if not relative or relative.startswith("/"):
        return None
    parts = base.split("/") if base else []
    for part in relative.split("/"):
        if part in ("", "."):
            continue  # "a/" and "./a" name what "a" names
        if part == "..":
            if not parts:
                return None
            parts.pop()
        else:
            parts.append(part)
    return "/".join(parts)


def members(value: object) -> Mapping[str, Any] | None:
    """`value` as a JSON object; None when it is not one."""
    return cast("Mapping[str, Any]", value) if isinstance(value, Mapping) else None
