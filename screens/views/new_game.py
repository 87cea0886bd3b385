"""A new game: the ruleset (title, description, gaps), its optional rules, a scenario, a name."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widget import Widget
from textual.widgets import Input, Label, OptionList, SelectionList, Static
from textual.widgets.option_list import Option
from textual.widgets.selection_list import Selection

from drumhead.errors import DrumheadError
from drumhead.session.house import HouseDesk

from ..widgets.footer import KeysFooter
from ..widgets.house_text import choice_detail, choice_prompt, questions_text
from ..widgets.status_bar import StatusBar
from ..widgets.ticks import TickList
from .base import DrumheadScreen
from .start import ruleset_text

if TYPE_CHECKING:
    from drumhead.session.shown import HouseChoice

WidgetT = TypeVar("WidgetT", bound=Widget)
"""A widget, handed back as it was given."""

READING = "Reading the ruleset…"
"""What a step says until the highlighted ruleset is read (never that it has nothing)."""

STEPS = {
    "new-ruleset": ("head-ruleset", "1. Ruleset (Enter picks)"),
    "new-options": ("head-options", "2. Optional rules (space toggles, tab moves on)"),
    "new-scenario": ("head-scenario", "3. Scenario (Enter picks)"),
    "new-house": ("head-house", "4. House rules (Enter picks)"),
    "new-name": ("head-name", "5. Name of the save, Enter starts"),
}
"""Each step's widget, its heading and the heading's words."""


class NewGameScreen(DrumheadScreen):
    """Tab moves between the lists; ctrl+s starts the game; typing a name types it in the
    name's field whatever list has the focus. The step with the focus is marked ▶."""

    AUTO_FOCUS = ""
    """The ruleset list is focused on mount, without the scroll Textual's own focusing does."""

    BINDINGS = [
        Binding("escape", "app.back", "Back", id="back"),
        Binding("ctrl+s", "start", "Start game", id="start-game", priority=True),
    ]

    def compose(self) -> ComposeResult:
        yield StatusBar("New game")
        with Horizontal(id="new-game"):
            # scrolls: at 80x24 the four steps are taller than the screen
            with VerticalScroll(id="new-left", can_focus=False):
                yield self.heading("new-ruleset")
                yield OptionList(
                    *[
                        Option(self.session.ruleset_title(r), id=r)
                        for r in self.session.ruleset_ids()
                    ],
                    id="new-ruleset",
                )
                # until the highlighted ruleset is read, its steps say so: an empty list, or
                # "no optional rules", would be a statement about a ruleset not read yet
                yield self.heading("new-options")
                yield self.hidden(TickList[str](id="new-options", compact=True))
                yield Static(READING, id="no-options", classes="hint")
                yield self.heading("new-scenario")
                yield self.hidden(OptionList(id="new-scenario"))
                yield Static(READING, id="scenario-wait", classes="hint")
                yield self.heading("new-house")
                yield self.hidden(OptionList(id="new-house"))
                yield Static(READING, id="no-house", classes="hint")
                yield self.heading("new-name")
                # select_on_focus off: a name started on a list goes on, not over its start
                yield Input(
                    placeholder="e.g. cowpens-saturday",
                    id="new-name",
                    compact=True,
                    select_on_focus=False,
                )
                yield Static("", id="new-error", classes="error")
            with VerticalScroll(id="new-detail", can_focus=False):
                yield Static("", id="new-ruleset-detail")
                yield Static("", id="new-house-detail")
                yield Static("", id="new-questions")
        yield KeysFooter()

    house_choices: dict[str, HouseChoice] = {}
    """The house-rules choices listed, by option id (their place in the list)."""

    naming_from: object = None
    """The list a name was started on (until the name's field has the focus)."""

    @staticmethod
    def hidden(widget: WidgetT) -> WidgetT:
        """``widget``, not shown until the ruleset it lists is read."""
        widget.display = False
        return widget

    @staticmethod
    def heading(step: str) -> Label:
        heading_id, words = STEPS[step]
        return Label(f"  {words}", id=heading_id, classes="heading step")

    def on_descendant_focus(self) -> None:
        """Mark the step being filled: ▶ and the accent colour (not colour alone)."""
        self.naming_from = None
        focused = self.focused.id if self.focused is not None else None
        for step, (heading_id, words) in STEPS.items():
            label = self.query_one(f"#{heading_id}", Label)
            current = step == focused
            label.set_class(current, "-current")
            label.update(f"{'▶' if current else ' '} {words}")

    def on_key(self, event: events.Key) -> None:
        """A letter or digit typed on a list starts the save's name (no Tabs to count): the
        focus moves to the name and the character is typed there."""
        name = self.query_one("#new-name", Input)
        if name.has_focus or not event.is_printable or event.character is None:
            return
        # a space ticks an optional rule, unless a name is being typed: the focus moves to
        # the name a moment after its first letter, and the keys typed meanwhile are its own
        if event.character == " " and self.focused is not self.naming_from:
            return
        event.stop()
        event.prevent_default()
        self.naming_from = self.focused
        name.focus()
        name.insert_text_at_cursor(event.character)

    @property
    def desk(self) -> HouseDesk:
        """House rules and open questions, for the session."""
        return HouseDesk(self.session)

    def on_mount(self) -> None:
        rulesets = self.query_one("#new-ruleset", OptionList)
        ids = self.session.ruleset_ids()
        rulesets.highlighted = (
            ids.index(self.session.ruleset_id) if self.session.ruleset_id in ids else 0
        )
        # not scrolled to: it is in view, and Textual, looking before the first layout, would
        # centre it and hide step 1's heading at 80x24
        rulesets.focus(scroll_visible=False)

    @on(OptionList.OptionHighlighted, "#new-ruleset")
    def ruleset_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        assert event.option_id is not None
        self.show_ruleset(event.option_id)

    def show_ruleset(self, ruleset_id: str) -> None:
        """The ruleset highlighted, read: its details, optional rules, scenarios and house
        rules (each step said it was being read until now)."""
        if self.session.can_switch_ruleset:  # the status line names the ruleset highlighted
            self.session.choose_ruleset(ruleset_id)
        ruleset = self.session.load(ruleset_id)
        self.query_one("#new-ruleset-detail", Static).update(ruleset_text(ruleset, questions=False))
        options = self.query_one("#new-options", SelectionList)
        options.clear_options()
        options.add_options(
            [Selection(f"{o.title} ({o.source})", o.id, o.default) for o in ruleset.options]
        )
        options.display = bool(ruleset.options)
        no_options = self.query_one("#no-options", Static)
        no_options.update("This ruleset has no optional rules.")
        no_options.display = not ruleset.options
        self.query_one("#scenario-wait", Static).display = False
        scenarios = self.query_one("#new-scenario", OptionList)
        scenarios.display = True
        scenarios.clear_options()
        # the scenarios first, the first highlighted; the empty battlefield last, so that the
        # first Down goes to the next entry (it was above the highlight, and Down wrapped to it)
        scenarios.add_options(
            [Option(title, id=sid) for sid, title in self.session.scenarios(ruleset_id)]
            + [Option(Text("Empty battlefield (add units yourself)", style="italic"), id="")]
        )
        scenarios.highlighted = 0
        self.list_house_rules(ruleset_id)

    def list_house_rules(self, ruleset_id: str) -> None:
        """The house-rules files offered for the ruleset: "none: ask me when needed" first
        (highlighted), each file with what it answers; the list hidden when there is none."""
        choices = self.desk.choices(ruleset_id)
        self.house_choices = {str(n): c for n, c in enumerate(choices)}
        houses = self.query_one("#new-house", OptionList)
        houses.clear_options()
        houses.add_options([Option(choice_prompt(c), id=n) for n, c in self.house_choices.items()])
        houses.highlighted = 0
        houses.display = len(choices) > 1
        note = self.query_one("#no-house", Static)
        note.display = len(choices) == 1
        note.update(
            "No house-rules files for this ruleset: each open question is asked when a check "
            "needs it. (Your own files go in the house-rules folder beside the saves.)"
        )
        self.show_house(ruleset_id, choices[0])

    def chosen_house(self) -> HouseChoice | None:
        """The house-rules choice highlighted (None: the list is not filled yet)."""
        houses = self.query_one("#new-house", OptionList)
        if houses.highlighted is None or not self.house_choices:
            return None
        option_id = houses.get_option_at_index(houses.highlighted).id
        return self.house_choices.get(option_id or "")

    def show_house(self, ruleset_id: str, choice: HouseChoice) -> None:
        """The choice's preview and the open questions as a new game with it would have them."""
        self.query_one("#new-house-detail", Static).update(choice_detail(choice))
        house = choice.path if choice.usable else None
        try:
            ruleset, questions = self.desk.preview(ruleset_id, self.chosen_options(), house)
        except DrumheadError as exc:
            self.query_one("#new-questions", Static).update(f"✗ {exc}")
            return
        self.query_one("#new-questions", Static).update(questions_text(ruleset, questions))

    def chosen_options(self) -> list[str]:
        return list(self.query_one("#new-options", SelectionList).selected)

    @on(OptionList.OptionHighlighted, "#new-house")
    def house_highlighted(self) -> None:
        choice = self.chosen_house()
        ruleset_id = self.chosen_ruleset()
        if choice is not None and ruleset_id is not None:
            self.show_house(ruleset_id, choice)

    @on(OptionList.OptionSelected, "#new-house")
    def house_chosen(self) -> None:
        choice = self.chosen_house()
        if choice is not None and not choice.usable:
            self.query_one("#new-error", Static).update(
                "✗ that file cannot be used (its problem is on the right): pick another"
            )
            return
        self.query_one("#new-name", Input).focus()

    def chosen_ruleset(self) -> str | None:
        rulesets = self.query_one("#new-ruleset", OptionList)
        if rulesets.highlighted is None:
            return None
        return rulesets.get_option_at_index(rulesets.highlighted).id

    @on(OptionList.OptionHighlighted, "#new-scenario")
    def scenario_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """The optional rules the scenario switches on are ticked, and say so; the players
        may untick them."""
        rulesets = self.query_one("#new-ruleset", OptionList)
        if rulesets.highlighted is None:
            return
        ruleset = self.session.load(rulesets.get_option_at_index(rulesets.highlighted).id or "")
        wanted = set(self.session.scenario_options(event.option_id or ""))
        options = self.query_one("#new-options", SelectionList)
        options.clear_options()
        options.add_options(
            [
                Selection(
                    f"{o.title} ({o.source})" + ("  · the scenario's" if o.id in wanted else ""),
                    o.id,
                    o.default or o.id in wanted,
                )
                for o in ruleset.options
            ]
        )

    @on(OptionList.OptionSelected, "#new-ruleset")
    def ruleset_chosen(self) -> None:
        options = self.query_one("#new-options", SelectionList)
        if options.display:
            options.focus()
        else:
            self.query_one("#new-scenario", OptionList).focus()

    @on(OptionList.OptionSelected, "#new-scenario")
    def scenario_chosen(self) -> None:
        houses = self.query_one("#new-house", OptionList)
        if houses.display:
            houses.focus()
        else:
            self.query_one("#new-name", Input).focus()

    @on(Input.Submitted, "#new-name")
    def name_submitted(self) -> None:
        self.action_start()

    @on(Input.Changed, "#new-name")
    def name_changed(self) -> None:
        """A refusal was about the name as it stood: once it is edited, it no longer holds
        (Enter checks the new one)."""
        self.query_one("#new-error", Static).update("")

    def action_start(self) -> None:
        """Make the game, create its save, and open the battle screen."""
        error = self.query_one("#new-error", Static)
        rulesets = self.query_one("#new-ruleset", OptionList)
        scenarios = self.query_one("#new-scenario", OptionList)
        if rulesets.highlighted is None:
            error.update("✗ pick a ruleset")
            return
        ruleset_id = rulesets.get_option_at_index(rulesets.highlighted).id or ""
        scenario_id = ""
        if scenarios.highlighted is not None:
            scenario_id = scenarios.get_option_at_index(scenarios.highlighted).id or ""
        name = self.query_one("#new-name", Input).value.strip()
        if not name:
            error.update("✗ name the save (letters, digits, - and _)")
            self.query_one("#new-name", Input).focus()
            return
        options = self.chosen_options()
        ticks = self.query_one("#new-options", SelectionList)
        unticked = [
            str(ticks.get_option_at_index(i).value)
            for i in range(ticks.option_count)
            if ticks.get_option_at_index(i).value not in options
        ]
        house = self.chosen_house()
        if house is not None and not house.usable:
            error.update("✗ the house-rules file picked cannot be used: pick another")
            self.query_one("#new-house", OptionList).focus()
            return
        try:
            self.session.new_game(
                ruleset_id,
                name,
                options=options,
                scenario=scenario_id,
                without=unticked,
                house_rules=house.path if house is not None else None,
            )
        except DrumheadError as exc:
            error.update(f"✗ {exc}")
