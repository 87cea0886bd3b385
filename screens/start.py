"""The start screen: the rulesets, and the tools that work without a game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from drumhead.screens.base import DrumheadScreen
from drumhead.screens.footer import KeysFooter
from drumhead.screens.status_bar import StatusBar
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from drumhead.errors import DrumheadError

if TYPE_CHECKING:
    from drumhead.model import Ruleset


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


class StartScreen(DrumheadScreen):
    """Pick a ruleset; open its reference, resolve a check, or roll dice."""

    BINDINGS = [
        Binding("n", "app.new_game", "New game", id="new-game"),
        Binding("o", "resume", "Resume save", id="resume"),
    ]

    def compose(self) -> ComposeResult:
        yield StatusBar("Start")
        with Horizontal(id="start"):
            with Vertical(id="start-left"):
                yield Label("Saved games (o resumes)", classes="heading")
                yield OptionList(id="saves")
                yield Label("Rulesets", classes="heading")
                yield OptionList(id="rulesets")
                yield Static(
                    "n new game · F2 roller · F3 reference · F4 resolve · ctrl+p commands",
                    classes="hint",
                )
            with VerticalScroll(id="start-detail", can_focus=False):
                yield Static("", id="ruleset-detail")
        yield KeysFooter()

    def on_screen_resume(self) -> None:
        if self.query_one("#rulesets", OptionList).option_count:
            self.fill_saves()

    def fill_saves(self) -> None:
        from drumhead.saves import list_saves

        saves = self.query_one("#saves", OptionList)
        saves.clear_options()
        try:
            found = list_saves(self.drumhead.saves_folder())
        except DrumheadError as exc:
            saves.add_option(Option(f"(cannot read saves: {exc})", disabled=True))
            return
        for info in sorted(found, key=lambda i: i.last_played, reverse=True):
            title = (
                self.drumhead.ruleset_title(info.ruleset)
                if info.ruleset in self.drumhead.ruleset_ids()
                else info.ruleset
            )
            lock = " (open elsewhere)" if info.locked else ""
            saves.add_option(
                Option(
                    f"{info.name} · {title} · turn {info.turn} · {info.last_played[:16].replace('T', ' ')}{lock}",
                    id=str(info.path),
                )
            )
        if not found:
            saves.add_option(
                Option(Text("No saved games yet: n starts one.", style="italic"), disabled=True)
            )

    def action_resume(self) -> None:
        """Resume the save highlighted in the list; from elsewhere (the rulesets list has the
        focus), the one played last, at the top."""
        saves = self.query_one("#saves", OptionList)
        index = saves.highlighted if saves.highlighted is not None else 0
        option = saves.get_option_at_index(index) if saves.option_count else None
        if option is None or option.disabled or option.id is None:
            self.notify("No saved game to resume: n starts one.", severity="warning")
            return
        try:
            self.drumhead.resume(option.id)
        except DrumheadError as exc:
            self.notify(str(exc), severity="error")

    @on(OptionList.OptionSelected, "#saves")
    def save_chosen(self) -> None:
        self.action_resume()

    def on_mount(self) -> None:
        # paint the frame first; the rulesets and saves are read just after
        self.query_one("#rulesets", OptionList).focus()
        self.call_after_refresh(self.fill)

    def fill(self) -> None:
        """List the rulesets (reading them) and the saved games."""
        options = self.query_one("#rulesets", OptionList)
        ids = self.drumhead.ruleset_ids()
        options.add_options([Option(self.drumhead.ruleset_title(r), id=r) for r in ids])
        options.highlighted = ids.index(self.drumhead.ruleset_id)
        self.fill_saves()

    @on(OptionList.OptionHighlighted, "#rulesets")
    def highlighted(self, event: OptionList.OptionHighlighted) -> None:
        assert event.option_id is not None
        self.drumhead.choose_ruleset(event.option_id)
        self.query_one("#ruleset-detail", Static).update(ruleset_text(self.drumhead.ruleset))

    @on(OptionList.OptionSelected, "#rulesets")
    def selected(self) -> None:
        self.drumhead.action_open_reference()
