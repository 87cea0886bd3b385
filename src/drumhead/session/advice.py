"""What the players should know about a game as it opens, whichever front end opens it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from drumhead.session.notices import Notice

if TYPE_CHECKING:
    from drumhead.game import Game


def game_advice(game: Game) -> list[Notice]:
    """The phases an optional rule switched on that can never come up in ``game``: a
    commander's card phase with no commander's card in the deck (the scenario lists none)."""
    out = []
    for phase in game.phases_without_cards():
        spec = game.ruleset.option(phase.option) if phase.option else None
        rule = f" (optional rule: {spec.title})" if spec is not None else ""
        out.append(
            Notice(
                f"{phase.title}{rule} is on, but this game's deck has no commander's card "
                "(its scenario lists none under cards): that phase never comes up.",
                "warning",
                timeout=15,
            )
        )
    return out
