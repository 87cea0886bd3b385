"""What each role may see of the game, worked out on the host (nothing hidden is ever sent).

A **display** (the TV) gets the public state: where the turn is, the card drawn, every
unit's strength, morale and markers by side, the last result with its odds and what it did,
and the luck so far. A **side** gets that, plus its own units' full cards (quality, the
ruleset's own values, notes, the leader with each) and its own leaders. Never sent to
anyone: the game's dice seed (it would foretell every roll), the deck's order (only how many
cards are left), the other side's cards beyond what the table sees, and the raw events (the
log is sent as lines of words). Everything here is plain JSON data.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from drumhead.errors import DrumheadError
from drumhead.session.cards import (
    attribute_rows,
    is_top_state,
    marker_labels,
    state_label,
    strength_unit,
    type_label,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

    from drumhead.game import Event, Game, Unit
    from drumhead.game.stats import Roll
    from drumhead.rules.model import Ruleset
    from drumhead.session import TableSession

DISPLAY = "display"
"""The role of a screen everyone reads."""

LAST_REACH = 400
"""How far back in the log the last result is looked for (a long game's log is not read
whole for it)."""


def public_view(session: TableSession, luck: list[dict[str, Any]]) -> dict[str, Any]:
    """The state everyone at the table may see (``luck``: :meth:`Luck.shown`)."""
    game = session.open_game_or_fail()
    state = game.state
    ruleset = game.ruleset
    now = session.activation_now()
    step = game.current_step()
    acting = game.acting_side()
    return {
        "game": state.name,
        "ruleset": ruleset.title,
        "turn": state.turn,
        "where": game.turn_label(),
        "phase": _phase_title(game),
        "step": step.text if step is not None else None,
        "acting": _side_name(game, acting) if acting else None,
        "activation": {
            "kind": now.kind,
            "current": now.current,
            "first": now.first,
            "drawn": now.drawn,
            "total": now.total,
            "left": now.deck_left,
        },
        "sides": [
            {
                "id": side.id,
                "name": side.name,
                "units": [_public_unit(ruleset, u) for u in state.units if u.side == side.id],
            }
            for side in state.sides
        ],
        "last": last_result(game),
        "luck": luck,
    }


def side_view(
    session: TableSession, side: str, public: dict[str, Any], proposals: list[dict[str, Any]]
) -> dict[str, Any]:
    """What a side's player may see: the public view, its own cards whole, its proposals."""
    game = session.open_game_or_fail()
    state = game.state
    ruleset = game.ruleset
    own = [u for u in state.units if u.side == side]
    return {
        **public,
        "side": side,
        "side_name": _side_name(game, side),
        "cards": [_own_card(session, u) for u in own],
        "leaders": [
            {
                "id": x.id,
                "name": x.name,
                "value": x.value,
                "status": x.status,
                "with": state.unit(x.attached_to).name
                if x.attached_to and state.has_unit(x.attached_to)
                else None,
            }
            for x in state.leaders
            if x.side == side
        ],
        "proposals": proposals,
        "strength_unit": {u.id: strength_unit(ruleset, u) for u in own},
    }


def _public_unit(ruleset: Ruleset, unit: Unit) -> dict[str, Any]:
    return {
        "id": unit.id,
        "name": unit.name,
        "brigade": unit.brigade.replace("_", " "),
        "type": type_label(ruleset, unit),
        "formation": unit.formation.replace("_", " "),
        "strength": unit.strength_now,
        "strength_start": unit.strength_start,
        "state": state_label(ruleset, unit),
        "state_short": _short(state_label(ruleset, unit)),
        "shaken": not is_top_state(ruleset, unit),
        "markers": marker_labels(ruleset, unit),
        "markers_short": [_short(m) for m in marker_labels(ruleset, unit)],
        "removed": unit.removed,
    }


def _own_card(session: TableSession, unit: Unit) -> dict[str, Any]:
    game = session.open_game_or_fail()
    leader = game.state.leader_with(unit.id)
    checks = session.check_choices(unit.id)
    return {
        "id": unit.id,
        "quality": unit.quality.replace("_", " "),
        "rows": [[label, value] for label, value in attribute_rows(game.ruleset, unit)],
        "notes": unit.notes,
        "leader": {"name": leader.name, "value": leader.value} if leader else None,
        "checks": [{"id": c.id, "title": c.title} for c in checks],
        "morale_check": session.morale_check_id(unit.id),
    }


def _short(label: str) -> str:
    """A label without its closing aside (``Shaken (failed by 1: ...)`` is ``Shaken``), for a
    screen read across a table."""
    return label.split(" (")[0] if " (" in label else label


def _phase_title(game: Game) -> str:
    phase = next((p for p in game.phases() if p.id == game.state.phase), None)
    return phase.title if phase is not None else game.state.phase


def _side_name(game: Game, side: str | None) -> str:
    names = {s.id: s.name for s in game.state.sides}
    return names.get(side or "", side or "")


def last_result(game: Game) -> dict[str, Any] | None:
    """The latest check rolled: which, for which unit, the dice, the result, its odds (each
    outcome's chance as it was shown) and what it did to which unit."""
    rolled: Event | None = None
    applied: list[Event] = []
    kinds = frozenset({"resolution", "apply_effects"})
    for event in game.latest_of_kinds(kinds, LAST_REACH):
        if event.kind == "apply_effects":
            applied.append(event)
        else:
            rolled = event
            break
    if rolled is None:
        return None
    data = rolled.data
    record = data.get("resolution") or {}
    check_id = str(data.get("check", ""))
    try:
        spec = game.ruleset.check(check_id)
        title = spec.title
        texts = {o.id: o.text for o in spec.outcomes}
    except DrumheadError:  # a check this ruleset no longer has: its id is its name
        title, texts = check_id, {}
    unit = data.get("unit")
    names = {u.id: u.name for u in game.state.units}
    effects = []
    for event in reversed(applied):
        if event.data.get("resolution") != rolled.seq:
            continue
        for effect in event.data.get("effects") or ():
            where = effect.get("unit") or event.data.get("unit")
            effects.append(
                {"text": effect.get("text", ""), "unit": names.get(str(where), where) or None}
            )
    return {
        "n": rolled.seq,
        "check": title,
        "unit": names.get(str(unit), unit) if unit else None,
        "dice": [list(r.get("faces", ())) for r in record.get("rolls", ())],
        "hand": "hand" in data,
        "text": record.get("text", ""),
        "outcome": record.get("outcome"),
        "odds": [
            {
                "outcome": texts.get(o.get("outcome"), str(o.get("outcome"))),
                "value": o.get("value"),
                "percent": o.get("percent"),
                "this": o.get("outcome") == record.get("outcome")
                and o.get("value") in (None, record.get("value")),
            }
            for o in record.get("odds", ())
        ],
        "effects": effects,
    }


class Luck:
    """The luck so far of each side, kept as rolls come: checks rolled and their average
    percentile (50 is par; as ``drumhead stats`` counts it, for the side of the unit rolled
    for). One more roll costs one addition, whatever the length of the game."""

    def __init__(self, rolls: Sequence[Roll] = ()) -> None:
        self.by_side: dict[str, list[Any]] = {}
        """Side id -> [checks, rated, sum of the rated percentiles]."""
        for roll in rolls:
            self.add(roll)

    def add(self, roll: Roll) -> None:
        if roll.side is None:
            return
        kept = self.by_side.setdefault(roll.side, [0, 0, Fraction(0)])
        kept[0] += 1
        if roll.percentile is not None:
            kept[1] += 1
            kept[2] += roll.percentile

    def shown(self, game: Game) -> list[dict[str, Any]]:
        out = []
        for side in game.state.sides:
            checks, rated, total = self.by_side.get(side.id, (0, 0, Fraction(0)))
            out.append(
                {
                    "side": side.id,
                    "name": side.name,
                    "checks": checks,
                    "percentile": round(float(total / rated) * 100) if rated else None,
                }
            )
        return out


def placed_rolls(game: Game) -> list[Roll]:
    """Every roll of the game in effect, placed among its odds (the whole log is read)."""
    from drumhead.game.stats import luck_report

    return list(luck_report(game).rolls)


def placed_roll(game: Game, event: Event) -> Roll:
    """The roll just made (``event``, the last of the log), placed among its odds: a roll
    changes no card, so the state now is the state it was made in."""
    from drumhead.game.stats import placed_roll as place

    return place(game, event, game.state)
