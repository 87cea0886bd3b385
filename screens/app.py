"""The Textual app (a minimal first screen until the table-side app lands)."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, Static


class DrumheadApp(App[None]):
    """drumhead's table-side app."""

    TITLE = "drumhead"
    BINDINGS = [("q", "quit", "Quit")]

    def __init__(self, saves: str | None = None) -> None:
        super().__init__()
        self.saves = saves

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("drumhead: table-side adjudicator. Rulesets: see `drumhead rulesets`.")
        yield Footer()
