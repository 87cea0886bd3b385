"""The resolve screen's effects list names what each effect changes on the card (issue 35):
the amount counted on a card's number (a battery's gunners) and on whose card (named by
``CheckForm.falls_on``: nothing for the unit tested), the formation a rout leaves a unit in,
with the rule it applies."""

from __future__ import annotations

from drumhead.screens.views.resolve.result import effect_prompt

from drumhead.checks.results import Effect


def test_an_attribute_effect_shows_its_amount_and_whom_it_falls_on() -> None:
    effect = Effect(
        kind="attribute",
        text="4 hits on the battery: two hits remove one gunner",
        amount=-2,
        who="target",
        attribute="gunners",
        beyond="clamp",
        source="MWAN116 Artillery: Artillery Rules",
    )
    assert effect_prompt(effect, "Griffin's Battery").plain == (
        "attribute: 4 hits on the battery: two hits remove one gunner [-2] (Griffin's Battery)"
        "  MWAN116 Artillery: Artillery Rules"
    )


def test_a_formation_effect_reads_as_its_words() -> None:
    effect = Effect(
        kind="formation",
        text="In no formation at all (ruling oibl-rout-no-formation)",
        who="unit",
        formation="no_formation",
        source="OIBL p.11 Morale results",
    )
    assert effect_prompt(effect, None).plain == (
        "formation: In no formation at all (ruling oibl-rout-no-formation)"
        "  OIBL p.11 Morale results"
    )


async def test_a_count_the_card_lacks_is_asked_and_kept_then_applied() -> None:
    """Thomas's battery hits Griffin's twice: one gunner off (MWAN116 Artillery Rules). The
    card gives no gunners: 'a' asks for them (the players' 6), keeps them on the card, and the
    effect lands: 5."""
    from pathlib import Path

    from drumhead.screens.dialogs.edit_value import EditValueModal
    from drumhead.screens.views.battle import BattleScreen

    from drumhead.game.attributes import value_of
    from tests.ui.full_turn import Table
    from tests.ui.helpers import make_app, new_game_on_battle, until

    house = Path(__file__).resolve().parents[2] / "data" / "house-rules"
    app = make_app(start="menu")
    async with app.run_test(size=(120, 40)) as pilot:
        table = Table(app, pilot)
        await new_game_on_battle(
            pilot,
            "mwan116-acw",
            "first-bull-run-henry-hill",
            house_rules=str(house / "mwan116-acw-sample-firing-table.toml"),
        )
        app.action_open_resolve("fire", "thomas_artillery")
        await until(pilot, lambda: table.resolve.form is not None)
        await table.pick_sides("griffin")
        form = table.resolve.form
        assert form is not None and form.roles == {"target": "griffin"}
        form.set_input("firer", "field_artillery")
        form.set_input("range_band", "2")
        form.tick({"smoothbore_shot_shell"})
        await table.hand_dice(10, 12)
        assert form.result is not None and form.result.value == 2
        await table.press("a")
        await until(pilot, lambda: isinstance(app.screen, EditValueModal))
        assert "Gunner figures of Griffin's Battery" in app.screen.title_text
        await table.press("6", "enter")
        await until(pilot, lambda: isinstance(app.screen, BattleScreen))
        griffin = table.game.state.unit("griffin")
        assert value_of(table.game.ruleset, griffin, "gunners") == 5
        await pilot.press("ctrl+q")
