"""The tree of a store: each node's parent is a group, and each node's name is one Zarr allows.

A reader opens a node by walking down from the store's root, so a node whose
parent is missing or is an array cannot be reached, and a name the spec refuses
cannot be written by every store. Nodes are judged as a walk visits them, each
after its parent, keeping only the groups and arrays above the current node.
"""

from __future__ import annotations

from zarr_metadata._names import node_path_problems
from zarr_metadata.cli._findings import Finding, NodeType, file_finding

KIND = "invalid_hierarchy"
STORE_SUFFIX = ".zarr"
"""The suffix of a directory that holds one store, whose root must be a node."""


class Tree:
    """The nodes met so far on the way down to the node being judged."""

    def __init__(self, *, rooted: bool) -> None:
        self._rooted = rooted
        """Whether the store's root must be a node (a `.zip` file, a URL, a `.zarr` directory), not a folder of stores."""
        self._above: list[tuple[str, NodeType | None]] = []

    def judge(
        self, directory: str, node_type: NodeType | None, path: str, *, v3: bool
    ) -> list[Finding]:
        """The findings of the node at `directory` (`""` is the root), of type `node_type`, reported in the file at `path`."""
        self._climb_to(directory)
        findings = [_finding(path, message) for message in self._problems(directory, v3=v3)]
        self._above.append((directory, node_type))
        return findings

    def present(self, directory: str) -> None:
        """Take the node at `directory` as there without judging it (`--exclude` left it out): a parent of what is below it, of no known type."""
        self._climb_to(directory)
        self._above.append((directory, None))

    def _climb_to(self, directory: str) -> None:
        """Forget the nodes met so far that are not above `directory`."""
        while self._above and not _is_below(directory, self._above[-1][0]):
            self._above.pop()

    def _problems(self, directory: str, *, v3: bool) -> list[str]:
        root = self._store_root(directory)
        if root is None or directory == root:
            return []
        parent = directory.rpartition("/")[0]
        relative = directory[len(root) + 1 :] if root else directory
        messages = [problem.message for problem in node_path_problems(relative, (), reserved=v3)]
        nearest = self._above[-1] if self._above else None
        if nearest is None or nearest[0] != parent:
            where = f'the directory "{parent}"' if parent else "the store's root"
            messages.append(
                f"{where} above this node holds no group metadata (zarr.json or .zgroup); every node's parent is a group"
            )
        elif nearest[1] == "array":
            messages.append(f'its parent "{parent or "/"}" is an array; an array has no children')
        return messages

    def _store_root(self, directory: str) -> str | None:
        """The root of the store that holds `directory`, or None when no store does (a folder of stores)."""
        parts = directory.split("/") if STORE_SUFFIX in directory else []
        # The deepest `.zarr` directory on the way down is the root of the innermost store.
        for depth in range(len(parts), 0, -1):
            if parts[depth - 1].endswith(STORE_SUFFIX):
                return "/".join(parts[:depth])
        if self._rooted:
            return ""
        # A folder of stores: each topmost node is the root of a store.
        return self._above[0][0] if self._above else directory


def _is_below(directory: str, ancestor: str) -> bool:
    return ancestor == "" or directory.startswith(f"{ancestor}/")


def _finding(path: str, message: str) -> Finding:
    return file_finding(path, KIND, message)
