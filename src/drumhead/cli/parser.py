"""The command line's parser: every command, its arguments, and the function it runs."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING

from drumhead import __version__
from drumhead.cli.main import UsageError

if TYPE_CHECKING:
    from typing import Any

Handler = Callable[[argparse.Namespace], int]


class _Formatter(argparse.HelpFormatter):
    """argparse's own, told the terminal's width: argparse makes a formatter for every
    argument added and, told nothing, imports :mod:`shutil` (and its compressors) to ask
    (3 ms of every command)."""

    def __init__(
        self,
        prog: str,
        indent_increment: int = 2,
        max_help_position: int = 24,
        width: int | None = None,
    ) -> None:
        super().__init__(prog, indent_increment, max_help_position, width or _columns() - 2)


def _columns() -> int:
    """The terminal's width as :func:`shutil.get_terminal_size` finds it: ``$COLUMNS``, else
    standard output's terminal, else 80."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns if columns > 0 else 80


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

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
    parser.add_argument(
        "--scenarios",
        dest="scenario_folder",
        metavar="DIR",
        help="your own scenarios folder: the new-game screen lists its scenarios and imports "
        "its CSV and roster files; `new --scenario NAME` finds NAME.toml there "
        "(default: scenarios beside the saves folder)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    arguments.register(sub, command)
    return parser


def handler(named: str) -> Handler:
    """The function a command runs, named ``"module:function"`` in :mod:`drumhead.cli`
    (imported only now, so the app does not wait for the rules core to load)."""
    module, _, function = named.partition(":")
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
