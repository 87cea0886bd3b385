"""Where every value of an answer came from: citations, rulings, gap values, house rules.

An answer (odds or a resolution) cites the check, each modifier and each outcome; lists the
rulings it rests on (the check's, and every ``(ruling ID)`` its citations, effects and steps
name); and says of every value the sources lack whether it is the rules' own, a ruling's (read
from a worked example), the house rules' (``house rule, FILE``) or the players' (``your club's
answer, asked on DATE``), so that no such value is ever shown beside a rules citation as if the
rules gave it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from drumhead.checks.base import Context
from drumhead.checks.results import AppliedRuling, GapUse, OutcomeOdds
from drumhead.errors import DrumheadError
from drumhead.questions.answers import PLAYERS_ANSWER, answer_label, question_text
from drumhead.rules.expr import Expr
from drumhead.rules.model import CheckSpec, ModifierSpec


def value_and_gaps(ctx: Context, expr: Expr) -> tuple[int, list[str]]:
    """A modifier's value and the gaps it was worked out from (read now, or through derived
    values worked out earlier)."""
    before = ctx.gaps_used
    ctx.gaps_used = {}
    try:
        value = expr.integer(ctx.env)
        read = list(ctx.gaps_used)
    finally:
        ctx.gaps_used = {**before, **ctx.gaps_used}
    for name in reachable(ctx.check, expr.names):
        if name in ctx.gaps_used and name not in read:
            read.append(name)
    return value, read


def offered_source(ctx: Context, spec: ModifierSpec) -> str:
    """The citation to show beside a modifier offered for ticking: when its value comes from
    gaps already answered, where that value came from first (as :func:`prepare` cites it once
    applied); its own citation otherwise. Reads the context without changing it."""
    before = dict(ctx.gaps_used)
    try:
        _, gaps = value_and_gaps(ctx, spec.value)
    except DrumheadError:  # a value still to be asked, or not computable here
        return spec.source
    finally:
        ctx.gaps_used = before
    return modifier_source(ctx, spec.source, gaps)


def reachable(check: CheckSpec, names: Iterable[str]) -> set[str]:
    """``names`` and every name the derived values among them read, transitively."""
    derived = dict(check.derived)
    seen: set[str] = set()
    todo = list(names)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        if name in derived:
            todo += list(derived[name].names)
    return seen


def modifier_source(ctx: Context, rules: str, gaps: list[str]) -> str:
    """A modifier's citation; when its value came from gaps, where that value came from first,
    so the number never stands beside the rules' citation as if the rules gave it."""
    if not gaps:
        return rules
    given = "; ".join(f"{g}: {gap_provenance(ctx, g)[1]}" for g in gaps)
    return f"value {given}; rule: {rules}"


_RULING_MENTION = re.compile(r"\bruling ([a-z][a-z0-9-]*[a-z0-9])")
"""``(ruling oibl-chart-small)`` in a citation, an effect's text or a step of the arithmetic."""


def outcome_sources(
    check: CheckSpec, odds_rows: Iterable[OutcomeOdds]
) -> tuple[tuple[str, str], ...]:
    """Outcome id -> its citation (the check's when the outcome names none), for the odds."""
    out: dict[str, str] = {}
    for row in odds_rows:
        try:
            spec = check.outcome(row.outcome)
        except KeyError:
            out[row.outcome] = check.source
            continue
        out[row.outcome] = spec.source or check.source
    return tuple(out.items())


def answer_rulings(
    ctx: Context, texts: Iterable[str] = (), named: Iterable[str] = ()
) -> tuple[AppliedRuling, ...]:
    """The rulings an answer rests on: the check's (those whose ``when`` holds), the applied
    modifiers', the gaps' and every ruling the given texts (outcome citation, effects, steps)
    or ``named`` mention, in that order, each once."""
    ruleset = ctx.ruleset
    chosen: dict[str, str] = {}

    def add(ruling_id: str, used: str = "ruling") -> None:
        if ruleset.ruling(ruling_id) is not None and ruling_id not in chosen:
            chosen[ruling_id] = used

    def mentioned(text: str) -> None:
        for found in _RULING_MENTION.findall(text or ""):
            add(found)

    mentioned(ctx.check.source)
    for ref in ctx.check.rulings:
        if ref.when is None or ref.when.truth(ctx.env):
            alternative = ref.alternative_when is not None and ref.alternative_when.truth(ctx.env)
            add(ref.id, "alternative" if alternative else "ruling")
    for modifier in ctx.modifiers:
        mentioned(modifier.source)
        mentioned(modifier.label)
    for gap_id in ctx.gaps_used:
        spec = ruleset.gap(gap_id)
        if spec is not None and gap_id not in ctx.gaps and spec.ruling and not spec.value_source:
            add(spec.ruling)
    for text in texts:
        mentioned(text)
    for ruling_id in named:
        add(ruling_id)
    out = []
    for ruling_id, used in chosen.items():
        ruling = ruleset.ruling(ruling_id)
        assert ruling is not None
        out.append(
            AppliedRuling(
                ruling.id,
                ruling.rule,
                ruling.reading,
                ruling.reason,
                ruling.source,
                ruling.alternative,
                used,
            )
        )
    return tuple(out)


def mechanic_rulings(ctx: Context, result: object = None) -> list[str]:
    """Rulings the check's mechanic rests on as things stand (a chart's small strength, an
    opposed table's ends), for the odds before the roll; with the roll's ``result``, those it
    rests on, where the mechanic tells them apart (``rulings_for_result``: an opposed table's
    ends only for a difference past them, which its steps then cite)."""
    mechanic = ctx.check.mechanic
    if result is not None and hasattr(mechanic, "rulings_for_result"):
        return list(mechanic.rulings_for_result(ctx, result))
    finder = getattr(mechanic, "rulings_for", None)
    return list(finder(ctx)) if finder is not None else []


def odds_rulings(ctx: Context, rows: Iterable[OutcomeOdds]) -> tuple[AppliedRuling, ...]:
    """The rulings the odds of a check rest on (before the roll): the check's, the modifiers',
    the gaps', the mechanic's, and those the possible outcomes' citations name."""
    texts = [source for _, source in outcome_sources(ctx.check, rows)]
    return answer_rulings(ctx, texts, mechanic_rulings(ctx))


def gap_provenance(ctx: Context, gap_id: str) -> tuple[str, str]:
    """(kind, source) of a gap's value: the players' answer, the house rules, a ruling read
    from a worked example, or the rules' own text (see :data:`drumhead.checks.results.GAP_KINDS`)."""
    spec = ctx.ruleset.gap(gap_id)
    assert spec is not None
    if gap_id in ctx.gaps:
        return "players", ctx.gap_sources.get(gap_id, PLAYERS_ANSWER)
    if spec.value_source:
        return "house_rule", spec.value_source
    if spec.ruling:
        ruling = ctx.ruleset.ruling(spec.ruling)
        cited = f" ({ruling.source})" if ruling is not None else ""
        return "ruling", f"ruling {spec.ruling}{cited}"
    return "rules", spec.source


def gap_uses(ctx: Context) -> tuple[GapUse, ...]:
    """Every gap value the check used, with where it came from."""
    out = []
    for gap_id, value in sorted(ctx.gaps_used.items()):
        spec = ctx.ruleset.gap(gap_id)
        assert spec is not None
        kind, source = gap_provenance(ctx, gap_id)
        question = question_text(ctx.ruleset, gap_id)
        label = answer_label(ctx.ruleset, gap_id)
        out.append(GapUse(gap_id, value, question, kind, source, label))
    return tuple(out)


def check_lookups(check: CheckSpec) -> set[str]:
    """The lookup tables any expression of a check reads."""
    exprs: list[Expr] = [e for _, e in check.derived]
    exprs += [e for _, e in check.mechanic.expressions()]
    for m in check.modifiers:
        exprs += [m.value, *([m.when] if m.when else []), *(r.when for r in m.refusals)]
    for o in check.outcomes:
        exprs += [*([o.when] if o.when else [])]
        for e in o.effects:
            exprs += [x for x in (e.amount, e.when) if x is not None]
    exprs += [r.when for r in check.refusals]
    return {name for e in exprs for name in e.lookups}


GIVES = ": gives "
"""Between a house-rules file and a value it gave, in :func:`house_changes`'s lines: text
that also lists the answer's gap values says them once (:func:`changes_only`)."""


def changes_only(house_rules: Iterable[str]) -> list[str]:
    """The lines of :func:`house_changes` that change the rules (the values it gave are
    listed with the answer's other gap values)."""
    return [line for line in house_rules if GIVES not in line]


def house_changes(ctx: Context) -> tuple[str, ...]:
    """What the house rules gave this answer: ``house rule, FILE: changes KEY`` for each change
    this check rests on (its own keys and the lookup tables it reads), and ``house rule, FILE:
    gives GAP = VALUE`` for each value the sources do not give that the file answered (also
    in :func:`gap_uses`, with the rest)."""
    ruleset = ctx.ruleset
    given = tuple(
        f"{use.source}{GIVES}{use.id} = {use.value}"
        for use in gap_uses(ctx)
        if use.kind == "house_rule"
    )
    if not ruleset.house_changes:
        return given
    own = f"checks.{ctx.check.id}."
    tables = check_lookups(ctx.check)
    out = []
    for path in ruleset.house_changes:
        parts = path.split(".")
        if path.startswith(own) or (
            parts[0] == "lookups" and len(parts) > 1 and parts[1] in tables
        ):
            out.append(f"{ruleset.house_label}: changes {path}")
    return (*out, *given)
