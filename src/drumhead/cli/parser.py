"""The command line's parser: every command, its arguments, and the function it runs."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from importlib import import_module

from drumhead import __version__
from drumhead.cli.main import UsageError

Handler = Callable[[argparse.Namespace], int]


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(f"{self.prog}: {message}")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command; with ``command``, of that command alone (the others'
    parsers cost a few milliseconds to build, on every run)."""
    from drumhead.cli import arguments

    parser = _Parser(
        prog="drumhead",
        description="A table-side adjudicator for horse-and-musket miniature wargames. "
        "With no command, opens the app.",
    )
    parser.add_argument("--version", action="version", version=f"drumhead {__version__}")
    parser.add_argument(
        "--saves", metavar="DIR", help="folder for saved games (default ./saves or $DRUMHEAD_SAVES)"
    )
    parser.add_argument(
        "--house-rules",
        dest="house_folder",
        metavar="DIR",
        help="with no command: your own house-rules folder, offered by the new-game screen "
        "(default: house-rules beside the saves folder)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    arguments.register(sub, command)
    return parser


LIGHT = frozenset({"roll:cmd_roll", "commands:cmd_rulesets"})
"""The commands that make no dataclass (the dice alone; the rulesets' titles, read from the
ruleset cache): importing :mod:`dataclasses` to serve them from :mod:`drumhead.classcache`
would be all cost."""


def handler(named: str) -> Handler:
    """The function a command runs, named ``"module:function"`` in :mod:`drumhead.cli`
    (imported only now, so the app does not wait for the rules core to load)."""
    module, _, function = named.partition(":")
    if named not in LIGHT:
        from drumhead import classcache

        classcache.install()
    found: Handler = getattr(import_module(f"drumhead.cli.{module}"), function)
    return found


def named_command(args: list[str]) -> str | None:
    """The command a command line names when it can be told without parsing it (the only
    option before a command is ``--saves DIR``); None when it cannot be told, or names no
    command this drumhead has."""
    from drumhead.cli.arguments import COMMANDS

    index = 0
    while index < len(args):
        arg = args[index]
        if arg == "--saves":
            index += 2
        elif arg.startswith("--saves="):
            index += 1
        else:
            return arg if arg in COMMANDS else None
    return None
