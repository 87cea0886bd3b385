"""A ruleset's quick-reference sheet to print: every check's table and modifiers as they are in
play (house values marked as the players' own), the values the sources do not give and where
each comes from, the quick facts the unit cards print, the rules' own tables as the sources
print them, the sequence of play and the rulings drumhead made. Every value carries its
source."""

from __future__ import annotations

import re
from typing import Any

from drumhead.checks.results import modifier_amount
from drumhead.paper.page import Paper, document, esc, house_tag, table
from drumhead.rules.facts import (
    FIELD_WORDS,
    PLACEHOLDER,
    QuickFact,
    changed_by_house,
    fact_cases,
    field_values,
)
from drumhead.rules.model import CheckSpec, GapSpec, ModifierSpec, Ruleset, spoken


def reference_html(ruleset: Ruleset, paper: Paper = "any") -> str:
    """The quick-reference sheet of ``ruleset`` (with its options and house rules, if any)."""
    title = f"Quick reference: {ruleset.title}"
    options = ", ".join(sorted(ruleset.active_options)) or "none"
    body = [
        f"<h1>{esc(title)}</h1>",
        f'<p class="meta">{esc(ruleset.id)} v{esc(ruleset.version)} · optional rules on: '
        f"{esc(options)}</p>",
    ]
    if ruleset.house_rules:
        name = ruleset.house_label.removeprefix("house rule, ")
        body.append(
            f'<p class="meta">House rules: {esc(name)}.{house_tag()} marks a value they give: '
            "the players' own, not the rules'.</p>"
        )
        if ruleset.house_changes:
            body.append(
                f'<p class="meta">They change: {esc(", ".join(ruleset.house_changes))}.</p>'
            )
    body += _gaps(ruleset)
    body.append("<h2>Checks</h2>")
    for check in ruleset.checks:
        if check.option is None or check.option in ruleset.active_options:
            body += _check(ruleset, check)
    body += _quick_facts(ruleset)
    body += _rules_tables(ruleset)
    body += _sequence(ruleset)
    body += _rulings(ruleset)
    return document(title, body, paper)


def is_house(ruleset: Ruleset, source: str) -> bool:
    """Whether a citation is the house rules' (``house rule, FILE...``)."""
    label = ruleset.house_label
    return bool(label) and source.startswith(label)


def _cited(ruleset: Ruleset, source: str) -> str:
    """A citation, marked when it is the house rules'."""
    tag = house_tag() if is_house(ruleset, source) else ""
    return f'<span class="src">{esc(source)}</span>{tag}'


def _gaps(ruleset: Ruleset) -> list[str]:
    if not ruleset.gaps:
        return []
    rows = [[esc(g.question), _gap_value(g), _cited(ruleset, g.source)] for g in ruleset.gaps]
    return [
        "<h2>Values the sources do not give</h2>",
        "<p>Asked of the players once a game (or given by house rules); never invented.</p>",
        table(
            ["question", "value", "asked by"],
            rows,
            marked=[bool(g.value_source) for g in ruleset.gaps],
            wide=True,
        ),
    ]


def _gap_value(gap: GapSpec) -> str:
    if gap.value is None:
        return "not given: the players decide"
    if gap.value_source:
        return f"{esc(gap.value)} ({esc(gap.value_source)}){house_tag()}"
    if gap.ruling:
        return f"{esc(gap.value)} (ruling {esc(gap.ruling)}: read from a worked example)"
    return f"{esc(gap.value)} (the text's own)"


def _check(ruleset: Ruleset, check: CheckSpec) -> list[str]:
    out = [
        f"<h3>{esc(check.title)}</h3>",
        f"<p>{_cited(ruleset, check.source)}</p>",
        f"<p>{esc(check.summary)}</p>",
    ]
    mechanic = _mechanic_table(ruleset, check)
    if mechanic:
        changed = any(
            p.startswith(f"checks.{check.id}.")
            and not p.startswith((f"checks.{check.id}.modifiers.", f"checks.{check.id}.outcomes."))
            for p in ruleset.house_changes
        )
        if changed:
            out.append(f"<p>The table as the house rules have it:{house_tag()}</p>")
        out.append(mechanic)
    if check.modifiers:
        rows = [
            [
                esc(_modifier_value(m)),
                esc(m.label + _how(m)),
                _cited(ruleset, m.source),
            ]
            for m in check.modifiers
        ]
        marks = [is_house(ruleset, m.source) for m in check.modifiers]
        out.append(table(["value", "modifier", "source"], rows, marked=marks, wide=True))
    return out


def _modifier_value(m: ModifierSpec) -> str:
    """``-1``, ``+2``, ``x1/2``, ``+1/2 dice``; a formula as written."""
    try:
        value = int(m.value.text)
    except ValueError:
        return m.value.text
    return modifier_amount(m.applies, value, m.scale_by)


def _how(m: ModifierSpec) -> str:
    parts = []
    if m.auto:
        parts.append("automatic")
    if m.side:
        parts.append(f"{m.side}'s roll")
    if m.applies == "target":
        parts.append("to the number needed")
    if m.group:
        parts.append(f"only one of '{m.group}'")
    if m.countable:
        parts.append("once for each")
    if m.option:
        parts.append(f"optional rule {m.option}")
    return f" ({'; '.join(parts)})" if parts else ""


def _outcome_text(ruleset: Ruleset, check: CheckSpec, cell: Any) -> str:
    """A table cell: the outcome's text with its number, marked when the house rules gave
    the outcome; a cell whose text the players give says so."""
    try:
        spec = check.outcome(cell.outcome)
    except KeyError:
        return esc(cell.outcome)
    text = spec.text
    if cell.value is not None:
        text = text.replace("{value}", str(cell.value))
    shown = esc(text)
    if getattr(cell, "gap", None):
        gap = ruleset.gap(cell.gap)
        given = gap.value if gap is not None and gap.value is not None else None
        shown = esc(f"{given}" if given is not None else f"the players' answer ({cell.gap})")
        if gap is not None and gap.value_source:
            shown += house_tag()
    elif is_house(ruleset, spec.source):
        shown += house_tag()
    return shown


def _mechanic_table(ruleset: Ruleset, check: CheckSpec) -> str:
    """The check's own table, where its mechanic has one: a banded table's rows, an opposed
    roll's difference bands, a chart's rows and columns."""
    mech: Any = check.mechanic
    bands = getattr(mech, "bands", None)
    if bands:
        first, second = check.sides or ("first", "second")
        rows = [
            [esc(_span(b.low, b.high, signed=True)), _outcome_text(ruleset, check, b.cell)]
            for b in bands
        ]
        return table([f"{first} - {second}", "result"], rows)
    rows_spec = getattr(mech, "rows", None)
    if not rows_spec:
        return ""
    first_row = rows_spec[0]
    if hasattr(first_row, "cells") and hasattr(mech, "dice"):
        columns = [name for name, _ in first_row.cells]
        headers = [f"roll ({mech.dice})", *(c.replace("_", " ") or "result" for c in columns)]
        rows = [
            [esc(_span(r.low, r.high))]
            + [_outcome_text(ruleset, check, cell) for _, cell in r.cells]
            for r in rows_spec
        ]
        return table(headers, rows)
    if hasattr(first_row, "values") and hasattr(mech, "columns"):
        low, high = mech.columns
        headers = ["strength", *(str(c) for c in range(low, high + 1))]
        rows = [[esc(_span(r.low, r.high))] + [esc(v) for v in r.values] for r in rows_spec]
        return table(headers, rows)
    return ""


def _span(low: int, high: int, *, signed: bool = False) -> str:
    def show(n: int) -> str:
        return f"{n:+d}" if signed and n else str(n)

    return show(low) if low == high else f"{show(low)} to {show(high)}"


def _quick_facts(ruleset: Ruleset) -> list[str]:
    """The facts the unit cards print, each with the cards it is on and its values."""
    rows, marks = [], []
    for fact in ruleset.quick_facts:
        values = _fact_values(ruleset, fact)
        if values is None:
            continue
        house = changed_by_house(ruleset, fact)
        types = [ruleset.unit_type(t) for t in fact.applies_to]
        cards = ", ".join(spoken(t.label) for t in types if t is not None) or "every unit"
        source = f'<span class="src">{esc(fact.source)}</span>' + (house_tag() if house else "")
        rows.append([esc(fact.label), esc(cards), esc(values), source])
        marks.append(house)
    if not rows:
        return []
    return [
        "<h2>On the unit cards</h2>",
        "<p>What each unit's card says of it, worked out from the card.</p>",
        table(["fact", "cards", "value", "source"], rows, marked=marks, wide=True),
    ]


def _fact_values(ruleset: Ruleset, fact: QuickFact) -> str | None:
    """A fact's values by what they depend on (``elite: 9; veteran: 8``), or how a card works
    it out; None when it is on no card with the optional rules in play."""
    cases = fact_cases(ruleset, fact)
    if cases is None and not PLACEHOLDER.search(fact.text):
        return fact.text  # a rule in words, on the cards its when picks
    if cases is None:
        lists = field_values(ruleset)
        read = sorted(n for n in fact.names() if lists.get(n) is None)
        attributes = {a.id: a.label.lower() for a in ruleset.unit_attributes}
        words = ", ".join(FIELD_WORDS.get(n) or attributes.get(n, n) for n in read)
        return f"{PLACEHOLDER.sub('…', fact.text)} (worked out from each card's {words})"
    grouped: dict[str, list[str]] = {}
    for combo, text in cases:
        grouped.setdefault(text, []).append(" ".join(combo))
    if not grouped:
        return None
    if not any(key for keys in grouped.values() for key in keys):
        return "; ".join(grouped)
    return "; ".join(f"{', '.join(keys)}: {text}" for text, keys in grouped.items())


def _rules_tables(ruleset: Ruleset) -> list[str]:
    if not ruleset.reference:
        return []
    out = [
        "<h2>The rules' own tables</h2>",
        "<p>As the sources print them (our summary); where the house rules change a value, the "
        "checks above have the value in play.</p>",
    ]
    for entry in ruleset.reference:
        part = [f'<div class="entry"><h3>{esc(entry.title)}</h3>']
        if entry.text:
            part.append(f"<p>{esc(entry.text)}</p>")
        if entry.rows:
            columns = entry.columns or tuple("" for _ in entry.rows[0])
            part.append(table(columns, [[esc(c) for c in row] for row in entry.rows]))
        part.append(f"<p>{_cited(ruleset, entry.source)}</p></div>")
        out.append("".join(part))
    return out


def _sequence(ruleset: Ruleset) -> list[str]:
    seq = ruleset.sequence
    if seq is None or not seq.phases:
        return []
    out = ["<h2>Sequence of play</h2>"]
    if seq.source:
        out.append(f"<p>{_cited(ruleset, seq.source)}</p>")
    for phase in seq.phases:
        if phase.option is not None and phase.option not in ruleset.active_options:
            continue
        steps = "".join(f"<li>{esc(step.text)}</li>" for step in phase.steps)
        out.append(f"<h3>{esc(phase.title)}</h3>" + (f"<ol>{steps}</ol>" if steps else ""))
    return out


def _rulings(ruleset: Ruleset) -> list[str]:
    if not ruleset.rulings:
        return []
    rows = [
        [esc(r.id), esc(_clip(r.rule)), esc(r.reading), _cited(ruleset, r.source)]
        for r in ruleset.rulings
    ]
    return [
        "<h2>Rulings drumhead made</h2>",
        "<p>Where the text is ambiguous: our reading, which house rules may change.</p>",
        table(["ruling", "the rule", "our reading", "source"], rows, wide=True),
    ]


def _clip(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()
