"""Reading a check's modifiers (``[checks.ID.modifiers.MOD]``) and the situations in which the
rules refuse a check or a modifier (``refuse``): every expression and text checked against
what the check knows.
"""

from __future__ import annotations

from collections.abc import Mapping

from drumhead.loading.ruleset.expressions import check_expr, check_placeholders
from drumhead.loading.ruleset.names import Names, listed, valid_id
from drumhead.rules.model import ModifierSpec, Refusal
from drumhead.rules.reader import Reader


def read_modifier(
    m: Reader,
    check_id: str,
    mod_id: str,
    names: set[str],
    known: Names,
    choices: Mapping[str, tuple[str, ...]],
    texts: set[str],
    group_ids: set[str],
    sides: tuple[str, str] | None,
) -> ModifierSpec:
    valid_id(m, None, mod_id)
    value = m.expr("value")
    check_expr(m, "value", value, names, known, choices, texts)
    when = m.expr("when", None)
    if when is not None:
        check_expr(m, "when", when, names, known, choices, texts)
    group = m.text("group", None)
    if group is not None and group not in group_ids:
        m.report(
            "group",
            f"no group '{group}' (declare it under [checks.{check_id}.groups]; groups: "
            f"{listed(group_ids)})",
        )
    side = m.text("side", None)
    if sides is not None and side not in sides:
        m.report(
            "side",
            f"an opposed check's modifier needs side = one of {', '.join(sides)}"
            + (f", not '{side}'" if side is not None else ""),
        )
    if sides is None and side is not None:
        m.report("side", "only opposed checks have sides")
    mod_option = m.text("option", None)
    if mod_option is not None and mod_option not in known.options:
        m.report("option", f"no optional rule '{mod_option}' (rules: {listed(known.options)})")
    spec = ModifierSpec(
        id=mod_id,
        label=m.text("label"),
        value=value,
        source=m.text("source"),
        auto=m.boolean("auto", False),
        when=when,
        group=group,
        side=side,
        applies=m.text("applies", "roll", choices=("roll", "dice", "scale", "target")),
        scale_by=m.integer("scale_by", 1),
        countable=m.boolean("countable", False),
        option=mod_option,
        explain=m.text("explain", ""),
        refusals=read_refuse(m, names, known, choices, texts) or (),
    )
    if spec.scale_by < 1:
        m.report("scale_by", f"scale_by divides the value: 1 or more, not {spec.scale_by}")
    check_placeholders(m, "explain", spec.explain, names | {"value"})
    m.done()
    return spec


def read_refuse(
    t: Reader,
    names: set[str],
    known: Names,
    choices: Mapping[str, tuple[str, ...]],
    texts: set[str],
) -> tuple[Refusal, ...] | None:
    """The ``refuse`` list of a check or a modifier: ``{when, text, source}`` each, every
    reference checked; None when one of them was refused (its problems are reported)."""
    refusals = []
    failed = False
    for rf in t.array("refuse"):
        with rf.guard():
            when = rf.expr("when")
            check_expr(rf, "when", when, names, known, choices, texts)
            phase = rf.raw("phase", None)  # checked against the sequence: link_check_phases
            phases = (phase,) if isinstance(phase, str) else tuple(phase or ())
            if not all(isinstance(p, str) for p in phases):
                rf.report("phase", f"expected a phase id or a list of them, got {phase!r}")
            refusals.append(Refusal(when, rf.text("text"), rf.text("source", ""), phases))
            check_placeholders(rf, "text", refusals[-1].text, names)
            rf.done()
            continue
        failed = True
    return None if failed else tuple(refusals)
