"""What a change of turn takes off the cards besides the "this turn" markers: the markers that
last into the following turn (``lasts = "next_turn"``) and the morale states the rules give a
stated time (a ladder's ``lasting``), each read from the cards and from this turn's log (was
it put on, or entered, this turn?). Pure: the caller records the result with the move."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from drumhead.game.events import Event
from drumhead.game.state import GameState, Unit
from drumhead.rules.model import Ruleset

PUTTING_ON = frozenset({"apply_effects", "edit", "add_unit"})
"""The kinds of event that can put a marker on a card or a card in a state."""


def put_on_this_turn(events: Iterable[Event], gone: Mapping[int, Any]) -> set[tuple[str, str]]:
    """``(unit, "marker:ID")`` and ``(unit, "state:ID")`` for every marker put on and every
    state entered by ``events`` (this turn's, any order) not taken back (``gone``)."""
    out: set[tuple[str, str]] = set()
    for event in events:
        if event.seq in gone:
            continue
        d = event.data
        if event.kind == "apply_effects":
            for effect in d.get("effects", []):
                unit = effect.get("unit", d.get("unit"))
                if not isinstance(unit, str):
                    continue
                if effect.get("kind") == "marker":
                    out.add((unit, f"marker:{effect.get('marker')}"))
                elif effect.get("kind") in ("state", "step"):
                    out.add((unit, f"state:{effect.get('state')}"))
        elif event.kind == "edit" and d.get("target") == "unit":
            unit, field = str(d.get("id")), d.get("field")
            if field == "markers":
                old, new = set(d.get("old") or ()), set(d.get("new") or ())
                out.update((unit, f"marker:{m}") for m in new - old)
            elif field == "state" and d.get("new") != d.get("old"):
                out.add((unit, f"state:{d.get('new')}"))
        elif event.kind == "add_unit" and isinstance(d.get("unit"), Mapping):
            card = d["unit"]
            unit = str(card.get("id"))
            out.update((unit, f"marker:{m}") for m in card.get("markers", ()))
            out.add((unit, f"state:{card.get('state')}"))
    return out


def lasting_markers(
    ruleset: Ruleset, state: GameState, fresh: set[tuple[str, str]]
) -> set[tuple[str, str]]:
    """``(unit, marker)`` for each marker lasting into the following turn whose turn is over
    now: on the card, and not put on during the turn now ending (``fresh``)."""
    next_turn = {m.id for m in ruleset.markers if m.lasts == "next_turn"}
    return {
        (u.id, m)
        for u in state.units
        for m in u.markers & next_turn
        if (u.id, f"marker:{m}") not in fresh
    }


def lapsed_states(
    ruleset: Ruleset, state: GameState, fresh: set[tuple[str, str]]
) -> dict[str, str]:
    """unit -> the state it goes to, for each card whose state's stated time is over as this
    turn ends: one lasting the turn; one lasting the following turn entered before this turn
    (``fresh``: entered this turn); one lasting until a general comes, with an active general
    commanding the unit or its brigade attached to it."""
    out: dict[str, str] = {}
    for unit in state.units:
        if unit.removed:
            continue
        kind = ruleset.unit_type(unit.type)
        ladder = ruleset.ladder(kind.ladder if kind is not None else "default")
        lasting = ladder.lasting_of(unit.state) if ladder is not None else None
        if lasting is None:
            continue
        if lasting.lasts == "next_turn" and (unit.id, f"state:{unit.state}") in fresh:
            continue
        if lasting.lasts == "general" and not _general_with(state, unit):
            continue
        out[unit.id] = lasting.then
    return out


def _general_with(state: GameState, unit: Unit) -> bool:
    """Whether an active general whose command names the unit or its brigade is with it."""
    return any(
        x.attached_to == unit.id
        and x.status == "active"
        and {unit.id, unit.brigade} & set(x.commands)
        for x in state.leaders
    )
