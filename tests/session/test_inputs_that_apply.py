"""A check's form offers only the inputs that apply to the unit as its card stands (issue 37):
infantry fire is not asked whether the firing battery is horse artillery, nor what its guns
are; a battery firing is. An input the players gave goes back to its default when it stops applying."""

from __future__ import annotations

from pathlib import Path

import pytest

from drumhead.checks.resolve import prepare
from drumhead.errors import InputError
from drumhead.loading.loader import load_ruleset
from drumhead.session import TableSession
from drumhead.session.form import CheckForm


def names(form: CheckForm) -> list[str]:
    return [spec.name for spec in form.shown_inputs()]


def test_infantry_fire_offers_no_battery_inputs_and_a_battery_does(tmp_path: Path) -> None:
    session = TableSession(str(tmp_path), ruleset="mwan116-acw", seed=1)
    try:
        session.new_game("mwan116-acw", "t", scenario="first-bull-run-henry-hill")
        infantry = CheckForm(session, "fire", "va4")
        assert "horse_artillery" not in names(infantry) and "ordnance" not in names(infantry)
        assert "range_band" in names(infantry) and "sharpshooters" in names(infantry)
        battery = CheckForm(session, "fire", "rockbridge")
        assert {"horse_artillery", "ordnance"} <= set(names(battery))
        moving = CheckForm(session, "movement", "va4")
        assert "horse_artillery" not in names(moving) and "mounting" not in names(moving)
        assert "mounting" in names(CheckForm(session, "movement", "va1_cavalry"))
        # the players' own change of an input brings what applies with it
        assert moving.set_input("arm", "artillery")
        assert "horse_artillery" in names(moving)
    finally:
        session.close(force=True)


def test_rank_and_file_asks_the_guns_kind_of_artillery_only(tmp_path: Path) -> None:
    session = TableSession(str(tmp_path), ruleset="rank-and-file", seed=1)
    try:
        session.new_game("rank-and-file", "t", scenario="rnf-wave-attack")
        assert "artillery_kind" not in names(CheckForm(session, "morale", "union_regiment"))
        assert "artillery_kind" in names(CheckForm(session, "morale", "union_battery"))
    finally:
        session.close(force=True)


def test_a_value_given_for_an_input_that_stops_applying_goes_back_to_its_default(
    tmp_path: Path,
) -> None:
    """Cavalry to mount, then the move made another arm's: the mounting, no longer offered,
    is no longer counted (a hidden value would change the move unseen). The check itself still
    refuses it typed where it does not apply (the command line): the rules' own refusal."""
    session = TableSession(str(tmp_path), ruleset="mwan116-acw", seed=1)
    try:
        session.new_game("mwan116-acw", "t", scenario="first-bull-run-henry-hill")
        form = CheckForm(session, "movement", "va1_cavalry")
        assert form.set_input("mounting", True) and form.values["mounting"] is True
        assert form.set_input("arm", "infantry")
        assert form.values["mounting"] is False and "mounting" not in names(form)
        ruleset = load_ruleset("mwan116-acw")
        with pytest.raises(InputError, match="only cavalry mount or dismount"):
            prepare(ruleset, "movement", {"arm": "infantry", "mounting": True})
    finally:
        session.close(force=True)
