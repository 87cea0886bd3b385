"""A long game's past, once replayed, is frozen out of the garbage collector's full walks for as
long as the game is open (a full collection over a 500-unit, 50,000-event game was a pause of
100 ms and more inside a key), and thawed when the game is closed or another is opened."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest
from drumhead.screens import app as app_module
from drumhead.screens.views.battle import BattleScreen

from tests.bench import make_game
from tests.ui.helpers import make_app, until


@pytest.fixture
def long_saves(tmp_path: Path) -> Path:
    """A folder holding a save with a past to replay (Cowpens' units, 300 events)."""
    make_game.make(tmp_path / "saves", units=16, events=300, checks=False, name="long")
    return tmp_path / "saves"


@pytest.fixture(autouse=True)
def _thawed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(app_module, "REPLAY_AFTER", 0.05)
    gc.unfreeze()
    yield
    gc.unfreeze()


async def test_the_replayed_past_is_frozen_until_the_game_is_closed(long_saves: Path) -> None:
    app = make_app(saves=str(long_saves))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, BattleScreen))
        frozen_at_start = gc.get_freeze_count()  # what start-up froze after its first frame
        await until(pilot, lambda: not app.session.needs_replay() and app.past_frozen)
        assert gc.get_freeze_count() > frozen_at_start
        await pilot.press("ctrl+w")  # close the game
        await until(pilot, lambda: app.session.game is None)
        assert gc.get_freeze_count() == 0 and not app.past_frozen
        await pilot.press("ctrl+q")


async def test_a_game_with_no_past_freezes_nothing_more(tmp_path: Path) -> None:
    from tests.ui.helpers import cards_app, start_game

    app = cards_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await start_game(pilot)
        await until(pilot, lambda: isinstance(app.screen, BattleScreen))
        await pilot.pause(0.2)
        assert not app.session.needs_replay() and not app.past_frozen
        await pilot.press("ctrl+q")


async def test_a_kept_screens_first_drawing_is_frozen_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A kept screen's first showing (its widgets' first drawings: Textual's lines, each with
    its caches) is frozen with the game once it is drawn; showing it again freezes nothing."""
    from drumhead.screens.views.log import LogScreen

    from tests.ui.helpers import cards_app, start_game

    app = cards_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await start_game(pilot)
        await until(pilot, lambda: isinstance(app.screen, BattleScreen))
        battle = app.screen
        await until(pilot, lambda: app.past_frozen and battle.preparing.is_finished, limit=15)
        frozen: list[object] = []
        monkeypatch.setattr(app, "freeze_the_past", lambda: frozen.append(app.screen))
        for _ in range(2):
            await pilot.press("l")
            await until(pilot, lambda: isinstance(app.screen, LogScreen))
            await pilot.pause()
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is battle)
        assert len(frozen) == 1 and isinstance(frozen[0], LogScreen)
        await pilot.press("ctrl+q")


async def test_each_new_luck_is_frozen_once_drawn_with_the_garbage_collected_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A luck report lives until the next count: a long log's (45,000 objects) left unfrozen,
    every full collection walked it inside a key. Each new count is frozen once the screen is
    drawn, the garbage collected first (a freeze made at every count must not keep it); the
    same luck shown again freezes nothing."""
    from drumhead.screens.views.log import LogScreen
    from drumhead.screens.views.luck import LuckScreen

    from tests.ui.helpers import cards_app
    from tests.ui.test_luck_count import open_luck
    from tests.ui.test_record import play_two_routs

    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await play_two_routs(pilot)
        battle = app.screen
        assert isinstance(battle, BattleScreen)
        await until(pilot, lambda: app.past_frozen and battle.preparing.is_finished, limit=15)
        await open_luck(pilot)  # its first drawing is frozen as any kept screen's
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, LogScreen))
        await pilot.press("u", "U")  # the game changed since its count
        frozen: list[dict[str, bool]] = []
        monkeypatch.setattr(app, "freeze_the_past", lambda **how: frozen.append(how))
        screen = await open_luck(pilot)
        assert screen.counted_at_once
        await until(pilot, lambda: bool(frozen))
        await pilot.pause()
        assert frozen == [{"collect": True}]
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, LogScreen))
        await open_luck(pilot)  # nothing changed: the luck shown as counted
        await pilot.pause()
        assert frozen == [{"collect": True}]
        assert isinstance(app.screen, LuckScreen)
        await pilot.press("ctrl+q")


async def test_a_freeze_made_again_and_again_keeps_no_garbage() -> None:
    """``freeze_the_past(collect=True)`` collects first: a cycle that was garbage as it froze
    is gone, not kept until the game is closed."""
    import weakref

    from tests.ui.helpers import cards_app, start_game

    class Node:
        me: object = None

    app = cards_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await start_game(pilot)
        await until(pilot, lambda: isinstance(app.screen, BattleScreen))
        garbage = Node()
        garbage.me = garbage  # a cycle: only a collection frees it
        gone = weakref.ref(garbage)
        del garbage
        app.freeze_the_past(collect=True)
        assert gone() is None and gc.get_freeze_count() > 0
        await pilot.press("ctrl+q")
