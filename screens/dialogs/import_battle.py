"""Import an order of battle: a CSV or roster file of the players' scenarios folder, previewed
for the ruleset of the new game before it is used.

The files (``.csv``, ``.ros``, ``.rosz``) are listed on the left; the one highlighted is read
and previewed on the right: its units by side, or every problem with where it is (row, roster
path), the value found and the values allowed. A file with problems cannot be used (the
problems say why); a good one is used for the new game (Enter) or kept as a scenario file in
the folder too (ctrl+k). Nothing is written but that scenario file, and only when asked.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from drumhead.errors import DrumheadError

from ..widgets.footer import KeysFooter
from ..widgets.scenario_text import battle_text, shown_folder
from .mounting import when_built

if TYPE_CHECKING:
    from drumhead.session.scenarios import ScenarioDesk
    from drumhead.session.shown import ImportedBattle


@dataclass(frozen=True, slots=True)
class Imported:
    """What the dialog hands back: the file used and what it gave."""

    source: Path
    """The CSV or roster file."""
    battle: ImportedBattle
    """Its order of battle (no problems)."""
    kept: Path | None = None
    """The scenario file it was kept as (ctrl+k), if it was."""


class ImportDialog(ModalScreen[Imported | None]):
    """The files to import, one previewed; dismissed with :class:`Imported` (None: Escape)."""

    BINDINGS = [
        Binding("escape", "cancel", "Back", id="import-back"),
        # a priority key: the file list's own Enter (hidden) would hide it from the footer
        Binding("enter", "use", "Use for this game", id="import-use", priority=True),
        Binding("ctrl+k", "keep", "Keep as scenario", id="import-keep"),
    ]

    def __init__(self, desk: ScenarioDesk, ruleset_id: str, ruleset_title: str) -> None:
        super().__init__()
        self.desk = desk
        """The session's scenarios: the folder, the preview, keeping a scenario file."""
        self.ruleset_id = ruleset_id
        """The ruleset the files are read for (the one highlighted in the new game)."""
        self.ruleset_title = ruleset_title
        self.read: dict[str, ImportedBattle] = {}
        """What each file previewed gave when last read, by path."""
        self.current: str | None = None
        """The file highlighted, once one is (None: none is, or there is none)."""

    def compose(self) -> ComposeResult:
        folder = shown_folder(self.desk.folder())
        files, left_out = self.desk.importable()
        with Vertical(id="import-pane"):
            yield Label(f"Import an order of battle for {self.ruleset_title}", id="import-title")
            more = f" (the first {len(files)}: {left_out} more not listed)" if left_out else ""
            yield Static(
                f"CSV and roster files (.csv, .ros, .rosz) in {folder}{more}. Enter uses the "
                "file highlighted for this game; ctrl+k also keeps it there as a scenario "
                "file, listed with your scenarios.",
                classes="hint",
            )
            with Horizontal(id="import-body"):
                yield OptionList(
                    *[Option(path.name, id=str(path)) for path in files], id="import-files"
                )
                with VerticalScroll(id="import-preview-pane", can_focus=False):
                    yield Static(self.nothing_here(folder), id="import-preview")
            yield Static("", id="import-error", classes="error")
        yield KeysFooter()

    def nothing_here(self, folder: str) -> str:
        """What the preview says when there is no file (until one is read, when there is)."""
        return (
            f"No CSV or roster file in {folder}. Save your order of battle there as CSV "
            f"(`drumhead scenario template {self.ruleset_id}` prints the columns), or "
            "export a .ros/.rosz roster from your army builder there. Scenario files (.toml) "
            "put there are listed with the new game's scenarios."
        )

    @when_built
    def on_mount(self) -> None:
        files = self.query_one("#import-files", OptionList)
        files.display = files.option_count > 0
        if files.option_count:
            files.highlighted = 0
            files.focus()

    def chosen(self) -> str | None:
        """The file highlighted (None: there is none)."""
        return self.current

    def battle(self, path: str) -> ImportedBattle:
        """The file as last read for the ruleset (read now if it has not been yet)."""
        if path not in self.read:
            self.read[path] = self.desk.preview(path, self.ruleset_id)
        return self.read[path]

    @on(OptionList.OptionHighlighted, "#import-files")
    def file_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """Read the file highlighted again (the players may have corrected it meanwhile), in a
        worker thread: a roster at the limits takes a third of a second, and the arrows go
        on moving through the files meanwhile."""
        path = self.current = event.option_id
        if path is None:
            return
        self.query_one("#import-error", Static).update("")
        self.query_one("#import-preview", Static).update(
            Text(f"Reading {Path(path).name}…", style="italic")
        )
        self.refresh_bindings()
        self.read_in_background(path)

    @work(thread=True, exclusive=True, group="import-preview")
    def read_in_background(self, path: str) -> None:
        try:
            battle = self.desk.preview(path, self.ruleset_id)
        except DrumheadError as exc:  # the importer gives problems, never raises: a net only
            self.app.call_from_thread(self.preview_failed, path, str(exc))
            return
        self.app.call_from_thread(self.show_preview, path, battle)

    def show_preview(self, path: str, battle: ImportedBattle) -> None:
        """A file read: kept, and shown if it is still the one highlighted (and the dialog
        still open)."""
        self.read[path] = battle
        if path != self.current or not self.is_attached:
            return
        self.query_one("#import-preview", Static).update(battle_text(battle, path))
        self.query_one("#import-preview-pane", VerticalScroll).scroll_home(animate=False)
        self.refresh_bindings()  # Enter and ctrl+k dimmed for a file with problems

    def preview_failed(self, path: str, problem: str) -> None:
        if path == self.current and self.is_attached:
            self.query_one("#import-preview", Static).update(f"✗ {problem}")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Using or keeping a file is offered (dimmed, not hidden) only for a file read
        without a problem."""
        if action not in ("use", "keep"):
            return True
        path = self.chosen()
        if path is None or path not in self.read:
            return None
        battle = self.read[path]
        return True if not battle.problems and battle.scenario_text else None

    @on(OptionList.OptionSelected, "#import-files")
    def file_selected(self) -> None:
        self.action_use()

    def usable(self) -> tuple[str, ImportedBattle] | None:
        """The file highlighted and its battle, when it can be used; else None, and the
        players are told why."""
        path = self.chosen()
        error = self.query_one("#import-error", Static)
        if path is None:  # Enter is dimmed then, and the preview says where files go
            error.update("✗ no file to import: put one in the folder named above")
            return None
        try:
            battle = self.battle(path)
        except DrumheadError as exc:
            error.update(f"✗ {exc}")
            return None
        if battle.problems or not battle.scenario_text:
            error.update(
                f"✗ {Path(path).name} cannot be used: correct the problems listed, then "
                "highlight it again"
            )
            return None
        return path, battle

    def action_use(self) -> None:
        """Enter: use the file highlighted for the new game."""
        found = self.usable()
        if found is not None:
            self.dismiss(Imported(Path(found[0]), found[1]))

    def action_keep(self) -> None:
        """ctrl+k: keep the file highlighted as a scenario file in the folder, and use it."""
        found = self.usable()
        if found is None:
            return
        path, battle = found
        try:
            kept = self.desk.keep_imported(battle, path)
        except DrumheadError as exc:
            self.query_one("#import-error", Static).update(f"✗ {exc}")
            return
        self.dismiss(Imported(Path(path), battle, kept))

    def action_cancel(self) -> None:
        self.dismiss(None)
