"""The resolve screen's keys: the footer shows the common ones, F1 and the command palette all."""

from __future__ import annotations

from textual.binding import Binding, BindingType

RESOLVE_KEYS: list[BindingType] = [
    # in a text field Escape leaves the field, and the footer says so: "esc Back" there sent
    # players on typing, and the keys they meant for the battle screen ran here (r rolled)
    Binding("escape", "leave_field", "Leave field", id="leave-field"),
    Binding("escape", "leave", "Back", id="back"),
    Binding("r", "roll", "Roll", id="roll"),
    # priority: read as it arrives, so the faces typed right after it go into the dice field
    Binding("h", "hand_dice", "Type dice", id="hand-dice", priority=True),
    Binding("a", "apply", "Apply", id="apply"),
    Binding("e", "edit_effect", "Edit effect", id="edit-effect"),
    Binding("d", "roll_distance", "Roll distance", id="roll-distance", show=False),
    Binding("plus", "count(1)", "+1 count", id="count-up", show=False),
    Binding("minus", "count(-1)", "-1 count", id="count-down", show=False),
    Binding("c", "focus_check", "Check", id="focus-check"),
    # priority: Enter in the check picker's list switches at once (picker_keys.py)
    Binding("enter", "pick_check", "Pick check", id="pick-check", show=False, priority=True),
    Binding(
        "o",
        "pick_sides",
        "Other side",
        id="pick-sides",
        tooltip="Pick the other side",
        show=False,
    ),
    Binding(
        "g",
        "add_to_side",
        "Add to a side",
        id="add-to-side",
        tooltip="Add another unit to a side that holds a group (an assault's units)",
        show=False,
    ),
    Binding(
        "l",
        "pick_leaders",
        "Leaders",
        id="pick-leaders",
        tooltip="Pick each side's leader from the roster",
        show=False,
    ),
]
