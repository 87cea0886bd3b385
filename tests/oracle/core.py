"""What the rules core says of a form's values, and the roll the journal must then hold: what
both of the oracle's players (the session's form, the resolve screen) are compared with."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from drumhead.checks.resolve import available_modifiers, odds, prepare, resolve, result_odds
from drumhead.checks.results import OutcomeOdds, Resolution, ResultOdds
from drumhead.dice.roller import HandDice, RandomDice
from drumhead.errors import DrumheadError, MissingGapError
from drumhead.game import Game, unit_inputs
from drumhead.game.codec import strip_none
from drumhead.game.game import derive_seed
from drumhead.questions.answers import PLAYERS_ANSWER
from drumhead.rules.model import CheckSpec, InputValue, Ruleset
from drumhead.session.form import needed_text


@dataclass
class Expected:
    """What the rules core says of the form's values."""

    refused: str | None = None
    """The rules refuse the check (or an input), with this reason."""
    bad_input: str | None = None
    """The input the core refuses as typed (shown under its field)."""
    needed: str = ""
    """The number the roll needs, as the form words it."""
    odds: tuple[OutcomeOdds, ...] = ()
    """Every outcome's exact chance."""
    offered: tuple[str, ...] = ()
    """The modifiers a player may tick."""
    autos: tuple[str, ...] = ()
    """The automatic modifiers that apply, described."""
    results: tuple[ResultOdds, ...] = ()
    """Each result's chance, where the outcomes are values read on a chart given whole
    (Republique's assault): the screen shows these in place of the outcomes'."""

    @property
    def fractions(self) -> tuple[str, ...]:
        """Every chance as the screen writes it (``9/10``): each chart result's where there
        are such, else each outcome's."""
        shown = self.results or self.odds
        return tuple(f"{o.p.numerator}/{o.p.denominator}" for o in shown)


def expect(
    ruleset: Ruleset,
    gaps: Mapping[str, InputValue],
    check: CheckSpec,
    values: Mapping[str, InputValue],
    ticked: Mapping[str, int],
    use_reroll: bool = True,
) -> Expected:
    """The core's answer: an input it refuses as given, else the check it refuses, else the
    number needed, the odds, the modifiers offered and the automatic ones applied."""
    for spec in check.inputs:
        if spec.name in values:
            try:
                prepare(ruleset, check.id, {spec.name: values[spec.name]}, {}, gaps)
            except MissingGapError:
                raise
            except DrumheadError as exc:
                if str(exc).startswith(f"{spec.name} "):
                    return Expected(bad_input=spec.name, refused=str(exc))
    try:
        base = prepare(ruleset, check.id, values, {}, gaps, use_reroll=use_reroll)
        offered = tuple(m.id for m in available_modifiers(base))
        live = {k: v for k, v in ticked.items() if k in offered}
        ctx = prepare(ruleset, check.id, values, live, gaps, use_reroll=use_reroll)
        table = tuple(odds(ctx))
    except MissingGapError:
        raise
    except DrumheadError as exc:
        return Expected(refused=str(exc))
    return Expected(
        needed=needed_text(ctx),
        odds=table,
        offered=offered,
        autos=tuple(m.describe() for m in ctx.modifiers if m.auto),
        results=result_odds(ctx, table),
    )


def hand_faces(
    game: Game, check: CheckSpec, values: Mapping[str, InputValue], use_reroll: bool = True
) -> list[int]:
    """Faces for a roll by hand: the dice the core rolls for these values (seeded by the
    length of the log, so each probe's differ)."""
    ctx = prepare(
        game.ruleset, check.id, values, {}, game.state.gap_values(), use_reroll=use_reroll
    )
    res = resolve(ctx, RandomDice(random.Random(len(game.log))))
    return [face for roll in res.rolls for face in roll.faces]


def gap_sources(game: Game, count: int) -> dict[str, str]:
    """Where the gap values of the game's first ``count`` events came from, as the players
    gave them: their answer and the day the latest ``set_gap`` asked it (not the game's own
    bookkeeping: the oracle reads the journal)."""
    out: dict[str, str] = {}
    for event in game.log[:count]:
        if event.kind == "set_gap":
            day = event.at[:10] if event.at else ""
            out[str(event.data["gap"])] = PLAYERS_ANSWER + (f", asked on {day}" if day else "")
    return out


def roll_problems(
    game: Game,
    check: CheckSpec,
    before: int,
    exp: Expected,
    values: Mapping[str, InputValue],
    ticked: Mapping[str, int],
    unit: str | None,
    use_reroll: bool,
    hand: list[int] | None,
) -> tuple[list[str], Resolution | None]:
    """After the roll: what of the journal's entry (from event ``before`` on) disagrees with
    the core's resolution of the same values and dice, and that resolution (None when the
    rules refuse the check, which must then write nothing)."""
    problems: list[str] = []
    log = game.log
    if exp.refused is not None:
        if len(log) != before:
            problems.append(f"the rules refuse it ({exp.refused}), yet a roll was logged")
        return problems, None
    # an initiative roll that names a winner is recorded in the same action
    after = [e.kind for e in log[before + 1 :]]
    if len(log) <= before or log[before].kind != "resolution" or set(after) - {"initiative"}:
        problems.append("no roll was logged")
        return problems, None
    event = log[before]
    data: dict[str, Any] = dict(event.data)
    live = {k: v for k, v in ticked.items() if k in exp.offered}
    all_values = dict(values)
    if unit is not None:
        all_values = {**unit_inputs(game.ruleset, check, game.state, unit), **values}
    ctx = prepare(
        game.ruleset,
        check.id,
        all_values,
        live,
        game.state_at(before).gap_values(),
        use_reroll=use_reroll,
        gap_sources=gap_sources(game, before),
    )
    if hand is None:
        seed = derive_seed(game.state.seed, f"roll:{event.seq}")
        if data.get("seed") != seed:
            problems.append(f"dice seed: logged {data.get('seed')}, game's {seed}")
        core = resolve(ctx, RandomDice(random.Random(seed)))
    else:
        if data.get("hand") != hand:
            problems.append(f"dice typed: logged {data.get('hand')}, typed {hand}")
        core = resolve(ctx, HandDice(hand))
    for key, want in (
        ("check", check.id),
        ("unit", unit),
        ("modifiers", live),
        ("use_reroll", use_reroll),
    ):
        if data.get(key) != want:
            problems.append(f"journal {key}: logged {data.get(key)!r}, core {want!r}")
    logged = data.get("resolution")
    want_logged = strip_none(core.to_dict())
    if logged != want_logged:
        diff = {
            k: (logged.get(k) if isinstance(logged, dict) else None, v)
            for k, v in want_logged.items()
            if not isinstance(logged, dict) or logged.get(k) != v
        }
        problems.append(f"journal resolution differs from the core's (logged, core): {diff}")
    return problems, core
