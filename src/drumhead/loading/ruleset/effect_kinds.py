"""The keys of the effects that change a card beyond its morale, strength and markers: a
``formation`` effect's formation, an ``attribute`` effect's unit attribute and what it does
past the attribute's bounds, and the words of a chart a ``leader`` effect reads its status
from (``from_text``). Read with the rest of an effect (:mod:`.outcomes`) and checked against
what the ruleset declares, each problem at its file, line and key."""

from __future__ import annotations

from typing import Any

from drumhead.loading.ruleset.names import Names, listed
from drumhead.rules.checks import ATTRIBUTE_BEYOND, LEADER_STATES, TEXT_UNCHANGED, EffectSpec
from drumhead.rules.reader import Reader

CARD_KIND_KEYS: dict[str, frozenset[str]] = {
    "formation": frozenset({"formation"}),
    "attribute": frozenset({"attribute", "lose"}),
    "beyond": frozenset({"attribute"}),
    "from_text": frozenset({"leader"}),
}
"""An effect key -> the kinds that read it (any other kind would silently ignore it)."""

WORD_MEANINGS: tuple[str, ...] = (*LEADER_STATES, TEXT_UNCHANGED)
"""What a chart's word may say of a leader in ``from_text``."""


def read_card_keys(e: Reader) -> dict[str, Any]:
    """The keys of ``e`` these kinds take, as :class:`EffectSpec` fields (absent: none)."""
    out: dict[str, Any] = {
        "formation": e.text("formation", None),
        "attribute": e.text("attribute", None),
        "beyond": e.text("beyond", "refuse", choices=ATTRIBUTE_BEYOND),
    }
    words = e.table("from_text", None)
    if words is not None:
        pairs = []
        for word in words.data:
            meaning = words.text(word, choices=WORD_MEANINGS)
            if not word.strip():
                words.report(word, "a chart's word cannot be blank")
            pairs.append((word, meaning))
        words.done()
        if not pairs:
            e.report("from_text", f"give the chart's words: word = one of {listed(WORD_MEANINGS)}")
        out["from_text"] = tuple(pairs)
    return out


def check_card_kinds(e: Reader, spec: EffectSpec, known: Names) -> None:
    """Report what is wrong with ``spec``'s card-changing keys against the ruleset's names."""
    for key, kinds in CARD_KIND_KEYS.items():
        if e.has(key) and spec.kind not in kinds:
            e.report(key, f"a '{spec.kind}' effect takes no {key} (only {listed(kinds)} do)")
    if spec.kind in ("formation", "attribute") and spec.who.startswith("leader"):
        e.report("who", f"a '{spec.kind}' effect changes a unit's card, not a leader's")
    if spec.kind == "formation":
        if spec.formation is None:
            e.report("formation", "a 'formation' effect needs the formation")
        elif not known.formations:
            e.report("formation", "the ruleset lists no formations (formations = [...])")
        elif spec.formation not in known.formations:
            e.report(
                "formation",
                f"no formation '{spec.formation}' (formations: {listed(known.formations)})",
            )
    if spec.kind == "attribute":
        ints = {a.id for a in known.unit_attributes.values() if a.type == "int"}
        if spec.attribute is None:
            e.report("attribute", f"an 'attribute' effect needs the attribute ({listed(ints)})")
        elif spec.attribute not in ints:
            what = known.unit_attributes.get(spec.attribute)
            why = f"'{spec.attribute}' is a {what.type}" if what else f"no '{spec.attribute}'"
            e.report(
                "attribute",
                f"{why}: an 'attribute' effect changes a whole-number unit attribute "
                f'([unit_attributes] with type = "int": {listed(ints)})',
            )
    if spec.kind == "lose" and spec.attribute is not None:
        _check_stands_of(e, spec.attribute, known)
    if spec.from_text and (e.has("state") or e.has("amount")):
        e.report(
            "from_text",
            "a leader effect read from the chart's words takes its status from them: "
            "no state or amount beside from_text",
        )


def _check_stands_of(e: Reader, attribute: str, known: Names) -> None:
    """A ``lose`` effect's ``attribute``: the whole-number unit attribute its amount counts in
    (a stand of ``figures_per_stand`` figures), which is 1 or more."""
    counts = {
        a.id
        for a in known.unit_attributes.values()
        if a.type == "int" and a.minimum is not None and a.minimum >= 1
    }
    if attribute not in counts:
        what = known.unit_attributes.get(attribute)
        why = f"'{attribute}' is a {what.type}" if what else f"no '{attribute}'"
        if what is not None and what.type == "int":
            why = f"'{attribute}' may be less than 1 (min = {what.minimum})"
        e.report(
            "attribute",
            f"{why}: a 'lose' effect counts its amount in a whole-number unit attribute of 1 "
            f'or more ([unit_attributes] with type = "int", min = 1: {listed(counts)})',
        )
