"""The command palette (ctrl+p): every action of the app, by name.

The commands are listed by the app (``palette_commands``) from its state, so a unit's
"Morale test: 1st Virginia" appears only when a game with that unit is open.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

from drumhead.dice import parse
from drumhead.errors import DrumheadError


@dataclass(frozen=True, slots=True)
class PaletteCommand:
    """One entry of the palette."""

    text: str
    """What the player reads and types against, e.g. ``Next phase``."""
    help: str
    """One line under it."""
    run: Callable[[], object]
    """What choosing it does."""


class DrumheadCommands(Provider):
    """drumhead's commands: navigation, checks, units, phases, and ``Roll <notation>``."""

    def _commands(self) -> list[PaletteCommand]:
        listing = getattr(self.app, "palette_commands", None)
        return list(listing()) if callable(listing) else []

    async def discover(self) -> Hits:
        for command in self._commands():
            yield DiscoveryHit(command.text, command.run, help=command.help)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        roll = _roll_command(self.app, query)
        if roll is not None:
            yield Hit(1.0, roll.text, roll.run, help=roll.help)
        for command in self._commands():
            score = matcher.match(command.text)
            if score > 0:
                yield Hit(score, matcher.highlight(command.text), command.run, help=command.help)


def _roll_command(app: object, query: str) -> PaletteCommand | None:
    """``roll 3d6`` (or just ``3d6``) typed in the palette opens the roller on it."""
    text = query.strip()
    if text.lower().startswith("roll "):
        text = text[5:].strip()
    try:
        expr = parse(text)
    except DrumheadError:
        return None
    if expr.die is None:
        return None
    opener = getattr(app, "action_open_roller", None)
    if opener is None:
        return None
    return PaletteCommand(
        f"Roll {expr}", "Open the roller on this roll", partial(opener, str(expr))
    )
