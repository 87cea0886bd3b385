"""The roster's entries are measured without laying their text out where it fits
(widgets/fixed_lines.py: 500 entries laid out on every undo was most of the key's time on a
long game); a line wider than the roster is still wrapped whole, never cut."""

from __future__ import annotations

from drumhead.screens.widgets.fixed_lines import FixedLines
from textual.widgets import OptionList

from tests.ui.helpers import battle_on, cards_app, list_lines, option_entries

LONG = "The Very Long Named Regiment of Foot of the Blue Army's First Brigade, Veterans All"


async def test_a_line_wider_than_the_roster_wraps_whole_and_the_next_entries_follow() -> None:
    app = cards_app()
    async with app.run_test(size=(80, 24)) as pilot:
        roster = (await battle_on(pilot)).query_one("#roster", OptionList)
        entry = roster.get_option_at_index(roster.get_option_index("blue_guards"))
        assert isinstance(entry.prompt, FixedLines) and len(entry.prompt.lines) == 3
        app.session.edit_unit("blue_guards", "name", LONG)
        await pilot.pause()
        lines = list_lines(roster)
        first = next(i for i, line in enumerate(lines) if "Very Long" in line)
        kind = next(i for i, line in enumerate(lines) if "veteran" in line)
        name = " ".join(line.strip() for line in lines[first:kind])
        assert kind - first > 1 and f"{LONG}  ★ Col. Azure" in name, lines  # whole, wrapped
        assert "Blue Rifles" in lines[kind + 2]  # the entry's last line, then the next entry
        entry = roster.get_option_at_index(roster.get_option_index("blue_guards"))
        assert isinstance(entry.prompt, FixedLines) and LONG in str(entry.prompt)


async def test_the_roster_after_every_change_is_the_roster_drawn_afresh() -> None:
    """Changed lines are replaced alone (an undo on a 500-unit roster rebuilt it all): after
    edits, undo, redo, a filter and back, the roster is entry for entry the one a new roster
    draws of the same state, and the cursor stays on its unit."""
    from drumhead.screens.views.roster import RosterLines, roster_options

    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await battle_on(pilot, "blue_guards")
        roster = screen.query_one("#roster", OptionList)
        session = app.session

        def afresh() -> list[tuple[str | None, str]]:
            options, _ = roster_options(
                session.ruleset,
                session.state,
                screen.filter_text,
                screen.active_brigade(),
                RosterLines(),
            )
            return [(o.id, str(o.prompt)) for o in options]

        steps = [
            lambda: session.edit_unit("blue_guards", "strength_now", 3),
            lambda: session.edit_unit("blue_guards", "name", "The Guards"),
            session.undo,
            session.redo,
            session.undo,
            session.undo,
            session.redo,
            lambda: session.edit_unit("blue_guards", "markers", ["fired"]),
        ]
        for step in steps:
            step()
            await pilot.pause()
            assert option_entries(roster) == afresh()
            assert roster.get_option_at_index(roster.highlighted or 0).id == "blue_guards"
        screen.filter_text = "guards"
        screen.fill_roster()
        assert option_entries(roster) == afresh() and [i for i, _ in option_entries(roster)] == [
            "#side:blue",
            "#brigade:blue:blue_first",
            "blue_guards",
        ]
        screen.filter_text = ""
        screen.fill_roster()
        assert option_entries(roster) == afresh()


def test_the_lines_kept_are_the_last_two_rosters_only() -> None:
    from drumhead.screens.views.roster import RosterLines

    from drumhead.game import load_scenario, new_game

    game = new_game("one-if-by-land", scenario=load_scenario("cowpens-1781"), seed=3)
    lines = RosterLines()
    unit = game.state.units[0]
    states = []
    for strength in (5, 4, 3, 2):
        game.edit_unit(unit.id, "strength_now", strength, at="2026-11-25T20:00:00Z")
        states.append(game.state)
    drawn = []
    for state in states:
        lines.begin()
        drawn.append(lines.line(game.ruleset, state, state.unit(unit.id), None, False))
        lines.end()
    assert len({id(d) for d in drawn}) == 4  # each strength its own line
    lines.begin()  # the third state again: kept (one generation back)
    assert lines.line(game.ruleset, states[2], states[2].unit(unit.id), None, False) is drawn[2]
    lines.end()
    lines.begin()  # the first: long gone, drawn anew
    assert lines.line(game.ruleset, states[0], states[0].unit(unit.id), None, False) is not drawn[0]
    lines.end()
    assert len(lines.latest) == len(lines.before) == 1


def test_an_entry_measured_from_its_plain_text_is_as_high_as_its_lines_laid_out() -> None:
    """The height counted from the plain text is the height Textual's own layout of each styled
    line gives, at every width, for lines that fit, lines wider than the list (wrapped from
    the plain text, and remembered), blank and wide-character lines."""
    from rich.text import Text
    from textual.css.styles import Styles

    rules = Styles()
    marked = Text("▶ ", style="bold")  # as a roster entry: styles that cross the breaks
    marked.append("1st Battalion, 71st Highlanders", style="bold")
    marked.append("  ★ Maj. Archibald McArthur\n    Infantry · veteran · open order", "italic")
    marked.append("\n    █████ 24/25  Good order")
    for marker in ("Activated this turn (its card has been drawn)", "Fired this turn"):
        marked.append(f" ⚑{marker}", style="bold")
    texts = [
        Text("short\n    second line\n", style="bold"),
        Text(LONG + "\n    kind · quality\n    █████ 8/8"),
        marked,
        "",
        "\n",
        "⚑ 旗 wide characters, ⚑ 旗 again, and more of them to wrap",
    ]
    for text in texts:
        laid_out_lines = FixedLines(text).lines
        for width in range(6, 90):
            entry = FixedLines(text)
            laid_out = sum(
                1 if line.cell_length <= width else line.get_height(rules, width)
                for line in laid_out_lines
            )
            assert entry.get_height(rules, width) == laid_out, (text, width)
            assert entry.get_height(rules, width) == laid_out, (text, width)  # as remembered
            assert entry.styled is None  # measured, even wrapped, without its styled lines
            assert len(entry.widths) == len(entry.lines)
        assert entry.get_optimal_width(rules, 80) == max(line.cell_length for line in entry.lines)


async def test_only_the_entries_on_the_screen_are_made_into_styled_lines() -> None:
    """Every entry is measured, but only those drawn make their styled lines: opening a
    500-unit game made all 500 for the dozen shown. The list still knows its whole height
    (its scrollbar) and draws an entry further down when it is scrolled to."""
    from rich.text import Text
    from textual.app import App, ComposeResult

    entries = [
        FixedLines(Text(f"Unit {i}\n    kind\n    strength", style="bold")) for i in range(200)
    ]

    class Roster(App[None]):
        def compose(self) -> ComposeResult:
            yield OptionList(*entries)

    app = Roster()
    async with app.run_test(size=(60, 20)) as pilot:
        roster = app.query_one(OptionList)
        await pilot.pause()
        assert roster.virtual_size.height == 600  # every entry measured
        made = [entry.styled is not None for entry in entries]
        assert made[0] and sum(made) <= 20 // 3 + 2, sum(made)
        roster.highlighted = 150
        await pilot.pause()
        assert entries[150].styled is not None and "Unit 150" in "\n".join(list_lines(roster))
        assert sum(entry.styled is not None for entry in entries) < 40


async def test_every_kind_of_change_shows_what_a_roster_rebuilt_whole_shows() -> None:
    """Each kind of event that changes a roster line, replaced line by line (or rebuilt when
    the entries are not the same ones): a card drawn (its brigade marked), the next phase and
    the next turn (markers cleared), a check and its effects, a leader moved, killed, added
    and removed, a unit added and removed, a revert, undo and redo. After each, the entries
    are those of a new roster of the same state, and the lines shown are those the same
    roster shows once rebuilt whole."""
    from drumhead.screens.views.roster import RosterLines, roster_options

    from drumhead.session.record import plan_revert, revert

    app = cards_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await battle_on(pilot, "blue_rifles")
        roster = screen.query_one("#roster", OptionList)
        session = app.session

        def afresh() -> list[tuple[str | None, str]]:
            options, _ = roster_options(
                session.ruleset,
                session.state,
                screen.filter_text,
                screen.active_brigade(),
                RosterLines(),
            )
            return [(o.id, str(o.prompt)) for o in options]

        def check_and_effects() -> None:
            result = session.run_check("morale", "blue_rifles", {}, {}, [9], False)
            assert session.apply_effects("blue_rifles", result.effects)

        added: list[str] = []
        steps = {
            "card drawn": lambda: session.draw_card(),
            "marker": lambda: session.edit_unit("blue_rifles", "markers", ["fired"]),
            "check and effects": check_and_effects,
            "strength": lambda: session.edit_unit("red_line", "strength_now", 2),
            "leader moved": lambda: session.attach_leader("azure", "blue_rifles"),
            "leader killed": lambda: session.edit_leader("azure", "status", "killed"),
            "leader added": lambda: added.append(session.add_leader("Maj. Teal", "blue_horse")),
            "leader removed": lambda: session.remove_leader(added[-1]),
            "unit added": lambda: added.append(session.add_unit("Blue Dragoons", "blue_horse")),
            "unit removed": lambda: session.remove_unit("red_militia"),
            "revert": lambda: revert(session, plan_revert(session, 4)),
            "undo": session.undo,
            "redo": session.redo,
            "another card": lambda: session.draw_card(),
            "next phase": session.next_phase,
            "next turn": session.next_turn,
            "undo the turn": session.undo,
        }
        for name, step in steps.items():
            step()
            await pilot.pause()
            assert option_entries(roster) == afresh(), name
            shown = list_lines(roster)
            screen.shown_signature, screen.shown_ids = [], []  # rebuilt whole
            screen.fill_roster()
            await pilot.pause()
            assert list_lines(roster) == shown, name


def test_a_roster_of_the_same_units_is_the_roster_made_last() -> None:
    """A change that leaves the units, leaders, sides, filter and card drawn the same objects
    (a change of phase) gives the entries made last, not made again; a changed unit, a filter
    or a card drawn makes them anew."""
    from dataclasses import replace

    from drumhead.screens.views.roster import RosterLines, roster_options

    from drumhead.game import load_scenario, new_game

    game = new_game("one-if-by-land", scenario=load_scenario("cowpens-1781"), seed=3)
    lines = RosterLines()
    first = roster_options(game.ruleset, game.state, "", None, lines)
    game.next_phase(at="2026-11-25T20:00:00Z")
    assert game.state.units is replace(game.state).units
    again = roster_options(game.ruleset, game.state, "", None, lines)
    assert again[0] is first[0] and again[1] is first[1]
    game.edit_unit(game.state.units[0].id, "strength_now", 2, at="2026-11-25T20:01:00Z")
    edited = roster_options(game.ruleset, game.state, "", None, lines)
    assert sum(a != b for a, b in zip(edited[1], first[1], strict=True)) == 1  # its line
    brigade = game.state.units[0].brigade
    assert roster_options(game.ruleset, game.state, "", brigade, lines)[1] != edited[1]
    filtered = roster_options(game.ruleset, game.state, "riflemen", None, lines)
    assert len(filtered[0]) < len(first[0])
