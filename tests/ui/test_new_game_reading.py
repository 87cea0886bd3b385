"""The new-game screen never says something wrong while the highlighted ruleset is read: on
first launch it said "This ruleset has no optional rules" over an empty scenario list for
over 0.3 s. Until the ruleset is read, each step says that it is being read."""

from __future__ import annotations

import pytest
from drumhead.screens.views.new_game import READING, NewGameScreen
from textual.widgets import OptionList, SelectionList, Static

from tests.ui.helpers import make_app, until


def shown_text(screen: NewGameScreen) -> str:
    """The words of every hint shown on the left."""
    return " ".join(
        str(s.render()) for s in screen.query("#new-left Static").results(Static) if s.display
    )


async def test_the_steps_say_the_ruleset_is_being_read_until_it_is(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = NewGameScreen.show_ruleset
    asked: list[str] = []
    # the ruleset "still being read": shown only when the test says
    monkeypatch.setattr(NewGameScreen, "show_ruleset", lambda self, rid: asked.append(rid))
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen) and bool(asked))
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        await pilot.pause()
        said = shown_text(screen)
        assert "no optional rules" not in said
        assert said.count(READING) == 3  # options, scenario, house rules
        for list_id in ("#new-options", "#new-scenario", "#new-house"):
            assert not screen.query_one(list_id).display, list_id
        real(screen, "one-if-by-land")  # read now
        await pilot.pause()
        assert READING not in shown_text(screen)
        scenarios = screen.query_one("#new-scenario", OptionList)
        assert scenarios.display and scenarios.option_count >= 2
        assert screen.query_one("#new-options", SelectionList).display  # One If By Land has some
