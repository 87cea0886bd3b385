"""``drumhead host SAVE``: the game shared with the devices at the table (issue 39; see
``docs/table.md``). Needs the ``[web]`` extra (aiohttp)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from drumhead.errors import DrumheadError


def register(sub: Any) -> None:
    p = sub.add_parser(
        "host",
        help="share a saved game with the devices at the table: a display (TV) and each "
        "side's phone, in a browser (needs the [web] extra)",
    )
    p.add_argument("save", metavar="SAVE", help="a save's name, or the path of its .toml file")
    p.add_argument(
        "--lan",
        nargs="?",
        const="",
        metavar="ADDRESS",
        help="serve on this machine's address on the local network (or the one given, an "
        "address or an interface's name), for phones; the default serves this machine only",
    )
    p.add_argument("--port", type=int, default=8039, help="port (default 8039; 0: a free one)")
    p.add_argument(
        "--auto",
        action="append",
        default=[],
        metavar="SIDE",
        help="accept this side's proposals without asking ('all': every side's)",
    )
    p.add_argument(
        "--host-walks",
        action="store_true",
        help="only the host walks the turn on (next step, phase, card); sides may not",
    )
    p.add_argument(
        "--new-tokens",
        action="store_true",
        help="make the devices' tokens again: no phone or display that had the old ones can "
        "join (they are kept beside the save, so that devices join again after a restart)",
    )
    p.add_argument(
        "--headless",
        action="store_true",
        help="serve without the app on this terminal (implied by --json, or when standard "
        "output is not a terminal); the referee types accept/refuse",
    )
    p.add_argument(
        "--json",
        action="store_true",
        help='print {"url", "tokens", "join"} first, on one line, then one JSON object a line',
    )
    p.set_defaults(handler="host:cmd_host")


def cmd_host(args: argparse.Namespace) -> int:
    try:
        import aiohttp  # noqa: F401
    except ImportError:
        raise DrumheadError(
            "drumhead host needs the web extra: pip install 'drumhead[web]'"
        ) from None
    from drumhead.host.network import choose_lan, lan_addresses
    from drumhead.host.run import HostPlan, run_headless

    if not 0 <= args.port < 65536:
        raise DrumheadError(f"port {args.port} is not between 0 and 65535")
    address = "127.0.0.1"
    if args.lan is not None:
        address = choose_lan(args.lan or None, lan_addresses())
    plan = HostPlan(
        save=args.save,
        saves=getattr(args, "saves", None),
        address=address,
        port=args.port,
        as_json=bool(args.json),
        auto=frozenset(args.auto),
        sides_walk=not args.host_walks,
        new_tokens=args.new_tokens,
    )
    if args.headless or args.json or not sys.stdout.isatty():
        return run_headless(plan, qr=not args.json)
    from drumhead.cli.host_app import run_hosted_app  # the app: only in a terminal

    return run_hosted_app(plan)
