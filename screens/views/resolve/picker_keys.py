"""The resolve screen's picker keys (``o``, ``g``, ``l``, and Enter on a side's row): each a
worker over :mod:`.pickers`, whose dialogs it waits for. A mixin of
:class:`~.screen.ResolveScreen`."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual import work

from .pickers import add_to_sides, pick_leaders, pick_sides

if TYPE_CHECKING:
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
