"""Names nothing in scope claims: in the checker an error, since no reader that follows the spec can open such a node, with the closest claimed name as a hint."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import Any, Protocol, cast

from zarr_metadata._json import Loc
from zarr_metadata.cli._findings import Issue
from zarr_metadata.cli._spelling import did_you_mean
from zarr_metadata.definition import ResolvedField, UnclaimedField
from zarr_metadata.definition._scope import Scope
from zarr_metadata.model._array_v3 import SPEC_MEMBERS
from zarr_metadata.model._group_v3 import GROUP_SPEC_MEMBERS
from zarr_metadata.v2._context import ZarrV2Context
from zarr_metadata.v2._scopes import KNOWN_V2
from zarr_metadata.v3._known import KNOWN
from zarr_metadata.v3.definition import (
    ArrayExtraFieldDefinition,
    ExtraFieldDefinition,
    GroupExtraFieldDefinition,
)


class Reading(Protocol):
    """A reading of a document: the fields it holds, and whether one of them is unclaimed."""

    @property
    def any_unclaimed(self) -> bool: ...

    def fields(self) -> Iterator[tuple[Loc, ResolvedField[Any]]]: ...


def unknown_name_issues(
    reading: Reading, scope: Scope, allowed: Collection[str], at: Loc = ()
) -> Iterator[Issue]:
    """An `unknown_name` error for each field of `reading` nothing in `scope` claims, located under `at`.

    A field whose object says `"must_understand": false` may be ignored by a
    reader, and a name in `allowed` is a private extension the user vouches
    for; neither is reported. In a scope narrower than `KNOWN` (or
    `KNOWN_V2`) the message says only readers limited to it cannot open the
    node, and names the known scope when that claims the name.
    """
    if not reading.any_unclaimed:
        # Most documents hold none: their fields are not listed at all.
        return
    widest = KNOWN_V2 if isinstance(scope, ZarrV2Context) else KNOWN
    narrowed: dict[type[Any], bool] = {}
    for loc, field in reading.fields():
        if not isinstance(field, UnclaimedField) or field.name in allowed or _may_be_ignored(field):
            continue
        kind = field.read_as
        if kind not in narrowed:
            narrowed[kind] = (
                not widest.definitions_of(kind).keys() <= scope.definitions_of(kind).keys()
            )
        member = issubclass(kind, ExtraFieldDefinition)
        if member:
            message = f'unknown member "{field.name}", which nothing in scope claims and which does not say "must_understand": false'
        else:
            # In a narrower scope than the widest, a reader beyond it may know the name.
            readers = "no reader limited to this scope" if narrowed[kind] else "no reader"
            message = f'nothing in scope claims the {kind.label} "{field.name}", so {readers} can open the node'
        if narrowed[kind] and widest.claimant(kind, field.name) is not None:
            message += "; the known scope claims it (--context known)"
        else:
            message += did_you_mean(field.name, _claimed_names(kind, scope), cutoff=0.75)
        yield Issue((*at, *loc), "unknown_name", message, "error", at_key=member)


def _claimed_names(kind: type[Any], scope: Scope) -> list[str]:
    """The names a document may write for `kind` in `scope`: the names definitions are filed under (not patterns such as `r*`), and for a top-level member the members the spec defines."""
    names = [name for name in scope.definitions_of(kind) if "*" not in name]
    if issubclass(kind, ArrayExtraFieldDefinition):
        names.extend(SPEC_MEMBERS)
    elif issubclass(kind, GroupExtraFieldDefinition):
        names.extend(GROUP_SPEC_MEMBERS)
    return names


def _may_be_ignored(field: UnclaimedField) -> bool:
    """Whether `field` says `"must_understand": false` (an extra member in its value, a field in its own object), so a reader may ignore it."""
    # Pyright cannot resolve the recursive JSON alias of `json`; only its being a mapping matters here.
    written = cast(object, field.json)  # pyright: ignore[reportUnknownMemberType]
    if not isinstance(written, Mapping):
        return False
    members = cast("Mapping[str, object]", written)
    if issubclass(field.read_as, ExtraFieldDefinition):
        member = members.get(field.name)
        return (
            isinstance(member, Mapping)
            and cast("Mapping[str, object]", member).get("must_understand") is False
        )
    return members.get("must_understand") is False
