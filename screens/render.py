"""Text the screens show, built from core values (pure functions: no widgets, easy to test).

Everything that carries meaning is written out in words or symbols as well as colour, so the
high-contrast theme and a monochrome terminal lose nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text

from drumhead.checks.base import Context, counted_text
from drumhead.checks.results import OutcomeOdds, Resolution, modifier_amount
from drumhead.checks.sources import changes_only, offered_source
from drumhead.dice.notation import DiceExpr
from drumhead.dice.odds import percent
from drumhead.errors import DrumheadError, MissingGapError
from drumhead.rules.expr import Environment
from drumhead.rules.model import CheckSpec, GapSpec, ModifierSpec, ReferenceEntry, Ruleset, Ruling

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderResult

    from drumhead.rules.model import InputValue

BAR_WIDTH = 24
"""Cells of the longest bar in a distribution chart."""

MAX_DISTRIBUTION_WORK = 2_000_000
"""Dice expressions needing more steps than this (dice x faces x totals) are summarised, not
charted: an exact count for e.g. 100d1000 would take minutes (2,000,000 is about 0.2 s)."""


def bar(p: Fraction, peak: Fraction, width: int = BAR_WIDTH) -> str:
    """A bar of full and partial blocks, ``width`` cells for ``peak``."""
    if peak <= 0:
        return ""
    eighths = round(float(p / peak) * width * 8)
    full, part = divmod(eighths, 8)
    return "█" * full + ("▏▎▍▌▋▊▉"[part - 1] if part else "")


def can_chart(expr: DiceExpr) -> bool:
    """Whether the exact distribution of ``expr`` is cheap enough to compute while typing."""
    if expr.die is None:
        return True
    faces = expr.die.sides
    return expr.count * faces * (expr.high - expr.low + 1) <= MAX_DISTRIBUTION_WORK


def exact_distribution(expr: DiceExpr) -> dict[int, Fraction]:
    """The exact distribution of ``expr``'s total, counted in integers (fast) then as fractions.

    Equal to ``expr.distribution()`` (tested), but counting ways with ints is far quicker than
    convolving :class:`~fractions.Fraction` maps, which keeps the roller responsive.
    """
    if expr.die is None:
        return {expr.modifier: Fraction(1)}
    faces = list(expr.die.faces)
    ways = {0: 1}
    for _ in range(expr.count):
        step: dict[int, int] = {}
        for total, n in ways.items():
            for face in faces:
                step[total + face] = step.get(total + face, 0) + n
        ways = step
    whole = len(faces) ** expr.count
    return {t + expr.modifier: Fraction(n, whole) for t, n in sorted(ways.items())}


def distribution_chart(expr: DiceExpr, rolled: int | None = None, width: int = BAR_WIDTH) -> Text:
    """Every total of ``expr`` with its exact chance and a bar; the rolled total is marked."""
    out = Text()
    if not can_chart(expr):
        out.append(
            f"{expr}: totals {expr.low}-{expr.high}, mean {float(expr.mean()):.2f}\n"
            "(too many totals to chart exactly while you type)"
        )
        return out
    dist = exact_distribution(expr)
    peak = max(dist.values())
    label_width = max(len(str(v)) for v in dist)
    for value, p in dist.items():
        mark = value == rolled
        pointer = "▶" if mark else " "
        line = f"{pointer}{value:>{label_width}} {percent(p):5.1f}% {bar(p, peak, width)}"
        out.append(line + "\n", style="bold" if mark else "")
    out.append(f"mean {float(expr.mean()):.2f}, totals {expr.low}-{expr.high}", style="italic")
    if rolled is not None:
        out.append(f"\n▶ marks the total rolled ({rolled})", style="italic")
    return out


def fraction_text(p: Fraction) -> str:
    """``1/6`` style exact fraction."""
    return f"{p.numerator}/{p.denominator}"


_PLACEHOLDER = re.compile(r"\{(\w+)(?::([^{}]*\|[^{}]*))?\}")
"""A ``{name}`` placeholder in an outcome's text, or a counted one, ``{value:figure|figures}``
or ``{value:no hits|hit|hits}`` (as :class:`drumhead.checks.base.Count` reads it)."""


def _filled(match: re.Match[str], known: Mapping[str, object]) -> str:
    """A placeholder with its value put in (a counted one with its word)."""
    value = known[match.group(1)]
    if match.group(2) is not None:
        return counted_text(value, match.group(2))
    return str(value).replace("_", " ")


def outcome_label(
    check: CheckSpec,
    odds: OutcomeOdds,
    show_value: bool = True,
    inputs: Mapping[str, InputValue] | None = None,
) -> str:
    """An outcome's name as players read it: its text with the value and the inputs it names
    put in ("Attacker higher by 4", "5 inches", Republique's "The defender's units take 2M
    1P" from the players' ``morale_hits`` and ``panic_hits``); when the text needs more than
    those, the text up to its first placeholder, with the value after it in brackets (unless
    ``show_value`` is False: the outcome only ever has the one value)."""
    try:
        text = check.outcome(odds.outcome).text
    except KeyError:
        text = odds.outcome
    names = {m.group(1) for m in _PLACEHOLDER.finditer(text)}
    known: dict[str, object] = dict(inputs or {})
    if odds.value is not None:
        known["value"] = odds.value
    if names and names <= set(known):
        return _PLACEHOLDER.sub(lambda m: _filled(m, known), text)
    if names:
        text = text.split("{")[0].rstrip(" :")
        if text.count("(") > text.count(")"):  # never leave a bracket open
            text = text[: text.rfind("(")].rstrip(" :")
        text = text or odds.outcome.replace("_", " ")
    if odds.value is not None and show_value:
        text = f"{text} [{odds.value}]"
    return text


ODDS_MIN_OUTCOME = 12
"""The fewest cells the odds table leaves its outcome column: where the pane is narrower (the
keys panel open beside the resolve screen), the bars go first, then the exact fractions.
Rich shrank every column instead, and the outcomes were spelt one letter a line."""


COLUMN_GAP = 2
"""Cells between two columns of the odds table (Rich's padding of one each side, none at the
table's edges)."""


class OddsChart:
    """Each outcome with its exact chance: percent, fraction and a bar (a Rich renderable).

    Its rows are worked out once; the table is laid out for the width it is drawn at, which
    Textual asks for more than once (to measure, then to draw). Where the outcomes would have
    fewer than :data:`ODDS_MIN_OUTCOME` cells, the bars are left out, then the fractions."""

    def __init__(
        self,
        check: CheckSpec,
        odds: Iterable[OutcomeOdds],
        width: int = 20,
        *,
        labelled: Iterable[tuple[str, Fraction]] = (),
        inputs: Mapping[str, InputValue] | None = None,
    ) -> None:
        rows = list(odds)
        values: dict[str, set[int | None]] = {}
        for o in rows:
            values.setdefault(o.outcome, set()).add(o.value)
        chances = [(outcome_label(check, o, len(values[o.outcome]) > 1, inputs), o.p) for o in rows]
        chances += list(labelled)  # rows named already (a chart's results)
        peak = max((p for _, p in chances), default=Fraction(0))
        self.width = width
        """The longest bar's cells."""
        self.cells = [
            (label, f"{percent(p):.1f}%", fraction_text(p), bar(p, peak, width))
            for label, p in chances
        ]
        """Each row: outcome, percent, fraction, bar."""

    def table(self, room: int | None = None) -> Table:
        """The table in ``room`` cells (None: any, with every column)."""
        chance = max([len("chance"), *(len(c[1]) for c in self.cells)])
        exact = max([len("exact"), *(len(c[2]) for c in self.cells)])
        show_exact = show_bar = True
        if room is not None:  # the cells the other columns take, and the outcome's left
            show_bar = room - (chance + exact + self.width + 3 * COLUMN_GAP) >= ODDS_MIN_OUTCOME
            show_exact = show_bar or room - (chance + exact + 2 * COLUMN_GAP) >= ODDS_MIN_OUTCOME
        table = Table(box=None, pad_edge=False, expand=True, show_header=True)
        table.add_column("outcome", overflow="fold", ratio=1)
        table.add_column("chance", justify="right", no_wrap=True)
        if show_exact:
            table.add_column("exact", justify="right", no_wrap=True)
        if show_bar:
            table.add_column("", no_wrap=True)
        for label, chance_text, exact_text, bar_text in self.cells:
            row = [label, chance_text]
            row += [exact_text] if show_exact else []
            row += [bar_text] if show_bar else []
            table.add_row(*row)
        return table

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.table(options.max_width)


def modifier_value_text(spec: ModifierSpec, env: Environment | None = None) -> str:
    """A modifier's value as the players read it: ``-1``, ``+2``, ``x1/2`` (scaling), ``+1/2
    dice``. A formula is worked out from ``env`` (the form's inputs and known gaps) when given:
    ``?`` when it waits on a value the players have not given yet, else the formula."""
    text = spec.value.text
    try:
        value: object = int(text)
    except ValueError:
        if env is None:
            return text
        try:
            value = spec.value.evaluate(env)
        except MissingGapError:
            return "?"
        except DrumheadError:
            return text
    if not isinstance(value, int) or isinstance(value, bool):
        return text
    return modifier_amount(spec.applies, value, spec.scale_by)


def modifier_source_text(spec: ModifierSpec, ctx: Context) -> str:
    """A modifier's citation as offered: a value the players or the house rules gave is cited
    as theirs first, never as the rules' (see :func:`drumhead.checks.resolve.offered_source`)."""
    return offered_source(ctx, spec)


def resolution_text(res: Resolution) -> Text:
    """Every step of the arithmetic, then the outcome."""
    out = Text()
    for roll in res.rolls:
        if not roll.faces:  # a fixed number (MWAN's 20" move): no dice, none to show
            out.append(f"{roll.label}: {roll.notation}, no dice rolled\n")
            continue
        faces = " ".join(map(str, roll.faces))
        how = "typed in" if res.hand_dice else "rolled"
        out.append(f"{roll.label}: {roll.notation} {how} [{faces}] = {roll.total}\n")
    for step in res.steps[:-1]:
        out.append(f"  {step}\n")
    out.append("Outcome: ", style="bold")
    out.append(res.text + "\n", style="bold")
    if res.rerolled:
        out.append("(a re-roll was used)\n", style="italic")
    out.append(f"Source: {res.outcome_source or res.source}\n", style="italic")
    out.append_text(answer_sources_text(res))
    return out


def answer_sources_text(res: Resolution) -> Text:
    """What an answer took from outside the rules' own numbers (the players' answers, house
    rules, rulings read from examples), each marked as such, and the rulings it rests on."""
    out = Text()
    for gap in res.gaps:
        if gap.kind == "rules":
            continue
        out.append(f"Value {gap.shown} = {gap.value}: ", style="bold")
        out.append(f"{gap.source}\n", style="italic")
    for change in changes_only(res.house_rules):  # the values it gave are listed above
        out.append(f"{change}\n", style="italic")
    for ruling in res.rulings:
        out.append(f"Ruling {ruling.id}: ", style="bold")
        if ruling.used == "alternative":
            out.append(f"the other reading, chosen by the players: {ruling.alternative}")
        else:
            out.append(ruling.reading)
        out.append(f" ({ruling.source})\n", style="italic")
    return out


def gap_value_text(gap: GapSpec, known: Mapping[str, object] | None = None) -> str:
    """A gap's value and where it came from, never as if the rules gave what they do not:
    the players' answer, a house rule, a ruling read from an example, or the text's own."""
    if known is not None and gap.id in known:
        return f"{known[gap.id]} (your club's answer)"
    if gap.value is None:
        return "not given by the sources: the players decide (asked once per game)"
    if gap.value_source:
        return f"{gap.value} ({gap.value_source})"
    if gap.ruling:
        return f"{gap.value} (ruling {gap.ruling}: read from a worked example; yours may differ)"
    return f"{gap.value} (given by the text)"


def ruling_text(ruling: Ruling) -> Text:
    """A ruling as the reference shows it: the rule, our reading, why, and the other reading."""
    text = Text()
    text.append("Rule: ", style="bold")
    text.append(ruling.rule + "\n")
    text.append("Our reading: ", style="bold")
    text.append(ruling.reading + "\n")
    text.append("Why: ", style="bold")
    text.append(ruling.reason + "\n")
    if ruling.alternative:
        text.append("The other reading: ", style="bold")
        text.append(ruling.alternative + "\n")
    return text


def reference_table(entry: ReferenceEntry) -> Table | None:
    """A reference entry's table, if it has one."""
    if not entry.rows:
        return None
    table = Table(show_lines=False, expand=False)
    columns = entry.columns or tuple("" for _ in entry.rows[0])
    for column in columns:
        table.add_column(column, overflow="fold")
    for row in entry.rows:
        table.add_row(*row)
    return table


def check_modifiers_table(check: CheckSpec) -> Table | None:
    """A check's modifiers: value, label, how it applies, source."""
    if not check.modifiers:
        return None
    table = Table(expand=False)
    table.add_column("value", justify="right", no_wrap=True)
    table.add_column("modifier", overflow="fold")
    table.add_column("source", overflow="fold")
    for m in check.modifiers:
        how = " (automatic)" if m.auto else ""
        if m.group:
            how += f" [only the largest of '{m.group}']"
        if m.option:
            how += f" [optional rule {m.option}]"
        table.add_row(modifier_value_text(m), m.label + how, m.source)
    return table


def ruleset_gaps_text(ruleset: Ruleset, known: Mapping[str, object] | None = None) -> str:
    """The questions the sources leave open, one a line, with the value known so far."""
    lines = []
    for gap in ruleset.gaps:
        lines.append(
            f"- {gap.question} {gap_value_text(gap, known or {})} [asked by: {gap.source}]"
        )
    return "\n".join(lines)
