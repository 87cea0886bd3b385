"""The immutable records a resolution produces."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from drumhead.dice.odds import percent
from drumhead.dice.roller import DiceRoll
from drumhead.rules.model import InputValue

if TYPE_CHECKING:
    from typing import Any


def modifier_amount(applies: str, value: int, scale_by: int = 1) -> str:
    """A modifier's value as the players read it: ``+2`` (roll or target), ``x1/2``
    (scaling), ``+1/2 dice`` (dice)."""
    if applies == "scale":
        return f"x{value}/{scale_by}" if scale_by != 1 else f"x{value}"
    if applies == "dice":
        dice = Fraction(value, scale_by)
        return f"{'+' if dice >= 0 else ''}{dice} dice"
    return f"{value:+d}"


@dataclass(frozen=True, slots=True)
class AppliedModifier:
    """A modifier as it applied to one resolution."""

    id: str
    label: str
    value: int
    """The value applied (already multiplied by ``count``)."""
    source: str
    applies: str = "roll"
    scale_by: int = 1
    side: str | None = None
    explain: str = ""
    """Why it applies (auto modifiers), e.g. "2 stands lost"."""
    auto: bool = False
    count: int = 1

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of a modifier in ``odds``/``resolve --json``."""
        return {
            "id": self.id,
            "label": self.label,
            "value": self.value,
            "applies": self.applies,
            "side": self.side,
            "explain": self.explain,
            "source": self.source,
        }

    def describe(self) -> str:
        """``-2: 2 stands lost`` style text."""
        why = self.explain or self.label
        return f"{modifier_amount(self.applies, self.value, self.scale_by)}: {why}"


@dataclass(frozen=True, slots=True)
class Effect:
    """An effect a resolution proposes; the players apply, edit or discard it."""

    kind: str
    text: str
    amount: int | None = None
    dice: str | None = None
    state: str | None = None
    marker: str | None = None
    who: str = "self"
    ruling: str | None = None
    """The ruling the effect rests on (shown with the result; not part of the applied effect)."""
    source: str | None = None
    """The rule this effect applies when it is not its outcome's (shown with the result, and
    recorded with the roll; not part of the applied effect)."""
    each: bool = False
    """``who = "pick:ROLE"``: each point of the amount is picked separately."""
    at_random: str | None = None
    """``who = "pick:ROLE"``: the citation saying the rules pick the unit at random (the
    players may then have the game's dice pick it)."""
    formation: str | None = None
    """A ``formation`` effect's formation."""
    attribute: str | None = None
    """An ``attribute`` effect's unit attribute (``amount`` is added to it)."""
    beyond: str | None = None
    """An ``attribute`` effect past the attribute's bounds: ``refuse`` or ``clamp``."""
    types: tuple[str, ...] = ()
    """Only the units of its role of these unit types take it (none: every unit of it)."""
    instead: bool = False
    """The units it falls on take none of the outcome's other effects."""

    def to_dict(self) -> dict[str, Any]:
        """The effect as applied and journaled (without its ruling: that is the answer's); a
        pick's ``each`` and ``at_random`` go with it to be worked out when it is applied."""
        out: dict[str, Any] = {"kind": self.kind, "text": self.text, "who": self.who}
        for key in (
            "amount",
            "dice",
            "state",
            "marker",
            "formation",
            "attribute",
            "beyond",
            "at_random",
        ):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        if self.each:
            out["each"] = True
        if self.types:
            out["types"] = list(self.types)
        if self.instead:
            out["instead"] = True
        return out


@dataclass(frozen=True, slots=True)
class AppliedRuling:
    """A ruling an answer rests on: how drumhead read an ambiguity, and why."""

    id: str
    rule: str
    reading: str
    reason: str
    source: str
    alternative: str = ""
    """The other reading, and how to choose it."""
    used: str = "ruling"
    """``ruling`` (drumhead's reading) or ``alternative`` (the players chose the other one)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "rule": self.rule,
            "reading": self.reading,
            "reason": self.reason,
            "source": self.source,
            "alternative": self.alternative,
            "used": self.used,
        }

    def describe(self) -> str:
        """``ruling ID (source): reading`` and, when chosen, that the alternative was used."""
        if self.used == "alternative":
            return f"ruling {self.id} ({self.source}): the players chose the other reading: " + (
                self.alternative or "see the ruling"
            )
        return f"ruling {self.id} ({self.source}): {self.reading}"


GAP_KINDS = ("rules", "ruling", "house_rule", "players")
"""Where a gap's value came from: the rules' own text, a ruling (read from a worked example),
a house-rules file, or the players' answer at the table."""


@dataclass(frozen=True, slots=True)
class GapUse:
    """A value the sources do not give, as one answer used it, and where it came from."""

    id: str
    value: InputValue
    question: str
    kind: str
    """One of :data:`GAP_KINDS`."""
    source: str
    """Shown beside the value: the citation (``rules``), ``ruling ID (citation)``,
    ``house rule, FILE`` or ``your club's answer, asked on DATE``."""
    label: str = ""
    """The value as the players name it, with its situation for a keyed answer
    (:func:`drumhead.questions.answers.answer_label`): what is shown, never :attr:`id`."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "label": self.shown,
            "value": self.value,
            "question": self.question,
            "kind": self.kind,
            "source": self.source,
        }

    @property
    def shown(self) -> str:
        """The label, else the answer id in words."""
        return self.label or self.id.replace("_", " ").replace(".", " ")

    def describe(self) -> str:
        return f"{self.shown} = {self.value} ({self.source})"


@dataclass(frozen=True, slots=True)
class OutcomeOdds:
    """The exact probability of one outcome (and, for numeric outcomes, one value)."""

    outcome: str
    value: int | None
    p: Fraction

    def to_dict(self) -> dict[str, Any]:
        return {
            "outcome": self.outcome,
            "value": self.value,
            "p": f"{self.p.numerator}/{self.p.denominator}",
            "percent": percent(self.p),
        }


@dataclass(frozen=True, slots=True)
class ResultOdds:
    """The exact probability of one result a chart gives (the text of its cells), where a
    check's outcomes are the values read on the chart (Republique's assault differences)."""

    text: str
    """The chart's result, as its cells give it."""
    p: Fraction
    values: tuple[int, ...]
    """The outcomes' values that read this result, in order (the differences)."""


@dataclass(frozen=True, slots=True)
class MechanicResult:
    """What a mechanic decided from the dice, before outcome text and effects are attached."""

    outcome: str
    value: int | None
    rolls: tuple[DiceRoll, ...]
    steps: tuple[str, ...]
    """The arithmetic, one line a step, as the players would check it."""
    modified: int | None = None
    target: int | None = None
    values: tuple[tuple[str, int], ...] = ()
    rerolled: bool = False
    gap_text: str | None = None
    """Where the outcome's text is a gap value the players supplied (e.g. a chart cell)."""
    gap: str | None = None
    """The gap ``gap_text`` is the value of."""


@dataclass(frozen=True, slots=True)
class Resolution:
    """One check, resolved: everything needed to show, apply, replay or audit it."""

    ruleset: str
    ruleset_version: str
    check: str
    inputs: tuple[tuple[str, InputValue], ...]
    options: tuple[str, ...]
    modifiers: tuple[AppliedModifier, ...]
    rolls: tuple[DiceRoll, ...]
    total_modifier: int
    modified: int | None
    target: int | None
    outcome: str
    value: int | None
    values: tuple[tuple[str, int], ...]
    text: str
    effects: tuple[Effect, ...]
    odds: tuple[OutcomeOdds, ...]
    steps: tuple[str, ...]
    rerolled: bool = False
    hand_dice: bool = False
    gaps_used: tuple[tuple[str, InputValue], ...] = ()
    source: str = ""
    """The check's citation."""
    outcome_source: str = ""
    """The outcome's citation (the check's when the outcome names none)."""
    odds_sources: tuple[tuple[str, str], ...] = ()
    """Outcome id -> citation, for every outcome in ``odds``."""
    rulings: tuple[AppliedRuling, ...] = ()
    """The rulings this answer rests on."""
    gaps: tuple[GapUse, ...] = ()
    """Every gap value used, with where it came from."""
    house_rules: tuple[str, ...] = ()
    """``house rule, FILE: changes KEY`` for each change of the house rules this answer used."""

    @property
    def dice(self) -> tuple[int, ...]:
        """Every face rolled, in order."""
        return tuple(face for roll in self.rolls for face in roll.faces)

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of ``drumhead resolve --json``."""
        return {
            "ruleset": self.ruleset,
            "ruleset_version": self.ruleset_version,
            "check": self.check,
            "inputs": dict(self.inputs),
            "options": list(self.options),
            "modifiers": [m.to_dict() for m in self.modifiers],
            "dice": list(self.dice),
            "rolls": [
                {"label": r.label, "notation": r.notation, "faces": list(r.faces), "total": r.total}
                for r in self.rolls
            ],
            "total_modifier": self.total_modifier,
            "modified": self.modified,
            "target": self.target,
            "outcome": self.outcome,
            "value": self.value,
            "values": dict(self.values),
            "text": self.text,
            "effects": [self._effect_dict(e) for e in self.effects],
            "odds": [
                {**o.to_dict(), "source": dict(self.odds_sources).get(o.outcome, self.source)}
                for o in self.odds
            ],
            "steps": list(self.steps),
            "rerolled": self.rerolled,
            "hand_dice": self.hand_dice,
            "gaps_used": dict(self.gaps_used),
            "source": self.source,
            "outcome_source": self.outcome_source,
            "odds_sources": dict(self.odds_sources),
            "rulings": [r.to_dict() for r in self.rulings],
            "gaps": [g.to_dict() for g in self.gaps],
            "house_rules": list(self.house_rules),
        }

    def _effect_dict(self, effect: Effect) -> dict[str, Any]:
        out = {**effect.to_dict(), "source": effect.source or self.outcome_source or self.source}
        if effect.ruling:
            out["ruling"] = effect.ruling
        return out
