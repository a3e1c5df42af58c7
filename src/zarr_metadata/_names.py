"""Zarr v3 node names and node paths: what each may be, judged by the rules of the v3 core spec.

A name is the last part of a node's path. The root's name is the empty string; every
other name is a non-empty string with no `/`, not made only of periods (`.`, `..`,
`...`), and not starting with `__`, which the spec reserves.

A path is `/` (the root) or names joined by `/`, either absolute (`/a/b`, as the spec
writes paths) or relative to a group (`a/b`, as consolidated metadata keys them). It
has no empty segment: `""`, `a//b`, `a/` and `//` are not paths.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import NewType, TypeGuard

from zarr_metadata._json import Loc, Problems, ValidationProblem, shown
from zarr_metadata.problems import MetadataValidationError

__all__ = [
    "NodeName",
    "NodePath",
    "is_node_name_v3",
    "is_node_path_v3",
    "node_path_problems",
    "parent_path",
    "parse_node_name_v3",
    "parse_node_path_v3",
    "validate_node_name_v3",
    "validate_node_path_v3",
]

NodeName = NewType("NodeName", str)
"""The name of a node in a Zarr v3 hierarchy; the empty string is the root's."""

NodePath = NewType("NodePath", str)
"""The path of a node in a Zarr v3 hierarchy: `/` for the root, `/a/b` or `a/b` below it."""

_RESERVED_PREFIX = "__"


def _broken_name_rule(name: str, *, reserved: bool = True) -> str | None:
    """The rule a non-empty name breaks, or None when it breaks none; `reserved` says whether names starting `__` are reserved, as in v3."""
    if "/" in name:
        return 'a name must not contain "/" (it separates the names in a path)'
    if name.strip(".") == "":
        return 'a name must not be made only of periods (as "." and "..")'
    if reserved and name.startswith(_RESERVED_PREFIX):
        return f'a name must not start with "{_RESERVED_PREFIX}" (the spec reserves it)'
    return None


def validate_node_name_v3(value: object) -> Problems:
    """Every problem with `value` as the name of a Zarr v3 node, located at `()`; none when it is one."""
    if not isinstance(value, str):
        return (
            ValidationProblem(
                (), f"expected a node name (a string), got {shown(value)}", "invalid_type"
            ),
        )
    if value == "":
        return ()
    rule = _broken_name_rule(value)
    if rule is None:
        return ()
    return (
        ValidationProblem(
            (), f"expected a node name, got {shown(value)}: {rule}", "invalid_value", input=value
        ),
    )


def is_node_name_v3(value: object) -> TypeGuard[NodeName]:
    """Whether `value` is the name of a Zarr v3 node (the empty string, the root's name, is one)."""
    return isinstance(value, str) and (value == "" or _broken_name_rule(value) is None)


def parse_node_name_v3(value: object) -> NodeName:
    """`value` as a node name; raises `MetadataValidationError` with every problem when it is not one."""
    problems = validate_node_name_v3(value)
    if problems:
        raise MetadataValidationError(problems)
    assert isinstance(value, str)
    return NodeName(value)


def node_path_problems(path: str, loc: Loc, *, reserved: bool = True) -> Problems:
    """Every problem with the string `path` as a Zarr v3 node path, each located at `loc`.

    A bad segment is named by its index from 0, counted after any leading `/`, and
    that index is the problem's `ctx["segment"]`. With `reserved` false, a name
    may start with `__`, as in a v2 store, which reserves no names.
    """
    if path == "/":
        return ()
    if path == "":
        return (_path_problem(path, loc, 'a path must not be empty (the root\'s is "/")'),)
    if (
        "." not in path
        and "//" not in path
        and path[-1] != "/"
        and not (reserved and _RESERVED_PREFIX in path)
    ):
        # Nearly every path: no segment can be empty, made of periods, or reserved.
        return ()
    problems: list[ValidationProblem] = []
    body = path[1:] if path.startswith("/") else path
    segments = body.split("/")
    if path.endswith("/"):
        problems.append(_path_problem(path, loc, 'a path must not end with "/"'))
        # The empty segment after the last "/" is that same fault, not another one.
        segments.pop()
    for index, segment in enumerate(segments):
        if segment == "":
            rule = f'segment {index} is empty: a path must not hold "//"'
        else:
            broken = _broken_name_rule(segment, reserved=reserved)
            if broken is None:
                continue
            rule = f"segment {index}, {shown(segment)}: {broken}"
        problems.append(_path_problem(path, loc, rule, segment=index))
    return tuple(problems)


def _path_problem(
    path: str, loc: Loc, rule: str, *, segment: int | None = None
) -> ValidationProblem:
    message = f"expected a node path, got {shown(path)}: {rule}"
    if segment is None:
        return ValidationProblem(loc, message, "invalid_value", input=path)
    return ValidationProblem(loc, message, "invalid_value", input=path, ctx={"segment": segment})


def validate_node_path_v3(value: object) -> Problems:
    """Every problem with `value` as the path of a Zarr v3 node, located at `()`; none when it is one."""
    if not isinstance(value, str):
        return (
            ValidationProblem(
                (), f"expected a node path (a string), got {shown(value)}", "invalid_type"
            ),
        )
    return node_path_problems(value, ())


def is_node_path_v3(value: object) -> TypeGuard[NodePath]:
    """Whether `value` is the path of a Zarr v3 node: `/`, or `/a/b` and `a/b` with every name valid."""
    return isinstance(value, str) and not node_path_problems(value, ())


def parse_node_path_v3(value: object) -> NodePath:
    """`value` as a node path; raises `MetadataValidationError` with every problem when it is not one."""
    problems = validate_node_path_v3(value)
    if problems:
        raise MetadataValidationError(problems)
    assert isinstance(value, str)
    return NodePath(value)


def parent_path(path: str) -> str | None:
    """The path of the group that holds the node at the valid path `path`, or None for the root.

    A path keeps its spelling: the parent of `a/b` is `a`, of `a` is `""` (the root, as
    a relative path), of `/a/b` is `/a` and of `/a` is `/`. The root (`/` or `""`) has none.
    """
    if path in ("/", ""):
        return None
    head, _, _ = path.rpartition("/")
    if head == "" and path.startswith("/"):
        return "/"
    return head


def tree_problems(
    is_group: Mapping[str, bool],
    loc_of: Callable[[str], Loc],
    *,
    root_listed: bool,
    unplaced: Collection[str] = (),
) -> list[ValidationProblem]:
    """The listed nodes whose parent is not listed, or is not a group, each located by `loc_of` its path.

    `is_group` says, for the relative path of each listed node, whether it
    is a group. When `root_listed`, the root (`""`) is a node of the listing
    like any other; otherwise the listing belongs to the root, which holds
    its top-level nodes. Paths in `unplaced` name no place in the tree, so
    no parent is looked for.
    """
    problems: list[ValidationProblem] = []
    for path in is_group:
        if path in unplaced:
            continue
        parent = parent_path(path)
        if parent is None or (parent == "" and not root_listed):
            continue
        if parent not in is_group:
            problems.append(
                ValidationProblem(
                    loc_of(path),
                    f"its parent {_shown_parent(parent)} is not listed",
                    "invalid_value",
                )
            )
        elif not is_group[parent]:
            problems.append(
                ValidationProblem(
                    loc_of(path),
                    f"its parent {_shown_parent(parent)} is not a group, and only groups hold children",
                    "invalid_value",
                )
            )
    return problems


def _shown_parent(parent: str) -> str:
    return "the root" if parent == "" else shown(parent)
