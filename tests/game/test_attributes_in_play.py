"""A ruleset's own card values in a game: read, edited, checked, shown (issue 18 item 5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from drumhead.errors import InputError, RulesetError
from drumhead.game import load_scenario, new_game
from drumhead.game.attributes import editable_fields, shown_attributes, value_of
from drumhead.game.game import card_fields
from drumhead.paper.cards import card

AT = "2026-11-23T20:00:00Z"


@pytest.fixture
def wave():  # type: ignore[no-untyped-def]
    return new_game("rank-and-file", scenario=load_scenario("rnf-wave-attack"), seed=7)


def test_the_cards_give_the_rulesets_values(wave) -> None:  # type: ignore[no-untyped-def]
    state, rs = wave.state, wave.ruleset
    battery = state.unit("union_battery")
    assert battery.attributes == (("hits_per_stand", 3),)
    assert value_of(rs, battery, "elite") is False  # the declared default
    assert value_of(rs, state.unit("csa_first_wave"), "hits_per_stand") is None  # none given
    fields = card_fields(rs, state, "csa_second_wave")  # the brigade leader is with it
    assert (fields["elite"], fields["leader_rerolls"]) == (False, 1)
    assert card_fields(rs, state, "csa_first_wave")["leader_rerolls"] == 0  # no leader: default


def test_an_attribute_is_edited_checked_and_cleared(wave) -> None:  # type: ignore[no-untyped-def]
    assert editable_fields(wave.ruleset)["hits_per_stand"] == "count?"
    assert editable_fields(wave.ruleset, leader=True)["rerolls"] == "count?"
    event = wave.edit_unit("csa_first_wave", "elite", True, at=AT)
    assert dict(event.data) == {
        "target": "unit",
        "id": "csa_first_wave",
        "field": "elite",
        "new": True,
        "attribute": True,
    }
    with pytest.raises(InputError, match="Elite takes true or false, not 3"):
        wave.edit_unit("csa_first_wave", "elite", 3, at=AT)
    with pytest.raises(InputError, match="Hits per stand takes a whole number, 1 or more"):
        wave.edit_unit("csa_first_wave", "hits_per_stand", 0, at=AT)
    with pytest.raises(InputError, match=r"'skirmishers' cannot be edited .*elite, hits_per_stand"):
        wave.edit_unit("csa_first_wave", "skirmishers", 1, at=AT)
    wave.edit_unit("csa_first_wave", "elite", None, at=AT)  # cleared: the default again
    assert wave.state.unit("csa_first_wave").attributes == ()
    wave.undo()
    assert wave.state.unit("csa_first_wave").attribute("elite") is True


def test_hits_count_stands_by_the_declared_attribute(wave) -> None:  # type: ignore[no-untyped-def]
    from drumhead.errors import MissingHitsPerStandError

    with pytest.raises(MissingHitsPerStandError) as info:
        wave.apply_effects("csa_first_wave", [{"kind": "hits", "amount": 2, "text": "2"}], at=AT)
    assert (info.value.attribute, info.value.label) == ("hits_per_stand", "Hits per stand")
    wave.apply_effects("union_battery", [{"kind": "hits", "amount": 4, "text": "4"}], at=AT)
    battery = wave.state.unit("union_battery")
    assert (battery.strength_now, battery.hits) == (0, 1)  # 3 a stand: one lost, 1 left


def test_the_printed_card_shows_them(wave) -> None:  # type: ignore[no-untyped-def]
    wave.edit_unit("csa_second_wave", "elite", True, at=AT)
    html = card(wave.ruleset, wave.state, wave.state.unit("csa_second_wave"))
    assert "Elite: yes" in html and "Re-rolls: 1" in html
    battery = card(wave.ruleset, wave.state, wave.state.unit("union_battery"))
    assert "Hits on the stand (3 lose a stand)" in battery
    assert "Hits per stand:" not in battery  # shown once, as its boxes
    assert shown_attributes(wave.ruleset, wave.state.unit("union_regiment")) == []


def test_a_scenario_giving_an_undeclared_value_is_refused_at_its_line(tmp_path: Path) -> None:
    text = (
        Path(__file__).resolve().parents[2] / "data" / "scenarios" / "rnf-wave-attack.toml"
    ).read_text(encoding="utf-8")
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace("hits_per_stand = 3", "skirmishers = 3"), encoding="utf-8")
    with pytest.raises(RulesetError) as info:
        load_scenario(bad)
    assert info.value.key == "units.3.skirmishers" and info.value.line is not None
    assert "declares no unit attribute 'skirmishers'" in info.value.message
    bad.write_text(text.replace("hits_per_stand = 3", "hits_per_stand = 0"), encoding="utf-8")
    with pytest.raises(RulesetError, match="Hits per stand takes a whole number, 1 or more"):
        load_scenario(bad)
