"""The roster's entries keep their own lines at any width (widgets/fixed_lines.py): a line
longer than the roster is cut with an ellipsis rather than wrapped, so that an entry's height
is known without laying its text out (500 entries laid out on every undo was most of the
key's time on a long game)."""

from __future__ import annotations

from drumhead.screens.views.battle import BattleScreen
from drumhead.screens.widgets.fixed_lines import FixedLines
from textual.widgets import OptionList

from tests.ui.helpers import cards_app, start_game, until

LONG = "The Very Long Named Regiment of Foot of the Blue Army's First Brigade, Veterans All"


def shown(roster: OptionList) -> list[str]:
    return [
        "".join(s.text for s in roster.render_line(y)).rstrip()
        for y in range(roster.scrollable_content_region.height)
    ]


async def test_a_line_longer_than_the_roster_is_cut_and_the_entry_keeps_its_height() -> None:
    app = cards_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await start_game(pilot)
        await until(pilot, lambda: isinstance(app.screen, BattleScreen))
        roster = app.screen.query_one("#roster", OptionList)
        entry = roster.get_option_at_index(roster.get_option_index("blue_guards"))
        assert isinstance(entry.prompt, FixedLines) and len(entry.prompt.lines) == 3
        app.session.edit_unit("blue_guards", "name", LONG)
        await pilot.pause()
        lines = shown(roster)
        cut = [line for line in lines if "Very Long" in line]
        assert len(cut) == 1 and cut[0].endswith("…"), lines
        assert len(cut[0]) <= roster.scrollable_content_region.width
        after = lines[lines.index(cut[0]) + 1]
        assert "veteran" in after  # the entry's second line follows on the next line
        entry = roster.get_option_at_index(roster.get_option_index("blue_guards"))
        assert isinstance(entry.prompt, FixedLines) and LONG in str(entry.prompt)
