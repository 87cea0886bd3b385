"""The roster's entries are measured without laying their text out where it fits
(widgets/fixed_lines.py: 500 entries laid out on every undo was most of the key's time on a
long game); a line wider than the roster is still wrapped whole, never cut."""

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


async def test_a_line_wider_than_the_roster_wraps_whole_and_the_next_entries_follow() -> None:
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
        first = next(i for i, line in enumerate(lines) if "Very Long" in line)
        kind = next(i for i, line in enumerate(lines) if "veteran" in line)
        name = " ".join(line.strip() for line in lines[first:kind])
        assert kind - first > 1 and f"{LONG}  ★ Col. Azure" in name, lines  # whole, wrapped
        assert "Blue Rifles" in lines[kind + 2]  # the entry's last line, then the next entry
        entry = roster.get_option_at_index(roster.get_option_index("blue_guards"))
        assert isinstance(entry.prompt, FixedLines) and LONG in str(entry.prompt)
