"""The immutable records a resolution produces."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from drumhead.model import InputValue
from drumhead.odds import percent
from drumhead.roller import DiceRoll


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

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "text": self.text, "who": self.who}
        for key in ("amount", "dice", "state", "marker"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        return out


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
            "effects": [e.to_dict() for e in self.effects],
            "odds": [o.to_dict() for o in self.odds],
            "steps": list(self.steps),
            "rerolled": self.rerolled,
            "hand_dice": self.hand_dice,
            "gaps_used": dict(self.gaps_used),
        }
