"""The screens the app keeps once built, to show them again at once (see :class:`KeptScreen`).

Building a screen is most of the time it takes to open (tests/bench/bench_app.py). Up to
``kind.KEEP`` screens of a kind are kept, the least recently used dropped first; screens
built for another game or ruleset are dropped when next asked for.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any
from weakref import WeakSet

from ..compat import mount_screen
from ..widgets.footer import KeysFooter

if TYPE_CHECKING:
    from textual.app import App

    from .base import KeptScreen


class KeptScreens:
    """The kept screens of an app, the least recently used first."""

    def __init__(self, app: App[Any]) -> None:
        self.app = app
        """The app showing them."""
        self.screens: list[KeptScreen] = []
        """Every screen kept, the least recently used first."""
        self.building: list[KeptScreen] = []
        """The screens being built ahead right now (kept or already dropped): quitting
        waits for them to finish mounting (``compat.SettlingApp``)."""
        self.shown: WeakSet[KeptScreen] = WeakSet()
        """The screens shown at least once."""

    def show(self, kind: type[KeptScreen], *args: str | None, instead: bool = False) -> KeptScreen:
        """Show a screen of ``kind`` opened with ``args``: a kept one refilled if one is free
        (not showing already) and able, else a new one, which is then kept too; ``instead``:
        in place of the screen on top (kept, not closed for good). The screen shown."""
        app = self.app
        kept = [s for s in self.screens if type(s) is kind]
        # not one showing, nor one still being built ahead (its widgets are not all there)
        free = [s for s in kept if s not in app.screen_stack and s.is_mounted]
        stale = [s for s in free if not s.fits_app()]
        if stale:
            self.drop(stale)
            free = [s for s in free if s not in stale]
        screen = next((s for s in free if s.serves(*args) and s.reopen(*args)), None)
        if screen is None:
            if len(kept) - len(stale) >= kind.KEEP and free:
                self.drop(free[:1])
            screen = self.build(kind, args)
        else:
            self.screens.remove(screen)
            for footer in screen.query(KeysFooter):  # refilled: its keys too, in its first frame
                footer.rebuild_first()
        self.screens.append(screen)  # the most recently used last
        if instead:
            app.switch_screen(screen)
        else:
            app.push_screen(screen)
        if screen not in self.shown:  # its first drawing kept out of full collections
            self.shown.add(screen)
            screen.call_after_refresh(screen.drumhead.freeze_the_past)
        return screen

    def build(self, kind: type[KeptScreen], args: tuple[str | None, ...]) -> KeptScreen:
        """A new screen of ``kind``, installed so that it outlives being closed."""
        screen = kind(*args)
        self.app.install_screen(screen, f"kept-{id(screen)}")
        return screen

    async def prepare(self, kind: type[KeptScreen], *args: str | None) -> KeptScreen | None:
        """Build a screen of ``kind`` without showing it, and keep it, so that the first time
        it is opened is as quick as the next ones (nothing if one that serves ``args`` is
        kept already, or as many as are kept of its kind); done when it is mounted. The
        screen built (None: none was)."""
        kept = [s for s in self.screens if type(s) is kind and s.fits_app()]
        if len(kept) >= kind.KEEP or any(s.serves(*args) for s in kept):
            return None
        screen = self.build(kind, args)
        self.screens.append(screen)
        self.building.append(screen)
        await mount_screen(self.app, screen)
        self.building.remove(screen)  # not when cancelled (quitting): it is still mounting
        return screen

    def drop(self, screens: Sequence[KeptScreen] | None = None) -> None:
        """Forget kept screens (all of them by default; never one showing) and free their
        widgets."""
        for screen in list(self.screens if screens is None else screens):
            if screen in self.app.screen_stack:
                continue
            self.screens.remove(screen)
            self.app.uninstall_screen(screen)
            if not screen.is_attached:
                continue
            if screen.is_mounted:
                screen.remove()
            else:  # still being built ahead: taking its widgets away mid-mount breaks them
                screen.call_later(screen.remove)
