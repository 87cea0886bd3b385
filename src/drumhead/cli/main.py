"""``drumhead``: the console entry point. Exit 0 ok, 1 invalid data or a failed check, 2 usage."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from importlib import import_module

from drumhead import __version__
from drumhead.errors import DrumheadError

Handler = Callable[[argparse.Namespace], int]


class UsageError(Exception):
    """Bad command-line usage: exit 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(f"{self.prog}: {message}")


def build_parser() -> argparse.ArgumentParser:
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
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    arguments.register(sub)
    return parser


def handler(named: str) -> Handler:
    """The function a command runs, named ``"module:function"`` in :mod:`drumhead.cli`
    (imported only now, so the app does not wait for the rules core to load)."""
    module, _, function = named.partition(":")
    found: Handler = getattr(import_module(f"drumhead.cli.{module}"), function)
    return found


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        parser = build_parser()
        args = parser.parse_args(args_list)
        named: str | None = getattr(args, "handler", None)
        if named is None:
            from drumhead.cli.app_entry import run_app

            return run_app(args)
        return handler(named)(args)
    except UsageError as exc:
        sys.stderr.write(f"{exc}\n")
        return 2
    except DrumheadError as exc:
        sys.stderr.write(f"drumhead: {exc}\n")
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a bug of ours: say so plainly, keep the details on request
        if os.environ.get("DRUMHEAD_DEBUG"):
            raise
        sys.stderr.write(
            f"drumhead: internal error ({type(exc).__name__}: {exc}). "
            "Please report it; DRUMHEAD_DEBUG=1 shows the details.\n"
        )
        return 1
