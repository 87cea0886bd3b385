"""Resolving a check: inputs and ticked modifiers in, odds and an immutable record out.

ctx = prepare(ruleset, "morale", {"quality": "regular", "figures_start": 20}, ["light_cover"])
odds(ctx)                              # exact probability of every outcome
resolve(ctx, RandomDice(rng))          # or HandDice([4]) for dice rolled at the table
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from drumhead.checks.base import Context
from drumhead.checks.cells import read_cell
from drumhead.checks.chart_words import read_chart_words
from drumhead.checks.results import AppliedModifier, Effect, OutcomeOdds, Resolution, ResultOdds
from drumhead.checks.sources import (
    answer_rulings,
    gap_provenance,
    gap_uses,
    house_changes,
    mechanic_rulings,
    modifier_source,
    outcome_sources,
    reachable,
    value_and_gaps,
)
from drumhead.dice.roller import DiceSource, HandDice
from drumhead.errors import InputError
from drumhead.questions.answers import PLAYERS_ANSWER, coerce_answer
from drumhead.rules.model import (
    COUNTED_EFFECT_KINDS,
    CheckSpec,
    EffectSpec,
    InputSpec,
    InputValue,
    ModifierSpec,
    Ruleset,
)


def coerce(spec: InputSpec, value: object) -> InputValue:
    """An input value from the CLI (text) or the app (typed), checked against its spec."""
    if spec.type == "bool":
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in ("true", "yes", "y", "1", "on"):
            return True
        if text in ("false", "no", "n", "0", "off"):
            return False
        raise InputError(f"{spec.name} takes true or false, not '{value}'")
    if spec.type == "int":
        if isinstance(value, bool):
            raise InputError(f"{spec.name} takes a whole number, not {value}")
        try:
            number = int(str(value).strip()) if not isinstance(value, int) else value
        except ValueError:
            raise InputError(f"{spec.name} takes a whole number, not '{value}'") from None
        if spec.minimum is not None and number < spec.minimum:
            raise InputError(f"{spec.name} must be at least {spec.minimum}, not {number}")
        if spec.maximum is not None and number > spec.maximum:
            raise InputError(f"{spec.name} must be at most {spec.maximum}, not {number}")
        return number
    text = str(value).strip().lower().replace("-", "_").replace(" ", "_")
    if text not in spec.choices:
        raise InputError(f"{spec.name} takes one of {', '.join(spec.choices)}, not '{value}'")
    return text


def coerce_gap(ruleset: Ruleset, gap_id: str, value: object) -> InputValue:
    """A value for a gap (or one key of a keyed gap: an answer id), checked: its kind, its
    choices, its outcome set and its key (see :func:`drumhead.questions.answers.coerce_answer`)."""
    return coerce_answer(ruleset, gap_id, value)


def prepare(
    ruleset: Ruleset,
    check_id: str,
    values: Mapping[str, object] | None = None,
    modifiers: Mapping[str, int] | Iterable[str] = (),
    gaps: Mapping[str, object] | None = None,
    *,
    use_reroll: bool = True,
    gap_sources: Mapping[str, str] | None = None,
    phase: str | None = None,
) -> Context:
    """A check with its inputs checked, ready for :func:`odds` and :func:`resolve`.

    ``values`` may name inputs or gaps; ``modifiers`` are the ticked modifiers (a mapping gives
    a count for countable ones); ``gaps`` are values the players supplied earlier, and
    ``gap_sources`` says where each came from (default: :data:`PLAYERS_ANSWER`). ``phase``:
    the game's phase now, for the refusals the rules' order of the turn makes (None: no game).
    """
    check = ruleset.check(check_id)
    if check.option is not None and check.option not in ruleset.active_options:
        option = ruleset.option(check.option)
        title = option.title if option is not None else check.option.replace("_", " ")
        raise InputError(
            f"{check.title} is an optional rule: turn on '{title}' to use it "
            f"(--option {check.option})"
        )
    inputs: dict[str, InputValue] = {}
    gap_values: dict[str, InputValue] = {}
    for key, raw in (gaps or {}).items():
        if ruleset.gap(key) is not None:
            gap_values[key] = coerce_gap(ruleset, key, raw)
    for key, raw in (values or {}).items():
        spec = check.input(key)
        if spec is not None:
            inputs[key] = coerce(spec, raw)
        elif ruleset.gap(key) is not None:
            gap_values[key] = coerce_gap(ruleset, key, raw)
        else:
            names = ", ".join(i.name for i in check.inputs) or "none"
            raise InputError(f"{check.id} has no input '{key}' (inputs: {names})")
    for spec in check.inputs:
        if spec.name not in inputs:
            if spec.default is None:
                raise InputError(f"{check.title} needs '{spec.label}' (--set {spec.name}=VALUE)")
            inputs[spec.name] = spec.default
    sources = {k: (gap_sources or {}).get(k, PLAYERS_ANSWER) for k in gap_values}
    ctx = Context(
        ruleset, check, inputs, gap_values, use_reroll=use_reroll, gap_sources=sources, phase=phase
    )
    _refuse(ctx)
    ticked = dict(modifiers) if isinstance(modifiers, Mapping) else {m: 1 for m in modifiers}
    ctx.modifiers = _applied(ctx, ticked)
    return ctx


def available_modifiers(ctx: Context) -> list[ModifierSpec]:
    """The modifiers a player may tick for this check as things stand (options, conditions)."""
    out = []
    for m in ctx.check.modifiers:
        if m.option is not None and m.option not in ctx.ruleset.active_options:
            continue
        if m.auto:
            continue
        if m.when is not None and not m.when.truth(ctx.env):
            continue
        if modifier_refusal(ctx, m) is not None:
            continue
        out.append(m)
    return out


def modifier_refusal(ctx: Context, spec: ModifierSpec) -> str | None:
    """Why the rules forbid ticking this modifier here (its ``refuse`` list), or None."""
    for rule in spec.refusals:
        if rule.phases and ctx.phase not in rule.phases:
            continue  # the turn's order: only in the phases it names
        if rule.when.truth(ctx.env):
            cited = f" ({rule.source})" if rule.source else ""
            return f"'{spec.id}' ({spec.label}) refused: {ctx.fmt(rule.text)}{cited}"
    return None


def _applied(ctx: Context, ticked: Mapping[str, int]) -> tuple[AppliedModifier, ...]:
    check = ctx.check
    for mod_id, count in ticked.items():
        spec = check.modifier(mod_id)
        if spec is None:
            known = ", ".join(m.id for m in check.modifiers if not m.auto) or "none"
            raise InputError(f"{check.id} has no modifier '{mod_id}' (modifiers: {known})")
        if spec.auto:
            raise InputError(f"'{mod_id}' follows from the inputs; it cannot be ticked by hand")
        if spec.option is not None and spec.option not in ctx.ruleset.active_options:
            raise InputError(
                f"'{mod_id}' belongs to the optional rule '{spec.option}', which is off"
            )
        if count < 1 or (count > 1 and not spec.countable):
            raise InputError(f"'{mod_id}' can be applied once, not {count} times")
        if spec.when is not None and not spec.when.truth(ctx.env):
            raise InputError(f"'{mod_id}' ({spec.label}) does not apply here ({spec.when.text})")
        refused = modifier_refusal(ctx, spec)
        if refused is not None:
            raise InputError(refused)
    both = ticked_together(check, ticked)
    if both is not None:
        raise InputError(both)
    chosen: list[AppliedModifier] = []
    for spec in check.modifiers:
        if spec.option is not None and spec.option not in ctx.ruleset.active_options:
            continue
        if spec.auto:
            if spec.when is not None and not spec.when.truth(ctx.env):
                continue
            value, gaps = value_and_gaps(ctx, spec.value)
            if value == 0 and spec.applies != "scale":
                continue
            count = 1
        elif spec.id in ticked:
            count = ticked[spec.id]
            value, gaps = value_and_gaps(ctx, spec.value)
            value *= count
        else:
            continue
        chosen.append(
            AppliedModifier(
                id=spec.id,
                label=spec.label,
                value=value,
                source=modifier_source(ctx, spec.source, gaps),
                applies=spec.applies,
                scale_by=spec.scale_by,
                side=spec.side,
                explain=ctx.fmt(spec.explain, value=value) if spec.explain else "",
                auto=spec.auto,
                count=count,
            )
        )
    return tuple(_exclusive(check, chosen))


def ticked_together(check: CheckSpec, ticked: Iterable[str]) -> str | None:
    """Why these ticks cannot stand together, or None: two modifiers of one exclusive group
    (for one side) are one choice, since the rules count only the largest (or smallest) of
    them; ticking both would leave one silently ignored."""
    policy = dict(check.groups)
    seen: dict[tuple[str, str | None], ModifierSpec] = {}
    for mod_id in ticked:
        spec = check.modifier(mod_id)
        if spec is None or spec.group is None or spec.auto:
            continue
        key = (spec.group, spec.side)
        other = seen.get(key)
        if other is not None:
            counts = "largest" if policy.get(spec.group) == "max" else "smallest"
            return (
                f"'{other.id}' ({other.label}) and '{spec.id}' ({spec.label}) are one choice "
                f"(group {spec.group}: the rules count only the {counts}): tick one"
            )
        seen[key] = spec
    return None


def _exclusive(check: CheckSpec, chosen: list[AppliedModifier]) -> list[AppliedModifier]:
    policy = dict(check.groups)
    group_of = {m.id: m.group for m in check.modifiers}
    keep: dict[tuple[str, str | None], AppliedModifier] = {}
    for m in chosen:
        group = group_of.get(m.id)
        if group is None:
            continue
        key = (group, m.side)
        best = keep.get(key)
        pick_max = policy[group] == "max"
        if best is None or (m.value > best.value if pick_max else m.value < best.value):
            keep[key] = m
    return [
        m for m in chosen if group_of.get(m.id) is None or keep[(group_of[m.id] or "", m.side)] is m
    ]


class RefusedError(InputError):
    """The rules forbid the check as its inputs stand (one of its ``refuse`` rules holds).

    ``inputs`` are the check's inputs the rule reads (through its derived values too), in the
    check's order: what the players would change (the app focuses the first); ``roles`` the
    sides whose cards fill any of them (a unit to pick again rather than a value to type)."""

    def __init__(
        self, message: str, check: str, inputs: tuple[str, ...], roles: tuple[str, ...]
    ) -> None:
        super().__init__(message)
        self.check = check
        """The check refused (its id)."""
        self.inputs = inputs
        self.roles = roles


def refusal(ctx: Context) -> str | None:
    """Why the rules forbid this check with these inputs (the check's ``refuse``), or None."""
    refused = refusal_error(ctx)
    return None if refused is None else str(refused)


def refusal_error(ctx: Context) -> RefusedError | None:
    """The rules' refusal of this check with these inputs, as raised (None: not refused). It
    reads by the check's title, as the players know it ("Assault refused: ..."), with the
    rule's citation."""
    check = ctx.check
    for rule in check.refusals:
        if rule.phases and ctx.phase not in rule.phases:
            continue  # the turn's order: only in the phases it names
        if rule.when.truth(ctx.env):
            cited = f" ({rule.source})" if rule.source else ""
            inputs = read_inputs(check, rule.when.names)
            roles: list[str] = []
            for spec in (check.input(name) for name in inputs):
                role = spec.role or check.role_ids[0] if spec and check.role_ids else None
                if spec is not None and spec.from_unit and role and role not in roles:
                    roles.append(role)
            text = f"{check.title} refused: {ctx.fmt(rule.text)}{cited}"
            return RefusedError(text, check.id, inputs, tuple(roles))
    return None


def read_inputs(check: CheckSpec, names: Iterable[str]) -> tuple[str, ...]:
    """The check's inputs ``names`` read, directly or through its derived values, in the
    check's order."""
    seen = reachable(check, names)
    return tuple(i.name for i in check.inputs if i.name in seen)


def _refuse(ctx: Context) -> None:
    refused = refusal_error(ctx)
    if refused is not None:
        raise refused


def odds(ctx: Context) -> tuple[OutcomeOdds, ...]:
    """The exact probability of every outcome as things stand before the roll.

    Raises :class:`InputError` when the rules forbid the check (its ``refuse`` list).
    """
    _refuse(ctx)
    result = tuple(ctx.check.mechanic.odds(ctx))
    total = sum((o.p for o in result), Fraction(0))
    assert total == 1, f"odds of {ctx.check.id} sum to {total}"
    return result


def result_odds(ctx: Context, odds: Sequence[OutcomeOdds]) -> tuple[ResultOdds, ...]:
    """The chance of each result a chart gives, where the check's outcomes are values read on
    a chart the players (or house rules) have given whole (Republique's assault: each
    difference's chance, gathered by the result its cell gives); none otherwise."""
    results = getattr(ctx.check.mechanic, "result_odds", None)
    found = results(ctx, list(odds)) if callable(results) else None
    return tuple(found or ())


def resolve(ctx: Context, dice: DiceSource) -> Resolution:
    """Roll (or read the hand dice), decide the outcome, and propose its effects."""
    before = odds(ctx)
    result = ctx.check.mechanic.resolve(ctx, dice)
    if isinstance(dice, HandDice):
        dice.finish()
    outcome = ctx.check.outcome(result.outcome)
    text = ctx.fmt(
        outcome.text, value=result.value if result.value is not None else "", **dict(result.values)
    )
    if result.gap_text:
        text = f"{text}: {result.gap_text}"
        if result.gap is not None:
            kind, given = gap_provenance(ctx, result.gap)
            if kind != "rules":  # the players' or the house's words, never the rules'
                text += f" ({given})"
    parts = read_cell(ctx.ruleset, ctx.check, result.gap, result.gap_text)
    effects = tuple(
        _effects(
            ctx,
            outcome.effects,
            result.value,
            dict(result.values),
            result.rerolled,
            result.gap_text,
            parts,
        )
    )
    steps = list(result.steps)
    if parts:
        steps.append(
            "the cell reads: " + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in parts.items())
        )
    mods = [m for m in ctx.modifiers if m.applies in ("roll", "target", "dice", "scale")]
    if mods:
        steps.insert(0, "modifiers: " + "; ".join(m.describe() for m in mods))
    steps.append(f"outcome: {text}")
    outcome_source = outcome.source or ctx.check.source
    rulings = answer_rulings(
        ctx,
        [outcome.source, *(e.text for e in effects), *steps],
        [*mechanic_rulings(ctx, result), *(e.ruling for e in effects if e.ruling)],
    )
    return Resolution(
        ruleset=ctx.ruleset.id,
        ruleset_version=ctx.ruleset.version,
        check=ctx.check.id,
        inputs=tuple(ctx.inputs.items()),
        options=tuple(sorted(ctx.ruleset.active_options)),
        modifiers=ctx.modifiers,
        rolls=result.rolls,
        total_modifier=ctx.total(),
        modified=result.modified,
        target=result.target,
        outcome=result.outcome,
        value=result.value,
        values=result.values,
        text=text,
        effects=effects,
        odds=before,
        steps=tuple(steps),
        rerolled=result.rerolled,
        hand_dice=isinstance(dice, HandDice),
        gaps_used=tuple(sorted(ctx.gaps_used.items())),
        source=ctx.check.source,
        outcome_source=outcome_source,
        odds_sources=outcome_sources(ctx.check, before),
        rulings=rulings,
        gaps=gap_uses(ctx),
        house_rules=house_changes(ctx),
    )


def _effects(
    ctx: Context,
    specs: Iterable[EffectSpec],
    value: int | None,
    values: Mapping[str, int],
    rerolled: bool = False,
    cell: str | None = None,
    parts: Mapping[str, InputValue] | None = None,
) -> Iterable[Effect]:
    """The effects ``specs`` propose for this result (``cell``: the chart text it read)."""
    from drumhead.rules.expr import Environment

    applied = {m.id for m in ctx.modifiers}
    extra: dict[str, InputValue] = {
        "value": value if value is not None else 0,
        "rerolled": rerolled,
        **{f"mod_{m.id}": m.id in applied for m in ctx.check.modifiers},
        **values,
        **(parts or {}),
    }
    env = Environment({**extra}, ctx.env.lookups, ctx.env.get)
    for spec in specs:
        if spec.when is not None and not spec.when.truth(env):
            continue
        amount = spec.amount.integer(env) if spec.amount is not None else None
        if spec.kind in COUNTED_EFFECT_KINDS and amount == 0:
            continue
        effect = Effect(
            kind=spec.kind,
            text=ctx.fmt(spec.text, amount=amount if amount is not None else "", **extra),
            amount=amount,
            dice=spec.dice,
            state=spec.state,
            marker=spec.marker,
            who=spec.who,
            ruling=spec.ruling,
            source=spec.source,
            each=spec.each,
            at_random=spec.at_random,
            formation=spec.formation,
            attribute=spec.attribute,
            beyond=spec.beyond if spec.kind == "attribute" else None,
            types=spec.types,
            instead=spec.instead,
        )
        if spec.from_text:
            read = read_chart_words(effect, spec.from_text, cell)
            if read is None:
                continue  # the chart says the leader is unhurt: his card is unchanged
            effect = read
        yield effect
