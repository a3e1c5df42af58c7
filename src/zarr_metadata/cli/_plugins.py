"""Definitions from other packages: entry points in the group `zarr_metadata.definitions`, and `--definitions module:attribute`.

A plugin names a scope (`ZarrV3Context` or `ZarrV2Context`) or an iterable
of definitions of either format; each definition goes to the slot of its
kind in the scope of its format. A convention scope or convention definition
(`zarr_metadata.conventions`) is accepted too, and added to the conventions
the check judges by. A plugin that cannot be loaded, that names
something else, or that files a different definition under a name the scope
already claims, is a usage error that names the plugin.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Iterable, Sequence
from importlib.machinery import PathFinder
from typing import TYPE_CHECKING, Any, Final, NamedTuple, cast

from zarr_metadata.definition import Definition, ScopeConflictError
from zarr_metadata.v2.definition import ZarrV2Context
from zarr_metadata.v3.definition import ZarrV3Context

if TYPE_CHECKING:
    from zarr_metadata.conventions import ConventionDefinition

ENTRY_POINT_GROUP: Final = "zarr_metadata.definitions"


class PluginError(Exception):
    """A plugin that cannot be used, with what the user needs to know to fix it."""


class PluggedScopes(NamedTuple):
    """The scopes a check reads in once its plugins are loaded, and the convention definitions the plugins add."""

    v3: ZarrV3Context
    v2: ZarrV2Context
    conventions: tuple[ConventionDefinition[Any], ...] = ()


def with_plugins(v3: ZarrV3Context, v2: ZarrV2Context, named: Sequence[str]) -> PluggedScopes:
    """The scopes `v3` and `v2` joined with every installed plugin, then with each of `named` (`module:attribute`), in that order."""
    plugins: list[tuple[str, Any]] = []
    if _may_declare_entry_points():
        from importlib.metadata import entry_points

        plugins.extend(
            (f"{point.name} ({point.value})", point.load)
            for point in entry_points(group=ENTRY_POINT_GROUP)
        )
    plugins.extend((reference, _importer(reference)) for reference in named)
    conventions: list[ConventionDefinition[Any]] = []
    for label, load in plugins:
        try:
            found = load()
        except Exception as error:  # a plugin's own code may raise anything
            raise PluginError(
                f"the definitions plugin {label} failed to load: {type(error).__name__}: {error}"
            ) from None
        try:
            v3, v2 = _joined(v3, v2, found)
        except ScopeConflictError as error:
            raise PluginError(
                f"the definitions plugin {label} conflicts with the scope: {error}"
            ) from None
        except TypeError as error:
            raise PluginError(f"the definitions plugin {label} {error}") from None
        conventions.extend(convention_definitions(found))
    return PluggedScopes(v3, v2, tuple(dict.fromkeys(conventions)))


def _may_declare_entry_points() -> bool:
    """Whether an installed distribution may declare an entry point in the group; True whenever that cannot be ruled out cheaply.

    `importlib.metadata` takes longer to import than a small check takes to
    run, and almost every run has no plugin: this looks for the group's name
    in the `entry_points.txt` of each distribution on `sys.path`, as
    `importlib.metadata` finds them, and leaves any other finder to it.
    """
    if any(
        finder is not PathFinder and hasattr(finder, "find_distributions")
        for finder in sys.meta_path
    ):
        return True
    group = f"[{ENTRY_POINT_GROUP}]".encode()
    for entry in sys.path:
        directory = entry or os.curdir
        if not os.path.isdir(directory):
            if os.path.exists(directory):
                return True  # an archive on the path: importlib.metadata reads it
            continue
        try:
            names = os.listdir(directory)
        except OSError:
            continue
        for name in names:
            if name.endswith((".dist-info", ".egg-info")) and group in _entry_points_text(
                os.path.join(directory, name)
            ):
                return True
    return False


def _entry_points_text(distribution: str) -> bytes:
    try:
        with open(os.path.join(distribution, "entry_points.txt"), "rb") as file:
            return file.read()
    except OSError:
        return b""


def _importer(reference: str) -> Any:
    """A function loading the object `reference` (`module:attribute`) names."""

    def load() -> object:
        module, separator, attribute = reference.partition(":")
        if not separator or not module or not attribute:
            msg = f"expected module:attribute, got {reference!r}"
            raise ValueError(msg)
        found: object = importlib.import_module(module)
        for part in attribute.split("."):
            found = getattr(found, part)
        return found

    return load


def _joined(
    v3: ZarrV3Context, v2: ZarrV2Context, found: object
) -> tuple[ZarrV3Context, ZarrV2Context]:
    # Imported here: the conventions take a while to import, and a run without plugins never needs them.
    from zarr_metadata.conventions import ConventionScope

    if isinstance(found, ZarrV3Context):
        return v3.union(found), v2
    if isinstance(found, ZarrV2Context):
        return v3, v2.union(found)
    if isinstance(found, ConventionScope):
        return v3, v2
    if isinstance(found, str | bytes) or not isinstance(found, Iterable):
        msg = f"names {type(found).__name__}, not a scope or an iterable of definitions"
        raise TypeError(msg)
    by_format: dict[type[Any], dict[str, list[Definition[Any]]]] = {
        ZarrV3Context: {},
        ZarrV2Context: {},
    }
    for definition in _definitions(cast("Iterable[object]", found)):
        for context, slots in by_format.items():
            slot = next(
                (name for name, kind in context.kinds.items() if isinstance(definition, kind)), None
            )
            if slot is not None:
                slots.setdefault(slot, []).append(definition)
                break
        else:
            msg = f"holds {definition!r}, a definition of no kind a scope has a slot for"
            raise TypeError(msg)
    added_v3 = ZarrV3Context(**by_format[ZarrV3Context])  # pyright: ignore[reportArgumentType]
    added_v2 = ZarrV2Context(**by_format[ZarrV2Context])  # pyright: ignore[reportArgumentType]
    return v3.union(added_v3), v2.union(added_v2)


def _definitions(found: Iterable[object]) -> list[Definition[Any]]:
    from zarr_metadata.conventions import ConventionDefinition

    definitions: list[Definition[Any]] = []
    for item in found:
        if isinstance(item, ConventionDefinition):
            continue
        if not isinstance(item, Definition):
            msg = f"holds {item!r}, which is not a definition"
            raise TypeError(msg)
        definitions.append(cast("Definition[Any]", item))
    return definitions


def convention_definitions(found: object) -> list[ConventionDefinition[Any]]:
    """The convention definitions a plugin's object holds: those of a convention scope, or the convention definitions of an iterable."""
    from zarr_metadata.conventions import ConventionDefinition, ConventionScope

    if isinstance(found, ConventionScope):
        return list(found.definitions.values())
    if isinstance(found, str | bytes) or not isinstance(found, Iterable):
        return []
    items = cast("Iterable[object]", found)
    return [
        cast("ConventionDefinition[Any]", item)
        for item in items
        if isinstance(item, ConventionDefinition)
    ]
