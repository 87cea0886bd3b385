"""``drumhead join URL --token T``: a hosted game in this terminal, as the token's role sees it
(issue 39; the app is :mod:`drumhead.screens.joined`). Needs the ``[web]`` extra."""

from __future__ import annotations

import argparse
from typing import Any

from drumhead.errors import DrumheadError


def register(sub: Any) -> None:
    p = sub.add_parser(
        "join",
        help="follow a hosted game (drumhead host) in this terminal, and act as a side",
    )
    p.add_argument("url", metavar="URL", help="the address the host printed (with its token)")
    p.add_argument("--token", metavar="T", help="the role's token, if not in the address")
    p.add_argument("--json", action="store_true", help="errors as JSON (the app itself is not)")
    p.set_defaults(handler="join:cmd_join")


def cmd_join(args: argparse.Namespace) -> int:
    try:
        from drumhead.host.client import split_url
    except ImportError:
        raise DrumheadError(
            "drumhead join needs the web extra: pip install 'drumhead[web]'"
        ) from None
    split_url(args.url, args.token)  # a bad address or a missing token: said before the app
    from drumhead.cli.app_entry import terminal_settings

    terminal_settings()
    from drumhead.screens.joined import JoinedApp

    JoinedApp(args.url, args.token).run()
    return 0
