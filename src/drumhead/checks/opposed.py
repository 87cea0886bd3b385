"""Opposed rolls: each side rolls and adds its own modifiers; the difference reads a band.

Keys: ``sides`` (default ``["attacker", "defender"]``); ``dice`` (both sides) or ``attacker_dice``/``defender_dice`` (named after ``sides``);
``bands`` = ``[{diff = [9, 11], outcome = "..."}, ...]`` (cells as in tables);
``beyond`` = ``"clamp"`` (a difference past the ends reads the end band; cite the ruling in
``beyond_ruling``) or ``"error"``. Modifiers carry ``side``. Hand dice: first side, then second.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from drumhead.checks.base import Cell, Context, cell_result_text, merge_odds, read_cell, read_dice
from drumhead.checks.results import MechanicResult, OutcomeOdds
from drumhead.dice.notation import DiceExpr, difference_of
from drumhead.dice.roller import DiceSource
from drumhead.errors import DrumheadError
from drumhead.rules.expr import Expr

if TYPE_CHECKING:
    from drumhead.rules.reader import Reader


@dataclass(frozen=True, slots=True)
class Band:
    """A band of differences (attacker's total minus defender's) and its cell."""

    low: int
    high: int
    cell: Cell


@dataclass(frozen=True, slots=True)
class OpposedRoll:
    """An ``opposed`` check: each side rolls, the difference is read in bands."""

    sides: tuple[str, str]
    dice: tuple[DiceExpr, DiceExpr]
    bands: tuple[Band, ...]
    beyond: str
    beyond_ruling: str | None

    def outcome_ids(self) -> set[str]:
        return {b.cell.outcome for b in self.bands}

    @property
    def rolls_dice(self) -> bool:
        """Whether either side rolls (R&F's melee result, ``dice = "0"``, reads scores: none
        to type in by hand)."""
        return any(d.count for d in self.dice)

    def expressions(self) -> list[tuple[str, Expr]]:
        return []

    def band(self, diff: int) -> tuple[Band, bool]:
        """The band for a difference, and whether the ends were used (beyond the table)."""
        for band in self.bands:
            if band.low <= diff <= band.high:
                return band, False
        if self.beyond == "clamp":
            return (self.bands[0] if diff < self.bands[0].low else self.bands[-1]), True
        raise DrumheadError(f"a difference of {diff} is beyond the table")

    def odds(self, ctx: Context) -> list[OutcomeOdds]:
        # (a + ma) - (d + md) = (a - d) + (ma - md): the dice difference is fixed per check.
        net = ctx.total(self.sides[0]) - ctx.total(self.sides[1])
        pairs: list[tuple[Cell, Fraction]] = []
        for diff, p in difference_of(self.dice[0], self.dice[1]).items():
            pairs.append((self.band(diff + net)[0].cell, p))
        return merge_odds(pairs)

    def rulings_for(self, ctx: Context) -> list[str]:
        """The rulings the odds rest on: ``beyond_ruling`` when a difference can fall past the
        table's ends."""
        if self.beyond_ruling is None:
            return []
        net = ctx.total(self.sides[0]) - ctx.total(self.sides[1])
        low, high = self.bands[0].low, self.bands[-1].high
        diffs = difference_of(self.dice[0], self.dice[1])
        return [self.beyond_ruling] if any(not low <= d + net <= high for d in diffs) else []

    def rulings_for_result(self, ctx: Context, result: MechanicResult) -> list[str]:
        """The rulings a roll's result rests on: ``beyond_ruling`` only for a difference past
        the table's ends (its steps cite it); a +3 rests on no ruling of the ends."""
        low, high = self.bands[0].low, self.bands[-1].high
        beyond = result.modified is not None and not low <= result.modified <= high
        return [self.beyond_ruling] if beyond and self.beyond_ruling else []

    def resolve(self, ctx: Context, dice: DiceSource) -> MechanicResult:
        first, second = self.sides
        roll_a = dice.roll(self.dice[0], first)
        roll_d = dice.roll(self.dice[1], second)
        mod_a, mod_d = ctx.total(first), ctx.total(second)
        total_a, total_d = roll_a.total + mod_a, roll_d.total + mod_d
        diff = total_a - total_d
        band, beyond = self.band(diff)
        steps = [
            f"{first}: rolled {roll_a.total}" + (f" {mod_a:+d} = {total_a}" if mod_a else ""),
            f"{second}: rolled {roll_d.total}" + (f" {mod_d:+d} = {total_d}" if mod_d else ""),
            f"difference {total_a} - {total_d} = {diff:+d}",
        ]
        if beyond:
            steps.append(
                f"{diff:+d} is past the table's ends; read as the nearest band "
                f"({band.low:+d}..{band.high:+d})"
                + (f" (ruling {self.beyond_ruling})" if self.beyond_ruling else "")
            )
        return MechanicResult(
            outcome=band.cell.outcome,
            value=band.cell.value,
            rolls=(roll_a, roll_d),
            steps=tuple(steps),
            modified=diff,
            values=((first, total_a), (second, total_d)),
            gap_text=cell_result_text(ctx, band.cell),
            gap=band.cell.gap,
        )


def parse_opposed(reader: Reader) -> OpposedRoll:
    names = reader.strs("sides", ("attacker", "defender"))
    if len(names) != 2 or names[0] == names[1]:
        raise reader.error("sides", "expected two different side names")
    sides = (names[0], names[1])
    if reader.has("dice"):
        both = read_dice(reader, "dice")
        dice = (both, both)
    else:
        dice = (read_dice(reader, f"{sides[0]}_dice"), read_dice(reader, f"{sides[1]}_dice"))
    bands: list[Band] = []
    for band in reader.array("bands"):
        low, high = band.range("diff")
        bands.append(Band(low, high, read_cell(band)))
        band.done()
    if not bands:
        raise reader.error("bands", "an opposed roll needs at least one band")
    bands.sort(key=lambda b: b.low)
    for a, b in itertools.pairwise(bands):
        if b.low <= a.high:
            raise reader.error("bands", f"bands {a.low}..{a.high} and {b.low}..{b.high} overlap")
        if b.low != a.high + 1:
            raise reader.error("bands", f"no band covers {a.high + 1}..{b.low - 1}")
    return OpposedRoll(
        sides=sides,
        dice=dice,
        bands=tuple(bands),
        beyond=reader.text("beyond", "error", choices=("clamp", "error")),
        beyond_ruling=reader.text("beyond_ruling", None),
    )
