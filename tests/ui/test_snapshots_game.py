"""Snapshots of the screens that need a game: new game, battle, log, units, initiative.

Games start from the test scenarios with the app's seed fixed (1776), so every roll and the
shuffled card deck are the same on every run. Each picture is taken at 120x40 (a second at
80x24 only for a layout rule, named in its id).
"""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from tests.ui.helpers import NARROW, SIZE, cards_app, initiative_app, start_game


class TestNewGameScreen:
    @pytest.mark.parametrize(
        "size",
        [pytest.param(SIZE, id="120x40"), pytest.param(NARROW, id="80x24-headings-wrap")],
    )
    def test_pick(self, snap_compare, size) -> None:
        """New game on Cards Test: ruleset list, (no) optional rules, the scenario list with
        'Skirmish at the Mill' (highlighted) then 'Empty battlefield', the name field, and on
        the right the ruleset's description and its open question about rally distance.

        The layout rule pictured at 80x24: a heading wider than its column wraps ('2. Optional
        rules (space toggles, / tab moves on)'), never cut; the name field is below, out of
        sight."""
        assert snap_compare(cards_app(), terminal_size=size, press=["n"])


class TestBattleScreen:
    def test_roster(self, snap_compare) -> None:
        """The battle screen after one card drawn: status line 'Turn 1 · Phase: Card
        activation'; the roster grouped Blue/Red and by brigade, each unit with type,
        quality, formation, strength bar and n/n numbers, morale state in words ('‼ Shaken'
        for Red Line), markers (⚑Fired) and the attached leader (★ Col. Azure); the ▶ card
        drawn brigade, the cursor on its first unit and that unit's full card beside it;
        'Card: ... (1 of 4 drawn)'; the phase
        checklist with 'Draw the next brigade card' ticked (✓)."""

        async def run(pilot: Pilot) -> None:
            await start_game(pilot)
            await pilot.press("d", "s", "space")
            await pilot.pause()
            pilot.app.clear_notifications()

        assert snap_compare(cards_app(), terminal_size=SIZE, run_before=run)

    def test_initiative_modal(self, snap_compare) -> None:
        """The MWAN-like game's initiative dialog: the four winner/first combinations of
        Northern and Southern Army listed over the dimmed battle screen."""

        async def run(pilot: Pilot) -> None:
            await start_game(pilot, "crossroads")
            await pilot.press("i")
            await pilot.pause()
            pilot.app.clear_notifications()

        assert snap_compare(initiative_app(), terminal_size=SIZE, run_before=run)


class TestLogScreen:
    def test_entries_and_undone(self, snap_compare) -> None:
        """The log after a hand-rolled morale test (typed 9: routs, with its odds), its
        effects applied, a card drawn and that draw undone: the first entry marked 'Turn 1 ·
        Card activation ▸', the undone draw struck through and marked '[undone]' under the
        'undone' rule, the latest entry highlighted, its turn and phase above the list and
        its whole text below; the footer offers r (revert entry) and s (luck). The status
        line still says what u did ('Undone: Card drawn: red first (U redoes)')."""

        async def run(pilot: Pilot) -> None:
            await start_game(pilot)
            await pilot.press("down", "down", "m", "h", "9", "enter", "a")
            await pilot.pause()
            await pilot.press("d", "u", "l")
            await pilot.pause()
            pilot.app.clear_notifications()

        assert snap_compare(cards_app(), terminal_size=SIZE, run_before=run)


class TestUnitsScreen:
    def test_fields(self, snap_compare) -> None:
        """The units screen on 1st Blue Guards: the unit list, its full card, and every
        editable field in words with its value (name, side 'Blue (blue)', brigade, ...,
        'strength now: 24', markers, 'removed: no'), then the test ruleset's own attribute
        by its label, 'Hits per stand: none' (none given yet)."""

        async def run(pilot: Pilot) -> None:
            await start_game(pilot)
            await pilot.press("e")
            await pilot.pause()
            pilot.app.clear_notifications()

        assert snap_compare(cards_app(), terminal_size=SIZE, run_before=run)

    def test_edit_modal_refuses(self, snap_compare) -> None:
        """Correcting strength_now with 'ten': the edit dialog stays open with '✗ 'ten' is
        not a whole number'."""

        async def run(pilot: Pilot) -> None:
            await start_game(pilot)
            await pilot.press("e", "enter")
            for _ in range(11):
                await pilot.press("down")
            await pilot.press("enter", *"ten", "enter")
            await pilot.pause()
            pilot.app.clear_notifications()

        assert snap_compare(cards_app(), terminal_size=SIZE, run_before=run)


class TestResolveForAUnit:
    def test_prefilled_with_auto_modifier(self, snap_compare) -> None:
        """The morale test of 1st Blue Guards opened with m: the title 'Resolve: 1st Blue
        Guards', inputs filled from the card (veteran, 24 figures, officer rating 2), the
        automatic '[✓] -2: officer rated 2 with the unit', 'Needs ≤ 8 after modifiers (-2)'
        and every outcome's odds (Passes 100%)."""

        async def run(pilot: Pilot) -> None:
            await start_game(pilot)
            await pilot.press("m")
            await pilot.pause()

        assert snap_compare(cards_app(), terminal_size=SIZE, run_before=run)

    def test_pick_the_opponent(self, snap_compare) -> None:
        """Fire from Blue Rifles, 4 typed by hand, then a: the dialog 'Which unit is the
        opponent?' listing the effect 'The target loses 4 figures' and the other units."""

        async def run(pilot: Pilot) -> None:
            await start_game(pilot)
            pilot.app.action_open_resolve("fire", "blue_rifles")
            await pilot.pause()
            await pilot.press("h", "4", "enter", "a")
            await pilot.pause()
            pilot.app.clear_notifications()

        assert snap_compare(cards_app(), terminal_size=SIZE, run_before=run)

    def test_rolled_again_asks_first(self, snap_compare) -> None:
        """The morale test of 1st Blue Guards, 6 typed by hand, then r: the dialog 'Morale
        test: rolled already', 'Entry 1 of the log: Passes.', that rolling again logs a
        second check and how to undo the first instead, with 'Keep the first (Esc)' focused
        and 'Roll again (y)' beside it."""

        async def run(pilot: Pilot) -> None:
            await start_game(pilot)
            await pilot.press("m")
            await pilot.pause()
            await pilot.press("h", "6", "enter", "r")
            await pilot.pause()
            pilot.app.clear_notifications()

        assert snap_compare(cards_app(), terminal_size=SIZE, run_before=run)
