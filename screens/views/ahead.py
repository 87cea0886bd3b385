"""A screen that builds, while it shows, the screens the players open from it."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from ..compat import lay_out_ahead
from .base import DrumheadScreen

if TYPE_CHECKING:
    from textual.worker import Worker

    from .base import KeptScreen

PREPARE_AFTER = 0.3
"""Seconds after the screen appears when the first screen is built ahead."""

PREPARE_GAP = 0.2
"""Seconds between one screen built ahead (mounted) and the next."""


class BuildsAhead(DrumheadScreen):
    """A screen that builds the screens opened from it ahead of time (the battle screen)."""

    def screens_to_prepare(self) -> list[tuple[type[KeptScreen], tuple[str | None, ...]]]:
        """The screens a player opens from here, most used first (none by default)."""
        return []

    def prepare_screens(self) -> None:
        """Build the screens a player opens from here while the players look at the battle,
        so that even the first opening of each shows it at once (it is refilled then).

        One at a time, in the background: Textual builds a screen in short steps of its
        message loop (none over about 30 ms, tests/bench), so a key pressed meanwhile is
        answered between them. Only while the battle screen is showing."""
        # the method, not a coroutine made now: a worker cancelled before it starts (another
        # prepare, the app closing) leaves no coroutine never awaited behind
        self.preparing: Worker[None] = self.run_worker(
            self.prepare_in_turn, group="prepare", exclusive=True
        )

    async def prepare_in_turn(self) -> None:
        """Build each screen of :meth:`screens_to_prepare`, one at a time, while the battle
        shows."""
        for kind, args in self.screens_to_prepare():
            while self.app.screen is not self:  # the player opened something: wait until back
                if not self.is_attached:
                    return
                await asyncio.sleep(PREPARE_GAP)
            built = await self.drumhead.kept.prepare(kind, *args)
            if built is not None and self.app.screen is self:
                # laid out too, not only mounted: its first show then only draws it
                await lay_out_ahead(self.app, built)
            await asyncio.sleep(PREPARE_GAP)
        from textual.widgets import HelpPanel

        from ..widgets.keys_panel import hidden_keys_panel

        if self.is_attached and not self.query(HelpPanel):  # the keys panel (F1), hidden
            await self.mount(hidden_keys_panel())
        self.drumhead.freeze_the_past()  # the screens built live as long as the game
