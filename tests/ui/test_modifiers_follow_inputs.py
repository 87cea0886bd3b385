"""The resolve screen's modifiers follow the form (issue 35): after every input changed by keys
(a choice's menu, a number typed, a yes/no ticked), every unit picked for a side, a screen
refilled for another unit and a question the rules leave open answered, the list to tick is
exactly what the session's form offers, and the automatic modifiers shown exactly those that
apply: both what a form made afresh with the same values would show.

While the form is blocked before the modifiers can be worked out (an input refused or
missing, the rules refusing the check, a value they lack), none is listed: the list used to
keep those of the values before (a skirmishing unit "charged" kept "Outflanked"; a refilled
screen, the unit before's), ready to be ticked."""

from __future__ import annotations

from drumhead.screens.dialogs.gap import GapModal
from drumhead.screens.dialogs.pick_unit import UnitPickModal
from drumhead.screens.views.resolve import ResolveScreen
from textual.widgets import SelectionList

from drumhead.rules.model import InputValue
from drumhead.session.form import CheckForm
from tests.ui.full_turn import Table
from tests.ui.helpers import make_app, new_game_on_battle, until
from tests.ui.oracle.driver import Oracle, settle, shown


def listed(screen: ResolveScreen) -> tuple[str, ...]:
    """The modifiers the list offers to tick, in its order."""
    mods = screen.query_one("#mods", SelectionList)
    return tuple(str(mods.get_option_at_index(i).value) for i in range(mods.option_count))


def ticked_in_list(screen: ResolveScreen) -> set[str]:
    return {str(value) for value in screen.query_one("#mods", SelectionList).selected}


def automatic_shown(screen: ResolveScreen) -> list[str]:
    """The automatic modifiers shown ticked above the list, as each describes itself."""
    lines = shown(screen, "#auto-mods").splitlines()
    return [
        line.removeprefix("[✓] ").split("  (automatic;")[0]
        for line in lines
        if line.startswith("[✓] ")
    ]


def follows(screen: ResolveScreen) -> tuple[str, ...]:
    """Assert the list is the form's offer, and both it and the automatic modifiers shown are
    what a form made afresh with the same values, sides and leaders shows; the list."""
    form = screen.form
    assert form is not None
    fresh = CheckForm(form.session, form.check_id, form.unit_id)
    fresh.values = dict(form.values)
    fresh.bad_inputs = dict(form.bad_inputs)
    fresh.roles = dict(form.roles)
    fresh.leaders = dict(form.leaders)
    view = fresh.odds()
    offered = tuple(m.id for m in fresh.offered)
    now = listed(screen)
    assert now == tuple(m.id for m in form.offered), (now, form.offered)
    assert now == offered, f"listed {now}, offered {offered} ({view.blocked or view.needed})"
    assert automatic_shown(screen) == [m.describe() for m in view.automatic]
    return now


async def test_each_kind_of_field_moves_the_list() -> None:
    """Virginia militia's morale test (open order infantry): a choice made, a number typed and
    a box ticked, some the rules refuse and some that lift the refusal. The tick given before
    a refusal comes back with the list."""
    app = make_app(start="menu")
    async with app.run_test(size=(120, 40)) as pilot:
        await new_game_on_battle(pilot, "one-if-by-land", "cowpens-1781")
        assert app.session.game is not None
        player = Oracle(app, pilot, app.session.game)
        check = app.session.game.ruleset.check("morale")
        await player.open(check, "va_militia")
        screen = player.screen

        async def give(name: str, value: InputValue) -> tuple[str, ...]:
            spec = check.input(name)
            assert spec is not None
            await player.set_input(spec, value)
            return follows(screen)

        assert "outflanked" in follows(screen)
        await player.tick("light_cover")
        assert await give("situation", "charged")
        assert await give("charger_type", "cavalry")
        assert automatic_shown(screen) == ["+1: an open order infantry line charged by cavalry"]
        # skirmish order charged: the rules refuse (skirmishers take the evading test)
        assert await give("formation", "skirmish") == ()
        assert automatic_shown(screen) == []
        evading = await give("situation", "skirmishers_charged")
        assert "light_cover" in evading and "outflanked" not in evading  # no flanks now
        assert ticked_in_list(screen) == {"light_cover"}
        assert automatic_shown(screen) == ["+2: skirmishing infantry charged by cavalry"]
        assert await give("figures_lost", 17) == ()  # more than the 16 it started with
        assert await give("figures_lost", 8)
        assert "+2: 8 of 16 figures lost (50%+)" in automatic_shown(screen)
        # a step-1 test for a unit whose card has no panic marker: refused, until ticked
        assert await give("situation", "panic_marker") == ()
        assert await give("has_panic", True)
        assert ticked_in_list(screen) == {"light_cover"}
        await pilot.press("ctrl+q")


async def test_the_unit_picked_for_a_side_moves_the_list() -> None:
    """3rd Continental Light Dragoons in skirmish order, evading a charge: charged by foot
    they evade without a test (refused); the charger picked with o decides."""
    app = make_app(start="menu")
    async with app.run_test(size=(120, 40)) as pilot:
        await new_game_on_battle(pilot, "one-if-by-land", "cowpens-1781")
        assert app.session.game is not None
        player = Oracle(app, pilot, app.session.game)
        table = Table(app, pilot)
        check = app.session.game.ruleset.check("morale")
        await player.open(check, "3rd_dragoons")
        screen = player.screen
        for name, value in (("formation", "skirmish"), ("situation", "skirmishers_charged")):
            spec = check.input(name)
            assert spec is not None
            await player.set_input(spec, value)
        assert follows(screen) == ()  # the charger's type as yet: infantry

        async def charged_by(unit_id: str) -> tuple[str, ...]:
            await player.press("o")
            await until(pilot, lambda: isinstance(app.screen, UnitPickModal))
            await player.press("escape")  # the unit it charges: none, it is charged
            await until(pilot, lambda: isinstance(app.screen, UnitPickModal))
            await table.pick_in_list(unit_id)
            await until(pilot, lambda: isinstance(app.screen, ResolveScreen))
            await settle(app)
            assert screen.form is not None and screen.form.roles == {"charger": unit_id}
            return follows(screen)

        assert await charged_by("legion_dragoons")
        assert await charged_by("legion_infantry") == ()
        assert await charged_by("17th_dragoons")
        await pilot.press("ctrl+q")


async def test_a_refilled_screen_lists_nothing_of_the_unit_before() -> None:
    """A melee round for the 7th Foot with two stands in contact lists its modifiers; the same
    screen, refilled for the 71st (no stand in contact yet: refused), lists none of them."""
    app = make_app(start="menu")
    async with app.run_test(size=(120, 40)) as pilot:
        await new_game_on_battle(pilot, "one-if-by-land", "cowpens-1781")
        assert app.session.game is not None
        player = Oracle(app, pilot, app.session.game)
        check = app.session.game.ruleset.check("melee")
        await player.open(check, "7th_fusiliers")
        screen = player.screen
        assert follows(screen) == ()
        spec = check.input("stands_in_contact")
        assert spec is not None
        await player.set_input(spec, 2)
        assert follows(screen)
        await player.open(check, "71st_highlanders")
        assert player.screen is screen  # refilled, not built again
        assert follows(screen) == ()
        await pilot.press("ctrl+q")


async def test_a_question_answered_lists_what_it_opens() -> None:
    """Rank and File's fire offers 'long range' only once the club's weapon ranges are known
    (a value the rules lack): none is listed while the question is put off, and the list is
    the form's once it is answered (and stays so while the odds wait for the next value)."""
    app = make_app(start="menu")
    async with app.run_test(size=(120, 40)) as pilot:
        await new_game_on_battle(pilot, "rank-and-file", "rnf-wave-attack")
        assert app.session.game is not None
        player = Oracle(app, pilot, app.session.game)
        check = app.session.game.ruleset.check("fire")
        app.action_open_resolve("fire", "union_regiment")
        await until(pilot, lambda: isinstance(app.screen, GapModal))
        await player.press("escape", "escape")  # out of the field, then put off
        await until(pilot, lambda: isinstance(app.screen, ResolveScreen))
        screen = player.screen
        assert follows(screen) == ()
        spec = check.input("all_smoothbore")
        assert spec is not None
        await player.set_input(spec, True)  # asked again, as the odds still wait for it
        await until(pilot, lambda: isinstance(app.screen, GapModal))
        await player.press(*"muskets 12, long from 6", "enter")
        # the odds then wait for the next value (dice per stand); the list is known already
        await until(pilot, lambda: getattr(app.screen, "gap_id", None) == "fire_dice_per_stand")
        assert "long_range" in follows(screen)
        await player.press("1", "enter")
        await until(pilot, lambda: isinstance(app.screen, ResolveScreen))
        await settle(app)
        assert "long_range" in follows(screen)
        await pilot.press("ctrl+q")
