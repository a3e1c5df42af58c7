"""The files of one v2 node in a store: the node's document made from its `.zarray` or `.zgroup` and `.zattrs`, and written back to them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from zarr_metadata.model._group_v2 import ATTRIBUTES_KEY, node_document
from zarr_metadata.model._keyed import StoreKey, document_bytes, document_from
from zarr_metadata.problems import MetadataValidationError


def node_from_key_value(mapping: Mapping[StoreKey, bytes], node_file: str) -> object:
    """The document of the node whose `node_file` (`.zarray` or `.zgroup`) is in `mapping`, with the `.zattrs` beside it as `attributes`.

    Raises `MetadataValidationError` when `node_file` is absent, when a file
    is not JSON, or when the node file has an `attributes` member and a
    `.zattrs` too.
    """
    files: dict[str, object] = {node_file: document_from(mapping, node_file)}
    if ATTRIBUTES_KEY in mapping:
        files[ATTRIBUTES_KEY] = document_from(mapping, ATTRIBUTES_KEY)
    _, document, problems = node_document(files)
    if problems:
        raise MetadataValidationError(problems)
    return document


def node_files_bytes(
    document: Mapping[str, Any], node_file: str, indent: int | str | None
) -> dict[str, bytes]:
    """A node's document as the files a store holds: `node_file` with every member but `attributes`, and the attributes in `.zattrs` when there are any."""
    node = {key: value for key, value in document.items() if key != "attributes"}
    files = {node_file: document_bytes(node, indent)}
    if "attributes" in document:
        files[ATTRIBUTES_KEY] = document_bytes(document["attributes"], indent)
    return files
