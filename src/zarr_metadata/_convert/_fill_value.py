"""A v2 `fill_value` in the spelling of the v3 data type it is converted to.

Most v2 spellings carry over as they are (`"NaN"`, base64 bytes, counts of
ticks). Two need work: `null`, which v3 cannot write, becomes the value
zarr-python fills such an array with (zero, `false`, empty); and the fill of a
structured type, base64 of a whole record in v2, becomes one value per field.
"""

from __future__ import annotations

import base64
import binascii
from typing import Final, Literal, TypeAlias, cast

from zarr_metadata._convert._data_type import Layout
from zarr_metadata._convert._problem import not_convertible
from zarr_metadata._json import JSONValue, Loc, Problems
from zarr_metadata.v3.data_type._float_fill import canonical_fill
from zarr_metadata.v3.data_type._float_format import ieee_format

_Order: TypeAlias = Literal["little", "big"]
_NOT_A_TIME: Final = -(2**63)
_VARIABLE_LENGTH_DEFAULTS: Final[dict[str, JSONValue]] = {"string": "", "variable_length_bytes": ""}


def converted_fill_value(
    fill_value: JSONValue, layout: Layout | None, data_type: JSONValue, loc: Loc
) -> tuple[JSONValue, Problems]:
    """The v3 fill value of a valid v2 `fill_value` at `loc`, for a value laid out as `layout` (None: variable length)."""
    if layout is None:
        if fill_value is None:
            return _VARIABLE_LENGTH_DEFAULTS[cast("str", data_type)], ()
        if isinstance(fill_value, str):
            return fill_value, ()
        why = f"a fill value of an object data type is a string in Zarr v3, got {fill_value!r}"
        return None, (not_convertible(loc, why, fill_value),)
    if fill_value is None:
        return _default(layout), ()
    if layout.family == "struct":
        return _record(cast("str", fill_value), layout, loc)
    if layout.family == "float":
        return canonical_fill(cast("float | str", fill_value), ieee_format(8 * layout.itemsize)), ()
    if layout.family == "complex":
        real, imaginary = cast("tuple[float | str, float | str]", fill_value)
        fmt = ieee_format(4 * layout.itemsize)
        return [canonical_fill(real, fmt), canonical_fill(imaginary, fmt)], ()
    return fill_value, ()


def _default(layout: Layout) -> JSONValue:
    """The value zarr-python fills an array with when its v2 fill value is null: all bytes zero, for every family."""
    return _decoded(bytes(layout.itemsize), layout)


def _record(fill_value: str, layout: Layout, loc: Loc) -> tuple[JSONValue, Problems]:
    try:
        packed = base64.b64decode(fill_value, validate=True)
    except (binascii.Error, ValueError):
        return None, (not_convertible(loc, "the fill value is not base64", fill_value),)
    if len(packed) != layout.itemsize:
        why = f"the record takes {layout.itemsize} bytes, the fill value holds {len(packed)}"
        return None, (not_convertible(loc, why, fill_value),)
    try:
        return _decoded(packed, layout), ()
    except UnicodeDecodeError:
        return None, (
            not_convertible(loc, "a text field of the fill value is not UTF-32", fill_value),
        )


def _decoded(packed: bytes, layout: Layout) -> JSONValue:
    """The v3 spelling of the value whose bytes are `packed`, laid out as `layout`."""
    family = layout.family
    if family == "struct":
        record: dict[str, JSONValue] = {}
        offset = 0
        for name, field in layout.fields:
            record[name] = _decoded(packed[offset : offset + field.itemsize], field)
            offset += field.itemsize
        return record
    order: _Order = "big" if layout.byteorder == ">" else "little"
    if family == "bool":
        return any(packed)
    if family in ("int", "uint"):
        return int.from_bytes(packed, order, signed=family == "int")
    if family in ("datetime64", "timedelta64"):
        ticks = int.from_bytes(packed, order, signed=True)
        return "NaT" if ticks == _NOT_A_TIME else ticks
    if family == "float":
        return _float(packed, order)
    if family == "complex":
        half = len(packed) // 2
        return [_float(packed[:half], order), _float(packed[half:], order)]
    if family == "bytes":
        # NumPy reads a fixed-width bytes value up to its trailing zero bytes.
        return base64.b64encode(packed.rstrip(b"\0")).decode("ascii")
    if family == "str":
        return packed.decode("utf-32-be" if order == "big" else "utf-32-le").rstrip("\0")
    return base64.b64encode(packed).decode("ascii")


def _float(packed: bytes, order: _Order) -> JSONValue:
    bits = int.from_bytes(packed, order)
    return canonical_fill(f"0x{bits:0{2 * len(packed)}x}", ieee_format(8 * len(packed)))
