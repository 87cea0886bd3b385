"""The roster's entries are the compact cards of the battle screen (three lines a unit): a
marker there is named the short way, as the printed card names it ("Charge move used"), not
by its whole label ("Used assault bonus (charge) movement this turn", which ran off the
entry at 80x24). The unit's full card keeps the whole label."""

from __future__ import annotations

from drumhead.screens.views.battle import BattleScreen
from textual.widgets import OptionList

from drumhead.game import load_scenario, new_game
from tests.ui.helpers import make_app, open_on_battle, option_entries, until

AT = "2026-01-01T10:00:00+00:00"


async def test_the_roster_names_markers_the_short_way() -> None:
    loaded = load_scenario("aspern-1809")
    game = new_game(loaded.ruleset, scenario=loaded, seed=2)
    unit = game.state.units[0]
    game.edit_unit(unit.id, "markers", ["charged"], at=AT)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_on_battle(pilot, game)
        battle = app.screen
        assert isinstance(battle, BattleScreen)
        roster = battle.query_one("#roster", OptionList)
        await until(pilot, lambda: roster.option_count > 0)
        entry = dict(option_entries(roster))[unit.id]
        assert "⚑Charge move used" in entry and "Used assault bonus" not in entry
        assert "Used assault bonus (charge) movement this turn" in str(battle.shown_card)
