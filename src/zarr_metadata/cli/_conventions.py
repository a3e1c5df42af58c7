"""The conventions a store follows, judged once every node of it is read: what the checker keeps of each node, and the findings, at their line and column.

Where a node is read (perhaps in a worker process), only what conventions
ask of it is kept (`NodeFacts`), with its attributes when a convention marks
it. The run gathers the facts of a store (`StoreNodes`, `StoreJudge`): those
of each node a convention marks and of every node below one, the only nodes
a convention's rules look at; a path outside them is neither found nor
missing, so nothing is said of it. A file is read again only to locate a
finding in it.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, cast

from zarr_metadata._frozen import fast_constructor
from zarr_metadata._json import Loc
from zarr_metadata.cli._findings import Checked, Finding
from zarr_metadata.cli._locate import locate
from zarr_metadata.cli._walk import ZARR_JSON, ZARRAY, ZATTRS, ZGROUP, Target, join
from zarr_metadata.model._array_model_v3 import ZarrV3ArrayMetadata

if TYPE_CHECKING:
    from zarr_metadata.conventions import ConventionScope
    from zarr_metadata.conventions._hierarchy import NodeMetadata, NodeView

TextOf = Callable[[str], "tuple[str, str] | None"]
"""The text of the file under a key of the store being judged, with its path as shown; None when it cannot be read."""

KIND = "convention"
"""The kind of every finding of a convention."""

AUTO = "auto"
NONE = "none"


@dataclasses.dataclass(frozen=True)
class ConventionChoice:
    """The conventions a check judges by: every one in scope (`names` empty), or those `names` names, with the definitions plugins add.

    The scope is made when first asked for: a store whose nodes hold no
    attributes never imports the conventions.
    """

    names: tuple[str, ...] = ()
    added: tuple[Any, ...] = ()
    """Convention definitions from plugins."""

    @functools.cached_property
    def scope(self) -> ConventionScope:
        """The convention scope this choice names, made once; raises `ValueError` for a name it does not hold."""
        # Imported here: the conventions take a while to import, and most documents never need them.
        from zarr_metadata.conventions import DEFAULT_CONVENTIONS, ConventionScope

        scope = (
            DEFAULT_CONVENTIONS.union(ConventionScope(self.added))
            if self.added
            else DEFAULT_CONVENTIONS
        )
        return scope.select(*self.names) if self.names else scope

    @functools.cached_property
    def declared_by_names(self) -> frozenset[str] | None:
        """The attribute keys declared by the conventions a v3 array's `dimension_names` marks, worked out once; None when it marks none."""
        marked = self.scope.candidates({}, True)
        if not marked:
            return None
        return frozenset[str]().union(*(definition.declared for definition in marked))


class UnknownConvention(ValueError):
    """A `--conventions` setting that names no convention in scope, or is not a list of names."""


def conventions_named(setting: str) -> tuple[str, ...] | None:
    """The names `--conventions` gives (`()` for `auto`, every convention in scope); None for `none`. Raises `UnknownConvention` for an empty name."""
    if setting == NONE:
        return None
    if setting == AUTO:
        return ()
    names = tuple(name.strip() for name in setting.split(","))
    if not all(names):
        raise UnknownConvention(
            f"--conventions takes auto, none, or names separated by commas, got {setting!r}"
        )
    return names


@dataclasses.dataclass(frozen=True, slots=True)
class NodeFacts:
    """What the conventions ask of one node read without problems, small enough to send from a worker process.

    `attributes` is None for a node no convention marks. A v3 array that only
    its `dimension_names` marks keeps only the attributes its conventions
    declare, so a store of many such arrays keeps little.
    """

    zarr_format: int
    is_array: bool
    shape: tuple[int, ...] | None
    dimension_names: tuple[str | None, ...] | None
    data_type_name: str | None
    attributes: Mapping[str, Any] | None = None
    named_only: bool = False
    """Whether only the array's `dimension_names` marks it (no attribute key does)."""

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        # A worker sends the facts of every node it reads; a slotted
        # dataclass's own pickling sets each field by a call in Python.
        return _node_facts, (
            self.zarr_format,
            self.is_array,
            self.shape,
            self.dimension_names,
            self.data_type_name,
            self.attributes,
            self.named_only,
        )

    def view(self, path: str) -> NodeView:
        from zarr_metadata.conventions._hierarchy import NodeView

        return NodeView.of(
            path,
            zarr_format=self.zarr_format,
            is_array=self.is_array,
            attributes=self.attributes or {},
            shape=self.shape,
            dimension_names=self.dimension_names,
            data_type_name=self.data_type_name,
        )


_facts: Any = fast_constructor(
    NodeFacts,
    (
        "zarr_format",
        "is_array",
        "shape",
        "dimension_names",
        "data_type_name",
        "attributes",
        "named_only",
    ),
)
"""`_facts(zarr_format, is_array, shape, dimension_names, data_type_name, attributes, named_only)`: facts of parts already read."""


def _node_facts(*fields: Any) -> NodeFacts:
    """Facts unpickled: `_facts` by a name pickle can find."""
    return _facts(*fields)


def facts_of(metadata: NodeMetadata, choice: ConventionChoice) -> NodeFacts:
    """The facts of the node `metadata` models; with its attributes when a convention may follow it."""
    attributes = cast("Mapping[str, Any]", metadata.attributes)
    names = metadata.dimension_names if isinstance(metadata, ZarrV3ArrayMetadata) else None
    # Arrays of both formats have a shape, and groups none; the v2 models are asked no
    # more, so that a store of v3 nodes never imports them.
    shape = cast("tuple[int, ...] | None", getattr(metadata, "shape", None))
    zarr_format = metadata.zarr_format
    # The conventions are asked only of a node with attributes or dimension
    # names, so a store of nodes with neither never imports them.
    if attributes and choice.scope.candidates(attributes, False):
        from zarr_metadata.conventions._hierarchy import NodeView

        view = NodeView("", metadata)
        return _facts(
            view.zarr_format,
            view.is_array,
            view.shape,
            view.dimension_names,
            view.data_type_name,
            attributes,
            False,
        )
    declared = None if names is None else choice.declared_by_names
    if declared is None:
        # Nothing a convention marks.
        return _facts(zarr_format, shape is not None, shape, None, None, None, False)
    from zarr_metadata.conventions._hierarchy import data_type_name

    # Only its dimension names mark the array (a v3 one): it keeps what those conventions declare.
    kept = {key: value for key, value in attributes.items() if key in declared}
    return _facts(3, True, shape, names, data_type_name(metadata), kept, True)


class StoreNodes:
    """The facts of the nodes of one store a convention may look at, gathered in the order they are read, parents first.

    A node an attribute key marks is kept to the end, with every node below
    it. A v3 array only its `dimension_names` marks (most arrays zarr-python
    and xarray write) is related by conventions to the arrays beside it
    alone: with `streaming`, such arrays are kept in a region of their group
    that `add` hands back, to be judged, as soon as the walk leaves the group,
    so a store of many of them keeps one group's at a time.
    """

    def __init__(self, *, across_nodes: bool = True, streaming: bool = False) -> None:
        self.across_nodes = across_nodes
        """Whether the store's nodes are judged together; false for a file named alone, judged by its own document."""
        self.streaming = streaming
        self.facts: dict[str, NodeFacts] = {}
        self._marked: set[str] = set()
        """The nodes a convention marks: they, and every node below them, are kept."""
        self.unread: set[str] = set()
        """The nodes the store holds whose documents were not read: they had problems, or were left out."""
        self.unlisted: set[str] = set()
        """The directories that could not be listed."""
        self.texts: dict[str, tuple[str, str]] = {}
        """The text of each file of a marked node by key, with its path as shown: kept by a part of a split store, which is judged elsewhere."""
        self._regions: dict[str, StoreNodes] = {}
        """The arrays marked by their dimension names alone, by the group that holds them, until the walk leaves it."""

    def add(self, directory: str, facts: NodeFacts | None) -> list[StoreNodes]:
        """Keep the facts of the node at `directory` (None for a node that was not read); the regions the walk has left, to be judged now."""
        left = self._left(directory) if self._regions else []
        if facts is None:
            self.unread.add(directory)
        elif facts.attributes is None:
            if self._below_marked(directory):
                self.facts[directory] = facts
        elif self.streaming and facts.named_only and not self._below_marked(directory):
            group = directory.rpartition("/")[0]
            region = self._regions.get(group)
            if region is None:
                region = self._regions[group] = StoreNodes(across_nodes=self.across_nodes)
                region.unread, region.unlisted = self.unread, self.unlisted
            region.facts[directory] = facts
            region._marked.add(directory)
        else:
            self._marked.add(directory)
            self.facts[directory] = facts
        return left

    def rest(self) -> list[StoreNodes]:
        """Every region not yet handed back, then these nodes, to be judged once the store's last node is read."""
        regions = [*self._regions.values(), self]
        self._regions = {}
        return regions

    def _left(self, directory: str) -> list[StoreNodes]:
        left = [
            group
            for group in self._regions
            if group and directory != group and not directory.startswith(f"{group}/")
        ]
        return [self._regions.pop(group) for group in left]

    def merged(self, other: StoreNodes) -> None:
        """Take in what another part of the same store gathered."""
        self.facts.update(other.facts)
        self._marked |= other._marked
        self.unread |= other.unread
        self.unlisted |= other.unlisted
        self.texts.update(other.texts)

    def keep_texts(self, text_of: TextOf) -> None:
        """Keep the text of every file of each marked node, read with `text_of`, for a judge that cannot read the store."""
        for path in self._marked:
            for name in _files_of(self.facts[path]):
                found = text_of(join(path, name))
                if found is not None:
                    self.texts[join(path, name)] = found

    def seen(self, path: str) -> bool:
        """Whether the node at `path`, if the store holds one, is among the facts kept: a path below a marked node, and not below an unlisted directory."""
        step = path
        while step not in self.unlisted:
            if not step:
                return path in self._marked or self._below_marked(path)
            step = step.rpartition("/")[0]
        return False

    def _below_marked(self, path: str) -> bool:
        marked = self._marked
        if not marked:
            return False
        while path:
            path = path.rpartition("/")[0]
            if path in marked:
                return True
        return False


def gathered(nodes: StoreNodes, target: Target, checked: Checked) -> list[StoreNodes]:
    """Keep in `nodes` what conventions ask of the node `target` is, as checking it found; the regions the walk has left, to be judged now."""
    if target.kind == "unlisted":
        nodes.unlisted.add(target.directory)
    elif target.kind == "excluded":
        nodes.unread.add(target.directory)
    elif target.kind in ("v3", "v2") and (
        checked.facts is not None or checked.node_type is not None
    ):
        return nodes.add(target.directory, checked.facts)
    return []


class StoreJudge:
    """The conventions of one store as it is checked: the facts of its nodes gathered as they are read, a region judged as the walk leaves it, the rest at the end.

    `part` for a part of a split store, which keeps its nodes (with the text
    of the files of those a convention marks) to be judged with the others.
    """

    def __init__(
        self,
        choice: ConventionChoice,
        strict: bool,
        text_of: TextOf,
        *,
        across_nodes: bool,
        part: bool,
    ) -> None:
        self._choice, self._strict, self._text_of = choice, strict, text_of
        self._nodes = StoreNodes(across_nodes=across_nodes, streaming=not part)
        self._found: list[tuple[str, Finding]] = []

    def take(self, target: Target, checked: Checked) -> None:
        """Gather what conventions ask of the node `target` is, and judge each region the walk has left."""
        for region in gathered(self._nodes, target, checked):
            self._found.extend(
                convention_findings(region, self._choice, self._strict, self._text_of)
            )

    def findings(self) -> list[Finding]:
        """Every finding of the store's conventions, in order, once its last node is taken."""
        for region in self._nodes.rest():
            self._found.extend(
                convention_findings(region, self._choice, self._strict, self._text_of)
            )
        return in_order(self._found)

    def part_nodes(self) -> StoreNodes:
        """The nodes of a part, with the texts a judge elsewhere needs, once its last node is taken."""
        self._nodes.keep_texts(self._text_of)
        return self._nodes


def in_order(found: Iterable[tuple[str, Finding]]) -> list[Finding]:
    """The findings of a store's conventions (each with the path of its node) in one order, however the store was read: by node in tree order, then place."""
    ordered = sorted(
        found,
        key=lambda item: (
            item[0].split("/") if item[0] else [],
            item[1].path,
            item[1].line,
            item[1].column,
        ),
    )
    return [finding for _, finding in ordered]


def convention_findings(
    nodes: StoreNodes, choice: ConventionChoice, strict: bool, text_of: TextOf
) -> Iterator[tuple[str, Finding]]:
    """The findings of every convention the nodes follow, each with the path of its node, at its line and column of the file `text_of` gives."""
    if not nodes.facts:
        return
    from zarr_metadata.conventions._check import judged

    views = {path: facts.view(path) for path, facts in nodes.facts.items()}
    report = judged(
        views, choice.scope, across_nodes=nodes.across_nodes, unread=nodes.unread, seen=nodes.seen
    )
    texts: dict[str, tuple[str, str] | None] = {}
    for found in report.findings:
        name, loc = _file_holding(nodes.facts[found.path], found.problem.loc)
        key = join(found.path, name)
        if key not in texts:
            texts[key] = nodes.texts.get(key) or text_of(key)
        shown, text = texts[key] or (key, "")
        line, column = locate(text).where(loc) if text else (1, 1)
        severity = "error" if strict else found.severity
        yield (
            found.path,
            Finding(
                path=shown,
                line=line,
                column=column,
                loc=loc,
                kind=KIND,
                message=found.problem.message,
                severity=severity,
            ),
        )


def _files_of(facts: NodeFacts) -> tuple[str, ...]:
    if facts.zarr_format == 3:
        return (ZARR_JSON,)
    return (ZARRAY if facts.is_array else ZGROUP, ZATTRS)


def _file_holding(facts: NodeFacts, loc: Loc) -> tuple[str, Loc]:
    """The name of the file of a node that holds what `loc` points at in its document, and where in that file."""
    if facts.zarr_format == 3:
        return ZARR_JSON, loc
    # The v2 readers' own rule. The files' contents are not kept: a node file that also writes an `attributes` member of its own is taken as not.
    from zarr_metadata.model._group_v2 import file_holding

    return file_holding(loc, {name: {} for name in _files_of(facts)})
