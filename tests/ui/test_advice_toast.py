"""The app shows the session's advice as a game opens (drumhead.session's advice())."""

from __future__ import annotations

from pathlib import Path

from drumhead.screens.views.battle import BattleScreen

from tests.ui.helpers import make_app, until


async def test_a_commander_card_phase_that_never_comes_up_is_told(tmp_path: Path) -> None:
    app = make_app(saves=str(tmp_path / "saves"), ruleset="one-if-by-land")
    told: list[str] = []
    real_tell = app.tell

    def tell(notice: object) -> None:
        told.append(getattr(notice, "text", ""))
        real_tell(notice)  # type: ignore[arg-type]

    app.tell = tell  # type: ignore[method-assign]
    async with app.run_test(size=(120, 40)) as pilot:
        app.session.new_game(
            "one-if-by-land", "cowpens", options=["division_cards"], scenario="cowpens-1781"
        )
        await until(pilot, lambda: isinstance(app.screen, BattleScreen))
        expected = [n.text for n in app.session.advice()]
        assert expected and all(text in told for text in expected)
