"""One line of plain words for each kind of game event (the app's log, undo/redo notices)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from drumhead.errors import DrumheadError
from drumhead.game.events import Event
from drumhead.game.game import Game
from drumhead.game.record_text import applied_text, revert_text
from drumhead.questions.answers import question_text


def _name(game: Game, unit_id: object) -> str:
    if isinstance(unit_id, str):
        for state in (game.state, game.start):
            if state.has_unit(unit_id):
                return state.unit(unit_id).name
        return unit_id
    return "no unit"


def _leader_name(game: Game, leader_id: object) -> str:
    """A leader by his name (as the log shows every unit), not his id."""
    for state in (game.state, game.start):
        for leader in state.leaders:
            if leader.id == leader_id:
                return leader.name
    return str(leader_id).replace("_", " ")


def _field_label(game: Game, target: str, field: str) -> str:
    """A card field as the card shows it: a declared attribute's label (``Hits per stand``),
    else the field's name in words."""
    ruleset = game.ruleset
    attributes = ruleset.unit_attributes if target == "unit" else ruleset.leader_attributes
    for spec in attributes:
        if spec.id == field:
            return spec.label
    return field.replace("_", " ")


def _question(game: Game, answer: object) -> str:
    """The question an answer id answers, in the players' words (its situation too)."""
    try:
        return question_text(game.ruleset, str(answer))
    except DrumheadError:
        return f"'{answer}'"


def _odds(record: Mapping[str, Any]) -> str:
    """``Passes 70.0%, Fails by 1 10.0%`` from a resolution's odds."""
    parts = []
    for o in record.get("odds", []):
        label = str(o.get("outcome", "")).replace("_", " ")
        if o.get("value") is not None:
            label += f" {o['value']}"
        parts.append(f"{label} {o.get('percent')}%")
    return ", ".join(parts)


def describe_event(game: Game, event: Event) -> str:
    """What the event did, in a line."""
    d = event.data
    kind = event.kind
    if kind == "resolution":
        record = d.get("resolution", {})
        title = record.get("check", d.get("check", "check"))
        specs = {c.id: c for c in game.ruleset.checks}
        spec = specs.get(str(title))
        title = spec.title if spec is not None else title
        faces = record.get("dice", [])
        army = spec is not None and spec.scope == "army"  # made for a side, whatever unit
        who = f" for {_name(game, d.get('unit'))}" if d.get("unit") and not army else ""
        if not faces:  # decided from the situation (or a chart): no dice, no odds to give
            return f"{title}{who}: no dice → {record.get('text', '')}"
        dice = " ".join(str(f) for f in faces)
        how = "typed in" if d.get("hand") is not None else "rolled"
        return f"{title}{who}: {how} [{dice}] → {record.get('text', '')} (odds: {_odds(record)})"
    if kind == "apply_effects":
        return applied_text(d, lambda unit: _name(game, unit))
    if kind == "edit":
        target = d.get("target")
        ident = d.get("id")
        who = _name(game, ident) if target == "unit" else _leader_name(game, ident)
        field = _field_label(game, str(target), str(d.get("field")))
        old, new = d.get("old"), d.get("new")
        if old is None and new is not None:  # given for the first time: no "None →"
            return f"Edited {target} {who}: {field} set to {new!r}"
        if new is None and old is not None:
            return f"Edited {target} {who}: {field} cleared (it was {old!r})"
        return f"Edited {target} {who}: {field} {old!r} → {new!r}"
    if kind == "add_unit":
        unit = d.get("unit", {})
        return f"Added unit {unit.get('name', unit.get('id'))}"
    if kind == "remove_unit":
        return f"Removed unit {_name(game, d.get('unit'))}"
    if kind == "add_leader":
        leader = d.get("leader", {})
        return f"Added leader {leader.get('name', leader.get('id'))}"
    if kind == "remove_leader":
        return f"Removed leader {_leader_name(game, d.get('leader'))}"
    if kind == "attach_leader":
        where = _name(game, d.get("unit")) if d.get("unit") else "no unit"
        return f"Leader {_leader_name(game, d.get('leader'))} attached to {where}"
    if kind == "tick_step":
        done = "Done" if d.get("ticked") else "Not done after all"
        return f"{done}: {game.step_text(str(d.get('step')))}"
    if kind in ("next_phase", "next_turn"):
        label = game.turn_label_at(int(d.get("turn", 0)), str(d.get("phase", "")))
        # a phase each side takes in turn: whose it is ("Union", of "Union: Army of ...")
        if d.get("acting"):
            label += f" ({game.side_short_name(str(d['acting']))})"
        if d.get("step"):  # a step walked to ("."): which one
            step = f"{d.get('phase', '')}.{d['step']}"
            label += f" ▸ {game.step_text(step)}"
        states = d.get("states")
        if isinstance(states, dict) and states:  # states whose stated time the turn ended
            back = "; ".join(
                f"{_name(game, u)} back to {_state_label(game, u, s)}" for u, s in states.items()
            )
            label += f" · {back}"
        return label
    if kind == "draw_card":
        return f"Card drawn: {str(d.get('card')).replace('_', ' ')}"
    if kind == "shuffle_deck":
        return "Deck shuffled"
    if kind == "initiative":
        names = {s.id: s.name for s in game.state.sides}
        return (
            f"Initiative: {names.get(str(d.get('winner')), d.get('winner'))} won; "
            f"{names.get(str(d.get('first')), d.get('first'))} moves first"
        )
    if kind == "set_gap":
        asked = _question(game, d.get("gap"))
        if "value" not in d:
            return f"Answer taken back: {asked} (it was {d.get('old')})"
        return f"Your club's answer: {asked} → {d.get('value')}"
    if kind == "set_gaps":
        answers = [a for a in d.get("answers", []) if isinstance(a, Mapping)]
        tables = {t.id: t.title for t in game.ruleset.gap_tables}
        where = f" in the {tables.get(str(d['table']), d['table'])}" if d.get("table") else ""
        return f"Your club's answers: {len(answers)} typed{where}"
    if kind == "revert":
        return revert_text(event)
    if kind == "note":
        return f"Note: {d.get('text')}"
    if kind == "roll":
        faces = " ".join(str(f) for f in d.get("faces", []))
        who = f" for {_name(game, d.get('unit'))}" if d.get("unit") else ""
        return f"Rolled {d.get('notation')}{who} ({d.get('purpose')}): [{faces}] = {d.get('total')}"
    return kind.replace("_", " ")


def _state_label(game: Game, unit_id: str, state: object) -> str:
    """A morale state as the unit's ladder names it ("good order"), lower case."""
    if not game.state.has_unit(unit_id):
        return str(state)
    kind = game.ruleset.unit_type(game.state.unit(unit_id).type)
    ladder = game.ruleset.ladder(kind.ladder if kind is not None else "default")
    text = ladder.label(str(state)) if ladder is not None else str(state)
    return text[:1].lower() + text[1:]
