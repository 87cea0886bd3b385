"""The log: every event of the game by turn and phase; undo, redo, jump back to an entry,
revert one entry and keep the rest, the luck statistics.

Entries that no longer count stay in the log, greyed *and* marked in words (never colour
alone): ``[reverted by 9]`` or ``[dropped by 9]`` for those a revert took back, ``[undone]``
for those on the redo stack."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from drumhead.errors import DrumheadError
from drumhead.session.record import UNDONE_MARK, log_marks, plan_revert, revert

from ..dialogs.revert import RevertModal
from ..widgets.footer import KeysFooter
from ..widgets.status_bar import StatusBar
from .base import KeptScreen


class LogScreen(KeptScreen):
    """Latest entry last; undone entries (which can be redone) are listed after a rule."""

    BINDINGS = [
        Binding("escape", "app.back", "Back", id="back"),
        Binding("u", "app.undo", "Undo", id="log-undo"),
        Binding("U", "app.redo", "Redo", id="log-redo"),
        Binding("j", "jump", "Jump back here", id="jump"),
        Binding("r", "revert", "Revert entry", id="revert", tooltip="Take back this entry only"),
        Binding("s", "app.open_luck", "Luck", id="luck", tooltip="Luck statistics"),
    ]

    def compose(self) -> ComposeResult:
        yield StatusBar("Log")
        yield Static(
            "j: go back to just after an entry (U redoes) · r: take back only that entry",
            classes="hint",
        )
        yield OptionList(id="log")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.game_changed()
        self.query_one("#log", OptionList).focus()

    def reopen(self) -> bool:
        """Open again: the log as it is now, the latest entry highlighted."""
        self.game_changed()
        self.set_focus(self.query_one("#log", OptionList))
        return True

    def game_changed(self) -> None:
        if self.session.game is None:
            return
        if not self.query("Footer"):
            return  # not composed yet
        options: list[Option] = [Option(Text("Start of the game", style="italic"), id="seq:0")]
        undone = False
        marks = log_marks(self.session)
        for entry in self.session.log_entries():
            if entry.seq is None:
                options.append(Option(Text(f"── {entry.text}", style="bold"), disabled=True))
            elif not entry.undone:
                options.append(
                    Option(entry_line(entry.seq, entry.text, marks), id=f"seq:{entry.seq}")
                )
            else:
                if not undone:
                    undone = True
                    options.append(
                        Option(
                            Text("── undone (U redoes, latest first) ──", style="bold"),
                            disabled=True,
                        )
                    )
                options.append(Option(undone_line(entry.seq, entry.text), disabled=True))
        log = self.query_one("#log", OptionList)
        log.clear_options()
        log.add_options(options)
        enabled = [i for i, o in enumerate(options) if not o.disabled]
        log.highlighted = enabled[-1] if enabled else None

    @on(OptionList.OptionSelected, "#log")
    def selected(self) -> None:
        self.action_jump()

    def highlighted_seq(self) -> int | None:
        """The seq of the highlighted entry (0: the start; None: a heading or nothing)."""
        log = self.query_one("#log", OptionList)
        if log.highlighted is None:
            return None
        option_id = log.get_option_at_index(log.highlighted).id or ""
        return int(option_id[4:]) if option_id.startswith("seq:") else None

    def action_revert(self) -> None:
        """Take back the highlighted entry only, replaying the later ones: the plan first
        (:class:`~drumhead.screens.dialogs.revert.RevertModal`), carried out only if the
        players agree."""
        seq = self.highlighted_seq()
        if self.session.game is None or not seq:
            self.notify("Highlight an entry of the log to revert it.", severity="warning")
            return
        try:
            plan = plan_revert(self.session, seq)
        except DrumheadError as exc:
            self.notify(str(exc), severity="error")
            return
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

    def action_jump(self) -> None:
        """Go back to just after the highlighted entry."""
        log = self.query_one("#log", OptionList)
        if self.session.game is None or log.highlighted is None:
            return
        option_id = log.get_option_at_index(log.highlighted).id or ""
        if not option_id.startswith("seq:"):
            return
        seq = int(option_id[4:])
        try:
            jumped = self.session.jump_to(seq)
        except DrumheadError as exc:
            self.notify(str(exc), severity="error")
            return
        if not jumped:
            self.notify("That is the latest entry already.")
            return
        self.notify(f"Back to just after entry {seq}; U redoes the rest one by one.")


def entry_line(seq: int, text: str, marks: dict[int, str]) -> Text:
    """An entry of the log: ``  5. Morale test ...``; one a revert took back greyed and
    marked: ``  5. [reverted by 9] Morale test ...``."""
    mark = marks.get(seq, "")
    return Text(f"{seq:>3}. {mark + ' ' if mark else ''}{text}", style="dim" if mark else "")


def undone_line(seq: int, text: str) -> Text:
    """An entry on the redo stack: greyed, struck through and marked ``[undone]``."""
    return Text(f"{seq:>3}. {UNDONE_MARK} {text}", style="dim strike")
