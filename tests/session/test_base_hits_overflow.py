"""Base hits past every primary-contact base land on the incidental units (issue 35; Republique
4.4 Base hits: "Only if all primary contact bases are lost will remaining unassigned base hits
be allotted to incidental contact units"). They were a note ("removed by hand"); now each is a
pick among the side's incidental units that still have a base (ruling rep-base-hits-picked).

Worked by hand: every infantry cell of the club's chart made 'Defender 1M 6B' (whatever the
dice, the defenders take 6 base hits). Hiller's line (6 bases) assaults the 16e Ligne (4
bases, primary contact) with the 67e and 37e Ligne 25-50mm away (4 bases each, incidental).
The 16e loses its 4 bases (the only primary unit: no pick); the 2 left are picked among the
67e and 37e: one each. Every defending unit takes the morale hit: disordered.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from phases import to_phase
from table_turn import open_table

from drumhead.errors import PickNeededError
from drumhead.saves import load_save
from drumhead.session import TableSession

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "data" / "house-rules" / "republique-sample-club-values.toml"
DEFENDERS = ("ligne_16", "ligne_67", "ligne_37")


@pytest.fixture
def table(tmp_path: Path):  # type: ignore[no-untyped-def]
    text, n = re.subn(
        r'(?m)^(chart_infantry_\w+) = ".*"$',
        r'\1 = "Defender 1M 6B"',
        SAMPLE.read_text(encoding="utf-8"),
    )
    assert n == 20  # the sample's cells (the text's own are in the ruleset)
    house = tmp_path / "club.toml"
    house.write_text(text, encoding="utf-8")
    table = open_table(tmp_path / "saves", "republique", "aspern-1809", str(house))
    to_phase(table)
    yield table
    table.close(force=True)


def _cards(table: TableSession) -> dict[str, tuple[int, str]]:
    state = table.open_game_or_fail().state
    return {u: (state.unit(u).strength_now, state.unit(u).state) for u in DEFENDERS}


def _rolled(table: TableSession):  # type: ignore[no-untyped-def]
    form = table.form("assault", "hiller_line")
    form.set_role("defender", "ligne_16")
    form.set_role("defender_incidental", "ligne_67")
    form.add_to_role("defender_incidental", "ligne_37")
    assert (form.values["defender_bases_primary"], form.values["defender_bases_incidental"]) == (
        4,
        8,
    )
    (together,) = [line for line in form.card_lines() if line.startswith("Every card picked")]
    assert "Defender: bases in primary contact (within 25mm of the facing arc): 4" in together
    assert "Defender: troop grade of most bases present: veteran" in together
    form.roll([5, 5])
    first = form.check.role_ids[0]
    return form, {first: "hiller_line", **form.picked_roles()}


def test_base_hits_past_the_primary_bases_are_picked_among_the_incidental_units(
    table: TableSession, tmp_path: Path
) -> None:
    form, roles = _rolled(table)
    lose = [(e.who, e.amount) for e in form.effects if e.kind == "lose"]
    assert lose == [("pick:defender", 4), ("pick:defender_incidental", 2)]
    assert not [e for e in form.effects if e.kind == "note" and "by hand" in e.text]
    before = _cards(table)
    with pytest.raises(PickNeededError) as asked:
        table.apply_effects("hiller_line", form.effects, roles)
    assert (asked.value.role, asked.value.units) == (
        "defender_incidental",
        ("ligne_67", "ligne_37"),
    )
    assert _cards(table) == before  # nothing half-applied
    assert table.apply_effects(
        "hiller_line", form.effects, roles, {"defender_incidental": ["ligne_67", "ligne_37"]}
    )
    after = {
        "ligne_16": (0, "disordered"),
        "ligne_67": (3, "disordered"),
        "ligne_37": (3, "disordered"),
    }
    assert _cards(table) == after
    saved = load_save(table.save_as(str(tmp_path / "kept"))).game.state
    assert saved == table.open_game_or_fail().state
    table.undo()
    assert _cards(table) == before


def test_the_game_s_dice_may_pick_the_incidental_units(table: TableSession) -> None:
    form, roles = _rolled(table)
    assert table.apply_effects(
        "hiller_line", form.effects, roles, {"defender_incidental": ["random", "random"]}
    )
    cards = _cards(table)
    assert cards["ligne_16"] == (0, "disordered")
    assert cards["ligne_67"][0] + cards["ligne_37"][0] == 6  # 8 incidental bases, 2 taken


def test_a_value_the_players_gave_stays_when_more_cards_are_picked(table: TableSession) -> None:
    """The players say the defenders are mostly green before picking the incidental units:
    the cards picked afterwards (veteran, by bases) never change it silently; the form says
    what the cards say."""
    form = table.form("assault", "hiller_line")
    form.set_role("defender", "ligne_16")
    assert form.set_input("defender_grade", "green")
    form.set_role("defender_incidental", "ligne_67")
    form.add_to_role("defender_incidental", "ligne_37")
    assert form.values["defender_grade"] == "green"
    assert form.values["defender_bases_incidental"] == 8  # not given: read from the cards
    assert (
        "Kept as you gave it: Defender: troop grade of most bases present: green "
        "(the cards picked say veteran)"
    ) in form.card_lines()
