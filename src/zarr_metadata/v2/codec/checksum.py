"""The numcodecs checksums: crc32, crc32c, adler32 and fletcher32, each adding a 32-bit checksum of the bytes, stored little-endian.

crc32, crc32c and adler32 put it where `location` says; crc32 and
adler32 default to the start, crc32c to the end. fletcher32 always puts
it at the end and has nothing to configure.
"""

# No `from __future__ import annotations`: TypedDict reads ReadOnly and
# NotRequired from evaluated annotations only, for its __readonly_keys__
# and __optional_keys__.

from typing import Final, Literal, NotRequired

from typing_extensions import ReadOnly, TypedDict

from zarr_metadata.definition import EmptyConfiguration
from zarr_metadata.v2.definition import ZarrV2CodecDefinition

__all__ = [
    "ADLER32_CODEC_V2",
    "CRC32C_CODEC_V2",
    "CRC32_CODEC_V2",
    "FLETCHER32_CODEC_V2",
    "ZarrV2Checksum32Parameters",
]


class ZarrV2Checksum32Parameters(TypedDict, closed=True):
    """The parameters of crc32, crc32c and adler32: where the checksum goes, before the bytes or after them (null: the codec's default)."""

    location: NotRequired[ReadOnly[Literal["start", "end"] | None]]


def _at_start_by_default(configuration: ZarrV2Checksum32Parameters) -> ZarrV2Checksum32Parameters:
    # numcodecs writes `location` only when it is given; filled in, one
    # checksum has one spelling wherever it is put. A hook, not a Default:
    # null means the default too, which differs between the codecs.
    return {"location": configuration.get("location") or "start"}


def _at_end_by_default(configuration: ZarrV2Checksum32Parameters) -> ZarrV2Checksum32Parameters:
    return {"location": configuration.get("location") or "end"}


CRC32_CODEC_V2: Final = ZarrV2CodecDefinition(
    name="crc32", configuration=ZarrV2Checksum32Parameters, canonical=_at_start_by_default
)
"""The definition of crc32: the bytes with their CRC-32 (zlib's), at the start unless `location` says otherwise."""

CRC32C_CODEC_V2: Final = ZarrV2CodecDefinition(
    name="crc32c", configuration=ZarrV2Checksum32Parameters, canonical=_at_end_by_default
)
"""The definition of crc32c: the bytes with their CRC-32C (Castagnoli), at the end unless `location` says otherwise."""

ADLER32_CODEC_V2: Final = ZarrV2CodecDefinition(
    name="adler32", configuration=ZarrV2Checksum32Parameters, canonical=_at_start_by_default
)
"""The definition of adler32: the bytes with their Adler-32 checksum, at the start unless `location` says otherwise."""

FLETCHER32_CODEC_V2: Final = ZarrV2CodecDefinition(
    name="fletcher32", configuration=EmptyConfiguration
)
"""The definition of fletcher32: the bytes followed by their Fletcher-32 checksum, as HDF5 and netCDF compute it over 16-bit words."""
