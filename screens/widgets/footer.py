"""The footer every screen shows: its keys, repainted only when they change."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Footer

from ..compat import footer_ready

if TYPE_CHECKING:
    from textual.app import ComposeResult
    from textual.screen import Screen


class KeysFooter(Footer):
    """Textual's compact footer (no command-palette key: F1 and ctrl+p are listed elsewhere),
    rebuilt once per burst of binding changes and only when what it shows has changed.

    Textual's own footer rebuilds all of its keys on every focus change and every binding
    refresh, each one queued separately: opening the resolve screen rebuilt it nine times,
    about a fifth of the time the screen took to appear (tests/bench/bench_tricks.py).
    """

    def __init__(self) -> None:
        super().__init__(compact=True, show_command_palette=False)
        self.shown: tuple[object, ...] | None = None
        """What the footer shows now (see :meth:`keys`)."""
        self.pending = False
        """A rebuild is queued (the next binding change needs no other)."""

    def keys(self) -> tuple[object, ...]:
        """What the footer shows: each shown binding, its label, and whether it is enabled."""
        return tuple(
            (binding.key, binding.action, binding.description, enabled, tooltip)
            for _, binding, enabled, tooltip in self.screen.active_bindings.values()
            if binding.show
        )

    def compose(self) -> ComposeResult:
        # The keys as they stand when the footer is built, so the first frame has them;
        # a change of focus after that rebuilds it only if what it shows changed.
        footer_ready(self)
        self.shown = self.keys()
        yield from super().compose()

    def bindings_changed(self, screen: Screen[object]) -> None:
        footer_ready(self)
        if not screen.app.app_focus or self.pending:
            return
        if self.is_attached and screen is self.screen:
            self.pending = True
            self.call_after_refresh(self.rebuild)

    def rebuild_first(self) -> None:
        """Rebuild the keys (if what they show changed) before the screen's next frame, not
        after it: a kept screen refilled before it shows again, whose focus and keys the
        refill moved. After its first frame, the new keys were a second layout and frame of
        the whole screen in the key that opened it (20 ms of a check switched to)."""
        if not self.pending and self.is_attached:
            self.pending = True
            self.call_next(self.rebuild)

    async def rebuild(self) -> None:
        """Build the keys again if what they show changed."""
        self.pending = False
        if not self.is_attached:
            return
        keys = self.keys()
        if keys == self.shown:
            return
        self.shown = keys
        await self.recompose()
