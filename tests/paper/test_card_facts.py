"""Issue 37: a printed card carries what players look up most, the ruleset's quick facts for
the unit worked out from its card, each cited, and the unit's notes; markers are named as
players say them. Every expected value below is worked by hand from the seed texts
(shared/seeds), not read back from the ruleset."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from drumhead.game import Game, Side, Unit, new_game
from drumhead.game.rulesets import game_ruleset
from drumhead.paper import cards_html, reference_html
from drumhead.paper.cards import card

AT = "2026-11-22T14:00:00Z"


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()


def _game(ruleset_id: str, *units: Unit, options: tuple[str, ...] = ()) -> Game:
    game = new_game(ruleset_id, options=options, name="facts")
    game.add_side(Side("a", "Army A"), at=AT)
    for unit in units:
        game.add_unit(unit, at=AT)
    return game


def _unit(uid: str, kind: str, strength: int, **fields: object) -> Unit:
    attributes = tuple(sorted(fields.pop("attributes", {}).items()))  # type: ignore[attr-defined]
    return Unit(
        id=uid,
        name=f"The {uid}",
        side="a",
        brigade="first",
        type=kind,
        strength_start=strength,
        strength_now=strength,
        state="",
        attributes=attributes,
        **fields,  # type: ignore[arg-type]
    )


def _cards(game: Game) -> dict[str, str]:
    """Each unit's card as text, by unit id."""
    return {u.id: _text(card(game.ruleset, game.state, u)) for u in game.state.units}


# -- One If By Land ------------------------------------------------------------------------------
# p.4 morale numbers Elite 9 Veteran 8 Regular 7 Poor 6 Wretched 5; p.8 ranges carbine 5, musket
# 7, Jaeger 10, long rifle 12, artillery 40; p.5 movement close 1d6+2 (limbered guns too), open
# 1d6+3, column 1d6+4, skirmish 1d6+5, cavalry 1d6+10, infantry retreat 1d6+4 / rout 1d6+10,
# cavalry retreat 1d6+10 / rout 1d6+16, prolong 1.5, optional fixed 5/6/7/8/14, 7/12, 14/20;
# p.9 cannon light 5, medium 10, heavy 15; p.11 +1/+2/+3 at 25/50/75% of figures lost.
OIBL = (
    _unit("foot", "infantry", 12, quality="regular", formation="close_order"),
    _unit("indians", "indians", 10, quality="poor", formation="skirmish"),
    _unit("chiefs", "indians", 6, quality="elite", formation="skirmish"),
    _unit("guns", "artillery", 4, subtype="medium", quality="veteran", formation="limbered"),
    _unit("horse", "cavalry", 9, quality="elite", attributes={"weapon": "carbine"}),
    _unit("rifles", "rifles", 7, quality="wretched", attributes={"weapon": "long_rifle"}),
    _unit("colonel", "officer", 1, quality="veteran"),
)


def test_one_if_by_land_cards_carry_the_pages_numbers() -> None:
    cards = _cards(_game("one-if-by-land", *OIBL))
    foot = cards["foot"]
    assert "Morale number: 7 or less on 1d10 OIBL p.4 Troop quality" in foot
    # 12 figures: 25% is 3, 50% is 6, 75% is 9
    assert "Morale for losses: +1 at 3, +2 at 6, +3 at 9 lost OIBL p.11 Morale" in foot
    assert 'Range: 7" (musket) OIBL p.8 Weapon ranges' in foot
    assert 'Move: close order 1d6+2" · open order 1d6+3" · column 1d6+4" · skirmish 1d6+5"' in foot
    assert 'Retreat / rout: 1d6+4" / 1d6+10"' in foot
    indians = cards["indians"]  # poor 6; one quality up (regular) 7; two up (veteran) 8
    assert "Morale number: 6 or less" in indians
    assert "Charging, in melee or in woods: 7" in indians
    assert "Charging or in melee in woods: 8" in indians
    assert 'Move: 1d6+5" (skirmish order)' in indians and 'Range: 7" (musket)' in indians
    chiefs = cards["chiefs"]  # elite already 9: there is no quality above it
    assert "Charging, in melee or in woods: 9" in chiefs
    assert "Charging or in melee in woods: 9" in chiefs
    guns = cards["guns"]
    assert 'Range: 40"' in guns and "Fires as: 10 figures, alone" in guns
    assert 'Move: limbered 1d6+2" · unlimbered 1.5"' in guns
    # 4 crew figures: 25% is 1, 50% 2, 75% 3
    assert "+1 at 1, +2 at 2, +3 at 3 lost" in guns and "Morale number: 8" in guns
    horse = cards["horse"]
    assert 'Range: 5" (carbine)' in horse and 'Move: 1d6+10" in any formation' in horse
    assert 'Retreat / rout: 1d6+10" / 1d6+16"' in horse and "Morale number: 9" in horse
    # 9 figures: 25% is 3 (2 is 22%), 50% is 5, 75% is 7 (6 is 67%)
    assert "+1 at 3, +2 at 5, +3 at 7 lost" in horse
    assert 'Range: 12" (long rifle)' in cards["rifles"] and "Morale number: 5" in cards["rifles"]
    colonel = cards["colonel"]
    assert "Morale number: 8" in colonel and "Range" not in colonel and "Move" not in colonel


def test_one_if_by_land_fixed_movement_prints_the_fixed_rates() -> None:
    cards = _cards(_game("one-if-by-land", *OIBL, options=("fixed_movement",)))
    assert 'Move: close order 5" · open order 6" · column 7" · skirmish 8"' in cards["foot"]
    assert 'Retreat / rout: 7" / 12"' in cards["foot"]
    assert 'Move: 14" in any formation' in cards["horse"]
    assert 'Retreat / rout: 14" / 20"' in cards["horse"]
    assert 'Move: limbered 5" · unlimbered 1.5"' in cards["guns"]


# -- MWAN #116 -----------------------------------------------------------------------------------
# Basic movement: field art 10", infantry 20", horse art 20", cavalry 30" (dismounted: as
# infantry, 20"); cavalry charge +10" once a game; mounting 4"; cavalry check morale at 2
# casualties a turn, artillery at 1; fought out at 25%; close combat needs half strength;
# rifled guns +1 die shot & shell, smoothbore -1; snipers move 20", shoot generals to 30".
def test_mwan_cards_carry_the_articles_numbers() -> None:
    game = _game(
        "mwan116-acw",
        _unit("foot", "infantry", 21, formation="line"),
        _unit("horse", "cavalry", 10, formation="mounted"),
        _unit("guns", "artillery", 6, subtype="rifled", formation="in_battery"),
        _unit("old_guns", "artillery", 4, subtype="smoothbore", formation="limbered"),
        _unit("sniper", "sniper", 1),
    )
    cards = _cards(game)
    foot = cards["foot"]
    assert 'Move: 20"' in foot and "Check morale" not in foot  # infantry's trigger is a gap
    assert "Fought out: at 5 or fewer left" in foot  # 5 of 21 is 24%, 6 is 29%
    assert "Close combat: advances with 11 or more left" in foot  # 10 of 21 is under half
    horse = cards["horse"]
    assert 'Move: mounted 30" · dismounted 20"' in horse
    assert 'Cavalry charge: +10", once a game' in horse and 'Mount or dismount: costs 4"' in horse
    assert "Check morale: at 2 or more casualties in a turn" in horse
    assert "Fought out: at 2 or fewer left" in horse and "advances with 5 or more left" in horse
    guns = cards["guns"]
    assert 'Move: field battery 10", horse battery 20"' in guns
    assert "Check morale: at 1 or more casualties in a turn" in guns
    assert "Shot & shell: +1 die (rifled guns)" in guns and "Fought out: at 1 or fewer" in guns
    assert "Shot & shell: -1 die (smoothbore)" in cards["old_guns"]
    assert 'Move: 20"; no shot in a turn it moves' in cards["sniper"]
    assert 'Range: 30" (900 yards), at generals only' in cards["sniper"]
    assert "Fought out:" not in cards["sniper"]


# -- Rank and File -------------------------------------------------------------------------------
# Morale/rally: Veteran 3, Regular 4, Green 5 on a D6 (6 passes, 1 fails); at 50% or less of the
# starting stands every test fails (not single stands); fire and melee hit on 4+ (p.52).
def test_rank_and_file_cards_carry_the_starting_numbers_and_the_half_rule() -> None:
    units = (
        _unit("foot", "infantry", 7, quality="veteran"),
        _unit("horse", "cavalry", 4, quality="green", attributes={"elite": True}),
        _unit("gun", "artillery", 1, quality="regular"),
        _unit("wagon", "wagon", 1, quality="green"),
        _unit("jumbo", "elephant", 1, quality="regular"),
    )
    cards = _cards(_game("rank-and-file", *units))
    foot = cards["foot"]
    assert "Morale / rally: 3+ on 1D6 (a 6 passes, a 1 fails)" in foot
    # 7 stands: 3 left is 43%, 4 left 57% (the rally example: 4 of 7 is not yet at 50%)
    assert "50% rule: fails every morale and rally test with 3 or fewer stands left" in foot
    assert "Fire: each die hits on 4+" in foot and "Melee: each die hits on 4+" in foot
    horse = cards["horse"]
    assert "Morale / rally: 5+" in horse and "with 2 or fewer stands left" in horse
    assert "Elite" not in horse.split("Morale")[1]  # the re-rolls rule is optional, and off
    gun = cards["gun"]
    assert "Morale / rally: 4+" in gun and "50% rule:" not in gun and "Single stand:" in gun
    assert 'limbers and retires 2D6" (foot) or 3D6" (horse)' in gun
    assert "Routed: removed: it may not rally" in gun
    assert "Fire: none" in cards["wagon"] and "the wagons are captured" in cards["wagon"]
    assert "Cavalry attacking it: hit only on a 6" in cards["jumbo"]
    optional = _cards(
        _game("rank-and-file", *units, options=("rerolls", "artillery_rally", "elephant_stampede"))
    )
    assert "Elite: one re-roll of a failed morale or rally test" in optional["horse"]
    assert "Routed: may try to rally" in optional["gun"]
    assert 'stampedes 3D6"' in optional["jumbo"]


# -- Republique ----------------------------------------------------------------------------------
# 4.3: in line +1; flank -2, rear -4, only the worse; squares have no flank or rear; -1 each base
# lost this player turn and each skirmish base; 4.2 artillery counts as one base; 4.6 one
# morale hit for charge movement.
def test_republique_cards_carry_the_assault_modifiers() -> None:
    game = _game(
        "republique",
        _unit("foot", "infantry", 6, quality="veteran", formation="line"),
        _unit("horse", "cavalry", 4, quality="regular", formation="line"),
        _unit("guns", "artillery", 1, quality="regular", formation="unlimbered"),
    )
    cards = _cards(game)
    assert "In line: +1 in an assault" in cards["foot"] and "In line: +1" in cards["horse"]
    assert "Hit in flank / rear: -2 / -4, the worse only; a square has neither" in cards["foot"]
    assert "a square" not in cards["horse"] and "Hit in flank / rear: -2 / -4" in cards["horse"]
    assert "modifiers lost: see the 4.2 table" in cards["horse"]
    assert "Counts as: one base" in cards["guns"] and "In line" not in cards["guns"]
    for text in cards.values():
        assert "Losses: -1 a base lost this player turn" in text
        assert "Charge movement: one morale hit at the turn's end" in text
        assert "Troop grade" not in text  # its values are gaps: never printed


# -- the printed page ----------------------------------------------------------------------------
def test_the_printed_html_holds_the_facts_notes_and_markers_as_players_say_them() -> None:
    game = _game(
        "one-if-by-land",
        _unit(
            "foot",
            "infantry",
            12,
            quality="regular",
            formation="close_order",
            notes='Held the <ford> & "the mill"',
        ),
    )
    game.edit_unit("foot", "markers", ["panic", "charge_limit"], at=AT)
    html = cards_html(game)
    assert re.search(r'<div class="facts"><div class="fact"><b>Morale number:</b> 7 or less', html)
    text = _text(html)
    assert "Markers: Charge limit, Panic marker" in text and "one at most" not in text
    assert 'Notes: Held the <ford> & "the mill"' in text and "<ford>" not in html


def test_a_fact_the_house_rules_change_is_marked_house(tmp_path: Path) -> None:
    house = tmp_path / "club.toml"
    house.write_text(
        'ruleset = "one-if-by-land"\ntitle = "Club"\n[patch.lookups.morale_number]\nregular = 6\n'
    )
    game = new_game("one-if-by-land", house_rules=str(house), name="house")
    game.add_side(Side("a", "Army A"), at=AT)
    game.add_unit(_unit("foot", "infantry", 12, quality="regular"), at=AT)
    html = card(game.ruleset, game.state, game.state.unit("foot"))
    fact = re.search(r'<div class="fact"><b>Morale number:</b>(.*?)</div>', html)
    assert fact is not None and "6 or less" in fact.group(1) and ">HOUSE<" in fact.group(1)
    other = re.search(r'<div class="fact"><b>Range:</b>(.*?)</div>', html)
    assert other is not None and "HOUSE" not in other.group(1)


@pytest.mark.parametrize(
    ("ruleset_id", "expected"),
    [
        ("one-if-by-land", "elite: 9 or less on 1d10; veteran: 8 or less on 1d10"),
        ("mwan116-acw", 'mounted 30" · dismounted 20"'),
        ("rank-and-file", "green: 5+ on 1D6 (a 6 passes, a 1 fails)"),
        ("republique", "+1 in an assault"),
    ],
)
def test_the_reference_sheet_lists_the_card_facts(ruleset_id: str, expected: str) -> None:
    text = _text(reference_html(game_ruleset(ruleset_id)))
    assert "On the unit cards" in text and expected in text
