"""A v2 `dtype` as the v3 data type zarr-python 3 writes for the same NumPy type, and how one of its values is laid out."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Final, Literal, cast

from zarr_metadata._convert._problem import not_convertible
from zarr_metadata._json import JSONValue, Loc, Problems, ValidationProblem
from zarr_metadata.v2._field_kinds import type_string_configuration

Endian = Literal["little", "big"]

_FLOATS: Final = {2: "float16", 4: "float32", 8: "float64"}
_COMPLEXES: Final = {8: "complex64", 16: "complex128"}
_OBJECT_TYPES: Final = {"vlen-utf8": "string", "vlen-bytes": "variable_length_bytes"}
ENDIANS: Final[dict[str, Endian]] = {"<": "little", ">": "big"}


@dataclasses.dataclass(frozen=True, slots=True)
class Layout:
    """How one value of a v2 data type is laid out in a chunk: its family, size in bytes, byte order, and fields."""

    family: str
    itemsize: int
    byteorder: str
    fields: tuple[tuple[str, Layout], ...] = ()

    def multi_byte_orders(self) -> frozenset[str]:
        """The byte orders of the parts of a value whose bytes have an order (none for bytes, strings of bytes, raw bytes)."""
        if self.family == "struct":
            orders: frozenset[str] = frozenset()
            return orders.union(*(layout.multi_byte_orders() for _, layout in self.fields))
        return frozenset({self.byteorder} & ENDIANS.keys())


@dataclasses.dataclass(frozen=True, slots=True)
class DataTypeV3:
    """A v2 data type converted: the v3 `data_type` member, and the layout of one value (None for variable-length values)."""

    json: JSONValue
    layout: Layout | None

    @property
    def endian(self) -> Endian | None:
        """The `endian` of the bytes codec for this type: None when no part of a value has a byte order."""
        if self.layout is None:
            return None
        orders = self.layout.multi_byte_orders()
        return ENDIANS[next(iter(orders))] if orders else None


def converted_data_type(
    dtype: JSONValue, object_codec: str | None, loc: Loc
) -> tuple[DataTypeV3 | None, Problems]:
    """The v3 data type of a valid v2 `dtype` at `loc`; `object_codec` is the id of the object codec among its filters."""
    if dtype in ("|O", "<O", ">O"):
        name = _OBJECT_TYPES.get(object_codec or "")
        if name is None:
            why = f"an object data type encoded by {object_codec!r} has no Zarr v3 data type; only vlen-utf8 and vlen-bytes do"
            return None, (not_convertible(loc, why, dtype),)
        return DataTypeV3(name, None), ()
    problems: list[ValidationProblem] = []
    converted = _data_type(dtype, loc, problems)
    if converted is None:
        return None, tuple(problems)
    json, layout = converted
    if len(layout.multi_byte_orders()) > 1:
        why = "its fields mix little- and big-endian types, and a v3 bytes codec has one endian for the whole value"
        problems.append(not_convertible(loc, why, dtype))
    if problems:
        return None, tuple(problems)
    return DataTypeV3(json, layout), ()


def _data_type(
    dtype: JSONValue, loc: Loc, problems: list[ValidationProblem]
) -> tuple[JSONValue, Layout] | None:
    if isinstance(dtype, str):
        return _scalar(dtype, loc, problems)
    return _struct(cast("Sequence[Sequence[JSONValue]]", dtype), loc, problems)


def _scalar(
    dtype: str, loc: Loc, problems: list[ValidationProblem]
) -> tuple[JSONValue, Layout] | None:
    read = type_string_configuration(dtype)
    if read is None:
        problems.append(not_convertible(loc, "it is not a NumPy type string", dtype))
        return None
    family, configuration = read
    byteorder = cast("str", configuration["byteorder"])
    size = cast("int", configuration.get("itemsize", 0))
    json = _scalar_json(family, size, configuration)
    if json is None:
        problems.append(
            not_convertible(loc, f"Zarr v3 has no {family} data type of {size} bytes", dtype)
        )
        return None
    itemsize = 4 * size if family == "str" else size
    return json, Layout(family, itemsize, byteorder)


def _scalar_json(family: str, size: int, configuration: dict[str, JSONValue]) -> JSONValue | None:
    if family == "bool":
        return "bool"
    if family in ("int", "uint"):
        return f"{family}{8 * size}" if size in (1, 2, 4, 8) else None
    if family == "float":
        return _FLOATS.get(size)
    if family == "complex":
        return _COMPLEXES.get(size)
    if family == "bytes":
        return {"name": "null_terminated_bytes", "configuration": {"length_bytes": size}}
    if family == "str":
        return {"name": "fixed_length_utf32", "configuration": {"length_bytes": 4 * size}}
    if family == "void":
        return {"name": "raw_bytes", "configuration": {"length_bytes": size}}
    if family in ("datetime64", "timedelta64"):
        unit = configuration["unit"]
        scale_factor = configuration.get("scale_factor", 1)
        return {
            "name": f"numpy.{family}",
            "configuration": {"unit": unit, "scale_factor": scale_factor},
        }
    return None


def _struct(
    fields: Sequence[Sequence[JSONValue]], loc: Loc, problems: list[ValidationProblem]
) -> tuple[JSONValue, Layout] | None:
    written: list[JSONValue] = []
    layouts: list[tuple[str, Layout]] = []
    for index, field in enumerate(fields):
        # NumPy names a field written without a name after its position, and so does zarr-python.
        name = cast("str", field[0]) or f"f{index}"
        if len(field) == 3:
            why = "a field with a shape of its own has no Zarr v3 spelling (struct fields hold one value each)"
            problems.append(not_convertible((*loc, index, 2), why, field[2]))
            continue
        converted = _data_type(field[1], (*loc, index, 1), problems)
        if converted is None:
            continue
        json, layout = converted
        written.append({"name": name, "data_type": json})
        layouts.append((name, layout))
    if len(layouts) != len(fields):
        return None
    size = sum(layout.itemsize for _, layout in layouts)
    json: JSONValue = {"name": "struct", "configuration": {"fields": written}}
    return json, Layout("struct", size, "|", tuple(layouts))
