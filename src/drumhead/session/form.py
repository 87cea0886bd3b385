"""One check being filled in at the table: its inputs as the players give them, the modifiers
they tick, the odds those come to, the roll, and the effects they keep, edit or discard.

Everything here is computed by :mod:`drumhead.checks.resolve` (through the session, which routes the
roll to the open game when there is one); a front end shows the form and passes on what the
players type, tick and press.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from drumhead.checks.base import counted_text
from drumhead.errors import DrumheadError, InputError, MissingGapError
from drumhead.rules.checks import applies
from drumhead.session.form_cards import card_lines as form_card_lines
from drumhead.session.form_leaders import fill_group_leaders, fill_leader, leader_needed
from drumhead.session.form_view import EffectGroup, OddsView, needed_text, parse_hand_dice
from drumhead.session.whom import effect_groups, falls_on, role_title

if TYPE_CHECKING:
    from drumhead.checks.base import Context
    from drumhead.checks.results import Effect, Resolution
    from drumhead.game.state import Unit
    from drumhead.rules.model import CheckSpec, InputSpec, InputValue, ModifierSpec
    from drumhead.session.session import TableSession

AMOUNT_KINDS = frozenset({"lose", "step", "distance", "hits", "attribute"})
"""Effects whose amount the players read and may edit (losses, steps, inches, hits, what is
added to a card's count)."""

__all__ = ["CheckForm", "EffectGroup", "OddsView", "needed_text", "parse_hand_dice"]


class CheckForm:
    """A check's form: values, ticks, the odds they come to, the roll and its effects."""

    def __init__(
        self, session: TableSession, check_id: str, unit_id: str | None, step: str | None = None
    ) -> None:
        self.session = session
        """The session the form resolves in (its ruleset, gaps and game)."""
        self.check_id = check_id
        """The check being resolved."""
        self.unit_id = unit_id
        """The unit the check is for (None: no unit, inputs typed in)."""
        self.values: dict[str, InputValue] = session.prefill(check_id, unit_id)
        """Input values that passed their checks (the unit card's to start with, and those
        the step of the sequence the check is made at sets: :meth:`TableSession.step_inputs`)."""
        self.values.update(session.step_inputs(check_id, step))
        self.bad_inputs: dict[str, str] = {}
        """Inputs whose text was refused, with the reason shown under the field."""
        self.offered: tuple[ModifierSpec, ...] = ()
        """The modifiers the players may tick as things stand: none while the form cannot
        be worked out (an input refused or missing, the rules refusing the check, a value
        they lack), as what may be ticked follows from what is not known yet."""
        self.ticked: dict[str, int] = {}
        """Ticked modifiers (countable ones with their count)."""
        self.use_reroll = True
        """Use a re-roll if the rules allow one."""
        self.result: Resolution | None = None
        """The last resolution, until applied or discarded."""
        self.rolled: tuple[int, str] | None = None
        """This form's last roll in the game's log: (its entry, its result), kept once its
        effects are applied (:meth:`rolled_before`)."""
        self.effects: list[Effect] = []
        """The result's proposed effects, as the players edited them."""
        self.roles: dict[str, str] = {}
        """The unit picked for each other side of the check (role -> unit id): the last one
        that unit fought, to start with."""
        self.more: dict[str, list[str]] = {}
        """Further units picked for a side that holds a group (role -> unit ids, after the one
        in ``roles``, whose card fills that side's inputs): Republique's assaulting units."""
        self.given: set[str] = set()
        """The inputs the players gave themselves (:meth:`set_input`): a card read later (a
        side picked) never changes one silently (:attr:`kept`)."""
        self.kept: dict[str, tuple[str, InputValue]] = {}
        """Inputs the players gave that a card picked afterwards reads otherwise: name -> (the
        unit, its card's value). The players' value stays, and :meth:`card_lines` says so."""
        self.refused_about: tuple[str, ...] = ()
        """The inputs the rules' refusal of the check reads, as the odds last stood (none:
        not refused): the first is where the players look next."""
        self.leaders: dict[str, str] = {}
        """The leader picked from the roster for a side (role id, ``self`` for a check
        without sides -> leader id), in place of the one with its unit."""
        game = session.game
        if game is not None and unit_id is not None:
            from drumhead.game.sides import last_opponent

            for role in self.check.role_ids[1:]:
                last = last_opponent(game, unit_id, role)
                if last is not None and self.wrong_side(role, last) is None:
                    self.set_role(role, last)
            self._fill_from_log(replace_picked=True)

    def _fill_from_log(self, *, replace_picked: bool) -> None:
        """Pick for each role the log fills (``from_log``) the unit it names, where the
        role is part of the check and its ``from_log_when`` holds: the charger whose charge
        test named this unit. ``replace_picked``: over the last opponent picked beforehand
        (a new form); else only roles still empty (an input changed)."""
        game = self.session.game
        if game is None or self.unit_id is None:
            return
        picked = () if replace_picked else tuple(self.roles)
        for role, unit in game.roles_from_log(
            self.check, self.unit_id, self.values, picked
        ).items():
            if self.wrong_side(role, unit) is None:
                self.set_role(role, unit)

    def in_play(self, role: str) -> bool:
        """Whether a role is part of the check as the inputs stand (its ``when``): a morale
        test's charger only when the unit tests because it is charged."""
        from drumhead.checks.roles import holds

        spec = self.check.role(role)
        return spec is None or holds(self.session.ruleset, self.check, self.values, spec.when)

    def roles_in_play(self) -> dict[str, str]:
        """The units picked for the roles that are part of the check as the inputs stand."""
        return {r: u for r, u in self.roles.items() if self.in_play(r)}

    @property
    def check(self) -> CheckSpec:
        return self.session.ruleset.check(self.check_id)

    # -- both sides -----------------------------------------------------------------------
    @property
    def other_roles(self) -> list[tuple[str, str]]:
        """The check's other sides (role id, title), in the check's order."""
        if self.unit_id is None or self.session.game is None:
            return []
        return [(r.id, r.title) for r in self.check.roles[1:] if self.in_play(r.id)]

    def role_units(self, role: str) -> list[Unit]:
        """The units that may be picked for a role, the likeliest first: the one picked for it
        last, then the rest (:func:`drumhead.game.sides.role_choices`); only the enemy's for
        a role against the unit (a defender, a target), only its own side's for one beside
        it (``side = "own"``: a second wave)."""
        from drumhead.game.sides import role_choices

        game = self.session.open_game_or_fail()
        assert self.unit_id is not None
        units = role_choices(game, self.check, self.unit_id, role)
        return [u for u in units if self.wrong_side(role, u.id) is None]

    def wrong_side(self, role: str, unit_id: str) -> str | None:
        """Why a unit may not be picked for a role (:meth:`CheckDesk.wrong_side`), or None."""
        return self.session.wrong_side(self.check, role, unit_id, self.unit_id)

    def role_choices(self, role: str) -> list[tuple[str, str]]:
        """(unit id, line) to pick from for a role: the last opponent, then the enemy."""
        names = {s.id: s.name for s in self.session.open_game_or_fail().state.sides}
        return [(u.id, f"{u.name} ({names.get(u.side, u.side)})") for u in self.role_units(role)]

    def set_role(self, role: str, unit_id: str | None) -> None:
        """The unit picked for a role (None: none yet); its card fills that side's inputs.
        Refused for a unit on the wrong side (:meth:`wrong_side`): an ally as the enemy."""
        if unit_id is None:
            self.roles.pop(role, None)
            self.more.pop(role, None)
            return
        game = self.session.open_game_or_fail()
        others = {u for r, us in self.picked_roles().items() if r != role for u in us}
        if unit_id == self.unit_id or unit_id in others | set(self.more.get(role, [])):
            raise InputError(f"{self.session.unit_name(unit_id)} is already in this check")
        wrong = self.wrong_side(role, unit_id)
        if wrong is not None:
            raise InputError(wrong)
        self.roles[role] = unit_id
        led = self.leaders.get(role)
        if led is not None and game.state.leader(led).side != game.state.unit(unit_id).side:
            self.leaders.pop(role)  # a leader of the other side: no longer this side's
            led = None
        for name, value in game.table_inputs(self.check, unit_id, role, led).items():
            if name in self.given and self.values.get(name) != value:
                self.kept[name] = (unit_id, value)  # the players' value stays: said so
                continue
            self.kept.pop(name, None)
            self.values[name] = value
        self._fill_groups()

    def add_to_role(self, role: str, unit_id: str) -> None:
        """Another unit for a side that holds a group (after the one picked first, or the
        unit the check is made for): refused beyond the role's ``max``, for a unit already in
        the check, on the wrong side (:meth:`wrong_side`), or before the side's first unit
        is picked."""
        spec = self.check.role(role)
        if spec is None or not self.side_units(role):
            raise DrumheadError(f"pick the {role.replace('_', ' ')}'s first unit first (o)")
        if len(self.side_units(role)) >= spec.maximum:
            most = counted_text(spec.maximum, "unit|units")
            raise DrumheadError(f"{spec.title} holds at most {most}")
        taken = {u for us in self.picked_roles().values() for u in us}
        if unit_id in taken or unit_id == self.unit_id:
            raise DrumheadError(f"{self.session.unit_name(unit_id)} is already in this check")
        wrong = self.wrong_side(role, unit_id)
        if wrong is not None:
            raise InputError(wrong)
        state = self.session.open_game_or_fail().state
        ours = state.unit(unit_id).side == state.unit(self.side_units(role)[0]).side
        if not ours:
            raise DrumheadError(
                f"{self.session.unit_name(unit_id)} is not on the side of "
                f"{self.session.unit_name(self.side_units(role)[0])}: a side's units fight together"
            )
        self.more.setdefault(role, []).append(unit_id)
        self._fill_groups()

    def side_units(self, role: str) -> list[str]:
        """Every unit picked for a side, the one whose card fills its inputs first (the unit
        the check is made for, on the first side)."""
        is_first = bool(self.check.role_ids) and role == self.check.role_ids[0]
        head = self.unit_id if is_first else self.roles.get(role)
        return [head, *self.more.get(role, [])] if head is not None else []

    def picked_roles(self) -> dict[str, list[str]]:
        """The units picked for each other side in play (:meth:`in_play`: a role the test's
        reason leaves out takes nothing), as the roll and its effects take them, and the first
        side's when units were added to it."""
        first = self.check.role_ids[0] if self.check.role_ids else None
        out = {r: self.side_units(r) for r in self.roles if self.in_play(r)}
        if first is not None and self.more.get(first):
            out[first] = self.side_units(first)
        return out

    def _fill_groups(self) -> None:
        """The inputs every unit picked answers at once (``from_units``)."""
        game = self.session.game
        if self.unit_id is not None and game is not None:
            first = self.check.role_ids[0] if self.check.role_ids else "self"
            picked = {first: [self.unit_id], **self.picked_roles()}
            for name, value in game.group_inputs(self.check, picked).items():
                if name in self.given and self.values.get(name) != value:
                    self.kept[name] = (self.unit_id, value)  # the players' value stays
                    continue
                self.kept.pop(name, None)
                self.values[name] = value
            fill_group_leaders(self)

    # -- leaders --------------------------------------------------------------------------
    def leader_sides(self) -> list[tuple[str, str, str]]:
        """(role, title, unit) for each side of the check whose inputs read its leader (his
        value, his command, ...) and whose unit is known: the sides a leader may be picked
        for. The first side's role is ``self`` for a check without sides."""
        if self.session.game is None or self.unit_id is None:
            return []
        check = self.check
        first = check.role_ids[0] if check.role_ids else None
        out = []
        for role, unit in [(first, self.unit_id), *self.roles_in_play().items()]:
            reads = any(
                (i.role or first) == role and (i.from_unit or "").startswith("leader_")
                for i in check.inputs
            )
            if reads:
                title = role_title(check, role) if role not in (None, "self") else "the unit"
                out.append((role or "self", title[0].upper() + title[1:], unit))
        return out

    def leader_choices(self, unit_id: str) -> list[tuple[str, str]]:
        """(leader id, line) to pick from for a unit's side, the nearest first: the one with
        it, those commanding it, then the rest of its side."""
        game = self.session.open_game_or_fail()
        out = []
        for leader in game.leader_choices(unit_id):
            where = "with it" if leader.attached_to == unit_id else "commands it"
            unit = game.state.unit(unit_id)
            if leader.attached_to != unit_id and not {unit.id, unit.brigade} & set(leader.commands):
                where = "same side"
            out.append((leader.id, f"{leader.name} (value {leader.value}; {where})"))
        return out

    def set_leader(self, role: str, leader_id: str) -> None:
        """The leader picked for a side: his values fill that side's leader inputs (shown,
        and the players may still change them), and the roll records him. A value the
        players typed stays, as with a side picked (:attr:`kept` says so)."""
        game = self.session.open_game_or_fail()
        game.state.leader(leader_id)
        sides = {r: u for r, _, u in self.leader_sides()}
        if role not in sides:
            raise DrumheadError(f"no side '{role}' of this check reads a leader")
        self.leaders[role] = leader_id
        fill_leader(self, role, sides[role], leader_id, every=True)

    def card_lines(self) -> list[str]:
        """Both cards' lines the check reads (:func:`.form_cards.card_lines`)."""
        return form_card_lines(self)

    # -- inputs ---------------------------------------------------------------------------
    def set_input(self, name: str, raw: object) -> bool:
        """An input as the players gave it (text typed, a choice, a tick); True when the
        form changed. A blank field takes the input's default; refused text is kept in
        :attr:`bad_inputs` with its reason."""
        spec = self.check.input(name)
        if spec is None:
            return False
        from drumhead.checks.resolve import coerce

        try:
            if isinstance(raw, str) and not raw.strip():
                if spec.default is None:
                    raise DrumheadError(f"{spec.label}: a value is needed")
                value: InputValue = spec.default
            else:
                value = coerce(spec, raw)
        except DrumheadError as exc:
            # shown under the field's own label: the internal name (for the CLI) is left out
            self.bad_inputs[name] = f"✗ {str(exc).removeprefix(f'{name} ')}"
            return True
        if name not in self.bad_inputs and self.values.get(name) == value:
            return False  # e.g. the form's own fields reporting the values they were given
        echoed = name not in self.values and value == spec.default  # a field showing its default
        self.bad_inputs.pop(name, None)
        self.values[name] = value
        if not echoed:
            self.given.add(name)
        self.kept.pop(name, None)
        self._drop_given_that_no_longer_apply(name)
        self._fill_from_log(replace_picked=False)
        return True

    def _drop_given_that_no_longer_apply(self, changed: str) -> None:
        """An input the players gave that stops applying as ``changed`` was given (mounting,
        once the unit moving is no longer cavalry) goes back to its default with its row: a
        value nobody sees must not count. A card's value stays (the card is the truth), and
        so does ``changed`` itself (given on purpose: the rules may refuse it)."""
        shown = self.shown_inputs()
        for spec in self.check.inputs:
            if spec.name == changed or spec.name not in self.given or spec.default is None:
                continue
            if spec not in shown:
                self.values[spec.name] = spec.default
                self.given.discard(spec.name)
                self.bad_inputs.pop(spec.name, None)

    def clear_input(self, name: str) -> bool:
        """A required choice made blank again: not given (True when it had a value)."""
        self.given.discard(name)
        self.kept.pop(name, None)
        return self.values.pop(name, None) is not None

    def missing_inputs(self) -> list[InputSpec]:
        """The inputs the rules need that nobody has filled (the card could not)."""
        return [s for s in self.check.inputs if s.default is None and s.name not in self.values]

    def shown_inputs(self) -> list[InputSpec]:
        """The inputs the form offers: those that apply as the other inputs stand (a battery's
        guns only when a battery fires: :attr:`InputSpec.when`); the others read their
        default."""
        values = {s.name: s.default for s in self.check.inputs if s.default is not None}
        values.update(self.values)
        return [s for s in self.check.inputs if applies(s, values)]

    # -- modifiers ------------------------------------------------------------------------
    def tick(self, selected: set[str]) -> str | None:
        """The modifiers ticked now (a count kept for those already ticked). A group of
        exclusive modifiers is one choice: a modifier newly ticked replaces the one of its
        group ticked before, and what was unticked is said (None when nothing was)."""
        before = self.ticked
        chosen = [m for m in before if m in selected] + [m for m in selected if m not in before]
        said: list[str] = []
        for new in [m for m in selected if m not in before]:
            spec = self.check.modifier(new)
            if spec is None or spec.group is None:
                continue
            for old in list(chosen):
                other = self.check.modifier(old)
                if (
                    old != new
                    and other is not None
                    and other.group == spec.group
                    and other.side == spec.side
                    and not other.auto
                ):
                    chosen.remove(old)
                    said.append(f"{other.label} unticked: {spec.label} replaces it (one choice)")
        self.ticked = {m: before.get(m, 1) for m in chosen}
        return "; ".join(said) or None

    def count(self, mod_id: str, delta: int) -> str | None:
        """Change the count of a countable modifier; why not, when it is not countable."""
        spec = self.check.modifier(mod_id)
        if spec is None or not spec.countable:
            return "Only modifiers counted per item take + and -."
        count = self.ticked.get(mod_id, 0) + delta
        if count <= 0:
            self.ticked.pop(mod_id, None)
        else:
            self.ticked[mod_id] = count
        return None

    # -- the odds -------------------------------------------------------------------------
    def context(self, ticked: dict[str, int]) -> Context:
        """The check prepared with the form's values and these ticks."""
        from drumhead.checks.resolve import prepare

        return prepare(
            self.session.ruleset,
            self.check_id,
            self.values,
            ticked,
            self.session.gaps(),
            use_reroll=self.use_reroll,
            phase=self.session.game.state.phase or None if self.session.game else None,
        )

    def odds(self, *, offer: bool = True) -> OddsView:
        """The number needed and the odds of every outcome, or why there are none yet.

        ``offer``: work out again which modifiers may be ticked (the inputs changed), and
        untick any no longer offered. When they cannot be worked out (the form is blocked
        before them), none is offered, not those of the values before; the ticks are kept
        meanwhile, and those still offered come back once the form is whole."""
        if offer:
            self.offered = ()  # until worked out below
        self.refused_about = ()
        if self.bad_inputs:
            return OddsView("Fix the inputs marked ✗ to see the odds.")
        missing = self.missing_inputs()
        if missing:
            return OddsView(f"Fill in “{missing[0].label}” (required) to see the odds.")
        from drumhead.checks.resolve import RefusedError, available_modifiers, odds, result_odds

        offered_in = None
        try:
            if offer:
                base = self.context({})  # the rules' refusal, or a value they lack, stop here
                self.offered = tuple(available_modifiers(base))
                ids = {m.id for m in self.offered}
                self.ticked = {k: v for k, v in self.ticked.items() if k in ids}
                offered_in = base
            ctx = self.context(self.ticked)
            outcome_odds = odds(ctx)
            results = result_odds(ctx, outcome_odds)
        except MissingGapError as exc:
            return OddsView(
                f"Waiting for a value: {exc.question}", waiting=exc, offered_in=offered_in
            )
        except RefusedError as exc:  # the inputs it is about: where the players look next
            self.refused_about = exc.inputs
            return OddsView(f"✗ {exc}", refused=True, offered_in=offered_in)
        except DrumheadError as exc:
            return OddsView(f"✗ {exc}", refused=True, offered_in=offered_in)
        return OddsView(
            offered_in=offered_in,
            context=ctx,
            automatic=tuple(m for m in ctx.modifiers if m.auto),
            needed=needed_text(ctx),
            odds=outcome_odds,
            results=results,
        )

    # -- the roll -------------------------------------------------------------------------
    def roll(self, hand: list[int] | None) -> Resolution:
        """Resolve the check: seeded dice (``hand`` None) or the faces the players typed.

        Raises MissingGapError for a value the rules lack (ask, then roll again), and
        DrumheadError when the rules refuse."""
        if self.bad_inputs:
            raise DrumheadError("fix the inputs marked ✗ first")
        needed = leader_needed(self)
        if needed is not None:  # the rules leave it to the players: asked before the roll
            raise needed
        held = self.session.held_seeds
        key = (self.check_id, self.unit_id)
        seed = None
        if hand is None:  # the dice of this check's roll stopped by a question, if one was
            seed = held[key] if key in held else self.session.roll_seed()
        try:
            result = self.session.run_check(
                self.check_id,
                self.unit_id,
                self.values,
                self.ticked,
                hand,
                self.use_reroll,
                roles=self.picked_roles(),
                leaders=self.leaders,
                seed=seed,
            )
        except MissingGapError:
            if seed is not None:  # these dice, once the value is given: answering, or
                held[key] = seed  # cancelling and rolling again (this form or a new one),
            raise  # gives no second chance at the dice the question showed
        held.pop(key, None)
        seq = self.session.last_resolution_seq if self.session.game is not None else None
        self.rolled = (seq, result.text) if seq is not None else None
        self.result = result
        self.effects = list(result.effects)
        return result

    @property
    def rolls_dice(self) -> bool:
        """Whether the check rolls dice (a decision from the situation rolls none: there
        are no dice to type in by hand)."""
        from drumhead.checks.base import rolls_dice, rolls_dice_in

        if not rolls_dice(self.check):
            return False
        if not hasattr(self.check.mechanic, "rolls_dice_in"):
            return True  # every situation rolls: nothing to prepare
        try:  # dice that follow from the situation (a fixed move): as the form stands
            return rolls_dice_in(self.context(self.ticked))
        except DrumheadError:
            return True  # not known yet: the players may still type the dice

    @property
    def has_rerolls(self) -> bool:
        """Whether the rules give this check a re-roll in some case (Rank and File's elite,
        a leader's re-rolls): only then is "use a re-roll" a choice to offer."""
        return any(name == "reroll" for name, _ in self.check.mechanic.expressions())

    def rolled_before(self) -> tuple[int, str] | None:
        """This form's last roll, (its log entry, its result), while the game's log still
        holds it: another roll now would be a second check of the same thing (an undone roll
        is no roll, and without a game nothing was recorded)."""
        game = self.session.game
        if game is None or self.rolled is None:
            return None
        seq, text = self.rolled
        if seq > game.event_count:
            return None
        event = game.entries[seq - 1]
        if event.kind != "resolution" or event.data.get("check") != self.check_id:
            return None
        return seq, text

    def clear_result(self) -> None:
        """Forget the result (applied, or discarded)."""
        self.result = None
        self.effects = []

    # -- the effects ----------------------------------------------------------------------
    @property
    def distances_to_roll(self) -> bool:
        """Whether an effect's distance is still to be rolled."""
        return any(e.kind == "distance" and e.dice and e.amount is None for e in self.effects)

    def roll_distances(self) -> bool:
        """Roll the dice of every distance effect still to be rolled (from the game's dice,
        logged, when one is open); False when there was none."""
        rolled = False
        for i, effect in enumerate(self.effects):
            if effect.kind == "distance" and effect.dice and effect.amount is None:
                faces, total = self.session.roll_dice(
                    effect.dice, f"distance: {effect.text}", self.unit_id
                )
                self.effects[i] = replace(
                    effect,
                    amount=total,
                    text=f"{effect.text} ({effect.dice}: {' '.join(map(str, faces))} = {total})",
                )
                rolled = True
        return rolled

    def amount_refusal(self, index: int) -> str | None:
        """Why effect ``index`` has no amount to edit (None: it has one)."""
        effect = self.effects[index]
        if effect.amount is None and effect.kind not in AMOUNT_KINDS:
            return "This effect has no amount; untick it to discard it."
        return None

    def set_amount(self, index: int, amount: int) -> None:
        """The players' amount for effect ``index`` (losses, steps, inches, hits)."""
        self.effects[index] = replace(self.effects[index], amount=amount)

    def falls_on(self, effect: Effect) -> str | None:
        """Whom ``effect`` falls on, as the players read it (:func:`.whom.falls_on`)."""
        return falls_on(self, effect)

    def groups(self, chosen: list[Effect]) -> list[EffectGroup]:
        """The chosen effects by the unit they fall on (:func:`.whom.effect_groups`)."""
        return effect_groups(self, chosen)

    def leftover_text(self, chosen: list[Effect]) -> str | None:
        """What to say when nothing was applied: effects discarded, or nothing to apply."""
        if chosen:
            return None
        logged = " The roll is in the log." if self.session.game is not None else ""
        if self.effects:
            return "Effects discarded." + logged
        if self.result is not None:
            return f"{self.result.text}: nothing to apply." + logged
        return None
