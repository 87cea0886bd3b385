"""The resolve screen's picker keys (``o``, ``g``, ``l``, and Enter on a side's row): each a
worker over :mod:`.pickers`, whose dialogs it waits for; and Enter in the check picker's open
list. A mixin of :class:`~.screen.ResolveScreen`."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual import work
from textual.widgets import OptionList, Select

from .pickers import add_to_sides, pick_leaders, pick_sides, switch_check

if TYPE_CHECKING:
    from textual.screen import Screen

    from .sides import RoleRow
    from .view import ResolveView


class PickerKeys:
    """The actions of the keys that pick a check's sides and leaders from the roster."""

    @work(exclusive=True, group="sides")
    async def action_pick_sides(self) -> None:
        """Pick the unit for each other side of the check (``pickers.pick_sides``)."""
        await pick_sides(cast("ResolveView", self))

    @work(exclusive=True, group="sides")
    async def action_add_to_side(self) -> None:
        """Add units to a side that holds a group (``pickers.add_to_sides``)."""
        await add_to_sides(cast("ResolveView", self))

    @work(exclusive=True, group="sides")
    async def action_pick_leaders(self) -> None:
        """Pick each side's leader from the roster (``pickers.pick_leaders``)."""
        await pick_leaders(cast("ResolveView", self))

    def in_check_list(self) -> OptionList | None:
        """The check picker's open list, when it has the focus (a flag read, no query: asked
        on every refresh)."""
        menu = cast("Screen[object]", self).focused
        if isinstance(menu, OptionList) and isinstance(menu.parent, Select):
            return menu if menu.parent.id == "check" else None
        return None

    def action_pick_check(self) -> None:
        """Enter in the check picker's open list: the check highlighted is shown at once in
        this screen's place (``pickers.switch_check``). Left to the list, Enter closed it and
        this screen, being left, was laid out, drawn and its keys rebuilt before the picked
        check's Changed message reached it (a third of the switch's time)."""
        from .form import InputForm

        menu = self.in_check_list()
        if menu is None or menu.highlighted is None or menu.parent is None:
            return
        picker = cast("Select[str]", menu.parent)
        picker.expanded = False
        picker.focus()
        screen = cast("ResolveView", self)
        switch_check(screen, screen.query_one(InputForm).checks[menu.highlighted][1])

    def on_role_row_pick(self, message: RoleRow.Pick) -> None:
        """Enter on a side's row: that side picked again (its unit's own side, when it
        holds a group: another unit added to it)."""
        self.pick_role(message.role)

    @work(exclusive=True, group="sides")
    async def pick_role(self, role: str) -> None:
        """Pick the unit of one side (``pickers.pick_sides``, ``pickers.add_to_sides``)."""
        screen = cast("ResolveView", self)
        form = screen.form
        if form is not None and form.check.role_ids and role == form.check.role_ids[0]:
            await add_to_sides(screen, only=role)
        else:
            await pick_sides(screen, only=role)
