"""The blosc codec: bytes compressed by Blosc with a given compressor, level and shuffle."""

from typing import Annotated, Final, Literal, NotRequired, get_args

from annotated_types import Ge, Interval
from typing_extensions import TypedDict

from zarr_metadata.definition import Nested
from zarr_metadata.problems import ValidationProblem, shown
from zarr_metadata.v3.definition import CodecDefinition

BLOSC_CODEC_NAME: Final = "blosc"
BloscCodecName = Literal["blosc"]
BloscCName = Literal["lz4", "lz4hc", "blosclz", "snappy", "zlib", "zstd"]
BLOSC_CNAME: Final = get_args(BloscCName)
BloscShuffle = Literal["noshuffle", "shuffle", "bitshuffle"]
BLOSC_SHUFFLE: Final = get_args(BloscShuffle)
BLOSC_NO_SHUFFLE: Final = "noshuffle"


class BloscCodecConfiguration(TypedDict, closed=True):
    """The configuration of the blosc codec.

    `typesize` is the size in bytes of the elements a shuffle regroups, so
    it is required unless `shuffle` is "noshuffle". A `blocksize` of 0
    lets Blosc choose.
    """

    cname: BloscCName
    clevel: Annotated[int, Interval(ge=0, le=9)]
    shuffle: BloscShuffle
    blocksize: Annotated[int, Ge(0)]
    typesize: NotRequired[int]


class BloscCodecObject(TypedDict, closed=True):
    """The blosc codec as a document writes it."""

    name: Literal["blosc"]
    configuration: BloscCodecConfiguration
    must_understand: NotRequired[bool]


BloscCodecMetadata = BloscCodecObject
"""A blosc codec field: always an object, since its configuration is required."""


def _rules(configuration: BloscCodecConfiguration, nested: Nested) -> tuple[ValidationProblem, ...]:
    typesize = configuration.get("typesize")
    shuffle = configuration["shuffle"]
    if typesize is None:
        if shuffle == BLOSC_NO_SHUFFLE:
            return ()
        return (
            ValidationProblem(
                ("typesize",),
                f"expected a typesize, which the shuffle {shown(shuffle)} needs, got none",
                "missing_key",
            ),
        )
    if typesize >= 1:
        return ()
    return (
        ValidationProblem(
            ("typesize",),
            f"expected an integer >= 1, got {shown(typesize)}",
            "invalid_value",
            input=typesize,
            ctx={"ge": 1},
        ),
    )


def _canonical(configuration: BloscCodecConfiguration) -> BloscCodecConfiguration:
    # Without a shuffle, the typesize has no effect.
    if configuration["shuffle"] == BLOSC_NO_SHUFFLE and "typesize" in configuration:
        return {
            "cname": configuration["cname"],
            "clevel": configuration["clevel"],
            "shuffle": configuration["shuffle"],
            "blocksize": configuration["blocksize"],
        }
    return configuration


BLOSC_CODEC: Final = CodecDefinition(
    name=BLOSC_CODEC_NAME,
    configuration=BloscCodecConfiguration,
    rules=_rules,
    canonical=_canonical,
    kind="bytes_bytes",
    size="dynamic",
)
"""The definition of the blosc codec (core spec)."""

__all__ = [
    "BLOSC_CNAME",
    "BLOSC_CODEC",
    "BLOSC_CODEC_NAME",
    "BLOSC_NO_SHUFFLE",
    "BLOSC_SHUFFLE",
    "BloscCName",
    "BloscCodecConfiguration",
    "BloscCodecMetadata",
    "BloscCodecName",
    "BloscCodecObject",
    "BloscShuffle",
]
