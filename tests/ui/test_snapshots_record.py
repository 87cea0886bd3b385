"""Snapshots of the game's record: the luck screen, the revert dialog with a conflict, and the
log with reverted and dropped entries. Games start from the test scenario with the app's seed
fixed (1776), so the rolled dice are the same on every run. Each picture is taken at 120x40."""

from __future__ import annotations

from textual.pilot import Pilot

from tests.ui.helpers import SIZE, cards_app
from tests.ui.test_record import play_two_routs


async def _log_on_entry_one(pilot: Pilot) -> None:
    """The log, its notices gone (a toast left on the screen under a dialog would stay in
    the picture), entry 1 highlighted."""
    await play_two_routs(pilot)
    pilot.app.clear_notifications()
    await pilot.press("l")
    await pilot.pause()
    await pilot.press("home", "down")
    await pilot.pause()


class TestLuckScreen:
    def test_game_and_unit(self, snap_compare) -> None:
        """The luck screen after two routs (Blue Horse's 9 typed in, Red Line's rolled): on
        the left 'The whole game', 'Side: Blue', '  Blue Horse', 'Side: Red', '  Red Line
        Regiment' each after its average (5%); on the right Blue Horse: '1 check, 1 with dice
        by hand; 1 rated; average 5%', its only rated roll with what it decided, the chart
        'turn rated below par|above par average' with turn 1's bar of nine '#' left of '|'
        and 5%, and its roll marked 'dice by hand'."""

        async def run(pilot: Pilot) -> None:
            await play_two_routs(pilot)
            pilot.app.clear_notifications()
            await pilot.press("l")
            await pilot.pause()
            await pilot.press("s")
            await pilot.pause()
            await pilot.press("down", "down")
            await pilot.pause()
            pilot.app.clear_notifications()

        assert snap_compare(cards_app(), terminal_size=SIZE, run_before=run)


class TestRevertDialog:
    def test_a_conflict(self, snap_compare) -> None:
        """r on entry 1 (Blue Horse's morale test): the dialog over the dimmed log names the
        entry, says entry 2 (its effects applied) no longer applies and must be dropped, with
        '✗' and 'why: applies the effects of entry 1, which will not count', what the card
        would read ('Blue Horse: state rout → good order; markers panic → none'), and the
        buttons 'Drop 1 and revert (y)' and 'Cancel (Esc)' (focused)."""

        async def run(pilot: Pilot) -> None:
            await _log_on_entry_one(pilot)
            await pilot.press("r")
            await pilot.pause()
            pilot.app.clear_notifications()

        assert snap_compare(cards_app(), terminal_size=SIZE, run_before=run)


class TestLogAfterRevert:
    def test_marked_entries(self, snap_compare) -> None:
        """The log after reverting entry 1 and dropping 2: both still listed, greyed and
        marked '[reverted by 5]' and '[dropped by 5]'; entries 3 and 4 as before; entry 5
        'Reverted entry 1; dropped 2 (no longer applied without it)' highlighted."""

        async def run(pilot: Pilot) -> None:
            await _log_on_entry_one(pilot)
            await pilot.press("r")
            await pilot.pause()
            await pilot.press("y")
            await pilot.pause()
            pilot.app.clear_notifications()

        assert snap_compare(cards_app(), terminal_size=SIZE, run_before=run)
