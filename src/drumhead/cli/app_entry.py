"""Starting the Textual app from the CLI (imported only when the app is wanted)."""

from __future__ import annotations

import argparse


def run_app(args: argparse.Namespace) -> int:
    from drumhead.screens.app import DrumheadApp

    DrumheadApp(saves=getattr(args, "saves", None)).run()
    return 0
