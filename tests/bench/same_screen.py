"""The battle screen's widgets in a plain Textual app, none of drumhead's code: a second
anchor of the opening benchmark (app_cases.py), run as a script.

It shows what Textual itself costs to start with a screen like the battle's: a title line, a
filter field and a roster of 16 three-line units (an ``OptionList``), a unit card in a scroll,
the activation line, the phase title, a checklist of three steps (a ``SelectionList``) and a
footer of eleven keys; ``down`` moves the roster's cursor and shows the next unit's card. It
reads no save, no ruleset and no stylesheet file. Drumhead's opening against this one is what
drumhead adds; this one against the bare app is what a screen of these widgets costs.
"""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Input, Label, OptionList, SelectionList, Static
from textual.widgets.option_list import Option

UNITS = [
    (
        "North Carolina riflemen (McDowell)",
        "Rifle-armed infantry · regular · skirmish",
        "████░ 7/8  Good order",
    ),
    (
        "Georgia riflemen (Cunningham)",
        "Rifle-armed infantry · regular · skirmish",
        "████░ 6/7  Good order ⚑Activated this turn ⚑Fired this turn ⚑Moved this turn",
    ),
] * 8
"""Sixteen units, as Cowpens has, the first two named as Cowpens' first two."""

TITLE = "Battle  Turn 1 · Phase 1: Morale tests for panic markers · cowpens · One If By Land"
"""The first frame shows it, as drumhead's battle screen shows its status line."""

KEYS = ["Morale", "Check", "Draw", "Next", "Step on", "Steps", "Undo", "Redo", "Log", "Units"]


class SameScreen(App[None]):
    CSS = """
    #roster-pane { width: 3fr; }
    #roster { height: 1fr; }
    #side-pane { width: 2fr; padding: 0 1; border-left: vkey $primary; }
    #card-scroll { height: 1fr; min-height: 6; }
    #steps { height: auto; max-height: 10; }
    """
    BINDINGS = [(key, "nothing", label) for key, label in zip("mcdn.sUule", KEYS, strict=True)]

    def compose(self) -> ComposeResult:
        yield Static(TITLE)
        with Horizontal():
            with Vertical(id="roster-pane"):
                yield Input(placeholder="/ filters units (name, brigade, state…)", compact=True)
                yield OptionList(
                    *(
                        Option(f"  {name}\n    {kind}\n    {state}", id=str(i))
                        for i, (name, kind, state) in enumerate(UNITS)
                    ),
                    id="roster",
                )
            with Vertical(id="side-pane"):
                with VerticalScroll(id="card-scroll", can_focus=False):
                    yield Static("", id="card")
                yield Static("Card: reserve (4 of 8 drawn)  d draws the next card")
                yield Label("Turn 1 · Phase 1: Morale tests for panic markers")
                yield SelectionList[int](
                    *((f"Step {i} of the phase, a line long enough to wrap", i) for i in range(3)),
                    id="steps",
                    compact=True,
                )
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#roster", OptionList).focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        name, kind, state = UNITS[int(event.option.id or 0)]
        card = f"{name}\nAmericans · brigade skirmish line\nType      {kind}\nStrength  {state}"
        self.query_one("#card", Static).update(card)

    def action_nothing(self, *_: Any) -> None:
        """The footer's keys are shown, not used."""


if __name__ == "__main__":
    SameScreen().run()
