"""A NumPy type string written where a v3 document names its data type: what it is, and the v3 data type it stands for."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from zarr_metadata.problems import shown
from zarr_metadata.typed_json import JSONValue

__all__ = ["v2_type_string_message"]

_SIZED: Final = {
    "bool": {1: "bool"},
    "int": {1: "int8", 2: "int16", 4: "int32", 8: "int64"},
    "uint": {1: "uint8", 2: "uint16", 4: "uint32", 8: "uint64"},
    "float": {2: "float16", 4: "float32", 8: "float64"},
    "complex": {8: "complex64", 16: "complex128"},
}
_UNSIZED: Final = {
    "datetime64": "numpy.datetime64",
    "timedelta64": "numpy.timedelta64",
    "str": "fixed_length_utf32",
}


def _v3_name(family: str, configuration: Mapping[str, JSONValue]) -> str | None:
    itemsize = configuration.get("itemsize")
    if family == "void" and isinstance(itemsize, int) and itemsize > 0:
        return f"r{8 * itemsize}"
    sized = _SIZED.get(family)
    if sized is not None:
        return sized.get(itemsize) if isinstance(itemsize, int) else None
    return _UNSIZED.get(family)


def v2_type_string_message(name: str) -> str | None:
    """The message for a v3 data type named by a NumPy type string ("<i8"); None for any other name."""
    # Imported here: the v2 data types build on v3's, so v2 imports v3 first.
    from zarr_metadata.v2._field_kinds import type_string_configuration

    read = type_string_configuration(name)
    if read is None:
        return None
    family, configuration = read
    said = f"expected a Zarr v3 data type name, got {shown(name)}, a NumPy type string as a v2 .zarray writes its dtype"
    v3 = _v3_name(family, configuration)
    if v3 is None:
        return f"{said}, which names no v3 data type"
    named = f'"{v3}"'
    unit = configuration.get("unit")
    if unit is not None:
        named += (
            f' with the unit "{unit}" and the scale factor {configuration.get("scale_factor", 1)}'
        )
    if configuration.get("byteorder") in ("<", ">") and configuration.get("itemsize") != 1:
        return f'{said}: the v3 data type is {named}, and the byte order is the bytes codec\'s "endian"'
    return f"{said}: the v3 data type is {named}"
