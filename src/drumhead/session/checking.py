"""The table session's checks: those that fit a unit and the step, their forms, odds, rolls
(seeded or by hand), the effects applied, and dice that are not a check."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from drumhead.session.core import RollRecord, SessionCore

if TYPE_CHECKING:
    from drumhead.checks.results import Effect, Resolution
    from drumhead.game import Event
    from drumhead.rules.model import CheckSpec, InputValue
    from drumhead.session.form import CheckForm


class CheckDesk(SessionCore):
    """Checks made at the table."""

    # -- checks ---------------------------------------------------------------------------
    def wrong_side(
        self, check: CheckSpec, role: str, unit_id: str, for_unit: str | None
    ) -> str | None:
        """Why a unit may not be picked for a role of a check made for ``for_unit``
        (:func:`drumhead.game.sides.wrong_side`, the rule the game's roll refuses by too),
        or None: it may."""
        from drumhead.game.sides import wrong_side

        return wrong_side(self.open_game_or_fail().state, check, role, unit_id, for_unit)

    def check_choices(self, unit_id: str | None) -> list[CheckSpec]:
        """The checks to offer: those fitting the unit first, then those of this phase."""
        if self.game is not None:
            checks = self.game.checks_for(unit_id)
            phase = self.game.state.phase
            return sorted(checks, key=lambda c: 0 if c.phase == phase else 1)
        ruleset = self.ruleset
        return [c for c in ruleset.checks if c.option is None or c.option in ruleset.active_options]

    def morale_check_id(self, unit_id: str | None = None) -> str | None:
        """The standard morale test of the unit's type (None: of any unit type) as the
        ruleset declares it (``morale_check``), if it has one."""
        if self.game is None:
            return self.ruleset.morale_check(None)
        unit_type = self.game.state.unit(unit_id).type if unit_id is not None else None
        return self.game.ruleset.morale_check(unit_type)

    def step_check(self, step_key: str) -> str | None:
        """The check a step of the sequence of play names (``phase.step``), if any."""
        phase_id, _, step_id = step_key.partition(".")
        for phase in self.open_game_or_fail().phases():
            for step in phase.steps:
                if phase.id == phase_id and step.id == step_id and step.check:
                    return step.check
        return None

    def step_inputs(self, check_id: str, step_key: str | None = None) -> dict[str, InputValue]:
        """The input values a step of the sequence sets for ``check_id`` when the check is
        made there (``inputs`` of a step that names the check: One If By Land's morale test
        at step 1 is for a panic marker). ``step_key`` (``phase.step``) is the step the
        check was opened from; None: the step the walk is at. Nothing when that step names
        another check, or without a game."""
        game = self.game
        if game is None:
            return {}
        if step_key is None:
            step = game.current_step()
        else:
            phase_id, _, step_id = step_key.partition(".")
            step = next(
                (s for p in game.phases() if p.id == phase_id for s in p.steps if s.id == step_id),
                None,
            )
        if step is None or step.check != check_id:
            return {}
        return dict(step.inputs)

    def about_a_unit(self, check_id: str) -> bool:
        """Whether a check is made for a unit (reads its card, or changes it); not, e.g.,
        an initiative roll."""
        spec = self.ruleset.check(check_id)
        return any(i.from_unit for i in spec.inputs) or any(o.effects for o in spec.outcomes)

    def prefill(self, check_id: str, unit_id: str | None) -> dict[str, InputValue]:
        """Input values the table already answers for the unit: its card, its leader's, and
        this turn's log (none without a game or a unit)."""
        if self.game is None or unit_id is None:
            return {}
        return self.game.table_inputs(check_id, unit_id)

    def form(
        self, check_id: str | None, unit_id: str | None, step: str | None = None
    ) -> CheckForm | None:
        """A fresh form for a check (the first offered when ``check_id`` is not), for a
        unit's card or none, with the values the step it is made at sets (``step``, as
        ``phase.step``: the step that opened it; None: the step the walk is at); None when
        the rules offer no check here."""
        from drumhead.session.form import CheckForm
        from drumhead.session.session import TableSession

        assert isinstance(self, TableSession)  # a form uses every part of the session
        ids = [c.id for c in self.check_choices(unit_id)]
        if not ids:
            return None
        return CheckForm(self, check_id if check_id in ids else ids[0], unit_id, step)

    def unit_name(self, unit_id: str) -> str:
        if self.game is not None and self.game.state.has_unit(unit_id):
            return self.game.state.unit(unit_id).name
        return unit_id

    def leader_name(self, leader_id: str) -> str:
        if self.game is not None:
            found = [x for x in self.game.state.leaders if x.id == leader_id]
            if found:
                return found[0].name
        return leader_id

    def run_check(
        self,
        check_id: str,
        unit_id: str | None,
        values: Mapping[str, InputValue],
        ticked: Mapping[str, int],
        hand: list[int] | None,
        use_reroll: bool,
        roles: Mapping[str, str | Sequence[str]] | None = None,
        leaders: Mapping[str, str] | None = None,
        seed: int | None = None,
    ) -> Resolution:
        """Resolve a check: seeded dice, or the faces the players typed in. With a game
        open, from its dice, and logged. ``seed``: the dice of a roll already begun
        (:meth:`roll_seed`), finished after a question it stopped for."""
        game = self.game
        if game is not None:
            made: list[Resolution] = []

            def change(at: str) -> Event:
                event, resolution = game.resolve(
                    check_id,
                    unit_id,
                    values,
                    dict(ticked),
                    hand_dice=hand,
                    use_reroll=use_reroll,
                    at=at,
                    roles=dict(roles) if roles else None,
                    leaders=dict(leaders) if leaders else None,
                    seed=seed,
                )
                made.append(resolution)
                return event

            self.last_resolution_seq = self.record(change).seq
            spec = game.ruleset.check(check_id)
            if any(o.winner for o in spec.outcomes) and game.rolled_winner() is not None:
                # the initiative: the roll and its record are one action (the winner moves
                # first unless the players say otherwise with i)
                self.record(lambda at: game.record_rolled_initiative(at=at))
            return made[0]
        from drumhead.checks.resolve import prepare, resolve
        from drumhead.dice.roller import DiceSource, HandDice, RandomDice

        ctx = prepare(self.ruleset, check_id, values, ticked, self.gaps(), use_reroll=use_reroll)
        if hand is not None:
            dice: DiceSource = HandDice(hand)
        else:
            dice = RandomDice(self.rng if seed is None else random.Random(seed))
        return resolve(ctx, dice)

    def roll_seed(self) -> int:
        """The seed of the dice for a check rolled now: the open game's next roll's, else one
        drawn from the session's dice. A roll that stops for a question keeps it, and rolls
        these same dice once the question is answered (never a second chance at the dice)."""
        if self.game is not None:
            return self.game.roll_seed()
        return self.rng.randrange(2**48)

    def roll_dice(
        self, notation: str, purpose: str, unit_id: str | None = None
    ) -> tuple[tuple[int, ...], int]:
        """Roll dice that are not a check (a distance, the roller): with a game open, from the
        game's seeded dice and logged (a replay gives the same faces); else the session's."""
        game = self.game
        if game is None:
            from drumhead.dice.notation import parse

            return parse(notation).roll(self.rng)
        event = self.record(
            lambda at: game.roll_dice(notation, purpose=purpose, at=at, unit_id=unit_id)
        )
        return tuple(event.data["faces"]), int(event.data["total"])

    def roll_in_roller(self, notation: str) -> RollRecord:
        """A roll asked of the dice roller: rolled (logged with a game) and kept in the
        roller's history."""
        faces, total = self.roll_dice(notation, "the dice roller")
        record = (notation, faces, total)
        self.roll_history.insert(0, record)
        return record

    @property
    def cards_change(self) -> bool:
        """Whether effects can be applied to a unit card (a game is open)."""
        return self.game is not None

    def apply_effects(
        self,
        unit_id: str | None,
        effects: Sequence[Effect],
        roles: Mapping[str, str | Sequence[str]] | None = None,
        picks: Mapping[str, Sequence[str]] | None = None,
    ) -> bool:
        """Apply the players' chosen effects to a unit (one event, pointing back to the check
        resolved last); False when no card changed (no game, no unit, no effect). Raises
        MissingHitsPerStandError when hits fall on a unit whose card does not say how many
        remove a stand, and PickNeededError when an effect falls on one unit of a group and
        ``picks`` (role -> units, or ``random``, in order) does not say which."""
        game = self.game
        if game is None or unit_id is None or not effects:
            return False
        seq = self.last_resolution_seq
        picked = dict(roles) if roles else None
        self.record(
            lambda at: game.apply_effects(
                unit_id, list(effects), at=at, resolution=seq, roles=picked, picks=picks
            )
        )
        return True

    def log_notes(self, effects: Sequence[Effect]) -> bool:
        """Notes for the table or a side (an army-level result): in the log, on no card (one
        event, pointing back to the check resolved last); False without a game or notes."""
        game = self.game
        if game is None or not effects:
            return False
        seq = self.last_resolution_seq
        self.record(lambda at: game.apply_effects(None, list(effects), at=at, resolution=seq))
        return True

    def effect_targets(self, unit_id: str | None) -> list[Any]:
        """The units an effect may fall on besides the unit tested, the unit it last fought
        first, then the enemy's (none without a game)."""
        from drumhead.game.sides import effect_choices

        if self.game is None:
            return []
        return effect_choices(self.game, unit_id)
