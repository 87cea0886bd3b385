"""The keys panel (F1): Textual's help panel, kept hidden on its screen between uses."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import HelpPanel, KeyPanel, Markdown

if TYPE_CHECKING:
    from textual.app import ComposeResult
    from textual.widget import Widget


class QuietKeyPanel(KeyPanel):
    """Textual's list of keys, which rebuilds itself at every change of its screen's keys,
    rebuilt here only when the keys it lists changed, and never while its panel is hidden
    (:meth:`up_to_date` as the panel shows)."""

    listed: tuple[object, ...] | None = None
    """The keys listed (None: not built yet)."""

    def keys_now(self) -> tuple[object, ...]:
        """The screen's keys now, as the list shows them."""
        return tuple(
            (binding.key, binding.action, binding.description, enabled, tooltip)
            for _, binding, enabled, tooltip in self.screen.active_bindings.values()
        )

    def compose(self) -> ComposeResult:
        self.listed = self.keys_now()
        yield from super().compose()

    async def recompose(self) -> None:
        parent = self.parent
        if parent is None or parent.display:  # hidden: brought up to date as it shows
            await self.up_to_date()

    async def up_to_date(self) -> None:
        """Rebuild the list if the screen's keys changed since it was built."""
        keys = self.keys_now()
        if keys != self.listed:
            self.listed = keys
            await super().recompose()


class KeysPanel(HelpPanel):
    """Textual's keys panel (every key of the screen and the app's, and the focused widget's
    help), hidden instead of removed when F1 closes it, to show again at once: mounting it
    was most of the time F1 took (tests/bench/first_use.py), and the battle screen builds
    one ahead. Hidden, it leaves its contents alone (Textual's rebuilt the list of keys and
    the focused widget's help at every change of focus, under nothing seen); they are
    brought up to date as it shows (:meth:`show`)."""

    def compose(self) -> ComposeResult:
        yield Markdown(id="widget-help")
        yield QuietKeyPanel(id="keys-help")

    def update_help(self, focused_widget: Widget | None) -> None:
        if self.display:
            super().update_help(focused_widget)

    async def show(self) -> None:
        """Show the panel, its keys and help those of the screen now."""
        # the list rebuilt before the panel shows, not after: the screen is laid out once
        await self.query_one(QuietKeyPanel).up_to_date()
        self.display = True
        self.update_help(self.screen.focused)

    def hide(self) -> None:
        """Hide the panel (kept on its screen)."""
        self.display = False


def hidden_keys_panel() -> KeysPanel:
    """A keys panel to build ahead on a screen, hidden until F1."""
    panel = KeysPanel()
    panel.display = False
    return panel
