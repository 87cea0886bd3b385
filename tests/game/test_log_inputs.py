"""Issue 35: what the log already says fills a check (``from_log``), and a revert follows it.

A unit checks morale at most once a turn: the check that says so read a tick the players had
to remember (MWAN: the 38th New York could check twice). The check that decides a melee read
the round's casualties typed by hand, so reverting the round left the rout it caused. Here a
ruleset like the app's test rules, with a check made "once a turn" and a melee round whose
casualties the deciding check reads from the log."""

from __future__ import annotations

from pathlib import Path

import pytest

from drumhead.errors import InputError, RulesetError
from drumhead.game.rulesets import register_ruleset_file
from drumhead.session import TableSession

RULESETS = Path(__file__).resolve().parents[1] / "ui" / "rulesets"
AT = "2026-11-26T20:00:00Z"

EXTRA = """
[checks.steady]
title = "Steadiness (once a turn)"
kind = "roll"
phase = "activation"
source = "Log rules p.1"
summary = "Roll 1d6; a unit makes this check at most once a turn."
dice = "'1d6'"
outcome = "done"
refuse = [{ when = "checked", text = "a unit makes this check at most once a turn", source = "Log rules p.1" }]

[checks.steady.inputs.checked]
type = "bool"
default = false
label = "Already made this check this turn"
from_log = "rolled_this_turn"

[checks.steady.outcomes.done]
text = "rolled {value}"

[checks.round]
roles = { fighting = "This side's unit", opponent = "The enemy" }
title = "Melee round"
kind = "roll"
phase = "activation"
source = "Log rules p.2"
summary = "Roll 1d6: the enemy's casualties."
dice = "'1d6'"
outcome = "casualties"

[checks.round.outcomes.casualties]
text = "{value} casualties"

[checks.decide]
roles = { attacker = "The attacker", defender = "The defender" }
title = "Who won the melee"
kind = "custom"
mechanic = "decide"
phase = "activation"
source = "Log rules p.3"
summary = "The side that lost fewer wins; the loser routs."
rules = [{ when = "attacker_lost > defender_lost", outcome = "attacker_routs", explain = "the attacker lost more" }]
otherwise = "defender_routs"
otherwise_explain = "the defender lost as many or more"

[checks.decide.inputs.attacker_lost]
type = "int"
min = 0
label = "Casualties the attacker took"
from_log = "last_value:round"
role = "defender"

[checks.decide.inputs.defender_lost]
type = "int"
min = 0
label = "Casualties the defender took"
from_log = "last_value:round"

[checks.tally]
title = "Casualties inflicted this turn"
kind = "roll"
phase = "activation"
source = "Log rules p.4"
summary = "Every round's casualties, added."
dice = "total"
outcome = "total"

[checks.tally.inputs.total]
type = "int"
min = 0
label = "Casualties inflicted in every round this turn"
from_log = "turn_total:round"

[checks.tally.outcomes.total]
text = "{value} in all"

[checks.decide.outcomes.attacker_routs]
text = "The attacker routs"
effects = [{ kind = "state", state = "rout", text = "Routs" }]

[checks.decide.outcomes.defender_routs]
text = "The defender routs"
effects = [{ kind = "state", state = "rout", who = "defender", text = "Routs" }]
"""


@pytest.fixture
def table(tmp_path: Path) -> TableSession:
    rules = tmp_path / "log-test.toml"
    text = (RULESETS / "cards-test.toml").read_text(encoding="utf-8")
    rules.write_text(text.replace('id = "cards-test"', 'id = "log-test"', 1) + EXTRA)
    scenario = tmp_path / "log-test-scenario.toml"
    text = (RULESETS / "cards-test-scenario.toml").read_text(encoding="utf-8")
    scenario.write_text(text.replace('"cards-test"', '"log-test"'), encoding="utf-8")
    saves = tmp_path / "saves"
    saves.mkdir()
    session = TableSession(
        str(saves),
        ruleset="log-test",
        seed=7,
        ruleset_files=(str(rules),),
        scenario_files=(str(scenario),),
    )
    session.clock = lambda: AT
    (scenario_id, _), *_ = session.scenarios("log-test")
    session.new_game("log-test", "logs", scenario=scenario_id)
    return session


def test_a_check_made_this_turn_is_filled_from_the_log_and_refused_before_the_roll(
    table: TableSession,
) -> None:
    game = table.open_game_or_fail()
    assert table.prefill("steady", "blue_guards") == {"checked": False}
    game.resolve("steady", "blue_guards", {}, at=AT)
    assert table.prefill("steady", "blue_guards") == {"checked": True}
    assert table.prefill("steady", "blue_rifles") == {"checked": False}  # another unit
    with pytest.raises(InputError, match=r"at most once a turn \(Log rules p.1\)"):
        game.resolve("steady", "blue_guards", {}, at=AT)
    form = table.form("steady", "blue_guards")
    assert form is not None and form.values["checked"] is True
    assert form.odds().context is None  # refused before the roll, with the rule
    game.undo()
    assert table.prefill("steady", "blue_guards") == {"checked": False}  # undone: not made


def test_the_deciding_check_reads_each_sides_casualties_and_a_revert_follows_them(
    table: TableSession,
) -> None:
    game = table.open_game_or_fail()
    _, attack = game.resolve(
        "round", "blue_guards", {}, at=AT, roles={"opponent": "red_line"}, hand_dice=[2]
    )
    _, defence = game.resolve(
        "round", "red_line", {}, at=AT, roles={"opponent": "blue_guards"}, hand_dice=[5]
    )
    assert (attack.value, defence.value) == (2, 5)
    roles = {"defender": "red_line"}
    event, decided = game.resolve("decide", "blue_guards", {}, at=AT, roles=roles)
    # the attacker took the defender's 5, the defender the attacker's 2: the attacker routs
    assert {k: v for k, v in dict(decided.inputs).items() if k.endswith("_lost")} == {
        "attacker_lost": 5,
        "defender_lost": 2,
    }
    assert decided.outcome == "attacker_routs"
    assert event.data["read"] == [1, 2]
    plan = game.revert(2)  # the defender's round never happened
    assert [(c.seq, c.rule) for c in plan.conflicts] == [(3, "depends")]
    assert "read its inputs from entry 2" in plan.conflicts[0].reason


def test_from_log_is_checked_at_load(tmp_path: Path) -> None:
    bad = EXTRA.replace('from_log = "last_value:round"\nrole', 'from_log = "last_value:rund"\nrole')
    bad = bad.replace('from_log = "rolled_this_turn"', 'from_log = "rolled_today"')
    rules = tmp_path / "bad.toml"
    text = (RULESETS / "cards-test.toml").read_text(encoding="utf-8")
    rules.write_text(text + bad, encoding="utf-8")
    with pytest.raises(RulesetError) as found:
        register_ruleset_file(rules)
    message = str(found.value)
    assert "'rolled_today' is not one of rolled_this_turn, rolled_this_turn:CHECK" in message
    assert "no check 'rund'" in message


def test_a_turns_total_adds_every_round_and_reads_each(table: TableSession) -> None:
    game = table.open_game_or_fail()
    for face in (3, 4):
        game.resolve(
            "round", "blue_guards", {}, at=AT, roles={"opponent": "red_line"}, hand_dice=[face]
        )
    assert table.prefill("tally", "blue_guards") == {"total": 7}
    assert table.prefill("tally", "red_line") == {}  # no round rolled for it: asked
    event, result = game.resolve("tally", "blue_guards", {}, at=AT)
    assert (result.value, event.data["read"]) == (7, [1, 2])
