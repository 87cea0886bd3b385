"""A game walked on to a phase of its sequence of play through the real API, as the players'
"next phase" walks it (each move logged): for tests that roll a check the rules' order of the
turn refuses elsewhere (Republique's assault, in the assault phase only)."""

from __future__ import annotations

from pathlib import Path

from drumhead.game import Game
from drumhead.session import TableSession

AT = "2026-11-23T20:00:00+00:00"


def to_phase(where: Game | TableSession, phase: str = "assault") -> Game:
    """Walk the game (a table session's open one through the session, so it is saved) on to
    ``phase``, at most one turn round; the game."""
    game = where.open_game_or_fail() if isinstance(where, TableSession) else where
    for _ in range(2 * len(game.phases()) + 2):
        if game.state.phase == phase:
            return game
        if isinstance(where, TableSession):
            where.next_phase()
        else:
            game.next_phase(at=AT)
    raise AssertionError(f"{game.ruleset.id}'s sequence never reaches the phase '{phase}'")


def to_check_phase(where: Game | TableSession, check_id: str) -> Game:
    """Walk on to the check's own phase when the rules' order of the turn refuses it in the
    current one (a refusal bound to this phase); else leave the game where it stands."""
    game = where.open_game_or_fail() if isinstance(where, TableSession) else where
    check = game.ruleset.check(check_id)
    here = game.state.phase
    if check.phase is None or not any(here in r.phases for r in check.refusals):
        return game
    return to_phase(where, check.phase)


def save_to_phase(path: Path, phase: str = "assault") -> None:
    """Walk the game saved at ``path`` on to ``phase`` (as `drumhead play SAVE --next-phase`
    would), saved."""
    table = TableSession(str(path.parent))
    try:
        table.resume(path)
        to_phase(table, phase)
    finally:
        table.close(force=True)
