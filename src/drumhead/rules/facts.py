"""Quick facts for the printed unit cards (``[quick_facts.ID]``): what players look up most
about a unit (its morale number, its weapon's range, its move), declared by the ruleset per
unit type and worked out from the card, each with its citation.

A fact is an expression over the card's lasting fields (:data:`FACT_FIELDS`: type, subtype,
quality, formation, starting strength), the ruleset's own unit attributes, its lookup tables
and its optional rules (``opt_ID``): One If By Land's morale number is
``morale_number[quality]``, read from the table the morale test reads, never a number copied
onto the card. A fact reads no gap: what no source gives is not printed as a fact.

Pure: :func:`fact_text` says how a fact reads on a card with given fields; :func:`fact_cases`
works a fact out for every unit it can describe (the loader checks each at load, the
quick-reference sheet lists them).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from drumhead.errors import DrumheadError
from drumhead.rules.expr import Environment, Expr, Value

if TYPE_CHECKING:
    from collections.abc import Iterable

    from drumhead.rules.cards import AttributeSpec
    from drumhead.rules.model import Ruleset

Lookups = Mapping[str, Mapping[str, Value]]
"""A ruleset's lookup tables by name."""

FACT_FIELDS: tuple[str, ...] = ("type", "subtype", "quality", "formation", "strength_start")
"""The unit-card fields a quick fact may read, besides the ruleset's own unit attributes: what
a card keeps all game (a unit's state and losses change as it is played, and the printed card
tracks them in its boxes)."""

FACT_KEYS: tuple[str, ...] = (
    "label",
    "source",
    "value",
    "text",
    "derived",
    "applies_to",
    "when",
    "each",
)
"""The keys of a ``[quick_facts.ID]`` table."""

MAX_CASES = 5000
"""The most combinations of card values a fact is worked out for when it loads (the shipped
facts need under 60 each); a fact reading more is checked by its names alone."""

PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
"""A ``{name}`` in a fact's text."""

FIELD_WORDS: Mapping[str, str] = {
    "type": "type",
    "subtype": "subtype",
    "quality": "quality",
    "formation": "formation",
    "strength_start": "starting strength",
}
"""The card fields in the players' words (the reference sheet says what a fact depends on)."""


@dataclass(frozen=True, slots=True)
class QuickFact:
    """A fact printed on the cards of the unit types it applies to: ``label`` and ``text``
    (``{value}``, a ``derived`` name or a card field in braces), worked out from the card."""

    id: str
    label: str
    """As players say it: ``Morale number``, ``Move``."""
    source: str
    value: Expr | None = None
    """The fact's value (absent: the text alone, a rule with no number of the card's)."""
    text: str = "{value}"
    """How the fact reads: ``{value} or less on 1d10``."""
    derived: tuple[tuple[str, Expr], ...] = ()
    """More values the text shows by name (``{retreat}``, ``{rout}``), in order."""
    applies_to: tuple[str, ...] = ()
    """The unit types whose cards carry it (none: every type)."""
    when: Expr | None = None
    """When it applies (a formation, a weapon, an optional rule on)."""
    each: str | None = None
    """A field the fact is worked out for value by value (``formation``: the move in each
    formation the unit can take), printed side by side; the card's own value is one of many."""

    def expressions(self) -> list[tuple[str, Expr]]:
        """Each expression of the fact with its key (``value``, ``when``, ``derived.NAME``)."""
        out = [(f"derived.{name}", expr) for name, expr in self.derived]
        if self.value is not None:
            out.append(("value", self.value))
        if self.when is not None:
            out.append(("when", self.when))
        return out

    def names(self) -> frozenset[str]:
        """Every name the fact reads (its derived values' own names left out)."""
        read: set[str] = set()
        for _, expr in self.expressions():
            read |= expr.names
        read |= set(PLACEHOLDER.findall(self.text))
        if self.each is not None:
            read.add(self.each)
        return frozenset(read - {"value"} - {name for name, _ in self.derived})

    def lookups(self) -> frozenset[str]:
        """The lookup tables the fact reads."""
        return frozenset(t for _, expr in self.expressions() for t in expr.lookups)


def field_values(ruleset: Ruleset) -> dict[str, tuple[Value, ...] | None]:
    """Every name a quick fact of ``ruleset`` may read, with the values it can take where the
    ruleset lists them (None: any value), ranks and optional rules included."""
    return fields_of(
        tuple(u.id for u in ruleset.unit_types),
        ruleset.qualities,
        ruleset.formations,
        ruleset.unit_attributes,
        tuple(o.id for o in ruleset.options),
    )


def fields_of(
    unit_types: tuple[str, ...],
    qualities: tuple[str, ...],
    formations: tuple[str, ...],
    attributes: Iterable[AttributeSpec],
    options: Iterable[str],
) -> dict[str, tuple[Value, ...] | None]:
    """:func:`field_values` from a ruleset's parts (as the loader has them)."""
    listed: dict[str, tuple[str, ...]] = {
        "type": unit_types,
        "quality": qualities,
        "formation": formations,
    }
    out: dict[str, tuple[Value, ...] | None] = {n: listed.get(n) or None for n in FACT_FIELDS}
    for spec in attributes:
        if spec.type == "choice":
            out[spec.id] = spec.choices
        elif spec.type == "bool":
            out[spec.id] = (False, True)
        else:
            out[spec.id] = None
    for name, values in list(out.items()):
        if values and all(isinstance(v, str) for v in values):
            out[f"{name}_rank"] = tuple(range(len(values)))
    for option in options:
        out[f"opt_{option}"] = (False, True)
    return out


def _with_ranks(ruleset: Ruleset, values: Mapping[str, Value]) -> dict[str, Value]:
    """``values`` with the rank of each listed choice among them (``quality_rank``)."""
    out = dict(values)
    for name, choices in field_values(ruleset).items():
        if name.endswith("_rank") or not choices or name not in values:
            continue
        if values[name] in choices and all(isinstance(c, str) for c in choices):
            out[f"{name}_rank"] = choices.index(values[name])
    return out


def card_values(ruleset: Ruleset, card: Mapping[str, object]) -> dict[str, Value]:
    """What a quick fact reads off a card whose fields are ``card`` (a unit's fields and
    attributes by name): the fields a fact may read, their ranks, the optional rules in play."""
    allowed = set(field_values(ruleset))
    values: dict[str, Value] = {
        name: value
        for name, value in card.items()
        if name in allowed and isinstance(value, int | str | bool)
    }
    for option in ruleset.options:
        values[f"opt_{option.id}"] = option.id in ruleset.active_options
    return _with_ranks(ruleset, values)


def shown(value: object) -> str:
    """A value as the card prints it: ``yes``/``no``, words for ids (``long rifle``)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value).replace("_", " ")


class FactError(DrumheadError):
    """A quick fact that cannot be worked out for a card: ``key`` is the fact's key whose
    expression failed (``value``, ``when``, ``derived.NAME``, ``text``)."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(message)
        self.key = key


def worked_out(fact: QuickFact, values: Mapping[str, Value], lookups: Lookups) -> str | None:
    """The fact's text for one set of card values (the ``each`` field given among them);
    None when its ``when`` does not hold. Raises :class:`FactError` where it cannot be worked
    out (a lookup table without the card's entry, a name the card does not give)."""
    names: dict[str, Value] = dict(values)
    steps = [("when", fact.when), *((f"derived.{n}", e) for n, e in fact.derived)]
    steps.append(("value", fact.value))
    for key, expr in steps:
        if expr is None:
            continue
        try:
            result = expr.evaluate(Environment(dict(names), lookups))
        except DrumheadError as exc:
            raise FactError(key, str(exc)) from None
        if key == "when":
            if not result:
                return None
        else:
            names[key.removeprefix("derived.")] = result
    try:
        return PLACEHOLDER.sub(lambda m: shown(names[m.group(1)]), fact.text)
    except KeyError as exc:
        raise FactError("text", f"the card gives no {exc.args[0]}") from None


def fact_text(ruleset: Ruleset, fact: QuickFact, values: Mapping[str, Value]) -> str | None:
    """How ``fact`` reads on a card with these values (:func:`card_values`); None when it is
    not for this card (another unit type, its ``when`` false, a value the card lacks)."""
    if fact.applies_to and values.get("type") not in fact.applies_to:
        return None
    lookups = ruleset.lookup_tables()
    try:
        if fact.each is None:
            return worked_out(fact, values, lookups)
        parts: list[tuple[Value, str]] = []
        for choice in field_values(ruleset).get(fact.each) or ():
            text = worked_out(fact, _with_ranks(ruleset, {**values, fact.each: choice}), lookups)
            if text is not None:
                parts.append((choice, text))
    except FactError:
        return None
    if not parts:
        return None
    if len(parts) > 1 and len({text for _, text in parts}) == 1:
        return parts[0][1]
    return " · ".join(f"{shown(choice)} {text}" for choice, text in parts)


def enumerable(ruleset: Ruleset, fact: QuickFact) -> list[str] | None:
    """The names ``fact`` reads whose every value the ruleset lists (optional rules and ranks
    among them), or None when it reads one that can take any value (a subtype, a strength)."""
    values = field_values(ruleset)
    read = sorted(fact.names())
    if any(values.get(name) is None for name in read):
        return None
    return [name for name in read if not name.endswith("_rank")]


def cases(
    ruleset: Ruleset, fact: QuickFact, names: list[str]
) -> itertools.product[tuple[Value, ...]] | None:
    """Every combination of the values of ``names`` (the unit types limited to those the fact
    applies to), or None beyond :data:`MAX_CASES`."""
    values = field_values(ruleset)
    choices: list[tuple[Value, ...]] = []
    count = 1
    for name in names:
        options = values[name] or ()
        if name == "type" and fact.applies_to:
            options = tuple(t for t in options if t in fact.applies_to)
        choices.append(options)
        count *= max(len(options), 1)
    if count > MAX_CASES:
        return None
    return itertools.product(*choices)


def fact_cases(ruleset: Ruleset, fact: QuickFact) -> list[tuple[tuple[str, ...], str]] | None:
    """The fact as every card it can be on reads it: the values of the fields it depends on
    (its ``each`` field, the fields its text shows and the optional rules in play aside), each
    with its text; None when it depends on a value no list gives (a strength)."""
    names = enumerable(ruleset, fact)
    if names is None:
        return None
    varied = [n for n in names if n != fact.each and not n.startswith("opt_")]
    combos = cases(ruleset, fact, varied)
    if combos is None:
        return None
    in_text = set(PLACEHOLDER.findall(fact.text))
    out: list[tuple[tuple[str, ...], str]] = []
    for combo in combos:
        given: dict[str, Value] = dict(zip(varied, combo, strict=True))
        if "type" not in given and fact.applies_to:
            given["type"] = fact.applies_to[0]
        text = fact_text(ruleset, fact, card_values(ruleset, given))
        if text is not None:
            key = tuple(shown(v) for n, v in zip(varied, combo, strict=True) if n not in in_text)
            out.append((key, text))
    return out


def changed_by_house(ruleset: Ruleset, fact: QuickFact) -> bool:
    """Whether the house rules laid over ``ruleset`` changed ``fact`` or a table it reads: the
    card then marks it as the house's."""
    touched = (f"quick_facts.{fact.id}", *(f"lookups.{name}" for name in fact.lookups()))
    return any(
        change == part or change.startswith(f"{part}.")
        for change in ruleset.house_changes
        for part in touched
    )
