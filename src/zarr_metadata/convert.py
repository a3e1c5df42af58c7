"""Converting Zarr v2 metadata to v3: the `zarr.json` of a node, or of a whole consolidated hierarchy, that reads the same chunks.

The chunks stay where they are: a v2 array's chunk bytes are read by the
converted document, which names the same codecs and the `v2` chunk key
encoding. The v2 document is read first, and one with problems is not
converted. What has no exact v3 spelling (an object data type encoded by
`pickle`, a codec the target scope does not claim) is a problem located in
the v2 files, never a guess. The converted document is read back in the
target scope before it is returned.

No I/O: the functions take what a store holds, as the readers do.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Generic, TypeVar

from zarr_metadata._convert._codecs import Pipeline
from zarr_metadata._convert._node import (
    converted_array,
    converted_group,
    refused_conversion,
    v2_loc,
)
from zarr_metadata._json import Loc, Problems, ValidationProblem, relocated
from zarr_metadata.model import (
    ZarrV2ArrayMetadata,
    ZarrV2GroupMetadata,
    ZarrV3ArrayMetadata,
    ZarrV3GroupMetadata,
    read_consolidated_metadata_v3,
    read_group_metadata_v3,
    read_node_metadata_v3,
    read_repaired_consolidated_metadata_v2,
    read_repaired_node_metadata_v2,
)
from zarr_metadata.model._group_v2 import file_holding
from zarr_metadata.model._repair import Repair
from zarr_metadata.v2 import KNOWN_V2, ZarrV2Context
from zarr_metadata.v3 import ZarrV3Context

__all__ = ["ZarrV2ToV3Conversion", "convert_consolidated_metadata_v2", "convert_node_metadata_v2"]

M = TypeVar("M", ZarrV3ArrayMetadata | ZarrV3GroupMetadata, ZarrV3GroupMetadata)


@dataclasses.dataclass(frozen=True, slots=True)
class ZarrV2ToV3Conversion(Generic[M]):
    """What converting v2 metadata made: the v3 model, or None and every problem that stops it.

    `repairs` lists the known writer bugs undone in the v2 metadata before it
    was read (the `consolidated_metadata` member zarr-python 3 writes into
    the `.zgroup` entries of a `.zmetadata`, a bare NaN fill value): the
    readers of those stores read past them, and so does the conversion.
    """

    metadata: M | None
    problems: Problems
    repairs: tuple[Repair, ...] = ()


def convert_node_metadata_v2(
    files: Mapping[str, object],
    *,
    context: ZarrV3Context | None = None,
    source_context: ZarrV2Context | None = None,
) -> ZarrV2ToV3Conversion[ZarrV3ArrayMetadata | ZarrV3GroupMetadata]:
    """Convert one v2 node's files (`.zarray` or `.zgroup`, and `.zattrs`) to its v3 `zarr.json`, read in `context`.

    `files` is what `read_node_metadata_v2` takes, read there in
    `source_context` (default `KNOWN_V2`); `context` (default `KNOWN`) is the
    scope the converted document must be valid in. Problems are located in
    the file that holds their cause: `(".zarray", "compressor")`.
    """
    target, source = _scopes(context, source_context)
    repaired = read_repaired_node_metadata_v2(files, context=source)
    reading, repairs = repaired.reading, repaired.repairs
    node = reading.metadata
    if node is None:
        return ZarrV2ToV3Conversion(None, _in_files(reading.problems, files), repairs)
    document, pipeline, problems = _converted(node, target)
    if document is None:
        return ZarrV2ToV3Conversion(None, _in_files(problems, files), repairs)
    converted = read_node_metadata_v3(document, context=target)
    if converted.problems:
        array = document_of(node)
        refused = [
            refused_conversion(problem, v2_loc(problem.loc, pipeline, array))
            for problem in converted.problems
        ]
        return ZarrV2ToV3Conversion(None, _in_files(tuple(refused), files), repairs)
    metadata: Any = converted.metadata
    return ZarrV2ToV3Conversion(metadata, (), repairs)


def convert_consolidated_metadata_v2(
    zmetadata: object,
    *,
    context: ZarrV3Context | None = None,
    source_context: ZarrV2Context | None = None,
) -> ZarrV2ToV3Conversion[ZarrV3GroupMetadata]:
    """Convert a `.zmetadata` to the root group's v3 `zarr.json`, with every node below it in its `consolidated_metadata`.

    Problems are located in the `.zmetadata`, as its reader locates them:
    `("metadata", "a/.zarray", "compressor")`.
    """
    target, source = _scopes(context, source_context)
    repaired = read_repaired_consolidated_metadata_v2(zmetadata, context=source)
    reading, repairs = repaired.reading, repaired.repairs
    consolidated = reading.metadata
    if consolidated is None:
        return ZarrV2ToV3Conversion(None, reading.problems, repairs)
    nodes = consolidated.metadata
    root = nodes.get("")
    if not isinstance(root, ZarrV2GroupMetadata):
        why = "the root of a consolidated hierarchy is a group in Zarr v3"
        problem = ValidationProblem(
            ("metadata", ".zarray"), f"cannot be converted to Zarr v3: {why}", "invalid_value"
        )
        return ZarrV2ToV3Conversion(None, (problem,), repairs)
    documents: dict[str, dict[str, Any]] = {}
    pipelines: dict[str, Pipeline | None] = {}
    problems: list[ValidationProblem] = []
    for path, node in nodes.items():
        if path == "":
            continue
        document, pipeline, found = _converted(node, target)
        problems.extend(_in_listing(found, path, node))
        if document is not None:
            documents[path] = document
            pipelines[path] = pipeline
    member = {"kind": "inline", "must_understand": False, "metadata": documents}
    # The nodes that did convert are read back even when others did not, so every problem is found in one pass.
    problems.extend(
        _refused_in_listing(problem, nodes, pipelines)
        for problem in read_consolidated_metadata_v3(member, context=target).problems
    )
    if problems:
        return ZarrV2ToV3Conversion(None, tuple(problems), repairs)
    group = converted_group(root.to_json()) | {"consolidated_metadata": member}
    converted = read_group_metadata_v3(group, context=target)
    if converted.problems:
        located = tuple(
            refused_conversion(problem, ("metadata", ".zgroup")) for problem in converted.problems
        )
        return ZarrV2ToV3Conversion(None, located, repairs)
    return ZarrV2ToV3Conversion(converted.metadata, (), repairs)


def document_of(node: ZarrV2ArrayMetadata | ZarrV2GroupMetadata) -> Mapping[str, Any] | None:
    """The v2 document of an array, against which a converted document's problems are located; None for a group."""
    return node.to_json() if isinstance(node, ZarrV2ArrayMetadata) else None


def _scopes(
    context: ZarrV3Context | None, source_context: ZarrV2Context | None
) -> tuple[ZarrV3Context, ZarrV2Context]:
    if context is not None and not isinstance(context, ZarrV3Context):  # pyright: ignore[reportUnnecessaryIsInstance]
        msg = f"context is the Zarr v3 scope converted to, a ZarrV3Context; got {type(context).__name__}"
        raise TypeError(msg)
    if source_context is not None and not isinstance(source_context, ZarrV2Context):  # pyright: ignore[reportUnnecessaryIsInstance]
        msg = f"source_context is the Zarr v2 scope read from, a ZarrV2Context; got {type(source_context).__name__}"
        raise TypeError(msg)
    if context is None:
        # KNOWN holds every definition the package has; it is built the first time a conversion needs it.
        from zarr_metadata.v3._known import KNOWN

        context = KNOWN
    return context, source_context or KNOWN_V2


def _converted(
    node: ZarrV2ArrayMetadata | ZarrV2GroupMetadata, target: ZarrV3Context
) -> tuple[dict[str, Any] | None, Pipeline | None, Problems]:
    document = node.to_json()
    if isinstance(node, ZarrV2GroupMetadata):
        return converted_group(document), None, ()
    return converted_array(document, target)


def _in_files(problems: Problems, files: Mapping[str, object]) -> Problems:
    """Each problem located in the node file or `.zattrs` that holds its cause."""
    located: list[ValidationProblem] = []
    for problem in problems:
        if not problem.loc:
            located.append(problem)
            continue
        file, loc = file_holding(problem.loc, files)
        located.append(relocated(problem, (file, *loc)))
    return tuple(located)


def _in_listing(problems: Problems, path: str, node: object) -> list[ValidationProblem]:
    """Each problem of the node at `path` located in the `.zmetadata` entry of the file that holds its cause."""
    node_file = ".zarray" if isinstance(node, ZarrV2ArrayMetadata) else ".zgroup"
    located: list[ValidationProblem] = []
    for problem in problems:
        loc: Loc = problem.loc
        file = node_file
        if loc[:1] == ("attributes",):
            file, loc = ".zattrs", loc[1:]
        located.append(relocated(problem, ("metadata", f"{path}/{file}", *loc)))
    return located


def _refused_in_listing(
    problem: ValidationProblem,
    nodes: Mapping[str, object],
    pipelines: Mapping[str, Pipeline | None],
) -> ValidationProblem:
    loc = problem.loc
    if len(loc) < 2 or not isinstance(loc[1], str) or loc[1] not in pipelines:
        return refused_conversion(problem, ("metadata",))
    path = loc[1]
    node: Any = nodes[path]
    cause = v2_loc(loc[2:], pipelines[path], document_of(node))
    return _in_listing((refused_conversion(problem, cause),), path, node)[0]
