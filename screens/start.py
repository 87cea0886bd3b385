"""The start screen: the rulesets, and the tools that work without a game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from drumhead.screens.widgets import StatusBar
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Label, OptionList, Static
from textual.widgets.option_list import Option

from drumhead.model import Ruleset

if TYPE_CHECKING:
    from drumhead.screens.app import DrumheadApp


def ruleset_text(ruleset: Ruleset) -> Text:
    """A ruleset's title, description, counts, options and open questions."""
    text = Text()
    text.append(ruleset.title + "\n", style="bold")
    text.append(f"version {ruleset.version}\n", style="italic")
    text.append(ruleset.description + "\n\n")
    text.append(
        f"{len(ruleset.checks)} checks, {len(ruleset.reference)} reference entries, "
        f"{len(ruleset.rulings)} rulings\n"
    )
    if ruleset.options:
        text.append("Optional rules: " + "; ".join(o.title for o in ruleset.options) + "\n")
    open_gaps = [g for g in ruleset.gaps if g.value is None]
    if open_gaps:
        text.append(f"\nQuestions the rules leave open ({len(open_gaps)}):\n", style="bold")
        for gap in open_gaps:
            text.append(f"- {gap.question} ({gap.source})\n")
    else:
        text.append("\nNo open questions.\n")
    return text


class StartScreen(Screen[None]):
    """Pick a ruleset; open its reference, resolve a check, or roll dice."""

    BINDINGS = [
        Binding("f", "app.open_reference", "Reference", id="start-reference", show=False),
        Binding("enter", "choose", "Use ruleset", id="choose", show=False),
    ]

    @property
    def drumhead(self) -> DrumheadApp:
        from drumhead.screens.app import DrumheadApp

        assert isinstance(self.app, DrumheadApp)
        return self.app

    def compose(self) -> ComposeResult:
        yield StatusBar("Start")
        with Horizontal(id="start"):
            with Vertical(id="start-left"):
                yield Label("Rulesets", classes="heading")
                yield OptionList(
                    *[
                        Option(self.drumhead.load(r).title, id=r)
                        for r in self.drumhead.ruleset_ids()
                    ],
                    id="rulesets",
                )
                yield Static(
                    "F2 dice roller · F3 quick reference · F4 resolve a check · ctrl+p commands",
                    classes="hint",
                )
            with VerticalScroll(id="start-detail"):
                yield Static("", id="ruleset-detail")
        yield Footer()

    def on_mount(self) -> None:
        options = self.query_one("#rulesets", OptionList)
        ids = self.drumhead.ruleset_ids()
        options.highlighted = ids.index(self.drumhead.ruleset_id)
        options.focus()

    @on(OptionList.OptionHighlighted, "#rulesets")
    def highlighted(self, event: OptionList.OptionHighlighted) -> None:
        assert event.option_id is not None
        self.drumhead.choose_ruleset(event.option_id)
        self.query_one("#ruleset-detail", Static).update(ruleset_text(self.drumhead.ruleset))

    @on(OptionList.OptionSelected, "#rulesets")
    def selected(self) -> None:
        self.drumhead.action_open_reference()
