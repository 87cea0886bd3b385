"""The start screen: the rulesets, and the tools that work without a game."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option, OptionDoesNotExist

from drumhead.errors import DrumheadError

from ..widgets.footer import KeysFooter
from ..widgets.status_bar import StatusBar
from .base import DrumheadScreen

if TYPE_CHECKING:
    from drumhead.rules.model import Ruleset


def ruleset_text(ruleset: Ruleset, *, questions: bool = True) -> Text:
    """A ruleset's title, description, counts, options and (``questions``) its open
    questions, folded to a summary and a line per check."""
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
    if questions:
        from drumhead.questions.asked import open_questions

        from ..widgets.house_text import questions_text

        text.append("\n")
        text.append_text(questions_text(ruleset, open_questions(ruleset)))
    return text


class StartScreen(DrumheadScreen):
    """Pick a ruleset; open its reference, resolve a check, or roll dice."""

    STYLED_AT_START = True
    BINDINGS = [
        Binding("n", "app.new_game", "New game", id="new-game"),
        Binding("o", "resume", "Resume save", id="resume"),
    ]

    listed = False
    """Whether the saves listed at compose have been shown (resuming lists them again)."""
    shown_locked: frozenset[str] = frozenset()
    """The saves listed as open elsewhere."""
    LOCK_RECHECK = 2.0
    """Seconds between looks at the saves listed as open elsewhere (only while there are)."""

    built = True
    """Whether the screen's widgets are built: not while the last game is being opened over
    it (see :meth:`build`)."""

    def compose(self) -> ComposeResult:
        if self.drumhead.resuming and self.drumhead.to_resume():
            # The last game is about to be opened over this screen, before the player sees
            # it: building it first held the game back by 50 ms (tests/bench, opening).
            self.built = False
            return
        # The lists are built with their entries, so the first frame shows them and they are
        # styled and laid out once (filling them after mounting restyled the screen).
        yield StatusBar("Start")
        with Vertical(id="start-left"):
            yield Static("Saved games (o resumes)", classes="heading")
            yield OptionList(*self.save_options(), id="saves")
            yield Static("Rulesets", classes="heading")
            rulesets = OptionList(*self.ruleset_options(), id="rulesets")
            # highlighted as built: the first ruleset is not chosen (loaded) on the way
            rulesets.highlighted = self.session.ruleset_ids().index(self.session.ruleset_id)
            yield rulesets
            yield Static(
                "n new game · F2 roller · F3 reference · F4 resolve · ctrl+p commands",
                classes="hint",
            )
        with VerticalScroll(id="start-detail", can_focus=False):
            yield Static("", id="ruleset-detail")
        yield KeysFooter()

    async def build(self) -> None:
        """Build the widgets left out while the last game was being opened: it was not (no
        game to resume, or it would not open), or the player has left it."""
        if self.built or self.closing:
            return
        self.built = True
        await self.recompose()
        if self.closing:  # the app quit meanwhile: nothing was built
            return
        self.listed = True  # just listed, as built
        self.on_mount()

    async def on_screen_resume(self) -> None:
        if not self.built:
            if not self.drumhead.resuming:
                await self.build()
            return
        if self.listed:  # back from a game or the new-game form: the saves may have changed
            self.fill_saves()
            self.follow_ruleset()
            self.focus_list()
        self.listed = True

    def follow_ruleset(self) -> None:
        """The list's highlight and the description on the ruleset in use (a game closed
        leaves its own in use: the title said Republique while the list and the description
        stayed on the one highlighted before)."""
        rulesets = self.query_one("#rulesets", OptionList)
        ids = self.session.ruleset_ids()
        if self.session.ruleset_id not in ids:
            return  # not one the list offers: the list stays as it is
        index = ids.index(self.session.ruleset_id)
        if rulesets.highlighted != index:
            rulesets.highlighted = index  # shown as the highlight moves (highlighted)
        else:
            self.show_ruleset()

    def ruleset_options(self) -> list[Option]:
        """The rulesets on offer, by title (read without loading them)."""
        return [Option(self.session.ruleset_title(r), id=r) for r in self.session.ruleset_ids()]

    def save_options(self) -> list[Option]:
        """The saved games, the one played last first (highlighted: `o` resumes it); a line
        saying so if there are none."""
        try:
            found = self.session.saves()
        except DrumheadError as exc:
            return [Option(f"(cannot read saves: {exc})", disabled=True)]
        options = []
        self.shown_locked = frozenset(str(info.path) for info in found if info.locked)
        ids = self.session.ruleset_ids()
        # broken saves come last: the one played last, at the top, is the one `o` resumes
        for info in found:
            title = (
                self.session.ruleset_title(info.ruleset) if info.ruleset in ids else info.ruleset
            )
            if info.problem is not None:  # listed, not hidden: its players should know
                options.append(Option(f"{info.name} · broken: {info.problem}", disabled=True))
                continue
            lock = " (open elsewhere)" if info.locked else ""
            played = info.last_played[:16].replace("T", " ")
            options.append(
                Option(
                    f"{info.name} · {title} · turn {info.turn} · {played}{lock}", id=str(info.path)
                )
            )
        if not options:
            options.append(
                Option(Text("No saved games yet: n starts one.", style="italic"), disabled=True)
            )
        return options

    def fill_saves(self, *, keep_place: bool = False) -> None:
        """List the saved games again (back on this screen: a game may have been saved), the
        one played last highlighted; with ``keep_place``, the one highlighted before."""
        saves = self.query_one("#saves", OptionList)
        was = saves.highlighted_option.id if keep_place and saves.highlighted_option else None
        saves.clear_options()
        saves.add_options(self.save_options())
        if was is not None:
            with contextlib.suppress(OptionDoesNotExist):  # else: gone, as when first listed
                saves.highlighted = saves.get_option_index(was)
                return
        if saves.option_count and not saves.get_option_at_index(0).disabled:
            saves.highlighted = 0  # as when first listed: the one `o` resumes, played last

    def recheck_locks(self) -> None:
        """While this screen shows a save as open elsewhere, look again: the drumhead that had
        it open may have quit or crashed since, and the label would stay wrong until the list
        was rebuilt."""
        if not self.shown_locked or not self.is_current:
            return
        try:
            now = frozenset(str(i.path) for i in self.session.saves() if i.locked)
        except DrumheadError:
            return
        if now != self.shown_locked:
            self.fill_saves(keep_place=True)

    def action_resume(self) -> None:
        """Resume the save highlighted in the list; from elsewhere (the rulesets list has the
        focus), the one played last, at the top."""
        if not self.built:
            return  # a key pressed while the last game opens: the screen shows nothing yet
        saves = self.query_one("#saves", OptionList)
        index = saves.highlighted if saves.highlighted is not None else 0
        option = saves.get_option_at_index(index) if saves.option_count else None
        if option is None or option.disabled or option.id is None:
            self.notify("No saved game to resume: n starts one.", severity="warning")
            return
        try:
            notices = self.session.resume(option.id)
        except DrumheadError as exc:
            self.notify(str(exc), severity="error")
            return
        for notice in notices:
            self.drumhead.tell(notice)

    @on(OptionList.OptionSelected, "#saves")
    def save_chosen(self) -> None:
        self.action_resume()

    def on_mount(self) -> None:
        if not self.built:
            return
        self.focus_list()
        self.set_interval(self.LOCK_RECHECK, self.recheck_locks)

    def focus_list(self) -> None:
        """The saved games have the focus when there are any, else the rulesets. With the
        rulesets focused under a highlighted save, the arrows a player pressed to pick a save
        moved the rulesets list instead, unseen, and ``o`` resumed the save at the top, not
        the one meant (tab reaches the rulesets)."""
        saves = self.query_one("#saves", OptionList)
        has_saves = bool(saves.option_count) and not saves.get_option_at_index(0).disabled
        self.query_one("#saves" if has_saves else "#rulesets", OptionList).focus()

    @on(OptionList.OptionHighlighted, "#rulesets")
    def highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """Show the ruleset highlighted (and use it while no game is open)."""
        assert event.option_id is not None
        if event.option_index != event.option_list.highlighted:
            return  # moved on since (the list starts on its first entry): not loaded for nothing
        self.show_ruleset()

    def show_ruleset(self) -> None:
        """Show the ruleset highlighted in the list, and use it while no game is open."""
        option = self.query_one("#rulesets", OptionList).highlighted_option
        if option is not None and option.id and self.session.can_switch_ruleset:
            self.session.choose_ruleset(option.id)
        self.query_one("#ruleset-detail", Static).update(ruleset_text(self.session.ruleset))

    @on(OptionList.OptionSelected, "#rulesets")
    def selected(self) -> None:
        self.drumhead.action_open_reference()
