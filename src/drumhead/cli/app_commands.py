"""Commands that open the app: ``drumhead reference [RULESET]`` and ``drumhead serve``.

Their command lines are in :mod:`drumhead.cli.arguments`.
"""

from __future__ import annotations

import argparse
import ipaddress
import shlex
import sys

from drumhead.errors import DrumheadError

LOCAL_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost"})
"""Host names that always mean this machine."""


def is_local(host: str) -> bool:
    """Whether binding to ``host`` keeps the server on this machine only."""
    if host.lower() in LOCAL_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def cmd_reference(args: argparse.Namespace) -> int:
    from drumhead.loading.loader import ruleset_ids

    if args.ruleset is not None and args.ruleset not in ruleset_ids():
        raise DrumheadError(f"no ruleset '{args.ruleset}' (shipped: {', '.join(ruleset_ids())})")
    from drumhead.cli.app_entry import terminal_settings

    terminal_settings()
    from drumhead.screens.app import DrumheadApp

    DrumheadApp(saves=getattr(args, "saves", None), ruleset=args.ruleset, start="reference").run()
    return 0


def serve_command(saves: str | None) -> str:
    """The command line textual-serve runs for each browser session."""
    parts = [sys.executable, "-m", "drumhead"]
    if saves:
        parts += ["--saves", saves]
    return shlex.join(parts)


def cmd_serve(args: argparse.Namespace) -> int:
    """Serve the app to a browser on this machine, behind a token (see
    :mod:`drumhead.cli.web`)."""
    if not is_local(args.host) and not args.force:
        raise DrumheadError(
            f"refusing to serve on '{args.host}': other machines could reach it. Use the "
            "default (127.0.0.1), or add --force if you really mean to share it."
        )
    if not 0 < args.port < 65536:
        raise DrumheadError(f"port {args.port} is not between 1 and 65535")
    try:
        from drumhead.cli.web import GuardedServer
    except ImportError:
        raise DrumheadError(
            "drumhead serve needs the web extra: pip install 'drumhead[web]'"
        ) from None
    server = GuardedServer(
        serve_command(getattr(args, "saves", None)),
        host=args.host,
        port=args.port,
        as_json=bool(getattr(args, "json", False)),
    )
    try:
        server.serve()
    except OSError as exc:  # the port is taken, or the address is not this machine's
        raise DrumheadError(f"cannot serve on {args.host}:{args.port}: {exc.strerror}") from None
    return 0
