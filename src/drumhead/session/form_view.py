"""What a check's form shows and reads besides its values: dice typed by hand, the number
needed, the odds as shown, and the effects grouped by the unit they fall on."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from drumhead.errors import DrumheadError, MissingGapError

if TYPE_CHECKING:
    from drumhead.checks.base import Context
    from drumhead.checks.results import AppliedModifier, Effect, OutcomeOdds, ResultOdds


def parse_hand_dice(text: str) -> list[int]:
    """Faces typed by the players: ``7``, ``3 5``, ``3,5``; none for a check that rolls no
    dice (the rules core says how many a check needs). Raises DrumheadError when unreadable."""
    parts = [p for p in re.split(r"[\s,;]+", text.strip()) if p]
    faces = []
    for part in parts:
        try:
            faces.append(int(part))
        except ValueError:
            raise DrumheadError(f"'{part}' is not a die face (whole numbers only)") from None
    return faces


def needed_text(ctx: Context) -> str:
    """The number the roll needs, where the mechanic has one, with the modifier total."""
    total = ctx.total()
    mechanic = ctx.check.mechanic
    needed = getattr(mechanic, "needed", None)
    compare = getattr(mechanic, "compare", None)
    dice = getattr(mechanic, "dice", None)
    if callable(needed) and compare in ("<=", ">="):
        target = needed(ctx)
        # the modified roll is compared; say what the natural die must show
        natural = target - total
        sign = "≤" if compare == "<=" else "≥"
        return f"Needs {sign} {target} after modifiers ({total:+d}): a natural {sign} {natural} on {dice}"
    sides = ctx.check.sides
    if sides is not None:
        parts = [f"{side.replace('_', ' ')} {ctx.total(side):+d}" for side in sides]
        return "Modifiers: " + ", ".join(parts)
    # dice added or taken off and halvings or doublings apply too (MWAN's rifled guns +1 die,
    # a formation change's half move): "No modifiers apply" beside them read as none ticked
    from drumhead.checks.results import modifier_amount

    others = [
        modifier_amount(m.applies, m.value, m.scale_by)
        for m in ctx.modifiers
        if m.applies in ("dice", "scale")
    ]
    if total or any(m.applies == "roll" for m in ctx.modifiers):
        said = f"Modifiers total {total:+d}"  # +0 when those that apply cancel out
        return f"{said}; {', '.join(others)}" if others else said
    if others:
        return "Modifiers: " + ", ".join(others)
    return "No modifiers apply"


@dataclass(frozen=True, slots=True)
class OddsView:
    """What the form's values come to before the roll: the odds, or why there are none."""

    blocked: str | None = None
    """Why there are no odds yet, in the players' words: an input refused or missing, a
    value the rules lack (:attr:`waiting`), or the rules' refusal (:attr:`refused`)."""
    waiting: MissingGapError | None = None
    """A value the rules lack, to be asked of the players."""
    refused: bool = False
    """The rules refuse the check as the form stands (:attr:`blocked` says why)."""
    offered_in: Context | None = None
    """The check prepared without ticks, when the modifiers on offer were worked out again
    (:attr:`CheckForm.offered`): their values are read from it. None when they were not
    worked out again, or could not be (then none is offered)."""
    context: Context | None = None
    """The check prepared with the ticked modifiers (None: blocked)."""
    automatic: tuple[AppliedModifier, ...] = ()
    """Modifiers that apply by themselves, with their reason."""
    needed: str = ""
    """The number needed (or the modifier totals)."""
    odds: tuple[OutcomeOdds, ...] = ()
    """Each outcome's exact chance."""
    results: tuple[ResultOdds, ...] = ()
    """Each result's exact chance, where the outcomes are values read on a chart given whole
    (Republique's assault: by the result each difference reads, not by difference)."""


@dataclass(frozen=True, slots=True)
class EffectGroup:
    """Effects that fall on one unit: the unit tested (``who`` is ``self``), or another the
    players pick (``who`` names it: ``opponent``, ``target``)."""

    who: str
    effects: tuple[Effect, ...]
    target: str | None
    """The unit they fall on, when known (the unit tested); None: the players pick it."""
    title: str = ""
    """How the role is asked for ("the target"): its title in the rules data, else its id."""

    @property
    def on_no_card(self) -> bool:
        """Notes for the table or a side (an army-level result): for the log, on no card."""
        return self.who == "table"

    @property
    def question(self) -> str:
        """What the players are asked when the unit is theirs to pick."""
        if self.who == "self":
            return "Which unit do these effects fall on?"
        return f"Which unit is {self.title or 'the ' + self.who}?"
