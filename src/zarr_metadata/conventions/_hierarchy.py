"""The nodes of one store as conventions see them: each node's document by path, and the paths between them."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
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
    """One node of a store: its path, its document, and what conventions ask of it."""

    __slots__ = ("attributes", "is_array", "metadata", "path")

    def __init__(self, path: str, metadata: NodeMetadata) -> None:
        if not isinstance(cast(object, metadata), _NODES):
            msg = f"expected a node model (ZarrV3ArrayMetadata, ZarrV3GroupMetadata, ZarrV2ArrayMetadata or ZarrV2GroupMetadata) at {path!r}, got {type(metadata).__name__}"
            raise TypeError(msg)
        self.path: str = path
        self.metadata: NodeMetadata = metadata
        self.attributes: Mapping[str, Any] = cast(
            "Mapping[str, Any]", cast(object, metadata.attributes)
        )
        self.is_array: bool = isinstance(metadata, _ARRAYS)

    def __repr__(self) -> str:
        return f"NodeView({self.path!r}, {type(self.metadata).__name__})"

    @property
    def is_group(self) -> bool:
        """Whether the node is a group."""
        return not self.is_array

    @property
    def zarr_format(self) -> int:
        """The node's Zarr format: 2 or 3."""
        return 3 if isinstance(self.metadata, ZarrV3ArrayMetadata | ZarrV3GroupMetadata) else 2

    @property
    def shape(self) -> tuple[int, ...] | None:
        """The array's length along each dimension; None for a group."""
        metadata = self.metadata
        if isinstance(metadata, ZarrV3ArrayMetadata | ZarrV2ArrayMetadata):
            return metadata.shape
        return None

    @property
    def dimension_names(self) -> tuple[str | None, ...] | None:
        """A v3 array's `dimension_names`; None for a group, a v2 array, or a v3 array that names none."""
        metadata = self.metadata
        if isinstance(metadata, ZarrV3ArrayMetadata):
            return metadata.dimension_names
        return None

    @property
    def data_type_name(self) -> str | None:
        """The name of the array's data type (v3 `uint8`; v2 the type string, `<u2`); None for a group or a data type without one."""
        metadata = self.metadata
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

    __slots__ = ("_children", "_followed", "_unread", "conventions", "nodes")

    def __init__(
        self,
        nodes: Mapping[str, NodeView],
        conventions: ConventionScope,
        followed: Mapping[str, Sequence[str]] | None = None,
        unread: Collection[str] = frozenset(),
    ) -> None:
        self.nodes: Mapping[str, NodeView] = nodes
        self.conventions: ConventionScope = conventions
        self._followed: Mapping[str, Sequence[str]] = followed or {}
        self._unread: frozenset[str] = frozenset(unread)
        self._children: dict[str, list[NodeView]] | None = None

    def __iter__(self) -> Iterator[NodeView]:
        return iter(self.nodes.values())

    def node(self, path: str | None) -> NodeView | None:
        """The node at `path`; None when the store has none there (or `path` is None)."""
        if path is None:
            return None
        return self.nodes.get(path)

    def unread(self, path: str | None) -> bool:
        """Whether the store holds a node at `path` whose document was not read (it has problems, or was left out): a rule says nothing of it."""
        return path is not None and path in self._unread

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
