"""The numcodecs compressors: blosc, zstd, gzip, zlib, bz2, lzma and lz4, each written as `{"id": ..., parameters...}`.

Every parameter may be left out, and numcodecs then uses the default each
declares; a compressor written with its defaults and one written without
them are spelled alike.
"""

# No `from __future__ import annotations`: TypedDict reads ReadOnly and
# NotRequired from evaluated annotations only, for its __readonly_keys__
# and __optional_keys__.

from collections.abc import Mapping
from typing import Annotated, Final, Literal, NotRequired, cast

from annotated_types import Ge, Interval
from typing_extensions import ReadOnly, TypedDict

from zarr_metadata.definition import Default, Nested
from zarr_metadata.problems import ValidationProblem, shown
from zarr_metadata.typed_json import JSONValue
from zarr_metadata.v2.definition import ZarrV2CodecDefinition

__all__ = [
    "BLOSC_CODEC_V2",
    "BZ2_CODEC_V2",
    "GZIP_CODEC_V2",
    "LZ4_CODEC_V2",
    "LZMA_CODEC_V2",
    "ZLIB_CODEC_V2",
    "ZSTD_CODEC_V2",
    "ZarrV2BloscCName",
    "ZarrV2BloscParameters",
    "ZarrV2Bz2Parameters",
    "ZarrV2CompressionLevel",
    "ZarrV2GzipParameters",
    "ZarrV2Lz4Parameters",
    "ZarrV2LzmaParameters",
    "ZarrV2ZlibParameters",
    "ZarrV2ZstdParameters",
]

_INT32 = Interval(ge=-(2**31), le=2**31 - 1)
"""The range of a C int, which numcodecs passes several parameters to its compression libraries as."""


# zlib and gzip


ZarrV2CompressionLevel = Annotated[int, Interval(ge=-1, le=9)]
"""A zlib compression level: 0 (no compression) to 9 (best), or -1, zlib's default, which is level 6."""


class ZarrV2ZlibParameters(TypedDict, closed=True):
    """The parameters of zlib: the compression level (1 when absent)."""

    level: NotRequired[ReadOnly[Annotated[ZarrV2CompressionLevel, Default(1)]]]


class ZarrV2GzipParameters(TypedDict, closed=True):
    """The parameters of gzip: the compression level of the deflate stream inside the gzip member (1 when absent)."""

    level: NotRequired[ReadOnly[Annotated[ZarrV2CompressionLevel, Default(1)]]]


ZLIB_CODEC_V2: Final = ZarrV2CodecDefinition(name="zlib", configuration=ZarrV2ZlibParameters)
"""The definition of zlib: bytes compressed into a zlib stream."""

GZIP_CODEC_V2: Final = ZarrV2CodecDefinition(name="gzip", configuration=ZarrV2GzipParameters)
"""The definition of gzip: bytes compressed into a gzip member."""


# bz2


class ZarrV2Bz2Parameters(TypedDict, closed=True):
    """The parameters of bz2: the compression level, 1 to 9 (1 when absent); bzip2 has no level 0."""

    level: NotRequired[ReadOnly[Annotated[int, Interval(ge=1, le=9), Default(1)]]]


BZ2_CODEC_V2: Final = ZarrV2CodecDefinition(name="bz2", configuration=ZarrV2Bz2Parameters)
"""The definition of bz2: bytes compressed with bzip2."""


# lzma

_FORMAT_AUTO: Final = 0
_FORMAT_XZ: Final = 1
_FORMAT_RAW: Final = 3
_FORMATS: Final = {0: "FORMAT_AUTO", 1: "FORMAT_XZ", 2: "FORMAT_ALONE", 3: "FORMAT_RAW"}
"""The container formats of Python's lzma module, by code."""

_DEFAULT_CHECK: Final = -1
"""The check numcodecs passes when none is given: the default of the format, CRC64 for FORMAT_XZ and none for the others."""
_CHECK_NONE: Final = 0
_XZ_CHECKS: Final = {-1: "the default, CRC64", 0: "none", 1: "CRC32", 4: "CRC64", 10: "SHA-256"}
"""The integrity checks liblzma can write into FORMAT_XZ: the other codes below 16 are reserved and refused."""

_PRESET_EXTREME: Final = 0x80000000
"""The flag added to a preset level to spend more time for a slightly smaller result."""

_FILTERS_MAX: Final = 4
"""The most filters a liblzma filter chain holds."""
_LZMA1: Final = 0x4000000000000001
_LZMA2: Final = 0x21
_DELTA: Final = 0x03
_BCJ_ALIGNMENT: Final = {0x04: 1, 0x05: 4, 0x06: 16, 0x07: 4, 0x08: 2, 0x09: 4}
"""The branch/call/jump filters (x86, PowerPC, IA-64, ARM, ARM-Thumb, SPARC), by id, with the multiple their start offset must be."""
_FILTER_NAMES: Final = {
    _LZMA1: "FILTER_LZMA1",
    _LZMA2: "FILTER_LZMA2",
    _DELTA: "FILTER_DELTA",
    0x04: "FILTER_X86",
    0x05: "FILTER_POWERPC",
    0x06: "FILTER_IA64",
    0x07: "FILTER_ARM",
    0x08: "FILTER_ARMTHUMB",
    0x09: "FILTER_SPARC",
}
_LZMA_OPTIONS: Final = ("preset", "dict_size", "lc", "lp", "pb", "mode", "nice_len", "mf", "depth")
_UINT32_MAX: Final = 2**32 - 1
_LCLP_MAX: Final = 4
"""The most literal context and literal position bits together (and each alone); the position bits have the same bound."""
_LC_DEFAULT: Final = 3
_LP_DEFAULT: Final = 0
"""The literal context and position bits every preset sets, so a filter that sets one keeps the other."""
_LZMA_BOUNDS: Final = {
    "dict_size": (4096, 1536 * 2**20),
    "nice_len": (2, 273),
    "pb": (0, _LCLP_MAX),
}
"""The bounds of LZMA filter options liblzma's encoder takes: a dictionary of 4 KiB to 1.5 GiB, a nice length of 2 to 273."""
_MODES: Final = {1: "MODE_FAST", 2: "MODE_NORMAL"}
_MATCH_FINDERS: Final = {
    0x03: "MF_HC3",
    0x04: "MF_HC4",
    0x12: "MF_BT2",
    0x13: "MF_BT3",
    0x14: "MF_BT4",
}


class ZarrV2LzmaParameters(TypedDict, closed=True):
    """The parameters of lzma, as Python's lzma module takes them.

    `format` is the container (1, FORMAT_XZ, when absent); `check` the
    integrity check, which only FORMAT_XZ carries (-1, the format's
    default, when absent); `preset` the compression level 0 to 9, with
    `PRESET_EXTREME` (2**31) optionally added (null: 6); `filters` a
    filter chain of objects such as `{"id": 33, "preset": 6}`, which a
    raw stream (FORMAT_RAW, 3) requires and no other format takes.
    """

    format: NotRequired[ReadOnly[Annotated[int, Interval(ge=0, le=3), Default(_FORMAT_XZ)]]]
    check: NotRequired[ReadOnly[Annotated[int, Default(_DEFAULT_CHECK)]]]
    preset: NotRequired[ReadOnly[Annotated[Annotated[int, Ge(0)] | None, Default(None)]]]
    filters: NotRequired[ReadOnly[Annotated[tuple[JSONValue, ...] | None, Default(None)]]]


def _lzma_rules(configuration: ZarrV2LzmaParameters, nested: Nested) -> list[ValidationProblem]:
    problems: list[ValidationProblem] = []
    container = configuration.get("format", _FORMAT_XZ)
    if container == _FORMAT_AUTO:
        problems.append(
            ValidationProblem(
                ("format",),
                "expected a format lzma compresses to: 1 (FORMAT_XZ), 2 (FORMAT_ALONE) or 3 (FORMAT_RAW), "
                "got 0 (FORMAT_AUTO), which only decompresses",
                "invalid_value",
                input=container,
            )
        )
    check = configuration.get("check", _DEFAULT_CHECK)
    if container == _FORMAT_XZ and check not in _XZ_CHECKS:
        listed = ", ".join(f"{code} ({name})" for code, name in _XZ_CHECKS.items())
        message = f"expected an integrity check liblzma writes: {listed}, got {shown(check)}"
        problems.append(ValidationProblem(("check",), message, "invalid_value", input=check))
    elif container != _FORMAT_XZ and check not in (_DEFAULT_CHECK, _CHECK_NONE):
        message = f"expected no integrity check (-1 or 0), since only FORMAT_XZ carries one and the format is {_FORMATS[container]}, got {shown(check)}"
        problems.append(ValidationProblem(("check",), message, "invalid_value", input=check))
    preset = configuration.get("preset")
    filters = configuration.get("filters")
    if preset is not None and filters is not None:
        message = f"expected no preset beside a filter chain, which sets the compression itself, got {shown(preset)}"
        problems.append(ValidationProblem(("preset",), message, "invalid_value", input=preset))
    elif preset is not None:
        problems.extend(_preset_problems(preset, ("preset",)))
    if container == _FORMAT_RAW:
        if filters is None:
            message = "expected a filter chain, which FORMAT_RAW requires, got none"
            if "filters" in configuration:
                problems.append(
                    ValidationProblem(("filters",), message, "invalid_value", input=None)
                )
            else:
                problems.append(ValidationProblem(("filters",), message, "missing_key"))
        else:
            problems.extend(_chain_problems(filters))
    elif filters is not None:
        # liblzma compresses other formats with a chain, but Python's lzma
        # decompresses with one only in FORMAT_RAW, so numcodecs could not
        # read back what it wrote.
        message = f"expected no filter chain, which lzma reads only in FORMAT_RAW (3), in format {_FORMATS[container]}, got {shown(filters)}"
        problems.append(ValidationProblem(("filters",), message, "invalid_value", input=filters))
    return problems


def _preset_problems(preset: object, loc: tuple[str | int, ...]) -> list[ValidationProblem]:
    """The problem with a preset: a level 0 to 9, with PRESET_EXTREME (2**31) optionally added."""
    if type(preset) is int and 0 <= preset <= _UINT32_MAX and preset & ~_PRESET_EXTREME <= 9:
        return []
    message = f"expected a preset from 0 to 9, optionally with PRESET_EXTREME ({_PRESET_EXTREME}) added, got {shown(preset)}"
    return [ValidationProblem(loc, message, "invalid_value", input=cast(JSONValue, preset))]


def _chain_problems(filters: tuple[JSONValue, ...]) -> list[ValidationProblem]:
    """The problems of a filter chain for a raw stream: one to four filters, the last of them LZMA1 or LZMA2, and only it."""
    if not 1 <= len(filters) <= _FILTERS_MAX:
        message = f"expected 1 to {_FILTERS_MAX} filters, got {len(filters)}"
        return [
            ValidationProblem(
                ("filters",),
                message,
                "invalid_value",
                input=filters,
                ctx={"min_length": 1, "max_length": _FILTERS_MAX},
            )
        ]
    problems: list[ValidationProblem] = []
    last = len(filters) - 1
    for index, entry in enumerate(filters):
        problems.extend(_filter_problems(entry, ("filters", index), index == last))
    return problems


def _filter_problems(
    entry: JSONValue, loc: tuple[str | int, ...], last: bool
) -> list[ValidationProblem]:
    """The problems of one filter of a chain, as Python's lzma module reads it."""
    if not isinstance(entry, Mapping):
        return [
            ValidationProblem(
                loc,
                f"expected a filter, an object with an id, got {shown(entry)}",
                "invalid_type",
                input=entry,
            )
        ]
    members = cast("Mapping[str, JSONValue]", entry)
    if "id" not in members:
        return [
            ValidationProblem((*loc, "id"), "expected the filter's id, found none", "missing_key")
        ]
    filter_id = members["id"]
    if type(filter_id) is not int:
        return [
            ValidationProblem(
                (*loc, "id"),
                f"expected an integer, got {shown(filter_id)}",
                "invalid_type",
                input=filter_id,
            )
        ]
    name = _FILTER_NAMES.get(filter_id)
    if name is None:
        listed = ", ".join(f"{code} ({known})" for code, known in _FILTER_NAMES.items())
        return [
            ValidationProblem(
                (*loc, "id"),
                f"expected a filter id: {listed}, got {filter_id}",
                "invalid_value",
                input=filter_id,
            )
        ]
    problems: list[ValidationProblem] = []
    compresses = filter_id in (_LZMA1, _LZMA2)
    if compresses and not last:
        message = f"expected {name} only as the last filter of the chain, which it ends, got it before another filter"
        problems.append(ValidationProblem((*loc, "id"), message, "invalid_value", input=filter_id))
    elif last and not compresses:
        message = f"expected the last filter to compress, FILTER_LZMA1 ({_LZMA1}) or FILTER_LZMA2 ({_LZMA2}), got {name} ({filter_id})"
        problems.append(ValidationProblem((*loc, "id"), message, "invalid_value", input=filter_id))
    options = (
        _LZMA_OPTIONS if compresses else ("dist",) if filter_id == _DELTA else ("start_offset",)
    )
    read: dict[str, int] = {}
    for key, value in members.items():
        if key == "id":
            continue
        if key not in options:
            listed = ", ".join(f'"{option}"' for option in options)
            message = f'unknown member "{key}" of {name}; expected only "id", {listed}'
            problems.append(ValidationProblem((*loc, key), message, "unknown_key", input=value))
        elif type(value) is not int:
            problems.append(
                ValidationProblem(
                    (*loc, key),
                    f"expected an integer, got {shown(value)}",
                    "invalid_type",
                    input=value,
                )
            )
        elif not 0 <= value <= _UINT32_MAX:
            message = f"expected an integer from 0 to {_UINT32_MAX}, got {value}"
            problems.append(
                ValidationProblem(
                    (*loc, key),
                    message,
                    "invalid_value",
                    input=value,
                    ctx={"ge": 0, "le": _UINT32_MAX},
                )
            )
        else:
            read[key] = value
    problems.extend(_option_problems(filter_id, read, loc))
    return problems


def _option_problems(
    filter_id: int, options: Mapping[str, int], loc: tuple[str | int, ...]
) -> list[ValidationProblem]:
    """The problems of a filter's options, each an integer that fits 32 bits, that liblzma's encoder refuses."""
    problems: list[ValidationProblem] = []
    if filter_id == _DELTA:
        dist = options.get("dist")
        if dist is not None and not 1 <= dist <= 256:
            message = f"expected a distance from 1 to 256 bytes, got {dist}"
            problems.append(
                ValidationProblem(
                    (*loc, "dist"), message, "invalid_value", input=dist, ctx={"ge": 1, "le": 256}
                )
            )
        return problems
    if filter_id in _BCJ_ALIGNMENT:
        start = options.get("start_offset")
        alignment = _BCJ_ALIGNMENT[filter_id]
        if start is not None and start % alignment:
            message = f"expected a start offset that is a multiple of {alignment}, got {start}"
            problems.append(
                ValidationProblem(
                    (*loc, "start_offset"),
                    message,
                    "invalid_value",
                    input=start,
                    ctx={"multiple_of": alignment},
                )
            )
        return problems
    if "preset" in options:
        problems.extend(_preset_problems(options["preset"], (*loc, "preset")))
    for key, (low, high) in _LZMA_BOUNDS.items():
        value = options.get(key)
        if value is not None and not low <= value <= high:
            message = f"expected {key} from {low} to {high}, got {value}"
            problems.append(
                ValidationProblem(
                    (*loc, key), message, "invalid_value", input=value, ctx={"ge": low, "le": high}
                )
            )
    lc, lp = options.get("lc", _LC_DEFAULT), options.get("lp", _LP_DEFAULT)
    if lc + lp > _LCLP_MAX:
        at = "lp" if "lp" in options else "lc"
        message = f"expected lc and lp (literal context and position bits) to add up to at most {_LCLP_MAX}, got lc {lc} and lp {lp}"
        problems.append(ValidationProblem((*loc, at), message, "invalid_value", input=options[at]))
    for key, known in (("mode", _MODES), ("mf", _MATCH_FINDERS)):
        value = options.get(key)
        if value is not None and value not in known:
            listed = ", ".join(f"{code} ({name})" for code, name in known.items())
            problems.append(
                ValidationProblem(
                    (*loc, key),
                    f"expected one of {listed}, got {value}",
                    "invalid_value",
                    input=value,
                )
            )
    return problems


LZMA_CODEC_V2: Final = ZarrV2CodecDefinition(
    name="lzma", configuration=ZarrV2LzmaParameters, rules=_lzma_rules
)
"""The definition of lzma: bytes compressed by liblzma into an xz, lzma-alone or raw stream."""


# blosc

ZarrV2BloscCName = Literal["blosclz", "lz4", "lz4hc", "snappy", "zlib", "zstd"]
"""The compressors Blosc may be built with; the Blosc bundled with numcodecs is built without snappy."""


class ZarrV2BloscParameters(TypedDict, closed=True):
    """The parameters of blosc.

    `shuffle` is -1 (AUTOSHUFFLE: bit shuffle when the elements are single
    bytes, byte shuffle otherwise), 0 (NOSHUFFLE), 1 (SHUFFLE, the
    default) or 2 (BITSHUFFLE); false and true are read as 0 and 1.
    `blocksize` 0 lets Blosc choose, any other is clamped to 128 bytes up
    to about 683 MiB. `typesize` is the size in bytes of the elements a
    shuffle regroups; null (the default) takes the size of the array's
    elements. Blosc treats a typesize above 255 as 1.
    """

    cname: NotRequired[ReadOnly[Annotated[ZarrV2BloscCName, Default("lz4")]]]
    clevel: NotRequired[ReadOnly[Annotated[int, Interval(ge=0, le=9), Default(5)]]]
    shuffle: NotRequired[ReadOnly[Annotated[Literal[-1, 0, 1, 2] | bool, Default(1)]]]
    blocksize: NotRequired[ReadOnly[Annotated[int, _INT32, Default(0)]]]
    typesize: NotRequired[ReadOnly[Annotated[int, Interval(ge=1, le=2**31 - 1)] | None]]


def _blosc_canonical(configuration: ZarrV2BloscParameters) -> ZarrV2BloscParameters:
    # More than defaults: numcodecs' get_config() leaves the typesize out,
    # but a shuffle of another element size writes other bytes, so it is
    # kept when given, and a null one is none given.
    if "typesize" in configuration and configuration["typesize"] is None:
        return cast(
            ZarrV2BloscParameters,
            {key: value for key, value in configuration.items() if key != "typesize"},
        )
    return configuration


BLOSC_CODEC_V2: Final = ZarrV2CodecDefinition(
    name="blosc", configuration=ZarrV2BloscParameters, canonical=_blosc_canonical
)
"""The definition of blosc: bytes shuffled and compressed by the Blosc meta-compressor, in blocks."""


# zstd


class ZarrV2ZstdParameters(TypedDict, closed=True):
    """The parameters of zstd: the level (0, libzstd's default of 3, when absent), and whether frames carry a checksum (false when absent).

    Levels run from -131072 (fastest) to 22 (strongest); a level beyond
    either end compresses as that end.
    """

    level: NotRequired[ReadOnly[Annotated[int, _INT32, Default(0)]]]
    checksum: NotRequired[ReadOnly[Annotated[bool, Default(False)]]]


ZSTD_CODEC_V2: Final = ZarrV2CodecDefinition(name="zstd", configuration=ZarrV2ZstdParameters)
"""The definition of zstd: bytes compressed into a Zstandard frame."""


# lz4


class ZarrV2Lz4Parameters(TypedDict, closed=True):
    """The parameters of lz4: the acceleration (1 when absent); higher is faster and compresses less, below 1 is 1, above 65537 is 65537."""

    acceleration: NotRequired[ReadOnly[Annotated[int, _INT32, Default(1)]]]


LZ4_CODEC_V2: Final = ZarrV2CodecDefinition(name="lz4", configuration=ZarrV2Lz4Parameters)
"""The definition of lz4: bytes compressed into an LZ4 block, after their length."""
