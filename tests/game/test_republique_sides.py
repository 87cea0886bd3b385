"""Republique, a side of several units (issue 35: the cards are the truth). 4.3 applies the
grade, morale, in-line and skirmisher modifiers when "the greatest percentage of bases
present" are of that kind: read from the cards of every unit picked for the side, each
weighed by its bases now (an incidental unit by half, rounded down: 4.1), not from the card
of the unit picked first. An exact tie gives no modifier (ruling rep-greatest-share-tie).

Aspern 1809 (data/scenarios/aspern-1809.toml): the Grenz battalion (4 bases, green, in line,
one skirmish base out), IR 15 Zach (6 bases, regular, in column), Hiller's line regiment
(6 bases, regular, in line); the 16e Ligne (4 bases, veteran, in column) defends. Values
our source lacks are the sample club's (green -1, veteran +1).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from phases import to_phase

from drumhead.game import Game, load_scenario, new_game

ROOT = Path(__file__).resolve().parents[2]
HOUSE = ROOT / "data" / "house-rules" / "republique-sample-club-values.toml"
AT = "2026-11-23T20:00:00Z"


@pytest.fixture
def game() -> Game:
    return to_phase(
        new_game(
            "republique", scenario=load_scenario("aspern-1809"), seed=5, house_rules=str(HOUSE)
        )
    )


def assault(
    game: Game, attackers: list[str], **roles: str | list[str]
) -> tuple[dict[str, object], dict[str, int]]:
    """The assault on the 16e Ligne by ``attackers``, as the cards picked fill it."""
    _, result = game.resolve(
        "assault",
        attackers[0],
        {},
        hand_dice=[5, 5],
        at=AT,
        roles={"attacker": attackers, "defender": "ligne_16", **roles},
    )
    return dict(result.inputs), {m.id: m.value for m in result.modifiers}


def test_the_side_is_every_card_weighed_by_its_bases_not_the_first_card(game: Game) -> None:
    """The Grenz picked first, IR 15 Zach with it: 10 bases, 6 regular in column against 4
    green in line with skirmishers out. The first card alone said green (-1), in line (+1),
    one skirmish base (-1) and 4 bases; the side is regular, in column, with no skirmisher
    modifier (4 of 10 bases are not the greatest share)."""
    inputs, mods = assault(game, ["hiller_grenz", "ir15_zach"])
    assert (inputs["attacker_bases_primary"], inputs["attacker_grade"]) == (10, "regular")
    assert (inputs["attacker_formation"], inputs["attacker_skirmishers"]) == ("column", 0)
    assert "attacker_grade" not in mods and "attacker_in_line" not in mods
    assert "attacker_skirmishers" not in mods
    assert mods["defender_grade"] == 1


def test_most_bases_in_line_counts_every_unit(game: Game) -> None:
    """IR 15 Zach picked first (column), Hiller's line and the Grenz with it: 10 of 16 bases
    in line, so +1 in line though the first card is in column; 12 regular against 4 green:
    no grade modifier; the Grenz's 4 bases are not most: no skirmisher modifier."""
    inputs, mods = assault(game, ["ir15_zach", "hiller_line", "hiller_grenz"])
    assert inputs["attacker_formation"] == "line" and mods["attacker_in_line"] == 1
    assert inputs["attacker_bases_primary"] == 16
    assert "attacker_grade" not in mods and "attacker_skirmishers" not in mods


def test_incidental_units_weigh_half_their_bases(game: Game) -> None:
    """The Grenz (4 green bases, in line) in primary contact with Hiller's line regiment
    (6 regular, in line) in incidental contact, weighing 3: green holds the greatest share,
    -1; the Grenz's skirmish base counts (4 of 7 bases), -1."""
    inputs, mods = assault(game, ["hiller_grenz"], attacker_incidental="hiller_line")
    assert inputs["attacker_grade"] == "green" and mods["attacker_grade"] == -1
    assert mods["attacker_skirmishers"] == -1


def test_an_exact_tie_gives_no_modifier(game: Game) -> None:
    """IR 15 Zach down to 4 bases with the Grenz: 4 regular in column against 4 green in
    line, half the bases with skirmishers out. No grade, line or state holds the greatest
    percentage: regular, column, no skirmisher modifier (ruling rep-greatest-share-tie)."""
    game.edit_unit("ir15_zach", "strength_now", 4, at=AT)
    game.edit_unit("ir15_zach", "state", "shaken", at=AT)
    inputs, mods = assault(game, ["hiller_grenz", "ir15_zach"])
    assert (inputs["attacker_grade"], inputs["attacker_formation"]) == ("regular", "column")
    assert (inputs["attacker_morale"], inputs["attacker_skirmishers"]) == ("fresh", 0)
    assert not {"attacker_grade", "attacker_in_line", "attacker_morale"} & set(mods)


def test_a_square_among_the_defenders_makes_the_side_a_square(game: Game) -> None:
    """The 16e Ligne in square with the 67e Ligne (line) beside it: 4.2's square restrictions
    and no in-line bonus for the defenders (ruling rep-square-from-cards)."""
    game.edit_unit("ligne_16", "formation", "square", at=AT)
    inputs, mods = assault(game, ["hiller_line"], defender=["ligne_67", "ligne_16"])
    assert (inputs["defender_formation"], inputs["vs_square"]) == ("square", "with_infantry")
    assert "defender_in_line" not in mods


def test_a_side_of_several_units_reads_its_leader_as_the_form_does(game: Game) -> None:
    """The 67e and 37e Ligne defend together, Molitor attached to the 67e (value 1): the roll
    made for a group (the CLI's --role defender=ligne_67,ligne_37) reads him off the side's
    first card, as the roll's form does; it read no card at all for a group and gave 0."""
    inputs, mods = assault(game, ["hiller_line"], defender=["ligne_67", "ligne_37"])
    assert inputs["defender_leader"] == 1 and mods["defender_leader"] == 1
    assert inputs["defender_bases_primary"] == 8


def test_incidental_units_are_halved_one_by_one_from_their_cards(game: Game) -> None:
    """Ruling rep-counted-bases, worked by hand: Hiller's line down to 5 bases assaults the
    16e (4 bases) with the Grenz and IR 15 Zach, both down to 3, in incidental contact.
    Each applies half of its 3 bases, rounded down: 5 + 1 + 1 = 7 against 4, outnumbered
    3:2 (the club's -1). Halving the 6 incidental bases together gave 8, 2:1 (-2)."""
    for unit, bases in (("hiller_line", 5), ("hiller_grenz", 3), ("ir15_zach", 3)):
        game.edit_unit(unit, "strength_now", bases, at=AT)
    inputs, mods = assault(game, ["hiller_line"], attacker_incidental=["hiller_grenz", "ir15_zach"])
    assert (inputs["attacker_bases_incidental"], inputs["attacker_incidental_odd"]) == (6, 2)
    assert mods["defender_outnumbered"] == -1
