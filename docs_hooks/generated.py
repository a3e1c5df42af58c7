"""A MkDocs hook that writes, into the pages that ask for them, the lists the command line defines.

A page asks with a placeholder on a line of its own: `<!-- finding-kinds -->` for the
kinds of finding (`zarr_metadata.cli._kinds.RULES`), `<!-- exit-statuses -->` for the
exit statuses (the `EXIT_*` constants of each subcommand's module, and what each
subcommand's help says of them), so that neither list is written twice.
"""

from __future__ import annotations

import importlib
from typing import Any

# The modules that define the exit statuses, with the command each belongs to.
EXIT_MODULES = {
    "zarr_metadata.cli._main": "zarr-metadata check",
    "zarr_metadata.cli._catalog_command": "zarr-metadata check --catalog / --dask",
    "zarr_metadata.cli._convert_command": "zarr-metadata convert",
}


def finding_kinds() -> str:
    """The table of the kinds of finding, in the order the code lists them."""
    from zarr_metadata.cli._kinds import RULES

    rows = [f"| `{kind}` | {rule} |" for kind, rule in RULES.items()]
    return "\n".join(["| kind | what it means |", "| --- | --- |", *rows])


def exit_statuses() -> str:
    """The table of the exit statuses, and the help text that explains them."""
    rows: list[str] = []
    for name, command in EXIT_MODULES.items():
        module = importlib.import_module(name)
        constants = sorted(
            (value, constant)
            for constant, value in vars(module).items()
            if constant.startswith("EXIT_") and isinstance(value, int)
        )
        rows += [f"| `{command}` | {value} | `{constant}` |" for value, constant in constants]
    table = "\n".join(["| command | status | name in the code |", "| --- | --- | --- |", *rows])
    from zarr_metadata.cli._main import parser

    helps: list[str] = []
    commands = next(action for action in parser()._actions if action.dest == "command").choices
    for command, sub in sorted(commands.items()):
        if sub.epilog and "Exit status" in sub.epilog:
            said = sub.epilog[sub.epilog.index("Exit status") :]
            helps.append(f"`zarr-metadata {command} --help` says:\n\n> {said}")
    return table + "\n\n" + "\n\n".join(helps)


PLACEHOLDERS = {
    "<!-- finding-kinds -->": finding_kinds,
    "<!-- exit-statuses -->": exit_statuses,
}


def on_page_markdown(markdown: str, **_: Any) -> str:
    """The page's Markdown, each placeholder replaced by what it stands for."""
    for placeholder, write in PLACEHOLDERS.items():
        if placeholder in markdown:
            markdown = markdown.replace(placeholder, write())
    return markdown
