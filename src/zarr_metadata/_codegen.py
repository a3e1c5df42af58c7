"""The fast half of the checker: Python source generated once per shape, so checking does no introspection.

Every array, object and union node becomes one generated function
`(value, loc, problems, depth) -> refined value or FAIL`. Scalars are tested
inline in their container's function (`type(x) is int and 0 <= x`), and
only a value that fails the inline test is handed to the slow checkers in
`_refuse`, which find the exact problem. A valid document therefore runs
straight-line code with one call per container.

Functions are named after what they check (`check_Codec_configuration_items`),
and each module's source is kept in `linecache` under a filename of its own,
so a traceback through a checker shows its lines.
"""

from __future__ import annotations

import dataclasses
import itertools
import linecache
import weakref
from typing import Any

from zarr_metadata import _refuse
from zarr_metadata._codegen_names import (
    described,
    identifier,
    kind_label,
    label_of,
    label_of_title,
    shortened,
    title_of,
)
from zarr_metadata._frozen import FrozenObject
from zarr_metadata._refuse import Checker
from zarr_metadata._shapes import (
    Alias,
    AnyJSON,
    Array,
    Choice,
    FixedArray,
    Node,
    Object,
    Passthrough,
    Record,
    Scalar,
    Union,
)

_PYTHON_KINDS: dict[type, str] = {
    type(None): "null",
    bool: "boolean",
    int: "integer",
    float: "number",
    str: "string",
    list: "array",
    tuple: "array",
    dict: "object",
}

_SERIAL = itertools.count(1)
"""Numbers the generated modules, so that no two share a filename in `linecache`."""

_LONGEST_LABEL = 80
"""The most characters of a function's name after `check_`; a longer one is cut, and numbered if that makes it another's."""


@dataclasses.dataclass(frozen=True, eq=False)
class Generated:
    """A compiled checker and the Python source it was compiled from."""

    checker: Checker
    source: str
    filename: str
    """What tracebacks show as the source's file; `linecache` holds the lines for as long as any function of the module lives."""


def generate(root: Node, frozen: bool = False, title: str | None = None) -> Generated:
    """The compiled checker of `root` and everything it holds, named after `title` (by default the root's own name); `frozen` makes every object it refines read-only."""
    title = " ".join((title or title_of(root)).split())
    module = _Module(frozen)
    entry = module.entry(root, title)
    source = module.source(title)
    filename = f"<zarr_metadata checker of {shortened(title)} #{next(_SERIAL)}>"
    namespace: dict[str, Any] = dict(module.constants)
    exec(compile(source, filename, "exec"), namespace)
    for table, dispatch, by_kind in module.union_tables:
        filled: dict[object, tuple[Checker, ...]] = namespace[table]
        for key, names in [*dispatch.items(), *by_kind.items()]:
            filled[key] = tuple(namespace[name] for name in names)
    _keep_lines(source, filename, namespace)
    return Generated(namespace[entry], source, filename)


class _LinesKept:
    """Lives in a generated module's namespace, and so dies with the module: then its lines leave `linecache`."""

    __slots__ = ("__weakref__",)


def _keep_lines(source: str, filename: str, namespace: dict[str, Any]) -> None:
    # No mtime: `linecache.checkcache` keeps an entry without one, where it
    # would drop an entry whose file it cannot find on disk.
    linecache.cache[filename] = (len(source), None, source.splitlines(keepends=True), filename)
    # Tied to the module rather than to a cache entry: a checker evicted
    # from the cache but still held by a caller can still fail in a
    # traceback, and one never cached (an unhashable shape) still leaves.
    kept = _LinesKept()
    namespace["__lines_kept__"] = kept
    weakref.finalize(kept, _forget_lines, filename).atexit = False


def _forget_lines(filename: str) -> None:
    linecache.cache.pop(filename, None)


class _Module:
    """The source and constants of one generated module."""

    def __init__(self, frozen: bool) -> None:
        self.frozen = frozen
        self.lines: list[str] = []
        self.constants: dict[str, object] = {
            "FAIL": _refuse.FAIL,
            "FrozenObject": FrozenObject,
            "MAX_DEPTH": _refuse.MAX_DEPTH,
            "JSON_INT": _refuse.JSON_INT,
            "JSON_INT_MIN": _refuse.JSON_INT_MIN,
            "too_deep": _refuse.too_deep,
            "wrong_type": _refuse.wrong_type,
            "not_array": _refuse.not_array,
            "not_dict": _refuse.not_dict,
            "bad_key": _refuse.bad_key,
            "unknown_key": _refuse.unknown_key,
            "missing": _refuse.missing,
            "length_problem": _refuse.length_problem,
            "add": _refuse.add,
            "best_fit": _refuse.best_fit,
            "kind_of": _refuse.kind_of,
        }
        self.union_tables: list[
            tuple[str, dict[type, tuple[str, ...]], dict[str, tuple[str, ...]]]
        ] = []
        self._names: dict[int, str] = {}
        self._taken: set[str] = set()
        self._inline: dict[int, str | None] = {}
        self._numbered: dict[str, str | None] = {}

    def constant(self, value: object, about: str | None = None) -> str:
        """A name in the generated module bound to `value`; the source's header describes it, in the words `about` when given."""
        name = f"k{len(self._numbered) + 1}"
        self._numbered[name] = about
        self.constants[name] = value
        return name

    def entry(self, root: Node, title: str) -> str:
        """The name of the function that checks `root`, named after `title`: a generated one, or a constant given a name of its own."""
        label = label_of_title(title)
        name = self.function(root, label)
        if name in self._taken:
            return name
        entry = self._fresh(label)
        test = self.inline(root, "v")
        if test is None or test == "True":
            self.lines.append(f"{entry} = {name}")
        else:
            # A scalar at the root has no container to test it inline, so
            # the entry tests it, and only a value that fails goes the slow way.
            self._emit(
                [
                    f"def {entry}(v, loc, p, d):",
                    f"    if {test}:",
                    "        return v",
                    f"    return {name}(v, loc, p, d)",
                ]
            )
        return entry

    def source(self, title: str) -> str:
        """The module's source, headed by what it checks and what its constants are."""
        flavour = ", refining objects read-only" if self.frozen else ""
        header = [
            f"# The checker of {title}{flavour}, generated by zarr_metadata._codegen.",
            "# Each function takes (value v, location loc, problems p, depth d) and returns",
            "# the refined value, or FAIL once it has added a problem to p.",
        ]
        header += [
            f"# {name}: {about or described(self.constants[name])}"
            for name, about in self._numbered.items()
        ]
        return "\n".join([*header, "", *self.lines]).rstrip("\n") + "\n"

    def function(self, node: Node, label: str) -> str:
        """The name of the function that fully checks `node`, met at `label` (what its name says), generating it the first time."""
        if isinstance(node, Alias):
            assert node.target is not None
            return self.function(node.target, identifier(node.name))
        known = self._names.get(id(node))
        if known is not None:
            return known
        if isinstance(node, Scalar):
            name = self.constant(_refuse.scalar_checker(node))
        elif isinstance(node, Choice):
            name = self.constant(_refuse.choice_checker(node))
        elif isinstance(node, AnyJSON):
            name = self.constant(_refuse.json_checker(node.finite, self.frozen))
        elif isinstance(node, Passthrough):
            name = self.constant(_refuse.taken_as_it_is)
        else:
            # A TypedDict is named after itself wherever it is met.
            name = self._fresh(identifier(node.name) if isinstance(node, Record) else label)
            # Named before its body is written, so a recursive shape calls itself.
            self._names[id(node)] = name
            if isinstance(node, Array):
                self._array(name, node)
            elif isinstance(node, FixedArray):
                self._fixed_array(name, node)
            elif isinstance(node, Object):
                self._object(name, node)
            elif isinstance(node, Record):
                self._record(name, node)
            elif isinstance(node, Union):
                self._union(name, node)
            else:
                msg = f"no checker for {node!r}"
                raise TypeError(msg)
        self._names[id(node)] = name
        return name

    def _fresh(self, label: str) -> str:
        """A function name made of `label`, numbered when another function has the name already."""
        base = f"check_{label[:_LONGEST_LABEL]}"
        name, number = base, 1
        while name in self._taken:
            number += 1
            name = f"{base}_{number}"
        self._taken.add(name)
        return name

    def inline(self, node: Node, var: str) -> str | None:
        """A Python test that `var` fits `node` as it is, with no refining; None when there is none to inline."""
        test = self._inline_test(node, set())
        return None if test is None else test.replace("@", var)

    def _inline_test(self, node: Node, visiting: set[int]) -> str | None:
        if isinstance(node, Alias):
            if id(node) in visiting:
                return None
            assert node.target is not None
            return self._inline_test(node.target, visiting | {id(node)})
        key = id(node)
        if key in self._inline:
            return self._inline[key]
        test: str | None = None
        if isinstance(node, Scalar):
            test = self._scalar_test(node)
        elif isinstance(node, Choice):
            test = self._choice_test(node)
        elif isinstance(node, AnyJSON):
            number = "type(@) is float" + (" and @ - @ == 0.0" if node.finite else "")
            test = f"(type(@) is str or (type(@) is int and JSON_INT_MIN < @ < JSON_INT) or ({number}) or @ is None or @ is True or @ is False)"
        elif isinstance(node, Passthrough):
            test = "True"
        elif isinstance(node, Union):
            # A value that passes any member's test fits as it is; members
            # with no inline test are left to the union's function.
            tests = [self._inline_test(member, visiting) for member in node.members]
            present = [test for test in tests if test is not None]
            if present:
                test = "(" + " or ".join(present) + ")"
        self._inline[key] = test
        return test

    def _scalar_test(self, node: Scalar) -> str:
        if node.type is type(None):
            return "@ is None"
        if node.type is bool:
            return "(@ is True or @ is False)"
        if node.type is str:
            test = "type(@) is str"
            if node.min_length is not None:
                test += f" and len(@) >= {node.min_length}"
            if node.max_length is not None:
                test += f" and len(@) <= {node.max_length}"
            return f"({test})"
        bounds = node.bounds
        limits: list[str] = []
        for name, operator in (("ge", ">="), ("gt", ">"), ("le", "<="), ("lt", "<")):
            bound = getattr(bounds, name)
            if bound is not None:
                limits.append(f"@ {operator} {self.constant(bound)}")
        # An int too long for JSON text is refused by the slow check; bounds
        # that already keep it out spare the inline test the comparison.
        low = bounds.ge if bounds.ge is not None else bounds.gt
        high = bounds.le if bounds.le is not None else bounds.lt
        sized: list[str] = []
        if low is None or low <= _refuse.JSON_INT_MIN:
            sized.append("JSON_INT_MIN < @")
        if high is None or high >= _refuse.JSON_INT:
            sized.append("@ < JSON_INT")
        if node.type is int:
            test = " and ".join(["type(@) is int", *sized])
        else:
            integer = " and ".join(["type(@) is int", *sized])
            test = f"(({integer}) or (type(@) is float and @ - @ == 0.0))"
        return "(" + " and ".join([test, *limits]) + ")"

    def _choice_test(self, node: Choice) -> str:
        values = node.values
        if all(type(value) is str for value in values):
            return f"(type(@) is str and @ in {self.constant(frozenset(values))})"
        if all(type(value) is int for value in values):
            return f"(type(@) is int and @ in {self.constant(frozenset(values))})"
        pairs = frozenset((type(value), value) for value in values)
        # The type guard admits only the literals' own (hashable) types, so
        # an array or object is never hashed into the set of pairs.
        types = frozenset(type(value) for value in values)
        return f"(type(@) in {self.constant(types)} and (type(@), @) in {self.constant(pairs)})"

    def _emit(self, lines: list[str]) -> None:
        self.lines.extend(lines)
        self.lines.append("")

    def _checked(
        self, node: Node, label: str, var: str, loc: str, indent: str, store: str
    ) -> list[str]:
        """Lines that check `var` against `node` (met at `label`) and, when it fits, run `store` with `y` bound to the refined value."""
        call = f"{self.function(node, label)}({var}, {loc}, p, d + 1)"
        test = self.inline(node, var)
        stored = store.replace("$", var)
        refined = store.replace("$", "y")
        if test == "True":  # a member taken as it is needs no check at all
            return [f"{indent}{stored}"]
        lines: list[str] = []
        if test is not None:
            lines.append(f"{indent}if {test}:")
            lines.append(f"{indent}    {stored}")
            lines.append(f"{indent}else:")
            indent += "    "
        direct = self._direct_object_member(node, label)
        if direct is not None:
            # A union whose only object member is a TypedDict (a field: a
            # name or a named configuration) sends objects straight to it.
            lines.append(f"{indent}if type({var}) is dict:")
            lines.append(f"{indent}    y = {direct}({var}, {loc}, p, d + 1)")
            lines.append(f"{indent}else:")
            lines.append(f"{indent}    y = {call}")
        else:
            lines.append(f"{indent}y = {call}")
        lines.append(f"{indent}if y is FAIL:")
        lines.append(f"{indent}    ok = False")
        lines.append(f"{indent}else:")
        lines.append(f"{indent}    {refined}")
        return lines

    def _direct_object_member(self, node: Node, label: str) -> str | None:
        """The function of the one member of a union that takes objects, when there is exactly one; None otherwise."""
        while isinstance(node, Alias):
            assert node.target is not None
            node = node.target
        if not isinstance(node, Union):
            return None
        takers = [member for member in _spread(node) if "object" in member.kinds]
        if len(takers) != 1:
            return None
        return self.function(takers[0], f"{label}_object")

    def _container_head(self, name: str, array: bool) -> list[str]:
        if array:
            entry = [
                f"def {name}(v, loc, p, d):",
                "    if type(v) is not list and type(v) is not tuple:",
                f"        return not_array({name}, v, loc, p, d)",
            ]
        else:
            entry = [
                f"def {name}(v, loc, p, d):",
                "    if type(v) is not dict and not_dict(v, loc, p):",
                "        return FAIL",
            ]
        return [*entry, "    if d >= MAX_DEPTH:", "        return too_deep(v, loc, p)"]

    def _array(self, name: str, node: Array) -> None:
        lines = self._container_head(name, array=True)
        lines.append("    ok = True")
        if node.min_length is not None or node.max_length is not None:
            lines.append(
                f"    if length_problem(v, len(v), loc, p, {self.constant(node)}) is not None:"
            )
            lines.append("        ok = False")
        test = self.inline(node.item, "x")
        if test is not None:
            lines += [
                "    for x in v:",
                f"        if not {test}:",
                "            break",
                "    else:",
                "        return tuple(v) if ok else FAIL",
            ]
        lines += ["    out = []", "    i = 0", "    for x in v:"]
        lines += self._checked(
            node.item, f"{label_of(name)}_items", "x", "loc + (i,)", "        ", "out.append($)"
        )
        lines += ["        i += 1", "    return tuple(out) if ok else FAIL"]
        self._emit(lines)

    def _fixed_array(self, name: str, node: FixedArray) -> None:
        count = len(node.items)
        lines = self._container_head(name, array=True)
        lines += [
            f"    if len(v) != {count}:",
            f"        return add(p, loc, 'expected an array of exactly {count} items, got ' + str(len(v)), 'invalid_value', v, "
            f"{self.constant({'min_length': count, 'max_length': count})})",
            "    ok = True",
        ]
        for index, item in enumerate(node.items):
            lines.append(f"    x = v[{index}]")
            lines += self._checked(
                item, f"{label_of(name)}_{index}", "x", f"loc + ({index},)", "    ", f"y{index} = $"
            )
        refined = ", ".join(f"y{index}" for index in range(count))
        lines.append(f"    return ({refined}{',' if count == 1 else ''}) if ok else FAIL")
        self._emit(lines)

    def _object(self, name: str, node: Object) -> None:
        lines = self._container_head(name, array=False)
        lines += [
            "    out = {}",
            "    ok = True",
            "    for k, x in v.items():",
            "        if type(k) is not str:",
            "            if not isinstance(k, str):",
            "                bad_key(k, loc, p)",
            "                ok = False",
            "                continue",
            "            k = str(k)",
        ]
        lines += self._checked(
            node.value, f"{label_of(name)}_values", "x", "loc + (k,)", "        ", "out[k] = $"
        )
        lines.append(f"    return {'FrozenObject(out)' if self.frozen else 'out'} if ok else FAIL")
        self._emit(lines)

    def _record(self, name: str, node: Record) -> None:
        record = self.constant(node)
        required = sum(1 for member in node.members if member.required)
        lines = self._container_head(name, array=False)
        lines += ["    out = {}", "    ok = True", "    seen = 0", "    for k, x in v.items():"]
        # Members a reader judges later are taken as they are; one set
        # lookup finds them instead of a comparison with each key in turn.
        taken = [member for member in node.members if isinstance(member.node, Passthrough)]
        checked = [member for member in node.members if not isinstance(member.node, Passthrough)]
        branch = "if"
        if len(taken) > 1:
            for counted in (True, False):
                keys = frozenset(member.key for member in taken if member.required == counted)
                if keys:
                    lines.append(f"        {branch} k in {self.constant(keys)}:")
                    if counted:
                        lines.append("            seen += 1")
                    lines.append("            out[k] = x")
                    branch = "elif"
        else:
            checked = list(node.members)
        for member in checked:
            lines.append(f"        {branch} k == {member.key!r}:")
            branch = "elif"
            if member.required:
                lines.append("            seen += 1")
            lines += self._checked(
                member.node,
                f"{label_of(name)}_{identifier(member.key)}",
                "x",
                "loc + (k,)",
                "            ",
                "out[k] = $",
            )
        other = "        else:" if branch == "elif" else "        if True:"
        lines += [
            other,
            "            if type(k) is not str:",
            "                if not isinstance(k, str):",
            "                    bad_key(k, loc, p)",
            "                    ok = False",
            "                    continue",
            "                k = str(k)",
        ]
        if node.extra is None:
            lines += [f"            unknown_key(k, loc, p, {record}, x)", "            ok = False"]
        else:
            lines += self._checked(
                node.extra,
                f"{label_of(name)}_extra",
                "x",
                "loc + (k,)",
                "            ",
                "out[k] = $",
            )
        if required:
            lines += [
                f"    if seen != {required}:",
                f"        missing(v, loc, p, {record})",
                "        ok = False",
            ]
        lines.append(f"    return {'FrozenObject(out)' if self.frozen else 'out'} if ok else FAIL")
        self._emit(lines)

    def _union(self, name: str, node: Union) -> None:
        members = [
            (
                self.function(member, f"{label_of(name)}_{kind_label(member)}"),
                _dispatched_kinds(member),
            )
            for member in _spread(node)
        ]
        by_kind: dict[str, tuple[str, ...]] = {}
        for kind in ("null", "boolean", "integer", "number", "string", "array", "object"):
            by_kind[kind] = tuple(function for function, kinds in members if kind in kinds)
        dispatch = {python_type: by_kind[kind] for python_type, kind in _PYTHON_KINDS.items()}
        table = self.constant(
            {}, "the members that take each Python type and JSON kind, filled in as the module runs"
        )
        expected = self.constant(_refuse.describe(node))
        lines = [f"def {name}(v, loc, p, d):", "    t = type(v)"]
        # The common case, a value whose JSON type only one member takes,
        # goes straight to that member.
        for python_type, names in dispatch.items():
            if len(names) == 1:
                lines.append(f"    if t is {self.constant(python_type)}:")
                lines.append(f"        return {names[0]}(v, loc, p, d)")
        # Arrays of a fixed length each (a record of two or of three items)
        # go straight to the one member of their length; any other length
        # is left to the best fit, which names every length.
        by_length = _by_length(
            [
                (function, member)
                for (function, _), member in zip(members, _spread(node), strict=True)
            ]
        )
        if by_length is not None:
            lines.append("    if t is list or t is tuple:")
            lines.append("        n = len(v)")
            for length, function in by_length.items():
                lines.append(f"        if n == {length}:")
                lines.append(f"            return {function}(v, loc, p, d)")
        lines += [
            f"    members = {table}.get(t)",
            "    if members is None:",
            f"        members = {table}.get(kind_of(v), ())",
            "    if len(members) == 1:",
            "        return members[0](v, loc, p, d)",
            "    if len(members) == 0:",
            f"        return wrong_type(v, loc, p, {expected})",
            "    return best_fit(members, v, loc, p, d)",
        ]
        self._emit(lines)
        # The table holds the member functions themselves, which exist only
        # once the module runs; `generate` fills it in then, by name.
        self.union_tables.append((table, dispatch, by_kind))


def _by_length(members: list[tuple[str, Node]]) -> dict[int, str] | None:
    """The function of each array member by the one length it takes, when every array member is a fixed array of its own length; else None."""
    lengths: dict[int, str] = {}
    for function, member in members:
        while isinstance(member, Alias) and member.target is not None:
            member = member.target
        if "array" not in member.kinds:
            continue
        if not isinstance(member, FixedArray) or len(member.items) in lengths:
            return None
        lengths[len(member.items)] = function
    return lengths if len(lengths) > 1 else None


def _dispatched_kinds(member: Node) -> frozenset[str]:
    """The JSON kinds a union hands to `member`: a literal of integers takes every number, to say that `3.0` is not its value."""
    target: Node | None = member
    while isinstance(target, Alias):
        target = target.target
    if isinstance(target, Choice) and "integer" in target.kinds:
        return target.kinds | {"number"}
    return member.kinds


def _spread(union: Union) -> list[Node]:
    """The members of `union`, with each member that names another union (through aliases) replaced by that union's members.

    The best fit of the spread members is the best fit of the nested unions,
    members keeping their order; but a union that called a union would spend
    one more Python frame on each level of a deeply nested value.
    """
    spread: list[Node] = []

    def visit(node: Union, seen: frozenset[int]) -> None:
        for member in node.members:
            target: Node | None = member
            hops: set[int] = set()
            while isinstance(target, Alias) and id(target) not in hops:
                hops.add(id(target))
                target = target.target
            if isinstance(target, Union):
                # A union met again inside itself adds no member it has not.
                if id(target) not in seen:
                    visit(target, seen | {id(target)})
            else:
                spread.append(member)

    visit(union, frozenset({id(union)}))
    return spread
