"""The oracle's player on the table session's check form: every probe of the plan played with
the calls the resolve screen makes on it, in the same order, and every answer compared with
the rules core.

The screen passes on what the players give (a number as the text typed, a choice's value, a
tick, the modifiers ticked, + and -, the re-roll box) and shows what the form answers (the
number needed, the odds, the modifiers on offer, the automatic ones, a refusal under a field
or over the odds, the roll and its result). The same calls here, without the screen: a probe
that disagrees here disagrees there. tests/ui/oracle/driver.py plays one probe of each kind
per ruleset on the screen itself, by keys.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from dataclasses import dataclass, field

from phases import to_check_phase

from drumhead.errors import DrumheadError
from drumhead.game import Game
from drumhead.game.codec import strip_none
from drumhead.rules.model import CheckSpec, InputSpec, InputValue, Ruleset
from drumhead.session import TableSession
from drumhead.session.form import CheckForm, OddsView
from tests.oracle.core import Expected, expect, hand_faces, roll_problems
from tests.oracle.plan import Probe, base_values, oracle_game


@dataclass
class FormOracle:
    """Plays one ruleset's probes on forms of one session, its oracle game open."""

    table: TableSession
    game: Game
    view: OddsView | None = None
    """What the form answered last (what the screen shows)."""
    played: dict[str, list[str]] = field(default_factory=dict)
    """Every probe played, with what disagreed (empty: the form agreed with the core)."""

    @classmethod
    def open(cls, ruleset_id: str, saves: str) -> FormOracle:
        table = TableSession(saves, ruleset=ruleset_id, seed=1)
        game = oracle_game(ruleset_id)
        table.open_game(game)
        return cls(table, game)

    @property
    def ruleset(self) -> Ruleset:
        return self.game.ruleset

    # -- what the screen does ---------------------------------------------------------------
    def fresh(self, check: CheckSpec, unit: str | None = None) -> CheckForm:
        """The check's form, as the screen opens it (the palette's "Resolve: ...")."""
        form = self.table.form(check.id, unit)
        assert form is not None and form.check_id == check.id, (check.id, form)
        self.view = form.odds()
        return form

    def give(self, form: CheckForm, spec: InputSpec, value: InputValue) -> None:
        """An input as its field passes it on (a number as the text typed, a choice's value,
        a tick); the odds then worked out again, with the modifiers on offer."""
        raw: object = str(value) if spec.type == "int" else value
        if form.set_input(spec.name, raw):
            self.view = form.odds(offer=True)

    def tick(self, form: CheckForm, mod_id: str, count: int) -> str | None:
        """Tick a modifier in the list (space), then + for each further count; why not, when
        the list does not offer it."""
        offered = [m.id for m in form.offered]
        if mod_id not in offered:
            return f"'{mod_id}' is not offered ({offered})"
        form.tick({*form.ticked, mod_id})
        self.view = form.odds(offer=False)
        for _ in range(count - 1):
            refusal = form.count(mod_id, 1)
            if refusal is not None:
                return refusal
            self.view = form.odds(offer=True)
        return None

    def roll(self, form: CheckForm, hand: list[int] | None) -> None:
        """r (or the dice typed by hand, Enter); a refusal is shown, nothing logged."""
        with contextlib.suppress(DrumheadError):
            form.roll(hand)

    # -- comparing ----------------------------------------------------------------------------
    def compare_form(self, problems: list[str], form: CheckForm, exp: Expected) -> None:
        """The number needed, the odds, the modifiers offered and applied, or the refusal."""
        view = self.view
        assert view is not None
        if exp.bad_input is not None:
            error = form.bad_inputs.get(exp.bad_input, "")
            want = f"✗ {exp.refused.removeprefix(f'{exp.bad_input} ')}" if exp.refused else ""
            if error != want:
                problems.append(f"under the field: form {error!r}, core {want!r}")
            if view.context is not None or "Fix the inputs" not in (view.blocked or ""):
                problems.append(f"odds for a refused input: {view.blocked or view.needed!r}")
            return
        if exp.refused is not None:
            if view.blocked != f"✗ {exp.refused}":
                problems.append(f"refusal: form {view.blocked!r}, core '✗ {exp.refused}'")
            return
        if view.context is None:
            problems.append(f"no odds: {view.blocked!r}")
            return
        if view.needed != exp.needed:
            problems.append(f"number needed: form {view.needed!r}, core {exp.needed!r}")
        if tuple(view.odds) != exp.odds:
            problems.append(f"odds: form {view.odds}, core {exp.odds}")
        listed = tuple(m.id for m in form.offered)
        if listed != exp.offered:
            problems.append(f"modifiers offered: form {listed}, core {exp.offered}")
        autos = tuple(m.describe() for m in view.automatic)
        if autos != exp.autos:
            problems.append(f"automatic modifiers: form {autos}, core {exp.autos}")

    def compare_roll(
        self,
        problems: list[str],
        form: CheckForm,
        check: CheckSpec,
        before: int,
        exp: Expected,
        values: Mapping[str, InputValue],
        ticked: Mapping[str, int],
        unit: str | None,
        use_reroll: bool,
        hand: list[int] | None,
    ) -> None:
        """The journal's entry and the form's result are the core's resolution."""
        found, core = roll_problems(
            self.game, check, before, exp, values, ticked, unit, use_reroll, hand
        )
        problems.extend(found)
        if core is not None:
            shown = strip_none(form.result.to_dict()) if form.result is not None else None
            if shown != strip_none(core.to_dict()):
                problems.append(f"result: form {shown}, core {strip_none(core.to_dict())}")

    # -- playing --------------------------------------------------------------------------
    def play(self, probe: Probe) -> list[str]:
        """One probe, on a fresh form; what disagreed with the core."""
        check = self.ruleset.check(probe.check)
        to_check_phase(self.table, check.id)  # the rules' order of the turn: in its phase
        if probe.kind == "unit":
            return self.play_unit(probe, check)
        problems: list[str] = []
        base = base_values(self.ruleset, check)
        form = self.fresh(check)
        for spec in check.inputs:  # the values the probes start from, typed in
            if spec.default is None or base[spec.name] != spec.default:
                self.give(form, spec, base[spec.name])
        values = dict(base)
        ticked: dict[str, int] = {}
        use_reroll = True
        if probe.kind == "input":
            spec = check.input(probe.name)
            assert spec is not None and probe.value is not None
            self.give(form, spec, probe.value)
            values[probe.name] = probe.value
        elif probe.kind == "modifier":
            for name, value in probe.needs:
                spec = check.input(name)
                assert spec is not None
                self.give(form, spec, value)
                values[name] = value
            refusal = self.tick(form, probe.name, int(probe.value or 1))
            if refusal is not None:
                return [f"could not tick it: {refusal}"]
            ticked[probe.name] = int(probe.value or 1)
        elif probe.kind == "reroll":
            form.use_reroll = False  # the box cleared
            self.view = form.odds(offer=False)
            use_reroll = False
        gaps = self.game.state.gap_values()
        exp = expect(self.ruleset, gaps, check, values, ticked, use_reroll)
        self.compare_form(problems, form, exp)
        hand = None
        if probe.kind == "hand" and exp.refused is None:
            hand = hand_faces(self.game, check, values, use_reroll)
        before = len(self.game.log)
        self.roll(form, hand)
        self.compare_roll(
            problems, form, check, before, exp, values, ticked, None, use_reroll, hand
        )
        return problems

    def play_unit(self, probe: Probe, check: CheckSpec) -> list[str]:
        """The check opened for a unit: the card's values on the form, each one its field can
        show as it is (a choice among its menu's, a yes/no, a whole number), and the roll
        made with them."""
        problems: list[str] = []
        form = self.fresh(check, probe.name)
        # what the table answers: the card (and its leader) and this turn's log (from_log)
        prefilled = self.game.table_inputs(check, probe.name)
        for spec in check.inputs:
            want = prefilled.get(spec.name, spec.default)
            value = form.values.get(spec.name, spec.default)
            if value != want:
                problems.append(f"card value of {spec.name}: form {value!r}, card {want!r}")
            if value is None:
                continue
            shows = {
                "choice": value in spec.choices,
                "bool": isinstance(value, bool),
                "int": isinstance(value, int) and not isinstance(value, bool),
            }.get(spec.type, True)
            if not shows:
                problems.append(f"{spec.name}: its field cannot show the card's {value!r}")
        values = {**{s.name: s.default for s in check.inputs if s.default is not None}, **prefilled}
        for spec in [s for s in check.inputs if s.name not in values]:
            values[spec.name] = base_values(self.ruleset, check)[spec.name]  # typed
            self.give(form, spec, values[spec.name])
        exp = expect(self.ruleset, self.game.state.gap_values(), check, values, {})
        self.compare_form(problems, form, exp)
        before = len(self.game.log)
        self.roll(form, None)
        self.compare_roll(problems, form, check, before, exp, values, {}, probe.name, True, None)
        return problems
