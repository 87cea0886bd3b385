"""The log: every event of the game by turn and phase; undo, redo, jump back to an entry."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from drumhead.errors import DrumheadError

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
    ]

    def compose(self) -> ComposeResult:
        yield StatusBar("Log")
        yield Static("j on an entry goes back to just after it (U redoes).", classes="hint")
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
        for entry in self.session.log_entries():
            if entry.seq is None:
                options.append(Option(Text(f"── {entry.text}", style="bold"), disabled=True))
            elif not entry.undone:
                options.append(Option(f"{entry.seq:>3}. {entry.text}", id=f"seq:{entry.seq}"))
            else:
                if not undone:
                    undone = True
                    options.append(
                        Option(
                            Text("── undone (U redoes, latest first) ──", style="bold"),
                            disabled=True,
                        )
                    )
                options.append(
                    Option(
                        Text(f"{entry.seq:>3}. (undone) {entry.text}", style="strike"),
                        disabled=True,
                    )
                )
        log = self.query_one("#log", OptionList)
        log.clear_options()
        log.add_options(options)
        enabled = [i for i, o in enumerate(options) if not o.disabled]
        log.highlighted = enabled[-1] if enabled else None

    @on(OptionList.OptionSelected, "#log")
    def selected(self) -> None:
        self.action_jump()

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
