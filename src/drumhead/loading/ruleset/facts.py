"""Reading a ruleset's quick facts for the printed cards (``[quick_facts.ID]``).

Each fact is checked twice. As it is read (:func:`read_quick_facts`): its keys, the unit types
it applies to, every name its expressions and its text read (a card field, a unit attribute, a
lookup table and its entries, an optional rule; never a gap: what no source gives is not
printed as a fact) and each choice it compares a field with. Once the ruleset is whole
(:func:`check_fact_cases`): the fact is worked out for every card it can be on (each unit type
it applies to, each quality, formation, weapon... it reads, each optional rule on and off), so
a lookup table without an entry a card can have is an error at load, never a blank on the
paper. Part of :func:`~drumhead.loading.ruleset.document.build_ruleset`.
"""

from __future__ import annotations

from drumhead.loading.ruleset.expressions import check_expr
from drumhead.loading.ruleset.names import Names, listed, valid_id
from drumhead.rules.expr import Expr, Value
from drumhead.rules.facts import (
    FACT_KEYS,
    PLACEHOLDER,
    FactError,
    QuickFact,
    card_values,
    cases,
    enumerable,
    shown,
    worked_out,
)
from drumhead.rules.model import Ruleset
from drumhead.rules.reader import Reader

SECTION = "quick_facts"


def read_quick_facts(
    r: Reader, names: Names, fields: dict[str, tuple[Value, ...] | None]
) -> tuple[QuickFact, ...]:
    """The ruleset's quick facts; ``fields`` are the names a fact may read, with the values
    each can take where the ruleset lists them (:func:`~drumhead.rules.facts.fields_of`)."""
    out: list[QuickFact] = []
    choices = {
        n: tuple(str(c) for c in v)
        for n, v in fields.items()
        if v and all(isinstance(c, str) for c in v)
    }
    with r.guard():
        for fact_id, f in r.tables(SECTION):
            with f.guard():
                valid_id(r, f"{SECTION}.{fact_id}", fact_id)
                out.append(_read_fact(f, fact_id, names, fields, choices))
    return tuple(out)


def _read_fact(
    f: Reader,
    fact_id: str,
    names: Names,
    fields: dict[str, tuple[Value, ...] | None],
    choices: dict[str, tuple[str, ...]],
) -> QuickFact:
    f.allow(*FACT_KEYS)
    label = f.text("label")
    source = f.text("source")
    value = f.expr("value", None)
    text = f.text("text", None)
    if value is None and text is None:
        f.report(None, "a quick fact needs a value, a text, or both")
    derived: list[tuple[str, Expr]] = []
    table = f.table("derived", None)
    if table is not None:
        for name in table.data:
            if not isinstance(name, str) or name in fields or name == "value":
                table.report(name, f"'{name}' is a name the card already gives: name it so")
                continue
            derived.append((valid_id(table, name, name), table.expr(name)))
        table.done()
    applies_to = f.strs("applies_to", ())
    for unit_type in applies_to:
        if unit_type not in names.unit_types:
            f.report(
                "applies_to",
                f"no unit type '{unit_type}' (unit types: {listed(names.unit_types)})",
            )
    when = f.expr("when", None)
    each = f.text("each", None)
    listable = sorted(n for n, v in fields.items() if v and not n.startswith("opt_"))
    if each is not None and (each not in listable or each.endswith("_rank")):
        f.report(
            "each",
            f"a fact is worked out for each value of a field whose values the ruleset lists, "
            f"not '{each}' (fields: {', '.join(n for n in listable if not n.endswith('_rank'))})",
        )
    fact = QuickFact(
        id=fact_id,
        label=label,
        source=source,
        value=value,
        text=text if text is not None else "{value}",
        derived=tuple(derived),
        applies_to=applies_to,
        when=when,
        each=each,
    )
    _check_names(f, fact, names, fields, choices)
    f.done()
    return fact


def _check_names(
    f: Reader,
    fact: QuickFact,
    names: Names,
    fields: dict[str, tuple[Value, ...] | None],
    choices: dict[str, tuple[str, ...]],
) -> None:
    """Every name the fact's expressions and text read, and each choice compared
    (``choices``: the fields whose values the ruleset lists as text)."""
    known = set(fields)
    for key, expr in fact.expressions():
        readable = set(known)
        if key != "when":  # the when is worked out first: it reads no derived value
            earlier = [n for n, _ in fact.derived]
            if key.startswith("derived."):
                earlier = earlier[: earlier.index(key.removeprefix("derived."))]
            readable |= set(earlier)
        for gap in sorted(expr.names & names.gaps):
            f.report(
                key,
                f"'{gap}' is a value the sources do not give (a gap): a quick fact prints "
                "only what they give",
            )
        check_expr(f, key, expr, readable | names.gaps, names, choices, set(choices))
    shows = known | {n for n, _ in fact.derived} | ({"value"} if fact.value is not None else set())
    for name in PLACEHOLDER.findall(fact.text):
        if name not in shows:
            f.report(
                "text",
                f"the text shows {{{name}}}, which this fact does not know "
                f"(known here: {listed(shows)})",
            )
    stray = PLACEHOLDER.sub("", fact.text)
    if "{" in stray or "}" in stray:
        f.report("text", "the text has a brace that opens or closes no {name}")


def check_fact_cases(r: Reader, ruleset: Ruleset) -> None:
    """Work each quick fact out for every card it can be on; report the first case that
    cannot be, and a fact that is on no card, at the fact's key."""
    lookups = ruleset.lookup_tables()
    for fact in ruleset.quick_facts:
        read = enumerable(ruleset, fact)
        combos = cases(ruleset, fact, read) if read is not None else None
        if read is None or combos is None:
            continue  # it reads a value no list gives (a strength): its names are checked
        printed = False
        for combo in combos:
            given: dict[str, Value] = dict(zip(read, combo, strict=True))
            if "type" not in given and fact.applies_to:
                given["type"] = fact.applies_to[0]
            values = card_values(ruleset, given)
            values.update({n: v for n, v in given.items() if n.startswith("opt_")})
            try:
                printed = worked_out(fact, values, lookups) is not None or printed
            except FactError as exc:
                case = ", ".join(f"{n} {shown(v)}" for n, v in zip(read, combo, strict=True))
                r.report(
                    f"{SECTION}.{fact.id}.{exc.key}",
                    f"cannot be worked out for a card with {case or 'any values'}: {exc} "
                    "(a when can leave such cards out)",
                )
                break
        else:
            if not printed:
                r.report(
                    f"{SECTION}.{fact.id}",
                    "is on no card: its when holds for none of the units it applies to",
                )
