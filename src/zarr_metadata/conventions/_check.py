"""Judging the documents of one store by the conventions its nodes follow."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Mapping
from types import MappingProxyType
from typing import Any, Literal, cast

from zarr_metadata._json import ValidationProblem
from zarr_metadata.conventions._convention import ConventionDefinition, ConventionIssue
from zarr_metadata.conventions._hierarchy import Hierarchy, NodeMetadata, NodeView
from zarr_metadata.conventions._scope import ConventionScope
from zarr_metadata.typed_json import refine

Severity = Literal["error", "warning"]
"""An `error` breaks a MUST of the convention's spec; a `warning` a SHOULD, or says that something was not checked."""

_SEVERITY: Mapping[str, Severity] = MappingProxyType({"must": "error", "should": "warning"})


@dataclasses.dataclass(frozen=True, kw_only=True)
class ConventionProblem:
    """One finding of a convention: the node, the problem located in that node's document, the definition, and its severity."""

    path: str
    """The node whose document holds the offending value ("" for the root)."""
    problem: ValidationProblem
    """The problem, located in that node's document; its message names the convention and the section of its spec."""
    convention: str
    """The name of the definition that found it (`ome-ngff-0.4/multiscales`)."""
    severity: Severity

    def __str__(self) -> str:
        return f"{self.path or '/'}: {self.problem} [{self.severity}]"


@dataclasses.dataclass(frozen=True, kw_only=True)
class ConventionsReport:
    """What judging a store by its conventions found.

    `problems` holds only breaches of a MUST, as every reader's `problems`
    does; `warnings` holds breaches of a SHOULD and the conventions a store
    declares that the scope cannot check. `findings` holds both, in order.
    """

    followed: Mapping[str, tuple[str, ...]]
    """Each node that follows a convention, by path: the definitions that judged it."""
    findings: tuple[ConventionProblem, ...]
    """Every finding, errors and warnings, by node in the order the nodes were handed in."""

    @property
    def problems(self) -> tuple[ConventionProblem, ...]:
        """The errors: breaches of a MUST or MUST NOT."""
        return tuple(finding for finding in self.findings if finding.severity == "error")

    @property
    def warnings(self) -> tuple[ConventionProblem, ...]:
        """The warnings: breaches of a SHOULD or SHOULD NOT, and declared conventions left unchecked."""
        return tuple(finding for finding in self.findings if finding.severity == "warning")

    @property
    def ok(self) -> bool:
        """Whether no MUST is broken."""
        return all(finding.severity != "error" for finding in self.findings)


def check_conventions(
    hierarchy: Mapping[str, NodeMetadata],
    *,
    conventions: ConventionScope | None = None,
    across_nodes: bool = True,
    unread: Collection[str] = (),
) -> ConventionsReport:
    """Judge the nodes of one store (models by path: "" the root, "a/b") by every convention of `conventions` they follow.

    `conventions` defaults to `DEFAULT_CONVENTIONS`, every built-in. With
    `across_nodes` false, each node is judged by its own document alone (what
    a JSON Schema of one attributes object can say), and no rule relating
    nodes (a level's array, a plate's wells) runs. `unread` names the nodes
    the store holds whose documents were not read (they have problems, or
    were excluded): a path a convention names there is neither found nor
    missing, so nothing is said of it. Nothing
    is read or fetched: the documents handed in are all there is, so a path
    a convention names that is not among them does not exist. Never raises
    on bad metadata; a node that is not a model raises `TypeError`.
    """
    if conventions is None:
        from zarr_metadata.conventions._default import DEFAULT_CONVENTIONS

        conventions = DEFAULT_CONVENTIONS
    if not isinstance(cast(object, conventions), ConventionScope):
        msg = f"conventions is a ConventionScope, got {type(conventions).__name__}"
        raise TypeError(msg)
    nodes = {path: NodeView(path, metadata) for path, metadata in hierarchy.items()}
    return judged(nodes, conventions, across_nodes=across_nodes, unread=unread)


def judged(
    nodes: Mapping[str, NodeView],
    conventions: ConventionScope,
    *,
    across_nodes: bool = True,
    unread: Collection[str] = (),
    seen: Callable[[str], bool] | None = None,
) -> ConventionsReport:
    """The report of `check_conventions` over views of the nodes; `seen` says whether a node at a path would be among them (None: every node is)."""
    issues: list[tuple[ConventionDefinition[Any], ConventionIssue]] = []
    followers: dict[str, dict[str, Any]] = {}
    followed: dict[str, list[str]] = {}
    for node in nodes.values():
        _judge_node(node, conventions, issues, followers, followed)
    store = Hierarchy(nodes, conventions, followed, unread, seen)
    for name, found in followers.items() if across_nodes else ():
        definition = conventions.definitions[name]
        rules = definition.hierarchy_rules
        issues.extend(
            (definition, issue)
            for issue in _asked(
                definition, "hierarchy_rules", rules, MappingProxyType(found), store
            )
        )
    order = {path: index for index, path in enumerate(nodes)}
    findings = [_finding(definition, issue) for definition, issue in issues]
    findings.sort(key=lambda finding: order.get(finding.path, len(order)))
    return ConventionsReport(
        followed=MappingProxyType({path: tuple(names) for path, names in followed.items()}),
        findings=tuple(findings),
    )


def _judge_node(
    node: NodeView,
    conventions: ConventionScope,
    issues: list[tuple[ConventionDefinition[Any], ConventionIssue]],
    followers: dict[str, dict[str, Any]],
    followed: dict[str, list[str]],
) -> None:
    """Judge one node by each definition it follows, adding its issues, and filing it under each definition whose shape it fits."""
    candidates = conventions.candidates(
        node.attributes, node.is_array and node.dimension_names is not None
    )
    for definition in candidates:
        if not definition.detect(node, definition):
            continue
        followed.setdefault(node.path, []).append(definition.name)
        fitting = _fitting(definition, node, issues)
        if fitting is None:
            continue
        followers.setdefault(definition.name, {})[node.path] = fitting
        found = _asked(definition, "rules", definition.rules, fitting, node)
        issues.extend((definition, issue) for issue in found)


def _fitting(
    definition: ConventionDefinition[Any],
    node: NodeView,
    issues: list[tuple[ConventionDefinition[Any], ConventionIssue]],
) -> Any:
    """The attributes (or the namespace object) of `node` when they fit the definition's TypedDict; None, with their issues added, when not.

    Only the members the TypedDict declares are handed to the checker (it
    takes the others as they are); the rules get the model's own read-only
    value.
    """
    value: object = node.attributes
    loc: tuple[str | int, ...] = ("attributes",)
    for key in definition.namespace:
        value = cast("Mapping[str, object]", value).get(key) if isinstance(value, Mapping) else None
        loc = (*loc, key)
    checked = value
    if isinstance(value, Mapping):
        members = cast("Mapping[str, object]", value)
        checked = {key: members[key] for key in definition.declared if key in members}
        if not checked and not definition.required:
            return members  # nothing the TypedDict declares is there, and nothing is required
    _, problems = refine(checked, definition.attributes, loc)
    issues.extend(
        (
            definition,
            ConventionIssue(
                path=node.path,
                loc=problem.loc,
                message=problem.message,
                kind=problem.kind,
                input=cast(Any, problem.input),
            ),
        )
        for problem in problems
    )
    return None if problems else cast(object, value)


def _asked(
    definition: ConventionDefinition[Any], hook: str, call: Any, *arguments: object
) -> list[ConventionIssue]:
    try:
        return list(call(*arguments))
    except Exception as error:
        error.add_note(f"raised by the {hook} of the convention definition {definition.name!r}")
        raise


def _finding(definition: ConventionDefinition[Any], issue: ConventionIssue) -> ConventionProblem:
    section = issue.section or definition.section
    ctx: dict[str, Any] = {"convention": definition.name, "section": section}
    problem = ValidationProblem(
        issue.loc,
        f"{definition.title}, {section}: {issue.message}",
        issue.kind,
        input=cast(Any, issue.input),
        ctx=MappingProxyType(ctx),
    )
    return ConventionProblem(
        path=issue.path,
        problem=problem,
        convention=definition.name,
        severity=_SEVERITY[issue.level],
    )
