"""A step of the sequence sets the inputs of its check (``inputs = { situation = ... }``):
One If By Land's morale tests at step 1 and charge step 2 defaulted to "panic trigger"
rather than the reason of that step. Checked when the ruleset is read."""

from __future__ import annotations

from pathlib import Path

import pytest

from drumhead.errors import DrumheadError
from drumhead.loading.loader import load_ruleset_file
from drumhead.session import TableSession
from tests.session.conftest import CARDS_TEST


@pytest.fixture
def oibl(saves: Path) -> TableSession:
    table = TableSession(str(saves), seed=1776)
    table.clock = lambda: "2026-01-01T10:00:00+00:00"
    table.new_game("one-if-by-land", "mill", scenario="cowpens-1781")
    yield table
    table.close(force=True)


def walk_to(table: TableSession, phase: str, step: str) -> None:
    """Step on until the walk is at ``phase.step`` (a card drawn on the way)."""
    game = table.game
    assert game is not None
    for _ in range(40):
        here = game.current_step()
        if game.state.phase == phase and here is not None and here.id == step:
            return
        table.next_step()
    raise AssertionError(f"never reached {phase}.{step}")


def test_a_morale_test_at_step_1_is_for_a_panic_marker(oibl: TableSession) -> None:
    unit = oibl.state.units[0].id
    before = oibl.form("morale", unit)  # drawing a card: no step of the morale test
    assert before is not None and before.values.get("situation", "panic_trigger") == "panic_trigger"
    walk_to(oibl, "morale", "panic_tests")
    form = oibl.form("morale", unit)
    assert form is not None and form.values["situation"] == "panic_marker"
    # the players may still say otherwise
    assert form.set_input("situation", "panic_trigger") and form.values["situation"] == (
        "panic_trigger"
    )


def test_the_step_that_opened_the_form_sets_its_reason(oibl: TableSession) -> None:
    unit = oibl.state.units[0].id
    walk_to(oibl, "morale", "panic_tests")
    said = {
        "charge_declarations.attacker_test": "charging",
        "charge_moves.defender_test": "charged",
        "charge_moves.attacker_close": "closing",
        "melee.winner_tests": "melee_result",
    }
    for step, situation in said.items():
        form = oibl.form("morale", unit, step)
        assert form is not None and form.values["situation"] == situation, step
    # a step naming another check sets nothing of this one
    other = oibl.form("morale", unit, "firing.fire")
    assert other is not None and "situation" not in other.values
    assert oibl.step_inputs("fire", "charge_declarations.attacker_test") == {}


WHY = """[checks.morale.inputs.why]
type = "choice"
choices = ["trigger", "marker"]
default = "trigger"
label = "Why the unit tests"

[checks.morale.inputs.rounds]
type = "int"
min = 1
max = 2
default = 1
label = "Rounds"

"""


def bad_steps(tmp_path: Path, inputs: str) -> Path:
    """The cards test ruleset with two inputs the players give (why, rounds), its morale
    step setting ``inputs``."""
    text = Path(CARDS_TEST).read_text("utf-8")
    step = '{ id = "rally", text = "Routing units may rally", check = "morale" }'
    assert step in text and "[checks.morale.groups]" in text
    text = text.replace(step, step[:-2] + f", inputs = {inputs} }}")
    text = text.replace("[checks.morale.groups]", WHY + "[checks.morale.groups]")
    path = tmp_path / "cards-test.toml"
    path.write_text(text, "utf-8")
    return path


@pytest.mark.parametrize(
    ("inputs", "said"),
    [
        ("{ nerve = 3 }", "check 'morale' has no input 'nerve'"),
        ('{ why = "heroic" }', "'heroic' does not fit the choice input 'why'"),
        ("{ rounds = 3 }", "3 does not fit the int input 'rounds'"),
        ('{ quality = "veteran" }', "'quality' is filled from the card or the log"),
    ],
)
def test_a_step_input_that_does_not_fit_is_refused_at_its_key(
    tmp_path: Path, inputs: str, said: str
) -> None:
    with pytest.raises(DrumheadError, match=said) as refused:
        load_ruleset_file(bad_steps(tmp_path, inputs))
    assert ".steps.0.inputs." in str(refused.value)


def test_a_step_input_that_fits_is_kept(tmp_path: Path) -> None:
    ruleset = load_ruleset_file(bad_steps(tmp_path, '{ why = "marker" }'))
    assert ruleset.sequence is not None
    step = next(s for p in ruleset.sequence.phases for s in p.steps if s.id == "rally")
    assert step.inputs == (("why", "marker"),)
