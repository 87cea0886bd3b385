"""Where dice come from: an injected random generator, or the faces the players rolled by hand.

Every roll made through a :class:`DiceSource` comes back as a :class:`DiceRoll`, which the
resolution records, so a game can be replayed and audited.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from drumhead.dice.notation import DiceExpr
from drumhead.errors import DiceError

if TYPE_CHECKING:
    import random  # the caller's generator: importing it here cost every command 2.5 ms
    from typing import Protocol
else:
    Protocol = object  # the protocols are for the type checker alone


@dataclass(frozen=True, slots=True)
class DiceRoll:
    """One roll of one dice expression."""

    label: str
    """What the roll was for ("test", "re-roll", "attacker", "excess 15 figures", ...)."""
    notation: str
    """The dice rolled, e.g. ``1d10z``."""
    faces: tuple[int, ...]
    """The faces shown."""
    total: int
    """The faces added up, with the expression's constant."""


class DiceSource(Protocol):
    """Anything that can produce faces for a dice expression."""

    def roll(self, expr: DiceExpr, label: str) -> DiceRoll: ...

    def can_roll(self) -> bool:
        """Whether another roll can be made (hand dice may have run out)."""
        ...


class RandomDice:
    """Dice from an injected :class:`random.Random` (seed it for a reproducible game)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def roll(self, expr: DiceExpr, label: str) -> DiceRoll:
        faces, total = expr.roll(self.rng)
        return DiceRoll(label, str(expr), faces, total)

    def can_roll(self) -> bool:
        return True


MAX_HAND_FACES = 500
"""The most faces typed in for one check: more than any check rolls (a pool of 200 dice and its
re-roll, a fire roll of 200)."""


class HandDice:
    """Faces typed in by the players, consumed in order; each is checked against its die."""

    def __init__(self, faces: list[int] | tuple[int, ...]) -> None:
        if len(faces) > MAX_HAND_FACES:
            raise DiceError(
                f"{len(faces):,} dice entered: one check takes at most {MAX_HAND_FACES} faces"
            )
        self.faces = list(faces)
        self.used = 0

    def roll(self, expr: DiceExpr, label: str) -> DiceRoll:
        if expr.die is None:
            return DiceRoll(label, str(expr), (), expr.modifier)
        needed = expr.count
        left = len(self.faces) - self.used
        if left < needed:
            raise DiceError(
                f"not enough dice entered: the {label} roll needs {needed} "
                f"{expr.die} face{'s' if needed > 1 else ''}, {left} left"
            )
        faces = tuple(self.faces[self.used : self.used + needed])
        for face in faces:
            if face not in expr.die.faces:
                raise DiceError(
                    f"{face} is not a face of a {expr.die} (faces {expr.die.low}-{expr.die.high}) "
                    f"for the {label} roll"
                )
        self.used += needed
        return DiceRoll(label, str(expr), faces, expr.total(faces))

    def can_roll(self) -> bool:
        return self.used < len(self.faces)

    def finish(self) -> None:
        """Refuse faces that were entered but not needed."""
        extra = len(self.faces) - self.used
        if extra > 0:
            raise DiceError(
                f"{extra} more dice entered than the check uses "
                f"({self.used} used: {', '.join(map(str, self.faces[: self.used])) or 'none'})"
            )
