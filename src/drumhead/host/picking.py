"""A roll's effects waiting for the players to say which unit of a group takes one (issue 35:
Republique's base hits, ``who = "pick:ROLE"``): the question, and the answers given so far.

The host applies a roll's effects through the table session, as the app and ``drumhead play``
do (:meth:`~drumhead.session.TableSession.apply_effects` with ``picks``: role -> the units
picked, in order, or ``random``). When the core needs a pick it raises
:class:`~drumhead.errors.PickNeededError`; the host keeps the effects, the picks so far and
the question (:class:`Picking`, beside the save with its proposal) and asks the side whose
units they are. Each answer is added to the picks and the effects applied again: the core
asks the next question, or applies them all as one event, the seeded dice picking a unit
where the players asked it to roll for it. Nothing is applied until every pick is given, so a
save replays exactly as one played in the app or by ``drumhead play --pick``.

A question stands only while the log ends where it did when it was asked (the roll, and any
distance rolled with it): the game changed in the meantime (an undo, a roll, a step walked
at the host), the effects are left to the players, and said so.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import TYPE_CHECKING, Any

from drumhead.checks.results import Effect
from drumhead.game.applying import RANDOM

if TYPE_CHECKING:
    from drumhead.errors import PickNeededError
    from drumhead.session import TableSession

EFFECT_FIELDS = frozenset(f.name for f in fields(Effect)) - {"ruling", "source"}
"""The keys of an effect as it is kept (:meth:`Effect.to_dict`)."""


@dataclass(frozen=True, slots=True)
class Picking:
    """A roll's effects and the pick they wait for."""

    unit: str
    """The unit the check was made for (the effects' first side)."""
    effects: tuple[Effect, ...]
    """The effects as the roll gave them (distances rolled)."""
    roles: dict[str, list[str]]
    """Each side's units (role -> unit ids), as the roll took them."""
    seq: int
    """The roll's entry in the log."""
    count: int
    """The log's length when it was asked: the question stands while the log is so long."""
    role: str
    """The side whose units are picked among (its role in the check)."""
    units: tuple[str, ...]
    """The units that can take the effect."""
    text: str
    """The effect's words."""
    side: str
    """The side whose units they are: its player answers."""
    at_random: str | None = None
    """The rules' citation where they say the unit is chosen at random (the game's dice may
    pick it: ``random``)."""
    picks: dict[str, list[str]] = field(default_factory=dict)
    """The answers so far (role -> unit ids or ``random``, in order)."""

    @property
    def index(self) -> int:
        """How many picks were given before this question (a device answers the question it
        saw: two phones of one side answering the same question pick once)."""
        return sum(len(p) for p in self.picks.values())

    def stands(self, session: TableSession) -> bool:
        """Whether the log still ends where it did when the question was asked."""
        game = session.game
        return game is not None and game.event_count == self.count

    def answered(self, unit: str) -> Picking:
        """This question with ``unit`` added to the picks (the next question is the core's)."""
        picks = {r: list(p) for r, p in self.picks.items()}
        picks.setdefault(self.role, []).append(unit)
        return replace(self, picks=picks)

    def refusal(self, session: TableSession, unit: str) -> str | None:
        """Why ``unit`` cannot answer the question (None: it can)."""
        if unit == RANDOM:
            if self.at_random is None:
                return f"the rules do not say '{self.text}' falls at random: pick the unit"
            return None
        if unit not in self.units:
            names = ", ".join(session.unit_name(u) for u in self.units)
            return f"unit: '{unit}' cannot take '{self.text}' (one of {names})"
        return None

    def apply(self, session: TableSession) -> Picking | None:
        """Apply the effects with the picks so far, through the session (one event); the next
        question when the core needs another pick (None: applied). Other refusals of the
        core (a card lacking a number) are raised."""
        from drumhead.errors import PickNeededError

        session.last_resolution_seq = self.seq  # the roll these effects are of
        try:
            session.apply_effects(self.unit, self.effects, self.roles or None, self.picks or None)
        except PickNeededError as needed:
            return self.asking(session, needed)
        return None

    def asking(self, session: TableSession, needed: PickNeededError) -> Picking:
        """This with the core's next question."""
        return replace(
            self,
            role=needed.role,
            units=tuple(needed.units),
            text=needed.text,
            at_random=needed.at_random,
            side=session.open_game_or_fail().state.unit(needed.units[0]).side,
            count=session.open_game_or_fail().event_count,
        )

    def shown(self, session: TableSession, proposal: str) -> dict[str, Any]:
        """The question as a page shows it."""
        game = session.open_game_or_fail()
        rolled = game.entries[self.seq - 1] if 1 <= self.seq <= game.event_count else None
        check = str(rolled.data.get("check")) if rolled is not None else ""
        spec = next((c for c in game.ruleset.checks if c.id == check), None)
        role = spec.role(self.role) if spec is not None else None
        names = {s.id: s.name for s in game.state.sides}
        return {
            "proposal": proposal,
            "index": self.index,
            "text": self.text,
            "role": self.role,
            "role_title": role.title if role is not None else self.role.replace("_", " "),
            "side": self.side,
            "side_name": names.get(self.side, self.side),
            "units": [[u, _line(session, u)] for u in self.units],
            "at_random": self.at_random,
            "so_far": [
                "rolled for" if u == RANDOM else session.unit_name(u)
                for u in self.picks.get(self.role, [])
            ],
        }

    def to_dict(self) -> dict[str, Any]:
        """As the proposals file keeps it (:func:`read_picking` reads it back)."""
        return {
            "unit": self.unit,
            "effects": [e.to_dict() for e in self.effects],
            "roles": self.roles,
            "seq": self.seq,
            "count": self.count,
            "role": self.role,
            "units": list(self.units),
            "text": self.text,
            "side": self.side,
            "at_random": self.at_random,
            "picks": self.picks,
        }


def first_question(
    session: TableSession,
    unit: str,
    effects: list[Effect],
    roles: dict[str, list[str]],
    needed: PickNeededError,
) -> Picking:
    """The question the core asked when the effects were first applied (no pick given)."""
    seq = session.last_resolution_seq or 0
    blank = Picking(unit, tuple(effects), roles, seq, 0, "", (), "", "")
    return blank.asking(session, needed)


def _line(session: TableSession, unit: str) -> str:
    card = session.open_game_or_fail().state.unit(unit)
    return f"{card.name}: {card.strength_now}/{card.strength_start}"


def read_picking(data: object, where: str) -> Picking:
    """A question as the proposals file keeps it; ValueError says what is wrong."""
    if not isinstance(data, dict):
        raise ValueError(f"{where}: not a table")
    texts = ("unit", "role", "text", "side")
    if not all(isinstance(data.get(k), str) for k in texts):
        raise ValueError(f"{where}: {', '.join(texts)} are texts")
    if not all(isinstance(data.get(k), int) for k in ("seq", "count")):
        raise ValueError(f"{where}: seq and count are whole numbers")
    at_random = data.get("at_random")
    if at_random is not None and not isinstance(at_random, str):
        raise ValueError(f"{where}.at_random: a text or nothing")
    return Picking(
        data["unit"],
        tuple(
            _effect(e, f"{where}.effects[{i}]") for i, e in enumerate(_list(data, "effects", where))
        ),
        _units_by_role(data.get("roles"), f"{where}.roles"),
        data["seq"],
        data["count"],
        data["role"],
        tuple(_ids(data.get("units"), f"{where}.units")),
        data["text"],
        data["side"],
        at_random,
        _units_by_role(data.get("picks"), f"{where}.picks"),
    )


def _list(data: dict[str, Any], key: str, where: str) -> list[Any]:
    value = data.get(key)
    if not isinstance(value, list):
        raise ValueError(f"{where}.{key}: a list")
    return value


def _ids(value: object, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(u, str) for u in value):
        raise ValueError(f"{where}: a list of unit ids")
    return list(value)


def _units_by_role(value: object, where: str) -> dict[str, list[str]]:
    if not isinstance(value, dict):
        raise ValueError(f"{where}: a table of role -> unit ids")
    return {str(role): _ids(units, f"{where}.{role}") for role, units in value.items()}


def _effect(value: object, where: str) -> Effect:
    if not isinstance(value, dict) or not isinstance(value.get("kind"), str):
        raise ValueError(f"{where}: an effect (a table with its kind)")
    extra = set(value) - EFFECT_FIELDS
    if extra:
        raise ValueError(f"{where}.{sorted(extra)[0]}: not a key of an effect")
    if not all(isinstance(v, str | int | bool) for v in value.values()):
        raise ValueError(f"{where}: each value is a text, a number or true/false")
    try:
        return Effect(**value)
    except TypeError as exc:
        raise ValueError(f"{where}: {exc}") from None
