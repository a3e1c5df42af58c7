"""Members of a v2 `.zarray` or `.zgroup` that the v2 spec does not define, which readers ignore: one `ignored_member` warning each."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import cast

from zarr_metadata._json import Loc, shown
from zarr_metadata.cli._findings import Issue
from zarr_metadata.v2.array import ZarrV2ZArrayJSON
from zarr_metadata.v2.group import ZarrV2ZGroupJSON
from zarr_metadata.v3.array import ZarrV3ArrayMetadataJSON

_DEFINED: Mapping[str, tuple[str, frozenset[str]]] = {
    ".zarray": ("array", ZarrV2ZArrayJSON.__required_keys__ | ZarrV2ZArrayJSON.__optional_keys__),
    ".zgroup": ("group", ZarrV2ZGroupJSON.__required_keys__ | ZarrV2ZGroupJSON.__optional_keys__),
}
"""Each v2 node file, the node it makes, and the members the v2 spec defines for it."""

_V3_MEMBERS = ZarrV3ArrayMetadataJSON.__required_keys__ | ZarrV3ArrayMetadataJSON.__optional_keys__


def ignored_member_issues(name: str, document: object, at: Loc = ()) -> Iterator[Issue]:
    """An `ignored_member` warning at each member of `document`, the v2 node file `name`, that the v2 spec does not define."""
    defined = _DEFINED.get(name)
    if defined is None or not isinstance(document, Mapping):
        return
    node, members = defined
    for key in cast("Mapping[object, object]", document):
        if isinstance(key, str) and key not in members:
            also = (
                ", a member of Zarr v3 documents" if key in _V3_MEMBERS and node == "array" else ""
            )
            message = f"a v2 {node} has no member {shown(key)}{also}, so readers ignore it"
            yield Issue((*at, key), "ignored_member", message, "warning", at_key=True)
