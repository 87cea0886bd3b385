"""By keys: an assault's side of two units (g adds one after o picked the first), rolled,
and its base hits asked unit by unit, the last left to the game's dice (Republique 4.4:
'distributed randomly'). Worked by hand in tests/session/test_group_sides.py: +6, the club's
cell 'Defender 3M 2B 2P; attacker carries the position'."""

from __future__ import annotations

import re
from pathlib import Path

from drumhead.screens.dialogs.pick_unit import UnitPickModal
from drumhead.screens.views.resolve import ResolveScreen
from phases import to_phase
from table_turn import open_table
from textual.widgets import Label, OptionList

from tests.ui.full_turn import Table
from tests.ui.helpers import make_app, until

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "data" / "house-rules" / "republique-sample-club-values.toml"


async def test_g_adds_a_unit_to_a_side_and_a_picks_who_takes_each_base_hit(
    tmp_path: Path,
) -> None:
    text = re.sub(
        r'(?m)^chart_infantry_p6 = ".*"$',
        'chart_infantry_p6 = "Defender 3M 2B 2P; attacker carries the position"',
        SAMPLE.read_text(encoding="utf-8"),
    )
    house = tmp_path / "club.toml"
    house.write_text(text, encoding="utf-8")
    session = open_table(tmp_path / "saves", "republique", "aspern-1809", str(house))
    to_phase(session)
    app = make_app(session=session, start="menu")
    async with app.run_test(size=(120, 40)) as pilot:
        t = Table(app, pilot)
        await pilot.pause()
        app.action_open_resolve("assault", "hiller_line")
        await until(pilot, lambda: isinstance(app.screen, ResolveScreen))
        await t.pick_sides("ligne_67")
        for _ in ("attacker_incidental", "defender_incidental"):  # none: each left unpicked
            await until(pilot, lambda: isinstance(app.screen, UnitPickModal))
            await t.press("escape")
        await until(pilot, lambda: isinstance(app.screen, ResolveScreen))
        await t.press("g")
        await until(pilot, lambda: isinstance(app.screen, UnitPickModal))
        assert "assaulting units" in str(app.screen.query_one(Label).render())
        await t.press("escape")  # no more attacking units
        await until(pilot, lambda: isinstance(app.screen, UnitPickModal))
        await t.pick_in_list("ligne_37")
        await until(pilot, lambda: isinstance(app.screen, UnitPickModal))  # another? no
        await t.press("escape")
        await until(pilot, lambda: isinstance(app.screen, ResolveScreen))
        form = t.resolve.form
        assert form is not None and form.picked_roles() == {"defender": ["ligne_67", "ligne_37"]}
        await t.type_number("defender_bases_primary", 8)
        await t.hand_dice(9, 1)
        assert t.resolve.result is not None and t.resolve.result.value == 6
        await t.press("a")
        await until(pilot, lambda: isinstance(app.screen, UnitPickModal))
        await t.pick_in_list("ligne_37")  # the first base hit, by hand
        await until(pilot, lambda: isinstance(app.screen, UnitPickModal))
        listed = app.screen.query_one("#pick-unit", OptionList)
        assert listed.get_option_at_index(listed.option_count - 1).id == "random"
        await t.press("end", "enter")  # the second, by the game's dice
        await until(pilot, lambda: not isinstance(app.screen, UnitPickModal | ResolveScreen))
        game = t.game
        applied = next(e for e in reversed(game.log) if e.kind == "apply_effects")
        hits = [e for e in applied.data["effects"] if e["kind"] == "lose"]
        assert hits[0]["unit"] == "ligne_37" and "rolled" not in hits[0]
        assert hits[1]["unit"] == hits[1]["among"][hits[1]["rolled"] - 1]
        lost = sum(4 - game.state.unit(u).strength_now for u in ("ligne_67", "ligne_37"))
        assert lost == 2
        assert {game.state.unit(u).state for u in ("ligne_67", "ligne_37")} == {"shaken"}
    session.close(force=True)
