"""Reading an input (``[inputs.NAME]`` shared by checks, ``[checks.ID.inputs.NAME]`` a check's
own): its type, choices, bounds and default, and the unit-card field that fills it
(``from_unit``), which must be one a card can hold.
"""

from __future__ import annotations

from typing import Any, cast

from drumhead.errors import DrumheadError
from drumhead.loading.ruleset.names import ID, Names, listed
from drumhead.rules.checks import LOG_FIELDS
from drumhead.rules.expr import Environment, compile_expr
from drumhead.rules.model import UNIT_FIELDS, CheckSpec, InputSpec
from drumhead.rules.reader import Reader


def read_input(
    t: Reader, name: str, names: Names | None = None, *, fields: set[str] | None = None
) -> InputSpec:
    itype = t.text("type", choices=("int", "bool", "choice"))
    choices = t.strs("choices", ())
    if itype == "choice" and not choices:
        t.report("choices", "a choice input needs its choices")
    if itype != "choice" and choices:
        t.report("choices", "only choice inputs take choices")
    default = t.raw("default", None)
    minimum = t.integer("min", None)
    maximum = t.integer("max", None)
    if default is not None:
        ok = (
            (itype == "int" and isinstance(default, int) and not isinstance(default, bool))
            or (itype == "bool" and isinstance(default, bool))
            or (itype == "choice" and default in choices)
        )
        if not ok:
            t.report("default", f"default {default!r} does not fit a {itype} input")
    from_unit = t.text("from_unit", None)
    marker = from_unit is not None and from_unit.startswith("marker:")
    known = UNIT_FIELDS | (fields or set()) | (names.card_fields if names else set())
    if from_unit is not None and from_unit not in known and not marker:
        t.report(
            "from_unit",
            f"'{from_unit}' is not a unit field ({', '.join(sorted(known))}; or an attribute "
            "declared in [unit_attributes] / [leader_attributes])",
        )
    if marker and (itype != "bool" or not ID.match(str(from_unit)[7:])):
        t.report("from_unit", "marker:ID fills a bool input: whether the unit has marker ID")
    role = t.text("role", None)
    if role is not None and from_unit is None and not t.has("from_log"):
        t.report("role", "only an input filled from a card or the log names a role")
    from_log = t.text("from_log", None)
    if from_log is not None:
        _check_from_log(t, itype, from_log, from_unit)
    from_units = t.expr("from_units", None)
    if from_units is not None:
        if from_unit is not None or from_log is not None or role is not None:
            t.report(
                "from_units",
                "an input is filled from one card, the log or every unit picked: one of from_unit, from_log, from_units",
            )
        if from_units.names:
            t.report(
                "from_units",
                f"reads only ROLE.FIELD inside any/all/count, not {', '.join(sorted(from_units.names))}",
            )
        if not from_units.fields:
            t.report("from_units", "reads no unit: use any(ROLE.FIELD ...), all(...) or count(...)")
    from_card = t.text("from_card", None)
    if from_card is not None and (
        from_unit is not None or from_log is not None or from_units is not None
    ):
        t.report("from_card", "an input is filled from a card field, the card or the log: one")
    asked = t.text("asked", None)
    if asked is not None and (
        from_unit is not None
        or from_log is not None
        or from_units is not None
        or from_card is not None
    ):
        t.report("asked", "an input filled from a card or the log is not asked of the players")
    spec = InputSpec(
        name=name,
        type=cast(Any, itype),
        label=t.text("label"),
        choices=choices,
        default=default,
        minimum=minimum,
        maximum=maximum,
        from_unit=from_unit,
        help=t.text("help", ""),
        role=role,
        asked=asked,
        from_log=from_log,
        from_units=from_units,
        from_card=from_card,
        when=t.expr("when", None),
    )
    if spec.when is not None and default is None:
        t.report(
            "when",
            "an input offered only when this holds needs a default: what it holds while it "
            "is not offered",
        )
    if names is not None:
        check_unit_choices(t, spec, names)
    t.done()
    return spec


def _check_from_log(t: Reader, itype: str, from_log: str, from_unit: str | None) -> None:
    """``from_log``: one of :data:`LOG_FIELDS`, on an input of the kind it gives (a check
    named by ``last_value:CHECK`` is checked with the ruleset's checks)."""
    if from_unit is not None:
        t.report("from_log", "an input is filled from a card (from_unit) or the log, not both")
    how, _, name = from_log.partition(":")
    ints = ("last_value", "turn_total", "losses_this_turn", "losses_unanswered", "losses_since")
    kind = "int" if how in ints else "bool"
    named = how in ("last_value", "turn_total")
    name, _, role = name.partition("@")
    if (
        how not in ("rolled_this_turn", "led_this_turn", *ints)
        or ((named or name or how in ints[3:]) and not ID.match(name))
        or (role and (not named or not ID.match(role)))
    ):
        t.report("from_log", f"'{from_log}' is not one of {', '.join(LOG_FIELDS)}")
    elif itype != kind:
        t.report("from_log", f"'{from_log}' fills a {kind} input, not a {itype} one")


def check_unit_choices(t: Reader, spec: InputSpec, known: Names) -> None:
    """A choice input filled from the unit card offers only what a card can hold, and a bool
    input filled from a marker names a marker the ruleset has (``t`` reads the input's table)."""
    if spec.from_unit is not None and spec.from_unit.startswith("marker:"):
        marker = spec.from_unit[len("marker:") :]
        if known.markers and marker not in known.markers:
            t.report("from_unit", f"no marker '{marker}' (markers: {listed(known.markers)})")
        return
    if spec.from_unit is None or spec.type != "choice":
        return
    values = known.unit_field(spec.from_unit)
    for choice in spec.choices:
        if values and choice not in values:
            t.report(
                "choices",
                f"'{choice}' is not a {spec.from_unit.replace('_', ' ')} a unit card can have "
                f"({listed(values)})",
            )


def check_from_card(r: Reader, check: CheckSpec) -> None:
    """``from_card``: an expression reading only the check's inputs of the same role that a
    card fills, whose value with their defaults fits the input it fills."""
    first = check.role_ids[0] if check.role_ids else None
    for spec in check.inputs:
        if spec.from_card is None:
            continue
        where = f"checks.{check.id}.inputs.{spec.name}.from_card"
        carded = {
            i.name: i
            for i in check.inputs
            if i.from_unit is not None and (i.role or first) == (spec.role or first)
        }
        try:
            expr = compile_expr(spec.from_card)
        except DrumheadError as exc:
            r.report(where, str(exc))
            continue
        unknown = sorted(expr.names - carded.keys())
        if unknown:
            r.report(where, f"reads '{unknown[0]}', not an input the card fills ({listed(carded)})")
            continue
        defaults = {n: i.default for n, i in carded.items() if i.default is not None}
        try:
            value = expr.evaluate(Environment(defaults))
        except DrumheadError as exc:
            r.report(where, f"cannot be worked out from the inputs' defaults: {exc}")
            continue
        if not fits_input(spec, value):
            r.report(where, f"gives {value!r}, which does not fit the {spec.type} input")


def fits_input(spec: InputSpec, value: object) -> bool:
    """Whether ``value`` is one the input takes (its kind; a choice's choices)."""
    if spec.type == "choice":
        return isinstance(value, str) and value in spec.choices
    if spec.type == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, bool)
