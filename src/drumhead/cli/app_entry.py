"""Starting the Textual app from the CLI (imported only when the app is wanted)."""

from __future__ import annotations

import argparse


def run_app(args: argparse.Namespace) -> int:
    from drumhead.screens.app import DrumheadApp

    app = DrumheadApp(saves=getattr(args, "saves", None))
    try:
        app.run()
    finally:
        app.close_game()  # however the app ended, save the open game and release its lock
    return 0
