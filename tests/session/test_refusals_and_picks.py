"""Issues 35 and 37 at the session: a check the rules refuse says which input the refusal is
about (the app focuses it, the CLI names it), a leader picked keeps what the players typed as
a side picked does, and a role against the unit offers only the enemy's units."""

from __future__ import annotations

from pathlib import Path

from drumhead.session import TableSession


def test_a_refusal_names_its_input_and_reads_by_the_checks_title(saves: Path) -> None:
    table = TableSession(str(saves), ruleset="republique", seed=7)
    form = table.form("emergency_rally", None)
    assert form is not None
    assert form.set_input("leader_value", 2)
    assert form.set_input("within_8cm", False)
    view = form.odds()
    assert view.refused and form.refused_about == ("within_8cm",)
    assert view.blocked == (
        "✗ Emergency rally refused: the units must be within 8cm of the rallying leader "
        "(Republique 4.5 Emergency Rally)"
    )
    form.set_input("within_8cm", True)
    view = form.odds()  # allowed again (a value the rules lack, or the odds): about nothing
    assert not view.refused and form.refused_about == ()


def test_a_leader_picked_keeps_a_value_the_players_typed(saves: Path) -> None:
    """MWAN major general's rally: the players said the 4th Virginia is not of the major
    general's command; picking Beauregard (whose command the card says it is) leaves their
    answer and says what the pick read instead."""
    table = TableSession(str(saves), ruleset="mwan116-acw", seed=7)
    try:
        table.new_game("mwan116-acw", "leaders", scenario="first-bull-run-henry-hill")
        form = table.form("major_general_rally", "va4")
        assert form is not None and form.values["in_command"] is True  # the card's
        assert form.set_input("in_command", False)
        form.set_leader("self", "beauregard")
        assert form.values["in_command"] is False
        assert form.kept == {"in_command": ("va4", True)}
        assert form.card_lines()[-1].startswith(
            "Kept as you gave it: The unit is of the major general's command: no"
        )
        form.set_input("in_command", True)  # the players agree with the pick: nothing kept
        assert form.kept == {}
    finally:
        table.close(force=True)


def test_a_role_against_the_unit_offers_only_the_enemys_units(saves: Path) -> None:
    """The defender of a Confederate attack is a Union unit: the 4th Virginia's friends are
    not offered, and a friend is named as the wrong side with why."""
    table = TableSession(str(saves), ruleset="mwan116-acw", seed=7)
    try:
        table.new_game("mwan116-acw", "sides", scenario="first-bull-run-henry-hill")
        game = table.open_game_or_fail()
        form = table.form("close_combat", "va4")
        assert form is not None
        offered = form.role_units("defender")
        enemy = {u.id for u in game.state.units if u.side == "union" and not u.removed}
        assert offered and {u.id for u in offered} == enemy
        assert [u for u, _ in form.role_choices("defender")] == [u.id for u in offered]
        said = form.wrong_side("defender", "va5")
        assert (
            said == "5th Virginia is on the side of 4th Virginia: the defending unit is the enemy's"
        )
        assert form.wrong_side("defender", "ny11_zouaves") is None
    finally:
        table.close(force=True)
