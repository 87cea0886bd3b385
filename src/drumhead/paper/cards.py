"""A game's unit cards, to print and cut out: name, side and brigade, type, quality and
formation, strength with a tick box for each loss (those already lost ticked), the morale
ladder with a box for each state (the current one ticked and named), the ruleset's quick facts
for the unit (its morale number, range, move...: ``[quick_facts]``, each cited), the leader
with the unit, markers as players say them, the unit's notes, the ruleset's own attributes and
hits per stand."""

from __future__ import annotations

from drumhead.game.attributes import shown_attributes, value_of
from drumhead.game.card_inputs import card_fields
from drumhead.game.game import Game
from drumhead.game.state import GameState, Unit
from drumhead.paper.page import Paper, document, esc, house_tag
from drumhead.rules.facts import card_values, changed_by_house, fact_text
from drumhead.rules.model import Ruleset, spoken

BOXES_IN_A_GROUP = 5
"""Tick boxes are grouped in fives, to count at a glance; they follow their label and wrap
where the card's line ends (a card's room is for its quick facts)."""
TICKED = "\u2715"
"""What marks a ticked box (a cross: the page never relies on colour)."""


def cards_html(game: Game, paper: Paper = "any") -> str:
    """Every unit card of the game still in play, as one HTML document to print."""
    state = game.state
    units = [u for u in state.units if not u.removed]
    out_of_play = len(state.units) - len(units)
    title = f"Unit cards: {state.name or 'untitled game'}"
    rs = game.ruleset
    meta = f"{rs.title} · turn {state.turn} · {len(units)} card{'s' if len(units) != 1 else ''}"
    if out_of_play:
        meta += f" ({out_of_play} out of play, not printed)"
    body = [
        f"<h1>{esc(title)}</h1>",
        f'<p class="meta">{esc(meta)}. Cut along the dashed lines. A crossed box is a loss '
        "already taken; the crossed morale box is the unit's state now.</p>",
        '<div class="cards">',
        *(card(rs, state, unit) for unit in units),
        "</div>",
    ]
    return document(title, body, paper)


def card(ruleset: Ruleset, state: GameState, unit: Unit) -> str:
    """One unit's card (HTML)."""
    side = next((s.name for s in state.sides if s.id == unit.side), unit.side)
    kind = ruleset.unit_type(unit.type)
    what = kind.strength if kind is not None else "strength"
    about = [spoken(kind.label) if kind is not None else unit.type]
    about += [_words(x) for x in (unit.subtype, unit.quality, unit.formation) if x]
    per_stand = ruleset.attribute_used_by("hits")
    shown = [
        (label, value)
        for label, value in shown_attributes(ruleset, unit)
        if per_stand is None or label != per_stand.label
    ]
    rows = [
        f'<div class="name">{esc(unit.name)}</div>',
        f'<div class="sub">{esc(side)} · {esc(_words(unit.brigade))} · '
        f"{esc(', '.join(about))}</div>",
        f'<div class="row">Strength {unit.strength_start} {esc(what)} '
        f"(lost {unit.strength_lost}): {_boxes(unit.strength_start, unit.strength_lost)}</div>",
    ]
    if shown:
        text = ", ".join(f"{label}: {value}" for label, value in shown)
        rows.append(f'<div class="row">{esc(text)}</div>')
    size = value_of(ruleset, unit, per_stand.id) if per_stand is not None else None
    if isinstance(size, int) and not isinstance(size, bool) and size > 0:
        rows.append(
            f'<div class="row">Hits on the stand ({size} lose a stand): '
            f"{_boxes(size, unit.hits)}</div>"
        )
    ladder = _ladder(ruleset, unit)
    if ladder:
        rows.append(f'<div class="row ladder">Morale: {ladder}</div>')
    rows.append(quick_facts(ruleset, state, unit))
    leader = state.leader_with(unit.id)
    if leader is not None:
        extra = [f"value {leader.value}"]
        extra += [f"{label}: {value}" for label, value in shown_attributes(ruleset, leader)]
        if leader.status != "active":
            extra.append(leader.status)
        rows.append(f'<div class="row">Leader: {esc(leader.name)} ({esc(", ".join(extra))})</div>')
    if unit.markers:
        labels = {m.id: m.printed for m in ruleset.markers}
        carried = ", ".join(labels.get(m, _words(m)) for m in sorted(unit.markers))
        rows.append(f'<div class="row">Markers: {esc(carried)}</div>')
    if unit.notes.strip():
        rows.append(f'<div class="row notes">Notes: {esc(unit.notes.strip())}</div>')
    return f'<div class="card">{"".join(rows)}</div>'


def quick_facts(ruleset: Ruleset, state: GameState, unit: Unit) -> str:
    """The ruleset's quick facts for this unit (HTML; empty: none), a line each: the label as
    players say it, the value worked out from the card and, in small print, the citation
    (HOUSE where house rules changed the fact or a table it reads)."""
    values = card_values(ruleset, card_fields(ruleset, state, unit.id))
    lines = []
    for fact in ruleset.quick_facts:
        text = fact_text(ruleset, fact, values)
        if text is None:
            continue
        tag = house_tag() if changed_by_house(ruleset, fact) else ""
        lines.append(
            f'<div class="fact"><b>{esc(fact.label)}:</b> {esc(text)} '
            f'<span class="src">{esc(fact.source)}</span>{tag}</div>'
        )
    return f'<div class="facts">{"".join(lines)}</div>' if lines else ""


def _boxes(count: int, ticked: int) -> str:
    """``count`` tick boxes, the first ``ticked`` crossed, in groups of
    :data:`BOXES_IN_A_GROUP` that are never split between lines."""
    out = []
    for start in range(0, count, BOXES_IN_A_GROUP):
        group = "".join(
            f'<span class="box">{TICKED if index < ticked else ""}</span>'
            for index in range(start, min(start + BOXES_IN_A_GROUP, count))
        )
        out.append(f'<span class="group">{group}</span>')
    return "".join(out)


def _ladder(ruleset: Ruleset, unit: Unit) -> str:
    """The unit's morale ladder, best first, a box each; the current state's box crossed and
    its name in bold with "(now)"."""
    kind = ruleset.unit_type(unit.type)
    ladder = ruleset.ladder(kind.ladder if kind is not None else "default")
    if ladder is None and ruleset.ladders:
        ladder = ruleset.ladders[0]
    if ladder is None:
        return ""
    parts = []
    for state in ladder.states:
        label = esc(spoken(ladder.label(state)))
        if state == unit.state:
            parts.append(f'<span class="box">{TICKED}</span><span class="now">{label} (now)</span>')
        else:
            parts.append(f'<span class="box"></span>{label}')
    return " › ".join(parts)


def _words(ident: str) -> str:
    return ident.replace("_", " ")
