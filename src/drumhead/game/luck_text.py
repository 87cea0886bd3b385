"""The luck statistics as text: the CLI's ``drumhead stats`` and the after-action report.

Charts are drawn in plain characters, never colour: a bar per turn, ``#`` marks to the left of
``|`` below par and to the right above it, with the figure printed beside each bar.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from drumhead.game.stats import LuckReport, Numbers, Roll, Scope, Tally

POINTS_PER_MARK = 5
"""Each ``#`` of a chart is this many points of average percentile away from par (50%)."""
HALF_WIDTH = 10
"""Marks on each side of par (10 x 5 = 50 points: the whole way to 0% or 100%)."""

DEFINITION = (
    "Each roll's percentile is the chance of a worse result plus half the chance of one as good, "
    "for the unit it was rolled for, from the odds shown before the roll: 50% is par, a fair "
    "die averages 50%. Rolls typed in by hand count and are marked; undone and reverted "
    "entries do not count."
)


def percent(value: Fraction | None) -> str:
    """``62%``; ``-`` for nothing to show."""
    return "-" if value is None else f"{round(float(value) * 100)}%"


@lru_cache(maxsize=4096)
def bar(mean: Fraction | None) -> str:
    """``   ####|          ``: the average's distance from par in marks, left below par.
    Drawn once per average: the luck screen draws the whole game's chart again after each
    change, 168 bars of a long game's of which one changed (2.8 ms profiled, in fractions)."""
    if mean is None:
        return " " * HALF_WIDTH + "|" + " " * HALF_WIDTH
    points = (mean - Fraction(1, 2)) * 100
    marks = min(HALF_WIDTH, round(abs(points) / POINTS_PER_MARK))
    left = "#" * marks if points < 0 else ""
    right = "#" * marks if points > 0 else ""
    return f"{left:>{HALF_WIDTH}}|{right:<{HALF_WIDTH}}"


def chart_lines(scope: Scope) -> list[str]:
    """A bar per turn of the game: its rated rolls, the bar, the average."""
    lines = [f"turn  rated  {'below par':>{HALF_WIDTH}}|{'above par':<{HALF_WIDTH}}  average"]
    for turn, tally in scope.turns:
        lines.append(f"{turn:>4}  {tally.rated:>5}  {bar(tally.mean)}  {percent(tally.mean):>7}")
    lines.append(f"(each # is {POINTS_PER_MARK} points from par, 50%)")
    return lines


def roll_text(roll: Roll, *, with_unit: bool = True) -> str:
    """``entry 12 (turn 2): Morale test for the militia: Fails by 2 (10%, dice by hand)``."""
    who = f" for {roll.unit_name}" if with_unit and roll.unit is not None else ""
    marks = [percent(roll.percentile)]
    if roll.hand:
        marks.append("dice by hand")
    return (
        f"entry {roll.seq} (turn {roll.turn}): {roll.title}{who}: {roll.text} ({', '.join(marks)})"
    )


def numbers_text(n: Numbers) -> str:
    """``Fire: 14 in 6 rolls against 11.3 expected (higher is better)``."""
    better = f" ({n.better} is better)" if n.better else ""
    rolls = f"{n.rolls} roll{'s' if n.rolls != 1 else ''}"
    return f"{n.title}: {n.actual} in {rolls} against {float(n.expected):.1f} expected{better}"


def tally_lines(tally: Tally, *, with_unit: bool = True) -> list[str]:
    """A tally in a few sentences: checks and average, luckiest, unluckiest, numbers."""
    hand = f", {tally.hand} with dice by hand" if tally.hand else ""
    unrated = tally.checks - tally.rated
    skipped = f" ({unrated} not rated)" if unrated else ""
    lines = [
        f"{tally.checks} check{'s' if tally.checks != 1 else ''}{hand}; "
        f"{tally.rated} rated{skipped}; average {percent(tally.mean)}"
    ]
    if tally.luckiest is not None and tally.rated == 1:
        lines.append(f"the only rated roll: {roll_text(tally.luckiest, with_unit=with_unit)}")
    elif tally.luckiest is not None and tally.unluckiest is not None:
        lines.append(f"luckiest: {roll_text(tally.luckiest, with_unit=with_unit)}")
        lines.append(f"unluckiest: {roll_text(tally.unluckiest, with_unit=with_unit)}")
    lines += [numbers_text(n) for n in tally.numbers]
    return lines


def by_turn(scope: Scope) -> str:
    """``turn 1: 31% (3), turn 2: -`` for a unit's line."""
    return ", ".join(
        f"turn {turn}: {percent(t.mean)} ({t.rated})" for turn, t in scope.turns if t.checks
    )


def luck_text(report: LuckReport) -> str:
    """The whole of a game's luck as plain text (``drumhead stats``)."""
    out = [f"Luck: {report.game.name}", "", DEFINITION, ""]
    for scope in (report.game, *report.sides):
        title = "The whole game" if scope.kind == "game" else f"Side: {scope.name}"
        out += [title, *(f"  {line}" for line in tally_lines(scope.total))]
        out += [f"  {line}" for line in chart_lines(scope)] + [""]
    if report.units:
        out.append("Units")
        for scope in report.units:
            out.append(f"  {scope.name} ({_side_name(report, scope.side)})")
            out += [f"    {line}" for line in tally_lines(scope.total, with_unit=False)]
            out.append(f"    by turn: {by_turn(scope) or 'no rolls'}")
        out.append("")
    unrated = [r for r in report.rolls if r.percentile is None]
    if unrated:
        out.append("Not rated")
        out += [f"  entry {r.seq} ({r.title}): {r.why_not}" for r in unrated]
        out.append("")
    return "\n".join(out)


def luck_markdown(report: LuckReport) -> list[str]:
    """The luck section of the after-action report (Markdown lines)."""
    out = ["## Luck", "", DEFINITION, ""]
    if not report.rolls:
        return [*out, "No rolls.", ""]
    for scope in (report.game, *report.sides):
        title = "The whole game" if scope.kind == "game" else scope.name
        out += [f"### {title}", ""]
        out += [f"- {line}" for line in tally_lines(scope.total)]
        out += ["", "```text", *chart_lines(scope), "```", ""]
    if report.units:
        out += ["### Units", ""]
        out += [
            "| unit | side | checks | rated | average | luckiest | unluckiest | by turn |",
            "|---|---|---|---|---|---|---|---|",
        ]
        for scope in report.units:
            t = scope.total
            best = _entry(t.luckiest)
            worst = "(the only rated roll)" if t.rated == 1 else _entry(t.unluckiest)
            if t.luckiest is None:
                worst = "-"
            out.append(
                f"| {_cell(scope.name)} | {_cell(_side_name(report, scope.side))} | {t.checks} "
                f"| {t.rated} | {percent(t.mean)} | {best} | {worst} | {_cell(by_turn(scope))} |"
            )
        out.append("")
    unrated = [r for r in report.rolls if r.percentile is None]
    if unrated:
        out += ["Not rated: " + "; ".join(f"entry {r.seq}: {r.why_not}" for r in unrated), ""]
    return out


def _entry(roll: Roll | None) -> str:
    if roll is None:
        return "-"
    hand = ", by hand" if roll.hand else ""
    return _cell(f"{percent(roll.percentile)}: {roll.text} (entry {roll.seq}{hand})")


def _cell(text: str) -> str:
    return text.replace("|", "/").replace("\n", " ")


def _side_name(report: LuckReport, side: str | None) -> str:
    if side is None:
        return "-"
    return next((s.name for s in report.sides if s.id == side), side)
