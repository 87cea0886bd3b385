"""The log: every event of the game, latest last; undo, redo, jump back to an entry, move by
turn, search the words.

Only the rows on the screen are read and drawn (:class:`~drumhead.screens.widgets.log_view.LogView`):
opening the log, undo and redo while it shows, and moving about cost the same on a game of
fifty events and one of fifty thousand.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Input, Static
from textual.worker import get_current_worker

from drumhead.errors import DrumheadError
from drumhead.session.record import RevertView, plan_revert, revert

from ..dialogs.revert import RevertModal
from ..widgets.card_pane import CardPane
from ..widgets.fields import type_or_focus
from ..widgets.footer import KeysFooter
from ..widgets.log_view import LogView
from ..widgets.status_bar import StatusBar
from .base import KeptScreen

if TYPE_CHECKING:
    from drumhead.session.shown import LogRows

PLAN_AT_ONCE = 2000
"""The most later entries a revert's plan replays as r is pressed (a few tens of ms); more
are replayed in a worker thread (the 49,900 after entry 100 of a long game took 8 s)."""

HINT = "j on an entry goes back to just after it · r reverts only it · F1 more keys"

FOLDED = "Showing the rolls and changes, each turn's phases on one line · v: every entry"
"""The hint while the log shows the rolls and changes only (the default)."""

EVERYTHING = "Showing every entry · v: the rolls and changes, each turn's phases on one line"
"""The hint while the log shows every entry."""


class LogScreen(KeptScreen):
    """Latest entry last; undone entries (which can be redone) are listed after a rule."""

    BINDINGS = [
        Binding("escape", "back", "Back", id="back"),
        Binding("u", "app.undo", "Undo", id="log-undo"),
        Binding("U", "app.redo", "Redo", id="log-redo"),
        Binding("j", "jump", "Jump back here", id="jump"),
        Binding("r", "revert", "Revert entry", id="revert", tooltip="Take back this entry only"),
        Binding("s", "app.open_luck", "Luck", id="luck", tooltip="Luck statistics"),
        # one key, two labels: the one offered is the view not showing (check_action); the
        # hint line above the log says it (the footer has no room for it at 80 columns)
        Binding("v", "show_all(1)", "All entries", id="log-all", show=False),
        Binding("v", "show_all(0)", "Rolls and changes", id="log-folded", show=False),
        Binding("left_square_bracket", "turn(-1)", "Turn before", id="turn-before", show=False),
        Binding("right_square_bracket", "turn(1)", "Next turn", id="turn-after", show=False),
        Binding("slash", "search", "Search", id="search", show=False, priority=True),
        Binding("n", "again(-1)", "Next match", id="match-back", show=False),
        Binding("N", "again(1)", "Match forward", id="match-forward", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.searched = ""
        """The words searched for last."""
        self.planning: int | None = None
        """The entry whose revert is being planned in the background, if one is."""
        self.everything = False
        """Whether every entry is a row; by default the rolls and the changes are, each
        turn's walk through the sequence of play folded into one row."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """v offers the view not showing: every entry, or the rolls and changes."""
        if action == "show_all":
            return bool(parameters and parameters[0]) != self.everything
        return True

    def action_show_all(self, everything: int) -> None:
        """Every entry a row (1), or the rolls and changes with each turn's walk folded
        (0); the cursor stays on the entry it was on (or its turn's folded line)."""
        view = self.view
        row = view.row(view.cursor)
        self.everything = bool(everything)
        self.query_one("#log-filter", Static).update(EVERYTHING if everything else FOLDED)
        rows = self.log_rows()
        cursor = None
        if rows is not None and row is not None and row.seq is not None and row.kind != "rule":
            cursor = rows.row_of(min(row.seq, rows.events)) if row.kind != "undone" else None
        view.show(rows, cursor=cursor)
        self.refresh_bindings()

    def compose(self) -> ComposeResult:
        yield StatusBar("Log")
        yield Static(HINT, classes="hint")
        yield Static(FOLDED, id="log-filter", classes="hint")
        yield Static("", id="log-where")
        yield LogView(id="log")
        yield CardPane(id="log-entry")
        yield Input(placeholder="words to find, Enter searches back from here", id="log-search")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#log-search", Input).display = False
        self.game_changed()
        self.query_one("#log", LogView).focus()

    def reopen(self) -> bool:
        """Open again: the log as it is now, the latest entry highlighted."""
        view = self.query_one("#log", LogView)
        if self.everything:  # as a new one: the rolls and changes
            self.everything = False
            self.query_one("#log-filter", Static).update(FOLDED)
            self.refresh_bindings()
        rows = self.log_rows()
        view.show(rows, cursor=rows.latest if rows is not None else None)
        self.close_search()
        self.set_focus(view)
        return True

    def log_rows(self) -> LogRows | None:
        """The open game's log as rows (None: no game open)."""
        if self.session.game is None:
            return None
        return self.session.log_rows(everything=self.everything)

    def game_changed(self) -> None:
        """The game changed: the rows on the screen are read again (the cursor stays on its
        row, or follows the latest entry if it was there)."""
        if not self.query("Footer"):
            return  # not composed yet
        self.query_one("#log", LogView).show(self.log_rows())

    @property
    def view(self) -> LogView:
        return self.query_one("#log", LogView)

    # -- the highlighted entry ------------------------------------------------------------
    @on(LogView.Highlighted, "#log")
    def highlighted(self, event: LogView.Highlighted) -> None:
        row = self.view.row(event.row)
        where = self.query_one("#log-where", Static)
        entry = self.query_one("#log-entry", CardPane)
        if row is None:
            where.update("")
            entry.show(Text())
            return
        where.update(row.where or "")
        label = f"{row.seq}. " if row.seq and row.kind != "fold" else ""
        mark = f"{row.mark} " if row.mark else ""
        entry.show(Text(f"{label}{mark}{row.text}" if row.kind != "rule" else ""))

    @on(LogView.Selected, "#log")
    def selected(self) -> None:
        self.action_jump()

    def action_jump(self) -> None:
        """Go back to just after the highlighted entry."""
        row = self.view.row(self.view.cursor)
        if self.session.game is None or row is None:
            return
        if row.kind == "fold":
            self.notify("This line folds a turn's changes of phase: v shows each entry.")
            return
        if not row.can_jump or row.seq is None:
            self.notify("Only an entry of the log can be gone back to (U redoes).")
            return
        try:
            jumped = self.session.jump_to(row.seq)
        except DrumheadError as exc:
            self.notify(str(exc), severity="error")
            return
        if not jumped:
            self.notify("That is the latest entry already.")
            return
        self.notify(f"Back to just after entry {row.seq}; U redoes the rest one by one.")

    def highlighted_seq(self) -> int | None:
        """The seq of the highlighted entry (0: the start; None: the rule or nothing)."""
        row = self.view.row(self.view.cursor)
        return row.seq if row is not None and row.can_jump else None

    def action_revert(self) -> None:
        """Take back the highlighted entry only, replaying the later ones: the plan first
        (:class:`~drumhead.screens.dialogs.revert.RevertModal`), carried out only if the
        players agree. A plan that replays more than :data:`PLAN_AT_ONCE` entries is made in
        a worker thread while the log says so (the keys still answer)."""
        row = self.view.row(self.view.cursor)
        if self.session.game is None or row is None or row.kind != "event" or not row.seq:
            self.notify("Highlight an entry of the log to revert it.", severity="warning")
            return
        if self.planning is not None:
            self.notify(f"Still planning the revert of entry {self.planning}…")
            return
        later = self.session.open_game_or_fail().event_count - row.seq
        if later <= PLAN_AT_ONCE:
            try:
                plan = plan_revert(self.session, row.seq)
            except DrumheadError as exc:
                self.notify(str(exc), severity="error")
                return
            self.offer_revert(plan)
            return
        self.planning = row.seq
        self.notify(
            f"Planning the revert of entry {row.seq}: replaying the {later:,} entries after it…"
        )
        self.run_worker(
            partial(self.plan_worker, row.seq), thread=True, group="revert", exit_on_error=False
        )

    def plan_worker(self, seq: int) -> None:
        try:
            plan: RevertView | None = plan_revert(self.session, seq)
            error = ""
        except DrumheadError as exc:
            plan, error = None, str(exc)
        except Exception as exc:  # told, never a traceback
            plan, error = None, f"the revert of entry {seq} could not be planned: {exc!r}"
        self.app.call_from_thread(self.planned, seq, plan, error)

    def planned(self, seq: int, plan: RevertView | None, error: str) -> None:
        """A plan made in the background is offered if the log still shows (a plan the game
        has since moved past is refused when carried out: "plan it again")."""
        self.planning = None
        if plan is None:
            self.notify(error, severity="error")
        elif self.app.screen is not self:
            self.notify(f"The revert of entry {seq} was planned after the log closed: not shown.")
        else:
            self.offer_revert(plan)

    def offer_revert(self, plan: RevertView) -> None:
        """Show the plan; carry it out if the players agree."""
        session = self.session

        def chosen(agreed: bool | None) -> None:
            if not agreed:
                self.notify("Revert cancelled: nothing changed.")
                return
            try:
                done = revert(session, plan)
            except DrumheadError as exc:
                self.notify(str(exc), severity="error")
                return
            self.notify(done)

        self.app.push_screen(
            RevertModal(plan.entry, plan.summary, plan.conflicts, plan.changes), chosen
        )

    def action_turn(self, step: int) -> None:
        """The first entry of the next turn (1), or of this turn or the one before (-1)."""
        rows = self.view.source
        if rows is None:
            return
        found = rows.turn_start(self.view.cursor, 1 if step > 0 else -1)
        if found is None:
            self.notify("No later turn." if step > 0 else "No earlier turn.")
            return
        self.view.go_to(found)

    # -- search ---------------------------------------------------------------------------
    def action_search(self) -> None:
        search = self.query_one("#log-search", Input)
        if self.focused is not search:
            search.display = True
            search.value = self.searched
        type_or_focus(self, search, "/")  # a "/" typed in the search is a character of it

    def close_search(self) -> None:
        search = self.query_one("#log-search", Input)
        search.display = False
        if search.has_focus:
            self.view.focus()

    def action_back(self) -> None:
        """Close the search if it is open, else go back."""
        if self.query_one("#log-search", Input).display:
            self.close_search()
            return
        self.drumhead.go_back()

    @on(Input.Submitted, "#log-search")
    def search_submitted(self, event: Input.Submitted) -> None:
        self.searched = event.value.strip()
        self.close_search()
        # from the highlighted entry itself (the latest, when the log has just opened)
        self.find(self.searched, self.view.cursor + 1, -1)

    def action_again(self, step: int) -> None:
        if not self.searched:
            self.action_search()
            return
        self.find(self.searched, self.view.cursor, -1 if step < 0 else 1)

    @work(thread=True, exclusive=True, group="log-search")
    def find(self, text: str, row: int, step: int) -> None:
        """Search in a worker thread (a long log may take a moment); a new search or leaving
        the screen stops it."""
        rows = self.view.source
        if rows is None or not text:
            return
        worker = get_current_worker()
        found = rows.find(text, row, -1 if step < 0 else 1, stop=lambda: worker.is_cancelled)
        if not worker.is_cancelled:
            self.app.call_from_thread(self.found, text, found)

    def found(self, text: str, row: int | None) -> None:
        if row is None or row >= self.view.row_count:
            self.notify(f"No entry says '{text}' that way.", severity="warning")
            return
        self.view.go_to(row)
