"""The resolve screen's picker keys (``o``, ``g``, ``l``): each a worker over
:mod:`.pickers`, whose dialogs it waits for. A mixin of :class:`~.screen.ResolveScreen`."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual import work

from .pickers import add_to_sides, pick_leaders, pick_sides

if TYPE_CHECKING:
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
