"""The nodes a consolidated listing holds, by path: each node's reading, and its model, made the first time it is asked for.

A listing's read finds every problem of every node in one pass, but a
caller seldom looks at every node's model: a checker wants the problems and
the fields, a reader of one array wants one model. So the reading and
model of a node are made from its pass when first asked for, and kept:
asked again, the same objects come back. Both mappings are read-only, and
compare, hash and pickle as the plain mappings they stand for.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from zarr_metadata._frozen import FrozenObject


class _Made(Mapping[str, Any]):
    """A read-only mapping whose values are made when asked for, by the paths `_paths` holds."""

    __slots__ = ("_paths",)

    _paths: Mapping[str, Any]

    def __iter__(self) -> Iterator[str]:
        return iter(self._paths)

    def __len__(self) -> int:
        return len(self._paths)

    def __contains__(self, path: object) -> bool:
        return path in self._paths

    def __hash__(self) -> int:
        return hash(frozenset(self.items()))

    def __reduce__(self) -> tuple[type[FrozenObject], tuple[dict[str, Any]]]:
        # Pickled, it is what it stands for: every value, made.
        return FrozenObject, (dict(self.items()),)

    def __repr__(self) -> str:
        return repr(dict(self.items()))

    def __copy__(self) -> Any:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Any:
        return self


class ListedNodes(_Made):
    """The reading of each node of a listing, by path, made from the node's pass (with the node's model, when it has no problem) on first access."""

    __slots__ = ("_context", "_made", "_reading_of")

    def __init__(
        self, passes: Mapping[str, Any], reading_of: Callable[[Any, Any], Any], context: Any
    ) -> None:
        self._paths = passes
        self._reading_of = reading_of
        self._context = context
        self._made: dict[str, Any] = {}

    def __getitem__(self, path: str) -> Any:
        reading = self._made.get(path)
        if reading is None:
            # Made at most once as far as a caller can tell: of two threads
            # that made it at once, both get the one kept first.
            reading = self._made.setdefault(
                path, self._reading_of(self._paths[path], self._context)
            )
        return reading

    def readings(self) -> Iterator[tuple[str, Any]]:
        """Each node's path with its reading: the one made, or else one read from its pass with no model."""
        made = self._made
        for path, found in self._paths.items():
            reading = made.get(path)
            yield path, found.reading(None) if reading is None else reading


class ListedModels(_Made):
    """The model of each node of a listing without problems, by path: the model its reading in `nodes` names."""

    __slots__ = ()

    def __init__(self, nodes: Mapping[str, Any]) -> None:
        self._paths = nodes

    def __getitem__(self, path: str) -> Any:
        return self._paths[path].metadata


def listed_readings(nodes: Mapping[str, Any]) -> Iterable[tuple[str, Any]]:
    """Each node's path with its reading: read from its pass when `nodes` makes readings on access, so that no model is made for a caller that wants only the fields."""
    if isinstance(nodes, ListedNodes):
        return nodes.readings()
    return nodes.items()


__all__ = ["ListedModels", "ListedNodes", "listed_readings"]
