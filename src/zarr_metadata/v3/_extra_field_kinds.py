"""The kinds of v3 extra field: a member of an array or group document that the spec does not define, read by its key."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import ClassVar, Final, cast

from typing_extensions import is_typeddict

from zarr_metadata._frozen import FrozenObject
from zarr_metadata._json import (
    UNSET,
    JSONValue,
    Loc,
    ValidationProblem,
)
from zarr_metadata._shapes import typeddict_members
from zarr_metadata.definition._extension import (
    C,
    Definition,
)
from zarr_metadata.typed_json import refine
from zarr_metadata.v3._documents import ZarrV3ArrayMetadataJSON, ZarrV3GroupMetadataJSON


@dataclasses.dataclass(frozen=True, kw_only=True, repr=False)
class ExtraFieldDefinition(Definition[C]):
    """A member of a v3 document that the spec does not define: its name is the member's key, its configuration the member's value.

    As a field it is written as the member alone, `{key: value}`, located at
    the key. The configuration must declare `must_understand` as a boolean
    that may be false, which the spec lets every extension member carry.
    `finite` says whether every number in the member must be finite; a
    member holding user data sets it False.
    """

    finite: bool = True
    """Whether every number in the member must be finite."""

    spec_members: ClassVar[frozenset[str]] = frozenset()
    """The members the spec defines in the documents this kind reads, which are never extra fields."""
    zarr_format: ClassVar[int | None] = 3
    # An extra member often holds user data, large (consolidated metadata)
    # and seldom written twice the same; keying it would cost more than it saves.
    remembered: ClassVar[bool] = False

    @property
    def finite_numbers(self) -> bool:
        return self.finite

    def _refusal(self) -> str | None:
        finite = cast(object, self.finite)
        if not isinstance(finite, bool):
            return f"{self.name!r}: finite is a boolean, got {finite!r}"
        refusal = super()._refusal()
        if refusal is not None:
            return refusal
        if not _takes_the_waiver(self.configuration):
            return (
                f"{self.name!r}: expected a configuration that declares must_understand as a boolean "
                f"that may be false, and nothing but a boolean, which the spec lets every extension member carry; "
                f"{self.configuration.__name__} does not"
            )
        return None

    @classmethod
    def _name_refusal(cls, name: str) -> str | None:
        if name in cls.spec_members:
            return f"{name!r} is a member the spec defines, so it is never an extra field"
        return None

    unclaimed_is_user_data: ClassVar[bool] = True

    @classmethod
    def read_envelope(
        cls, value: object, loc: Loc, problems: list[ValidationProblem]
    ) -> tuple[str | None, object]:
        if not isinstance(value, Mapping) or len(cast("Mapping[object, object]", value)) != 1:
            problems.append(
                ValidationProblem(
                    loc, "expected a member, as an object with one string key", "invalid_type"
                )
            )
            return None, UNSET
        ((name, member),) = cast("Mapping[object, object]", value).items()
        if not isinstance(name, str):
            problems.append(
                ValidationProblem(loc, "expected a member with a string key", "invalid_type")
            )
            return None, UNSET
        if name in cls.spec_members:
            problems.append(
                ValidationProblem(
                    loc,
                    f"{name!r} is a member the spec defines, not an extra field",
                    "invalid_value",
                )
            )
            return None, UNSET
        return str(name), member

    @classmethod
    def written_json(cls, value: object, configuration: object) -> JSONValue | UNSET:
        if configuration is UNSET or not isinstance(value, Mapping):
            return UNSET
        ((name, _),) = cast("Mapping[str, object]", value).items()
        return FrozenObject({name: configuration})

    @classmethod
    def configuration_loc(cls, loc: Loc) -> Loc:
        return loc

    @classmethod
    def written_configuration(cls, json: JSONValue) -> Mapping[str, JSONValue]:
        if isinstance(json, Mapping) and len(json) == 1:
            (member,) = cast("Mapping[str, JSONValue]", json).values()
            if isinstance(member, Mapping):
                return cast("Mapping[str, JSONValue]", member)
        return FrozenObject()

    @classmethod
    def envelope_json(cls, name: str, configuration: Mapping[str, JSONValue]) -> JSONValue:
        return FrozenObject({name: configuration})


def _takes_the_waiver(configuration: type) -> bool:
    """Whether a configuration TypedDict declares `must_understand` as a strict boolean that may be false.

    A waiver that also takes `0`, `"false"` or null would let a member a
    reader must understand pass for one it may ignore.
    """
    if not is_typeddict(configuration):
        return False
    declared = typeddict_members(configuration)
    for member in declared.members:
        if member.key == "must_understand":
            return _strict_waiver(member.annotation)
    return declared.extra is not None and _strict_waiver(declared.extra)


_NOT_BOOLEANS: Final = (0, 1, "false", None, (), FrozenObject())


def _strict_waiver(annotation: object) -> bool:
    return refine(False, annotation)[0] is False and all(
        refine(value, annotation)[1] for value in _NOT_BOOLEANS
    )


@dataclasses.dataclass(frozen=True, kw_only=True, repr=False)
class ArrayExtraFieldDefinition(ExtraFieldDefinition[C]):
    """An extra field of a v3 array document: a member the spec does not define, read by its key."""

    label: ClassVar[str] = "array extra field"
    spec_members: ClassVar[frozenset[str]] = frozenset(
        member.key for member in typeddict_members(ZarrV3ArrayMetadataJSON).members
    )
    is_kind: ClassVar[bool] = True


@dataclasses.dataclass(frozen=True, kw_only=True, repr=False)
class GroupExtraFieldDefinition(ExtraFieldDefinition[C]):
    """An extra field of a v3 group document: a member the spec does not define, read by its key; `consolidated_metadata` is one."""

    label: ClassVar[str] = "group extra field"
    spec_members: ClassVar[frozenset[str]] = frozenset(
        member.key for member in typeddict_members(ZarrV3GroupMetadataJSON).members
    )
    is_kind: ClassVar[bool] = True
