"""``drumhead``: the console entry point. Exit 0 ok, 1 invalid data or a failed check, 2 usage."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from drumhead.errors import DrumheadError


class UsageError(Exception):
    """Bad command-line usage: exit 2."""


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        from drumhead.cli.app_entry import run_app

        if not args_list:  # plain ``drumhead``: the app, without building every command's parser
            return run_app()
        from drumhead.cli.parser import build_parser, handler

        args = build_parser().parse_args(args_list)
        named: str | None = getattr(args, "handler", None)
        if named is None:
            return run_app(args.saves)
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
