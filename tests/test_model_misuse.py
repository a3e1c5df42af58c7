"""Misuse of the readers and models is a `TypeError`, raised before any input is read or decoded."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Literal, NotRequired

import pytest
from typing_extensions import TypedDict

from zarr_metadata._json import JSONValue
from zarr_metadata.definition import RefusedField, resolve
from zarr_metadata.model import (
    UNSET,
    ZarrV2ArrayMetadata,
    ZarrV2ConsolidatedMetadata,
    ZarrV2GroupMetadata,
    ZarrV3ArrayMetadata,
    ZarrV3ConsolidatedMetadata,
    ZarrV3GroupMetadata,
    node_metadata_from_json_v3,
    node_metadata_from_key_value_v2,
    node_metadata_from_key_value_v3,
    read_array_metadata_v2,
    read_array_metadata_v3,
    read_consolidated_metadata_v2,
    read_consolidated_metadata_v3,
    read_group_metadata_v2,
    read_group_metadata_v3,
    read_node_metadata_v2,
    read_node_metadata_v3,
    read_repaired_consolidated_metadata_v2,
    read_repaired_node_metadata_v2,
    read_repaired_node_metadata_v3,
    repair_node_metadata_v2,
)
from zarr_metadata.v2 import CORE_V2
from zarr_metadata.v3 import CORE_AND_EXTENSIONS
from zarr_metadata.v3.definition import (
    ArrayExtraFieldDefinition,
    CodecDefinition,
    GroupExtraFieldDefinition,
)

NOT_JSON = b"{"
"""Bytes no JSON parser reads: a reader that decoded them first would raise `MetadataValidationError`."""

V2_GROUP: dict[str, Any] = {"zarr_format": 2}

# Each reader and model of v3 handed a v2 scope, and each of v2 handed a v3 scope.
OTHER_FORMAT: list[tuple[str, Callable[[], object]]] = [
    ("read_array_metadata_v3", lambda: read_array_metadata_v3({}, context=CORE_V2)),  # pyright: ignore[reportArgumentType]
    ("read_group_metadata_v3", lambda: read_group_metadata_v3({}, context=CORE_V2)),  # pyright: ignore[reportArgumentType]
    ("read_node_metadata_v3", lambda: read_node_metadata_v3({}, context=CORE_V2)),  # pyright: ignore[reportArgumentType]
    ("read_consolidated_metadata_v3", lambda: read_consolidated_metadata_v3({}, context=CORE_V2)),  # pyright: ignore[reportArgumentType]
    ("read_repaired_node_metadata_v3", lambda: read_repaired_node_metadata_v3({}, context=CORE_V2)),  # pyright: ignore[reportArgumentType]
    ("node_metadata_from_json_v3", lambda: node_metadata_from_json_v3({}, context=CORE_V2)),  # pyright: ignore[reportArgumentType]
    ("node_metadata_from_key_value_v3", lambda: node_metadata_from_key_value_v3({"zarr.json": NOT_JSON}, context=CORE_V2)),  # pyright: ignore[reportArgumentType]
    ("ZarrV3ArrayMetadata", lambda: ZarrV3ArrayMetadata({}, CORE_V2)),  # pyright: ignore[reportArgumentType]
    ("ZarrV3ArrayMetadata.from_key_value", lambda: ZarrV3ArrayMetadata.from_key_value({"zarr.json": NOT_JSON}, context=CORE_V2)),  # pyright: ignore[reportArgumentType]
    ("ZarrV3ArrayMetadata.create_default", lambda: ZarrV3ArrayMetadata.create_default(context=CORE_V2)),  # pyright: ignore[reportArgumentType]
    ("ZarrV3ArrayMetadata.with_context", lambda: ZarrV3ArrayMetadata.create_default().with_context(CORE_V2)),  # pyright: ignore[reportArgumentType]
    ("ZarrV3ArrayMetadata.refined_in", lambda: ZarrV3ArrayMetadata.create_default().refined_in(CORE_V2)),  # pyright: ignore[reportArgumentType]
    ("ZarrV3GroupMetadata", lambda: ZarrV3GroupMetadata({}, CORE_V2)),  # pyright: ignore[reportArgumentType]
    ("ZarrV3GroupMetadata.from_key_value", lambda: ZarrV3GroupMetadata.from_key_value({"zarr.json": NOT_JSON}, context=CORE_V2)),  # pyright: ignore[reportArgumentType]
    ("ZarrV3ConsolidatedMetadata", lambda: ZarrV3ConsolidatedMetadata({}, CORE_V2)),  # pyright: ignore[reportArgumentType]
    ("read_array_metadata_v2", lambda: read_array_metadata_v2({}, context=CORE_AND_EXTENSIONS)),  # pyright: ignore[reportArgumentType]
    ("read_group_metadata_v2", lambda: read_group_metadata_v2(V2_GROUP, context=CORE_AND_EXTENSIONS)),  # pyright: ignore[reportArgumentType]
    ("read_node_metadata_v2", lambda: read_node_metadata_v2({".zgroup": V2_GROUP}, context=CORE_AND_EXTENSIONS)),  # pyright: ignore[reportArgumentType]
    ("read_consolidated_metadata_v2", lambda: read_consolidated_metadata_v2({}, context=CORE_AND_EXTENSIONS)),  # pyright: ignore[reportArgumentType]
    ("read_repaired_node_metadata_v2", lambda: read_repaired_node_metadata_v2({}, context=CORE_AND_EXTENSIONS)),  # pyright: ignore[reportArgumentType]
    ("read_repaired_consolidated_metadata_v2", lambda: read_repaired_consolidated_metadata_v2({}, context=CORE_AND_EXTENSIONS)),  # pyright: ignore[reportArgumentType]
    ("node_metadata_from_key_value_v2", lambda: node_metadata_from_key_value_v2({".zgroup": NOT_JSON}, context=CORE_AND_EXTENSIONS)),  # pyright: ignore[reportArgumentType]
    ("ZarrV2ArrayMetadata", lambda: ZarrV2ArrayMetadata({}, CORE_AND_EXTENSIONS)),  # pyright: ignore[reportArgumentType]
    ("ZarrV2ArrayMetadata.from_key_value", lambda: ZarrV2ArrayMetadata.from_key_value({".zarray": NOT_JSON}, context=CORE_AND_EXTENSIONS)),  # pyright: ignore[reportArgumentType]
    ("ZarrV2ArrayMetadata.create_default", lambda: ZarrV2ArrayMetadata.create_default(context=CORE_AND_EXTENSIONS)),  # pyright: ignore[reportArgumentType]
    ("ZarrV2GroupMetadata", lambda: ZarrV2GroupMetadata(V2_GROUP, CORE_AND_EXTENSIONS)),  # pyright: ignore[reportArgumentType]
    ("ZarrV2GroupMetadata.from_key_value", lambda: ZarrV2GroupMetadata.from_key_value({".zgroup": NOT_JSON}, context=CORE_AND_EXTENSIONS)),  # pyright: ignore[reportArgumentType]
    ("ZarrV2GroupMetadata.create_default", lambda: ZarrV2GroupMetadata.create_default(context=CORE_AND_EXTENSIONS)),  # pyright: ignore[reportArgumentType]
    ("ZarrV2ConsolidatedMetadata", lambda: ZarrV2ConsolidatedMetadata({}, CORE_AND_EXTENSIONS)),  # pyright: ignore[reportArgumentType]
    ("ZarrV2ConsolidatedMetadata.from_key_value", lambda: ZarrV2ConsolidatedMetadata.from_key_value({".zmetadata": NOT_JSON}, context=CORE_AND_EXTENSIONS)),  # pyright: ignore[reportArgumentType]
]  # fmt: skip


@pytest.mark.parametrize(
    "call", [call for _, call in OTHER_FORMAT], ids=[name for name, _ in OTHER_FORMAT]
)
def test_a_scope_of_the_other_format_is_a_type_error_before_anything_is_decoded(
    call: Callable[[], object],
) -> None:
    with pytest.raises(TypeError, match="other Zarr format"):
        call()


def test_something_that_is_no_scope_at_all_is_a_type_error_too() -> None:
    with pytest.raises(TypeError, match="got str"):
        read_array_metadata_v3({}, context="CORE")  # pyright: ignore[reportArgumentType]
    with pytest.raises(TypeError, match="got dict"):
        ZarrV2GroupMetadata(V2_GROUP, {})  # pyright: ignore[reportArgumentType]


# extra_fields: a mapping from string keys, none of them a member the spec defines

UPDATES: list[tuple[str, Callable[[Any], object]]] = [
    ("v3 array", lambda extra: ZarrV3ArrayMetadata.create_default().update(extra_fields=extra)),
    ("v3 array default", lambda extra: ZarrV3ArrayMetadata.create_default(extra_fields=extra)),
    ("v3 group", lambda extra: ZarrV3GroupMetadata.create_default().update(extra_fields=extra)),
    ("v2 array", lambda extra: ZarrV2ArrayMetadata.create_default().update(extra_fields=extra)),
]

MISUSED_EXTRA_FIELDS: list[tuple[str, Any]] = [
    ("a list of pairs", [("acme", 1)]),
    ("a number", 3),
    ("a key that is no string", {1: 2}),
    ("zarr_format", {"zarr_format": 3}),
    ("node_type", {"node_type": "array"}),
]


@pytest.mark.parametrize(
    "update", [update for _, update in UPDATES], ids=[name for name, _ in UPDATES]
)
@pytest.mark.parametrize(
    "extra",
    [extra for _, extra in MISUSED_EXTRA_FIELDS],
    ids=[name for name, _ in MISUSED_EXTRA_FIELDS],
)
def test_extra_fields_that_are_not_extra_members_by_string_keys_are_a_type_error(
    update: Callable[[Any], object], extra: Any
) -> None:
    if extra == {"node_type": "array"} and update is UPDATES[3][1]:
        pytest.skip("node_type is no member of a v2 array: there it is an extra member")
    with pytest.raises(TypeError, match=r"extra_fields|spec defines"):
        update(extra)


def test_every_member_the_spec_defines_is_reserved_whether_or_not_it_is_set_by_name() -> None:
    for key in ("shape", "zarr_format", "node_type", "codecs"):
        with pytest.raises(TypeError, match="spec defines"):
            ZarrV3ArrayMetadata.create_default().update(extra_fields={key: 1})
    for key in ("attributes", "consolidated_metadata", "zarr_format", "node_type"):
        with pytest.raises(TypeError, match="spec defines"):
            ZarrV3GroupMetadata.create_default().update(extra_fields={key: 1})
    for key in ("dtype", "zarr_format", "attributes"):
        with pytest.raises(TypeError, match="spec defines"):
            ZarrV2ArrayMetadata.create_default().update(extra_fields={key: 1})


def test_a_refused_field_handed_to_update_is_a_type_error_and_a_field_a_model_gave_is_its_json() -> (
    None
):
    refused, problems = resolve(
        {"name": "gzip", "configuration": {"level": 99}}, CodecDefinition, CORE_AND_EXTENSIONS
    )
    assert problems and isinstance(refused, RefusedField)
    metadata = ZarrV3ArrayMetadata.create_default(
        shape=(4,), extra_fields={"acme": {"must_understand": False}}
    )
    with pytest.raises(TypeError, match="RefusedField"):
        metadata.update(codecs=(metadata.codecs[0], refused))  # pyright: ignore[reportArgumentType]
    with pytest.raises(TypeError, match="RefusedField"):
        metadata.update(extra_fields={"other": refused})  # pyright: ignore[reportArgumentType]
    other = ZarrV3ArrayMetadata.create_default(shape=(4,), data_type="int16", fill_value=1)
    updated = metadata.update(
        data_type=other.data_type,
        codecs=other.codecs,
        extra_fields={"copy": metadata.extra_fields["acme"]},
    )  # pyright: ignore[reportArgumentType]
    written = updated.to_json()
    assert written["data_type"] == "int16" and written["codecs"] == (
        {"name": "bytes", "configuration": {"endian": "little"}},
    )
    assert written["copy"] == {"must_understand": False}  # pyright: ignore[reportGeneralTypeIssues]
    assert (
        metadata.update(extra_fields={"acme": UNSET}).to_json().keys()
        == ZarrV3ArrayMetadata.create_default(shape=(4,)).to_json().keys()
    )


# An extra-field definition's waiver: a boolean that may be false, and nothing else


class StrictWaiver(TypedDict, closed=True):
    must_understand: NotRequired[bool]


class FalseWaiver(TypedDict, closed=True):
    must_understand: Literal[False]


class NumberWaiver(TypedDict, closed=True):
    must_understand: NotRequired[bool | int]


class AnyWaiver(TypedDict, closed=True):
    must_understand: NotRequired[JSONValue]


class OpenConfiguration(TypedDict):
    level: int


@pytest.mark.parametrize("configuration", [NumberWaiver, AnyWaiver, OpenConfiguration])
def test_an_extra_field_definition_whose_waiver_is_not_a_strict_boolean_is_a_type_error(
    configuration: type,
) -> None:
    # `"must_understand": 0` would otherwise let a member a reader must understand pass for one it may ignore.
    with pytest.raises(TypeError, match="must_understand"):
        ArrayExtraFieldDefinition(name="acme.extra", configuration=configuration)
    with pytest.raises(TypeError, match="must_understand"):
        GroupExtraFieldDefinition(name="acme.extra", configuration=configuration)


@pytest.mark.parametrize("configuration", [StrictWaiver, FalseWaiver])
def test_an_extra_field_definition_with_a_strict_boolean_waiver_is_built(
    configuration: type,
) -> None:
    assert (
        ArrayExtraFieldDefinition(name="acme.extra", configuration=configuration).name
        == "acme.extra"
    )


# Repairs are located from the value handed in


def test_v2_node_repairs_are_located_in_the_files_mapping() -> None:
    array = {
        "zarr_format": 2, "shape": [2], "chunks": [2], "dtype": "<f8", "compressor": None,
        "fill_value": math.nan, "order": "C", "filters": None,
    }  # fmt: skip
    files = {".zarray": array, ".zattrs": {"a": 1}}
    repaired, repairs = repair_node_metadata_v2(files)
    assert [repair.loc for repair in repairs] == [(".zarray", "fill_value")]
    assert repaired[".zarray"]["fill_value"] == "NaN"  # pyright: ignore[reportIndexIssue]
    reading = read_repaired_node_metadata_v2(files)
    assert [repair.loc for repair in reading.repairs] == [(".zarray", "fill_value")]
    assert reading.reading.problems == ()
