"""Starting the Textual app from the CLI (imported only when the app is wanted)."""

from __future__ import annotations


def run_app(saves: str | None = None) -> int:
    """Run the app on the saves folder ``saves`` (None: the default one) until it quits."""
    import gc

    gc.disable()  # until the first frame is painted: see DrumheadApp.startup_done
    try:
        from drumhead.screens.app import DrumheadApp

        app = DrumheadApp(saves=saves)
        try:
            app.run()
        finally:
            app.close_game()  # however the app ended, save the open game and release its lock
    finally:
        gc.enable()  # had the app stopped before its first frame
    return 0
