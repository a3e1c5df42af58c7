"""Config files: where the nearest one is, and the settings it holds.

A `zarr-metadata.toml` holds the settings as top-level keys; a `pyproject.toml`
holds them in its `[tool.zarr-metadata]` table, and counts only when it has
one. The nearest directory, from the current one up, that holds either gives
the config, and a `zarr-metadata.toml` wins over a `pyproject.toml` beside it.
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
from collections.abc import Callable, Mapping
from typing import cast

from zarr_metadata.cli._bounded_read import byte_size
from zarr_metadata.cli._conventions import UnknownConvention, conventions_named
from zarr_metadata.cli._kinds import UnknownKind, known_kind
from zarr_metadata.cli._report import FORMATS
from zarr_metadata.cli._settings import CONTEXTS
from zarr_metadata.cli._spelling import did_you_mean

CONFIG_FILE = "zarr-metadata.toml"
PYPROJECT_FILE = "pyproject.toml"
TABLE = "tool.zarr-metadata"


class ConfigError(Exception):
    """A config file the command cannot run with, with the file and the key at fault."""


class _Wrong(Exception):
    """A value of a config key that is not what the key takes; its argument says what the key takes."""


@dataclasses.dataclass(frozen=True)
class Config:
    """The settings a config file holds, by the name of their `Settings` field."""

    path: str
    values: Mapping[str, object]


def find_config(start: str) -> str | None:
    """The config file of a run started in the directory `start`: the nearest, from `start` up, that holds settings; None when there is none."""
    directory = os.path.abspath(start)
    while True:
        own = os.path.join(directory, CONFIG_FILE)
        if os.path.isfile(own):
            return own
        pyproject = os.path.join(directory, PYPROJECT_FILE)
        if os.path.isfile(pyproject) and _names_the_table(pyproject):
            return pyproject
        parent = os.path.dirname(directory)
        if parent == directory:
            return None
        directory = parent


def _names_the_table(pyproject: str) -> bool:
    # Only a pyproject.toml that mentions the tool is parsed, so a broken
    # pyproject.toml of some other project higher up stops nothing.
    try:
        with open(pyproject, "rb") as file:
            text = file.read()
    except OSError:
        return False
    return b"zarr-metadata" in text and TABLE in _table_names(text)


def _table_names(text: bytes) -> set[str]:
    import tomllib  # imported when a config file is found: see "What a run imports" in docs/how-it-works/cli.md

    try:
        document = tomllib.loads(text.decode("utf-8", errors="replace"))
    except tomllib.TOMLDecodeError:
        return {TABLE}  # broken: read_config says where
    tool = document.get("tool")
    if not isinstance(tool, dict):
        return set()
    return {f"tool.{name}" for name in cast("dict[str, object]", tool)}


def read_config(path: str, shown: str) -> Config:
    """The settings the config file at `path` holds, named `shown` in messages; raises `ConfigError` when any is wrong."""
    try:
        with open(path, "rb") as file:
            text = file.read().decode("utf-8")
    except OSError as error:
        raise ConfigError(
            f"{shown}: cannot read the config file: {error.strerror or error}"
        ) from None
    except UnicodeDecodeError:
        raise ConfigError(f"{shown}: invalid TOML: not UTF-8 text") from None
    import tomllib  # imported when a config file is found: see "What a run imports" in docs/how-it-works/cli.md

    try:
        document: dict[str, object] = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{shown}: invalid TOML: {error}") from None
    where = ""
    if os.path.basename(path) == PYPROJECT_FILE:
        where = f" in [{TABLE}]"
        tool = document.get("tool", {})
        table: object = (
            cast("dict[str, object]", tool).get("zarr-metadata", {})
            if isinstance(tool, dict)
            else {}
        )
        if not isinstance(table, dict):
            raise ConfigError(f"{shown}: {TABLE} must be a table")
        document = cast("dict[str, object]", table)
    values = {
        key.replace("-", "_"): _checked(shown, where, key, value) for key, value in document.items()
    }
    if isinstance(values.get("backup_dir"), str):
        # A path in a config file is read from the file's directory, wherever the run starts.
        values["backup_dir"] = os.path.join(
            os.path.dirname(path), cast("str", values["backup_dir"])
        )
    return Config(shown, values)


def _checked(shown: str, where: str, key: str, value: object) -> object:
    check = _KEYS.get(key)
    if check is None:
        raise ConfigError(f'{shown}: unknown key "{key}"{where}{did_you_mean(key, _KEYS)}')
    try:
        return check(value)
    except _Wrong as wrong:
        raise ConfigError(f"{shown}: {key}: expected {wrong}, got {_shown(value)}") from None


def _shown(value: object) -> str:
    return json.dumps(value, default=str)


def _flag(value: object) -> bool:
    if isinstance(value, bool):
        return value
    raise _Wrong("true or false")


def _names(value: object) -> tuple[str, ...]:
    if isinstance(value, list) and all(
        isinstance(item, str) for item in cast("list[object]", value)
    ):
        return tuple(cast("list[str]", value))
    raise _Wrong("an array of strings")


def _kinds(value: object) -> tuple[str, ...]:
    names = _names(value)
    for name in names:
        try:
            known_kind(name)
        except UnknownKind as unknown:
            raise _Wrong(f"an array of finding kinds ({unknown})") from None
    return names


def _text(value: object) -> str:
    if isinstance(value, str):
        return value
    raise _Wrong("a string")


def _conventions(value: object) -> str:
    # "auto", "none", or the conventions by name: an array of them, or one string separated by commas.
    setting = ",".join(_names(cast(object, value))) if isinstance(value, list) else value
    if isinstance(setting, str) and setting:
        try:
            conventions_named(setting)
        except UnknownConvention:
            pass
        else:
            return setting
    raise _Wrong('"auto", "none", or an array of convention names')


def _one_of(choices: tuple[str, ...]) -> Callable[[object], str]:
    def check(value: object) -> str:
        if isinstance(value, str) and value in choices:
            return value
        raise _Wrong("one of " + ", ".join(f'"{choice}"' for choice in choices))

    return check


def _count(value: object) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
        return value
    raise _Wrong("an integer >= 1")


def _seconds(value: object) -> float:
    if (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and math.isfinite(value)
        and value > 0
    ):
        return float(value)
    raise _Wrong("a number of seconds > 0")


def _size(value: object) -> int:
    size = (
        value
        if isinstance(value, int) and not isinstance(value, bool)
        else byte_size(value)
        if isinstance(value, str)
        else None
    )
    if size is not None and size >= 1:
        return size
    raise _Wrong('a size in bytes >= 1, or a string such as "64MiB"')


_KEYS: dict[str, Callable[[object], object]] = {
    "context": _one_of(CONTEXTS),
    "strict": _flag,
    "allow": _names,
    "definitions": _names,
    "exclude": _names,
    "select": _kinds,
    "ignore": _kinds,
    "format": _one_of(FORMATS),
    "jobs": _count,
    "timeout": _seconds,
    "quiet": _flag,
    "exit-zero": _flag,
    "statistics": _flag,
    "repair": _flag,
    "write": _flag,
    "diff": _flag,
    "backup-dir": _text,
    "max-document-size": _size,
    "follow-external-links": _flag,
    "conventions": _conventions,
}
"""Each key a config file may hold, and what checks its value and gives the setting."""

KEYS = frozenset(_KEYS)
