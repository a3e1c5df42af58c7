"""Consolidated metadata in a v3 group: the documents of the hierarchy below it, inline in its `zarr.json`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal

from typing_extensions import TypedDict

from zarr_metadata._json import UserJSONValue
from zarr_metadata.v3._documents import ZarrV3ArrayMetadataJSON, ZarrV3GroupMetadataJSON
from zarr_metadata.v3._extra_field_kinds import GroupExtraFieldDefinition

ZARR_V3_CONSOLIDATED_METADATA_KEY: Final = "consolidated_metadata"
"""The member of a group's `zarr.json` that holds consolidated metadata."""


class ZarrV3ConsolidatedMetadataEnvelopeJSON(TypedDict, closed=True):
    """The member as a group reads it: the envelope, with each document kept as user data.

    A group checks only the envelope; `read_consolidated_metadata_v3` reads
    the documents, whose attributes may hold non-finite numbers.
    """

    kind: Literal["inline"]
    must_understand: Literal[False]
    metadata: Mapping[str, UserJSONValue]


class ZarrV3ConsolidatedMetadataJSON(TypedDict, closed=True):
    """The member with its documents read: each keyed by its path relative to the group."""

    kind: Literal["inline"]
    must_understand: Literal[False]
    metadata: Mapping[str, ZarrV3ArrayMetadataJSON | ZarrV3GroupMetadataJSON]


CONSOLIDATED_METADATA_EXTRA_FIELD: Final = GroupExtraFieldDefinition(
    name=ZARR_V3_CONSOLIDATED_METADATA_KEY,
    configuration=ZarrV3ConsolidatedMetadataEnvelopeJSON,
    finite=False,
)
"""The definition of a group's `consolidated_metadata` member, whose envelope the core spec fixes."""

__all__ = [
    "CONSOLIDATED_METADATA_EXTRA_FIELD",
    "ZARR_V3_CONSOLIDATED_METADATA_KEY",
    "ZarrV3ConsolidatedMetadataEnvelopeJSON",
    "ZarrV3ConsolidatedMetadataJSON",
]
