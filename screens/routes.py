"""Where the app's keys go: the screens it opens over the battle or start screen, and back.

Each screen the players return to is kept (:class:`~.views.kept.KeptScreens`) and the open
game remembers which one was showing, so that resuming it shows the same."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from textual.app import SystemCommand

from .actions import SessionActions

if TYPE_CHECKING:
    from textual.screen import Screen

    from .views.kept import KeptScreens


class Routes(SessionActions):
    """The app's routing: opening screens, going back, the keys panel and the theme."""

    kept: KeptScreens
    """Screens kept to be shown again."""

    def remember_view(self, **changes: str) -> None:
        """The open game's view changed (unit, pane, screen): written a moment later."""
        self.autosaver.remember_view(**changes)

    def go_back(self) -> None:
        """Close the screen on top (the start/battle screen stays)."""
        if len(self.screen_stack) > 1:
            self.pop_screen()

    async def action_back(self) -> None:
        self.go_back()

    def action_open_roller(self, notation: str = "2d6") -> None:
        from .views.roller import RollerScreen

        self.kept.show(RollerScreen, notation)
        self.remember_view(screen="roller")

    def action_open_reference(self, query: str = "") -> None:
        from .views.reference import ReferenceScreen

        self.kept.show(ReferenceScreen, query)
        self.remember_view(screen="reference")

    def action_open_resolve(self, check: str = "", unit: str = "", step: str = "") -> None:
        from .views.resolve import ResolveScreen

        self.kept.show(ResolveScreen, check or None, unit or None, step or None)

    def switch_check(self, check: str, unit: str = "") -> None:
        from .views.resolve import ResolveScreen

        # focused on its first need by the screen itself (refilled, or when it is mounted)
        self.kept.show(ResolveScreen, check, unit or None, instead=True)

    def action_open_log(self) -> None:
        if self.session.game is None:
            self.notify("No game open.", severity="warning")
            return
        from .views.log import LogScreen

        self.kept.show(LogScreen)
        self.remember_view(screen="log")

    def action_open_luck(self) -> None:
        """The luck statistics of the open game (views/luck.py)."""
        if self.session.game is None:
            self.notify("No game open.", severity="warning")
            return
        from .views.luck import LuckScreen

        self.kept.show(LuckScreen)

    def action_open_units(self, unit: str = "") -> None:
        if self.session.game is None:
            self.notify("No game open.", severity="warning")
            return
        from .views.units import UnitsScreen

        self.kept.show(UnitsScreen, unit or None)
        self.remember_view(screen="units")

    def reopen_screen(self, name: str) -> None:
        """Show a screen a resumed game had open over its battle screen."""
        if name in ("log", "units", "reference", "roller") and self.session.game is not None:
            getattr(self, f"action_open_{name}")()

    def action_new_game(self) -> None:
        from .views.new_game import NewGameScreen

        self.push_screen(NewGameScreen())

    def action_toggle_keys(self) -> None:
        """Show the keys panel (every key of this screen and the app's), or hide it."""
        from textual.widgets import HelpPanel

        if any(panel.display for panel in self.screen.query(HelpPanel)):
            self.action_hide_help_panel()
        else:
            self.action_show_help_panel()

    def action_show_help_panel(self) -> None:
        """Show the keys panel: the screen's own, hidden, where it has one (built ahead, or
        shown before), else a new one."""
        from .widgets.keys_panel import KeysPanel

        panel = next(iter(self.screen.query(KeysPanel)), None)
        if panel is None:
            self.screen.mount(KeysPanel())
        else:
            self.call_next(panel.show)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Textual's commands for the palette, its "Keys" by whether the panel shows (a
        screen may hold one hidden: Textual's offered to hide it then)."""
        from textual.widgets import HelpPanel

        showing = any(panel.display for panel in screen.query(HelpPanel))
        for command in super().get_system_commands(screen):
            if command.title == "Keys":
                command = SystemCommand(
                    "Keys",
                    "Hide the keys panel" if showing else "Show every key of this screen",
                    self.action_hide_help_panel if showing else self.action_show_help_panel,
                )
            yield command

    def action_hide_help_panel(self) -> None:
        """Hide the keys panel, kept on its screen to show again at once."""
        from .widgets.keys_panel import KeysPanel

        for panel in self.screen.query(KeysPanel):
            panel.hide()

    def action_toggle_contrast(self) -> None:
        self.theme = "drumhead" if self.theme == "drumhead-contrast" else "drumhead-contrast"
