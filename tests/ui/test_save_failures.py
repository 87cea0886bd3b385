"""The app when saving fails (a real failure: the saves folder removed during play; and an
injected full disk): play goes on, the status bar says since when the game is not saved and
why, saving is retried, and "Save as..." puts the whole game elsewhere."""

from __future__ import annotations

import shutil
from pathlib import Path

import faultfs
import pytest
from drumhead.screens.dialogs.save_as import SaveAsModal
from drumhead.screens.views.battle import BattleScreen
from drumhead.screens.widgets.status_bar import StatusBar

from drumhead.saves import list_saves, load_save
from tests.ui.helpers import cards_app, start_game


def _status(app: object) -> str:
    bar = app.screen.query_one(StatusBar)  # type: ignore[attr-defined]
    return str(bar.render())


async def test_a_removed_saves_folder_does_not_end_the_game(tmp_path: Path) -> None:
    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_game(pilot)
        assert isinstance(app.screen, BattleScreen) and app.session.game is not None
        folder = app.session.saves_folder()
        await app.workers.wait_for_complete()
        shutil.rmtree(folder)  # the saves folder goes while the game is played
        await pilot.press("n")  # next phase: autosaved in a worker, which fails
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, BattleScreen)
        status = _status(app)
        assert "not saved since" in status and "saves folder is missing" in status
        # the problem has a line of its own: the turn and phase still show whole
        assert status.splitlines()[0].endswith(
            f"{app.session.game.turn_label()} · mill · Cards Test"
        )
        assert not folder.exists()  # not made up again behind the players' backs
        await pilot.press("n")  # play goes on; the warning stays
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "not saved since" in _status(app)
        played = app.session.game.state
        # Save as...: a path in another folder
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SaveAsModal)
        elsewhere = tmp_path / "usb" / "rescued"
        field = app.screen.query_one("#save-as-name")
        field.value = str(elsewhere)  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, BattleScreen)
        assert "not saved" not in _status(app)
        rescued = load_save(elsewhere.with_suffix(".toml")).game
        assert rescued.state == played
        await pilot.press("n")  # saving goes on at the new place
        await app.workers.wait_for_complete()
        expected = app.session.game.state
        await pilot.press("ctrl+q")
    assert not app.is_running
    assert load_save(elsewhere.with_suffix(".toml")).game.state == expected
    assert [s.locked for s in list_saves(elsewhere.parent)] == [False]  # the lock is let go


async def test_a_full_disk_warns_retries_and_recovers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = cards_app()
    app.SAVE_RETRY_EVERY = 0.05
    async with app.run_test(size=(80, 24)) as pilot:
        await start_game(pilot)
        assert app.session.game is not None
        await app.workers.wait_for_complete()
        disk = faultfs.FaultyDisk(app.session.saves_folder(), monkeypatch)
        with disk.full(0):
            await pilot.press("n")
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert app.is_running
            assert "the disk is full" in _status(app)
            assert any("Not saved" in (n.title or "") for n in app._notifications)
            # ctrl+q cannot save: the app stays, and says so
            await pilot.press("ctrl+q")
            await pilot.pause()
            assert app.is_running and app.session.game is not None
        # room again: the retry timer saves without another change
        for _ in range(40):
            await pilot.pause(0.05)
            await app.workers.wait_for_complete()
            if "not saved" not in _status(app):
                break
        assert "not saved" not in _status(app)
        path = app.session.save.path
        assert load_save(path).game.state == app.session.game.state
        await pilot.press("ctrl+q")
    assert not app.is_running
    assert [s.locked for s in list_saves(path.parent)] == [False]


async def test_save_as_refuses_a_bad_name_in_the_dialog() -> None:
    app = cards_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await start_game(pilot)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SaveAsModal)
        app.screen.query_one("#save-as-name").value = "mill"  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SaveAsModal)  # refused: that save exists
        assert "exists already" in str(app.screen.query_one("#save-as-error").render())
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, BattleScreen)
        await pilot.press("ctrl+q")
