"""Republique, defending artillery captured (issue 35: every result lands on the card of the
unit it falls on). A play-through had Hiller's line assault Molitor's battery at Aspern and
roll +7: the cell 'Defender 3M 2P; defending artillery is captured instead' (the text's own,
4.4) left the battery Shaken with 2 panic hits, where 4.4 Artillery effects says the
involved artillery "does not suffer" the first part of such a result: it is captured
instead (ruling rep-artillery-captured: every defending battery in the assault leaves the
battle; every other defending unit takes the cell's hits).

Aspern 1809 with the sample club values (data/scenarios/aspern-1809.toml,
data/house-rules/republique-sample-club-values.toml); the game is walked to the assault
phase first (the Game's next_phase), so an assault refused outside its phase holds too.

The hand-worked roll, 8 for Hiller's line and 1 for the defence:
- attacker: Hiller's line, 6 regular bases in line: +1 in line (4.3); 8 + 1 = 9.
- defender: the 16e Ligne (4 veteran bases, column) and Molitor's battery (1 base,
  unlimbered): 4 of 5 bases veteran, +1 (club value); 6 bases against 5 is under 3:2, no
  outnumbering; 1 + 1 = 2.
- difference 9 - 2 = +7, infantry attacker: 'Defender 3M 2P; defending artillery is
  captured instead'.
- the cards: the 16e takes 3 morale hits, fresh -> disordered -> rattled -> shaken, and 2
  panic hits on its card; Molitor's battery takes none of them (still fresh, 0 panic hits)
  and is removed from the battle.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from drumhead.game import Game, load_scenario, new_game, replay
from drumhead.game.attributes import value_of
from drumhead.saves import SaveSession, load_save

ROOT = Path(__file__).resolve().parents[2]
HOUSE = ROOT / "data" / "house-rules" / "republique-sample-club-values.toml"
AT = "2026-11-26T20:00:00Z"


@pytest.fixture
def game() -> Game:
    game = new_game(
        "republique", scenario=load_scenario("aspern-1809"), seed=5, house_rules=str(HOUSE)
    )
    while game.state.phase != "assault":
        game.next_phase(at=AT)
    return game


def card(game: Game, unit_id: str) -> tuple[str, int, bool, int]:
    """What the card says: morale state, panic hits, removed, bases."""
    unit = game.state.unit(unit_id)
    panic = value_of(game.ruleset, unit, "panic_hits")
    return unit.state, panic if isinstance(panic, int) else -1, unit.removed, unit.strength_now


def assault(game: Game, defenders: dict[str, list[str]], dice: list[int]) -> None:
    """Hiller's line assaults ``defenders`` (role -> units), the dice typed by hand, and
    every effect is applied as the resolve screen applies a two-sided check's."""
    event, res = game.resolve(
        "assault",
        "hiller_line",
        {},
        hand_dice=dice,
        at=AT,
        roles={"attacker": ["hiller_line"], **defenders},
    )
    assert (res.outcome, res.value) == ("attacker_higher", 7), res.steps
    assert "difference 9 - 2 = +7" in res.steps
    game.apply_effects(
        "hiller_line",
        list(res.effects),
        at=AT,
        resolution=event.seq,
        roles={"attacker": ["hiller_line"], **defenders},
    )


FRESH = ("fresh", 0, False, 6)
"""Hiller's line after the roll: the cell falls on the defender only."""


def test_the_battery_is_captured_and_the_infantry_beside_it_takes_the_hits(game: Game) -> None:
    assert card(game, "molitor_battery") == ("fresh", 0, False, 1)
    assault(game, {"defender": ["ligne_16", "molitor_battery"]}, [8, 1])
    assert card(game, "ligne_16") == ("shaken", 2, False, 4)
    assert card(game, "molitor_battery") == ("fresh", 0, True, 1)
    assert card(game, "hiller_line") == FRESH
    applied = next(e for e in reversed(game.log) if e.kind == "apply_effects")
    on_battery = [e["kind"] for e in applied.data["effects"] if e.get("unit") == "molitor_battery"]
    assert on_battery == ["remove"]  # nothing of the cell's 3M 2P lands on it


def test_a_battery_alone_is_captured_and_takes_no_hits(game: Game) -> None:
    """Molitor's battery alone: 6 bases against its 1, outnumbered 4:1 or more, -3 (club);
    Hiller's line in line +1. 4 + 1 = 5 against 1 - 3 = -2: +7, the battery captured."""
    roles = {"attacker": ["hiller_line"], "defender": ["molitor_battery"]}
    event, res = game.resolve("assault", "hiller_line", {}, hand_dice=[4, 1], at=AT, roles=roles)
    assert (res.value, res.steps[3]) == (7, "difference 5 - -2 = +7")
    game.apply_effects("hiller_line", list(res.effects), at=AT, resolution=event.seq, roles=roles)
    assert card(game, "molitor_battery") == ("fresh", 0, True, 1)
    assert card(game, "hiller_line") == FRESH


def test_a_battery_in_incidental_contact_is_captured_too(game: Game) -> None:
    """Ruling rep-artillery-captured: the defending artillery involved, primary or
    incidental. The 16e in primary contact (4 veteran bases, +1) and the battery incidental
    (half of 1 base, rounded down: none): 6 bases against 4 outnumber it 3:2, -1 (club).
    8 + 1 = 9 against 2 + 1 - 1 = 2: +7 as before."""
    assault(game, {"defender": ["ligne_16"], "defender_incidental": ["molitor_battery"]}, [8, 2])
    assert card(game, "ligne_16") == ("shaken", 2, False, 4)
    assert card(game, "molitor_battery") == ("fresh", 0, True, 1)


def test_undo_redo_replay_and_a_save_reloaded_give_the_same_cards(
    game: Game, tmp_path: Path
) -> None:
    assault(game, {"defender": ["ligne_16", "molitor_battery"]}, [8, 1])
    after = game.state
    game.undo()
    assert card(game, "molitor_battery") == ("fresh", 0, False, 1)
    assert card(game, "ligne_16") == ("fresh", 0, False, 4)
    game.redo()
    assert game.state == after
    assert replay(game.start, game.log) == after
    path = tmp_path / "aspern.toml"
    SaveSession.create(path, game).close()
    loaded = load_save(path).game
    assert loaded.state == after and loaded.log == game.log
    assert card(loaded, "molitor_battery") == ("fresh", 0, True, 1)
    assert card(loaded, "ligne_16") == ("shaken", 2, False, 4)


def test_without_a_capture_the_battery_takes_the_cell_like_any_unit(game: Game) -> None:
    """4.4: artillery shares the results unless an artillery effect is called for. The club's
    +6 cell, 'Defender 3M 2P; attacker carries the position', names none: 8 and 2."""
    roles = {"attacker": ["hiller_line"], "defender": ["ligne_16", "molitor_battery"]}
    event, res = game.resolve("assault", "hiller_line", {}, hand_dice=[8, 2], at=AT, roles=roles)
    assert res.value == 6
    game.apply_effects("hiller_line", list(res.effects), at=AT, resolution=event.seq, roles=roles)
    assert card(game, "molitor_battery") == ("shaken", 2, False, 1)
    assert card(game, "ligne_16") == ("shaken", 2, False, 4)
