"""A revert whose plan replays many entries is planned in a worker thread: the log says so at
once, and the plan offered is word for word the one planned as r is pressed; a second r
meanwhile is told to wait; a refusal is told; a plan finished after the log was left is not
shown over another screen."""

from __future__ import annotations

import threading

import pytest
from drumhead.screens.dialogs.revert import RevertModal
from drumhead.screens.views import log as log_view
from drumhead.screens.views.battle import BattleScreen
from drumhead.screens.views.log import LogScreen
from textual.pilot import Pilot

from drumhead.errors import DrumheadError
from drumhead.session import record
from tests.ui.helpers import cards_app, open_log, until
from tests.ui.test_record import play_two_routs, revert_dialog


def said(app: object) -> list[str]:
    return [n.message for n in app._notifications]  # type: ignore[attr-defined]


def hold_plans(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """Every revert planned in the background, each plan waiting until the event is set."""
    release = threading.Event()
    real = record.plan_revert

    def held(session: object, seq: int) -> object:
        release.wait(10)
        return real(session, seq)  # type: ignore[arg-type]

    monkeypatch.setattr(log_view, "PLAN_AT_ONCE", 0)
    monkeypatch.setattr(log_view, "plan_revert", held)
    return release


async def plan_entry_one(pilot: Pilot[None]) -> LogScreen:
    screen = await open_log(pilot)
    await pilot.press("home", "down")  # entry 1, under the turn's heading
    assert screen.highlighted_seq() == 1
    await pilot.press("r")
    return screen


async def test_planned_in_the_background_it_offers_the_same_plan(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await play_two_routs(pilot)
        await plan_entry_one(pilot)
        await revert_dialog(pilot, app)
        dialog = app.screen
        assert isinstance(dialog, RevertModal)
        at_once = dialog.body_text()
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, LogScreen))
        assert "Planning" not in " ".join(said(app))

        release = hold_plans(monkeypatch)
        await pilot.press("r")
        await pilot.pause()
        assert "Planning the revert of entry 1: replaying the 3 entries after it…" in said(app)
        assert isinstance(app.screen, LogScreen)
        await pilot.press("r")
        await pilot.pause()
        assert "Still planning the revert of entry 1…" in said(app)
        release.set()
        await revert_dialog(pilot, app)
        dialog = app.screen
        assert isinstance(dialog, RevertModal)
        assert dialog.body_text() == at_once
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, LogScreen))


async def test_a_refusal_in_the_background_is_told(monkeypatch: pytest.MonkeyPatch) -> None:
    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await play_two_routs(pilot)
        monkeypatch.setattr(log_view, "PLAN_AT_ONCE", -10)  # even the latest entry
        screen = await open_log(pilot)
        await pilot.press("home", "down", "r")  # entry 1 ...
        await revert_dialog(pilot, app)
        await pilot.press("escape")  # ... planned; cancelled
        await until(pilot, lambda: isinstance(app.screen, LogScreen))
        await pilot.press("home")  # the turn's heading, not an entry: told at once
        await pilot.press("r")
        await pilot.pause()
        assert "Highlight an entry of the log to revert it." in said(app)

        def refuse(session: object, seq: int) -> object:
            raise DrumheadError(f"entry {seq} cannot be read")

        monkeypatch.setattr(log_view, "plan_revert", refuse)
        await pilot.press("down", "r")
        await until(pilot, lambda: "entry 1 cannot be read" in said(app))
        assert screen.planning is None and isinstance(app.screen, LogScreen)


async def test_a_plan_finished_after_the_log_was_left_is_not_shown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await play_two_routs(pilot)
        release = hold_plans(monkeypatch)
        screen = await plan_entry_one(pilot)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, BattleScreen))
        release.set()
        await until(pilot, lambda: screen.planning is None)
        await pilot.pause()
        assert isinstance(app.screen, BattleScreen)
        assert "The revert of entry 1 was planned after the log closed: not shown." in said(app)
