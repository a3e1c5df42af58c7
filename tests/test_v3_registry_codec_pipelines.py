"""The registry codecs that shape a pipeline, reshape and n5_default, and every example the registry gives of the codecs it registers last."""

from __future__ import annotations

import copy
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from _v3_documents import LITTLE_BYTES, array_document, sharding_codec
from zarr_metadata._json import Loc
from zarr_metadata.definition import AcceptedField, canonical_of, resolve
from zarr_metadata.model import read_array_metadata_v3
from zarr_metadata.v3._field_kinds import Chunk, CodecDefinition
from zarr_metadata.v3._scopes import CORE_AND_EXTENSIONS
from zarr_metadata.v3.codec.bitround import BITROUND_CODEC, NUMCODECS_BITROUND_CODEC
from zarr_metadata.v3.codec.conditional import CONDITIONAL_CODEC
from zarr_metadata.v3.codec.n5_default import N5_DEFAULT_CODEC
from zarr_metadata.v3.codec.packbits import PACKBITS_CODEC
from zarr_metadata.v3.codec.reshape import RESHAPE_CODEC
from zarr_metadata.v3.codec.vlen_bytes import VLEN_BYTES_CODEC
from zarr_metadata.v3.codec.vlen_utf8 import VLEN_UTF8_CODEC
from zarr_metadata.v3.codec.zfp import ZFP_CODEC

REGISTRY_CODECS = (
    VLEN_UTF8_CODEC,
    VLEN_BYTES_CODEC,
    BITROUND_CODEC,
    NUMCODECS_BITROUND_CODEC,
    PACKBITS_CODEC,
    RESHAPE_CODEC,
    CONDITIONAL_CODEC,
    N5_DEFAULT_CODEC,
    ZFP_CODEC,
)
SCOPE = CORE_AND_EXTENSIONS.update(
    codecs={**CORE_AND_EXTENSIONS.codecs, **{codec.name: codec for codec in REGISTRY_CODECS}}
)

CODEC: Loc = ("codecs", 0)
CONFIGURATION: Loc = (*CODEC, "configuration")
SHAPE: Loc = (*CONFIGURATION, "shape")
INNER: Loc = (*CONFIGURATION, "codecs")
NONE: Counter[tuple[Loc, str]] = Counter()


def found(document: dict[str, Any]) -> Counter[tuple[Loc, str]]:
    return Counter(
        (problem.loc, problem.kind)
        for problem in read_array_metadata_v3(document, context=SCOPE).problems
    )


def messages(document: dict[str, Any]) -> list[str]:
    return [problem.message for problem in read_array_metadata_v3(document, context=SCOPE).problems]


def one(loc: Loc, kind: str = "invalid_value") -> Counter[tuple[Loc, str]]:
    return Counter({(loc, kind): 1})


def codec_problems(codec: Any) -> Counter[tuple[Loc, str]]:
    _, problems = resolve(codec, CodecDefinition, SCOPE, CODEC)
    return Counter((problem.loc, problem.kind) for problem in problems)


def canonical(codec: Any) -> Any:
    """The canonical spelling of `codec`, as JSON text reads back (arrays as lists)."""
    field, problems = resolve(codec, CodecDefinition, SCOPE, CODEC)
    return json.loads(json.dumps(canonical_of(field, problems)))


# --- reshape ---------------------------------------------------------------------------------


def reshape(*shape: Any) -> dict[str, Any]:
    return {"name": "reshape", "configuration": {"shape": list(shape)}}


def regular(shape: list[int], chunks: list[int], *codecs: Any) -> dict[str, Any]:
    """A float32 array of `shape` in chunks of `chunks`, whose chunks `codecs` and then little-endian bytes encode."""
    grid = {"name": "regular", "configuration": {"chunk_shape": chunks}}
    return array_document(
        data_type="float32", shape=shape, chunk_grid=grid, codecs=[*codecs, LITTLE_BYTES]
    )


def rectilinear(shape: list[int], lengths: list[Any], *codecs: Any) -> dict[str, Any]:
    """A float32 array of `shape` in chunks of the lengths listed per axis, whose chunks `codecs` and then bytes encode."""
    grid = {"name": "rectilinear", "configuration": {"kind": "inline", "chunk_shapes": lengths}}
    return array_document(
        data_type="float32", shape=shape, chunk_grid=grid, codecs=[*codecs, LITTLE_BYTES]
    )


@pytest.mark.parametrize(
    ("shape", "expected"),
    [
        ([[0, 1], [2], 3], NONE),
        ([[0], 5], NONE),
        ([[0], [1], []], NONE),
        ([[1], [0]], one((*SHAPE, 1, 0))),
        ([[1, 0], 10, [3, 4]], one((*SHAPE, 0, 1))),
        ([[3, 4], 10, [0, 1]], one((*SHAPE, 2, 0))),
        ([[0, 0]], one((*SHAPE, 0, 1))),
        ([-1, 2, -1], one((*SHAPE, 2))),
        ([0, 10], one((*SHAPE, 0))),
        ([-2], one((*SHAPE, 0))),
        ([[-1]], one((*SHAPE, 0, 0))),
        (["10"], one((*SHAPE, 0), "invalid_type")),
        ([10.0], one((*SHAPE, 0), "invalid_type")),
        ([[0.5]], one((*SHAPE, 0, 0), "invalid_type")),
    ],
)
def test_reshape_configuration(shape: list[Any], expected: Counter[Any]) -> None:
    assert codec_problems(reshape(*shape)) == expected


def test_reshape_requires_its_shape() -> None:
    assert codec_problems({"name": "reshape", "configuration": {}}) == one(SHAPE, "missing_key")
    assert codec_problems("reshape") == one(CONFIGURATION, "missing_key")
    assert codec_problems(
        {"name": "reshape", "configuration": {"shape": [1], "order": "C"}}
    ) == one((*CONFIGURATION, "order"), "unknown_key")


@pytest.mark.parametrize(
    ("chunks", "shape", "expected"),
    [
        ([10, 10], [100], NONE),
        ([10, 10], [-1], NONE),
        ([10, 10], [4, 25], NONE),
        ([10, 10], [5, -1, 2], NONE),
        ([10, 10], [[0], [1]], NONE),
        ([10, 10], [[0, 1]], NONE),
        ([10, 10], [2, 5, [1]], NONE),
        ([10, 10], [[0], 2, -1], NONE),
        ([10, 10], [1, [0], 1, 1, [1], 1], NONE),
        ([10, 10], [99], one(SHAPE)),
        ([10, 10], [3, -1], one(SHAPE)),
        ([10, 10], [[0], 5], one(SHAPE)),
        ([10, 10], [3, [1]], one(SHAPE)),
        ([10, 10], [[0], 3, -1, 4], one(SHAPE)),
        ([10, 10], [[0], [2]], one((*SHAPE, 1, 0))),
        ([10, 1, 10], [[0, 2]], NONE),
        ([10, 2, 10], [[0, 2], 2], one((*SHAPE, 0))),
    ],
)
def test_reshape_keeps_every_element_where_its_input_axes_put_it(
    chunks: list[int], shape: list[Any], expected: Counter[Any]
) -> None:
    assert found(regular([length * 3 for length in chunks], chunks, reshape(*shape))) == expected


def test_reshape_says_how_many_elements_the_sizes_must_hold() -> None:
    assert messages(regular([20, 20], [10, 10], reshape(99))) == [
        "expected the output sizes to multiply to 100, the elements of the chunk, got 99"
    ]
    assert messages(regular([20, 20], [10, 10], reshape([0], 3, -1))) == [
        "expected the output sizes after shape[0] besides -1 to multiply to a divisor of 10, "
        "the elements of the input axes [1] of the chunk, got 3"
    ]


@pytest.mark.parametrize(
    ("shape", "expected"),
    [
        ([[0], [1]], NONE),
        ([[0, 1]], NONE),
        ([-1], NONE),
        ([-1, 10], NONE),
        ([-1, 5, 2], NONE),
        ([[0], 10], NONE),
        ([100], one(SHAPE)),
        ([-1, 3], one(SHAPE)),
        ([10, 10], one(SHAPE)),
    ],
)
def test_reshape_of_chunks_that_differ_in_length(shape: list[Any], expected: Counter[Any]) -> None:
    # Along the first axis the chunks are 3 or 7 long: only a list of input
    # axes, or -1 beside sizes that divide every chunk, fits them all.
    assert found(rectilinear([10, 10], [[3, 7], 10], reshape(*shape))) == expected


@given(
    st.lists(st.integers(min_value=1, max_value=6), min_size=1, max_size=4),
    st.data(),
)
@settings(max_examples=50, deadline=None)
def test_reshape_to_sizes_fits_exactly_when_they_hold_the_chunks_elements(
    chunks: list[int], data: st.DataObject
) -> None:
    elements = 1
    for length in chunks:
        elements *= length
    sizes = data.draw(st.lists(st.integers(min_value=1, max_value=8), min_size=1, max_size=4))
    product = 1
    for size in sizes:
        product *= size
    expected = NONE if product == elements else one(SHAPE)
    assert found(regular(chunks, chunks, reshape(*sizes))) == expected
    # With -1 in front, the sizes need only divide the elements.
    expected = NONE if elements % product == 0 else one(SHAPE)
    assert found(regular(chunks, chunks, reshape(-1, *sizes))) == expected


def transition(codec: Any, chunk: Chunk) -> Chunk:
    field, problems = resolve(codec, CodecDefinition, SCOPE, CODEC)
    assert problems == ()
    assert isinstance(field, AcceptedField)
    return field.definition.transition(field.configuration, field.nested, chunk)


def chunk(*lengths: Any) -> Chunk:
    return Chunk(tuple(None if along is None else frozenset(along) for along in lengths))


@pytest.mark.parametrize(
    ("shape", "incoming", "passed"),
    [
        ([[0, 1], [2], 3], chunk({100}, {50}, {64}, {3}), chunk({5000}, {64}, {3})),
        ([5, -1], chunk({10}, {3, 6}), chunk({5}, {6, 12})),
        ([[0], -1], chunk({3, 7}, {10}), chunk({3, 7}, {10})),
        ([[0], [1], []], chunk({3, 7}, {2}), chunk({3, 7}, {2}, {1})),
        # Past what fits, only the sizes written are known: the rank is always.
        ([3, -1], chunk({10}, {10}), chunk({3}, None)),
        ([[0], -1], chunk(None, {10}), chunk(None, {10})),
        ([-1, [1]], chunk(None, {10}), chunk(None, {10})),
        ([[0, 1], 4], chunk({3}, None), chunk(None, {4})),
        ([[0, 1], 4], Chunk(), chunk(None, {4})),
    ],
)
def test_reshape_passes_on_the_shape_it_makes(
    shape: list[Any], incoming: Chunk, passed: Chunk
) -> None:
    assert transition(reshape(*shape), incoming) == passed


def test_the_next_codec_receives_the_reshaped_chunk() -> None:
    transpose = {"name": "transpose", "configuration": {"order": [1, 0]}}
    assert found(regular([20, 20, 20], [10, 10, 10], reshape(-1, [2]), transpose)) == NONE
    assert found(regular([20, 20], [10, 10], reshape(-1), transpose)) == one(
        ("codecs", 1, "configuration", "order")
    )
    # A shard of the reshaped chunk: 25 divides 100, 30 does not.
    fits, undivided = sharding_codec([25]), sharding_codec([30])
    assert found(array_document(shape=[20, 20], codecs=[reshape(-1), fits])) == NONE
    assert found(array_document(shape=[20, 20], codecs=[reshape(-1), undivided])) == one(
        ("codecs", 1, "configuration", "chunk_shape", 0)
    )


def test_reshape_is_spelled_as_written() -> None:
    assert canonical(reshape([0, 1], -1, 3, [])) == reshape([0, 1], -1, 3, [])


# --- n5_default ------------------------------------------------------------------------------


def transpose(*order: int) -> dict[str, Any]:
    return {"name": "transpose", "configuration": {"order": list(order)}}


BIG_BYTES: dict[str, Any] = {"name": "bytes", "configuration": {"endian": "big"}}


def n5(*codecs: Any) -> dict[str, Any]:
    return {"name": "n5_default", "configuration": {"codecs": list(codecs)}}


def n5_array(
    codec: Any, data_type: str = "uint16", shape: list[int] | None = None
) -> dict[str, Any]:
    shape = [20, 30] if shape is None else shape
    grid = {"name": "regular", "configuration": {"chunk_shape": [length // 2 for length in shape]}}
    keys = {"name": "v2", "configuration": {"separator": "/"}}
    return array_document(
        data_type=data_type,
        shape=shape,
        chunk_grid=grid,
        chunk_key_encoding=keys,
        fill_value=0,
        codecs=[codec],
    )


@pytest.mark.parametrize(
    ("codec", "expected"),
    [
        (n5(transpose(1, 0), BIG_BYTES), NONE),
        (n5(transpose(1, 0), BIG_BYTES, {"name": "gzip", "configuration": {"level": 5}}), NONE),
        (n5(transpose(1, 0), BIG_BYTES, {"name": "acme.lzma"}), NONE),
        (
            n5(transpose(1, 0), {"name": "bytes", "configuration": {"endian": "little"}}),
            one((*INNER, 1, "configuration", "endian")),
        ),
        (n5(transpose(1, 0), "bytes"), one((*INNER, 1, "configuration", "endian"), "missing_key")),
        (n5(transpose(0, 1), BIG_BYTES), one((*INNER, 0, "configuration", "order"))),
        (n5(transpose(2, 1, 0), BIG_BYTES), one((*INNER, 0, "configuration", "order"))),
        (n5(BIG_BYTES, transpose(1, 0)), one((*INNER, 0)) + one((*INNER, 1))),
        (n5(transpose(1, 0)), one(INNER)),
        (n5(), one(INNER)),
        (n5(transpose(1, 0), BIG_BYTES, "crc32c", "crc32c"), one((*INNER, 3))),
        (n5(transpose(1, 0), BIG_BYTES, transpose(1, 0)), one((*INNER, 2))),
        (n5(transpose(1, 0), BIG_BYTES, BIG_BYTES), one((*INNER, 2))),
        (
            n5(transpose(1, 0), BIG_BYTES, {"name": "gzip", "configuration": {"level": 10}}),
            one((*INNER, 2, "configuration", "level")),
        ),
        ({"name": "n5_default", "configuration": {}}, one(INNER, "missing_key")),
    ],
)
def test_n5_default_holds_a_full_transpose_big_endian_bytes_and_at_most_a_compressor(
    codec: Any, expected: Counter[Any]
) -> None:
    assert found(n5_array(codec)) == expected


def test_n5_default_takes_bytes_without_endian_for_single_bytes() -> None:
    assert found(n5_array(n5(transpose(1, 0), "bytes"), data_type="uint8")) == NONE


def test_n5_default_says_what_n5_needs() -> None:
    assert messages(
        n5_array(n5(transpose(0, 1), {"name": "bytes", "configuration": {"endian": "little"}}))
    ) == [
        "expected a transposition that reverses every axis, [1, 0] for 2 axes, got [0, 1]",
        'expected "big", as N5 stores values big-endian, got "little"',
    ]


@pytest.mark.parametrize(
    ("data_type", "expected"),
    [
        ("int8", NONE),
        ("uint64", NONE),
        ("float32", NONE),
        ("float64", NONE),
        ("float16", one(CONFIGURATION)),
        ("complex64", one(CONFIGURATION)),
        ("bool", one(CONFIGURATION)),
    ],
)
def test_n5_default_stores_the_data_types_n5_has(data_type: str, expected: Counter[Any]) -> None:
    fill = {"complex64": [0, 0], "bool": False}.get(data_type, 0)
    document = n5_array(n5(transpose(1, 0), BIG_BYTES), data_type=data_type)
    document["fill_value"] = fill
    assert found(document) == expected


def test_the_held_codecs_receive_the_chunk() -> None:
    # The transpose's own rule finds a chunk of three axes.
    document = n5_array(n5(transpose(1, 0), BIG_BYTES), shape=[4, 6, 8])
    assert found(document) == one((*INNER, 0, "configuration", "order"))
    assert found(n5_array(n5(transpose(2, 1, 0), BIG_BYTES), shape=[4, 6, 8])) == NONE


def test_a_block_header_measures_each_chunk_length_in_32_bits() -> None:
    field, problems = resolve(n5(transpose(0), BIG_BYTES), CodecDefinition, SCOPE, CODEC)
    assert problems == ()
    assert isinstance(field, AcceptedField)
    rules = field.definition.chunk_rules
    assert tuple(rules(field.configuration, field.nested, chunk({2**32 - 1}))) == ()
    (problem,) = rules(field.configuration, field.nested, chunk({2**32}))
    assert problem.loc == ()


def test_n5_default_canonical_spells_its_codecs() -> None:
    written = n5(
        transpose(1, 0),
        {"name": "bytes", "configuration": {"endian": "big"}},
        {"name": "zstd", "configuration": {"level": 0, "checksum": False}},
    )
    assert canonical(written) == n5(
        transpose(1, 0), BIG_BYTES, {"name": "zstd", "configuration": {"level": 0}}
    )


def test_n5_default_is_the_one_array_to_bytes_codec() -> None:
    codec = n5(transpose(1, 0), BIG_BYTES)
    document = n5_array(codec)
    document["codecs"] = [codec, "crc32c"]
    assert found(document) == NONE
    document["codecs"] = [codec, BIG_BYTES]
    assert found(document) == one(("codecs", 1))


# --- the registry's examples -----------------------------------------------------------------

REGISTRY = Path(__file__).resolve().parents[1].parent / "shared" / "registry" / "zarr-extensions"
CODECS = (
    "vlen-utf8",
    "vlen-bytes",
    "bitround",
    "packbits",
    "reshape",
    "conditional",
    "n5_default",
    "zfp",
)

FLOAT32: dict[str, Any] = {"data_type": "float32"}
BASES: dict[str, dict[str, Any]] = {
    "vlen-utf8": {"fill_value": ""},
    "vlen-bytes": {"fill_value": ""},
    "reshape": {"shape": [100, 50, 64, 3]},
    "n5_default": {
        "shape": [256, 128],
        "data_type": "float32",
        "chunk_grid": {"configuration": {"chunk_shape": [256, 128]}},
    },
    "zfp": FLOAT32,
}
"""What the array around each codec's examples needs, beyond a float64 array of 100 x 100: the examples show only their codecs."""

KNOWN_ERRORS: dict[str, Counter[tuple[Loc, str]]] = {
    # Its example puts zstd, a bytes -> bytes codec, before bytes.
    "reshape/README.md#0": one(("codecs", 2)),
}


def lenient_json(text: str) -> Any:
    """The JSON of an example as a README writes it: with comments, trailing commas, a comma missing, or the members of an object alone."""
    text = re.sub(r"(^|\s)//[^\n]*", r"\1", text)
    text = re.sub(r",(\s*[}\]])", r"\1", text)
    text = re.sub(r'(["\d}\]])(\s*\n\s*")', r"\1,\2", text)
    text = text.strip()
    if text.startswith('"'):
        text = "{" + text + "}"
    return json.loads(text)


def _examples() -> list[Any]:
    if not REGISTRY.is_dir():
        return [
            pytest.param(
                None,
                None,
                None,
                marks=pytest.mark.skip(reason=f"the zarr-extensions registry is not at {REGISTRY}"),
            )
        ]
    found_examples: list[Any] = []
    for codec in CODECS:
        folder = REGISTRY / "codecs" / codec
        for readme in sorted(folder.glob("**/README.md")):
            blocks = re.findall(
                r"```jsonc?\n(.*?)```", readme.read_text(encoding="utf-8"), re.DOTALL
            )
            for index, block in enumerate(blocks):
                where = f"{readme.relative_to(REGISTRY / 'codecs')}#{index}"
                found_examples.append(pytest.param(codec, where, lenient_json(block), id=where))
        for path in sorted([*folder.glob("**/zarr.json"), *folder.glob("examples/*.json")]):
            where = str(path.relative_to(REGISTRY / "codecs"))
            found_examples.append(
                pytest.param(codec, where, json.loads(path.read_text(encoding="utf-8")), id=where)
            )
    return found_examples


EXAMPLES = _examples()


def merged(base: dict[str, Any], members: dict[str, Any]) -> dict[str, Any]:
    """`base` with `members` written over it; objects are merged member by member."""
    result = copy.deepcopy(base)
    for key, value in members.items():
        if isinstance(value, dict) and isinstance(result.get(key), dict):
            result[key] = merged(result[key], value)
        else:
            result[key] = value
    return result


def example_document(codec: str, example: dict[str, Any]) -> dict[str, Any]:
    """The array document an example stands for: itself when whole, else the array around its members or its codec."""
    if "zarr_format" in example:
        return example
    base = merged(array_document(), BASES.get(codec, {}))
    if "name" not in example:
        return merged(base, example)
    field, problems = resolve(example, CodecDefinition, SCOPE, CODEC)
    assert problems == ()
    kind = field.definition.kind if isinstance(field, AcceptedField) else None
    base["codecs"] = {
        "array_array": [example, LITTLE_BYTES],
        "bytes_bytes": [LITTLE_BYTES, example],
    }.get(kind, [example])
    return base


@pytest.mark.parametrize(("codec", "where", "example"), EXAMPLES)
def test_each_registry_example_reads_without_problem(codec: str, where: str, example: Any) -> None:
    document = example_document(codec, example)
    names = json.dumps(document["codecs"])
    assert f'"{codec}"' in names  # the example uses its codec, so the test judges it
    assert found(document) == KNOWN_ERRORS.get(where, NONE)


def test_the_registry_gives_examples_of_each_codec_but_packbits() -> None:
    if not REGISTRY.is_dir():
        pytest.skip(f"the zarr-extensions registry is not at {REGISTRY}")
    assert {param.values[0] for param in EXAMPLES} == set(CODECS) - {"packbits"}
    assert KNOWN_ERRORS.keys() <= {param.values[1] for param in EXAMPLES}
