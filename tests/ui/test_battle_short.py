"""The battle screen at 80x24: the selected unit's card shows its strength, morale and
markers (it showed one line of the card once a card was drawn), and the footer's keys fit on
the line (it ended "e Uni"), for every shipped ruleset, at every step of the first turn."""

from __future__ import annotations

import pytest
from drumhead.screens.views.battle import BattleScreen
from drumhead.screens.widgets.card_pane import CardPane
from drumhead.screens.widgets.footer import KeysFooter
from textual.widgets._footer import FooterKey

from drumhead.game import load_scenario, new_game
from tests.ui.helpers import make_app, open_on_battle, until

AT = "2026-01-01T10:00:00+00:00"


def card_lines(battle: BattleScreen) -> list[str]:
    pane = battle.query_one("#unit-card", CardPane)
    return [pane.render_line(y).text for y in range(pane.content_region.height)]


def footer_fits(battle: BattleScreen) -> bool:
    keys = list(battle.query_one(KeysFooter).query(FooterKey))
    return bool(keys) and max(k.region.right for k in keys) <= 80


@pytest.mark.parametrize(
    "scenario", ["cowpens-1781", "first-bull-run-henry-hill", "aspern-1809", "rnf-wave-attack"]
)
async def test_the_card_and_the_footer_fit_at_80x24(scenario: str) -> None:
    loaded = load_scenario(scenario)
    game = new_game(loaded.ruleset, scenario=loaded, seed=2)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_on_battle(pilot, game)
        battle = app.screen
        assert isinstance(battle, BattleScreen) and battle.has_class("-short")
        for _ in range(12):  # a card drawn, the phases and their loops on the way
            await pilot.pause()
            shown = "\n".join(card_lines(battle))
            for label in ("Strength", "Morale", "Markers"):
                assert label in shown, (game.turn_label(), shown)
            assert footer_fits(battle), game.turn_label()
            app.session.next_step()
            await until(pilot, lambda: not battle.stale)
