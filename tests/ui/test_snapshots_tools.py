"""Snapshots of the screens that work without a game: start, roller, reference, resolve, gap.

Each picture is taken at 120x40 (a second at 80x24 only for a layout rule, named in its id)
with the roller's seed fixed; the docstring says what the picture must show (review the SVG
against it when it changes).
"""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from tests.ui.helpers import NARROW, SIZE, focus_in_view, left_pane_home, make_app, open_resolve
from tests.ui.rulesets import gap_ruleset_app


class TestStartScreen:
    def test_no_game(self, snap_compare) -> None:
        """The start screen with no saves: the shipped rulesets listed, One If By Land
        highlighted, its title, description, counts and open questions on the right, the
        F2/F3/F4 hint, and the footer bindings."""
        assert snap_compare(make_app(), terminal_size=SIZE)

    def test_with_a_save(self, snap_compare, monkeypatch) -> None:
        """The start screen listing one save: 'mill · Cards Test · turn 2 · 1781-01-17 09:30'
        under 'Saved games (o resumes)', highlighted as the one `o` resumes and focused (the
        arrows pick a save), above the rulesets (opened without auto-resume)."""
        import os

        from drumhead.game import load_scenario, new_game
        from drumhead.saves import SaveSession, save_path
        from tests.ui.helpers import cards_app
        from tests.ui.rulesets import CARDS_SCENARIO

        monkeypatch.setattr("drumhead.saves.store.now", lambda: "1781-01-17T09:00:00Z")
        app = cards_app()
        app.start = "menu"
        game = new_game("cards-test", scenario=load_scenario(CARDS_SCENARIO), seed=1, name="mill")
        game.next_turn(at="1781-01-17T09:30:00Z")
        session = SaveSession.create(save_path(os.environ["DRUMHEAD_SAVES"], "mill"), game)
        session.save(game)
        session.close()
        assert snap_compare(app, terminal_size=SIZE)


class TestRollerScreen:
    def test_rolled(self, snap_compare) -> None:
        """3d6 rolled twice from seed 1776: the result line, both rolls in the history (latest
        first), the 16 totals 3-18 with percentages and bars, the rolled total marked ▶."""

        async def run(pilot: Pilot) -> None:
            await pilot.press("f2")
            await pilot.press(*"\b\b\b3d6")
            await pilot.press("enter", "enter")

        assert snap_compare(make_app(), terminal_size=SIZE, run_before=run)

    def test_bad_notation(self, snap_compare) -> None:
        """'2x6' refused inline: a ✗ line saying it is not dice notation and what is expected;
        no distribution shown, no traceback."""

        async def run(pilot: Pilot) -> None:
            await pilot.press("f2")
            await pilot.press(*"\b\b\b2x6")

        assert snap_compare(make_app(), terminal_size=SIZE, run_before=run)


class TestReferenceScreen:
    def test_first_entry(self, snap_compare) -> None:
        """One If By Land's reference: the entry list on the left, its first entry highlighted
        and shown on the right with its kind and source under the title, its summary and its
        table drawn with column headings."""

        async def run(pilot: Pilot) -> None:
            await pilot.press("f3")

        assert snap_compare(make_app(), terminal_size=SIZE, run_before=run)

    def test_search_ruling(self, snap_compare) -> None:
        """Searching 'ruling officer' (every word must match) leaves one entry, the ruling on
        the officer's -X morale modifier, shown with the rule, our reading, why, its source."""

        async def run(pilot: Pilot) -> None:
            await pilot.press("f3", "slash", *"ruling officer", "enter")

        assert snap_compare(make_app(), terminal_size=SIZE, run_before=run)


class TestResolveScreen:
    @pytest.mark.parametrize(
        "size", [pytest.param(SIZE, id="120x40"), pytest.param(NARROW, id="80x24-labels-wrap")]
    )
    def test_ticked_modifier_odds(self, snap_compare, size) -> None:
        """One If By Land morale test with no unit: regular quality, 20 figures; 'In light cover'
        ticked (✓) so the header reads "Needs ≤ 7 after modifiers (-1): a natural ≤ 8" and the odds are
        Passes 90.0% 9/10, Fails by 1 10.0% 1/10. The modifiers come before the inputs.

        The layout rule pictured at 80x24: each label whole, a long one (a modifier, an
        input's) wrapping under its text, never cut with "…" nor run into its field."""

        async def run(pilot: Pilot) -> None:
            await pilot.press("f4", "space")

        assert snap_compare(make_app(), terminal_size=size, run_before=run)

    def test_result_with_effects(self, snap_compare) -> None:
        """Hand-entered 9 for a unit with 6 of 20 figures lost: the automatic '+1: 6 of 20
        figures lost (25%+)' shown ticked, the arithmetic (9 +1 = 10 against 7), the outcome
        'Fails by 2 or more', and its three effects (state, marker, note) ticked for applying,
        above the odds."""

        async def run(pilot: Pilot) -> None:
            await open_resolve(pilot)
            # from the modifiers, Tab past quality and figures at the start to figures lost
            # (Tab selects the field's text); h works in a count: it only takes digits
            await pilot.press("tab", "tab", "tab", "6")
            await focus_in_view(pilot)
            await pilot.press("h", "9", "enter")
            await left_pane_home(pilot)

        assert snap_compare(make_app(), terminal_size=SIZE, run_before=run)

    def test_bad_input_refused(self, snap_compare) -> None:
        """Figures lost typed as 999 (the rules allow up to 500): the inline ✗ saying so, the
        odds replaced by 'Fix the inputs marked ✗ to see the odds.', and no modifier listed
        to tick (none is known while an input is refused), and the footer's 'esc Leave
        field' (the focus is in the count). (Letters never reach a count: they are the
        screen's keys.)"""

        async def run(pilot: Pilot) -> None:
            await open_resolve(pilot)
            await pilot.press("tab", "tab", "tab", *"999")  # to figures lost, as above
            await pilot.app.workers.wait_for_complete()
            await pilot.pause(0.3)  # the screen done with its opening before the pane moves
            await left_pane_home(pilot, show="#err-figures_lost")

        assert snap_compare(make_app(), terminal_size=SIZE, run_before=run)


class TestGapModal:
    def test_gap_question(self, snap_compare) -> None:
        """A check needing an unanswered gap: the modal 'The rules do not say: Nerve number' with the
        question, the rule it belongs to, an input hinting 'a whole number', Keep/Cancel."""

        async def run(pilot: Pilot) -> None:
            await pilot.press("f4")
            await pilot.app.workers.wait_for_complete()
            await pilot.pause(0.2)

        assert snap_compare(gap_ruleset_app(), terminal_size=SIZE, run_before=run)

    def test_gap_refused(self, snap_compare) -> None:
        """Typing 'many' into the gap prompt is refused inline (✗ takes a whole number); the
        modal stays open."""

        async def run(pilot: Pilot) -> None:
            await pilot.press("f4")
            await pilot.pause(0.2)
            await pilot.press(*"many", "enter")
            await pilot.pause(0.2)

        assert snap_compare(gap_ruleset_app(), terminal_size=SIZE, run_before=run)


class TestReferenceTables:
    def test_table_entry(self, snap_compare) -> None:
        """A reference entry with a table (Cards Test 'Morale numbers'): its summary, the
        table drawn with its 'quality' and 'morale number' columns and three rows, its tags,
        and 'Table · source: Test rules p.2 Morale' under the title."""
        from tests.ui.helpers import cards_app

        assert snap_compare(cards_app(), terminal_size=SIZE, press=["f3"])


class TestCommandPalette:
    def test_roll_and_checks(self, snap_compare) -> None:
        """ctrl+p then 'roll 3d6': the palette over the start screen with one hit, 'Roll 3d6'
        with its help 'Open the roller on this roll'."""

        async def run(pilot: Pilot) -> None:
            await pilot.press("ctrl+p")
            await pilot.pause()
            await pilot.press(*"roll 3d6")
            await pilot.pause(0.3)

        assert snap_compare(make_app(), terminal_size=SIZE, run_before=run)


class TestContrastTheme:
    def test_resolve_high_contrast(self, snap_compare) -> None:
        """F6 switches to the high-contrast theme (white and yellow on black): the resolve
        screen with one modifier ticked, ✓ marks and words carrying every state."""

        async def run(pilot: Pilot) -> None:
            await pilot.press("f6")
            await pilot.pause(0.2)
            await pilot.press("f4", "space")
            await pilot.pause(0.2)

        assert snap_compare(make_app(), terminal_size=SIZE, run_before=run)
