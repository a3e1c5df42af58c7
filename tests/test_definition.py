"""Tests of reading one field in a scope, and of what follows from a field read."""

from __future__ import annotations

import pickle
from typing import Annotated, NotRequired

import pytest
from annotated_types import Interval
from typing_extensions import TypedDict

from zarr_metadata._json import UNSET
from zarr_metadata.definition import (
    AcceptedField,
    Default,
    EmptyConfiguration,
    RefusedField,
    ScopeConflictError,
    UnclaimedField,
    canonical_fill_value,
    canonical_of,
    configuration_of,
    fill_value_problems,
    resolve,
    with_problems,
)
from zarr_metadata.json_schema import json_schema, node_metadata_json_schema_v3
from zarr_metadata.v2.definition import ZarrV2CodecDefinition, ZarrV2Context
from zarr_metadata.v3.codec.gzip import GZIP_CODEC
from zarr_metadata.v3.definition import (
    CORE_AND_EXTENSIONS,
    ChunkKeyEncodingDefinition,
    CodecDefinition,
    DataTypeDefinition,
    GroupExtraFieldDefinition,
    ZarrV3Context,
    ZarrV3StaticCodecField,
)

SCOPE = CORE_AND_EXTENSIONS


class LevelConfiguration(TypedDict, closed=True):
    level: Annotated[int, Interval(ge=0, le=3)]
    fast: NotRequired[bool]


def _drop_slow(configuration: LevelConfiguration) -> LevelConfiguration:
    if configuration.get("fast") is False:
        return {"level": configuration["level"]}
    return configuration


LEVEL = CodecDefinition(
    name="acme.level",
    configuration=LevelConfiguration,
    kind="bytes_bytes",
    size="dynamic",
    canonical=_drop_slow,
)


def locs(problems: tuple[object, ...]) -> set[tuple[tuple[str | int, ...], str]]:
    return {(problem.loc, problem.kind) for problem in problems}  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("Gzip", (("codecs", 0), "invalid_value")),
        ("a", (("codecs", 0), "invalid_value")),
        ({"name": "9gzip"}, (("codecs", 0, "name"), "invalid_value")),
        ({"name": 5}, (("codecs", 0, "name"), "invalid_type")),
        ([1], (("codecs", 0), "invalid_type")),
    ],
)
def test_the_envelope_is_judged_before_any_definition(
    written: object, expected: tuple[object, str]
) -> None:
    field, problems = resolve(written, CodecDefinition, SCOPE, ("codecs", 0))
    assert isinstance(field, RefusedField) and field.definition is None
    assert locs(problems) == {expected}


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ({"name": "gzip", "configuration": []}, {(("codecs", 0, "configuration"), "invalid_type")}),
        (
            {"name": "gzip", "extra": 1},
            {
                (("codecs", 0, "extra"), "unknown_key"),
                (("codecs", 0, "configuration"), "missing_key"),
            },
        ),
        (
            {"name": "gzip", "must_understand": "no", "configuration": {"level": 10}},
            {
                (("codecs", 0, "must_understand"), "invalid_type"),
                (("codecs", 0, "configuration", "level"), "invalid_value"),
            },
        ),
        (
            {"name": "gzip", "must_understand": False, "configuration": {"level": 1}},
            {(("codecs", 0, "must_understand"), "invalid_value")},
        ),
    ],
)
def test_an_envelope_problem_of_a_claimed_field_never_hides_its_configuration(
    written: object, expected: set[tuple[object, str]]
) -> None:
    field, problems = resolve(written, CodecDefinition, SCOPE, ("codecs", 0))
    assert isinstance(field, RefusedField) and field.definition == GZIP_CODEC
    assert locs(problems) == expected


def test_a_uri_is_a_name() -> None:
    field, problems = resolve(
        "https://example.org/codecs/acme", CodecDefinition, SCOPE, ("codecs", 0)
    )
    assert isinstance(field, UnclaimedField) and problems == ()


def test_a_missing_configuration_a_definition_requires_is_a_missing_key() -> None:
    field, problems = resolve("gzip", CodecDefinition, SCOPE, ("codecs", 2))
    assert isinstance(field, RefusedField) and field.definition is not None
    assert locs(problems) == {(("codecs", 2, "configuration"), "missing_key")}


def test_accepted_fields_and_their_mappings_are_read_only() -> None:
    field, _ = resolve({"name": "gzip", "configuration": {"level": 1}}, CodecDefinition, SCOPE)
    assert isinstance(field, AcceptedField)
    with pytest.raises(TypeError):
        field.configuration["level"] = 2  # type: ignore[index]
    with pytest.raises(TypeError):
        field.json["name"] = "zstd"  # type: ignore[index]
    with pytest.raises(AttributeError):
        field.name = "zstd"  # type: ignore[misc]


def test_the_same_json_reads_to_equal_fields() -> None:
    first, _ = resolve({"name": "gzip", "configuration": {"level": 1}}, CodecDefinition, SCOPE)
    second, _ = resolve(
        {"name": "gzip", "configuration": {"level": 1}}, CodecDefinition, SCOPE, ("x",)
    )
    assert first == second and hash(first) == hash(second)


def test_true_is_not_read_as_one_even_after_one_was() -> None:
    scope = ZarrV3Context(codecs=[LEVEL])
    accepted, _ = resolve(
        {"name": "acme.level", "configuration": {"level": 1}}, CodecDefinition, scope
    )
    refused, problems = resolve(
        {"name": "acme.level", "configuration": {"level": True}}, CodecDefinition, scope
    )
    assert isinstance(accepted, AcceptedField) and isinstance(refused, RefusedField)
    assert locs(problems) == {(("configuration", "level"), "invalid_type")}


def test_cached_problems_are_located_where_the_field_is() -> None:
    written = {"name": "gzip", "configuration": {"level": 99}}
    _, first = resolve(written, CodecDefinition, SCOPE, ("codecs", 1))
    _, second = resolve(
        written, CodecDefinition, SCOPE, ("codecs", 3, "configuration", "codecs", 0)
    )
    assert locs(first) == {(("codecs", 1, "configuration", "level"), "invalid_value")}
    assert locs(second) == {
        (("codecs", 3, "configuration", "codecs", 0, "configuration", "level"), "invalid_value")
    }


def test_canonical_spelling_drops_defaults_and_uses_the_bare_name() -> None:
    scope = ZarrV3Context(codecs=[LEVEL])
    field, problems = resolve(
        {"name": "acme.level", "configuration": {"level": 2, "fast": False}}, CodecDefinition, scope
    )
    assert canonical_of(field, problems) == {"name": "acme.level", "configuration": {"level": 2}}
    encoding, problems = resolve(
        {"name": "default", "configuration": {"separator": "/"}}, ChunkKeyEncodingDefinition, SCOPE
    )
    assert canonical_of(encoding, problems) == "default"


class PaddedConfiguration(TypedDict, closed=True):
    level: Annotated[int, Interval(ge=0, le=3)]
    padding: NotRequired[Annotated[int, Interval(ge=0), Default(0)]]


PADDED = CodecDefinition(
    name="acme.padded", configuration=PaddedConfiguration, kind="bytes_bytes", size="dynamic"
)
PADDED_V2 = ZarrV2CodecDefinition(name="acme.padded", configuration=PaddedConfiguration)


def test_a_declared_default_is_left_out_of_a_v3_spelling_and_written_into_a_v2_codecs() -> None:
    v3 = ZarrV3Context(codecs=[PADDED])
    for padding, spelled in ((0, {"level": 2}), (1, {"level": 2, "padding": 1})):
        written = {"name": "acme.padded", "configuration": {"level": 2, "padding": padding}}
        assert canonical_of(*resolve(written, CodecDefinition, v3)) == {
            "name": "acme.padded",
            "configuration": spelled,
        }
    v2 = ZarrV2Context(codecs=[PADDED_V2])
    for written in (
        {"id": "acme.padded", "level": 2},
        {"id": "acme.padded", "level": 2, "padding": 0},
    ):
        assert canonical_of(*resolve(written, ZarrV2CodecDefinition, v2)) == {
            "id": "acme.padded",
            "level": 2,
            "padding": 0,
        }


def test_a_declared_default_is_the_members_default_in_the_json_schema() -> None:
    properties = json_schema(PaddedConfiguration)["$defs"]["PaddedConfiguration"]["properties"]
    assert properties["padding"]["default"] == 0 and properties["padding"]["minimum"] == 0
    assert "default" not in properties["level"]
    sharding = node_metadata_json_schema_v3()["$defs"]["ShardingIndexedCodecConfiguration"]
    assert sharding["properties"]["index_location"]["default"] == "end"


def test_a_default_is_declared_once_on_a_member_that_may_be_left_out() -> None:
    class Required(TypedDict, closed=True):
        level: Annotated[int, Default(1)]

    class Twice(TypedDict, closed=True):
        level: NotRequired[Annotated[int, Default(1), Default(2)]]

    for configuration in (Required, Twice):
        with pytest.raises(
            TypeError, match="a default is declared once, on a member that may be left out"
        ):
            ZarrV2CodecDefinition(name="acme.defaulted", configuration=configuration)


def test_a_field_with_problems_has_no_canonical_spelling() -> None:
    field, problems = resolve(
        {"name": "gzip", "configuration": {"level": 99}}, CodecDefinition, SCOPE
    )
    assert canonical_of(field, problems) is None


def test_an_unclaimed_field_is_spelled_as_written() -> None:
    field, problems = resolve(
        {"name": "acme.other", "configuration": {"x": [1]}}, CodecDefinition, SCOPE
    )
    assert canonical_of(field, problems) == {"name": "acme.other", "configuration": {"x": (1,)}}


def test_configuration_of_gives_the_configuration_only_to_its_definition() -> None:
    field, _ = resolve({"name": "gzip", "configuration": {"level": 4}}, CodecDefinition, SCOPE)
    assert configuration_of(field, SCOPE.codecs["gzip"]) == {"level": 4}
    assert configuration_of(field, SCOPE.codecs["zstd"]) is None


def test_read_configuration_checks_only_the_configuration() -> None:
    gzip = SCOPE.codecs["gzip"]
    assert gzip.read_configuration({"level": 3}) == ({"level": 3}, ())
    refined, problems = gzip.read_configuration({"level": 30}, ("configuration",))
    assert refined is None and locs(problems) == {(("configuration", "level"), "invalid_value")}
    assert gzip.requires_configuration and not SCOPE.codecs["crc32c"].requires_configuration


def test_fill_values_are_judged_by_the_data_type_read() -> None:
    int8, _ = resolve("int8", DataTypeDefinition, SCOPE)
    assert locs(fill_value_problems(int8, 300, ("fill_value",))) == {
        (("fill_value",), "invalid_value")
    }
    assert canonical_fill_value(int8, 300) is UNSET
    unclaimed, _ = resolve("acme.type", DataTypeDefinition, SCOPE)
    assert fill_value_problems(unclaimed, [1, "a"]) == ()
    assert locs(fill_value_problems(unclaimed, float("nan"), ("fill_value",))) == {
        (("fill_value",), "invalid_value")
    }
    assert canonical_fill_value(unclaimed, [1, "a"]) == (1, "a")


def test_with_problems_pairs_each_field_with_the_problems_inside_it() -> None:
    written = {
        "name": "sharding_indexed",
        "configuration": {
            "chunk_shape": [2],
            "codecs": ["bytes", {"name": "gzip"}],
            "index_codecs": ["crc32c"],
        },
    }
    field, problems = resolve(written, CodecDefinition, SCOPE, ("codecs", 0))
    fields = [
        (("codecs", 0), field),
        *[(("codecs", 0, "configuration", *path), held) for path, held in field.nested.items()],
    ]
    paired = {loc: found for loc, _, found in with_problems(fields, problems)}
    assert locs(paired[("codecs", 0)]) == locs(problems)
    assert locs(paired[("codecs", 0, "configuration", "codecs", 1)]) == {
        (("codecs", 0, "configuration", "codecs", 1, "configuration"), "missing_key")
    }
    assert paired[("codecs", 0, "configuration", "codecs", 0)] == ()


def test_a_static_codec_alias_refuses_dynamic_codecs() -> None:
    assert ZarrV3StaticCodecField in CodecDefinition.field_aliases


def test_an_extra_member_nothing_claims_is_user_data() -> None:
    field, problems = resolve(
        {"acme": {"values": [float("nan")]}}, GroupExtraFieldDefinition, SCOPE, ("acme",)
    )
    assert isinstance(field, UnclaimedField) and problems == ()


def test_a_claimed_extra_member_must_be_an_object() -> None:
    field, problems = resolve(
        {"consolidated_metadata": 3}, GroupExtraFieldDefinition, SCOPE, ("consolidated_metadata",)
    )
    assert isinstance(field, RefusedField)
    assert locs(problems) == {(("consolidated_metadata",), "invalid_type")}


def test_scope_conflicts_pickle_with_their_conflicts() -> None:
    other = CodecDefinition(
        name="gzip", configuration=EmptyConfiguration, kind="bytes_bytes", size="dynamic"
    )
    with pytest.raises(ScopeConflictError) as raised:
        SCOPE.union(ZarrV3Context(codecs=[other]))
    restored = pickle.loads(pickle.dumps(raised.value))
    assert restored.conflicts == raised.value.conflicts
    assert "gzip" in str(raised.value)


def test_an_error_raised_by_a_hook_names_the_definition() -> None:
    def broken(configuration: object, nested: object) -> tuple[()]:
        raise ZeroDivisionError

    codec = CodecDefinition(
        name="acme.broken",
        configuration=EmptyConfiguration,
        kind="bytes_bytes",
        size="static",
        rules=broken,
    )
    with pytest.raises(ZeroDivisionError) as raised:
        resolve("acme.broken", CodecDefinition, ZarrV3Context(codecs=[codec]))
    assert any("acme.broken" in note for note in raised.value.__notes__)
