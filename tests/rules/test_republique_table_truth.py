"""Republique, part 4 (Assault): the cards are the truth (issue 35).

The assault reads both sides' cards of Aspern 1809 (formation, grade, state, skirmishers,
leaders); the rules that forbid a count or a modifier refuse it before the roll; the chart's
morale and panic hits land on every unit in the assault. Rule text: the rules' part 4
(shared/seeds/003_068d9e9635d6c05e.txt). Values our source lacks come from the sample
house-rules file, whose numbers are the players' own.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from phases import to_phase

from drumhead.checks.resolve import prepare
from drumhead.errors import InputError
from drumhead.game import Game, load_scenario, new_game
from drumhead.game.attributes import value_of
from drumhead.loading.loader import load_ruleset

from .table_truth import effects_without_who

ROOT = Path(__file__).resolve().parents[2]
HOUSE = ROOT / "data" / "house-rules" / "republique-sample-club-values.toml"
RULESET = "republique"
AT = "2026-11-23T20:00:00Z"


@pytest.fixture
def game() -> Game:
    game = new_game(RULESET, scenario=load_scenario("aspern-1809"), seed=5, house_rules=str(HOUSE))
    return to_phase(game)


def modifiers(
    game: Game, unit: str, roles: dict[str, str | list[str]], values=None
) -> dict[str, int]:  # type: ignore[no-untyped-def]
    """The assault's modifiers as the game fills it from the cards of the units picked."""
    _, result = game.resolve("assault", unit, values or {}, hand_dice=[5, 5], at=AT, roles=roles)
    return {m.id: m.value for m in result.modifiers}


# -- 4.3 In Line: "if the greatest percentage of bases present are ... in line" -----------------
def test_most_bases_in_line_is_read_from_both_cards(game: Game) -> None:
    """Hiller's line regiment (line on its card) assaults the 16e Ligne (column on its card):
    +1 in line for the attacker only. IR 15 Zach (column) against the 67e Ligne (line): +1 for
    the defender only. Neither box is ticked by hand."""
    assert modifiers(game, "hiller_line", {"defender": "ligne_16"}).get("attacker_in_line") == 1
    assert "defender_in_line" not in modifiers(game, "hiller_line", {"defender": "ligne_16"})
    zach = modifiers(game, "ir15_zach", {"defender": "ligne_67"})
    assert zach.get("defender_in_line") == 1 and "attacker_in_line" not in zach


def test_the_cards_give_cavalry_grade_and_skirmishers(game: Game) -> None:
    """The Grenz battalion has one skirmish base deployed on its card (4.3 Each Skirmisher
    Deployed: -1); Marulaz's chasseurs are light cavalry on theirs (4.3 Cavalry Grades: the
    club's light value, +1; ruling rep-cavalry-subtype)."""
    mods = modifiers(game, "hiller_grenz", {"defender": "marulaz_chasseurs"})
    assert mods["attacker_skirmishers"] == -1
    assert mods["defender_cavalry"] == 1


# -- 4.2 Artillery: "A limbered artillery battery ... may not contribute to incidental contact" -
def test_a_limbered_battery_never_counts_as_incidental_contact(game: Game) -> None:
    """Molitor's battery, limbered, 25-50mm from Hiller's line when it assaults the 67e Ligne:
    refused as an incidental unit; unlimbered it adds half its one base (rounded down: 0)."""
    game.edit_unit("molitor_battery", "formation", "limbered", at=AT)
    with pytest.raises(
        InputError, match=r"limbered battery .* incidental assault contact.*4.2 Artillery"
    ):
        game.resolve(
            "assault",
            "hiller_line",
            {},
            at=AT,
            roles={"defender": "ligne_67", "defender_incidental": "molitor_battery"},
        )
    game.edit_unit("molitor_battery", "formation", "unlimbered", at=AT)
    _, result = game.resolve(
        "assault",
        "hiller_line",
        {},
        hand_dice=[5, 5],
        at=AT,
        roles={"defender": "ligne_67", "defender_incidental": "molitor_battery"},
    )
    inputs = dict(result.inputs)
    assert inputs["defender_bases_incidental"] == 1


# -- 4.5 step 2: the leading and emergency rally modifiers "should never be used together" ------
def test_leading_and_emergency_rally_are_refused_together() -> None:
    """A leader attached (leading) may not conduct an emergency rally: both boxes at once is
    refused, citing 4.5 step 2, never one of them silently dropped."""
    rs = load_ruleset(RULESET, house_rules=HOUSE)
    with pytest.raises(InputError, match=r"never used together.*Republique 4.5 step 2"):
        prepare(rs, "leader_injury", {"emergency_rally": True, "leading": True})
    assert {m.id for m in prepare(rs, "leader_injury", {"leading": True}).modifiers} == {"leading"}


# -- 4.4 Assault Results: "All primary and incidental units involved in an assault will suffer
# the number of morale hits called for by the assault chart results" -------------------------
def test_the_chart_result_lands_on_every_unit_in_the_assault(game: Game) -> None:
    """Hiller's line (6 bases, regular, in line) assaults the 67e Ligne (4 bases, veteran,
    in line, Molitor attached) with the 37e Ligne 25-50mm away (incidental).

    Modifiers (the sample club's values): attacker in line +1; defender in line +1,
    veteran +1, Molitor +1 (attached, in his command); outnumbering: 6 against 4 + 4 // 2 = 6
    is not 3:2, so none. Dice 9 and 1: 9 + 1 = 10 against 1 + 3 = 4: +6, the club's infantry
    cell 'Defender 3M 2P; attacker carries the position'.

    The assault's own effects read the cell (ruling rep-assault-results-marked): 3 morale hits
    on each defending unit, the incidental one too: fresh -> disordered -> rattled -> shaken;
    2 panic hits noted on both for the Panic Index; no base hits in the cell. The attacker's
    card is unchanged."""
    roles: dict[str, str | list[str]] = {
        "defender": "ligne_67",
        "defender_incidental": "ligne_37",
    }
    event, result = game.resolve("assault", "hiller_line", {}, hand_dice=[9, 1], at=AT, roles=roles)
    assert result.value == 6
    assert result.text.endswith(
        "Defender 3M 2P; attacker carries the position (house rule, republique-sample-club-values.toml)"
    )
    game.apply_effects(
        "hiller_line",
        list(result.effects),
        at=AT,
        resolution=event.seq,
        roles={"attacker": "hiller_line", **roles},
    )
    for unit in ("ligne_67", "ligne_37"):
        card = game.state.unit(unit)
        assert (card.state, card.strength_now) == ("shaken", 4), unit
        # 2P counted on the card (ruling rep-panic-hits-on-the-card), not noted
        assert value_of(game.ruleset, card, "panic_hits") == 2, unit
        assert "panic hit" not in card.notes
    attacker = game.state.unit("hiller_line")
    assert (attacker.state, value_of(game.ruleset, attacker, "panic_hits")) == ("fresh", 0)


def test_both_sides_take_a_level_result(game: Game) -> None:
    """The club's 0 cell: 'Both 1M; fight another round': one morale hit on every unit.
    Hiller's line in line +1 against the 16e Ligne (4 bases, in column): veteran +1 (club),
    outnumbered 3:2 by 6 bases against 4 (12 >= 12) -1 (club), 0 in all. Dice 4 and 5:
    5 against 5, a difference of 0."""
    roles = {"defender": "ligne_16"}
    event, result = game.resolve("assault", "hiller_line", {}, hand_dice=[4, 5], at=AT, roles=roles)
    assert result.value == 0
    game.apply_effects(
        "hiller_line",
        list(result.effects),
        at=AT,
        resolution=event.seq,
        roles={"attacker": "hiller_line", **roles},
    )
    assert {game.state.unit(u).state for u in ("hiller_line", "ligne_16")} == {"disordered"}


# -- every result names the unit it falls on -----------------------------------------------------
def test_every_effect_names_whom_it_falls_on() -> None:
    assert effects_without_who(RULESET) == []


def test_a_panic_result_moves_the_unit_by_the_table_and_takes_its_surrender(game: Game) -> None:
    """The text's own example (4.4): a green unit with 2 panic hits reads Rt-1, a rout move
    and one base surrendering. IR 15 Zach made green: the base comes off its card; the rout
    move is the players' to make (the table's note)."""
    game.edit_unit("ir15_zach", "quality", "green", at=AT)
    event, result = game.resolve("panic", "ir15_zach", {"panic_hits": 2}, at=AT)
    assert (result.outcome, result.value) == ("rout", 1)
    applied = game.apply_effects(
        "ir15_zach", list(result.effects), at=AT, resolution=event.seq, roles={"self": "ir15_zach"}
    )
    assert game.state.unit("ir15_zach").strength_now == 5
    assert [e["kind"] for e in applied.data["effects"] if "unit" not in e] == ["note"]


def test_an_incidental_units_surrender_is_taken_from_the_primary_units(game: Game) -> None:
    """4.4 Panic Hits: 'Only if all primary contact bases are lost may remaining unassigned
    surrenders be taken from incidental contact units.' The Grenz battalion (green), in
    incidental contact, reads Rt-2 at 3 panic hits (the club's Panic Index): its 2 bases are
    the primary-contact units' to give up (the players pick which, lowest grade first), not
    its own."""
    event, result = game.resolve(
        "panic", "hiller_grenz", {"panic_hits": 3, "primary_contact": False}, at=AT
    )
    assert (result.outcome, result.value) == ("rout", 2)
    game.apply_effects(
        "hiller_grenz",
        list(result.effects),
        at=AT,
        resolution=event.seq,
        roles={"self": "hiller_grenz"},
    )
    assert game.state.unit("hiller_grenz").strength_now == 4
    assert any(
        "2 bases surrender from the primary-contact units" in e.text
        for e in result.effects
        if e.who == "table"
    )


# every input is bound or says why it is asked: tests/rules/test_inputs_bound_or_asked.py


def test_the_rallying_leaders_value_is_read_from_him(game: Game) -> None:
    """4.5 step 3: the rally adds twice his value. Hiller (value 1, unattached), picked to
    rally his line regiment: his value is read from him, doubled: +2."""
    _, result = game.resolve(
        "emergency_rally", "hiller_line", {}, hand_dice=[4], at=AT, leaders={"self": "hiller"}
    )
    assert dict(result.inputs)["leader_value"] == 1
    assert {m.id: m.value for m in result.modifiers} == {"double_value": 2}


# -- 4.2 Cavalry: "solo vs square" / "with infantry vs square", read from every unit picked ----
def test_a_square_assaulted_by_cavalry_alone_or_with_infantry_is_read_from_the_cards(
    game: Game,
) -> None:
    """Marulaz's chasseurs (4 bases, veteran, in line, light cavalry) assault the Grenz (4
    bases, green, one skirmish base out) formed in square. Nobody says whether infantry
    joins in: the cards picked say it (any(attacker.type == 'infantry') over the primary and
    incidental units).

    Alone ('solo', 4.2: Cavalry No, In Line No, Outnumbered No): chasseurs veteran +1 (club);
    Grenz green -1 (club), one skirmish base -1. With the 16e Ligne in incidental contact (4
    bases, counted 2: 6 against 4, 3:2; 'with infantry', 4.2: Cavalry Yes, In Line No,
    Outnumbered Yes): light cavalry +1 (club) and the Grenz outnumbered 3:2 -1 (club) too."""
    game.edit_unit("hiller_grenz", "formation", "square", at=AT)
    _, alone = game.resolve(
        "assault",
        "marulaz_chasseurs",
        {},
        hand_dice=[5, 5],
        at=AT,
        roles={"defender": "hiller_grenz"},
    )
    assert dict(alone.inputs)["vs_square"] == "solo"
    assert {m.id: m.value for m in alone.modifiers} == {
        "attacker_grade": 1,
        "defender_grade": -1,
        "defender_skirmishers": -1,
    }
    _, helped = game.resolve(
        "assault",
        "marulaz_chasseurs",
        {},
        hand_dice=[5, 5],
        at=AT,
        roles={"defender": "hiller_grenz", "attacker_incidental": "ligne_16"},
    )
    assert dict(helped.inputs)["vs_square"] == "with_infantry"
    assert {m.id: m.value for m in helped.modifiers} == {
        "attacker_grade": 1,
        "attacker_cavalry": 1,
        "defender_grade": -1,
        "defender_skirmishers": -1,
        "defender_outnumbered": -1,
    }


def test_the_heaviest_cavalry_present_is_read_from_the_incidental_units_too(game: Game) -> None:
    """4.3 Cavalry Grades: the heaviest friendly cavalry present. IR 15 Zach assaults the 16e
    Ligne with Marulaz's chasseurs (light cavalry) 25-50mm away: the defender's light cavalry
    +1 (club), read from the chasseurs' card, although the 16e is infantry."""
    roles = {"defender": "ligne_16", "defender_incidental": "marulaz_chasseurs"}
    _, result = game.resolve("assault", "ir15_zach", {}, hand_dice=[5, 5], at=AT, roles=roles)
    assert dict(result.inputs)["defender_cavalry"] == "light"
    assert {m.id: m.value for m in result.modifiers}["defender_cavalry"] == 1
    _, without = game.resolve(
        "assault", "ir15_zach", {}, hand_dice=[5, 5], at=AT, roles={"defender": "ligne_16"}
    )
    assert dict(without.inputs)["defender_cavalry"] == "none"


def test_an_assault_on_a_square_rests_on_the_ruling_that_reads_it(game: Game) -> None:
    game.edit_unit("hiller_grenz", "formation", "square", at=AT)
    roles = {"defender": "hiller_grenz"}
    _, result = game.resolve(
        "assault", "marulaz_chasseurs", {}, hand_dice=[5, 5], at=AT, roles=roles
    )
    assert "rep-square-from-cards" in {r.id for r in result.rulings}
    _, open_ground = game.resolve(
        "assault",
        "marulaz_chasseurs",
        {},
        hand_dice=[5, 5],
        at=AT,
        roles={"defender": "hiller_line"},
    )
    assert "rep-square-from-cards" not in {r.id for r in open_ground.rulings}
