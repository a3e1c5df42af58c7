"""Reading a v3 group's `zarr.json`, the documents its consolidated metadata lists, and any v3 `zarr.json` by its node type.

These three readers call each other: a group's consolidated metadata lists
groups, and a listed group may hold consolidated metadata of its own. A
group's reader checks only the envelope of its consolidated metadata for
the group's own reading, but reads every listed document in the same pass;
what it found is kept for the group's `consolidated()`, so nothing is read
twice.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, Final, Literal, cast

from typing_extensions import TypedDict

from zarr_metadata._collector import collector_paused
from zarr_metadata._frozen import FrozenObject, fast_constructor
from zarr_metadata._json import UNSET, Loc, UserJSONValue, ValidationProblem, under
from zarr_metadata._names import node_path_problems, tree_problems
from zarr_metadata._refuse import FAIL, MAX_DEPTH, Checker
from zarr_metadata._shapes import Unread, typeddict_members
from zarr_metadata.definition._fields import NO_NESTED, RefusedField, ResolvedField, accepted
from zarr_metadata.definition._reader import FieldReaders
from zarr_metadata.model._array_v3 import ArrayPass, read_array
from zarr_metadata.model._read import (
    not_a_document,
    read_attributes,
    read_extra_fields,
    read_head,
    with_nested,
)
from zarr_metadata.typed_json import checker_of
from zarr_metadata.v3._context import ZarrV3Context
from zarr_metadata.v3._extra_field_kinds import GroupExtraFieldDefinition
from zarr_metadata.v3.consolidated import (
    CONSOLIDATED_METADATA_EXTRA_FIELD,
    ZARR_V3_CONSOLIDATED_METADATA_KEY,
)
from zarr_metadata.v3.group import ZarrV3GroupMetadataJSON

if TYPE_CHECKING:
    from zarr_metadata.model._group_model_v3 import ZarrV3GroupMetadata

GROUP_SPEC_MEMBERS: frozenset[str] = frozenset(
    member.key for member in typeddict_members(ZarrV3GroupMetadataJSON).members
)

_NODE_TYPE: Final[Checker] = checker_of(Literal["group"], True)
_USER_JSON: Final[Checker] = checker_of(UserJSONValue, True)
_NO_EXTRA_FIELDS: Mapping[str, Any] = FrozenObject()


class _Envelope(TypedDict, closed=True):
    """The consolidated metadata envelope, with each document left for the node reader to read once."""

    kind: Literal["inline"]
    must_understand: Literal[False]
    metadata: Mapping[str, Unread]


_ENVELOPE: Final[Checker] = checker_of(_Envelope, True)


@dataclasses.dataclass(frozen=True, slots=True)
class ZarrV3GroupMetadataReading:
    """A v3 group document as a scope read it: its extra fields, every problem, and the model when there is none."""

    problems: tuple[ValidationProblem, ...] = ()
    metadata: ZarrV3GroupMetadata | None = None
    extra_fields: Mapping[str, ResolvedField[GroupExtraFieldDefinition[Any]]] = dataclasses.field(
        default_factory=FrozenObject
    )

    def fields(self) -> Iterator[tuple[Loc, ResolvedField[Any]]]:
        """Every field with its location, at any depth, in document order."""
        for key, field in self.extra_fields.items():
            yield from with_nested((key,), field)

    @property
    def any_unclaimed(self) -> bool:
        """Whether a field it holds, at any depth, is one nothing in scope claims: whether `fields()` lists one."""
        return any(field.any_unclaimed for field in self.extra_fields.values())


@dataclasses.dataclass(frozen=True, slots=True)
class ZarrV3UnknownNodeMetadataReading:
    """A v3 document whose node type is neither "array" nor "group": only its problems."""

    problems: tuple[ValidationProblem, ...]

    @property
    def metadata(self) -> None:
        """A document of no known node type has no model."""
        return None

    def fields(self) -> Iterator[tuple[Loc, ResolvedField[Any]]]:
        """No field is read from a document of no known node type."""
        return iter(())

    @property
    def any_unclaimed(self) -> bool:
        """A document of no known node type holds no field."""
        return False


_group_reading_of: Any = fast_constructor(
    ZarrV3GroupMetadataReading, ("problems", "metadata", "extra_fields")
)


class GroupPass:
    """What one pass over a group document found: its extra fields, every problem, its members refined, and its consolidated metadata read."""

    __slots__ = ("consolidated", "document", "extra_fields", "problems")

    def __init__(self) -> None:
        self.problems: tuple[ValidationProblem, ...] = ()
        self.extra_fields: Mapping[str, ResolvedField[Any]] = _NO_EXTRA_FIELDS
        self.document: Mapping[str, object] | None = None
        self.consolidated: ConsolidatedPass | None = None
        """What reading the documents the consolidated metadata lists found, located from the member; None when there is none."""

    def reading(self, metadata: ZarrV3GroupMetadata | None) -> ZarrV3GroupMetadataReading:
        """The reading of what was found, with `metadata` its model."""
        return _group_reading_of(self.problems, metadata, self.extra_fields)


class UnknownNodePass:
    """A document whose node type picks no reader: only its problems."""

    __slots__ = ("problems",)
    document: None = None

    def __init__(self, problems: tuple[ValidationProblem, ...]) -> None:
        self.problems = problems

    def reading(self, metadata: None) -> ZarrV3UnknownNodeMetadataReading:
        """The reading of what was found."""
        return ZarrV3UnknownNodeMetadataReading(self.problems)


NodeRead = ArrayPass | GroupPass | UnknownNodePass
"""What reading a v3 document of either node type found."""


class ConsolidatedPass:
    """What one pass over a consolidated metadata member found, located from the member: its envelope, and each listed document's read."""

    __slots__ = (
        "envelope",
        "envelope_problems",
        "json_problems",
        "node_problems",
        "nodes",
        "refined_documents",
    )

    def __init__(self) -> None:
        self.envelope: Mapping[str, object] | None = None
        """The envelope refined, its documents as written; None when it has problems."""
        self.envelope_problems: list[ValidationProblem] = []
        self.node_problems: list[ValidationProblem] = []
        """The problems of the listed documents: their paths, their place in the tree, and what each document's reader found."""
        self.nodes: dict[str, NodeRead] = {}
        """The read of each listed document, by its path."""
        self.refined_documents: dict[str, object] = {}
        """Each listed document refined: as its reader refined it, or as user data when it has problems."""
        self.json_problems: list[ValidationProblem] = []
        """The problems of listed documents that are not even JSON, which make the member itself no JSON."""

    @property
    def problems(self) -> tuple[ValidationProblem, ...]:
        """Every problem of the member and the documents it lists."""
        return (*self.envelope_problems, *self.node_problems)

    def member(self) -> Mapping[str, object] | None:
        """The member refined, each document as `refined_documents` holds it; None when the envelope has problems or a document is not JSON."""
        if self.envelope is None or len(self.refined_documents) != len(self.nodes):
            return None
        return FrozenObject(
            {
                key: FrozenObject(self.refined_documents) if key == "metadata" else value
                for key, value in self.envelope.items()
            }
        )


def read_consolidated(value: object, context: ZarrV3Context, depth: int = 0) -> ConsolidatedPass:
    """Read `value`, a group's `consolidated_metadata` member, and every document it lists, in `context`, located from the member.

    The documents must form a tree: each key a relative node path, each
    parent listed, and only groups holding children.
    """
    with collector_paused():
        return _read_consolidated(value, context, depth)


def _read_consolidated(value: object, context: ZarrV3Context, depth: int) -> ConsolidatedPass:
    read = ConsolidatedPass()
    envelope = _ENVELOPE(value, (), read.envelope_problems, depth)
    listed: Mapping[Any, Any] = {}
    if envelope is not FAIL:
        read.envelope = cast("Mapping[str, object]", envelope)
        listed = cast("Mapping[str, Any]", envelope)["metadata"]
    elif isinstance(value, Mapping) and isinstance(
        cast("Mapping[str, object]", value).get("metadata"), Mapping
    ):
        listed = cast("Mapping[Any, Any]", cast("Mapping[str, object]", value)["metadata"])
    misplaced: set[str] = set()
    problems = read.node_problems
    for path, document in listed.items():
        if type(path) is not str:
            continue  # the envelope's checker has refused the key
        loc = ("metadata", path)
        path_problems = node_path_problems(path, loc)
        if path.startswith("/"):
            path_problems = (
                *path_problems,
                ValidationProblem(
                    loc, f"expected a path relative to the group, got {path!r}", "invalid_value"
                ),
            )
        if path_problems:
            # A key that is no relative path names no place in the tree, so
            # it has no parent to look for: its one problem is the key.
            misplaced.add(path)
            problems.extend(path_problems)
        node = read_node(document, context, depth + 2)
        read.nodes[path] = node
        if node.problems:
            problems.extend(under(loc, node.problems))
            refined = _USER_JSON(document, loc, read.json_problems, depth + 2)
            if refined is not FAIL:
                read.refined_documents[path] = refined
        else:
            read.refined_documents[path] = node.document
    is_group = {path: isinstance(node, GroupPass) for path, node in read.nodes.items()}
    problems.extend(
        tree_problems(
            is_group, lambda path: ("metadata", path), root_listed=False, unplaced=misplaced
        )
    )
    return read


def read_group(value: object, context: ZarrV3Context, depth: int = 0) -> GroupPass:
    """Read `value` as a v3 group's `zarr.json` at `depth` in the JSON it was read from, in `context`: one pass; never raises on bad input."""
    read = GroupPass()
    if not isinstance(value, Mapping) or depth >= MAX_DEPTH:
        read.problems = (not_a_document(cast(object, value), depth),)
        return read
    document = cast("Mapping[Any, Any]", value)
    problems: list[ValidationProblem] = []
    refined: dict[Any, Any] = dict.fromkeys(document)
    readers: FieldReaders = context._field_readers()  # pyright: ignore[reportPrivateUsage]
    read_head(document, "group", _NODE_TYPE, problems, refined, depth)
    read_attributes(document, problems, refined, depth)
    extra_fields: dict[str, ResolvedField[Any]] = {}
    others = document
    if ZARR_V3_CONSOLIDATED_METADATA_KEY in document and _reads_consolidated(context):
        read.consolidated, extra_fields[ZARR_V3_CONSOLIDATED_METADATA_KEY] = _consolidated_member(
            document[ZARR_V3_CONSOLIDATED_METADATA_KEY], context, problems, refined, depth
        )
        others = {
            key: value
            for key, value in document.items()
            if key != ZARR_V3_CONSOLIDATED_METADATA_KEY
        }
    if not GROUP_SPEC_MEMBERS.issuperset(others):
        extra_fields.update(
            read_extra_fields(
                others,
                GROUP_SPEC_MEMBERS,
                GroupExtraFieldDefinition,
                readers,
                problems,
                refined,
                depth,
            )
        )
    if extra_fields:
        read.extra_fields = FrozenObject(
            {key: extra_fields[key] for key in document if key in extra_fields}
        )
    read.problems = tuple(problems)
    if not problems:
        read.document = FrozenObject(refined)
    return read


def _reads_consolidated(context: ZarrV3Context) -> bool:
    """Whether `context` reads `consolidated_metadata` as the core spec defines it, so its documents are read as nodes in the same pass."""
    return (
        context.claimant(GroupExtraFieldDefinition, ZARR_V3_CONSOLIDATED_METADATA_KEY)
        == CONSOLIDATED_METADATA_EXTRA_FIELD
    )


def _consolidated_member(
    member: object,
    context: ZarrV3Context,
    problems: list[ValidationProblem],
    refined: dict[Any, object],
    depth: int,
) -> tuple[ConsolidatedPass, ResolvedField[Any]]:
    """The group's `consolidated_metadata`, whose envelope alone is the group's to judge, with every document it lists read."""
    key = ZARR_V3_CONSOLIDATED_METADATA_KEY
    consolidated = read_consolidated(member, context, depth + 1)
    problems.extend(under((key,), (*consolidated.envelope_problems, *consolidated.json_problems)))
    json = consolidated.member()
    if json is None:
        field: ResolvedField[Any] = RefusedField(
            json=UNSET,
            name=key,
            read_as=GroupExtraFieldDefinition,
            definition=CONSOLIDATED_METADATA_EXTRA_FIELD,
        )
        return consolidated, field
    refined[key] = json
    return consolidated, accepted(
        FrozenObject({key: json}),
        key,
        CONSOLIDATED_METADATA_EXTRA_FIELD,
        json,
        NO_NESTED,
        GroupExtraFieldDefinition,
    )


class _NodeDocument(TypedDict, extra_items=UserJSONValue):
    """What every v3 `zarr.json` says before its node type decides how the rest is read."""

    zarr_format: Literal[3]
    node_type: Literal["array", "group"]


_UNTAGGED: Final[Checker] = checker_of(_NodeDocument, True)


def read_node(value: object, context: ZarrV3Context, depth: int = 0) -> NodeRead:
    """Read `value` as a v3 array or group `zarr.json` at `depth`, as its `node_type` says; never raises on bad input."""
    if isinstance(value, Mapping) and depth < MAX_DEPTH:
        document = cast("Mapping[object, object]", value)
        node_type = document.get("node_type")
        if node_type == "array" and type(node_type) is str:
            return read_array(document, context, depth)
        if node_type == "group" and type(node_type) is str:
            return read_group(document, context, depth)
    problems: list[ValidationProblem] = []
    _UNTAGGED(cast(object, value), (), problems, depth)
    return UnknownNodePass(tuple(problems))
