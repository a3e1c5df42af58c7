"""Tests of v3 scopes: filing, update, union, conflicts, equality, pickling, claimants."""

from __future__ import annotations

import copy
import pickle
import subprocess
import sys
from typing import Annotated, NotRequired

import pytest
from annotated_types import Interval
from typing_extensions import TypedDict

from zarr_metadata.definition import (
    AcceptedField,
    EmptyConfiguration,
    ScopeConflictError,
    UnclaimedField,
    resolve,
)
from zarr_metadata.v3._context import ZarrV3Context
from zarr_metadata.v3._field_kinds import (
    ArrayExtraFieldDefinition,
    CodecDefinition,
    DataTypeDefinition,
    GroupExtraFieldDefinition,
)
from zarr_metadata.v3.data_type.int16 import INT16_DATA_TYPE
from zarr_metadata.v3.data_type.uint8 import UINT8_DATA_TYPE

ACME_CODEC = CodecDefinition(
    name="acme.codec", configuration=EmptyConfiguration, kind="bytes_bytes", size="dynamic"
)
OTHER_ACME_CODEC = CodecDefinition(
    name="acme.codec", configuration=EmptyConfiguration, kind="bytes_bytes", size="static"
)


class LevelConfiguration(TypedDict, closed=True):
    level: Annotated[int, Interval(ge=0, le=3)]


LEVEL_CODEC = CodecDefinition(
    name="acme.level", configuration=LevelConfiguration, kind="bytes_bytes", size="dynamic"
)


class Waivable(TypedDict, closed=True):
    must_understand: NotRequired[bool]
    payload: NotRequired[int]


def test_an_empty_scope_claims_nothing() -> None:
    field, problems = resolve("acme.codec", CodecDefinition, ZarrV3Context(), ("codecs", 0))
    assert isinstance(field, UnclaimedField)
    assert problems == ()
    assert field.name == "acme.codec" and field.definition is None


def test_a_custom_codec_added_to_a_scope_is_claimed() -> None:
    context = ZarrV3Context().update(codecs=[ACME_CODEC])
    field, problems = resolve("acme.codec", CodecDefinition, context, ("codecs", 0))
    assert isinstance(field, AcceptedField)
    assert field.definition is ACME_CODEC
    assert problems == ()


def test_a_claimed_configuration_is_checked_with_document_locations() -> None:
    context = ZarrV3Context(codecs=[LEVEL_CODEC])
    field, problems = resolve(
        {"name": "acme.level", "configuration": {"level": 9, "fast": True}},
        CodecDefinition,
        context,
        ("codecs", 1),
    )
    assert field.definition is LEVEL_CODEC
    assert {(p.loc, p.kind) for p in problems} == {
        (("codecs", 1, "configuration", "level"), "invalid_value"),
        (("codecs", 1, "configuration", "fast"), "unknown_key"),
    }


def test_slots_are_read_only_mappings_by_name() -> None:
    context = ZarrV3Context(codecs=[ACME_CODEC, LEVEL_CODEC])
    assert dict(context.codecs) == {"acme.codec": ACME_CODEC, "acme.level": LEVEL_CODEC}
    with pytest.raises(TypeError):
        context.codecs["x"] = ACME_CODEC  # type: ignore[index]
    assert dict(context.data_types) == {}


def test_update_replaces_only_the_slots_given() -> None:
    context = ZarrV3Context(codecs=[ACME_CODEC], data_types=[UINT8_DATA_TYPE])
    updated = context.update(codecs=[LEVEL_CODEC])
    assert dict(updated.codecs) == {"acme.level": LEVEL_CODEC}
    assert dict(updated.data_types) == {"uint8": UINT8_DATA_TYPE}
    replaced = context.update(codecs={**context.codecs, "acme.codec": OTHER_ACME_CODEC})
    assert replaced.codecs["acme.codec"] is OTHER_ACME_CODEC


def test_two_definitions_under_one_name_conflict() -> None:
    context = ZarrV3Context(codecs=[ACME_CODEC])
    with pytest.raises(ScopeConflictError) as raised:
        context.update(codecs=[*context.codecs.values(), OTHER_ACME_CODEC])
    (conflict,) = raised.value.conflicts
    assert conflict.key == (CodecDefinition, "acme.codec")
    assert conflict.claimed is ACME_CODEC and conflict.found is OTHER_ACME_CODEC


def test_the_same_definition_twice_is_no_conflict() -> None:
    context = ZarrV3Context(codecs=[ACME_CODEC, ACME_CODEC])
    assert list(context.codecs) == ["acme.codec"]


def test_union_files_everything_and_reports_every_conflict() -> None:
    first = ZarrV3Context(codecs=[ACME_CODEC], data_types=[UINT8_DATA_TYPE])
    second = ZarrV3Context(codecs=[LEVEL_CODEC], data_types=[INT16_DATA_TYPE])
    joined = first.union(second)
    assert set(joined.codecs) == {"acme.codec", "acme.level"}
    assert set(joined.data_types) == {"uint8", "int16"}
    assert first.union(first) == first
    with pytest.raises(ScopeConflictError) as raised:
        first.union(ZarrV3Context(codecs=[OTHER_ACME_CODEC]))
    assert len(raised.value.conflicts) == 1


def test_union_refuses_a_scope_of_another_kind() -> None:
    with pytest.raises(TypeError):
        ZarrV3Context().union(object())  # type: ignore[arg-type]


def test_a_definition_of_the_wrong_kind_in_a_slot_raises() -> None:
    with pytest.raises(TypeError, match="codecs"):
        ZarrV3Context(codecs=[UINT8_DATA_TYPE])  # type: ignore[list-item]


def test_a_mapping_key_that_is_not_the_name_raises() -> None:
    with pytest.raises(TypeError, match="filed under"):
        ZarrV3Context(codecs={"gzip": ACME_CODEC})


def test_an_unknown_slot_raises() -> None:
    with pytest.raises(TypeError, match="no slot"):
        ZarrV3Context(compressors=[ACME_CODEC])  # type: ignore[call-arg]


def test_claimant_for_a_kind_of_another_format_raises() -> None:
    class NotAKind(CodecDefinition[EmptyConfiguration]):
        pass

    with pytest.raises(TypeError):
        ZarrV3Context().claimant(NotAKind, "x")


def test_equal_scopes_hash_equal() -> None:
    first = ZarrV3Context(codecs=[ACME_CODEC, LEVEL_CODEC])
    second = ZarrV3Context(codecs={"acme.level": LEVEL_CODEC, "acme.codec": ACME_CODEC})
    assert first == second and hash(first) == hash(second)
    assert first != ZarrV3Context(codecs=[ACME_CODEC])
    assert first != ZarrV3Context(codecs=[OTHER_ACME_CODEC, LEVEL_CODEC])


def test_copies_are_the_same_scope() -> None:
    context = ZarrV3Context(codecs=[ACME_CODEC])
    assert copy.copy(context) is context
    assert copy.deepcopy(context) is context


def test_repr_is_short() -> None:
    assert repr(ZarrV3Context(codecs=[ACME_CODEC, LEVEL_CODEC])) == "ZarrV3Context(<2 definitions>)"


def test_pickle_round_trip() -> None:
    context = ZarrV3Context(codecs=[ACME_CODEC], data_types=[UINT8_DATA_TYPE])
    restored = pickle.loads(pickle.dumps(context))
    assert restored == context and hash(restored) == hash(context)


def test_pickle_round_trip_in_a_subprocess() -> None:
    from zarr_metadata.v3.definition import CORE_AND_EXTENSIONS

    data = pickle.dumps(CORE_AND_EXTENSIONS)
    script = (
        "import pickle, sys\n"
        "from zarr_metadata.v3.definition import CORE_AND_EXTENSIONS\n"
        "context = pickle.loads(sys.stdin.buffer.read())\n"
        "assert context == CORE_AND_EXTENSIONS and hash(context) == hash(CORE_AND_EXTENSIONS)\n"
        "print(sorted(context.codecs))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], input=data, capture_output=True, check=True
    )
    assert "sharding_indexed" in result.stdout.decode()


def test_raw_bits_are_claimed_through_r_star() -> None:
    from zarr_metadata.v3.definition import CORE

    definition = CORE.claimant(DataTypeDefinition, "r8")
    assert definition is not None and definition.name == "r*"
    assert CORE.claimant(DataTypeDefinition, "r16") is definition
    assert CORE.claimant(DataTypeDefinition, "r*") is None
    assert "r*" in CORE.data_types


def test_a_data_type_named_like_raw_bits_is_refused() -> None:
    with pytest.raises(TypeError, match="raw bits"):
        DataTypeDefinition(name="r16", configuration=EmptyConfiguration)


def test_a_definition_with_a_name_no_document_can_use_is_refused() -> None:
    with pytest.raises(TypeError, match="not a name"):
        CodecDefinition(
            name="Acme", configuration=EmptyConfiguration, kind="bytes_bytes", size="static"
        )


def test_a_codec_hook_its_kind_is_never_asked_is_refused() -> None:
    with pytest.raises(TypeError, match="chunk_rules"):
        CodecDefinition(
            name="acme.checksum",
            configuration=EmptyConfiguration,
            kind="bytes_bytes",
            size="static",
            chunk_rules=lambda configuration, nested, chunk: (),
        )


def test_an_extra_field_that_cannot_be_waived_is_refused() -> None:
    with pytest.raises(TypeError, match="must_understand"):
        ArrayExtraFieldDefinition(name="acme.extra", configuration=LevelConfiguration)
    ArrayExtraFieldDefinition(name="acme.extra", configuration=Waivable)


def test_an_extra_field_named_after_a_spec_member_is_refused() -> None:
    with pytest.raises(TypeError, match="spec defines"):
        ArrayExtraFieldDefinition(name="shape", configuration=Waivable)
    with pytest.raises(TypeError, match="spec defines"):
        GroupExtraFieldDefinition(name="attributes", configuration=Waivable)
