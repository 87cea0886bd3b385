"""The game's record, played by keyboard: the luck screen (from the log and the palette) shows
drumhead.game.stats' numbers; "revert this entry" from the log, with its conflicts dropped or
cancelled, leaves the state Game.revert predicted (and undo, the save and the log's markers
agree); print writes the cards and the quick reference beside the save."""

from __future__ import annotations

from pathlib import Path

from drumhead.screens.dialogs.revert import RevertModal
from drumhead.screens.views.battle import BattleScreen
from drumhead.screens.views.log import LogScreen
from drumhead.screens.views.luck import LuckScreen
from drumhead.screens.widgets.log_view import LogView
from textual.pilot import Pilot
from textual.widgets import OptionList

from drumhead.game import Reverted
from drumhead.game.luck_text import chart_lines, percent, roll_text
from drumhead.game.stats import luck_report
from drumhead.paper import cards_html, reference_html
from drumhead.saves import load_save, save_path
from tests.ui.helpers import cards_app, run_command, start_game, until


async def play_two_routs(pilot: Pilot) -> None:
    """Blue Horse's morale test with a 9 typed in (routs) and its effects applied (entries 1,
    2); Red Line's rolled by the game's dice (seeded) and applied (3, 4)."""
    await start_game(pilot)
    await pilot.press("down", "down", "m", "h", "9", "enter", "a")
    await until(pilot, lambda: isinstance(pilot.app.screen, BattleScreen))
    await pilot.press("down", "m", "r", "a")
    await until(pilot, lambda: isinstance(pilot.app.screen, BattleScreen))


def log_lines(app: object) -> list[str]:
    """The log's entries as ``  5. [marker] words`` (what each row shows: its number, its
    marker in words, its text)."""
    view = app.screen.query_one("#log", LogView)  # type: ignore[attr-defined]
    assert view.source is not None
    return [
        f"{row.seq:>3}. {row.mark + ' ' if row.mark else ''}{row.text}"
        for row in view.source.rows(0, view.row_count)
        if row.seq is not None
    ]


async def test_the_luck_screen_from_the_log_shows_the_games_luck() -> None:
    """l then s (and ctrl+p, 'luck statistics' from the battle): each scope (game, sides, units) shows the average, counts, luckiest roll and
    chart that luck_report gives for the same game; Blue Horse's typed-in rout is marked and
    placed at 5% (worked out by hand: rout is the worst of pass 80%, shaken 10%, rout 10%,
    so 0 + 10% / 2)."""
    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await play_two_routs(pilot)
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LogScreen))
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, LuckScreen) and app.screen.is_mounted)
        screen = app.screen
        assert isinstance(screen, LuckScreen)
        assert app.session.game is not None
        report = luck_report(app.session.game)
        first = report.roll(1)
        assert first.hand and first.unit_name == "Blue Horse" and percent(first.percentile) == "5%"
        scopes = screen.query_one("#luck-scopes", OptionList)
        labels = [str(scopes.get_option_at_index(i).prompt) for i in range(scopes.option_count)]
        expected = [report.game, report.sides[0], report.units[0], report.sides[1], report.units[1]]
        assert [s.name for s in screen.scopes] == [s.name for s in expected]
        assert labels[0] == f"{percent(report.game.total.mean):>4} The whole game"
        assert labels[2] == f"{percent(expected[2].total.mean):>4}   Blue Horse"
        for index, scope in enumerate(expected):
            if index:
                await pilot.press("down")
            shown = screen.detail_text.splitlines()
            total = scope.total
            assert f"average {percent(total.mean)}" in shown[1]
            assert shown[1].startswith(f"{total.checks} check")
            assert f"{total.rated} rated" in shown[1]
            luckiest = total.luckiest
            assert luckiest is not None
            assert any(roll_text(luckiest, with_unit=scope.kind != "unit") in s for s in shown)
            chart = chart_lines(scope)
            assert shown[shown.index("By turn:") + 1 :][: len(chart)] == chart
        await pilot.press("home")
        assert "entry 1 (turn 1): Morale test for Blue Horse: " in screen.detail_text
        assert "(5%, dice by hand)" in screen.detail_text
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, LogScreen))
        await pilot.press("escape")  # the palette opens it from the battle as well
        await until(pilot, lambda: isinstance(app.screen, BattleScreen))
        await run_command(pilot, "luck statistics", "Luck statistics")
        await until(pilot, lambda: isinstance(app.screen, LuckScreen))


async def test_revert_with_a_conflict_dropped_leaves_the_predicted_state() -> None:
    """Reverting Blue Horse's morale test (entry 1) shows that applying its effects (2) no
    longer applies and why; y drops it and reverts: the game is what Game.revert predicted,
    the log keeps both entries greyed and marked, the revert is entry 5 and undoable, and the
    save holds it."""
    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await play_two_routs(pilot)
        assert app.session.game is not None
        game = app.session.game
        predicted = game.revert(1)
        assert predicted.drop == (2,)
        before = game.state
        assert before.unit("blue_horse").state == "rout"
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LogScreen))
        await pilot.press("home", "down")  # entry 1, under the turn's heading
        assert app.screen.highlighted_seq() == 1  # type: ignore[attr-defined]
        await pilot.press("r")
        await revert_dialog(pilot, app)
        dialog = app.screen
        assert isinstance(dialog, RevertModal)
        body = dialog.body_text()
        assert "this entry no longer applies without it" in body
        assert "✗ entry 2: Applied to Blue Horse: Routs away" in body
        assert "why: applies the effects of entry 1, which will not count" in body
        assert "Blue Horse: state rout → good order" in body
        assert len(game.log) == 4  # the plan changes nothing
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, LogScreen))
        assert game.state == predicted.state
        assert game.state.unit("blue_horse").state == "good_order"
        assert game.state.unit("red_line").state == "rout"  # the later roll is kept
        assert [(e.seq, e.kind) for e in game.log][-1] == (5, "revert")
        assert game.reverted() == {1: Reverted(5, "reverted"), 2: Reverted(5, "dropped")}
        lines = log_lines(app)
        assert any(
            line.startswith("  1. [reverted by 5] Morale test for Blue Horse") for line in lines
        )
        assert any(line.startswith("  2. [dropped by 5] Applied to Blue Horse") for line in lines)
        assert "  5. Reverted entry 1; dropped 2 (no longer applied without it)" in lines
        await until(pilot, lambda: all(w.is_finished for w in app.workers if w.group == "autosave"))
        saved = load_save(save_path(app.session.saves_folder(), "mill")).game
        assert saved.state == predicted.state and saved.reverted() == game.reverted()
        await pilot.press("u")  # undo the revert: both entries count again
        await pilot.pause()
        assert game.state == before and game.reverted() == {}
        lines = log_lines(app)
        assert "  5. [undone] Reverted entry 1; dropped 2 (no longer applied without it)" in lines
        assert not any("[reverted by" in line or "[dropped by" in line for line in lines)


async def revert_dialog(pilot: Pilot[None], app: object) -> None:
    """Wait until the revert dialog shows with its button focused (a key sent sooner could
    reach the screen before the dialog has chosen which button Enter presses)."""
    await until(
        pilot,
        lambda: isinstance(app.screen, RevertModal) and app.focused is not None,  # type: ignore[attr-defined]
    )


async def test_a_revert_cancelled_changes_nothing_and_one_refused_says_why() -> None:
    """Escape in the plan cancels (Enter too: with conflicts the dialog starts on Cancel);
    reverting the start of the game or an entry already taken back is refused with why."""
    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await play_two_routs(pilot)
        assert app.session.game is not None
        game = app.session.game
        before, count = game.state, len(game.log)
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LogScreen))
        await pilot.press("home", "down", "r")
        await revert_dialog(pilot, app)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, LogScreen))
        await pilot.press("r")
        await revert_dialog(pilot, app)
        await pilot.press("enter")  # the focused button: Cancel
        await until(pilot, lambda: isinstance(app.screen, LogScreen))
        assert game.state == before and len(game.log) == count and game.reverted() == {}
        await pilot.press("home", "r")  # the start of the game
        await pilot.pause()
        assert isinstance(app.screen, LogScreen)
        messages = [n.message for n in app._notifications]
        assert "Highlight an entry of the log to revert it." in messages
        # a clean revert (the last roll's effects), then the same entry again
        await pilot.press("end", "r")
        await revert_dialog(pilot, app)
        assert app.screen.query_one("#revert-yes").has_focus  # nothing to drop: Enter reverts
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, LogScreen))
        assert game.reverted() == {4: Reverted(5, "reverted")}
        await pilot.press("home", "down", "down", "down", "down", "r")
        assert app.screen.highlighted_seq() == 4  # type: ignore[attr-defined]
        await pilot.pause()
        messages = [n.message for n in app._notifications]
        assert "entry 4 is already reverted (by entry 5)" in messages


async def test_print_writes_the_cards_and_the_reference_beside_the_save() -> None:
    """p on the battle screen writes mill-cards.html beside mill.toml and says where; the
    palette's 'Print quick reference' writes mill-reference.html."""
    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_game(pilot)
        assert app.session.game is not None
        folder = Path(app.session.saves_folder())
        await pilot.press("p")
        await pilot.pause()
        cards = folder / "mill-cards.html"
        assert cards.read_text(encoding="utf-8") == cards_html(app.session.game)
        messages = [n.message for n in app._notifications]
        assert (
            f"Unit cards written to {cards.resolve()}: open it in a browser and print." in messages
        )
        await run_command(pilot, "print quick reference", "Print quick reference")
        reference = folder / "mill-reference.html"
        await until(pilot, reference.exists)
        assert reference.read_text(encoding="utf-8") == reference_html(app.session.game.ruleset)
