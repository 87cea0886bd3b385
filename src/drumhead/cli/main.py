"""``drumhead``: the console entry point. Exit 0 ok, 1 invalid data or a failed check, 2 usage.

With ``--json`` anywhere on the command line, a failure is a JSON object on stdout,
``{"error": {"message", "file", "line", "key"}}`` (see :func:`drumhead.cli.output.error_json`),
with the same exit code: scripts never read prose.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from drumhead.errors import DrumheadError, RulesetError


class UsageError(Exception):
    """Bad command-line usage: exit 2."""


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    options = args_list[: args_list.index("--")] if "--" in args_list else args_list
    as_json = "--json" in options
    try:
        return _run(args_list)
    except UsageError as exc:
        return _fail(exc, str(exc), 2, as_json)
    except DrumheadError as exc:
        text = exc.format() if isinstance(exc, RulesetError) else str(exc)
        return _fail(exc, f"drumhead: {text}", 1, as_json)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a bug of ours: say so plainly, keep the details on request
        if os.environ.get("DRUMHEAD_DEBUG"):
            raise
        message = (
            f"internal error ({type(exc).__name__}: {exc}). "
            "Please report it; DRUMHEAD_DEBUG=1 shows the details."
        )
        return _fail(DrumheadError(message), f"drumhead: {message}", 1, as_json)


def _fail(error: Exception, text: str, code: int, as_json: bool) -> int:
    if as_json:
        from drumhead.cli.output import emit_json, error_json

        emit_json(error_json(error))
    else:
        sys.stderr.write(f"{text}\n")
    return code


def _run(args_list: list[str]) -> int:
    from drumhead.cli.app_entry import run_app

    if not args_list:  # plain ``drumhead``: the app, without building every command's parser
        return run_app()
    from drumhead.cli.parser import build_parser, handler, named_command

    args = build_parser(named_command(args_list)).parse_args(args_list)
    named: str | None = getattr(args, "handler", None)
    if named is None:
        return run_app(args.saves, args.house_folder, args.scenario_folder)
    return handler(named)(args)
