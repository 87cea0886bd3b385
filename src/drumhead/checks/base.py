"""What every mechanic shares: the evaluation context and the mechanic interface."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from drumhead.checks.results import AppliedModifier, MechanicResult, OutcomeOdds
from drumhead.dice.notation import DiceExpr, parse
from drumhead.dice.roller import DiceSource
from drumhead.errors import DrumheadError, MissingGapError
from drumhead.questions.answers import answer_id, key_label, key_value
from drumhead.rules.expr import Environment, Expr
from drumhead.rules.model import CheckSpec, GapSpec, InputValue, Ruleset

if TYPE_CHECKING:
    from typing import Protocol

    from drumhead.rules.reader import Reader
else:
    Protocol = object  # the protocols are for the type checker alone


@dataclass(slots=True)
class Context:
    """A check ready to be rolled: its inputs, the modifiers that apply, the gap values known."""

    ruleset: Ruleset
    check: CheckSpec
    inputs: dict[str, InputValue]
    gaps: dict[str, InputValue]
    modifiers: tuple[AppliedModifier, ...] = ()
    use_reroll: bool = True
    gaps_used: dict[str, InputValue] = field(default_factory=dict)
    gap_sources: dict[str, str] = field(default_factory=dict)
    """Where each value in ``gaps`` came from, as shown (``your club's answer, asked on ...``)."""
    phase: str | None = None
    """The game's phase of the sequence of play now, for the refusals bound to phases (None:
    no game, and no such refusal)."""
    _derived: dict[str, InputValue] = field(default_factory=dict)
    _env: Environment | None = None

    @property
    def env(self) -> Environment:
        """The names expressions can read: inputs, ranks, derived values, gaps, options."""
        if self._env is None:
            values: dict[str, InputValue] = dict(self.inputs)
            for spec in self.check.inputs:
                if spec.type == "choice" and spec.name in self.inputs:
                    values[f"{spec.name}_rank"] = spec.choices.index(str(self.inputs[spec.name]))
            for option in self.ruleset.options:
                values[f"opt_{option.id}"] = option.id in self.ruleset.active_options
            self._env = Environment(values, self.ruleset.lookup_tables(), self._resolve_name)
        return self._env

    def _resolve_name(self, name: str) -> InputValue:
        if name in self._derived:
            return self._derived[name]
        for derived_name, expr in self.check.derived:
            if derived_name == name:
                value = expr.evaluate(self.env)
                self._derived[name] = value
                return value
        return self.gap(name)

    def gap(self, gap_id: str) -> InputValue:
        """A gap's value, or :class:`MissingGapError` asking for it."""
        spec = self.ruleset.gap(gap_id)
        if spec is None:
            raise DrumheadError(f"unknown name '{gap_id}' in check {self.check.id}")
        if spec.keys:
            return self._keyed_gap(spec)
        if gap_id in self.gaps:
            value = self.gaps[gap_id]
        elif spec.value is not None:
            value = spec.value
        else:
            table = next((t.id for t in self.ruleset.gap_tables if gap_id in t.gap_ids()), None)
            raise MissingGapError(gap_id, spec.question, spec.source, table)
        self.gaps_used[gap_id] = value
        return value

    def known_gap(self, gap_id: str) -> InputValue | None:
        """A gap's value where the players, the house rules or the rules give one (None: not
        known yet); nothing asked and nothing recorded as used (the odds of a chart's results
        look at every cell, the roll reads one)."""
        spec = self.ruleset.gap(gap_id)
        if spec is None or spec.keys:
            return None
        return self.gaps.get(gap_id, spec.value)

    def _keyed_gap(self, spec: GapSpec) -> InputValue:
        """A gap kept per situation: the answer for this check's key (its inputs' values),
        else one given for every key; the players' before the house rules', the house rules'
        before the rules'."""
        key = tuple(key_value(self.env.get(name)) for name in spec.keys)
        full = answer_id(spec.id, key)
        house = dict(spec.values)
        value: InputValue | None
        for used, value in (
            (full, self.gaps.get(full)),
            (spec.id, self.gaps.get(spec.id)),
            (full, house.get(".".join(key))),
            (spec.id, spec.value),
        ):
            if value is not None:
                self.gaps_used[used] = value
                return value
        question = f"{spec.question} [{key_label(spec, key)}]"
        raise MissingGapError(full, question, spec.source)

    def total(self, side: str | None = None, applies: str = "roll") -> int:
        """The sum of the applied modifiers of one kind (and side)."""
        return sum(
            m.value
            for m in self.modifiers
            if m.applies == applies and (side is None or m.side == side)
        )

    def dice_bonus(self, side: str | None = None) -> Fraction:
        """Extra dice from ``dice`` modifiers (may be fractional: +1 1/2 dice)."""
        return sum(
            (
                Fraction(m.value, m.scale_by)
                for m in self.modifiers
                if m.applies == "dice" and (side is None or m.side == side)
            ),
            Fraction(0),
        )

    def scale(self) -> Fraction:
        """The product of the ``scale`` modifiers (1 when there are none)."""
        factor = Fraction(1)
        for m in self.modifiers:
            if m.applies == "scale":
                factor *= Fraction(m.value, m.scale_by)
        return factor

    def fmt(self, template: str, **extra: object) -> str:
        """Fill ``{name}`` placeholders from the inputs, derived values and ``extra``."""
        if "{" not in template:
            return template
        return template.format_map(_Lookup(self, extra))


class _Lookup(dict[str, object]):
    def __init__(self, ctx: Context, extra: Mapping[str, object]) -> None:
        super().__init__()
        self.ctx = ctx
        self.extra = extra

    def __missing__(self, key: str) -> object:
        if key in self.extra:
            return _counted(self.extra[key])
        try:
            value = self.ctx.env.get(key)
        except DrumheadError:
            return "{" + key + "}"
        return str(value).replace("_", " ") if isinstance(value, str) else _counted(value)


class Count(int):
    """A whole number shown in a text: ``{value:figure|figures}`` reads "1 figure",
    "2 figures", "0 figures" (the singular for exactly one, else the plural), and with a
    phrase for none first, ``{value:no hits|hit|hits}``, "no hits", "1 hit", "2 hits"; any
    other format spec is an int's."""

    def __format__(self, spec: str) -> str:
        if "|" in spec:
            *none, one, many = spec.split("|")
            if none and self == 0:
                return "|".join(none)
            return f"{int(self)} {one if self == 1 else many}"
        return int.__format__(int(self), spec)


class _Uncounted(str):
    """A number not known yet (an amount the players give) in a counted place: the plural
    word alone."""

    def __format__(self, spec: str) -> str:
        if "|" in spec:
            return f"{self!s} {spec.rpartition('|')[2]}".strip()
        return str.__format__(str(self), spec)


def counted_text(value: object, spec: str) -> str:
    """``value`` as a counted placeholder shows it (``{value:no hits|hit|hits}``): the
    screens' outcome names fill their placeholders as :meth:`Context.fmt` does."""
    return format(_counted(value), spec)


def _counted(value: object) -> object:
    """A whole number (never a yes/no) as a :class:`Count`, a text as one that takes a
    plural spec; anything else as it is."""
    if isinstance(value, int) and not isinstance(value, bool):
        return Count(value)
    if isinstance(value, str):
        return _Uncounted(value)
    return value


class Mechanic(Protocol):
    """A check's kind-specific machinery."""

    def outcome_ids(self) -> set[str]:
        """Every outcome id the mechanic can produce (checked against the check's outcomes)."""
        ...

    def expressions(self) -> list[tuple[str, Expr]]:
        """(key, expression) pairs the loader checks for unknown names."""
        ...

    def odds(self, ctx: Context) -> list[OutcomeOdds]:
        """The exact probability of every outcome as things stand before the roll."""
        ...

    def resolve(self, ctx: Context, dice: DiceSource) -> MechanicResult:
        """Roll (or read the hand dice) and decide the outcome."""
        ...


MechanicParser = Callable[["Reader"], Mechanic]


def rolls_dice(check: CheckSpec) -> bool:
    """Whether a check rolls dice: every mechanic does but those that say ``rolls_dice =
    False`` (a decision from the situation, a lookup on a chart), for which there are no
    dice to type in by hand."""
    return bool(getattr(check.mechanic, "rolls_dice", True))


def rolls_dice_in(ctx: Context) -> bool:
    """Whether the check rolls dice in this situation: :func:`rolls_dice`, and for a mechanic
    whose dice follow from the inputs (a ``roll`` check's ``dice`` expression), whether they
    come to any."""
    if not rolls_dice(ctx.check):
        return False
    in_situation = getattr(ctx.check.mechanic, "rolls_dice_in", None)
    return bool(in_situation(ctx)) if callable(in_situation) else True


def read_dice(reader: Reader, key: str, default: str | None = None) -> DiceExpr:
    """A dice-notation key, checked at load."""
    text = reader.text(key) if default is None else reader.text(key, default)
    try:
        return parse(text)
    except DrumheadError as exc:
        raise reader.error(key, str(exc)) from None


@dataclass(frozen=True, slots=True)
class Cell:
    """A table cell or band: an outcome, optionally a number, optionally a gap for its text."""

    outcome: str
    value: int | None = None
    gap: str | None = None


def read_cell(reader: Reader) -> Cell:
    """The ``outcome``/``value``/``gap`` keys of a row or band."""
    return Cell(reader.text("outcome"), reader.integer("value", None), reader.text("gap", None))


def cell_result_text(ctx: Context, cell: Cell) -> str | None:
    """The player-supplied text of a gap cell (raises :class:`MissingGapError` if unknown)."""
    if cell.gap is None:
        return None
    return str(ctx.gap(cell.gap))


def merge_odds(pairs: list[tuple[Cell, Fraction]]) -> list[OutcomeOdds]:
    """Add up probabilities of equal (outcome, value) cells, in first-seen order."""
    merged: dict[tuple[str, int | None], Fraction] = {}
    for cell, p in pairs:
        key = (cell.outcome, cell.value)
        merged[key] = merged.get(key, Fraction(0)) + p
    return [OutcomeOdds(o, v, p) for (o, v), p in merged.items() if p]


def signed(n: int) -> str:
    return f"{n:+d}"
