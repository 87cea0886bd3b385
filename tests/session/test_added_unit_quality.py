"""A unit added in play with no quality (issue 35): it used to take the ruleset's first quality
('elite' in Republique), a grade no rule gave it. Now the players give it (or copy a unit of
that quality) unless the ruleset declares a default with the rule that says so
(``[default_quality]``)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from table_turn import open_table

from drumhead.errors import DrumheadError, RulesetError
from drumhead.game import GameState, new_game
from drumhead.game.state import Side
from drumhead.loading.loader import load_ruleset, load_ruleset_file, ruleset_ids
from drumhead.saves import load_save
from drumhead.session.cards import new_unit

AT = "2026-11-23T20:00:00Z"


def _with_a_side(ruleset_id: str) -> GameState:
    game = new_game(ruleset_id, seed=1)
    game.add_side(Side("a", "A"), at=AT)
    return game.state


def test_a_unit_added_with_no_quality_is_refused_with_the_qualities_to_give(
    tmp_path: Path,
) -> None:
    table = open_table(tmp_path / "saves", "republique", "aspern-1809")
    try:
        before = len(table.state.units)
        with pytest.raises(DrumheadError, match=r"needs its quality \(elite, veteran, regular"):
            table.add_unit("Landwehr battalion", None)
        assert len(table.state.units) == before  # nothing half-added
        added = table.add_unit("Landwehr battalion", None, quality="militia")
        assert table.state.unit(added).quality == "militia"
        with pytest.raises(DrumheadError, match="'conscript' is not a quality of Republique"):
            table.add_unit("Conscripts", None, quality="conscript")
        # like a unit: its quality, unless the players give another
        copied = table.add_unit("Grenz II", "hiller_grenz")
        assert table.state.unit(copied).quality == "green"
        path = table.save_as(str(tmp_path / "kept"))
        saved = load_save(path).game.state
        assert saved == table.state
        assert (saved.unit(added).quality, saved.unit(copied).quality) == ("militia", "green")
        table.undo()
        assert not table.state.has_unit(copied) and table.state.has_unit(added)
    finally:
        table.close(force=True)


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_no_shipped_ruleset_makes_up_a_grade(ruleset_id: str) -> None:
    """Every ruleset with qualities either declares a cited default or has the players give
    one: no unit is added with the first quality of the list."""
    rules = load_ruleset(ruleset_id)
    state = _with_a_side(ruleset_id)
    if not rules.qualities:
        assert new_unit(rules, state, "New", None).quality == ""
    elif rules.default_quality is None:
        with pytest.raises(DrumheadError, match="needs its quality"):
            new_unit(rules, state, "New", None)
    else:
        quality, source = rules.default_quality
        assert new_unit(rules, state, "New", None).quality == quality and source


def test_a_declared_default_is_taken_and_must_be_a_quality_with_its_rule(tmp_path: Path) -> None:
    rules = dataclasses.replace(
        load_ruleset("republique"), default_quality=("regular", "a club's own rule")
    )
    state = _with_a_side("republique")
    assert new_unit(rules, state, "New", None).quality == "regular"
    root = Path(__file__).resolve().parents[2] / "data" / "rulesets" / "republique.toml"
    for table, words in (
        ('[default_quality]\nquality = "average"\nsource = "p. 3"\n', "'average' is not one"),
        ('[default_quality]\nquality = "regular"\nsource = " "\n', "names the rule"),
    ):
        text = root.read_text(encoding="utf-8").replace(
            "\n[[sources]]", f"\n{table}\n[[sources]]", 1
        )
        path = tmp_path / "republique.toml"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(RulesetError, match=words):
            load_ruleset_file(path)
