"""Validating a ruleset's sequence of play (``[sequence]``): its phases and steps, who acts in
each, how phases repeat (once per card drawn, once per side) and the loops of steps, and that
every check of a ruleset with phases says which phase (or phases) it is made in.

Called by :func:`~drumhead.loading.ruleset.document.build_ruleset`; every problem is reported
at its key, with the file and line.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from drumhead.rules.model import (
    PHASE_ACTORS,
    PHASE_CARDS,
    PHASE_REPEATS,
    STEP_ACTIONS,
    CheckSpec,
    InputValue,
    Phase,
    Sequence,
    Step,
)
from drumhead.rules.reader import Reader

ACTIVATIONS = ("cards", "initiative", "alternate", "none")
"""How a ruleset decides who acts when."""


def _known(ids: Iterable[str]) -> str:
    return ", ".join(sorted(ids)) or "none"


def _unique(reader: Reader, name: str, ids: list[str], what: str) -> None:
    seen: set[str] = set()
    for item in ids:
        if item in seen:
            reader.report(name, f"two of these share the {what} id '{item}'")
        seen.add(item)


def _read_step(
    st: Reader, check_ids: set[str], option_ids: set[str], checks: Mapping[str, CheckSpec]
) -> Step:
    check = st.text("check", None)
    if check is not None and check not in check_ids:
        st.report("check", f"no check '{check}' (checks: {_known(check_ids)})")
    if check is not None and check in check_ids and check not in checks:
        st.raw("inputs", None)  # the check failed to load (reported there): nothing to check
        inputs: tuple[tuple[str, InputValue], ...] = ()
    else:
        inputs = _read_step_inputs(st, checks.get(check) if check is not None else None)
    option = st.text("option", None)
    if option is not None and option not in option_ids:
        st.report("option", f"no optional rule '{option}' (rules: {_known(option_ids)})")
    step = Step(
        st.text("id"),
        st.text("text"),
        check,
        st.text("source", ""),
        st.text("again", None),
        st.text("does", None, choices=STEP_ACTIONS),
        option,
        inputs,
    )
    st.done()
    return step


def _read_step_inputs(st: Reader, check: CheckSpec | None) -> tuple[tuple[str, InputValue], ...]:
    """``inputs = { NAME = VALUE }``: values of the step's check's inputs set when the check
    is made at this step, each an input the players give (not one a card or the log fills),
    with a value that fits it."""
    raw = st.table("inputs", None)
    if raw is None:
        return ()
    out: list[tuple[str, InputValue]] = []
    for name in raw.data:
        value = raw.raw(name)
        if check is None:
            raw.report(name, 'only a step that names its check (check = "ID") sets inputs')
            continue
        spec = check.input(name)
        if spec is None:
            known = ", ".join(i.name for i in check.inputs)
            raw.report(name, f"check '{check.id}' has no input '{name}' (inputs: {known})")
            continue
        if (spec.from_unit or spec.from_log or spec.from_card) is not None:
            raw.report(name, f"'{name}' is filled from the card or the log, not by a step")
            continue
        fits = (
            (spec.type == "int" and isinstance(value, int) and not isinstance(value, bool))
            or (spec.type == "bool" and isinstance(value, bool))
            or (spec.type == "choice" and value in spec.choices)
        )
        if spec.type == "int" and fits:
            low, high = spec.minimum, spec.maximum
            fits = (low is None or value >= low) and (high is None or value <= high)
        if not fits:
            hint = f" (one of {', '.join(spec.choices)})" if spec.type == "choice" else ""
            raw.report(name, f"{value!r} does not fit the {spec.type} input '{name}'{hint}")
            continue
        out.append((name, value))
    return tuple(out)


def _read_phase(
    p: Reader, check_ids: set[str], option_ids: set[str], checks: Mapping[str, CheckSpec]
) -> Phase:
    steps: list[Step] = []
    for st in p.array("steps"):
        with st.guard():
            steps.append(_read_step(st, check_ids, option_ids, checks))
    _unique(p, "steps", [s.id for s in steps], "step")
    for index, step in enumerate(steps):
        earlier = [s.id for s in steps[: index + 1]]
        if step.again is not None and step.again not in earlier:
            p.report(
                f"steps.{index}.again",
                f"'again' names a step the walk goes back to: '{step.again}' is not this step "
                f"or an earlier one of the phase (earlier: {', '.join(earlier)})",
            )
        target = next((s for s in steps if s.id == step.again), None)
        if target is not None and target.option not in (None, step.option):
            p.report(
                f"steps.{index}.again",
                f"'again' goes back to '{target.id}', a step of the optional rule "
                f"'{target.option}', which may be off: go back to a step every game has",
            )
        if step.does is not None and step.option is not None:
            p.report(f"steps.{index}.option", f"a step that does '{step.does}' cannot be optional")
    option = p.text("option", None)
    if option is not None and option not in option_ids:
        p.report("option", f"no optional rule '{option}' (rules: {_known(option_ids)})")
    phase = Phase(
        p.text("id"),
        p.text("title"),
        tuple(steps),
        p.text("source", ""),
        p.text("note", ""),
        option,
        p.text("repeat", None, choices=PHASE_REPEATS),
        p.text("acts", None, choices=PHASE_ACTORS),
        p.text("cards", None, choices=PHASE_CARDS),
    )
    p.done()
    return phase


def read_sequence(
    r: Reader,
    check_ids: set[str],
    option_ids: set[str],
    checks: Mapping[str, CheckSpec] | None = None,
) -> Sequence | None:
    """The ``[sequence]`` table, checked (None when the ruleset has none); a step's
    ``inputs`` are checked against its check's inputs in ``checks``."""
    seq = r.table("sequence", None)
    if seq is None:
        return None
    phases: list[Phase] = []
    for p in seq.array("phases"):
        with p.guard():
            phases.append(_read_phase(p, check_ids, option_ids, checks or {}))
    _unique(seq, "phases", [p.id for p in phases], "phase")
    sequence = Sequence(
        seq.text("activation", choices=ACTIVATIONS),
        tuple(phases),
        seq.text("source", ""),
        seq.text("note", ""),
    )
    seq.done()
    _check_repeats(seq, sequence)
    return sequence


def _check_repeats(seq: Reader, sequence: Sequence) -> None:
    """Card runs need a card deck and a drawing step; side passes need sides that take turns."""
    phases = sequence.phases
    card = [i for i, p in enumerate(phases) if p.repeat == "card"]
    for i, phase in enumerate(phases):
        key = f"phases.{i}"
        if phase.repeat == "card" and sequence.activation != "cards":
            seq.report(f"{key}.repeat", 'a phase repeated per card needs activation = "cards"')
        if phase.cards is not None and phase.repeat != "card":
            seq.report(f"{key}.cards", 'only a phase repeated per card (repeat = "card") is '
                       "walked for one kind of card")  # fmt: skip
        if phase.cards is not None and card and i == card[0]:
            seq.report(f"{key}.cards", "the run's first phase draws every card: it cannot be "
                       "walked for one kind only")  # fmt: skip
        if phase.repeat == "side" and sequence.activation not in ("initiative", "alternate"):
            seq.report(
                f"{key}.repeat",
                "a phase repeated per side needs sides that take turns "
                '(activation = "initiative" or "alternate")',
            )
        if phase.acts == "card" and phase.repeat != "card":
            seq.report(f"{key}.acts", "the card's units act only in a phase repeated per card")
        if phase.acts == "side" and phase.repeat != "side":
            seq.report(f"{key}.acts", "one side at a time acts only in a phase repeated per side")
        for j, step in enumerate(phase.steps):
            if step.does == "draw_card" and (phase.repeat != "card" or card[:1] != [i]):
                seq.report(
                    f"{key}.steps.{j}.does",
                    "a card is drawn in the first phase of the run repeated per card",
                )
    if card:
        if card != list(range(card[0], card[-1] + 1)):
            seq.report("phases", "the phases repeated per card must follow one another")
        if not any(s.does == "draw_card" for s in phases[card[0]].steps):
            seq.report(
                f"phases.{card[0]}.steps",
                'the first phase repeated per card needs a step with does = "draw_card"',
            )


def link_check_phases(
    r: Reader, checks: list[CheckSpec], sequence: Sequence | None, raw: dict[str, object]
) -> list[CheckSpec]:
    """Each check's phases: those it names (``phase = "ID"`` or a list), then those of the
    steps that open it (``check = "ID"`` in a step), checked against the sequence.

    A ruleset with phases needs every check to be in at least one, so that the app can offer
    it where it belongs (a check no step opens must name its phases itself).
    """
    phases = sequence.phases if sequence is not None else ()
    ids = [p.id for p in phases]
    opened: dict[str, list[str]] = {}
    for phase in phases:
        for step in phase.steps:
            if step.check is not None and phase.id not in opened.setdefault(step.check, []):
                opened[step.check].append(phase.id)
    out: list[CheckSpec] = []
    for check in checks:
        key = f"checks.{check.id}.phase"
        value = raw.get(check.id)
        named: tuple[str, ...]
        if value is None:
            named = ()
        elif isinstance(value, str):
            named = (value,)
        elif isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            named = tuple(value)
        else:
            r.report(key, f"expected a phase id or a list of them, got {value!r}")
            named = ()
        for phase_id in named:
            if phase_id not in ids:
                r.report(key, f"no phase '{phase_id}' in the sequence (phases: {_known(ids)})")
        every = [p for p in named if p in ids]
        every += [p for p in opened.get(check.id, ()) if p not in every]
        if ids and not every:
            r.report(
                f"checks.{check.id}",
                f"check '{check.id}' is in no phase: no step opens it and it names none; add "
                f'phase = "ID" (or a list) from the sequence (phases: {", ".join(ids)})',
            )
        places = [(f"checks.{check.id}.refuse", check.refusals)]
        places += [
            (f"checks.{check.id}.modifiers.{m.id}.refuse", m.refusals) for m in check.modifiers
        ]
        for where, rules in places:
            for index, rule in enumerate(rules):  # reported at the entry's own line
                for phase_id in rule.phases:
                    if phase_id not in ids:
                        r.report(
                            f"{where}.{index}.phase",
                            f"a refusal names no phase '{phase_id}' of the sequence "
                            f"(phases: {_known(ids)})",
                        )
        out.append(replace(check, phase=every[0] if every else None, phases=tuple(every)))
    return out
