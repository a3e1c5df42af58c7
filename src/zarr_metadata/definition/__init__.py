"""Definitions, fields and scopes: how a Zarr document's extension points are read, shared by both formats.

An extension (a data type, a codec, a chunk grid, ...) is a definition: a
name, a configuration TypedDict, and rule functions. A scope (`Context`)
holds the definitions a reader understands. `resolve` reads one field of a
document in a scope.
"""

# A tool for extension authors, kept out of `__all__` until the published surface lists it.
from zarr_metadata._shapes import Default as Default
from zarr_metadata.definition._extension import (
    Definition,
    EmptyConfiguration,
    WithFillValue,
)
from zarr_metadata.definition._fields import (
    AcceptedField,
    Nested,
    RefusedField,
    ResolvedField,
    UnclaimedField,
)
from zarr_metadata.definition._resolve import (
    Context,
    canonical_fill_value,
    canonical_of,
    configuration_of,
    fill_value_problems,
    resolve,
    with_problems,
)
from zarr_metadata.definition._scope import ClaimKey, Conflict, ScopeConflictError

__all__ = [
    "AcceptedField",
    "ClaimKey",
    "Conflict",
    "Context",
    "Definition",
    "EmptyConfiguration",
    "Nested",
    "RefusedField",
    "ResolvedField",
    "ScopeConflictError",
    "UnclaimedField",
    "WithFillValue",
    "canonical_fill_value",
    "canonical_of",
    "configuration_of",
    "fill_value_problems",
    "resolve",
    "with_problems",
]
