"""The v2 object family ("|O"): Python objects, which an object codec among the array's filters turns into bytes.

A type string writes `O` with no size, or the size of a pointer, `"|O8"`
(NumPy writes `"|O"`). It carries only `{"byteorder"}`; an object has no
byte order, so `<`, `>` and `|` are one type, spelled `"|O"`.

A fill value may be any JSON value. zarr-python keeps the fill value of
an object array as the user gave it and writes it as JSON as it is
(`null`, `0`, `""`, a list, ...), with no encoding of its own, so no
spelling is wrong and none is canonical but the one written.
"""

# No `from __future__ import annotations`: TypedDict reads ReadOnly from
# evaluated annotations only, for its __readonly_keys__.

from typing import Final, Literal

from typing_extensions import ReadOnly, TypedDict

from zarr_metadata.typed_json import JSONValue
from zarr_metadata.v2.definition import ZarrV2DataTypeDefinition

__all__ = ["OBJECT_DATA_TYPE_V2", "ZarrV2ObjectConfiguration"]


class ZarrV2ObjectConfiguration(TypedDict, closed=True):
    """What an object type string carries: `"|O"` carries `{"byteorder": "|"}`."""

    byteorder: ReadOnly[Literal["<", ">", "|"]]


def _canonical(configuration: ZarrV2ObjectConfiguration) -> ZarrV2ObjectConfiguration:
    """An object has no byte order: every one it is written with is spelled "|", as NumPy writes it."""
    if configuration["byteorder"] == "|":
        return configuration
    return {"byteorder": "|"}


OBJECT_DATA_TYPE_V2: Final = ZarrV2DataTypeDefinition(
    name="object",
    configuration=ZarrV2ObjectConfiguration,
    canonical=_canonical,
    fill_value=JSONValue,
)
"""The definition of object ("|O"): Python objects, of any size each."""
