"""The v2 data type families: every NumPy type string a `.zarray` may hold as its `dtype`, and structured types.

A type string (`"<i4"`) is read by the definition of its family (`int`),
with the configuration it carries (`{"byteorder": "<", "itemsize": 4}`);
a list of fields is read by `struct`.
"""

from typing import Any, Final

from zarr_metadata.v2._field_json import ZarrV2DataTypeMetadata
from zarr_metadata.v2.data_type.fixed_width import (
    BYTES_DATA_TYPE_V2,
    STR_DATA_TYPE_V2,
    VOID_DATA_TYPE_V2,
)
from zarr_metadata.v2.data_type.object import OBJECT_DATA_TYPE_V2
from zarr_metadata.v2.data_type.scalar import (
    BOOL_DATA_TYPE_V2,
    COMPLEX_DATA_TYPE_V2,
    FLOAT_DATA_TYPE_V2,
    INT_DATA_TYPE_V2,
    UINT_DATA_TYPE_V2,
)
from zarr_metadata.v2.data_type.struct import STRUCT_DATA_TYPE_V2
from zarr_metadata.v2.data_type.time import DATETIME64_DATA_TYPE_V2, TIMEDELTA64_DATA_TYPE_V2
from zarr_metadata.v2.definition import ZarrV2DataTypeDefinition

__all__ = ["DATA_TYPES_V2", "ZarrV2DataTypeMetadata"]

DATA_TYPES_V2: Final[tuple[ZarrV2DataTypeDefinition[Any], ...]] = (
    BOOL_DATA_TYPE_V2,
    INT_DATA_TYPE_V2,
    UINT_DATA_TYPE_V2,
    FLOAT_DATA_TYPE_V2,
    COMPLEX_DATA_TYPE_V2,
    BYTES_DATA_TYPE_V2,
    STR_DATA_TYPE_V2,
    VOID_DATA_TYPE_V2,
    OBJECT_DATA_TYPE_V2,
    DATETIME64_DATA_TYPE_V2,
    TIMEDELTA64_DATA_TYPE_V2,
    STRUCT_DATA_TYPE_V2,
)
"""Every v2 data type family, each filed under its name: bool, int, uint, float, complex, bytes, str, void, object, datetime64, timedelta64, struct."""
