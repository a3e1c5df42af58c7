"""Mutated documents: each problem found at its cause, whatever else is wrong in the document.

Each rule below has example tests written as literal documents. Most rules
also have a generator: a valid document is drawn, the mutation under test is
applied to it, and then zero or more unrelated breakages are applied to
members the mutation does not touch or depend on. The problem the mutation
causes must still be reported, at the same location and with the same kind.
A breakage never hides a problem somewhere else in the document.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, assume, given, settings
from hypothesis import strategies as st

from _v3_documents import (
    LITTLE_BYTES,
    array_document,
    array_documents,
    consolidated_group_documents,
    consolidated_member,
    consolidated_members,
    group_document,
    group_documents,
    sharding_codec,
    without,
)
from zarr_metadata.model import (
    ZarrV3ArrayMetadata,
    ZarrV3GroupMetadata,
    read_array_metadata_v3,
    read_consolidated_metadata_v3,
    read_group_metadata_v3,
    read_node_metadata_v3,
)
from zarr_metadata.problems import MetadataValidationError, ValidationProblem

Loc = tuple[str | int, ...]
AnnotationReader = Callable[[object], Any]

SETTINGS = settings(
    max_examples=50,
    deadline=None,
    # No shrinking: a failure is shown as drawn, which keeps a failing run to seconds.
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


# Small helpers.


def found(problems: Sequence[ValidationProblem]) -> list[tuple[Loc, str]]:
    """Each problem as its location and kind, in the order reported."""
    return [(problem.loc, problem.kind) for problem in problems]


def shown(problems: Sequence[ValidationProblem]) -> str:
    return (
        "\n".join(f"  {problem.loc} {problem.kind}: {problem.message}" for problem in problems)
        or "  (none)"
    )


def starts_with(loc: Loc, prefix: Loc) -> bool:
    return tuple(loc[: len(prefix)]) == tuple(prefix)


def overlaps(first: Loc, second: Loc) -> bool:
    """Whether one location holds the other (or they are the same)."""
    return starts_with(first, second) or starts_with(second, first)


def name_of(field: object) -> object:
    """The name a field is written with: its bare name, or its `name` member."""
    if isinstance(field, str):
        return field
    if isinstance(field, Mapping):
        return field.get("name")
    return None


TRANSPOSE_2D = {"name": "transpose", "configuration": {"order": [1, 0]}}

ARRAY_TO_BYTES_NAMES = frozenset({"bytes", "sharding_indexed", "vlen-utf8", "vlen-bytes"})
"""The names of the array -> bytes codecs a generated pipeline holds at the top (the vlen ones are unclaimed here)."""

CODEC_STAGES: dict[str, int] = {
    "transpose": 0,
    "scale_offset": 0,
    "cast_value": 0,
    "bytes": 1,
    "sharding_indexed": 1,
    "gzip": 2,
    "zstd": 2,
    "blosc": 2,
    "crc32c": 2,
}
"""The stage of each claimed codec: 0 array -> array, 1 array -> bytes, 2 bytes -> bytes. Any other name is unclaimed."""


def array_to_bytes_index(codecs: Sequence[object]) -> int:
    """Where a generated pipeline has its array -> bytes codec."""
    return next(
        index for index, codec in enumerate(codecs) if name_of(codec) in ARRAY_TO_BYTES_NAMES
    )


def out_of_order(codecs: Sequence[object]) -> list[int]:
    """The indices of the codecs out of order: walking the list, a claimed codec whose stage comes before the stage reached, or a second array -> bytes codec.

    An unclaimed codec neither advances the stage nor is ever out of order.
    """
    reached = -1
    seen_array_to_bytes = False
    late: list[int] = []
    for index, codec in enumerate(codecs):
        stage = CODEC_STAGES.get(str(name_of(codec)))
        if stage is None:
            continue
        if stage < reached or (stage == 1 and seen_array_to_bytes):
            late.append(index)
            continue
        reached = max(reached, stage)
        seen_array_to_bytes = seen_array_to_bytes or stage == 1
    return late


def data_type_name(document: Mapping[str, Any]) -> object:
    return name_of(document.get("data_type"))


def is_claimed_data_type(document: Mapping[str, Any]) -> bool:
    name = data_type_name(document)
    return isinstance(name, str) and not name.startswith("acme.")


def inner_array_to_bytes(document: Mapping[str, Any]) -> Any:
    """An array -> bytes codec that fits a chunk of the document's data type."""
    name = data_type_name(document)
    if name == "string":
        return {"name": "vlen-utf8"}
    if name == "bytes":
        return {"name": "vlen-bytes"}
    return copy.deepcopy(LITTLE_BYTES)


def plain_json(value: object) -> object:
    """`value` with every mapping a dict and every sequence a list, for comparing as JSON text."""
    if isinstance(value, Mapping):
        return {key: plain_json(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [plain_json(item) for item in value]
    return value


def json_text(value: object) -> str:
    return json.dumps(plain_json(value))


def mappings_in(value: object) -> list[object]:
    """Every mapping in `value`, at any depth, itself included."""
    seen: list[object] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Mapping):
            seen.append(item)
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return seen


# Breakages: independent ways to make a valid document wrong at one member.


@dataclasses.dataclass(frozen=True)
class Breakage:
    """One way to break a valid document: a problem located at or below `at`, and nowhere else."""

    name: str
    at: Loc
    value: Any
    applies: Callable[[Mapping[str, Any]], bool] = lambda document: True

    def apply(self, document: Mapping[str, Any]) -> dict[str, Any]:
        key = self.at[0]
        assert isinstance(key, str) and len(self.at) == 1
        return {**document, key: copy.deepcopy(self.value)}

    def __repr__(self) -> str:
        return f"Breakage({self.name})"


ARRAY_BREAKAGES: tuple[Breakage, ...] = (
    Breakage("attributes-not-an-object", ("attributes",), [1, 2]),
    Breakage("zarr-format-2", ("zarr_format",), 2),
    Breakage("fill-value-nested-arrays", ("fill_value",), [[[]]], is_claimed_data_type),
    Breakage("dimension-names-a-string", ("dimension_names",), "xy"),
    Breakage("storage-transformers-an-object", ("storage_transformers",), {"name": "x"}),
    Breakage(
        "chunk-key-encoding-bad-separator",
        ("chunk_key_encoding",),
        {"name": "default", "configuration": {"separator": "-"}},
    ),
    Breakage("chunk-grid-without-configuration", ("chunk_grid",), {"name": "regular"}),
    Breakage("shape-a-string", ("shape",), "big"),
    Breakage("data-type-a-number", ("data_type",), 7),
)
"""Breakages of an array document, each at its own member.

An extra member nothing claims is no breakage: without `"must_understand":
false` it is listed by `must_understand_fields`, not reported as a problem.
"""

GROUP_BREAKAGES: tuple[Breakage, ...] = (
    Breakage("attributes-not-an-object", ("attributes",), 3),
    Breakage("zarr-format-2", ("zarr_format",), 2),
    Breakage(
        "consolidated-metadata-must-be-understood",
        ("consolidated_metadata",),
        {"kind": "inline", "must_understand": True, "metadata": {}},
    ),
)


@SETTINGS
@pytest.mark.parametrize("breakage", ARRAY_BREAKAGES, ids=lambda breakage: breakage.name)
@given(document=array_documents())
def test_each_array_breakage_is_a_problem_at_its_member_on_its_own(
    breakage: Breakage, document: dict[str, Any]
) -> None:
    """A breakage used below is a problem on its own, located at the member it breaks, and nowhere else."""
    assume(breakage.applies(document))
    problems = read_array_metadata_v3(breakage.apply(document)).problems
    assert problems, f"{breakage.name} is no problem in {document!r}"
    assert all(starts_with(problem.loc, breakage.at) for problem in problems), shown(problems)


@SETTINGS
@pytest.mark.parametrize("breakage", GROUP_BREAKAGES, ids=lambda breakage: breakage.name)
@given(document=group_documents())
def test_each_group_breakage_is_a_problem_at_its_member_on_its_own(
    breakage: Breakage, document: dict[str, Any]
) -> None:
    """A breakage used below is a problem on its own, located at the member it breaks, and nowhere else."""
    problems = read_group_metadata_v3(breakage.apply(document)).problems
    assert problems
    assert all(starts_with(problem.loc, breakage.at) for problem in problems), shown(problems)


# Mutations under test: what each changes, what problem it must cause, and what it depends on.


@dataclasses.dataclass(frozen=True)
class Expect:
    """A problem that must be reported: of `kind`, at one of `locs`."""

    locs: tuple[Loc, ...]
    kind: str

    @classmethod
    def at(cls, loc: Loc, kind: str) -> Expect:
        return cls((loc,), kind)

    def met_by(self, problems: Sequence[ValidationProblem]) -> bool:
        return any(problem.loc in self.locs and problem.kind == self.kind for problem in problems)


def _nothing(problem: ValidationProblem) -> bool:
    return False


@dataclasses.dataclass(frozen=True)
class Mutated:
    """A document with one mutation under test.

    `owned` lists the locations the mutation changes or depends on, which
    no breakage may touch. `forbidden` tells a problem that must not be
    reported.
    """

    document: dict[str, Any]
    expected: tuple[Expect, ...]
    owned: tuple[Loc, ...]
    forbidden: Callable[[ValidationProblem], bool] = _nothing


Target = Callable[[dict[str, Any]], st.SearchStrategy[Mutated]]


def check_mutation(
    data: st.DataObject,
    target: Target,
    *,
    documents: st.SearchStrategy[dict[str, Any]] | None = None,
    breakages: Sequence[Breakage] = ARRAY_BREAKAGES,
    readers: Sequence[AnnotationReader] = (read_array_metadata_v3,),
) -> None:
    """Draw a valid document, apply `target`'s mutation and then unrelated breakages; every expected problem is reported, and no forbidden one."""
    document = copy.deepcopy(
        data.draw(array_documents() if documents is None else documents, label="valid document")
    )
    mutated = data.draw(target(document), label="mutated")
    usable = [
        breakage
        for breakage in breakages
        if not any(overlaps(breakage.at, owned) for owned in mutated.owned)
        and breakage.applies(mutated.document)
    ]
    chosen = (
        data.draw(
            st.lists(st.sampled_from(usable), unique_by=lambda breakage: breakage.name),
            label="breakages",
        )
        if usable
        else []
    )
    broken = mutated.document
    for breakage in chosen:
        broken = breakage.apply(broken)
    for reader in readers:
        problems = reader(broken).problems
        for expect in mutated.expected:
            assert expect.met_by(problems), (
                f"{reader.__name__}: expected {expect.kind} at one of {expect.locs}; reported:\n{shown(problems)}"
            )
        unwanted = [problem for problem in problems if mutated.forbidden(problem)]
        assert not unwanted, f"{reader.__name__}: reported what it must not:\n{shown(unwanted)}"


# Rule 1: every problem in one pass, inside a field too.

BAD_MUST_UNDERSTAND_TYPES = ("false", "true", 0, 1, [False], {"value": False})


@st.composite
def envelope_problems(draw: st.DrawFn, at: Loc) -> tuple[dict[str, Any], list[Expect]]:
    """Members that make a field's envelope wrong (a must_understand of the wrong type or false, an unknown member beside `name`), and the problems they cause."""
    members: dict[str, Any] = {}
    expected: list[Expect] = []
    how = draw(st.sampled_from(["none", "wrong-type", "false"]))
    if how == "wrong-type":
        members["must_understand"] = draw(st.sampled_from(BAD_MUST_UNDERSTAND_TYPES))
        expected.append(Expect.at((*at, "must_understand"), "invalid_type"))
    elif how == "false":
        members["must_understand"] = False
        expected.append(Expect.at((*at, "must_understand"), "invalid_value"))
    if how == "none" or draw(st.booleans()):
        key = draw(
            st.sampled_from(
                ["storage_transformers", "Name", "extra", "must-understand", "mustUnderstand"]
            )
        )
        members[key] = draw(st.sampled_from([-1, "x", None, [1], {"a": 1}]))
        expected.append(Expect.at((*at, key), "unknown_key"))
    return members, expected


@st.composite
def field_with_a_bad_envelope(draw: st.DrawFn, document: dict[str, Any]) -> Mutated:
    """A claimed field whose envelope is wrong and whose configuration has a problem too: both are reported."""
    kind = draw(
        st.sampled_from(
            [
                "chunk_grid",
                "chunk_key_encoding",
                "data_type",
                "codec-appended",
                "codec-array-to-bytes",
            ]
        )
    )
    rank = len(document["shape"])
    owned: tuple[Loc, ...]
    if kind == "chunk_grid":
        at: Loc = ("chunk_grid",)
        chunk_shape: list[Any] = [draw(st.integers(1, 5)) for _ in range(max(rank, 1))]
        index = draw(st.integers(0, len(chunk_shape) - 1))
        bad, problem = draw(
            st.sampled_from(
                [
                    (0, "invalid_value"),
                    (-2, "invalid_value"),
                    (10.0, "invalid_type"),
                    ("3", "invalid_type"),
                ]
            )
        )
        chunk_shape[index] = bad
        field: dict[str, Any] = {"name": "regular", "configuration": {"chunk_shape": chunk_shape}}
        inner = Expect.at((*at, "configuration", "chunk_shape", index), problem)
        owned = (at,)
    elif kind == "chunk_key_encoding":
        at = ("chunk_key_encoding",)
        separator, problem = draw(
            st.sampled_from([("-", "invalid_value"), ("", "invalid_value"), (1, "invalid_type")])
        )
        field = {
            "name": draw(st.sampled_from(["default", "v2"])),
            "configuration": {"separator": separator},
        }
        inner = Expect.at((*at, "configuration", "separator"), problem)
        owned = (at,)
    elif kind == "data_type":
        at = ("data_type",)
        member, bad, problem = draw(
            st.sampled_from(
                [
                    ("unit", "fortnight", "invalid_value"),
                    ("scale_factor", 0, "invalid_value"),
                    ("scale_factor", "1", "invalid_type"),
                ]
            )
        )
        configuration = {"unit": "s", "scale_factor": 1, member: bad}
        field = {
            "name": draw(st.sampled_from(["numpy.datetime64", "numpy.timedelta64"])),
            "configuration": configuration,
        }
        inner = Expect.at((*at, "configuration", member), problem)
        document["fill_value"] = 0
        owned = (at, ("fill_value",))
    elif kind == "codec-appended":
        codecs = document["codecs"]
        at = ("codecs", len(codecs))
        level, problem = draw(
            st.sampled_from(
                [("high", "invalid_type"), (1.5, "invalid_type"), (None, "invalid_type")]
            )
        )
        field = {"name": "zstd", "configuration": {"level": level}}
        inner = Expect.at((*at, "configuration", "level"), problem)
        owned = (("codecs",),)
    else:
        codecs = document["codecs"]
        at = ("codecs", array_to_bytes_index(codecs))
        endian, problem = draw(
            st.sampled_from(
                [(1, "invalid_type"), ("middle", "invalid_value"), (None, "invalid_type")]
            )
        )
        field = {"name": "bytes", "configuration": {"endian": endian}}
        inner = Expect.at((*at, "configuration", "endian"), problem)
        owned = (("codecs",),)
    envelope, expected = draw(envelope_problems(at))
    field.update(envelope)
    if kind.startswith("codec"):
        codecs = list(document["codecs"])
        index = at[1]
        assert isinstance(index, int)
        codecs[index : index + (kind == "codec-array-to-bytes")] = [field]
        document["codecs"] = codecs
    else:
        key = at[0]
        assert isinstance(key, str)
        document[key] = field
    return Mutated(document, (*expected, inner), owned)


@st.composite
def misspelled_configuration(draw: st.DrawFn, document: dict[str, Any]) -> Mutated:
    """A field that requires a configuration but writes it under a misspelled key: the unknown key, and the missing configuration."""
    spelling = draw(st.sampled_from(["Configuration", "configurations", "config", "configuraton"]))
    kind = draw(st.sampled_from(["zstd", "cast_value", "regular"]))
    if kind == "regular":
        at: Loc = ("chunk_grid",)
        document["chunk_grid"] = {
            "name": "regular",
            spelling: {"chunk_shape": [1 for _ in document["shape"]]},
        }
        owned: Loc = at
    else:
        codecs = list(document["codecs"])
        if kind == "zstd":
            index = len(codecs)
            codecs.append({"name": "zstd", spelling: {"level": 3}})
        else:
            index = draw(st.integers(0, array_to_bytes_index(codecs)))
            codecs.insert(index, {"name": "cast_value", spelling: {"data_type": "uint8"}})
        document["codecs"] = codecs
        at = ("codecs", index)
        owned = ("codecs",)
    expected = (
        Expect.at((*at, spelling), "unknown_key"),
        Expect.at((*at, "configuration"), "missing_key"),
    )
    return Mutated(document, expected, (owned,))


def _chunk_grid_case(grid: dict[str, Any], expected: list[tuple[Loc, str]]) -> None:
    reading = read_array_metadata_v3(array_document(shape=[100], chunk_grid=grid))
    assert sorted(found(reading.problems), key=repr) == sorted(expected, key=repr), shown(
        reading.problems
    )


def test_a_chunk_grid_with_a_mistyped_must_understand_still_has_its_configuration_read() -> None:
    """A must_understand of the wrong type is one problem; the claimed grid's configuration is still read, and its problem reported too."""
    _chunk_grid_case(
        {"name": "regular", "must_understand": "false", "configuration": {"chunk_shape": [10.0]}},
        [
            (("chunk_grid", "must_understand"), "invalid_type"),
            (("chunk_grid", "configuration", "chunk_shape", 0), "invalid_type"),
        ],
    )


def test_a_chunk_grid_that_need_not_be_understood_is_refused_and_its_configuration_still_read() -> (
    None
):
    """A chunk grid must be understood: `"must_understand": false` on it is a problem, and its configuration is read all the same."""
    _chunk_grid_case(
        {"name": "regular", "must_understand": False, "configuration": {"chunk_shape": [0]}},
        [
            (("chunk_grid", "must_understand"), "invalid_value"),
            (("chunk_grid", "configuration", "chunk_shape", 0), "invalid_value"),
        ],
    )


@pytest.mark.parametrize(
    ("members", "inner"),
    [
        pytest.param(
            {
                "codecs": [
                    {
                        "name": "bytes",
                        "must_understand": False,
                        "configuration": {"endian": "middle"},
                    }
                ]
            },
            (("codecs", 0, "configuration", "endian"), "invalid_value"),
            id="codec",
        ),
        pytest.param(
            {
                "data_type": {
                    "name": "numpy.datetime64",
                    "must_understand": False,
                    "configuration": {"unit": "fortnight", "scale_factor": 1},
                },
                "fill_value": 0,
            },
            (("data_type", "configuration", "unit"), "invalid_value"),
            id="data_type",
        ),
        pytest.param(
            {
                "chunk_key_encoding": {
                    "name": "default",
                    "must_understand": False,
                    "configuration": {"separator": "-"},
                }
            },
            (("chunk_key_encoding", "configuration", "separator"), "invalid_value"),
            id="chunk_key_encoding",
        ),
    ],
)
def test_a_field_that_need_not_be_understood_is_refused_and_its_configuration_still_read(
    members: dict[str, Any], inner: tuple[Loc, str]
) -> None:
    """`"must_understand": false` is refused on a codec, a data type and a chunk key encoding; the claimed field's configuration is still read."""
    reading = read_array_metadata_v3(array_document(**members))
    field_loc = inner[0][: 2 if inner[0][0] == "codecs" else 1]
    expected = [((*field_loc, "must_understand"), "invalid_value"), inner]
    assert sorted(found(reading.problems), key=repr) == sorted(expected, key=repr), shown(
        reading.problems
    )


@pytest.mark.parametrize("field", ["chunk_grid", "chunk_key_encoding", "data_type", "codec"])
def test_must_understand_false_is_refused_on_a_valid_field(field: str) -> None:
    """`"must_understand": false` alone makes a chunk grid, chunk key encoding, data type or codec wrong: it is one problem at the member."""
    if field == "codec":
        document = array_document(codecs=[{**LITTLE_BYTES, "must_understand": False}])
        at: Loc = ("codecs", 0)
    else:
        value = array_document()[field]
        value = {"name": value} if isinstance(value, str) else dict(value)
        document = array_document(**{field: {**value, "must_understand": False}})
        at = (field,)
    reading = read_array_metadata_v3(document)
    assert found(reading.problems) == [((*at, "must_understand"), "invalid_value")], shown(
        reading.problems
    )


def test_an_unknown_member_of_a_codec_does_not_stop_its_configuration_being_read() -> None:
    """A bytes codec with an unknown member beside its name has that problem, and its configuration's problem as well."""
    codec = {"name": "bytes", "configuration": {"endian": 1}, "storage_transformers": -1}
    reading = read_array_metadata_v3(array_document(codecs=[codec]))
    problems = found(reading.problems)
    assert (("codecs", 0, "storage_transformers"), "unknown_key") in problems, shown(
        reading.problems
    )
    assert (("codecs", 0, "configuration", "endian"), "invalid_type") in problems, shown(
        reading.problems
    )
    assert all(starts_with(loc, ("codecs", 0)) for loc, _ in problems), shown(reading.problems)


@pytest.mark.parametrize(
    ("codecs", "index"),
    [
        pytest.param([LITTLE_BYTES, {"name": "zstd", "Configuration": {"level": 3}}], 1, id="zstd"),
        pytest.param(
            [{"name": "cast_value", "Configuration": {"data_type": "uint8"}}, LITTLE_BYTES],
            0,
            id="cast_value",
        ),
    ],
)
def test_a_misspelled_configuration_is_an_unknown_member_and_a_missing_configuration(
    codecs: list[Any], index: int
) -> None:
    """A codec that requires a configuration and writes it under a misspelled key has both problems: the unknown key, and no configuration."""
    reading = read_array_metadata_v3(array_document(codecs=copy.deepcopy(codecs)))
    problems = found(reading.problems)
    assert (("codecs", index, "Configuration"), "unknown_key") in problems, shown(reading.problems)
    assert (("codecs", index, "configuration"), "missing_key") in problems, shown(reading.problems)


def test_a_misspelled_chunk_grid_configuration_is_an_unknown_member_and_a_missing_configuration() -> (
    None
):
    """The regular chunk grid requires a configuration: written under another key, it is missing, and the key unknown."""
    reading = read_array_metadata_v3(
        array_document(chunk_grid={"name": "regular", "config": {"chunk_shape": [10, 10]}})
    )
    problems = found(reading.problems)
    assert (("chunk_grid", "config"), "unknown_key") in problems, shown(reading.problems)
    assert (("chunk_grid", "configuration"), "missing_key") in problems, shown(reading.problems)


@SETTINGS
@pytest.mark.parametrize(
    "target",
    [field_with_a_bad_envelope, misspelled_configuration],
    ids=lambda target: target.__name__,
)
@given(data=st.data())
def test_a_field_envelope_problem_never_hides_another_problem(
    target: Target, data: st.DataObject
) -> None:
    """A wrong envelope and a wrong configuration in one field are both reported, whatever else in the document is wrong."""
    check_mutation(data, target)


# Rule 2: codec order.


def _order(codecs: list[Any]) -> list[tuple[Loc, str]]:
    return found(read_array_metadata_v3(array_document(codecs=copy.deepcopy(codecs))).problems)


def test_codecs_after_a_later_stage_are_each_out_of_order() -> None:
    """Walking the codecs, each codec whose stage comes before the stage already reached is out of order; the first codec never is."""
    codecs = [{"name": "zstd", "configuration": {"level": 1}}, LITTLE_BYTES, TRANSPOSE_2D]
    assert _order(codecs) == [(("codecs", 1), "invalid_value"), (("codecs", 2), "invalid_value")]


def test_a_second_array_to_bytes_codec_is_out_of_order() -> None:
    """A pipeline has one array -> bytes codec: a second one is out of order, at its place."""
    assert _order([LITTLE_BYTES, LITTLE_BYTES]) == [(("codecs", 1), "invalid_value")]


def test_a_pipeline_without_an_array_to_bytes_codec_is_one_problem_at_the_codecs() -> None:
    """No array -> bytes codec is one problem, located at the codecs member as a whole."""
    assert _order([{"name": "zstd", "configuration": {"level": 1}}]) == [
        (("codecs",), "invalid_value")
    ]
    assert _order([TRANSPOSE_2D, {"name": "gzip", "configuration": {"level": 1}}]) == [
        (("codecs",), "invalid_value")
    ]


def test_an_unclaimed_codec_might_be_the_array_to_bytes_codec() -> None:
    """A codec nothing in scope claims may be the array -> bytes codec, so a pipeline holding one lacks none."""
    assert (
        _order(
            [TRANSPOSE_2D, {"name": "acme.encode"}, {"name": "gzip", "configuration": {"level": 1}}]
        )
        == []
    )


@st.composite
def codecs_out_of_order(draw: st.DrawFn, document: dict[str, Any]) -> Mutated:
    """A codec inserted out of place (bytes -> bytes before the array -> bytes codec, a second array -> bytes codec, array -> array after it): each late codec is a problem at its index, and no codec in order is."""
    codecs = list(document["codecs"])
    position = array_to_bytes_index(codecs)
    how = draw(
        st.sampled_from(["bytes-to-bytes-early", "second-array-to-bytes", "array-to-array-late"])
    )
    if how == "bytes-to-bytes-early":
        codec = draw(
            st.sampled_from(
                [
                    {"name": "zstd", "configuration": {"level": 1}},
                    {"name": "gzip", "configuration": {"level": 5}},
                    "crc32c",
                ]
            )
        )
        codecs.insert(draw(st.integers(0, position)), copy.deepcopy(codec))
    elif how == "second-array-to-bytes":
        codecs.insert(draw(st.integers(position + 1, len(codecs))), copy.deepcopy(LITTLE_BYTES))
    else:
        order = list(range(len(document["shape"])))
        codecs.insert(
            draw(st.integers(position + 1, len(codecs))),
            {"name": "transpose", "configuration": {"order": order}},
        )
    late = out_of_order(codecs)
    assume(late)
    document["codecs"] = codecs
    in_order = {
        ("codecs", index)
        for index, codec in enumerate(codecs)
        if index not in late and name_of(codec) in CODEC_STAGES
    }

    def forbidden(problem: ValidationProblem) -> bool:
        return problem.loc in in_order and problem.kind == "invalid_value"

    return Mutated(
        document,
        tuple(Expect.at(("codecs", index), "invalid_value") for index in late),
        (("codecs",),),
        forbidden,
    )


def codecs_without_array_to_bytes(document: dict[str, Any]) -> st.SearchStrategy[Mutated]:
    """The array -> bytes codec dropped: one problem at the codecs, unless a codec nothing claims remains, which might be it."""
    codecs = list(document["codecs"])
    del codecs[array_to_bytes_index(codecs)]
    document["codecs"] = codecs
    if any(name_of(codec) not in CODEC_STAGES for codec in codecs):

        def forbidden(problem: ValidationProblem) -> bool:
            return problem.loc == ("codecs",)

        return st.just(Mutated(document, (), (("codecs",),), forbidden))
    return st.just(Mutated(document, (Expect.at(("codecs",), "invalid_value"),), (("codecs",),)))


@SETTINGS
@pytest.mark.parametrize(
    "target",
    [codecs_out_of_order, codecs_without_array_to_bytes],
    ids=lambda target: target.__name__,
)
@given(data=st.data())
def test_codec_order_problems_whatever_else_is_wrong(target: Target, data: st.DataObject) -> None:
    """Codec order is judged by walking the list, each late codec at its index, whatever else in the document is wrong."""
    check_mutation(data, target)


# Rule 3: a problem is reported once, at its cause.


def _inner_codecs_are_quiet(index: int) -> Callable[[ValidationProblem], bool]:
    def forbidden(problem: ValidationProblem) -> bool:
        return starts_with(
            problem.loc, ("codecs", index, "configuration", "codecs")
        ) or starts_with(problem.loc, ("codecs", index, "configuration", "index_codecs"))

    return forbidden


@pytest.mark.parametrize(
    ("chunk_shape", "expected"),
    [
        pytest.param(
            [0, 10],
            [(("codecs", 0, "configuration", "chunk_shape", 0), "invalid_value")],
            id="zero",
        ),
        pytest.param(
            ["a", 10],
            [(("codecs", 0, "configuration", "chunk_shape", 0), "invalid_type")],
            id="string",
        ),
        pytest.param(
            [5, 5, 5], [(("codecs", 0, "configuration", "chunk_shape"), "invalid_value")], id="rank"
        ),
    ],
)
def test_a_refused_shard_chunk_shape_leaves_the_inner_codecs_unjudged(
    chunk_shape: list[Any], expected: list[tuple[Loc, str]]
) -> None:
    """When a sharding codec's chunk_shape is refused, the inner chunk is unknown: its problem is reported once, and the inner codecs get none."""
    codec = sharding_codec(
        chunk_shape, codecs=[copy.deepcopy(TRANSPOSE_2D), copy.deepcopy(LITTLE_BYTES)]
    )
    reading = read_array_metadata_v3(array_document(codecs=[codec]))
    assert found(reading.problems) == expected, shown(reading.problems)


@st.composite
def shard_with_a_refused_chunk_shape(draw: st.DrawFn, document: dict[str, Any]) -> Mutated:
    """The array -> bytes codec replaced by a sharding codec whose chunk_shape is refused; its inner codecs, which would not fit a chunk of that shape, get no problem."""
    rank = len(document["shape"])
    how = draw(st.sampled_from(["zero", "negative", "string", "float", "rank"]))
    owned: tuple[Loc, ...] = (("codecs",),)
    codecs = list(document["codecs"])
    index = array_to_bytes_index(codecs)
    at: Loc = ("codecs", index, "configuration", "chunk_shape")
    chunk_shape: list[Any]
    if how == "rank":
        length = draw(st.sampled_from([rank + 1, rank + 2] if rank == 0 else [rank - 1, rank + 1]))
        chunk_shape = [1] * length
        expect = Expect.at(at, "invalid_value")
        # The rank is judged against the chunk, which the shape and the grid give.
        owned = (*owned, ("shape",), ("chunk_grid",))
    else:
        chunk_shape = [1] * max(rank, 1)
        element = draw(st.integers(0, len(chunk_shape) - 1))
        bad, kind = {
            "zero": (0, "invalid_value"),
            "negative": (-1, "invalid_value"),
            "string": ("a", "invalid_type"),
            "float": (1.5, "invalid_type"),
        }[how]
        chunk_shape[element] = bad
        expect = Expect.at((*at, element), kind)
    axes = draw(st.sampled_from([rank, len(chunk_shape)]))
    transpose = {"name": "transpose", "configuration": {"order": list(reversed(range(axes)))}}
    codecs[index] = sharding_codec(chunk_shape, codecs=[transpose, inner_array_to_bytes(document)])
    document["codecs"] = codecs
    return Mutated(document, (expect,), owned, _inner_codecs_are_quiet(index))


@SETTINGS
@given(data=st.data())
def test_a_refused_shard_chunk_shape_is_one_problem_at_its_cause_whatever_else_is_wrong(
    data: st.DataObject,
) -> None:
    """A refused shard chunk_shape is reported at its cause, and its inner codecs get no problem, whatever else in the document is wrong."""
    check_mutation(data, shard_with_a_refused_chunk_shape)


# Rule 4: locations.


@pytest.mark.parametrize(
    ("reader", "document"),
    [
        pytest.param(
            read_array_metadata_v3, without(array_document(), "node_type"), id="array-reader"
        ),
        pytest.param(
            read_group_metadata_v3, without(group_document(), "node_type"), id="group-reader"
        ),
        pytest.param(
            read_node_metadata_v3, without(array_document(), "node_type"), id="node-reader-array"
        ),
        pytest.param(
            read_node_metadata_v3, without(group_document(), "node_type"), id="node-reader-group"
        ),
    ],
)
def test_a_document_without_node_type_is_missing_it(
    reader: AnnotationReader, document: dict[str, Any]
) -> None:
    """Every reader reports a document that writes no node_type as a missing member there."""
    assert (("node_type",), "missing_key") in found(reader(document).problems)


@pytest.mark.parametrize(
    ("members", "expected"),
    [
        pytest.param({"shape": [10, -1]}, [(("shape", 1), "invalid_value")], id="negative-length"),
        pytest.param(
            {"shape": [10, 1.5]}, [(("shape", 1), "invalid_type")], id="fractional-length"
        ),
        pytest.param(
            {"shape": [-1, "2"]},
            [(("shape", 0), "invalid_value"), (("shape", 1), "invalid_type")],
            id="two-bad-lengths",
        ),
        pytest.param({"shape": "100"}, [(("shape",), "invalid_type")], id="shape-not-an-array"),
        pytest.param(
            {"dimension_names": [1, "x"]},
            [(("dimension_names", 0), "invalid_type")],
            id="name-a-number",
        ),
        pytest.param(
            {"dimension_names": ["x", ["y"]]},
            [(("dimension_names", 1), "invalid_type")],
            id="name-an-array",
        ),
        pytest.param(
            {"dimension_names": ["x"]},
            [(("dimension_names",), "invalid_value")],
            id="too-few-names",
        ),
        pytest.param(
            {"dimension_names": {"0": "x"}},
            [(("dimension_names",), "invalid_type")],
            id="names-not-an-array",
        ),
    ],
)
def test_a_bad_item_of_shape_or_dimension_names_is_located_at_the_item(
    members: dict[str, Any], expected: list[tuple[Loc, str]]
) -> None:
    """A bad length or name is located at its item; only a problem of the member as a whole is at the member."""
    reading = read_array_metadata_v3(array_document(**members))
    assert sorted(found(reading.problems), key=repr) == sorted(expected, key=repr), shown(
        reading.problems
    )


def _bad_child_member() -> dict[str, Any]:
    return consolidated_member(
        {
            "a": array_document(
                shape=[-1], chunk_grid={"name": "regular", "configuration": {"chunk_shape": [1]}}
            )
        }
    )


def test_consolidated_metadata_read_alone_is_located_from_the_member() -> None:
    """Read on its own, the consolidated_metadata member locates problems from itself, not from a group document around it."""
    reading = read_consolidated_metadata_v3(_bad_child_member())
    assert (("metadata", "a", "shape", 0), "invalid_value") in found(reading.problems), shown(
        reading.problems
    )
    assert not any(problem.loc[:1] == ("consolidated_metadata",) for problem in reading.problems), (
        shown(reading.problems)
    )


def test_consolidated_metadata_of_a_group_model_is_located_in_the_group() -> None:
    """A group model's consolidated() reads the member inside the group document, so it locates problems from the group."""
    model = ZarrV3GroupMetadata(group_document(consolidated_metadata=_bad_child_member()))
    with pytest.raises(MetadataValidationError) as raised:
        model.consolidated()
    problems = raised.value.problems
    assert (("consolidated_metadata", "metadata", "a", "shape", 0), "invalid_value") in found(
        problems
    ), shown(problems)
    assert all(
        starts_with(problem.loc, ("consolidated_metadata", "metadata", "a")) for problem in problems
    ), shown(problems)


@st.composite
def shape_with_bad_lengths(draw: st.DrawFn, document: dict[str, Any]) -> Mutated:
    """Some lengths of the shape made negative or not integers: each a problem at its item, none at the shape as a whole."""
    shape = list(document["shape"]) or [1]
    bad_items = draw(
        st.lists(st.integers(0, len(shape) - 1), min_size=1, max_size=len(shape), unique=True)
    )
    expected = []
    for item in bad_items:
        bad, kind = draw(
            st.sampled_from(
                [
                    (-1, "invalid_value"),
                    (-(2**40), "invalid_value"),
                    (1.5, "invalid_type"),
                    ("3", "invalid_type"),
                    (None, "invalid_type"),
                    (True, "invalid_type"),
                ]
            )
        )
        shape[item] = bad
        expected.append(Expect.at(("shape", item), kind))
    document["shape"] = shape

    def forbidden(problem: ValidationProblem) -> bool:
        return problem.loc == ("shape",)

    return Mutated(document, tuple(expected), (("shape",),), forbidden)


@st.composite
def shape_not_an_array(draw: st.DrawFn, document: dict[str, Any]) -> Mutated:
    """A shape that is no array: one problem at the shape."""
    document["shape"] = draw(st.sampled_from(["10", 10, {"0": 10}, None]))
    return Mutated(document, (Expect.at(("shape",), "invalid_type"),), (("shape",),))


@st.composite
def dimension_names_with_bad_names(draw: st.DrawFn, document: dict[str, Any]) -> Mutated:
    """A dimension name that is neither a string nor null: a problem at its item."""
    names: list[Any] = [None] * max(len(document["shape"]), 1)
    item = draw(st.integers(0, len(names) - 1))
    names[item] = draw(st.sampled_from([1, 2.5, True, ["x"], {"name": "x"}]))
    document["dimension_names"] = names
    return Mutated(
        document, (Expect.at(("dimension_names", item), "invalid_type"),), (("dimension_names",),)
    )


@st.composite
def dimension_names_of_another_rank(draw: st.DrawFn, document: dict[str, Any]) -> Mutated:
    """One name too many or too few: a problem at the dimension names as a whole, which depends on the shape."""
    rank = len(document["shape"])
    count = draw(st.sampled_from([rank + 1] if rank == 0 else [rank - 1, rank + 1]))
    document["dimension_names"] = [f"d{index}" for index in range(count)]
    return Mutated(
        document,
        (Expect.at(("dimension_names",), "invalid_value"),),
        (("dimension_names",), ("shape",)),
    )


def without_node_type(document: dict[str, Any]) -> st.SearchStrategy[Mutated]:
    """No node_type: a missing member there."""
    return st.just(
        Mutated(
            without(document, "node_type"),
            (Expect.at(("node_type",), "missing_key"),),
            (("node_type",),),
        )
    )


@SETTINGS
@pytest.mark.parametrize(
    "target",
    [
        shape_with_bad_lengths,
        shape_not_an_array,
        dimension_names_with_bad_names,
        dimension_names_of_another_rank,
        without_node_type,
    ],
    ids=lambda target: target.__name__,
)
@given(data=st.data())
def test_array_locations_whatever_else_is_wrong(target: Target, data: st.DataObject) -> None:
    """Problems of shape, dimension names and node_type are located as the rules say, whatever else in an array document is wrong."""
    readers: tuple[AnnotationReader, ...] = (read_array_metadata_v3,)
    if target is without_node_type:
        readers = (read_array_metadata_v3, read_node_metadata_v3)
    check_mutation(data, target, readers=readers)


@SETTINGS
@given(data=st.data())
def test_a_group_without_node_type_is_missing_it_whatever_else_is_wrong(
    data: st.DataObject,
) -> None:
    """A group document without node_type is a missing member there, for the group reader and the node reader alike."""
    check_mutation(
        data,
        without_node_type,
        documents=group_documents(),
        breakages=GROUP_BREAKAGES,
        readers=(read_group_metadata_v3, read_node_metadata_v3),
    )


@SETTINGS
@given(member=consolidated_members(), data=st.data())
def test_a_bad_listed_document_is_located_from_the_member_or_the_group(
    member: dict[str, Any], data: st.DataObject
) -> None:
    """A problem in a listed document is located from the member when the member is read alone, and from the group through a group model."""
    document = copy.deepcopy(data.draw(array_documents(), label="child"))
    mutated = data.draw(shape_with_bad_lengths(document), label="mutated child")
    child = mutated.document
    usable = [
        breakage
        for breakage in ARRAY_BREAKAGES
        if breakage.at != ("shape",) and breakage.applies(child)
    ]
    for breakage in data.draw(
        st.lists(st.sampled_from(usable), unique_by=lambda breakage: breakage.name),
        label="breakages",
    ):
        child = breakage.apply(child)
    path = "zz-bad"
    assume(path not in member["metadata"])
    member = {**member, "metadata": {**member["metadata"], path: child}}
    expected = [
        Expect(tuple(("metadata", path, *loc) for loc in expect.locs), expect.kind)
        for expect in mutated.expected
    ]

    problems = read_consolidated_metadata_v3(member).problems
    for expect in expected:
        assert expect.met_by(problems), shown(problems)
    assert not any(problem.loc[:1] == ("consolidated_metadata",) for problem in problems), shown(
        problems
    )

    model = ZarrV3GroupMetadata(group_document(consolidated_metadata=member))
    with pytest.raises(MetadataValidationError) as raised:
        model.consolidated()
    in_group = raised.value.problems
    for expect in expected:
        assert Expect(
            tuple(("consolidated_metadata", *loc) for loc in expect.locs), expect.kind
        ).met_by(in_group), shown(in_group)
    assert all(
        starts_with(problem.loc, ("consolidated_metadata", "metadata", path))
        for problem in in_group
    ), shown(in_group)


# Rule 5: models.


def _check_plain_and_fresh(model: ZarrV3ArrayMetadata | ZarrV3GroupMetadata) -> None:
    first = model.to_json()
    assert type(first) is dict
    for mapping in mappings_in(first):
        assert type(mapping) is dict, f"a {type(mapping).__name__} in to_json(): {mapping!r}"
    before = json_text(first)
    second = model.to_json()
    assert second is not first
    # Change everything changeable in the first copy: the model and later copies must not see it.
    for mapping in mappings_in(first):
        assert isinstance(mapping, dict)
        mapping["zz-changed"] = 1
    first["shape"] = (5,)
    assert json_text(second) == before
    assert json_text(model.to_json()) == before


def test_an_array_model_gives_a_fresh_plain_dict() -> None:
    """to_json() returns a new plain dict, nested objects plain dicts too; changing it changes neither the model nor the next copy."""
    model = ZarrV3ArrayMetadata(
        array_document(attributes={"a": {"b": [1, {"c": 2}]}}, codecs=[sharding_codec([5, 5])])
    )
    document = model.to_json()
    assert type(document) is dict
    assert (
        type(document["chunk_grid"]) is dict
        and type(document["chunk_grid"]["configuration"]) is dict
    )
    assert type(document["attributes"]) is dict and type(document["attributes"]["a"]) is dict
    assert all(type(codec) is dict for codec in document["codecs"])
    document["shape"] = (5,)
    assert model.shape == (100, 100)
    assert tuple(model.to_json()["shape"]) == (100, 100)
    _check_plain_and_fresh(model)


def test_a_group_model_gives_a_fresh_plain_dict() -> None:
    """to_json() of a group model is a new plain dict too, with its consolidated documents plain dicts."""
    model = ZarrV3GroupMetadata(
        group_document(
            attributes={"a": {"b": 1}},
            consolidated_metadata=consolidated_member({"x": array_document()}),
        )
    )
    document = model.to_json()
    assert type(document) is dict
    assert type(document["attributes"]) is dict
    document["attributes"] = {"changed": True}
    assert json_text(model.attributes) == json.dumps({"a": {"b": 1}})
    _check_plain_and_fresh(model)


@SETTINGS
@given(document=array_documents())
def test_any_array_model_gives_a_fresh_plain_dict(document: dict[str, Any]) -> None:
    """Whatever valid array document a model holds, to_json() is a fresh plain dict that means the same."""
    model = ZarrV3ArrayMetadata(document)
    shape = model.shape
    _check_plain_and_fresh(model)
    assert model.shape == shape
    assert json_text(model.to_json()) == json_text(document)


@SETTINGS
@given(document=group_documents() | consolidated_group_documents())
def test_any_group_model_gives_a_fresh_plain_dict(document: dict[str, Any]) -> None:
    """Whatever valid group document a model holds, to_json() is a fresh plain dict."""
    _check_plain_and_fresh(ZarrV3GroupMetadata(document))


def test_unclaimed_fields_leave_out_a_member_that_need_not_be_understood() -> None:
    """An extra member that says `"must_understand": false` may be ignored, so it and everything in it is no unclaimed field; without that, it is one."""
    waived = ZarrV3ArrayMetadata(array_document(acme={"must_understand": False, "name": "x"}))
    assert not any(loc[:1] == ("acme",) for loc in waived.unclaimed_fields)
    binding = ZarrV3ArrayMetadata(array_document(acme={"name": "x"}))
    assert ("acme",) in binding.unclaimed_fields


def test_an_unclaimed_codec_is_an_unclaimed_field() -> None:
    """A codec nothing in scope claims is an unclaimed field, at its place in the codecs."""
    model = ZarrV3ArrayMetadata(
        array_document(codecs=[copy.deepcopy(LITTLE_BYTES), {"name": "vlen-utf8"}])
    )
    assert ("codecs", 1) in model.unclaimed_fields
    assert ("codecs", 0) not in model.unclaimed_fields


@SETTINGS
@given(
    document=array_documents(),
    waived=st.booleans(),
    value=st.sampled_from([1, "x", [1, {"name": "y"}], {"name": "z", "configuration": {}}]),
)
def test_unclaimed_fields_of_any_array_follow_the_waiver_and_list_unclaimed_codecs(
    document: dict[str, Any], waived: bool, value: Any
) -> None:
    """An added extra member is an unclaimed field unless it says `"must_understand": false`; an added unclaimed codec always is one."""
    member: dict[str, Any] = {"name": "x", "value": value}
    if waived:
        member["must_understand"] = False
    codecs = [*document["codecs"], {"name": "acme.zip", "configuration": {"value": value}}]
    model = ZarrV3ArrayMetadata({**document, "acme.member": member, "codecs": codecs})
    unclaimed = model.unclaimed_fields
    if waived:
        assert not any(loc[:1] == ("acme.member",) for loc in unclaimed), list(unclaimed)
    else:
        assert ("acme.member",) in unclaimed
    assert ("codecs", len(codecs) - 1) in unclaimed
    for index, codec in enumerate(codecs):
        if name_of(codec) in CODEC_STAGES:
            assert ("codecs", index) not in unclaimed


# Rule 6: checks that must be made.


@pytest.mark.parametrize(
    ("members", "expected"),
    [
        pytest.param(
            {"data_type": "r0", "fill_value": []},
            (("data_type",), "invalid_value"),
            id="raw-of-no-bits",
        ),
        pytest.param(
            {
                "codecs": [
                    {"name": "cast_value", "configuration": {"data_type": "r24"}},
                    LITTLE_BYTES,
                ]
            },
            (("codecs", 0, "configuration", "data_type"), "invalid_value"),
            id="cast-to-raw-bits",
        ),
        pytest.param(
            {
                "codecs": [
                    {"name": "cast_value", "configuration": {"data_type": "complex64"}},
                    LITTLE_BYTES,
                ]
            },
            (("codecs", 0, "configuration", "data_type"), "invalid_value"),
            id="cast-to-complex",
        ),
        pytest.param(
            {
                "data_type": "float32",
                "codecs": [
                    {"name": "scale_offset", "configuration": {"offset": "10.0"}},
                    LITTLE_BYTES,
                ],
            },
            (("codecs", 0, "configuration", "offset"), "invalid_value"),
            id="scale-offset-offset-a-string",
        ),
        pytest.param(
            {
                "data_type": "string",
                "fill_value": "",
                "codecs": ["scale_offset", {"name": "vlen-utf8"}],
            },
            (("codecs", 0), "invalid_value"),
            id="scale-offset-bare-on-strings",
        ),
        pytest.param(
            {
                "data_type": {
                    "name": "struct",
                    "configuration": {"fields": [{"name": "a", "data_type": "uint8"}]},
                },
                "fill_value": {"a": 0},
                "codecs": ["scale_offset", LITTLE_BYTES],
            },
            (("codecs", 0), "invalid_value"),
            id="scale-offset-bare-on-structs",
        ),
    ],
)
def test_checks_that_must_be_made(members: dict[str, Any], expected: tuple[Loc, str]) -> None:
    """No raw type of zero bits; cast_value only to a type it can cast to; scale_offset only on numbers, with offset and scale written as numbers of the data type."""
    reading = read_array_metadata_v3(array_document(**copy.deepcopy(members)))
    assert expected in found(reading.problems), shown(reading.problems)


@pytest.mark.parametrize(
    ("data_type", "fill_value", "array_to_bytes"),
    [
        pytest.param("string", "", {"name": "vlen-utf8"}, id="string"),
        pytest.param(
            {"name": "struct", "configuration": {"fields": [{"name": "a", "data_type": "uint8"}]}},
            {"a": 0},
            LITTLE_BYTES,
            id="struct",
        ),
    ],
)
def test_scale_offset_with_a_configuration_on_a_chunk_of_no_numbers(
    data_type: Any, fill_value: Any, array_to_bytes: Any
) -> None:
    """scale_offset written with a configuration is refused on a chunk of strings or structs, at the codec or its configuration."""
    codecs = [
        {"name": "scale_offset", "configuration": {"scale": 2}},
        copy.deepcopy(array_to_bytes),
    ]
    reading = read_array_metadata_v3(
        array_document(data_type=data_type, fill_value=fill_value, codecs=codecs)
    )
    assert Expect((("codecs", 0, "configuration"), ("codecs", 0)), "invalid_value").met_by(
        reading.problems
    ), shown(reading.problems)


@st.composite
def raw_of_no_bits(draw: st.DrawFn, document: dict[str, Any]) -> Mutated:
    """The data type r0: a problem at the data type (written as an object, at the data type or at its name)."""
    field = draw(st.sampled_from(["r0", {"name": "r0"}, {"name": "r0", "must_understand": True}]))
    document["data_type"] = field
    document["fill_value"] = []
    locs: tuple[Loc, ...] = (
        (("data_type",),) if isinstance(field, str) else (("data_type",), ("data_type", "name"))
    )
    return Mutated(document, (Expect(locs, "invalid_value"),), (("data_type",), ("fill_value",)))


@st.composite
def cast_to_what_cannot_be_cast_to(draw: st.DrawFn, document: dict[str, Any]) -> Mutated:
    """A cast_value codec whose target data type it cannot cast to: a problem at that data type."""
    codecs = list(document["codecs"])
    index = draw(st.integers(0, array_to_bytes_index(codecs)))
    target = draw(st.sampled_from(["r24", "r8", "complex64", "complex128"]))
    codecs.insert(index, {"name": "cast_value", "configuration": {"data_type": target}})
    document["codecs"] = codecs
    return Mutated(
        document,
        (Expect.at(("codecs", index, "configuration", "data_type"), "invalid_value"),),
        (("codecs",),),
    )


@st.composite
def scale_offset_on_no_numbers(draw: st.DrawFn, document: dict[str, Any]) -> Mutated:
    """scale_offset on a chunk of strings or structs: a problem at the codec (or at its configuration, when it writes one)."""
    tail = document["codecs"][array_to_bytes_index(document["codecs"]) + 1 :]
    if draw(st.booleans()):
        document["data_type"], document["fill_value"], array_to_bytes = (
            "string",
            "",
            {"name": "vlen-utf8"},
        )
    else:
        fields = [{"name": "a", "data_type": draw(st.sampled_from(["uint8", "float32", "int16"]))}]
        document["data_type"] = {"name": "struct", "configuration": {"fields": fields}}
        document["fill_value"] = {"a": 0}
        array_to_bytes = copy.deepcopy(LITTLE_BYTES)
    codec = draw(
        st.sampled_from(
            [
                "scale_offset",
                {"name": "scale_offset"},
                {"name": "scale_offset", "configuration": {}},
                {"name": "scale_offset", "configuration": {"scale": 2}},
            ]
        )
    )
    document["codecs"] = [copy.deepcopy(codec), array_to_bytes, *tail]
    locs: tuple[Loc, ...] = (("codecs", 0),)
    if isinstance(codec, Mapping) and "configuration" in codec:
        locs = (("codecs", 0), ("codecs", 0, "configuration"))
    return Mutated(
        document, (Expect(locs, "invalid_value"),), (("codecs",), ("data_type",), ("fill_value",))
    )


@st.composite
def scale_offset_with_a_string_offset(draw: st.DrawFn, document: dict[str, Any]) -> Mutated:
    """scale_offset on floats with an offset written as a string that is no float value: a problem at the offset."""
    tail = document["codecs"][array_to_bytes_index(document["codecs"]) + 1 :]
    document["data_type"] = draw(st.sampled_from(["float16", "float32", "float64"]))
    document["fill_value"] = 0.0
    configuration: dict[str, Any] = {"offset": draw(st.sampled_from(["10.0", "1.5", "ten"]))}
    if draw(st.booleans()):
        configuration["scale"] = 2
    document["codecs"] = [
        {"name": "scale_offset", "configuration": configuration},
        copy.deepcopy(LITTLE_BYTES),
        *tail,
    ]
    return Mutated(
        document,
        (Expect.at(("codecs", 0, "configuration", "offset"), "invalid_value"),),
        (("codecs",), ("data_type",), ("fill_value",)),
    )


@SETTINGS
@pytest.mark.parametrize(
    "target",
    [
        raw_of_no_bits,
        cast_to_what_cannot_be_cast_to,
        scale_offset_on_no_numbers,
        scale_offset_with_a_string_offset,
    ],
    ids=lambda target: target.__name__,
)
@given(data=st.data())
def test_checks_that_must_be_made_whatever_else_is_wrong(
    target: Target, data: st.DataObject
) -> None:
    """The checks of data types and arithmetic codecs are made whatever else in the document is wrong."""
    check_mutation(data, target)
