"""The battle screen's keys: the footer shows the common ones, F1 and the command palette all."""

from __future__ import annotations

from textual.binding import Binding, BindingType

BATTLE_KEYS: list[BindingType] = [
    Binding(
        "m",
        "morale_test",
        "Morale",
        id="morale_test",
        tooltip="Morale test of the selected unit",
    ),
    Binding("c", "check", "Check", id="check", tooltip="Resolve any check for the unit"),
    Binding("d", "draw", "Draw", id="draw", tooltip="Draw the next activation card"),
    Binding("i", "initiative", "Initiative", id="initiative"),
    Binding("n", "next_phase", "Next", id="next-phase", tooltip="Next phase"),
    Binding("full_stop", "next_step", "Step", id="next-step", tooltip="Next step"),
    Binding("comma", "previous_step", "Step back", id="previous-step", show=False),
    Binding("a", "again", "Again", id="again", tooltip="Repeat from the step this one loops to"),
    Binding("s", "toggle_steps", "Steps", id="steps", tooltip="Roster / phase checklist"),
    Binding("u", "undo", "Undo", id="undo"),
    # redo and the units screen: in F1's list, not the footer (at 80 columns it has no room)
    Binding("U", "redo", "Redo", id="redo", show=False),
    Binding("l", "app.open_log", "Log", id="log"),
    Binding("p", "app.print('cards')", "Print cards", id="print-cards", show=False),
    Binding(
        "e",
        "edit_unit",
        "Units",
        id="edit-unit",
        tooltip="Add, remove, correct units",
        show=False,
    ),
    Binding("shift+down", "card(3)", "Card ↓", id="card-down", show=False, tooltip="Read on"),
    Binding("shift+up", "card(-3)", "Card ↑", id="card-up", show=False, tooltip="Card back up"),
    Binding("T", "next_turn", "Next turn", id="next-turn", show=False),
    Binding("ctrl+w", "app.close_game", "Close game", id="close-game", show=False),
    Binding("ctrl+s", "app.save_as", "Save as", id="save-as", show=False),
    Binding("escape", "escape", "Clear the filter", id="clear-filter", show=False),
    # priority: read as it arrives, so the letters typed right after it go into the filter
    Binding("slash", "filter", "Filter", id="filter", show=False, priority=True),
]
