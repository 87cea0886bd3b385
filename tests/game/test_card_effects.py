"""Results that change a card beyond its morale, strength and markers land on it (issue 35):
a unit put in a formation (One If By Land's rout: "in no formation at all", p.11), a whole
number counted on the card (MWAN's gunners: "two hits remove one artillery gunner", Artillery
Rules), kept in the log as worked out, replayed exactly, undone, reverted, saved and reopened;
and a saved note stays a note.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from phases import to_phase

from drumhead.errors import InputError, MissingCardValueError
from drumhead.game import Game, load_scenario, new_game, replay
from drumhead.game.attributes import value_of
from drumhead.game.record_text import applied_text
from drumhead.saves import SaveSession, save_path

AT = "2026-11-26T20:00:00Z"


def _game(scenario: str) -> Game:
    found = load_scenario(scenario)
    return new_game(found.ruleset, scenario=found, seed=35, name=scenario)


def _gunners(game: Game, unit: str = "griffin") -> object:
    return value_of(game.ruleset, game.state.unit(unit), "gunners")


def test_a_rout_puts_the_unit_in_no_formation() -> None:
    """The Legion infantry (Regular: 7 or less on a d10, p.4) rolls 9 for a panic marker: it
    fails by 2, so it routs 'ending up in no formation at all' (p.11)."""
    game = _game("cowpens-1781")
    assert game.state.unit("legion_infantry").formation == "open_order"
    game.edit_unit("legion_infantry", "markers", ["panic"], at=AT)
    event, result = game.resolve(
        "morale", "legion_infantry", {"situation": "panic_marker"}, hand_dice=[9], at=AT
    )
    assert result.outcome == "fail_by_2"
    formation = [e for e in result.effects if e.kind == "formation"]
    assert [(e.formation, e.who, e.source) for e in formation] == [
        ("no_formation", "unit", "OIBL p.11 Morale results")
    ]
    applied = game.apply_effects(
        "legion_infantry", list(result.effects), at=AT, resolution=event.seq
    )
    card = game.state.unit("legion_infantry")
    assert (card.state, card.formation) == ("rout", "no_formation")
    kept = [e for e in applied.data["effects"] if e["kind"] == "formation"]
    assert kept == [
        {
            "kind": "formation",
            "text": "In no formation at all (ruling oibl-rout-no-formation)",
            "who": "unit",
            "formation": "no_formation",
            "unit": "legion_infantry",
            "was": "open_order",
        }
    ]
    assert replay(game.start, game.log) == game.state
    logged = applied_text(applied.data, lambda unit: game.state.unit(unit).name)
    assert (
        "In no formation at all (ruling oibl-rout-no-formation) (formation open order -> "
        "no formation)" in logged
    )
    game.undo()
    assert game.state.unit("legion_infantry").formation == "open_order"  # the roll stays
    game.redo()
    assert game.state.unit("legion_infantry").formation == "no_formation"


def _gunner_loss(amount: int, beyond: str = "clamp") -> dict[str, object]:
    return {
        "kind": "attribute",
        "attribute": "gunners",
        "amount": amount,
        "beyond": beyond,
        "who": "self",
        "text": f"gunners {amount:+d}",
    }


def test_gunners_are_counted_on_the_card_within_their_bounds() -> None:
    game = _game("first-bull-run-henry-hill")
    with pytest.raises(MissingCardValueError) as info:
        game.apply_effects("griffin", [_gunner_loss(-1)], at=AT)
    missing = info.value
    assert (missing.unit, missing.attribute, missing.label, missing.minimum) == (
        "griffin",
        "gunners",
        "Gunner figures",
        0,
    )
    assert "Griffin's Battery" in missing.question and "gives none" in missing.question
    assert game.event_count == 0  # nothing half-applied
    game.edit_unit("griffin", "gunners", 3, at=AT)
    # two effects in one event count on from each other: 3 - 1 - 1 = 1
    event = game.apply_effects("griffin", [_gunner_loss(-1), _gunner_loss(-1)], at=AT)
    assert [(e["was"], e["now"]) for e in event.data["effects"]] == [(3, 2), (2, 1)]
    assert applied_text(event.data, str) == (
        "Applied to griffin: gunners -1 (gunners 3 -> 2); gunners -1 (gunners 2 -> 1)"
    )
    assert "beyond" not in event.data["effects"][0]  # used when applied; the numbers are kept
    assert _gunners(game) == 1
    # clamp: a battery with one gunner left loses one, not three (ruling mwan-gunners-on-the-card)
    game.apply_effects("griffin", [_gunner_loss(-3)], at=AT)
    assert _gunners(game) == 0
    # refuse: past the bound the players are told, and nothing is applied
    with pytest.raises(InputError) as refused:
        game.apply_effects("griffin", [_gunner_loss(-1, "refuse")], at=AT)
    assert str(refused.value) == (
        "effect 1: Griffin's Battery D, 5th U.S. Artillery's Gunner figures is 0; -1 would make "
        "it -1, outside 0.. (edit the amount, or the card)"
    )
    assert _gunners(game) == 0
    assert replay(game.start, game.log) == game.state
    game.undo()
    assert _gunners(game) == 1


def test_a_revert_finds_a_count_made_from_a_value_that_changed() -> None:
    game = _game("first-bull-run-henry-hill")
    game.edit_unit("griffin", "gunners", 6, at=AT)
    game.apply_effects("griffin", [_gunner_loss(-1)], at=AT)  # 6 -> 5: entry 2
    game.apply_effects("griffin", [_gunner_loss(-1)], at=AT)  # 5 -> 4: entry 3
    plan = game.revert(2)
    assert [(c.seq, c.rule) for c in plan.conflicts] == [(3, "card")]
    assert plan.conflicts[0].reason == (
        "counted gunners on Griffin's Battery D, 5th U.S. Artillery from 5; it would now count "
        "from 6"
    )
    game.apply_revert(plan, drop=plan.drop, at=AT)
    assert _gunners(game) == 6


def test_the_new_kinds_are_saved_and_replayed_exactly(tmp_path: Path) -> None:
    """Journaled as played, replayed on opening: the counts and the formation come back."""
    path = save_path(tmp_path, "henry-hill")
    game = _game("first-bull-run-henry-hill")
    session = SaveSession.create(path, game)
    game.edit_unit("griffin", "gunners", 6, at=AT)
    session.autosave(game)
    game.apply_effects("griffin", [_gunner_loss(-2)], at=AT)
    session.autosave(game)
    put = {"kind": "formation", "formation": "column", "text": "forms column"}
    game.apply_effects("ny38", [put], at=AT)
    session.autosave(game)
    session.release()  # as after a crash: the journal holds what the snapshot does not
    session, again = SaveSession.open(path)
    try:
        assert again.state == game.state
        assert _gunners(again) == 4
        assert again.state.unit("ny38").formation == "column"
    finally:
        session.release()


def test_a_saved_note_stays_a_note() -> None:
    """Before gunners were kept on the card a battery's losses were a note (the event as it was
    saved): it replays as that note, on the card's notes, and the card gains no gunners."""
    game = _game("first-bull-run-henry-hill")
    old = {
        "kind": "note",
        "amount": 1,
        "who": "target",
        "text": "The battery loses 1 gunner figure(s): two hits remove one (ruling "
        "mwan-fire-artillery-hits)",
    }
    game.apply_effects("griffin", [old], at=AT)
    card = game.state.unit("griffin")
    assert card.notes.splitlines()[-1] == "T1: " + str(old["text"])
    assert _gunners(game) is None
    again = Game(game.start, game.ruleset, game.log)
    assert again.state == game.state


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"kind": "formation", "formation": "square"}, r"effects\.0\.formation: no formation"),
        ({"kind": "attribute", "attribute": "crew", "now": 1}, r"effects\.0\.attribute"),
        ({"kind": "attribute", "attribute": "gunners", "now": -1}, r"effects\.0\.now"),
        ({"kind": "attribute", "attribute": "gunners"}, r"effects\.0\.now"),
    ],
)
def test_a_forged_entry_is_held_to_the_ruleset(change: dict[str, object], message: str) -> None:
    game = _game("first-bull-run-henry-hill")
    game.edit_unit("griffin", "gunners", 6, at=AT)
    event = game.apply_effects("griffin", [_gunner_loss(-1)], at=AT)
    effect = {"text": "forged", "who": "self", "unit": "griffin", **change}
    bad = dataclasses.replace(event, data={**event.data, "effects": [effect]})
    with pytest.raises(InputError, match=message):
        Game(game.start, game.ruleset, [*game.log[:-1], bad])


def test_panic_hits_counted_read_and_answered_and_reverted_together() -> None:
    """Republique 4.4: Hiller's line (in line +1) assaults the 67e Ligne (in line +1, veteran
    +1, Molitor +1, outnumbered 3:2 by 6 bases to 4 -1: +2, the club's values); dice 1 and 5,
    2 against 7: -5, the club's cell 'Attacker 2M 2P', read from the cell's parts: 2 panic hits
    counted on Hiller's line; the Panic Index reads them off the card (a regular unit at 2:
    the club's Rt) and its response takes them off. Reverting the marking takes back what read
    it."""
    root = Path(__file__).resolve().parents[2]
    found = load_scenario("aspern-1809")
    game = new_game(
        found.ruleset,
        scenario=found,
        seed=35,
        house_rules=str(root / "data/house-rules/republique-sample-club-values.toml"),
    )
    to_phase(game)
    roles = {"attacker": "hiller_line", "defender": "ligne_67"}
    event, marked = game.resolve(
        "assault", "hiller_line", {}, hand_dice=[1, 5], at=AT, roles={"defender": "ligne_67"}
    )
    assert (marked.value, marked.text.split(": ")[1].split(" (")[0]) == (-5, "Attacker 2M 2P")
    counted = game.apply_effects(
        "hiller_line", list(marked.effects), at=AT, resolution=event.seq, roles=roles
    )
    assert value_of(game.ruleset, game.state.unit("hiller_line"), "panic_hits") == 2
    assert value_of(game.ruleset, game.state.unit("ligne_67"), "panic_hits") == 0
    read, panic = game.resolve("panic", "hiller_line", {}, at=AT)
    assert dict(panic.inputs)["panic_hits"] == 2  # from the card
    assert panic.outcome == "rout"
    assert panic.text.startswith("Rout: Rt (house rule")  # the club's Panic Index
    game.apply_effects("hiller_line", list(panic.effects), at=AT, resolution=read.seq)
    assert value_of(game.ruleset, game.state.unit("hiller_line"), "panic_hits") == 0
    with pytest.raises(InputError, match="no panic hits on the card"):
        game.resolve("panic", "hiller_line", {}, at=AT)
    plan = game.revert(counted.seq)
    assert [(c.seq, c.rule) for c in plan.conflicts] == [
        (read.seq, "card"),
        (read.seq + 1, "depends"),
    ]
