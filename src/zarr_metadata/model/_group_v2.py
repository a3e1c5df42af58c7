"""Reading a v2 group, the files of one v2 node, and a v2 store's `.zmetadata`.

A v2 node is a `.zarray` or a `.zgroup`, with its user attributes in a
`.zattrs` beside it. FieldReaders read a node as one document, the node's file
with the `.zattrs` as `attributes`, and locate problems in that document: a
problem at `("attributes", ...)` sits in the `.zattrs`, any other in the
`.zarray` or `.zgroup`. A `.zmetadata` lists the files of every node by
store key (`a/b/.zarray`); its problems are located at those keys.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, Final, Literal, cast

from zarr_metadata._collector import collector_paused
from zarr_metadata._frozen import FrozenObject, fast_constructor
from zarr_metadata._json import UNSET, Loc, UserJSONValue, ValidationProblem, relocated, shown
from zarr_metadata._names import node_path_problems, tree_problems
from zarr_metadata._refuse import FAIL, MAX_DEPTH, Checker
from zarr_metadata._shapes import Unread
from zarr_metadata.definition._fields import ResolvedField
from zarr_metadata.model._array_v2 import V2_ARRAY_MEMBERS, ArrayPassV2, read_array_v2, read_format
from zarr_metadata.model._read import not_a_document, read_attributes
from zarr_metadata.typed_json import checker_of
from zarr_metadata.v2._context import ZarrV2Context
from zarr_metadata.v2.array import ZARR_V2_ARRAY_METADATA_STORE_KEY
from zarr_metadata.v2.attributes import ZARR_V2_ATTRIBUTES_STORE_KEY
from zarr_metadata.v2.group import ZARR_V2_GROUP_METADATA_STORE_KEY

if TYPE_CHECKING:
    from zarr_metadata.model._group_model_v2 import ZarrV2GroupMetadata

ARRAY_KEY: Final = ZARR_V2_ARRAY_METADATA_STORE_KEY
GROUP_KEY: Final = ZARR_V2_GROUP_METADATA_STORE_KEY
ATTRIBUTES_KEY: Final = ZARR_V2_ATTRIBUTES_STORE_KEY
NODE_FILES: Final = (ARRAY_KEY, GROUP_KEY, ATTRIBUTES_KEY)
"""The metadata files of a v2 node."""

ARRAY_AND_GROUP: Final = ValidationProblem(
    (), "expected a .zarray or a .zgroup, got both: a node is an array or a group", "invalid_value"
)
"""The problem of a node whose files name it both an array and a group."""

NEITHER_ARRAY_NOR_GROUP: Final = ValidationProblem(
    (), "expected a .zarray or a .zgroup among the files of a node, found neither", "missing_key"
)
"""The problem of a node whose files name it neither an array nor a group."""

_GROUP_MEMBERS: Final = frozenset({"zarr_format", "attributes"})
_CONSOLIDATED_FORMAT: Final[Checker] = checker_of(Literal[1], True)
_LISTING: Final[Checker] = checker_of(Mapping[str, Unread], True)
_USER_JSON: Final[Checker] = checker_of(UserJSONValue, True)


@dataclasses.dataclass(frozen=True, slots=True)
class ZarrV2GroupMetadataReading:
    """A v2 group document as read: every problem, and the model when there is none."""

    problems: tuple[ValidationProblem, ...] = ()
    metadata: ZarrV2GroupMetadata | None = None

    def fields(self) -> Iterator[tuple[Loc, ResolvedField[Any]]]:
        """A v2 group holds no field."""
        return iter(())

    @property
    def any_unclaimed(self) -> bool:
        """A v2 group holds no field."""
        return False


@dataclasses.dataclass(frozen=True, slots=True)
class ZarrV2UnknownNodeMetadataReading:
    """The files of a v2 node that is neither an array nor a group: only their problems."""

    problems: tuple[ValidationProblem, ...]

    @property
    def metadata(self) -> None:
        """Files of no known node type have no model."""
        return None

    def fields(self) -> Iterator[tuple[Loc, ResolvedField[Any]]]:
        """No field is read from files of no known node type."""
        return iter(())

    @property
    def any_unclaimed(self) -> bool:
        """Files of no known node type hold no field."""
        return False


_group_reading_of: Any = fast_constructor(ZarrV2GroupMetadataReading, ("problems", "metadata"))


class GroupPassV2:
    """What one pass over a v2 group document found."""

    __slots__ = ("document", "problems")

    def __init__(self) -> None:
        self.problems: tuple[ValidationProblem, ...] = ()
        self.document: Mapping[str, object] | None = None

    def reading(self, metadata: ZarrV2GroupMetadata | None) -> ZarrV2GroupMetadataReading:
        """The reading of what was found, with `metadata` its model."""
        return _group_reading_of(self.problems, metadata)


class UnknownNodePassV2:
    """Files whose node type is neither array nor group: only their problems."""

    __slots__ = ("problems",)
    document: None = None

    def __init__(self, problems: tuple[ValidationProblem, ...]) -> None:
        self.problems = problems

    def reading(self, metadata: None) -> ZarrV2UnknownNodeMetadataReading:
        """The reading of what was found."""
        return ZarrV2UnknownNodeMetadataReading(self.problems)


NodeReadV2 = ArrayPassV2 | GroupPassV2 | UnknownNodePassV2
"""What reading the files of a v2 node found."""


def read_group_v2(
    value: object, context: ZarrV2Context, depth: int = 0, *, zattrs: bool = False
) -> GroupPassV2:
    """Read `value` as a v2 group document (the `.zgroup`, with `.zattrs` as `attributes`); never raises on bad input.

    With `zattrs`, the attributes are a `.zattrs` file beside the `.zgroup`,
    so they sit as deep as it does: nesting is counted in the files.
    """
    read = GroupPassV2()
    if not isinstance(value, Mapping) or depth >= MAX_DEPTH:
        read.problems = (not_a_document(cast(object, value), depth),)
        return read
    document = cast("Mapping[Any, Any]", value)
    problems: list[ValidationProblem] = []
    refined: dict[Any, Any] = dict.fromkeys(document)
    read_format(document, problems, refined, depth)
    read_attributes(document, problems, refined, depth - 1 if zattrs else depth)
    if not _GROUP_MEMBERS.issuperset(document):
        _ignored_members(document, problems, refined, depth)
    read.problems = tuple(problems)
    if not problems:
        read.document = FrozenObject(refined)
    return read


def _ignored_members(
    document: Mapping[Any, Any],
    problems: list[ValidationProblem],
    refined: dict[Any, Any],
    depth: int,
) -> None:
    """Members the v2 spec does not define for a group: ignored, as the spec says they should be and zarr-python does, and left out of the model (a v2 group has only its attributes).

    Nothing reads them, so, like user data, they may hold NaN; they must
    still be JSON, within the nesting limit.
    """
    for key, value in document.items():
        if key in _GROUP_MEMBERS:
            continue
        del refined[key]
        if type(key) is not str:
            problems.append(
                ValidationProblem(
                    (),
                    f"expected object keys to be strings, got the key {shown(key)}",
                    "invalid_type",
                )
            )
            continue
        _USER_JSON(value, (key,), problems, depth + 1)


V2_SPEC_MEMBERS: Final = FrozenObject(
    {ARRAY_KEY: frozenset(V2_ARRAY_MEMBERS - {"attributes"}), GROUP_KEY: frozenset({"zarr_format"})}
)
"""The members the v2 spec defines for the document in each node file."""


def ignored_members_v2(node_file: str, document: object) -> tuple[str, ...]:
    """The members of `document`, the JSON of the node file `node_file` (`.zarray` or `.zgroup`), that the v2 spec does not define and the readers ignore, in document order.

    For the checker, which warns of each (`ignored_member`): a reader
    reports none of them. An `attributes` member is no ignored member (the
    readers refuse it: attributes live in `.zattrs`), nor is a key that is no
    string. Empty for any other file, and for a document that is no object.
    """
    defined = V2_SPEC_MEMBERS.get(node_file)
    if defined is None or not isinstance(document, Mapping):
        return ()
    keys = cast("Mapping[object, object]", document)
    return tuple(
        key for key in keys if type(key) is str and key not in defined and key != "attributes"
    )


def node_document(files: object) -> tuple[str | None, object, tuple[ValidationProblem, ...]]:
    """The node the files of one v2 node make: which file names it (`.zarray` or `.zgroup`), its document with the `.zattrs` as `attributes`, and what is wrong with the files as a set.

    Problems of the set are located at `()`, or at `("attributes",)` for a
    `.zarray` or `.zgroup` that writes an `attributes` member of its own.
    Any other key (a chunk's, say) is ignored.
    """
    if type(files) is dict:
        # The common case: the files of an array, or a group, and perhaps its
        # attributes. (No cast() here: each is a call, and this runs per node.)
        usual: dict[str, object] = files  # pyright: ignore[reportUnknownVariableType]
        if (ARRAY_KEY in usual) != (GROUP_KEY in usual) and len(usual) == (
            2 if ATTRIBUTES_KEY in usual else 1
        ):
            node_file = ARRAY_KEY if ARRAY_KEY in usual else GROUP_KEY
            written = usual[node_file]
            if type(written) is dict:
                members: dict[str, object] = written  # pyright: ignore[reportUnknownVariableType]
                if "attributes" not in members:
                    if ATTRIBUTES_KEY not in usual:
                        return node_file, members, ()
                    return node_file, {**members, "attributes": usual[ATTRIBUTES_KEY]}, ()
    if not isinstance(files, Mapping):
        return (
            None,
            None,
            (
                ValidationProblem(
                    (), f"expected the files of a node by key, got {shown(files)}", "invalid_type"
                ),
            ),
        )
    # A node's directory holds its chunks too: keys of other files are no
    # concern of the node's metadata.
    given = cast("Mapping[object, object]", files)
    problems: list[ValidationProblem] = []
    if ARRAY_KEY in given and GROUP_KEY in given:
        problems.append(ARRAY_AND_GROUP)
        return None, None, tuple(problems)
    node_file = ARRAY_KEY if ARRAY_KEY in given else GROUP_KEY if GROUP_KEY in given else None
    if node_file is None:
        problems.append(NEITHER_ARRAY_NOR_GROUP)
        return None, None, tuple(problems)
    document: object = given[node_file]
    if isinstance(document, Mapping) and "attributes" in cast("Mapping[object, object]", document):
        problems.append(
            ValidationProblem(
                ("attributes",),
                f'unknown member "attributes"; the user attributes of a node are in its .zattrs, not its {node_file}',
                "unknown_key",
            )
        )
        return node_file, cast(object, document), tuple(problems)
    if ATTRIBUTES_KEY not in given or not isinstance(document, Mapping):
        return node_file, cast(object, document), tuple(problems)
    return (
        node_file,
        {**cast("Mapping[str, object]", document), "attributes": given[ATTRIBUTES_KEY]},
        tuple(problems),
    )


def read_node_v2(files: object, context: ZarrV2Context, depth: int = 0) -> NodeReadV2:
    """Read the files of one v2 node, by key (`.zarray` or `.zgroup`, and `.zattrs`), as the node they make."""
    node_file, document, problems = node_document(files)
    if node_file is None:
        return UnknownNodePassV2(problems)
    # Nesting is counted in each file: the .zattrs sits as deep as the node file. The
    # document is the node file itself unless the .zattrs was joined to it.
    given: Mapping[str, object] = files  # pyright: ignore[reportAssignmentType] - it names a node file, so it is a mapping
    zattrs = document is not given[node_file]
    read: NodeReadV2 = (
        read_array_v2(document, context, depth, zattrs=zattrs)
        if node_file == ARRAY_KEY
        else read_group_v2(document, context, depth, zattrs=zattrs)
    )
    if problems:
        read.problems = (*problems, *read.problems)
        read.document = None
    return read


class ConsolidatedPassV2:
    """What one pass over a `.zmetadata` found: each node's read, by node path, and every problem, located at the store keys."""

    __slots__ = ("envelope", "nodes", "problems", "respelled")

    def __init__(self) -> None:
        self.problems: tuple[ValidationProblem, ...] = ()
        self.nodes: dict[str, NodeReadV2] = {}
        """The read of each listed node, by its path ("" for the root)."""
        self.respelled: dict[tuple[str, str], str] = {}
        """The key of each file the listing writes otherwise than its node's path, `/` and its name (`/a//.zarray`), by the node's path and the file's name: nearly always none."""
        self.envelope: Mapping[str, object] | None = None

    def key(self, node: str, file: str) -> str:
        """The key, as the listing writes it, of the file `file` of the listed node `node`."""
        return self.respelled.get((node, file)) or (f"{node}/{file}" if node else file)


def read_consolidated_v2(
    value: object, context: ZarrV2Context, depth: int = 0
) -> ConsolidatedPassV2:
    """Read a `.zmetadata` document and every node it lists; never raises on bad input."""
    with collector_paused():
        return _read_consolidated_v2(value, context, depth)


def _read_consolidated_v2(value: object, context: ZarrV2Context, depth: int) -> ConsolidatedPassV2:
    read = ConsolidatedPassV2()
    problems: list[ValidationProblem] = []
    if not isinstance(value, Mapping) or depth >= MAX_DEPTH:
        read.problems = (not_a_document(cast(object, value), depth),)
        return read
    document = cast("Mapping[Any, Any]", value)
    written = document.get("zarr_consolidated_format", UNSET)
    if written is UNSET:
        problems.append(
            ValidationProblem(
                ("zarr_consolidated_format",),
                'missing required member "zarr_consolidated_format"',
                "missing_key",
            )
        )
    elif not (written == 1 and type(written) is int):
        _CONSOLIDATED_FORMAT(written, ("zarr_consolidated_format",), problems, depth + 1)
    for key in document:
        if key not in ("zarr_consolidated_format", "metadata"):
            problems.append(
                ValidationProblem(
                    (key,) if type(key) is str else (),
                    f'unknown member {shown(key)}; expected only "zarr_consolidated_format", "metadata"',
                    "unknown_key",
                )
            )
    listing = document.get("metadata", UNSET)
    if listing is UNSET:
        problems.append(
            ValidationProblem(("metadata",), 'missing required member "metadata"', "missing_key")
        )
    elif _plain_listing(listing, depth + 1) or (
        _LISTING(listing, ("metadata",), problems, depth + 1) is not FAIL
    ):
        _read_listing(cast("Mapping[str, object]", listing), context, depth + 2, read, problems)
    read.problems = tuple(problems)
    if not problems:
        read.envelope = document
    return read


def _plain_listing(listing: object, depth: int) -> bool:
    """Whether `listing` is a dict whose keys are all strings, within the nesting limit: what `_LISTING` takes, found without copying the listing twice, as it would."""
    return (
        type(listing) is dict
        and depth < MAX_DEPTH
        and set(map(type, cast("dict[object, object]", listing))) <= {str}
    )


def normalized_key(key: str) -> str:
    """A key of a `.zmetadata` as the logical path it names, normalized as the v2 spec says: a leading "/" stripped, runs of "/" collapsed (`"//a//.zarray"` is `"a/.zarray"`)."""
    if not key.startswith("/") and "//" not in key:
        return key  # nearly every key
    return "/".join(part for part in key.split("/") if part)


def _read_listing(
    listing: Mapping[str, object],
    context: ZarrV2Context,
    depth: int,
    read: ConsolidatedPassV2,
    problems: list[ValidationProblem],
) -> None:
    """Read the nodes a listing holds, each from its files together, and check that they form a tree."""
    by_node: dict[str, dict[str, object]] = {}
    respelled = read.respelled
    for key, document in listing.items():
        path = (
            key if key[:1] != "/" and "//" not in key else normalized_key(key)
        )  # nearly every key is normal
        node, _, file = path.rpartition("/")
        if file not in NODE_FILES:
            problems.append(
                ValidationProblem(
                    ("metadata", key),
                    f"expected a key that ends with .zarray, .zgroup or .zattrs, got {shown(key)}",
                    "invalid_value",
                )
            )
            continue
        files = by_node.get(node)
        if files is None:
            # A good path is judged once, at the first of its node's files; a
            # bad one is a problem at each key that writes it.
            path_problems = (
                node_path_problems(node, ("metadata", key), reserved=False) if node else ()
            )
            if path_problems:
                problems.extend(path_problems)
                continue
            files = by_node[node] = {}
        if file in files:
            problems.append(
                ValidationProblem(
                    ("metadata", key),
                    f"expected each file listed once, got {shown(key)}, which names {shown(path)} as "
                    f"{shown(read.key(node, file))} does",
                    "invalid_value",
                )
            )
            continue
        files[file] = document
        if path is not key:
            respelled[node, file] = key
    nodes = read.nodes
    for node, files in by_node.items():
        node_read = nodes[node] = read_node_v2(files, context, depth)
        if node_read.problems:
            problems.extend(_at_file(problem, read, node, files) for problem in node_read.problems)
    problems.extend(
        tree_problems(
            {node: type(node_read) is GroupPassV2 for node, node_read in nodes.items()},
            lambda node: ("metadata", read.key(node, _node_file(by_node[node]))),
            root_listed=True,
        )
    )


def _node_file(files: Mapping[str, object]) -> str:
    return ARRAY_KEY if ARRAY_KEY in files else GROUP_KEY if GROUP_KEY in files else ATTRIBUTES_KEY


def _at_file(
    problem: ValidationProblem, read: ConsolidatedPassV2, node: str, files: Mapping[str, object]
) -> ValidationProblem:
    """A problem of the document of the node `node`, whose files are `files`, located at the key, as the listing writes it, of the file that holds it."""
    file, loc = file_holding(problem.loc, files)
    return relocated(problem, ("metadata", read.key(node, file), *loc))


def file_holding(loc: Loc, files: Mapping[str, object]) -> tuple[str, Loc]:
    """Which of a node's files holds what `loc` points at in the node's document, and where in that file.

    The attributes are the `.zattrs`, unless the node file writes an
    `attributes` member of its own, which is where such a problem points.
    """
    node_file = _node_file(files)
    if loc[:1] == ("attributes",) and ATTRIBUTES_KEY in files:
        written = files.get(node_file)
        if not (
            isinstance(written, Mapping)
            and "attributes" in cast("Mapping[object, object]", written)
        ):
            return ATTRIBUTES_KEY, loc[1:]
    return node_file, loc


def listed_documents(read: ConsolidatedPassV2, written: Iterable[str]) -> Mapping[str, object]:
    """The listing of a `.zmetadata` without problems, each file as its node's reader refined it, under the key as written; `written` holds the listing's keys, in its order."""
    refined: dict[str, object] = {}
    for key in written:
        node, _, file = normalized_key(key).rpartition("/")
        document = read.nodes[node].document
        assert document is not None
        if file == ATTRIBUTES_KEY:
            refined[key] = document["attributes"]
        else:
            # A node's document holds the .zattrs as `attributes`; its node file holds the rest.
            refined[key] = FrozenObject(
                {member: value for member, value in document.items() if member != "attributes"}
            )
    return FrozenObject(refined)


__all__ = [
    "ARRAY_AND_GROUP",
    "NEITHER_ARRAY_NOR_GROUP",
    "ConsolidatedPassV2",
    "GroupPassV2",
    "NodeReadV2",
    "UnknownNodePassV2",
    "ZarrV2GroupMetadataReading",
    "ZarrV2UnknownNodeMetadataReading",
    "file_holding",
    "ignored_members_v2",
    "listed_documents",
    "node_document",
    "normalized_key",
    "read_consolidated_v2",
    "read_group_v2",
    "read_node_v2",
]
